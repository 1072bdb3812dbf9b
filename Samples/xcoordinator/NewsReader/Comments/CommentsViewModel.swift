import Foundation
import XCoordinator

final class CommentsViewModel {

    private let article: Article
    private let service: NewsServiceProtocol
    private let router: UnownedRouter<CommentsRoute>

    private(set) var comments: [Comment] = []
    var onChange: (() -> Void)?

    init(article: Article, service: NewsServiceProtocol, router: UnownedRouter<CommentsRoute>) {
        self.article = article
        self.service = service
        self.router = router
    }

    var title: String {
        "Comments (\(article.commentCount))"
    }

    func load() {
        service.comments(for: article) { [weak self] result in
            self?.comments = (try? result.get()) ?? []
            self?.onChange?()
        }
    }

    func done() {
        let lastReadKey = "comments.lastRead.\(article.id)"
        router.trigger(.close) {
            UserDefaults.standard.set(Date(), forKey: lastReadKey)
        }
    }
}
