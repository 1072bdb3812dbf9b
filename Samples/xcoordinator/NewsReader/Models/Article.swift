import Foundation

struct Article: Hashable, Codable {
    let id: String
    let title: String
    let summary: String
    let body: String
    let author: String
    let section: String
    let publishedAt: Date
    let url: URL
    let imageURLs: [URL]
    let commentCount: Int
}

struct Comment: Hashable, Codable {
    let id: String
    let author: String
    let text: String
    let postedAt: Date
}
