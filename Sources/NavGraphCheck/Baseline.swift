import Foundation
import NavGraphModel

/// Findings accepted as they are. Entries are keyed by rule, symbol and file, not by line, so edits
/// above a finding do not break the baseline.
public struct Baseline: Codable, Sendable, Equatable {
    public struct Entry: Codable, Sendable, Hashable, Comparable {
        public var rule: String
        public var symbol: String
        public var file: String

        public init(_ f: Finding) {
            rule = f.rule
            symbol = f.symbol
            file = f.file
        }

        public static func < (a: Entry, b: Entry) -> Bool { (a.file, a.rule, a.symbol) < (b.file, b.rule, b.symbol) }
    }

    public var version = 1
    public var entries: [Entry]

    public init(findings: [Finding]) { entries = findings.map(Entry.init).sorted() }

    public func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)).map { $0 + Data("\n".utf8) } ?? Data()
    }

    public static func decode(_ data: Data) throws -> Baseline { try JSONDecoder().decode(Baseline.self, from: data) }

    public struct Comparison: Sendable {
        /// Findings not in the baseline: these are reported.
        public var new: [Finding]
        /// How many findings the baseline hid.
        public var baselined: Int
        /// Baseline entries that no longer occur.
        public var stale: [Entry]
    }

    /// Matches findings against entries as a multiset: two identical findings need two entries.
    public func compare(_ findings: [Finding]) -> Comparison {
        var remaining: [Entry: Int] = [:]
        for e in entries { remaining[e, default: 0] += 1 }
        var new: [Finding] = []
        var baselined = 0
        for f in findings {
            let k = Entry(f)
            if let n = remaining[k], n > 0 { remaining[k] = n - 1; baselined += 1 } else { new.append(f) }
        }
        let stale = remaining.flatMap { Array(repeating: $0.key, count: $0.value) }.sorted()
        return Comparison(new: new, baselined: baselined, stale: stale)
    }
}
