import UIKit
import XCoordinator

enum NewsRoute: Route {
    case list
    case article(Article)
    case readNext(Article)
    case gallery(Article)
    case comments(Article)
    case share(Article)
    case reportProblem(Article)
    case backToFeed
    case close
}

final class NewsCoordinator: NavigationCoordinator<NewsRoute> {

    private let service: NewsServiceProtocol = NewsService.shared
    private let savedStore: SavedArticlesStore = .shared

    init() {
        super.init(initialRoute: .list)
        rootViewController.navigationBar.prefersLargeTitles = true
    }

    override func prepareTransition(for route: NewsRoute) -> NavigationTransition {
        switch route {
        case .list:
            let viewController = NewsListViewController()
            viewController.bind(to: NewsListViewModel(router: unownedRouter, service: service))
            return .set([viewController])

        case .article(let article):
            let viewController = ArticleViewController()
            let viewModel = ArticleViewModel(
                article: article,
                nextArticle: service.article(after: article),
                router: weakRouter,
                savedStore: savedStore
            )
            viewController.bind(to: viewModel)
            return .push(viewController)

        case .readNext(let next):
            // Replace the current article instead of growing the stack one story at a time.
            return .multiple(
                .pop(animation: nil),
                .trigger(.article(next), on: self)
            )

        case .gallery(let article):
            let gallery = GalleryViewController(imageURLs: article.imageURLs, router: unownedRouter)
            addSwipeToDismiss(to: gallery)
            return .presentFullScreen(gallery, animation: .gallery)

        case .comments(let article):
            return .present(CommentsCoordinator(article: article, service: service))

        case .share(let article):
            let activity = UIActivityViewController(activityItems: [article.title, article.url], applicationActivities: nil)
            return .present(activity)

        case .reportProblem:
            return .none()

        case .backToFeed:
            return .popToRoot()

        case .close:
            return .dismiss()
        }
    }

    private func addSwipeToDismiss(to gallery: GalleryViewController) {
        let pan = UIPanGestureRecognizer()
        gallery.view.addGestureRecognizer(pan)

        registerInteractiveTransition(
            for: .close,
            triggeredBy: pan,
            progress: { [weak gallery] recognizer in
                guard let height = gallery?.view.bounds.height, height > 0 else { return 0 }
                return max(0, min(1, recognizer.translation(in: recognizer.view).y / height))
            },
            shouldFinish: { recognizer in
                recognizer.velocity(in: recognizer.view).y > 800
                    || recognizer.translation(in: recognizer.view).y > 160
            },
            completion: nil
        )
    }
}
