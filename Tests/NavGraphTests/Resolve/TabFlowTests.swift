import NavGraphKit
import NavGraphModel
import NavGraphPresent
import XCTest

/// Coordinators whose container a tab bar lists are tab flows (`"container": "tab"` on their node): they
/// last as long as the tab bar, so `child-never-removed` asks no finish of them.
final class TabFlowTests: XCTestCase {
    /// An app coordinator that starts four child flows and keeps them in `childCoordinators`; `install`
    /// puts some of their navigation controllers in the tab bar (`tabs` is the `UITabBarController`).
    func app(_ install: String) -> [String: String] {
        func flow(_ name: String) -> String {
            """
            final class \(name)Coordinator: Coordinator {
                var childCoordinators: [Coordinator] = []
                var navigationController: UINavigationController
                init(navigationController: UINavigationController) { self.navigationController = navigationController }
                func start() { navigationController.pushViewController(\(name)ViewController(), animated: false) }
            }
            final class \(name)ViewController: UIViewController {}
            """
        }
        return ["App.swift": """
            protocol Coordinator: AnyObject { var childCoordinators: [Coordinator] { get set }; var navigationController: UINavigationController { get set }; func start() }
            @main class AppDelegate: UIResponder, UIApplicationDelegate {
                let coordinator = AppCoordinator(tabs: UITabBarController())
                func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                    coordinator.start()
                    return true
                }
            }
            final class AppCoordinator: Coordinator {
                var childCoordinators: [Coordinator] = []
                var navigationController = UINavigationController()
                let tabs: UITabBarController
                init(tabs: UITabBarController) { self.tabs = tabs }
                func start() {
                    let feed = FeedCoordinator(navigationController: UINavigationController())
                    let saved = SavedCoordinator(navigationController: UINavigationController())
                    let search = SearchCoordinator(navigationController: UINavigationController())
                    let login = LoginCoordinator(navigationController: navigationController)
                    for c in [feed, saved, search, login] as [Coordinator] { childCoordinators.append(c); c.start() }
                    \(install)
                }
            }
            """, "Flows.swift": ["Feed", "Saved", "Search", "Login"].map(flow).joined(separator: "\n")]
    }

    func tabFlows(_ report: AnalysisReport) -> [String] {
        report.graph.nodes.filter { $0.kind == .coordinator && $0.attributes?["container"] == "tab" }.map(\.name)
    }

    func neverRemoved(_ report: AnalysisReport) -> [String] {
        report.findings.filter { $0.rule == "child-never-removed" }.map { $0.symbol }.sorted()
    }

    func testTheContainersATabBarListsMakeTheirCoordinatorsTabFlows() throws {
        // Assigned, each container read from its coordinator.
        var report = try analyzeSources(app("tabs.viewControllers = [feed.navigationController, saved.navigationController]"))
        XCTAssertEqual(tabFlows(report), ["FeedCoordinator", "SavedCoordinator"])
        XCTAssertEqual(neverRemoved(report), ["LoginCoordinator", "SearchCoordinator"])

        // Set with a map over the coordinators.
        report = try analyzeSources(app("tabs.setViewControllers([feed, saved, search].map { $0.navigationController }, animated: false)"))
        XCTAssertEqual(tabFlows(report), ["FeedCoordinator", "SavedCoordinator", "SearchCoordinator"])
        XCTAssertEqual(neverRemoved(report), ["LoginCoordinator"])

        // Through a local, the containers tell no coordinator: every flow is reported.
        report = try analyzeSources(app("let list = [feed.navigationController]; tabs.viewControllers = list"))
        XCTAssertEqual(tabFlows(report), [String]())
        XCTAssertEqual(neverRemoved(report), ["FeedCoordinator", "LoginCoordinator", "SavedCoordinator", "SearchCoordinator"])
    }

    func testATabBarControllerThatBuildsItsFlowsMakesThemTabFlows() throws {
        let report = try analyzeSources(["App.swift": """
            protocol Coordinator: AnyObject { var childCoordinators: [Coordinator] { get set }; var navigationController: UINavigationController { get set }; func start() }
            @main class AppDelegate: UIResponder, UIApplicationDelegate {
                var window: UIWindow?
                func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                    window?.rootViewController = MainTabBarController()
                    return true
                }
            }
            final class MainTabBarController: UITabBarController {
                let home = HomeCoordinator(navigationController: UINavigationController())
                override func viewDidLoad() {
                    super.viewDidLoad()
                    home.start()
                    viewControllers = [home.navigationController]
                }
            }
            final class HomeCoordinator: Coordinator {
                var childCoordinators: [Coordinator] = []
                var navigationController: UINavigationController
                init(navigationController: UINavigationController) { self.navigationController = navigationController }
                func start() { navigationController.pushViewController(HomeViewController(), animated: false) }
            }
            final class HomeViewController: UIViewController {}
            """])
        XCTAssertEqual(tabFlows(report), ["HomeCoordinator"])
    }
}
