import UIKit
import Coordinator

/// Owns the tab bar and one NavigationCoordinator per tab.
final class AppCoordinator: Coordinator<UITabBarController> {

    /// App-wide destinations, sent from anywhere via `globalDisplay(page:sender:)`.
    enum Page {
        case catalog
        case cart
        case login
        case orders
    }

    var page: Page = .catalog

    let appDependency = AppDependency()

    private var catalogCoordinator: CatalogCoordinator?
    private var cartCoordinator: CartCoordinator?
    private var accountCoordinator: AccountCoordinator?

    // MARK: - Lifecycle

    override func start() {
        super.start()

        let catalog = CatalogCoordinator(rootViewController: UINavigationController())
        catalog.appDependency = appDependency
        startChild(coordinator: catalog)
        catalogCoordinator = catalog

        let cart = CartCoordinator(rootViewController: UINavigationController())
        cart.appDependency = appDependency
        startChild(coordinator: cart)
        cartCoordinator = cart

        let account = AccountCoordinator(rootViewController: UINavigationController())
        account.appDependency = appDependency
        startChild(coordinator: account)
        accountCoordinator = account

        rootViewController.viewControllers = [
            catalog.rootViewController,
            cart.rootViewController,
            account.rootViewController,
        ]
        rootViewController.tabBar.isTranslucent = true

        NotificationCenter.default.addObserver(
            self,
            selector: #selector(cartDidChange(_:)),
            name: CartStore.didChangeNotification,
            object: appDependency.cart
        )
        updateCartBadge()
    }

    /// Messages nobody below handled continue to the app delegate.
    override var coordinatingResponder: UIResponder? {
        return UIApplication.shared.delegate as? UIResponder
    }

    // MARK: - Pages

    func display(page: Page) {
        self.page = page

        switch page {
        case .catalog:
            selectTab(of: catalogCoordinator)
            catalogCoordinator?.setupActivePage(.home)
        case .cart:
            selectTab(of: cartCoordinator)
            cartCoordinator?.setupActivePage(.cart)
        case .login:
            selectTab(of: accountCoordinator)
            accountCoordinator?.setupActivePage(.login)
        case .orders:
            selectTab(of: accountCoordinator)
            accountCoordinator?.setupActivePage(.orders)
        }
    }

    private func selectTab(of coordinator: NavigationCoordinator?) {
        guard let nc = coordinator?.rootViewController else { return }
        if rootViewController.presentedViewController != nil {
            rootViewController.dismiss(animated: false)
        }
        rootViewController.selectedViewController = nc
    }

    // MARK: - Cart badge

    @objc private func cartDidChange(_ note: Notification) {
        updateCartBadge()
    }

    private func updateCartBadge() {
        let count = appDependency.cart.itemCount
        cartCoordinator?.rootViewController.tabBarItem.badgeValue = count > 0 ? "\(count)" : nil
    }

    // MARK: - Coordinating messages

    override func globalDisplay(page: PageBox, sender: Any?) {
        display(page: page.unbox)
    }

    override func cartAdd(item: ProductBox, sender: Any?) {
        appDependency.cart.add(item.unbox)
    }
}
