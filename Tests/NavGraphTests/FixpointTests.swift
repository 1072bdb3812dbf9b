import NavGraphExtract
import NavGraphKit
import NavGraphModel
import NavGraphPresent
import NavGraphResolve
import XCTest

/// Instantiation skips the round that would only confirm the fixpoint when nothing a round read grew after
/// it was read (`RoundReads`). These tests check that the skip never changes a result, and that it happens.
final class FixpointTests: XCTestCase {
    func testSkippingTheConfirmingRoundChangesNoSampleResult() throws {
        for sample in Repo.samples {
            let fast = try analyze(Repo.sample(sample)) { $0.cacheLocation = nil }.report
            let confirmed = try analyze(Repo.sample(sample)) { $0.cacheLocation = nil; $0.confirmFixpoint = true }.report
            XCTAssertEqual(JSONRenderer.render(fast), JSONRenderer.render(confirmed), sample)
            XCTAssertEqual(graphListing(fast), graphListing(confirmed), sample)
        }
    }

    func testAnAppWhoseReadsNeverGoStaleRunsOneRound() {
        let interpreter = resolveSources([
            "App.swift": homeDetailApp(members: "func showDetail() { navigationController.pushViewController(DetailViewController(), animated: true) }"),
        ])
        XCTAssertEqual(interpreter.roundsRun, 1)
        XCTAssertTrue(interpreter.edges.contains { $0.from == "coordinator:MainCoordinator" && $0.to == "screen:DetailViewController" })
    }

    func testAReadThatGrowsLaterRunsAnotherRound() {
        // `start` reads `shown` before Home's action appends to it: what round one read is not final, and
        // only the second round shows DetailViewController.
        let interpreter = resolveSources([
            "App.swift": homeDetailApp(members: """
                var shown: [UIViewController] = []
                func showDetail() { shown.append(DetailViewController()) }
                """, beforeHome: "for s in shown { navigationController.pushViewController(s, animated: false) }"),
        ])
        XCTAssertGreaterThan(interpreter.roundsRun, 1)
        XCTAssertTrue(interpreter.edges.contains { $0.from == "coordinator:MainCoordinator" && $0.to == "screen:DetailViewController" })
    }
}
