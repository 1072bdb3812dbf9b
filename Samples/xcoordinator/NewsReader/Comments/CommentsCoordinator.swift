import UIKit
import XCoordinator

enum CommentsRoute: Route {
    case thread
    case close
}

/// Modal comment thread for one article, presented by `NewsCoordinator`.
final class CommentsCoordinator: NavigationCoordinator<CommentsRoute> {

    private let article: Article
    private let service: NewsServiceProtocol

    init(article: Article, service: NewsServiceProtocol) {
        self.article = article
        self.service = service
        super.init(initialRoute: .thread)
    }

    override func prepareTransition(for route: CommentsRoute) -> NavigationTransition {
        switch route {
        case .thread:
            let viewController = CommentsViewController()
            viewController.bind(to: CommentsViewModel(article: article, service: service, router: unownedRouter))
            return .push(viewController)
        case .close:
            return .dismiss()
        }
    }
}
