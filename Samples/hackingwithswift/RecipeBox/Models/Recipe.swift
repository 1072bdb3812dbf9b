import Foundation

struct Ingredient: Codable, Hashable {
    var name: String
    var quantity: String
}

struct Recipe: Codable, Hashable, Identifiable {
    let id: UUID
    var title: String
    var summary: String
    var minutes: Int
    var servings: Int
    var calories: Int
    var tags: [String]
    var ingredients: [Ingredient]
    var steps: [String]

    var durationText: String {
        guard minutes >= 60 else { return "\(minutes) min" }
        let remainder = minutes % 60
        return remainder == 0 ? "\(minutes / 60) h" : "\(minutes / 60) h \(remainder) min"
    }

    var caloriesPerServing: Int {
        servings > 0 ? calories / servings : calories
    }
}
