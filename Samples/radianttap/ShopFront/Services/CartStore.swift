import Foundation

final class CartStore {

    static let didChangeNotification = Notification.Name("CartStore.didChange")
    static let didLoadNotification = Notification.Name("CartStore.didLoad")

    private(set) var lines: [Order.Line] = []
    private(set) var isLoaded = false

    var itemCount: Int { lines.reduce(0) { $0 + $1.quantity } }
    var total: Decimal { lines.reduce(0) { $0 + $1.product.price * Decimal($1.quantity) } }

    init() {
        reloadIfNeeded()
    }

    /// The cart is persisted on disk; restoring it is asynchronous.
    func reloadIfNeeded() {
        guard !isLoaded else { return }
        DispatchQueue.global(qos: .userInitiated).async { [weak self] in
            let restored: [Order.Line] = []
            DispatchQueue.main.async {
                guard let self else { return }
                self.lines = restored
                self.isLoaded = true
                NotificationCenter.default.post(name: CartStore.didLoadNotification, object: self)
            }
        }
    }

    func add(_ product: Product) {
        if let index = lines.firstIndex(where: { $0.product == product }) {
            lines[index].quantity += 1
        } else {
            lines.append(Order.Line(product: product, quantity: 1))
        }
        notify()
    }

    func remove(_ product: Product) {
        lines.removeAll { $0.product == product }
        notify()
    }

    func placeOrder() -> Order {
        let order = Order(id: UUID().uuidString.prefix(8).uppercased(), placedAt: Date(), lines: lines)
        lines.removeAll()
        notify()
        return order
    }

    private func notify() {
        NotificationCenter.default.post(name: CartStore.didChangeNotification, object: self)
    }
}
