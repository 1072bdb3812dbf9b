import Foundation

/// Everything a coordinator may need to do its job. Created once by AppCoordinator
/// and handed down to each child coordinator.
struct AppDependency {
    let catalog: CatalogService
    let cart: CartStore
    let account: AccountManager

    init(
        catalog: CatalogService = CatalogService(),
        cart: CartStore = CartStore(),
        account: AccountManager = AccountManager()
    ) {
        self.catalog = catalog
        self.cart = cart
        self.account = account
    }
}
