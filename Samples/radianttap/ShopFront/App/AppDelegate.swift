import UIKit
import Coordinator

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {

    var window: UIWindow?

    /// Kept strongly here: nothing else owns the top of the coordinator tree.
    private(set) var appCoordinator: AppCoordinator?

    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.tintColor = UIColor(named: "BrandTint") ?? .systemIndigo

        let c = AppCoordinator(rootViewController: UITabBarController())
        appCoordinator = c

        window.rootViewController = c.rootViewController
        window.makeKeyAndVisible()
        self.window = window

        c.start()
        return true
    }

    func applicationDidBecomeActive(_ application: UIApplication) {
        appCoordinator?.appDependency.cart.reloadIfNeeded()
    }

    // MARK: - Coordinating chain

    /// AppCoordinator hands unhandled messages to the app delegate.
    /// This is the end of the line: nothing above the delegate should ever see them.
    override var coordinatingResponder: UIResponder? {
        return nil
    }
}
