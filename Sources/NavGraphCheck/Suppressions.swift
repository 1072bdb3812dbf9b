import NavGraphModel

/// Applies in-source suppression comments to findings and reports the comments that silence nothing.
public enum SuppressionFilter {
    public static let unusedRuleID = "unused-suppression"

    /// - Parameter suppressions: the comments of each file, by relative path.
    /// - Parameter reportUnused: false when some rules did not run, so a comment may be for them.
    public static func apply(_ findings: [Finding], suppressions: [String: [Suppression]], reportUnused: Bool = true) -> [Finding] {
        var used = Set<String>()
        func key(_ file: String, _ s: Suppression) -> String { "\(file):\(s.line)" }
        func covers(_ s: Suppression, _ rule: String) -> Bool { s.rules.isEmpty || s.rules.contains(rule) || s.rules.contains("all") }

        let kept = findings.filter { f in
            guard let list = suppressions[f.file] else { return true }
            for s in list where covers(s, f.rule) {
                switch s.scope {
                case .next where s.line + 1 == f.line, .this where s.line == f.line:
                    used.insert(key(f.file, s))
                    return false
                case .file where s.line <= f.line:
                    // Until a later `enable` of that rule.
                    let reenabled = list.contains { $0.scope == .enable && $0.line > s.line && $0.line <= f.line && covers($0, f.rule) }
                    if !reenabled { used.insert(key(f.file, s)); return false }
                default:
                    continue
                }
            }
            return true
        }
        var unused: [Finding] = []
        // Unknown rule ids are reported whatever ran: no rule has them.
        for (file, list) in suppressions {
            for s in list {
                for id in s.rules where !knownIDs.contains(id) {
                    let directive = s.scope == .enable ? "navgraph:enable" : "navgraph:disable"
                    let hint = suggestion(for: id).map { "; did you mean '\($0)'?" } ?? "; known rules: \(RuleRegistry.all.map { $0.description.id }.joined(separator: ", "))"
                    unused.append(Finding(rule: unusedRuleID, severity: .warning, symbol: "\(file):\(s.line)",
                                          message: "unknown rule '\(id)' in this \(directive) comment\(hint)",
                                          location: SourceLocation(file: file, line: s.line)))
                }
            }
        }
        for (file, list) in reportUnused ? suppressions : [:] {
            // A comment naming only unknown rules is reported above, once.
            for s in list where s.scope != .enable && !used.contains(key(file, s)) && (s.rules.isEmpty || s.rules.contains(where: knownIDs.contains)) {
                let what = s.rules.isEmpty ? "all rules" : s.rules.joined(separator: ", ")
                unused.append(Finding(rule: unusedRuleID, severity: .warning, symbol: "\(file):\(s.line)",
                                      message: "this navgraph:disable comment (\(what)) suppresses nothing; remove it",
                                      location: SourceLocation(file: file, line: s.line)))
            }
        }
        return kept + unused
    }
}

extension SuppressionFilter {
    /// Rule ids a suppression may name: every rule's, and `all`.
    static var knownIDs: Set<String> { Set(RuleRegistry.all.map { $0.description.id } + ["all"]) }

    /// The known rule id closest to `id` by edit distance, when it is close enough to be a typo (at most
    /// a third of its length, and at least 2, edits away).
    static func suggestion(for id: String) -> String? {
        let scored = knownIDs.map { ($0, editDistance(id, $0)) }.sorted { ($0.1, $0.0) < ($1.1, $1.0) }
        guard let best = scored.first, best.1 <= max(2, best.0.count / 3) else { return nil }
        return best.0
    }

    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var row = Array(0...b.count)
        for i in 1...a.count {
            var previous = row[0]
            row[0] = i
            for j in 1...b.count {
                let current = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = current
            }
        }
        return row[b.count]
    }
}

/// Severity overrides, disabled rules and per-rule ignore lists from the configuration.
public struct RuleSettingsFilter: Sendable {
    public var disabled: Set<String>
    public var severities: [String: Severity]
    public var ignored: [String: [String]]

    public init(disabled: Set<String> = [], severities: [String: Severity] = [:], ignored: [String: [String]] = [:]) {
        self.disabled = disabled
        self.severities = severities
        self.ignored = ignored
    }

    public func apply(_ findings: [Finding]) -> [Finding] {
        findings.compactMap { f in
            if disabled.contains(f.rule) { return nil }
            if let patterns = ignored[f.rule], patterns.contains(where: { SymbolPattern.matches($0, f.symbol) }) { return nil }
            var f = f
            if let s = severities[f.rule] { f.severity = s }
            return f
        }
    }
}

enum SymbolPattern {
    /// `*` matches any run of characters.
    static func matches(_ pattern: String, _ s: String) -> Bool {
        let parts = pattern.split(separator: "*", omittingEmptySubsequences: false).map(String.init)
        if parts.count == 1 { return pattern == s }
        guard s.hasPrefix(parts[0]) else { return false }
        var rest = Substring(s.dropFirst(parts[0].count))
        for (i, part) in parts.dropFirst().enumerated() {
            let isLast = i == parts.count - 2
            if isLast { return part.isEmpty || rest.hasSuffix(part) }
            guard let r = rest.range(of: part) else { return false }
            rest = rest[r.upperBound...]
        }
        return true
    }
}
