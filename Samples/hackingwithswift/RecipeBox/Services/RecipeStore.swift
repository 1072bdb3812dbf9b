import Foundation

final class RecipeStore {
    static let shared = RecipeStore()

    private(set) var allRecipes: [Recipe] = []
    private var favouriteIDs: Set<UUID>
    private let defaults: UserDefaults
    private static let favouritesKey = "favouriteRecipeIDs"

    init(defaults: UserDefaults = .standard) {
        self.defaults = defaults
        let stored = defaults.stringArray(forKey: Self.favouritesKey) ?? []
        favouriteIDs = Set(stored.compactMap(UUID.init(uuidString:)))
    }

    func loadBundledRecipes() {
        guard allRecipes.isEmpty,
              let url = Bundle.main.url(forResource: "recipes", withExtension: "json"),
              let data = try? Data(contentsOf: url),
              let decoded = try? JSONDecoder().decode([Recipe].self, from: data) else { return }
        allRecipes = decoded.sorted { $0.title < $1.title }
    }

    func add(_ recipe: Recipe) {
        allRecipes.removeAll { $0.id == recipe.id }
        allRecipes.append(recipe)
        allRecipes.sort { $0.title < $1.title }
    }

    func search(_ text: String) -> [Recipe] {
        let query = text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        guard !query.isEmpty else { return allRecipes }
        return allRecipes.filter { recipe in
            recipe.title.lowercased().contains(query)
                || recipe.tags.contains { $0.lowercased().contains(query) }
                || recipe.ingredients.contains { $0.name.lowercased().contains(query) }
        }
    }

    func related(to recipe: Recipe, limit: Int = 3) -> [Recipe] {
        let tags = Set(recipe.tags)
        return allRecipes
            .filter { $0.id != recipe.id && !tags.isDisjoint(with: $0.tags) }
            .prefix(limit)
            .map { $0 }
    }

    // MARK: - Favourites

    var favourites: [Recipe] {
        allRecipes.filter { favouriteIDs.contains($0.id) }
    }

    func isFavourite(_ recipe: Recipe) -> Bool {
        favouriteIDs.contains(recipe.id)
    }

    func toggleFavourite(_ recipe: Recipe) {
        if favouriteIDs.contains(recipe.id) {
            favouriteIDs.remove(recipe.id)
        } else {
            favouriteIDs.insert(recipe.id)
        }
        defaults.set(favouriteIDs.map(\.uuidString), forKey: Self.favouritesKey)
    }
}
