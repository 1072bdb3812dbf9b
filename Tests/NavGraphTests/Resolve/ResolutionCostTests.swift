import NavGraphExtract
import NavGraphKit
import NavGraphPresent
import NavGraphModel
@testable import NavGraphResolve
import XCTest

/// Shapes of real apps that made resolution run away, each reproduced small, with the bound its cost
/// must stay within, counted in statements run (`Interpreter.evaluationSteps`), never in seconds.
final class ResolutionCostTests: XCTestCase {
    static let coordinator = """
    final class MainCoordinator: Coordinator {
        let navigationController: UINavigationController
        init(navigationController: UINavigationController) { self.navigationController = navigationController }
        func start() { navigationController.pushViewController(HomeViewController(), animated: false) }
    }
    """

    /// A screen whose pushed screen comes through `depth` computed properties, each reading the next
    /// twice (`flag ? next : next`). Run on every read, the getters ran 2^depth times: two apps of the
    /// field corpus (SwiftUI `body` parts and view-model properties built from others) never finished.
    static func nestedGettersApp(depth: Int) -> [String: String] {
        var getters = ""
        for i in 0..<depth {
            getters += "    var part\(i): UIViewController { flag ? part\(i + 1) : part\(i + 1) }\n"
        }
        getters += "    var part\(depth): UIViewController { DetailViewController() }\n"
        return ["App.swift": sceneApp(ResolutionCostTests.coordinator) + """

        final class HomeViewController: UIViewController {
            var flag = false
        \(getters)
            func tapped() { navigationController?.pushViewController(part0, animated: true) }
        }
        final class DetailViewController: UIViewController {}
        """]
    }

    func testNestedGettersRunOncePerContext() throws {
        let depth = 24
        let interpreter = resolveSources(ResolutionCostTests.nestedGettersApp(depth: depth))
        // Each getter runs once per round (a statement each); the rest of the app is a few dozen
        // statements. Run on every read, this was 2^24 getter runs.
        XCTAssertLessThan(interpreter.evaluationSteps, 40 * interpreter.roundsRun + 4 * depth * interpreter.roundsRun)
        let report = try analyzeSources(ResolutionCostTests.nestedGettersApp(depth: depth))
        let pushes = report.graph.edges.filter { $0.from == "screen:HomeViewController" }
        XCTAssertEqual(pushes.map { "\($0.kind.rawValue) \($0.to) \($0.mechanism ?? "")" }, ["shows screen:DetailViewController push"],
                       graphListing(report))
        XCTAssertTrue(report.graph.node("screen:DetailViewController")?.reachable ?? false, graphListing(report))
    }

    func testAGetterReadingItselfGetsNothingAndEnds() throws {
        let app = ["App.swift": sceneApp(ResolutionCostTests.coordinator) + """

        final class HomeViewController: UIViewController {
            var flag = false
            var looping: UIViewController { flag ? looping : DetailViewController() }
            func tapped() { navigationController?.pushViewController(looping, animated: true) }
        }
        final class DetailViewController: UIViewController {}
        """]
        let interpreter = resolveSources(app)
        XCTAssertLessThan(interpreter.evaluationSteps, 200)
        let report = try analyzeSources(app)
        XCTAssertTrue(report.graph.node("screen:DetailViewController")?.reachable ?? false, graphListing(report))
    }

    /// A helper wraps each completion it is given in a closure of its own (`queue.async { completion() }`)
    /// and one screen calls it twice. The wrapper made in the same context with another completion was one
    /// closure whose captured completions grew after it ran, so every round went stale: woocommerce's
    /// storage and network layers took 6 rounds, each running the whole app.
    func testAClosureCapturingAnotherValueIsAnotherClosure() throws {
        let app = ["App.swift": sceneApp(ResolutionCostTests.coordinator) + """

        final class Loader {
            func load(_ completion: @escaping () -> Void) {
                DispatchQueue.main.async { completion() }
            }
        }
        final class HomeViewController: UIViewController {
            let loader = Loader()
            override func viewDidLoad() {
                super.viewDidLoad()
                loader.load { self.first() }
                loader.load { self.second() }
            }
            func first() {}
            func second() { navigationController?.pushViewController(DetailViewController(), animated: true) }
        }
        final class DetailViewController: UIViewController {}
        """]
        let interpreter = resolveSources(app)
        XCTAssertEqual(interpreter.roundsRun, 1)
        let report = try analyzeSources(app)
        XCTAssertEqual(report.graph.edges.filter { $0.from == "screen:HomeViewController" }.map { "\($0.kind.rawValue) \($0.to)" },
                       ["shows screen:DetailViewController"], graphListing(report))
        XCTAssertTrue(report.graph.node("screen:DetailViewController")?.reachable ?? false, graphListing(report))
    }

    /// A method that calls itself again with the closure it was given wrapped in a new one (duckduckgo's
    /// autofill prompt re-presents itself expanded, wrapping its selection handler each time). Each call
    /// was a new context, to the call depth's limit; across rounds the wrappers grew without end and
    /// duckduckgo ran all 8 rounds. A wrapper of a wrapper of the same literal is that wrapper.
    func testAWrapperOfAWrapperOfTheSameLiteralIsTheSameClosure() throws {
        let app = ["App.swift": sceneApp(ResolutionCostTests.coordinator) + """

        final class HomeViewController: UIViewController {
            var expanded = false
            override func viewDidLoad() {
                super.viewDidLoad()
                showPicker(onPick: { _ in self.picked() })
            }
            func picked() { navigationController?.pushViewController(DetailViewController(), animated: true) }
            func showPicker(onPick: @escaping (String?) -> Void) {
                let wrapped: (String?) -> Void = { value in onPick(value) }
                if expanded { showPicker(onPick: wrapped) }
                wrapped(nil)
            }
        }
        final class DetailViewController: UIViewController {}
        """]
        let interpreter = resolveSources(app)
        // A run with the app's closure and one with the wrapper (called with the wrapper again, that call
        // is the one running: recursion), in each pass that runs the screen. Before: 95 runs, one per
        // level of wrapping up to the call depth's limit.
        let runs = interpreter.costliestFunctions(10).first { $0.function == "HomeViewController.showPicker(onPick:)" }?.runs ?? 0
        XCTAssertGreaterThan(runs, 0)
        XCTAssertLessThanOrEqual(runs, 4)
        let report = try analyzeSources(app)
        XCTAssertTrue(report.graph.node("screen:DetailViewController")?.reachable ?? false, graphListing(report))
    }
}

/// Resolution out of its step budget: the graph is what was found, a diagnostic says where it stopped,
/// and no finding claims that something is missing.
final class StepBudgetTests: XCTestCase {
    static let app = ["App.swift": sceneApp(ResolutionCostTests.coordinator) + """

    final class HomeViewController: UIViewController {
        // navgraph:disable:next unhandled-action - kept for a later release
        func tapped() { navigationController?.pushViewController(DetailViewController(), animated: true) }
    }
    final class DetailViewController: UIViewController {}
    final class LegacyViewController: UIViewController {}
    """]

    func analyzeApp(stepsPerStatement: Int, minimumSteps: Int) throws -> AnalysisReport {
        var options = AnalysisOptions(path: "App")
        options.cacheLocation = nil
        options.budget.stepsPerStatement = stepsPerStatement
        options.budget.minimumSteps = minimumSteps
        return try Pipeline.analyze(sources: StepBudgetTests.app, options: options).report
    }

    func testWithinTheBudgetEveryRuleRuns() throws {
        let report = try analyzeApp(stepsPerStatement: 400, minimumSteps: 2_000_000)
        XCTAssertEqual(report.diagnostics.filter { $0.code != nil }, [])
        XCTAssertEqual(report.findings.map { "\($0.rule) \($0.symbol)" }.sorted(),
                       ["unreachable-screen LegacyViewController", "unused-suppression App.swift:16"], report.findings.map(\.message).joined(separator: "\n"))
    }

    func testOutOfBudgetTheGraphIsPartialAndNothingIsCalledMissing() throws {
        let report = try analyzeApp(stepsPerStatement: 0, minimumSteps: 3)
        let stops = report.diagnostics.filter { $0.code == Diagnostic.resolveBudgetCode }
        XCTAssertEqual(stops.count, 1)
        XCTAssertEqual(stops.first?.file, "App.swift")
        XCTAssertNotNil(stops.first?.line)
        XCTAssertTrue(stops.first?.message.hasPrefix("resolution stopped after 3 steps (0 per statement of the app's code) while running ") ?? false,
                      stops.first?.message ?? "")
        // The scene delegate started the coordinator before the budget ran out; Home is not shown.
        XCTAssertFalse(report.graph.node("screen:HomeViewController")?.reachable ?? true, graphListing(report))
        // Nothing says LegacyViewController (or Home) is unreachable, nor that the comment is unused.
        XCTAssertEqual(report.findings.map(\.rule), [])
    }

    func testRoundsEndingStaleAreAnExhaustedBudgetToo() throws {
        // `start` reads `shown` before Home's action appends to it: a second round is needed.
        let app = ["App.swift": homeDetailApp(members: """
            var shown: [UIViewController] = []
            func showDetail() { shown.append(DetailViewController()) }
            """, beforeHome: "for s in shown { navigationController.pushViewController(s, animated: false) }") + """

        final class LegacyViewController: UIViewController {}
        """]
        var options = AnalysisOptions(path: "App")
        options.cacheLocation = nil
        options.budget.maximumRounds = 1
        let cut = try Pipeline.analyze(sources: app, options: options).report
        let stops = cut.diagnostics.filter { $0.code == Diagnostic.resolveBudgetCode }
        XCTAssertEqual(stops.map(\.message), ["resolution stopped after 1 round without reaching a fixpoint (the last round read heap MainCoordinator.shown before it changed); what it had not followed is unknown, so no finding says that something is unreachable, dead or unhandled"])
        XCTAssertEqual(cut.findings.map(\.rule), [])
        options.budget.maximumRounds = 8
        let whole = try Pipeline.analyze(sources: app, options: options).report
        XCTAssertEqual(whole.diagnostics.filter { $0.code != nil }, [])
        XCTAssertEqual(whole.findings.map { "\($0.rule) \($0.symbol)" }, ["unreachable-screen LegacyViewController"])
    }
}
