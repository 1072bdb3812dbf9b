import UIKit

/// @mockable
protocol BookmarksCoordinatorType: Coordinator {
    func openArticle(_ id: ArticleID)
    func close()
}

protocol BookmarksCoordinatorDelegate: AnyObject {
    /// - Parameter selectedArticle: the bookmark the user picked, or `nil` when the sheet was closed.
    func didFinishBookmarks(selectedArticle: ArticleID?)
}

final class BookmarksCoordinator: BookmarksCoordinatorType {

    typealias Dependencies = HasBookmarkStore

    let rootNavigationController: UINavigationController

    private let navigationController: SectionedNavigationController
    private let dependencies: Dependencies
    private weak var delegate: BookmarksCoordinatorDelegate?
    private var selectedArticle: ArticleID?

    init(
        _ navigationController: UINavigationController,
        dependencies: Dependencies = resolve(),
        delegate: BookmarksCoordinatorDelegate?
    ) {
        self.rootNavigationController = navigationController
        self.navigationController = SectionedNavigationController(navigationController)
        self.dependencies = dependencies
        self.delegate = delegate
    }

    func start(animated: Bool) {
        let presenter = BookmarksPresenter(coordinator: self, bookmarkStore: dependencies.bookmarkStore)
        let viewController = BookmarksViewController(presenter: presenter)
        presenter.view = viewController

        let sheet = UINavigationController(rootViewController: viewController)
        sheet.presentationController?.delegate = viewController
        navigationController.present(sheet, animated: animated)
    }

    func stop(animated: Bool) {
        navigationController.dismissAndPopAll(animated: animated)
        delegate?.didFinishBookmarks(selectedArticle: selectedArticle)
    }

    // MARK: - BookmarksCoordinatorType

    func openArticle(_ id: ArticleID) {
        selectedArticle = id
        stop(animated: true)
    }

    func close() {
        selectedArticle = nil
        stop(animated: true)
    }
}
