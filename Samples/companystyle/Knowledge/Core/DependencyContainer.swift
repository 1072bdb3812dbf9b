import Foundation

protocol HasArticleService {
    var articleService: ArticleServiceType { get }
}

protocol HasBookmarkStore {
    var bookmarkStore: BookmarkStoreType { get }
}

protocol HasSettingsStore {
    var settingsStore: SettingsStore { get }
}

final class DependencyContainer: HasArticleService, HasBookmarkStore, HasSettingsStore {

    static let shared = DependencyContainer()

    lazy var articleService: ArticleServiceType = ArticleService(
        baseURL: URL(string: "https://api.knowledge.app/v2")!,
        session: .shared
    )
    lazy var bookmarkStore: BookmarkStoreType = BookmarkStore(defaults: .standard)
    lazy var settingsStore = SettingsStore(defaults: .standard)

    private init() {}
}

/// Resolves a dependency bundle from the shared container. Used as the default argument of the
/// coordinator initialisers, so call sites (and tests) only pass what they want to replace.
func resolve<T>() -> T {
    guard let resolved = DependencyContainer.shared as? T else {
        preconditionFailure("DependencyContainer does not provide \(T.self)")
    }
    return resolved
}
