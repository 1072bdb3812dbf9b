import NavGraphKit
import NavGraphModel
import NavGraphPresent
import XCTest

/// `child-never-removed` needs proof that the parent keeps the child: it stores it in a collection
/// (`childCoordinators.append`). A child only started, or only built, is not kept, so it cannot leak.
final class ChildKeptTests: XCTestCase {
    func testOnlyAChildKeptInACollectionCanBeNeverRemoved() throws {
        let report = try analyzeSources(["App.swift": """
            protocol Coordinator: AnyObject {
                var childCoordinators: [Coordinator] { get set }
                var navigationController: UINavigationController { get set }
                func start()
            }
            @main final class AppDelegate: UIResponder, UIApplicationDelegate {
                var coordinator: MainCoordinator?
                func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                    coordinator = MainCoordinator(navigationController: UINavigationController())
                    coordinator?.start()
                    return true
                }
            }
            final class MainCoordinator: Coordinator {
                var childCoordinators = [Coordinator]()
                var navigationController: UINavigationController
                init(navigationController: UINavigationController) { self.navigationController = navigationController }
                func start() {
                    let vc = HomeViewController()
                    vc.coordinator = self
                    navigationController.pushViewController(vc, animated: false)
                }
                func showProfile() {
                    let child = ProfileCoordinator(navigationController: navigationController)
                    childCoordinators.append(child)
                    child.start()
                }
                func showHelp() {
                    HelpCoordinator(navigationController: navigationController).start()
                }
            }
            final class ProfileCoordinator: Coordinator {
                var childCoordinators = [Coordinator]()
                var navigationController: UINavigationController
                init(navigationController: UINavigationController) { self.navigationController = navigationController }
                func start() { navigationController.pushViewController(ProfileViewController(), animated: true) }
            }
            final class HelpCoordinator: Coordinator {
                var childCoordinators = [Coordinator]()
                var navigationController: UINavigationController
                init(navigationController: UINavigationController) { self.navigationController = navigationController }
                func start() { navigationController.pushViewController(HelpViewController(), animated: true) }
            }
            final class HomeViewController: UIViewController {
                weak var coordinator: MainCoordinator?
                @objc func profileTapped() { coordinator?.showProfile() }
                @objc func helpTapped() { coordinator?.showHelp() }
            }
            final class ProfileViewController: UIViewController {}
            final class HelpViewController: UIViewController {}
            """])
        XCTAssertEqual(report.graph.node("coordinator:MainCoordinator")?.attributes?["keeps"], "ProfileCoordinator")
        XCTAssertEqual(report.graph.edges.filter { $0.kind == .starts }.map(\.to).sorted(),
                       ["coordinator:HelpCoordinator", "coordinator:MainCoordinator", "coordinator:ProfileCoordinator"])
        XCTAssertEqual(report.findings.map { "\($0.rule) \($0.message)" }, [
            "child-never-removed MainCoordinator starts 'ProfileCoordinator' but never removes it because it never finishes back to MainCoordinator",
        ])
    }
}
