import Foundation

/// `@objc` methods can't carry Swift structs or enums, so they travel boxed.

final class ProductBox: NSObject {
    let unbox: Product

    init(_ value: Product) {
        self.unbox = value
        super.init()
    }
}

final class PageBox: NSObject {
    let unbox: AppCoordinator.Page

    init(_ value: AppCoordinator.Page) {
        self.unbox = value
        super.init()
    }
}
