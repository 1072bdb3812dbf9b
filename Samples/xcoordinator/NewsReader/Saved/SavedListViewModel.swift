import Foundation
import XCoordinator

final class SavedListViewModel {

    private let router: UnownedRouter<HomeRoute>
    private let store: SavedArticlesStore
    private var observer: NSObjectProtocol?

    var onChange: (() -> Void)?

    init(router: UnownedRouter<HomeRoute>, store: SavedArticlesStore) {
        self.router = router
        self.store = store
        observer = NotificationCenter.default.addObserver(
            forName: SavedArticlesStore.didChange,
            object: store,
            queue: .main
        ) { [weak self] _ in
            self?.onChange?()
        }
    }

    deinit {
        if let observer {
            NotificationCenter.default.removeObserver(observer)
        }
    }

    var articles: [Article] {
        store.articles
    }

    func didSelect(_ article: Article) {
        router.trigger(.savedArticle(article))
    }

    func remove(_ article: Article) {
        store.toggle(article)
    }
}
