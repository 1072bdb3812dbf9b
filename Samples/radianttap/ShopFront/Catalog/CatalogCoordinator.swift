import UIKit
import Coordinator

final class CatalogCoordinator: NavigationCoordinator {

    enum Page {
        case home
        case product(Product)
        case featured
    }

    var page: Page = .home

    var appDependency: AppDependency?

    // MARK: - Lifecycle

    override func start() {
        super.start()
        rootViewController.tabBarItem = UITabBarItem(
            title: NSLocalizedString("Shop", comment: ""),
            image: UIImage(systemName: "bag"),
            tag: 0
        )
        rootViewController.navigationBar.prefersLargeTitles = true
        setupActivePage()
    }

    // MARK: - Pages

    func setupActivePage(_ page: Page? = nil) {
        let p = page ?? self.page
        self.page = p

        switch p {
        case .home:
            root(prepareCatalog(featuredOnly: false))

        case .product(let product):
            let vc = ProductDetailViewController(product: product)
            vc.isFavorite = appDependency?.catalog.isFavorite(product) ?? false
            show(vc)

        case .featured:
            show(prepareCatalog(featuredOnly: true))
        }
    }

    private func prepareCatalog(featuredOnly: Bool) -> CatalogViewController {
        let vc = CatalogViewController(featuredOnly: featuredOnly)
        vc.catalogService = appDependency?.catalog
        return vc
    }

    // MARK: - Coordinating messages

    override func catalogShowProduct(item: ProductBox, sender: Any?) {
        setupActivePage(.product(item.unbox))
    }

    /// Analytics only; the cart itself is owned by AppCoordinator.
    override func cartAdd(item: ProductBox, sender: Any?) {
        Analytics.log("cart_add", ["product": item.unbox.id, "source": String(describing: type(of: sender))])
        coordinatingResponder?.cartAdd(item: item, sender: sender)
    }

    override func productShare(item: ProductBox, sender: Any?) {
        Analytics.log("product_share", ["product": item.unbox.id])
        coordinatingResponder?.productShare(item: item, sender: sender)
    }
}

/// Tiny stand-in for the analytics SDK.
enum Analytics {
    static func log(_ event: String, _ parameters: [String: String] = [:]) {
        #if DEBUG
        print("[analytics]", event, parameters)
        #endif
    }
}
