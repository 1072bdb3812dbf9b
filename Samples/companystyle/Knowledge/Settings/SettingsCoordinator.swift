import UIKit

/// @mockable
protocol SettingsCoordinatorType: Coordinator {
    func openAbout()
    func close()
}

protocol SettingsCoordinatorDelegate: AnyObject {
    func didFinishSettings()
}

final class SettingsCoordinator: SettingsCoordinatorType {

    typealias Dependencies = HasSettingsStore & HasBookmarkStore

    let rootNavigationController: UINavigationController

    private let navigationController: SectionedNavigationController
    private let dependencies: Dependencies
    private weak var delegate: SettingsCoordinatorDelegate?

    init(
        _ navigationController: UINavigationController,
        dependencies: Dependencies = resolve(),
        delegate: SettingsCoordinatorDelegate?
    ) {
        self.rootNavigationController = navigationController
        self.navigationController = SectionedNavigationController(navigationController)
        self.dependencies = dependencies
        self.delegate = delegate
    }

    func start(animated: Bool) {
        let presenter = SettingsPresenter(
            coordinator: self,
            settingsStore: dependencies.settingsStore,
            bookmarkStore: dependencies.bookmarkStore
        )
        let viewController = SettingsViewController(presenter: presenter)
        presenter.view = viewController
        navigationController.pushViewController(viewController, animated: animated)
    }

    func stop(animated: Bool) {
        navigationController.dismissAndPopAll(animated: animated)
        delegate?.didFinishSettings()
    }

    // MARK: - SettingsCoordinatorType

    func openAbout() {
        let viewController = AboutViewController(version: dependencies.settingsStore.appVersion)
        navigationController.pushViewController(viewController, animated: true)
    }

    func close() {
        stop(animated: true)
    }
}
