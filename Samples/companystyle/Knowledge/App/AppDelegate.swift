import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {

    var window: UIWindow?

    lazy var appCoordinator = AppCoordinator(AppNavigationController())

    private var rootCoordinator: RootCoordinatorType {
        appCoordinator
    }

    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.rootViewController = appCoordinator.rootNavigationController
        window.makeKeyAndVisible()
        self.window = window

        appCoordinator.start(animated: false)
        return true
    }

    // MARK: - Deep links

    func application(
        _ app: UIApplication,
        open url: URL,
        options: [UIApplication.OpenURLOptionsKey: Any] = [:]
    ) -> Bool {
        guard url.scheme == "knowledge" else { return false }
        let path = url.pathComponents.filter { $0 != "/" }

        switch url.host {
        case "article":
            guard let rawID = path.first else { return false }
            rootCoordinator.navigate(to: .article(ArticleID(rawValue: rawID)))
        case "bookmarks":
            rootCoordinator.navigate(to: .bookmarks)
        case "settings":
            rootCoordinator.navigate(to: .settings)
        default:
            return false
        }
        return true
    }

    func application(
        _ application: UIApplication,
        continue userActivity: NSUserActivity,
        restorationHandler: @escaping ([UIUserActivityRestoring]?) -> Void
    ) -> Bool {
        guard userActivity.activityType == NSUserActivityTypeBrowsingWeb,
              let url = userActivity.webpageURL,
              url.pathComponents.count == 3,
              url.pathComponents[1] == "a" else {
            return false
        }
        let id = ArticleID(rawValue: url.lastPathComponent)
        rootCoordinator.navigate(to: .article(id))
        return true
    }

    func application(
        _ application: UIApplication,
        performActionFor shortcutItem: UIApplicationShortcutItem,
        completionHandler: @escaping (Bool) -> Void
    ) {
        guard shortcutItem.type == "app.knowledge.bookmarks" else {
            completionHandler(false)
            return
        }
        rootCoordinator.navigate(to: .bookmarks)
        completionHandler(true)
    }
}
