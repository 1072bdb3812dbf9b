import Foundation
import NavGraphModel

/// Findings accepted as they are. An entry is a finding's fingerprint: rule, symbol, file and the source
/// text of the line the finding is on, with its whitespace normalised (not the line number, so edits
/// above a finding do not break the baseline). The text tells two occurrences of one rule and symbol
/// apart, so a new duplicate of a known finding is reported, and exactly the new one.
///
/// Version 1 baselines (no `text`) still load: their entries match by rule, symbol and file, as before.
/// Writing the baseline again (`--write-baseline`) upgrades it to version 2.
public struct Baseline: Codable, Sendable, Equatable {
    public struct Entry: Codable, Sendable, Hashable, Comparable {
        public var rule: String
        public var symbol: String
        public var file: String
        /// The finding's line with whitespace runs collapsed to one space and trimmed; nil in a version 1
        /// baseline, and for a finding without a location.
        public var text: String?

        public init(_ f: Finding, text: String? = nil) {
            rule = f.rule
            symbol = f.symbol
            file = f.file
            self.text = text
        }

        /// The entry without its text: what a version 1 baseline keys on, and the fallback match.
        var coarse: Entry { var e = self; e.text = nil; return e }

        public static func < (a: Entry, b: Entry) -> Bool {
            (a.file, a.rule, a.symbol, a.text ?? "") < (b.file, b.rule, b.symbol, b.text ?? "")
        }
    }

    public static let currentVersion = 2
    public var version = Baseline.currentVersion
    public var entries: [Entry]

    /// - Parameter text: the source text of a finding's line (see `normalised`), nil when unknown.
    public init(findings: [Finding], text: (Finding) -> String? = { _ in nil }) {
        entries = findings.map { Entry($0, text: text($0).map(Baseline.normalised)) }.sorted()
    }

    /// Whitespace runs become one space; leading and trailing whitespace goes.
    public static func normalised(_ s: String) -> String {
        s.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    public func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)).map { $0 + Data("\n".utf8) } ?? Data()
    }

    public enum DecodeError: Error, CustomStringConvertible {
        case newerVersion(Int)
        public var description: String {
            switch self {
            case .newerVersion(let v):
                return "it is a version \(v) baseline, newer than this navgraph reads (\(Baseline.currentVersion)); update navgraph or write the baseline again"
            }
        }
    }

    public static func decode(_ data: Data) throws -> Baseline {
        let b = try JSONDecoder().decode(Baseline.self, from: data)
        if b.version > currentVersion { throw DecodeError.newerVersion(b.version) }
        return b
    }

    public struct Comparison: Sendable {
        /// Findings not in the baseline: these are reported.
        public var new: [Finding]
        /// How many findings the baseline hid.
        public var baselined: Int
        /// Baseline entries that no longer occur.
        public var stale: [Entry]
    }

    /// Matches findings against entries as a multiset: two identical findings need two entries. Exact
    /// fingerprints (with the text) match first, in the findings' order; the entries left then match the
    /// findings left by rule, symbol and file (a version 1 entry, or a line whose text was edited), so a
    /// duplicate whose text is already matched is the one reported as new.
    public func compare(_ findings: [Finding], text: (Finding) -> String? = { _ in nil }) -> Comparison {
        var exact: [Entry: Int] = [:]
        for e in entries where e.text != nil { exact[e, default: 0] += 1 }
        var matched = [Bool](repeating: false, count: findings.count)
        var keys: [Entry] = []
        for (i, f) in findings.enumerated() {
            let k = Entry(f, text: text(f).map(Baseline.normalised))
            keys.append(k)
            guard k.text != nil, let n = exact[k], n > 0 else { continue }
            exact[k] = n - 1
            matched[i] = true
        }
        // The entries no exact match used, by rule, symbol and file.
        var coarse: [Entry: [Entry]] = [:]
        for e in entries where e.text == nil { coarse[e, default: []].append(e) }
        for (e, n) in exact where n > 0 { coarse[e.coarse, default: []] += Array(repeating: e, count: n) }
        for (i, k) in keys.enumerated() where !matched[i] {
            guard var list = coarse[k.coarse], !list.isEmpty else { continue }
            list.removeFirst()
            coarse[k.coarse] = list
            matched[i] = true
        }
        let new = findings.indices.filter { !matched[$0] }.map { findings[$0] }
        let stale = coarse.values.joined().sorted()
        return Comparison(new: new, baselined: findings.count - new.count, stale: stale)
    }
}
