import UIKit
import XCoordinator

enum AppRoute: Route {
    case welcome
    case home
    case deepLink(Article)
}

final class AppCoordinator: NavigationCoordinator<AppRoute> {

    static let hasSeenWelcomeKey = "hasSeenWelcome"

    private let preferences: UserDefaults

    init(preferences: UserDefaults = .standard) {
        self.preferences = preferences
        let hasSeenWelcome = preferences.bool(forKey: AppCoordinator.hasSeenWelcomeKey)
        super.init(initialRoute: hasSeenWelcome ? .home : .welcome)
        rootViewController.setNavigationBarHidden(true, animated: false)
    }

    override func prepareTransition(for route: AppRoute) -> NavigationTransition {
        switch route {
        case .welcome:
            let viewController = WelcomeViewController()
            viewController.bind(to: WelcomeViewModel(router: strongRouter, preferences: preferences))
            return .push(viewController)
        case .home:
            return .presentFullScreen(HomeCoordinator())
        case .deepLink(let article):
            // Start from a clean slate so the link never stacks a second tab bar on top of the first.
            return .multiple(
                .dismissToRoot(animation: nil),
                deepLink(AppRoute.home, HomeRoute.news, NewsRoute.article(article))
            )
        }
    }
}
