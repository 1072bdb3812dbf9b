import UIKit
import XCoordinator

final class SceneDelegate: UIResponder, UIWindowSceneDelegate {

    var window: UIWindow?
    let router = AppCoordinator().strongRouter

    func scene(
        _ scene: UIScene,
        willConnectTo session: UISceneSession,
        options connectionOptions: UIScene.ConnectionOptions
    ) {
        guard let windowScene = scene as? UIWindowScene else { return }
        window = UIWindow(windowScene: windowScene)
        window?.tintColor = .systemRed
        router.setRoot(for: window!)

        if let url = connectionOptions.urlContexts.first?.url {
            openDeepLink(url)
        }
    }

    func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
        guard let url = URLContexts.first?.url else { return }
        openDeepLink(url)
    }

    /// Handles `newsreader://article/<id>`. Only articles already in the offline cache can be opened.
    private func openDeepLink(_ url: URL) {
        guard url.scheme == "newsreader", url.host == "article",
              let article = NewsService.shared.cachedArticle(withID: url.lastPathComponent) else {
            return
        }
        router.trigger(.deepLink(article))
    }
}
