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

    func testAScreenRunsAfterTheMethodThatShowedItReturns() {
        // `start` sets `onDone` after the push, as apps do. The screen runs once `start` has returned (as in
        // UIKit), so its tap already sees the closure: one round, and the closure's push is found.
        let interpreter = resolveSources([
            "App.swift": sceneApp("""
                final class MainCoordinator: Coordinator {
                    let navigationController: UINavigationController
                    init(navigationController: UINavigationController) { self.navigationController = navigationController }
                    func start() {
                        let vc = HomeViewController()
                        navigationController.pushViewController(vc, animated: false)
                        vc.onDone = { [weak self] in self?.showDetail() }
                    }
                    func showDetail() { navigationController.pushViewController(DetailViewController(), animated: true) }
                }
                final class HomeViewController: UIViewController {
                    var onDone: (() -> Void)?
                    @objc func tapped() { onDone?() }
                }
                final class DetailViewController: UIViewController {}
                """),
        ])
        XCTAssertEqual(interpreter.roundsRun, 1)
        XCTAssertTrue(interpreter.edges.contains {
            $0.from == "coordinator:MainCoordinator" && $0.to == "screen:DetailViewController" && $0.reachable && $0.line == 18
        })
    }

    func testEveryArmOfARouteSwitchRunsBeforeTheScreensItShows() {
        // Each arm gives its screen an `onClose`; arm `.second` runs (unreachably) inside `show(.first)` too,
        // after arm `.first` has shown First. Screens run after the switch, so Second, shown by First, sees
        // both closures the first time it runs.
        let interpreter = resolveSources([
            "App.swift": sceneApp("""
                final class MainCoordinator: Coordinator {
                    enum Route { case first, second }
                    let navigationController: UINavigationController
                    init(navigationController: UINavigationController) { self.navigationController = navigationController }
                    func start() { show(.first) }
                    func show(_ route: Route) {
                        switch route {
                        case .first:
                            let vc = FirstViewController()
                            vc.coordinator = self
                            navigationController.pushViewController(vc, animated: true)
                        case .second:
                            let vc = SecondViewController()
                            vc.onClose = { [weak self] in self?.navigationController.popViewController(animated: true) }
                            navigationController.pushViewController(vc, animated: true)
                        }
                    }
                }
                final class FirstViewController: UIViewController {
                    weak var coordinator: MainCoordinator?
                    @objc func next() { coordinator?.show(.second) }
                }
                final class SecondViewController: UIViewController {
                    var onClose: (() -> Void)?
                    @objc func close() { onClose?() }
                }
                """),
        ])
        XCTAssertEqual(interpreter.roundsRun, 1)
        XCTAssertEqual(interpreter.edges.filter { $0.to == "screen:SecondViewController" }.map { "\($0.from) \($0.line) \($0.reachable)" }.sorted(),
                       ["coordinator:MainCoordinator 24 false", "coordinator:MainCoordinator 24 true"])
        XCTAssertTrue(interpreter.sends.contains { $0.sender.name == "SecondViewController" && $0.action == "SecondViewController.onClose" && $0.reachable })
    }
}
