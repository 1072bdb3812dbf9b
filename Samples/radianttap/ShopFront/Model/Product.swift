import Foundation

struct Product: Hashable, Codable {
    let id: String
    let name: String
    let summary: String
    let price: Decimal
    let imageName: String
    let isFeatured: Bool

    var formattedPrice: String {
        let formatter = NumberFormatter()
        formatter.numberStyle = .currency
        formatter.currencyCode = "EUR"
        return formatter.string(from: price as NSDecimalNumber) ?? "\(price)"
    }

    var shareURL: URL {
        URL(string: "https://shopfront.example.com/p/\(id)")!
    }
}
