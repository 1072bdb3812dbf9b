import NavGraphKit
import NavGraphModel
import XCTest

/// The app's scene delegate reached from a screen through UIKit (`connectedScenes`, a scene's
/// `delegate`, `view.window?.windowScene`) and the application delegate through `UIApplication.shared`:
/// the coordinator they hold runs the screen's call.
final class SceneDelegateLookupTests: XCTestCase {
    func testAScreenReachesTheCoordinatorThroughTheSceneDelegate() throws {
        let report = try analyzeSources(["App.swift": """
            import UIKit
            final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                var window: UIWindow?
                var coordinator: MainCoordinator?
                func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
                    coordinator = MainCoordinator(navigationController: UINavigationController())
                    coordinator?.start()
                }
            }
            final class MainCoordinator {
                let navigationController: UINavigationController
                init(navigationController: UINavigationController) { self.navigationController = navigationController }
                func start() { navigationController.pushViewController(AccountViewController(), animated: false) }
                func showSignIn() { navigationController.present(SignInViewController(), animated: true) }
                func showHelp() { navigationController.pushViewController(HelpViewController(), animated: true) }
            }
            final class AccountViewController: UIViewController {
                @objc func signOut() {
                    let sceneDelegate = UIApplication.shared.connectedScenes.first?.delegate as? SceneDelegate
                    sceneDelegate?.coordinator?.showSignIn()
                }
                @objc func help() {
                    (view.window?.windowScene?.delegate as? SceneDelegate)?.coordinator?.showHelp()
                }
            }
            final class SignInViewController: UIViewController {}
            final class HelpViewController: UIViewController {}
            """])
        let shown = report.graph.edges.filter { $0.from == "coordinator:MainCoordinator" && $0.to.hasPrefix("screen:") }
            .map { "\($0.via ?? "-") \($0.mechanism ?? "-") \($0.to) \($0.reachable)" }.sorted()
        XCTAssertEqual(shown, [
            "MainCoordinator.showHelp() push screen:HelpViewController true",
            "MainCoordinator.showSignIn() present screen:SignInViewController true",
            "MainCoordinator.start() push screen:AccountViewController true",
        ])
        XCTAssertEqual(report.findings.map { "\($0.rule) \($0.symbol)" }, [])
    }
}
