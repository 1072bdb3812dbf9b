import Foundation

final class CatalogService {

    private(set) var products: [Product] = []
    private(set) var favoriteIDs: Set<String> = []

    init() {
        products = [
            Product(id: "p-100", name: "Linen Shirt", summary: "Breathable summer linen.", price: 49, imageName: "shirt", isFeatured: true),
            Product(id: "p-101", name: "Canvas Tote", summary: "Heavy cotton, inner pocket.", price: 19, imageName: "tote", isFeatured: false),
            Product(id: "p-102", name: "Trail Sneakers", summary: "Grippy soles, recycled mesh.", price: 89, imageName: "sneakers", isFeatured: true),
            Product(id: "p-103", name: "Wool Beanie", summary: "Merino, one size.", price: 25, imageName: "beanie", isFeatured: false),
        ]
    }

    func products(featuredOnly: Bool) -> [Product] {
        featuredOnly ? products.filter(\.isFeatured) : products
    }

    func isFavorite(_ product: Product) -> Bool {
        favoriteIDs.contains(product.id)
    }

    func toggleFavorite(_ product: Product) {
        if favoriteIDs.contains(product.id) {
            favoriteIDs.remove(product.id)
        } else {
            favoriteIDs.insert(product.id)
        }
    }
}
