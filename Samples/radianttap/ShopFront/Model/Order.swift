import Foundation

struct Order: Hashable, Codable {
    struct Line: Hashable, Codable {
        let product: Product
        var quantity: Int
    }

    let id: String
    let placedAt: Date
    let lines: [Line]

    var total: Decimal {
        lines.reduce(0) { $0 + $1.product.price * Decimal($1.quantity) }
    }

    var itemCount: Int {
        lines.reduce(0) { $0 + $1.quantity }
    }
}
