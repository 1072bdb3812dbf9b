import UIKit

final class ShoppingListCoordinator: Coordinator {
    var childCoordinators = [Coordinator]()
    var navigationController: UINavigationController
    weak var parentCoordinator: MainCoordinator?

    private let store: ShoppingListStore
    private weak var listViewController: ShoppingListViewController?

    init(navigationController: UINavigationController, store: ShoppingListStore = .shared) {
        self.navigationController = navigationController
        self.store = store
    }

    func start() {
        let vc = ShoppingListViewController.instantiate()
        vc.coordinator = self
        vc.store = store
        listViewController = vc
        navigationController.pushViewController(vc, animated: true)
    }

    func addItem() {
        let vc = AddShoppingItemViewController()
        vc.store = store
        vc.onDone = { [weak self] in
            self?.navigationController.dismiss(animated: true)
            self?.listViewController?.reload()
        }
        navigationController.present(vc, animated: true)
    }

    func didFinishShopping() {
        store.save()
        parentCoordinator?.childDidFinish(self)
    }
}
