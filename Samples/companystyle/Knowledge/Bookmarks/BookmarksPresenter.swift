import Foundation

protocol BookmarksView: AnyObject {
    func reloadData()
    func setEmptyStateVisible(_ isVisible: Bool)
}

final class BookmarksPresenter {

    weak var view: BookmarksView?

    private let coordinator: BookmarksCoordinatorType
    private let bookmarkStore: BookmarkStoreType
    private(set) var bookmarks: [ArticleSummary] = []

    init(coordinator: BookmarksCoordinatorType, bookmarkStore: BookmarkStoreType) {
        self.coordinator = coordinator
        self.bookmarkStore = bookmarkStore
    }

    func viewWillAppear() {
        bookmarks = bookmarkStore.bookmarks
        view?.reloadData()
        view?.setEmptyStateVisible(bookmarks.isEmpty)
    }

    func didSelect(item: ArticleSummary) {
        coordinator.openArticle(item.id)
    }

    func didDelete(item: ArticleSummary) {
        bookmarkStore.toggle(item)
        bookmarks = bookmarkStore.bookmarks
        view?.setEmptyStateVisible(bookmarks.isEmpty)
    }

    func didTapDone() {
        coordinator.close()
    }
}
