import Foundation

/// @mockable
protocol ArticleServiceType {
    func fetchLatest(completion: @escaping (Result<[ArticleSummary], Error>) -> Void)
    func fetchArticle(id: ArticleID, completion: @escaping (Result<Article, Error>) -> Void)
}

final class ArticleService: ArticleServiceType {

    private let baseURL: URL
    private let session: URLSession
    private let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return decoder
    }()

    init(baseURL: URL, session: URLSession) {
        self.baseURL = baseURL
        self.session = session
    }

    func fetchLatest(completion: @escaping (Result<[ArticleSummary], Error>) -> Void) {
        request(baseURL.appendingPathComponent("articles/latest"), completion: completion)
    }

    func fetchArticle(id: ArticleID, completion: @escaping (Result<Article, Error>) -> Void) {
        request(baseURL.appendingPathComponent("articles/\(id.rawValue)"), completion: completion)
    }

    private func request<T: Decodable>(_ url: URL, completion: @escaping (Result<T, Error>) -> Void) {
        session.dataTask(with: url) { [decoder] data, response, error in
            let result: Result<T, Error>
            if let error = error {
                result = .failure(error)
            } else if let status = (response as? HTTPURLResponse)?.statusCode, !(200..<300).contains(status) {
                result = .failure(URLError(.badServerResponse))
            } else if let data = data {
                result = Result { try decoder.decode(T.self, from: data) }
            } else {
                result = .failure(URLError(.zeroByteResource))
            }
            DispatchQueue.main.async {
                completion(result)
            }
        }.resume()
    }
}
