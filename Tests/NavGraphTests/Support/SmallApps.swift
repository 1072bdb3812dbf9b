/// Two versions of a tiny F5 app, for exact rendering and diff tests.
/// v1: Home asks Main for Settings; `showHelp()` is a dead route to an unreachable HelpViewController.
/// v2: the dead route and Help are gone; Home also asks for a new Profile screen.
enum SmallApps {
    static let header = """
    protocol Coordinator: AnyObject { var childCoordinators: [Coordinator] { get set }; var navigationController: UINavigationController { get set }; func start() }
    class SceneDelegate: UIResponder, UIWindowSceneDelegate {
        var coordinator: MainCoordinator?
        func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
            coordinator = MainCoordinator(navigationController: UINavigationController())
            coordinator?.start()
        }
    }
    final class MainCoordinator: Coordinator {
        var childCoordinators: [Coordinator] = []
        var navigationController: UINavigationController
        init(navigationController: UINavigationController) { self.navigationController = navigationController }
        func start() { let vc = HomeViewController(); vc.coordinator = self; navigationController.pushViewController(vc, animated: false) }
        func showSettings() { navigationController.pushViewController(SettingsViewController(), animated: true) }

    """

    static let v1 = ["App.swift": header + """
        func showHelp() { navigationController.present(HelpViewController(), animated: true) }
    }
    final class HomeViewController: UIViewController {
        weak var coordinator: MainCoordinator?
        @IBAction func settingsTapped() { coordinator?.showSettings() }
    }
    final class SettingsViewController: UIViewController {}
    final class HelpViewController: UIViewController {}

    """]

    static let v2 = ["App.swift": header + """
        func showProfile() { navigationController.pushViewController(ProfileViewController(), animated: true) }
    }
    final class HomeViewController: UIViewController {
        weak var coordinator: MainCoordinator?
        @IBAction func settingsTapped() { coordinator?.showSettings() }
        @IBAction func profileTapped() { coordinator?.showProfile() }
    }
    final class SettingsViewController: UIViewController {}
    final class ProfileViewController: UIViewController {}

    """]
}
