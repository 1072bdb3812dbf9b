import UIKit

/// @mockable
protocol ArticlesCoordinatorType: Coordinator {
    func openArticle(_ id: ArticleID)
    func openBookmarks()
    func openSettings()
    func openSource(_ url: URL)
}

final class ArticlesCoordinator: ArticlesCoordinatorType {

    typealias Dependencies = HasArticleService & HasBookmarkStore

    let rootNavigationController: UINavigationController

    private let navigationController: SectionedNavigationController
    private let dependencies: Dependencies
    private weak var listPresenter: ArticleListPresenter?
    private weak var bookmarksCoordinator: BookmarksCoordinator?

    init(_ navigationController: UINavigationController, dependencies: Dependencies = resolve()) {
        self.rootNavigationController = navigationController
        self.navigationController = SectionedNavigationController(navigationController)
        self.dependencies = dependencies
    }

    func start(animated: Bool) {
        let presenter = ArticleListPresenter(coordinator: self, articleService: dependencies.articleService)
        let viewController = ArticleListViewController(presenter: presenter)
        presenter.view = viewController
        listPresenter = presenter
        navigationController.pushViewController(viewController, animated: animated)
    }

    /// Articles is the permanent base flow; stopping it only unwinds back to the list.
    func stop(animated: Bool) {
        bookmarksCoordinator?.stop(animated: animated)
        navigationController.dismissPresented(animated: animated)
        navigationController.popToRoot(animated: animated)
    }

    // MARK: - ArticlesCoordinatorType

    func openArticle(_ id: ArticleID) {
        let presenter = ArticleDetailPresenter(
            coordinator: self,
            articleID: id,
            articleService: dependencies.articleService,
            bookmarkStore: dependencies.bookmarkStore
        )
        let viewController = ArticleDetailViewController(presenter: presenter)
        presenter.view = viewController
        navigationController.pushViewController(viewController, animated: true)
    }

    func openBookmarks() {
        guard bookmarksCoordinator == nil else { return }
        let bookmarks = BookmarksCoordinator(rootNavigationController, delegate: self)
        bookmarks.start(animated: true)
        bookmarksCoordinator = bookmarks
    }

    func openSettings() {
        let settings = SettingsCoordinator(rootNavigationController, delegate: self)
        settings.start(animated: true)
    }

    func openSource(_ url: URL) {
        UIApplication.shared.open(url, options: [:], completionHandler: nil)
    }
}

// MARK: - BookmarksCoordinatorDelegate

extension ArticlesCoordinator: BookmarksCoordinatorDelegate {
    func didFinishBookmarks(selectedArticle: ArticleID?) {
        guard let id = selectedArticle else { return }
        openArticle(id)
    }
}

// MARK: - SettingsCoordinatorDelegate

extension ArticlesCoordinator: SettingsCoordinatorDelegate {
    func didFinishSettings() {
        listPresenter?.reload()
    }
}
