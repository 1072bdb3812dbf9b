import Foundation
import NavGraphCheck
import NavGraphKit
import NavGraphModel
import NavGraphPresent
import XCTest

final class LintTests: XCTestCase {
    // MARK: - Suppressions

    static let app = """
    \(RuleExample.coordinatorProtocol)
    @main class AppDelegate: UIResponder, UIApplicationDelegate {
        let coordinator = MainCoordinator(navigationController: UINavigationController())
        func application() { coordinator.start() }
    }
    final class MainCoordinator: Coordinator {
        var childCoordinators: [Coordinator] = []
        var navigationController: UINavigationController
        init(navigationController: UINavigationController) { self.navigationController = navigationController }
        func start() { navigationController.pushViewController(HomeViewController(), animated: false) }
    }
    final class HomeViewController: UIViewController {}
    """

    func testSuppressionScopes() throws {
        let report = try analyzeSources(["App.swift": Self.app, "Legacy.swift": """
        // navgraph:disable:next unreachable-screen - kept for the spring campaign
        final class PromoViewController: UIViewController {}
        final class OldViewController: UIViewController {} // navgraph:disable:this unreachable-screen
        // navgraph:disable unreachable-screen
        final class AViewController: UIViewController {}
        // navgraph:enable unreachable-screen
        final class BViewController: UIViewController {}
        // navgraph:disable:next dead-route
        final class CViewController: UIViewController {}
        """])
        XCTAssertEqual(findingList(report), [
            "unreachable-screen BViewController @Legacy.swift:7",
            "unreachable-screen CViewController @Legacy.swift:9",
            "unused-suppression Legacy.swift:8 @Legacy.swift:8",
        ])
    }

    /// Files saved with Windows ("\r\n") or classic Mac ("\r") line ends: the same suppressions, on the
    /// same lines, and no unused-suppression at line 1.
    func testSuppressionsInFilesWithCRLFAndCRLineEnds() throws {
        let legacy = [
            "// navgraph:disable:next unreachable-screen - kept for the spring campaign",
            "final class PromoViewController: UIViewController {}",
            "final class OldViewController: UIViewController {} // navgraph:disable:this unreachable-screen",
            "final class BViewController: UIViewController {}",
            "",
        ]
        for end in ["\r\n", "\r"] {
            let report = try analyzeSources(["App.swift": Self.app, "Legacy.swift": legacy.joined(separator: end)])
            XCTAssertEqual(findingList(report), ["unreachable-screen BViewController @Legacy.swift:4"], end.debugDescription)
        }
    }

    // MARK: - Configuration

    func config(_ yaml: String) throws -> Configuration { try ConfigurationLoader.parse(yaml, file: ".navgraph.yml") }

    func testConfigurationErrorsNameTheKeyAndLine() {
        func error(_ yaml: String) -> String {
            do { _ = try config(yaml); return "no error" } catch { return "\(error)" }
        }
        XCTAssertEqual(error("excluded: [Legacy]\nexlcuded: [Old]\n"),
                       ".navgraph.yml:2: error: unknown key 'exlcuded' (known keys: included, excluded, include_tests, roots, coordinator_types, screen_types, router_types, disabled_rules, rules, baseline, strict, reporters)")
        XCTAssertEqual(error("include_tests: maybe\n"), ".navgraph.yml:1: error: 'include_tests' must be true or false")
        XCTAssertEqual(error("roots:\n  key: value\n"), ".navgraph.yml:1: error: 'roots' must be a list of strings")
        XCTAssertEqual(error("rules:\n  dead-route:\n    severity: fatal\n"), ".navgraph.yml:3: error: severity of 'dead-route' must be note, warning, error or off")
        XCTAssertEqual(error("rules:\n  dead-routes: error\n"), ".navgraph.yml:2: error: unknown rule 'dead-routes' in 'rules' (see `navgraph rules`)")
        XCTAssertEqual(error("rules:\n  dead-route:\n    severty: error\n"), ".navgraph.yml:3: error: unknown key 'severty' for rule 'dead-route' (known: severity, ignore)")
        XCTAssertTrue(error("roots: [a, b\n").hasPrefix(".navgraph.yml:2: error: not valid YAML"), error("roots: [a, b\n"))
    }

    func testConfigurationChangesSeverityDisablesIgnoresExcludesAndAddsRoots() throws {
        let dir = try temporaryApp([
            "App.swift": Self.app,
            "Legacy/Old.swift": "final class OldViewController: UIViewController {}\n",
            "Promo.swift": "final class PromoViewController: UIViewController {}\nfinal class SpringPromoViewController: UIViewController {}\n",
            "Widget.swift": "final class WidgetHost: UIResponder { func boot() { let c = WidgetCoordinator(); c.start() } }\nfinal class WidgetCoordinator: Coordinator { var childCoordinators: [Coordinator] = []; var navigationController = UINavigationController(); func start() { navigationController.pushViewController(WidgetViewController(), animated: false) } }\nfinal class WidgetViewController: UIViewController {}\n",
            ".navgraph.yml": """
            excluded: [Legacy]
            roots: [WidgetHost]
            rules:
              unreachable-screen:
                severity: error
                ignore: ["Spring*"]
            """,
        ])
        defer { try? FileManager.default.removeItem(at: dir) }
        let config = try ConfigurationLoader.load(Configuration.find(from: dir.path)!)
        let report = try analyze(dir) { $0.configuration = config }.report
        XCTAssertEqual(report.findings.map { "\($0.rule) \($0.severity.rawValue) \($0.symbol)" }, ["unreachable-screen error PromoViewController"])
        XCTAssertTrue(report.graph.roots.contains("app:WidgetHost"))
        XCTAssertEqual(report.graph.node("coordinator:WidgetCoordinator")?.reachable, true)

        var disabled = config
        disabled.disabledRules = ["unreachable-screen"]
        XCTAssertEqual(try analyze(dir) { $0.configuration = disabled }.report.findings.map(\.rule), [])
    }

    // MARK: - Baseline

    func testBaselineRoundTripIgnoresLineMovesAndListsStaleEntries() throws {
        let report = try analyzeSample("hackingwithswift/RecipeBox")
        let baseline = try Baseline.decode(Baseline(findings: report.findings).encoded())
        XCTAssertEqual(baseline.entries.count, report.findings.count)
        XCTAssertEqual(baseline.compare(report.findings).new.map(\.message), [])

        // A line inserted above every finding does not break the baseline.
        let moved = report.findings.map { f -> Finding in var f = f; f.line += 3; return f }
        let c1 = baseline.compare(moved)
        XCTAssertEqual(c1.new.count, 0)
        XCTAssertEqual(c1.baselined, report.findings.count)

        // A fixed finding leaves a stale entry; a new one is reported.
        var changed = Array(report.findings.dropFirst())
        changed.append(Finding(rule: "dead-route", severity: .warning, symbol: "MainCoordinator.showNews()", message: "new",
                               location: SourceLocation(file: "Coordinators/MainCoordinator.swift", line: 90)))
        let c2 = baseline.compare(changed)
        XCTAssertEqual(c2.new.map(\.symbol), ["MainCoordinator.showNews()"])
        XCTAssertEqual(c2.stale, [Baseline.Entry(report.findings[0])])
    }

    func testBaselineFromTheCommandLine() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: Repo.binary.path))
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("navgraph-baseline-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: base) }
        let sample = Repo.sample("hackingwithswift/RecipeBox").path
        let write = try runNavgraph(["lint", sample, "--write-baseline", base.path])
        XCTAssertEqual(write.status, 0, write.stderr)
        XCTAssertTrue(write.stderr.hasSuffix("wrote \(base.path) (8 findings)\n"), write.stderr)
        let lint = try runNavgraph(["lint", sample, "--baseline", base.path, "--strict"])
        XCTAssertEqual(lint.status, 0, lint.stdout + lint.stderr)
        XCTAssertTrue(lint.stderr.contains("navgraph: 27 files, 0 errors, 0 warnings; baseline: 8 hidden, 0 stale, +0 since the baseline (8 → 8)"), lint.stderr)
        let failing = try runNavgraph(["lint", sample])
        XCTAssertEqual(failing.status, 1)
    }

    func testExitCodesAreTheSameForEveryReporter() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: Repo.binary.path))
        for reporter in ReporterRegistry.all.map({ $0.id }) {
            let r = try runNavgraph(["lint", Repo.sample("hackingwithswift/RecipeBox").path, "--reporter", reporter])
            XCTAssertEqual(r.status, 1, reporter)
        }
        let clean = try temporaryApp(["App.swift": Self.app])
        defer { try? FileManager.default.removeItem(at: clean) }
        for reporter in ReporterRegistry.all.map({ $0.id }) {
            XCTAssertEqual(try runNavgraph(["lint", clean.path, "--reporter", reporter]).status, 0, reporter)
        }
        XCTAssertEqual(try runNavgraph(["lint", clean.path, "--reporter", "pdf"]).status, 64)
        let badConfig = try temporaryApp(["App.swift": Self.app, ".navgraph.yml": "exclude: [x]\n"])
        defer { try? FileManager.default.removeItem(at: badConfig) }
        let r = try runNavgraph(["lint", badConfig.path])
        XCTAssertEqual(r.status, 64)
        XCTAssertTrue(r.stderr.contains(".navgraph.yml:1: error: unknown key 'exclude'"), r.stderr)
    }
}
