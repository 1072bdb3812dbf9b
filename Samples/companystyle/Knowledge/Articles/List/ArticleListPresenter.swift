import Foundation

protocol ArticleListView: AnyObject {
    func reloadData()
    func setLoading(_ isLoading: Bool)
    func displayError(_ message: String)
}

enum ArticleListItem: Hashable {
    case bookmarksShortcut
    case article(ArticleSummary)
}

final class ArticleListPresenter {

    weak var view: ArticleListView?

    private let coordinator: ArticlesCoordinatorType
    private let articleService: ArticleServiceType
    private(set) var items: [ArticleListItem] = []

    init(coordinator: ArticlesCoordinatorType, articleService: ArticleServiceType) {
        self.coordinator = coordinator
        self.articleService = articleService
    }

    func viewDidLoad() {
        reload()
    }

    func reload() {
        view?.setLoading(true)
        articleService.fetchLatest { [weak self] result in
            guard let self = self else { return }
            self.view?.setLoading(false)

            switch result {
            case .success(let summaries):
                self.items = [.bookmarksShortcut] + summaries.map(ArticleListItem.article)
                self.view?.reloadData()
            case .failure(let error):
                self.view?.displayError(error.localizedDescription)
            }
        }
    }

    func didSelect(item: ArticleListItem) {
        switch item {
        case .article(let summary):
            coordinator.openArticle(summary.id)
        case .bookmarksShortcut:
            coordinator.openBookmarks()
        }
    }

    func didTapSettings() {
        coordinator.openSettings()
    }
}
