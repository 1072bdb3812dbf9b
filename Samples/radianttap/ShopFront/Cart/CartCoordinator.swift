import UIKit
import Coordinator

final class CartCoordinator: NavigationCoordinator {

    enum Page {
        case cart
        case checkout
        case confirmation(Order)
    }

    var page: Page = .cart

    var appDependency: AppDependency? {
        didSet { processQueuedMessages() }
    }

    // MARK: - Lifecycle

    override func start() {
        super.start()
        rootViewController.tabBarItem = UITabBarItem(
            title: NSLocalizedString("Cart", comment: ""),
            image: UIImage(systemName: "cart"),
            tag: 1
        )

        NotificationCenter.default.addObserver(
            self,
            selector: #selector(cartDidLoad(_:)),
            name: CartStore.didLoadNotification,
            object: nil
        )
        setupActivePage()
    }

    @objc private func cartDidLoad(_ note: Notification) {
        processQueuedMessages()
    }

    // MARK: - Pages

    func setupActivePage(_ page: Page? = nil) {
        let p = page ?? self.page
        self.page = p

        switch p {
        case .cart:
            root(prepareCart())

        case .checkout:
            let vc = CheckoutViewController.instantiate(fromStoryboardNamed: "Cart")
            vc.cartStore = appDependency?.cart
            vc.isSignedIn = appDependency?.account.isSignedIn ?? false
            show(vc)

        case .confirmation(let order):
            let vc = OrderConfirmationViewController(order: order)
            vc.modalPresentationStyle = .formSheet
            present(vc)
        }
    }

    private func prepareCart() -> CartViewController {
        let vc = CartViewController()
        vc.cartStore = appDependency?.cart
        return vc
    }

    // MARK: - Coordinating messages

    override func cartRemove(item: ProductBox, sender: Any?) {
        appDependency?.cart.remove(item.unbox)
    }

    override func cartCheckout(sender: Any?) {
        // The cart is restored from disk at launch; a very early tap has to wait for it.
        guard let cart = appDependency?.cart, cart.isLoaded else {
            enqueueMessage { [unowned self] in
                self.cartCheckout(sender: sender)
            }
            return
        }
        guard cart.itemCount > 0 else { return }
        setupActivePage(.checkout)
    }

    override func checkoutPlaceOrder(sender: Any?) {
        guard let dependency = appDependency else { return }
        let order = dependency.cart.placeOrder()
        dependency.account.record(order)

        rootViewController.popToRootViewController(animated: false)
        setupActivePage(.confirmation(order))
    }
}
