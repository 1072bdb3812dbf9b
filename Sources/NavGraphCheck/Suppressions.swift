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
        for (file, list) in reportUnused ? suppressions : [:] {
            for s in list where s.scope != .enable && !used.contains(key(file, s)) {
                let what = s.rules.isEmpty ? "all rules" : s.rules.joined(separator: ", ")
                unused.append(Finding(rule: unusedRuleID, severity: .warning, symbol: "\(file):\(s.line)",
                                      message: "this navgraph:disable comment (\(what)) suppresses nothing; remove it",
                                      location: SourceLocation(file: file, line: s.line)))
            }
        }
        return kept + unused
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
