import UIKit
import XCoordinator

enum HomeRoute: Route {
    case news
    case savedArticle(Article)
}

/// Tab bar with Top stories, Saved and Settings. Saved is a plain screen; the other tabs are coordinators.
final class HomeCoordinator: TabBarCoordinator<HomeRoute> {

    private let newsRouter: StrongRouter<NewsRoute>
    private let settingsRouter: StrongRouter<SettingsRoute>

    init() {
        let news = NewsCoordinator()
        news.rootViewController.tabBarItem = UITabBarItem(
            title: "Top stories",
            image: UIImage(systemName: "newspaper"),
            tag: 0
        )

        let saved = SavedListViewController()
        let savedNavigation = UINavigationController(rootViewController: saved)
        savedNavigation.tabBarItem = UITabBarItem(title: "Saved", image: UIImage(systemName: "bookmark"), tag: 1)

        let settings = SettingsCoordinator()
        settings.rootViewController.tabBarItem = UITabBarItem(title: "Settings", image: UIImage(systemName: "gear"), tag: 2)

        let newsRouter = news.strongRouter
        let settingsRouter = settings.strongRouter
        self.newsRouter = newsRouter
        self.settingsRouter = settingsRouter

        super.init(tabs: [newsRouter, savedNavigation, settingsRouter], select: newsRouter)

        saved.bind(to: SavedListViewModel(router: unownedRouter, store: .shared))
    }

    override func prepareTransition(for route: HomeRoute) -> TabBarTransition {
        switch route {
        case .news:
            return .select(newsRouter)
        case .savedArticle(let article):
            return .multiple(
                .select(newsRouter),
                .trigger(NewsRoute.article(article), on: newsRouter)
            )
        }
    }
}
