import Foundation
import NavGraphExtract
import NavGraphKit
import NavGraphModel
import NavGraphPresent
@testable import NavGraphResolve
import XCTest

/// A route method (`navigate(to:)`) is called once per route, and each call runs the other arms of its
/// `switch` as unreachable code. An arm already run unreachable in the same context is replayed instead
/// (`Interpreter.runDeadArm`): that may change no result, and keeps the arms run linear in the routes.
final class DeadArmReplayTests: XCTestCase {
    func testReplayingDeadArmsChangesNoSampleResult() throws {
        for sample in Repo.samples {
            let replayed = try analyze(Repo.sample(sample)) { $0.cacheLocation = nil }.report
            let run = try analyze(Repo.sample(sample)) { $0.cacheLocation = nil; $0.replayDeadArms = false }.report
            XCTAssertEqual(JSONRenderer.render(replayed), JSONRenderer.render(run), sample)
        }
    }

    /// `MainCoordinator` with `routes` routes; the screen of each route navigates to the next one, so
    /// `navigate(to:)` is called once per route. `arm` is the code of each arm after the push.
    static func routesApp(_ routes: Int, arm: String = "") -> [String: String] {
        var files: [String: String] = [:]
        let cases = (0..<routes).map { "case screen\($0)" }.joined(separator: "; ")
        let arms = (0..<routes).map { i in
            """
                    case .screen\(i):
                        let vc = Screen\(i)ViewController()
                        vc.coordinator = self
                        navigationController.pushViewController(vc, animated: true)
            \(arm)
            """
        }.joined(separator: "\n")
        files["App.swift"] = sceneApp("""
        final class MainCoordinator: Coordinator {
            enum Destination { \(cases) }
            let navigationController: UINavigationController
            init(navigationController: UINavigationController) { self.navigationController = navigationController }
            func start() { navigate(to: .screen0) }
            @discardableResult func navigate(to destination: Destination) -> UIViewController? {
                var shown: UIViewController?
                switch destination {
        \(arms)
                }
                return shown
            }
        }
        enum ScreenLog { static func record(_ destination: MainCoordinator.Destination) {} }
        """)
        for i in 0..<routes {
            let next = i + 1 < routes ? "coordinator?.navigate(to: .screen\(i + 1))" : ""
            files["Screen\(i).swift"] = """
            import UIKit
            final class Screen\(i)ViewController: UIViewController {
                weak var coordinator: MainCoordinator?
                @objc func nextTapped() { \(next) }
            }
            """
        }
        return files
    }

    func resolve(_ files: [String: String], replaying: Bool) -> Resolver.Result {
        let facts = files.sorted { $0.key < $1.key }.map { Extractor.extract(path: $0.key, source: $0.value) }
        var options = ResolveOptions()
        options.replayDeadArms = replaying
        return Resolver.resolve(facts, options: options)
    }

    func testEachUnreachableArmRunsOncePerContext() throws {
        let routes = 30
        let app = DeadArmReplayTests.routesApp(routes)
        let run = resolve(app, replaying: false).interpreter
        let replayed = resolve(app, replaying: true).interpreter
        XCTAssertEqual(run.roundsRun, 1)
        XCTAssertEqual(replayed.roundsRun, 1)
        // Each of the 30 calls meets the 29 other arms: run every time, that is 870 arms.
        XCTAssertEqual(run.deadArmsRun, routes * (routes - 1))
        XCTAssertEqual(run.deadArmsReplayed, 0)
        // Replaying, each arm runs the first time it is met unreachable, and is replayed afterwards.
        XCTAssertEqual(replayed.deadArmsRun + replayed.deadArmsReplayed, routes * (routes - 1))
        XCTAssertEqual(replayed.deadArmsRun, routes)
        // The same graph: every route, screen and edge, reachable or not (`analyzeSources` compares too).
        let report = try analyzeSources(app)
        XCTAssertEqual(report.graph.nodes.filter { $0.kind == .screen }.map(\.name).sorted(),
                       (0..<routes).map { "Screen\($0)ViewController" }.sorted())
        XCTAssertEqual(report.graph.nodes.filter { $0.kind == .route }.map(\.name).sorted(),
                       (0..<routes).map { "MainCoordinator.Destination.screen\($0)" }.sorted())
        XCTAssertTrue(report.graph.nodes.allSatisfy(\.reachable), graphListing(report))
    }

    /// With `arm` after each arm's push, every dead arm of every call runs (none is replayed), and the
    /// report is the same as with every arm run (`analyzeSources`).
    func assertEveryDeadArmRuns(arm: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let routes = 6
        let app = DeadArmReplayTests.routesApp(routes, arm: arm)
        let replayed = resolve(app, replaying: true).interpreter
        XCTAssertEqual(replayed.deadArmsRun, routes * (routes - 1), file: file, line: line)
        XCTAssertEqual(replayed.deadArmsReplayed, 0, file: file, line: line)
        _ = try analyzeSources(app, file: file, line: line)
    }

    func testAnArmThatHandsAValueBackRunsEveryTime() throws {
        // `shown = vc` gives the function's local a value (which it returns): the arm runs each time.
        try assertEveryDeadArmRuns(arm: "                shown = vc")
    }

    func testAnArmReadingTheSubjectIsKeyedByItsValue() throws {
        // The arm names `destination`: calls with another route are another context, so each call runs it.
        try assertEveryDeadArmRuns(arm: "                ScreenLog.record(destination)")
    }

    /// Two instances of a helper class run the same switch from one closure: an arm one instance ran
    /// unreachable is not replayed for the other, whose own property it writes (`pending`), read later by
    /// reachable code (`second.flush()` pushes it).
    func testADeadArmIsKeyedByTheHelperInstanceItRunsIn() throws {
        let app = sceneApp("""
        enum Step { case list, detail }
        final class Pager {
            let nav: UINavigationController
            var pending: UIViewController?
            init(nav: UINavigationController) { self.nav = nav }
            func go(_ step: Step) {
                switch step {
                case .list: nav.pushViewController(ListViewController(), animated: true)
                case .detail: pending = DetailViewController()
                }
            }
            func flush() { if let p = pending { nav.pushViewController(p, animated: true) } }
        }
        final class MainCoordinator: Coordinator {
            let navigationController: UINavigationController
            init(navigationController: UINavigationController) { self.navigationController = navigationController }
            func start() {
                let first = Pager(nav: navigationController)
                let second = Pager(nav: navigationController)
                [first, second].forEach { $0.go(.list) }
                second.flush()
            }
        }
        final class ListViewController: UIViewController {}
        final class DetailViewController: UIViewController {}
        """)
        let report = try analyzeSources(["App.swift": app])
        let go = "App.swift:\(lineOf("[first, second].forEach", app))"
        XCTAssertEqual(edgeList(report).sorted(), [
            "app:SceneDelegate -starts-> coordinator:MainCoordinator [start()] @App.swift:\(lineOf("coordinator?.start()", app))",
            "coordinator:MainCoordinator -shows-> screen:DetailViewController [push] @App.swift:\(lineOf("second.flush()", app))",
            "coordinator:MainCoordinator -shows-> screen:ListViewController [push] @\(go)",
            "route:Step.list -route-> screen:ListViewController [push] @\(go)",
        ])
    }
}
