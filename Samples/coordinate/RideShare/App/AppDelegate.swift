import UIKit
import Coordinate

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {

    var window: UIWindow?

    lazy var root = AppCoordinator()

    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.tintColor = .systemTeal
        window.rootViewController = root.rootViewController
        window.makeKeyAndVisible()
        self.window = window

        root.start()
        return true
    }
}
