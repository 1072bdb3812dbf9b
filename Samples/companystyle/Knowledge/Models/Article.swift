import Foundation

struct ArticleID: RawRepresentable, Hashable, Codable {
    let rawValue: String
}

enum Topic: String, Codable, CaseIterable {
    case science
    case history
    case technology
    case culture

    var title: String {
        rawValue.capitalized
    }
}

/// The lightweight form used by lists, bookmarks and "related" rails.
struct ArticleSummary: Codable, Hashable {
    let id: ArticleID
    let title: String
    let teaser: String
    let topic: Topic
    let readingMinutes: Int
}

struct Article: Codable, Hashable {
    let id: ArticleID
    let title: String
    let author: String
    let topic: Topic
    let publishedAt: Date
    let body: String
    let readingMinutes: Int
    let sourceURL: URL?
    let related: [ArticleSummary]

    var summary: ArticleSummary {
        ArticleSummary(
            id: id,
            title: title,
            teaser: String(body.prefix(140)),
            topic: topic,
            readingMinutes: readingMinutes
        )
    }
}
