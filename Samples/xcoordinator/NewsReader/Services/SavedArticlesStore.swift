import Foundation

/// Articles saved for later, persisted in user defaults. Posts `didChange` after every mutation.
final class SavedArticlesStore {

    static let shared = SavedArticlesStore(defaults: .standard)
    static let didChange = Notification.Name("SavedArticlesStore.didChange")

    private let defaults: UserDefaults
    private let key = "savedArticles"
    private(set) var articles: [Article] = []

    init(defaults: UserDefaults) {
        self.defaults = defaults
        if let data = defaults.data(forKey: key),
           let stored = try? JSONDecoder().decode([Article].self, from: data) {
            articles = stored
        }
    }

    func contains(_ article: Article) -> Bool {
        articles.contains { $0.id == article.id }
    }

    func toggle(_ article: Article) {
        if let index = articles.firstIndex(where: { $0.id == article.id }) {
            articles.remove(at: index)
        } else {
            articles.insert(article, at: 0)
        }
        defaults.set(try? JSONEncoder().encode(articles), forKey: key)
        NotificationCenter.default.post(name: Self.didChange, object: self)
    }
}
