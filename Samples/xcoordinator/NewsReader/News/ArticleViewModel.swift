import Foundation
import XCoordinator

final class ArticleViewModel {

    let article: Article
    let nextArticle: Article?

    private let router: WeakRouter<NewsRoute>
    private let savedStore: SavedArticlesStore

    init(article: Article, nextArticle: Article?, router: WeakRouter<NewsRoute>, savedStore: SavedArticlesStore) {
        self.article = article
        self.nextArticle = nextArticle
        self.router = router
        self.savedStore = savedStore
    }

    var isSaved: Bool {
        savedStore.contains(article)
    }

    var byline: String {
        let date = DateFormatter.localizedString(from: article.publishedAt, dateStyle: .medium, timeStyle: .short)
        return "By \(article.author) · \(date)"
    }

    var commentsTitle: String {
        article.commentCount == 1 ? "1 comment" : "\(article.commentCount) comments"
    }

    func toggleSaved() {
        savedStore.toggle(article)
    }

    func openGallery() {
        guard !article.imageURLs.isEmpty else { return }
        router.trigger(.gallery(article))
    }

    func openComments() {
        router.trigger(.comments(article))
    }

    func share() {
        router.trigger(.share(article))
    }

    func readNext() {
        guard let next = nextArticle else { return }
        router.trigger(.readNext(next))
    }

    func reportProblem() {
        router.trigger(.reportProblem(article))
    }
}
