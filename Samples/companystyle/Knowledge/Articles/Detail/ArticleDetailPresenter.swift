import Foundation
import os

protocol ArticleDetailView: AnyObject {
    func display(_ article: Article, isBookmarked: Bool)
    func displayError(_ message: String)
}

final class ArticleDetailPresenter {

    weak var view: ArticleDetailView?

    private let coordinator: ArticlesCoordinatorType
    private let articleID: ArticleID
    private let articleService: ArticleServiceType
    private let bookmarkStore: BookmarkStoreType
    private let logger = Logger(subsystem: "app.knowledge", category: "ArticleDetail")
    private var article: Article?

    init(
        coordinator: ArticlesCoordinatorType,
        articleID: ArticleID,
        articleService: ArticleServiceType,
        bookmarkStore: BookmarkStoreType
    ) {
        self.coordinator = coordinator
        self.articleID = articleID
        self.articleService = articleService
        self.bookmarkStore = bookmarkStore
    }

    func viewDidLoad() {
        articleService.fetchArticle(id: articleID) { [weak self] result in
            guard let self = self else { return }
            switch result {
            case .success(let article):
                self.article = article
                self.view?.display(article, isBookmarked: self.bookmarkStore.isBookmarked(article.id))
            case .failure(let error):
                self.view?.displayError(error.localizedDescription)
            }
        }
    }

    func didTapBookmark() {
        guard let article = article else { return }
        bookmarkStore.toggle(article.summary)
        view?.display(article, isBookmarked: bookmarkStore.isBookmarked(article.id))
    }

    func didSelectRelated(_ summary: ArticleSummary) {
        coordinator.openArticle(summary.id)
    }

    func didTapShare() {
        logger.debug("Share tapped for article \(self.articleID.rawValue, privacy: .public)")
    }
}
