import NavGraphKit
import NavGraphModel
import XCTest

/// A screen or coordinator navgraph did not reach is reported unreachable only when no code that may run
/// names it. One that live code names (made through a framework navgraph does not read) is unknown: its
/// node says who names it (`namedBy`), and there is no finding.
final class NameLivenessTests: XCTestCase {
    func testOnlyWhatNoLiveCodeNamesIsUnreachable() throws {
        let report = try analyzeSources(["App.swift": sceneApp("""
            enum Sheet { case help, legal }
            final class MainCoordinator: Coordinator {
                let navigationController: UINavigationController
                init(navigationController: UINavigationController) { self.navigationController = navigationController }
                func start() {
                    navigationController.pushViewController(HomeViewController(), animated: false)
                    // A framework makes these: navgraph cannot tell which objects it returns.
                    let help = ScreenFactory.make(HelpViewController.self)
                    navigationController.present(help, animated: true)
                    ExternalScheduler.run(ReminderCoordinator.self)
                    open(.help)
                }
                func open(_ sheet: Sheet) {
                    switch sheet {
                    case .help: navigationController.present(UIViewController(), animated: true)
                    case .legal: navigationController.present(LegalViewController(), animated: true)
                    }
                }
                // Nothing calls it.
                func showStats() { navigationController.pushViewController(StatsViewController(), animated: true) }
            }
            final class ReminderCoordinator {
                let navigationController = UINavigationController()
                func start() { navigationController.pushViewController(ReminderViewController(), animated: false) }
            }
            // Nothing names it.
            final class LegacyFlow {
                func run(on nav: UINavigationController) { nav.pushViewController(ArchiveViewController(), animated: true) }
            }
            final class HomeViewController: UIViewController {}
            final class HelpViewController: UIViewController {}
            final class LegalViewController: UIViewController {}
            final class StatsViewController: UIViewController {}
            final class ReminderViewController: UIViewController {}
            final class ArchiveViewController: UIViewController {}
            final class OrphanViewController: UIViewController {}
            """)])
        XCTAssertEqual(report.graph.nodes.filter { !$0.reachable && ($0.kind == .screen || $0.kind == .coordinator) }
            .map { "\($0.id) \($0.attributes?["namedBy"] ?? "-")" }, [
            "coordinator:LegacyFlow -",
            "coordinator:ReminderCoordinator MainCoordinator.start",
            "screen:ArchiveViewController -",
            "screen:HelpViewController MainCoordinator.start",
            "screen:LegalViewController -",
            "screen:OrphanViewController -",
            "screen:ReminderViewController ReminderCoordinator.start",
            "screen:StatsViewController -",
        ])
        XCTAssertEqual(report.findings.filter { $0.rule.hasPrefix("unreachable") }.map { "\($0.rule) \($0.symbol) \($0.message)" }, [
            "unreachable-coordinator LegacyFlow coordinator 'LegacyFlow' is unreachable: nothing creates and starts it",
            // Only the arm of a case nothing builds shows it.
            "unreachable-screen LegalViewController screen 'LegalViewController' is unreachable: it is only shown from code no root reaches (MainCoordinator)",
            "unreachable-screen StatsViewController screen 'StatsViewController' is unreachable: it is only shown from code no root reaches (MainCoordinator)",
            "unreachable-screen ArchiveViewController screen 'ArchiveViewController' is unreachable: it is only shown from code no root reaches (LegacyFlow)",
            "unreachable-screen OrphanViewController screen 'OrphanViewController' is unreachable: no coordinator or screen ever shows it",
        ])
    }
}
