import Foundation
import XCoordinator

final class NewsListViewModel {

    private let router: UnownedRouter<NewsRoute>
    private let service: NewsServiceProtocol

    private(set) var articles: [Article] = []
    var onChange: (() -> Void)?
    var onError: ((String) -> Void)?

    init(router: UnownedRouter<NewsRoute>, service: NewsServiceProtocol) {
        self.router = router
        self.service = service
    }

    var title: String {
        "Top stories"
    }

    func refresh() {
        service.topStories { [weak self] result in
            switch result {
            case .success(let articles):
                self?.articles = articles
                self?.onChange?()
            case .failure(let error):
                self?.onError?(error.localizedDescription)
            }
        }
    }

    func didSelect(_ article: Article) {
        router.trigger(.article(article))
    }
}
