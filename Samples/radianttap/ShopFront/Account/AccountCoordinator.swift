import UIKit
import Coordinator

final class AccountCoordinator: NavigationCoordinator {

    enum Page {
        case overview
        case login
        case orders
    }

    var page: Page = .overview

    var appDependency: AppDependency?

    // MARK: - Lifecycle

    override func start() {
        super.start()
        rootViewController.tabBarItem = UITabBarItem(
            title: NSLocalizedString("Account", comment: ""),
            image: UIImage(systemName: "person.crop.circle"),
            tag: 2
        )
        setupActivePage()
    }

    override func coordinatorDidFinish(_ coordinator: Coordinating) {
        guard coordinator is LoginCoordinator else {
            super.coordinatorDidFinish(coordinator)
            return
        }
        dismiss()
        stopChild(coordinator: coordinator)
        setupActivePage(.overview)
    }

    // MARK: - Pages

    func setupActivePage(_ page: Page? = nil) {
        let p = page ?? self.page
        self.page = p

        switch p {
        case .overview:
            let vc = AccountViewController.instantiate(fromStoryboardNamed: "Account")
            vc.accountManager = appDependency?.account
            root(vc)

        case .login:
            let login = LoginCoordinator(rootViewController: UINavigationController())
            login.appDependency = appDependency
            startChild(coordinator: login)
            login.rootViewController.modalPresentationStyle = .formSheet
            rootViewController.present(login.rootViewController, animated: true)

        case .orders:
            let vc = OrderHistoryViewController(orders: appDependency?.account.orders ?? [])
            show(vc)
        }
    }

    func prepareGiftCards() -> GiftCardsViewController {
        let vc = GiftCardsViewController.instantiate(fromStoryboardNamed: "Account")
        vc.email = appDependency?.account.email
        return vc
    }

    // MARK: - Coordinating messages

    override func accountLogin(sender: Any?) {
        setupActivePage(.login)
    }

    override func accountLogout(sender: Any?) {
        appDependency?.account.signOut()
        setupActivePage(.overview)
    }

    override func globalDisplay(page: PageBox, sender: Any?) {
        switch page.unbox {
        case .orders:
            setupActivePage(.orders)
        default:
            coordinatingResponder?.globalDisplay(page: page, sender: sender)
        }
    }

    /// "Saved for later" used to live on the account tab and shared the cart's
    /// remove message.
    override func cartRemove(item: ProductBox, sender: Any?) {
        appDependency?.cart.remove(item.unbox)
        Analytics.log("saved_for_later_remove", ["product": item.unbox.id])
    }
}
