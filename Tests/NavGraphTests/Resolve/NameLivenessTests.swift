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
            "unreachable-coordinator LegacyFlow coordinator 'LegacyFlow' is unreachable because nothing creates and starts it",
            // Only the arm of a case nothing builds shows it.
            "unreachable-screen LegalViewController screen 'LegalViewController' is unreachable because it is only shown from code no root reaches (Sheet.legal)",
            "unreachable-screen StatsViewController screen 'StatsViewController' is unreachable because it is only shown from code no root reaches (MainCoordinator.showStats())",
            "unreachable-screen ArchiveViewController screen 'ArchiveViewController' is unreachable because it is only shown from code no root reaches (LegacyFlow.run(on:))",
            "unreachable-screen OrphanViewController screen 'OrphanViewController' is unreachable because no coordinator or screen ever shows it",
        ])
    }

    /// A route is dead only when no live code names it: a method handed to an object navgraph cannot follow,
    /// or a case a presenter it did not reach builds, is unknown. Cases of an enum whose values are made
    /// without naming them (`init(rawValue:)`) are never "never constructed"; an error enum is no route enum
    /// (the protocols may be written with their module, `Swift.Error`).
    func testOnlyRoutesNoLiveCodeNamesAreDead() throws {
        let report = try analyzeSources(["App.swift": sceneApp("""
            enum Tab: Swift.Int { case feed, profile }
            enum MainRoute { case settings, about, legal }
            enum LoadError: Swift.Error { case offline, denied }
            final class MainCoordinator: Coordinator {
                let navigationController: UINavigationController
                init(navigationController: UINavigationController) { self.navigationController = navigationController }
                func start() {
                    navigationController.pushViewController(HomeViewController(), animated: false)
                    let menu: MenuModel = Container.shared.resolve()
                    menu.onHelp = showHelp
                    let presenter: SettingsPresenter = Container.shared.resolve()
                    presenter.router = self
                    select(Tab(rawValue: 0) ?? .feed)
                    trigger(.about)
                }
                func select(_ tab: Tab) {
                    switch tab {
                    case .feed: navigationController.pushViewController(FeedViewController(), animated: true)
                    case .profile: navigationController.pushViewController(ProfileViewController(), animated: true)
                    }
                }
                func trigger(_ route: MainRoute) {
                    switch route {
                    case .settings: navigationController.pushViewController(SettingsViewController(), animated: true)
                    case .about: navigationController.pushViewController(AboutViewController(), animated: true)
                    case .legal: navigationController.pushViewController(LegalViewController(), animated: true)
                    }
                }
                func failed(_ error: LoadError) {
                    switch error {
                    case .offline: navigationController.present(OfflineViewController(), animated: true)
                    case .denied: break
                    }
                }
                func showHelp() { navigationController.pushViewController(HelpViewController(), animated: true) }
                func showCredits() { navigationController.pushViewController(CreditsViewController(), animated: true) }
            }
            final class MenuModel {
                var onHelp: (() -> Void)?
                func helpTapped() { onHelp?() }
            }
            final class SettingsPresenter {
                weak var router: MainCoordinator?
                func openSettings() { router?.trigger(.settings) }
            }
            final class HomeViewController: UIViewController {
                var presenter: SettingsPresenter?
                @objc func settingsTapped() { presenter?.openSettings() }
            }
            final class FeedViewController: UIViewController {}
            final class ProfileViewController: UIViewController {}
            final class SettingsViewController: UIViewController {}
            final class AboutViewController: UIViewController {}
            final class LegalViewController: UIViewController {}
            final class OfflineViewController: UIViewController {}
            final class HelpViewController: UIViewController {}
            final class CreditsViewController: UIViewController {}
            """)])
        XCTAssertEqual(report.graph.nodes.filter { $0.kind == .route && !$0.reachable }
            .map { "\($0.name) \($0.attributes?["namedBy"] ?? "-") \($0.attributes?["madeWithoutNames"] ?? "-")" }, [
            "MainCoordinator.showCredits() - -",
            "MainCoordinator.showHelp() MainCoordinator.start -",
            "MainRoute.legal - -",
            "MainRoute.settings SettingsPresenter.openSettings -",
            "Tab.profile a root of the app Int",
        ])
        XCTAssertEqual(report.findings.map { "\($0.rule) \($0.symbol) \($0.message)" }, [
            "dead-route MainRoute.legal route 'MainRoute.legal' is dead because it is never constructed anywhere",
            "dead-route MainCoordinator.showCredits() route 'MainCoordinator.showCredits()' is dead because nothing ever calls it",
            // True in this app: nothing gives the home screen its presenter.
            "unhandled-action SettingsPresenter.openSettings() HomeViewController sends 'SettingsPresenter.openSettings()' but nothing handles it because `presenter` is never assigned on HomeViewController where it is created",
            "unreachable-screen LegalViewController screen 'LegalViewController' is unreachable because it is only shown from code no root reaches (MainRoute.legal)",
            // Nothing calls `failed(_:)`; `LoadError` is no route enum.
            "unreachable-screen OfflineViewController screen 'OfflineViewController' is unreachable because it is only shown from code no root reaches (LoadError.offline)",
            "unreachable-screen CreditsViewController screen 'CreditsViewController' is unreachable because it is only shown from code no root reaches (MainCoordinator.showCredits())",
        ])
    }

    /// `ExportCoordinator<Report>` names `ExportCoordinator`.
    func testASpecialisedGenericNamesItsType() throws {
        let report = try analyzeSources(["App.swift": sceneApp("""
            final class MainCoordinator: Coordinator {
                let navigationController: UINavigationController
                init(navigationController: UINavigationController) { self.navigationController = navigationController }
                func start() {
                    navigationController.pushViewController(UIViewController(), animated: false)
                    ExternalScheduler.run(ExportCoordinator<Int>.self)
                }
            }
            final class ExportCoordinator<Item>: Coordinator {
                let navigationController = UINavigationController()
                func start() { navigationController.pushViewController(ExportViewController(), animated: true) }
            }
            final class ExportViewController: UIViewController {}
            """)])
        XCTAssertEqual(report.graph.nodes.filter { !$0.reachable && ($0.kind == .screen || $0.kind == .coordinator) }
            .map { "\($0.id) \($0.attributes?["namedBy"] ?? "-")" }, [
            "coordinator:ExportCoordinator MainCoordinator.start",
            "screen:ExportViewController ExportCoordinator.start",
        ])
        XCTAssertEqual(report.findings.map(\.rule), [])
    }

    /// What the instantiation reached runs, named or not (a coordinator a container hands over): the
    /// screens its code makes are named by it.
    func testWhatTheInstantiationReachedNamesWhatItMakes() throws {
        let report = try analyzeSources(["App.swift": sceneApp("""
            protocol SearchFlowing: AnyObject { func begin(on navigationController: UINavigationController) }
            final class MainCoordinator: Coordinator {
                let navigationController: UINavigationController
                init(navigationController: UINavigationController) { self.navigationController = navigationController }
                func start() {
                    let flow: SearchFlowing = Container.shared.resolve()
                    flow.begin(on: navigationController)
                }
            }
            final class SearchCoordinator: SearchFlowing {
                private var suggestions: UIViewController?
                func begin(on navigationController: UINavigationController) {
                    navigationController.pushViewController(SearchViewController(), animated: false)
                    suggestions = makeSuggestions()
                }
                private func makeSuggestions() -> UIViewController { SuggestionsViewController() }
            }
            final class SearchViewController: UIViewController {}
            final class SuggestionsViewController: UIViewController {}
            """)])
        XCTAssertEqual(report.graph.nodes.filter { $0.kind == .screen || $0.kind == .coordinator }
            .map { "\($0.id) \($0.reachable) \($0.attributes?["namedBy"] ?? "-")" }, [
            "coordinator:MainCoordinator true -",
            "coordinator:SearchCoordinator true -",
            "screen:SearchViewController true -",
            "screen:SuggestionsViewController false SearchCoordinator.makeSuggestions",
        ])
        XCTAssertEqual(report.findings.map(\.rule), [])
    }

    /// A method of a type conforming to a framework protocol may be a requirement the system calls; a
    /// private one cannot be (nor one in a `private extension`), so only its file's code calls it.
    func testAPrivateMethodIsNoFrameworkRequirement() throws {
        let report = try analyzeSources(["App.swift": sceneApp("""
            import VendorKit
            final class MainCoordinator: Coordinator, VendorSessionDelegate {
                let navigationController: UINavigationController
                init(navigationController: UINavigationController) { self.navigationController = navigationController }
                func start() { navigationController.pushViewController(HomeViewController(), animated: false) }
                func sessionDidExpire() { navigationController.present(ExpiredViewController(), animated: true) }
            }
            private extension MainCoordinator {
                func showLegacy() { navigationController.present(LegacyViewController(), animated: true) }
            }
            final class HomeViewController: UIViewController {}
            final class ExpiredViewController: UIViewController {}
            final class LegacyViewController: UIViewController {}
            """)])
        XCTAssertEqual(report.findings.map { "\($0.rule) \($0.symbol)" }, [
            "dead-route MainCoordinator.showLegacy()",
            "unreachable-screen LegacyViewController",
        ])
    }
}
