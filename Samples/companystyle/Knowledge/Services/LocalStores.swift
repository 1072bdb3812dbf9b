import Foundation

/// @mockable
protocol BookmarkStoreType: AnyObject {
    var bookmarks: [ArticleSummary] { get }

    func isBookmarked(_ id: ArticleID) -> Bool
    func toggle(_ article: ArticleSummary)
    func removeAll()
}

final class BookmarkStore: BookmarkStoreType {

    private static let key = "bookmarks.v1"

    private let defaults: UserDefaults
    private(set) var bookmarks: [ArticleSummary]

    init(defaults: UserDefaults) {
        self.defaults = defaults
        if let data = defaults.data(forKey: Self.key),
           let stored = try? JSONDecoder().decode([ArticleSummary].self, from: data) {
            bookmarks = stored
        } else {
            bookmarks = []
        }
    }

    func isBookmarked(_ id: ArticleID) -> Bool {
        bookmarks.contains { $0.id == id }
    }

    func toggle(_ article: ArticleSummary) {
        if let index = bookmarks.firstIndex(where: { $0.id == article.id }) {
            bookmarks.remove(at: index)
        } else {
            bookmarks.insert(article, at: 0)
        }
        persist()
    }

    func removeAll() {
        bookmarks.removeAll()
        persist()
    }

    private func persist() {
        let data = try? JSONEncoder().encode(bookmarks)
        defaults.set(data, forKey: Self.key)
    }
}

final class SettingsStore {

    private enum Key {
        static let onboarding = "settings.onboardingCompleted"
        static let notifications = "settings.notificationsEnabled"
        static let lastInvite = "settings.lastInvitePrompt"
    }

    private let defaults: UserDefaults

    init(defaults: UserDefaults) {
        self.defaults = defaults
    }

    var hasCompletedOnboarding: Bool {
        get { defaults.bool(forKey: Key.onboarding) }
        set { defaults.set(newValue, forKey: Key.onboarding) }
    }

    var notificationsEnabled: Bool {
        get { defaults.bool(forKey: Key.notifications) }
        set { defaults.set(newValue, forKey: Key.notifications) }
    }

    var lastInvitePromptDate: Date? {
        get { defaults.object(forKey: Key.lastInvite) as? Date }
        set { defaults.set(newValue, forKey: Key.lastInvite) }
    }

    var referralURL: URL {
        URL(string: "https://knowledge.app/invite")!
    }

    var appVersion: String {
        let info = Bundle.main.infoDictionary
        let version = info?["CFBundleShortVersionString"] as? String ?? "–"
        let build = info?["CFBundleVersion"] as? String ?? "–"
        return "\(version) (\(build))"
    }
}
