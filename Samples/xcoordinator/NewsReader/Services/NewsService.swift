import Foundation

protocol NewsServiceProtocol: AnyObject {
    func topStories(completion: @escaping (Result<[Article], Error>) -> Void)
    func comments(for article: Article, completion: @escaping (Result<[Comment], Error>) -> Void)
    func cachedArticle(withID id: String) -> Article?
    func article(after article: Article) -> Article?
}

final class NewsService: NewsServiceProtocol {

    static let shared = NewsService(baseURL: URL(string: "https://api.newsreader.example/v1")!)

    private let baseURL: URL
    private let session: URLSession
    private let decoder: JSONDecoder
    private var feed: [Article] = []

    init(baseURL: URL, session: URLSession = .shared) {
        self.baseURL = baseURL
        self.session = session
        self.decoder = JSONDecoder()
        self.decoder.dateDecodingStrategy = .iso8601
    }

    func topStories(completion: @escaping (Result<[Article], Error>) -> Void) {
        get("stories/top") { [weak self] (result: Result<[Article], Error>) in
            if case .success(let articles) = result {
                self?.feed = articles
                self?.persistCache()
            }
            completion(result)
        }
    }

    func comments(for article: Article, completion: @escaping (Result<[Comment], Error>) -> Void) {
        get("stories/\(article.id)/comments", completion: completion)
    }

    func cachedArticle(withID id: String) -> Article? {
        feed.first { $0.id == id }
    }

    func article(after article: Article) -> Article? {
        guard let index = feed.firstIndex(of: article), feed.indices.contains(index + 1) else { return nil }
        return feed[index + 1]
    }

    // MARK: - Offline cache

    private var cacheURL: URL {
        FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask)[0]
            .appendingPathComponent("top-stories.json")
    }

    func restoreCache() {
        guard let data = try? Data(contentsOf: cacheURL),
              let articles = try? decoder.decode([Article].self, from: data) else { return }
        feed = articles
    }

    private func persistCache() {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        try? encoder.encode(feed).write(to: cacheURL, options: .atomic)
    }

    private func get<T: Decodable>(_ path: String, completion: @escaping (Result<T, Error>) -> Void) {
        session.dataTask(with: baseURL.appendingPathComponent(path)) { [decoder] data, _, error in
            let result = Result<T, Error> {
                if let error = error { throw error }
                guard let data = data else { throw URLError(.zeroByteResource) }
                return try decoder.decode(T.self, from: data)
            }
            DispatchQueue.main.async { completion(result) }
        }.resume()
    }
}
