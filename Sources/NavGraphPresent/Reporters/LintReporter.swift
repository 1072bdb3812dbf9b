import Foundation
import NavGraphModel

/// What a lint reporter needs to know of a rule.
public struct RuleMetadata: Sendable {
    public var id: String
    public var name: String
    public var summary: String
    public var howToFix: String
    public var defaultSeverity: Severity
    /// Where the rule is documented (the README's anchor for it), for SARIF's `helpUri`.
    public var helpURI: String?

    public init(id: String, name: String, summary: String, howToFix: String, defaultSeverity: Severity, helpURI: String? = nil) {
        self.id = id
        self.name = name
        self.summary = summary
        self.howToFix = howToFix
        self.defaultSeverity = defaultSeverity
        self.helpURI = helpURI
    }

    /// `dead-route` → `DeadRoute`: SARIF's rule `name` style.
    public var upperCamelName: String {
        id.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }
}

/// One lint run, as reporters see it.
public struct LintReport: Sendable {
    public struct StaleEntry: Sendable, Hashable {
        public var rule: String
        public var symbol: String
        public var file: String
        public init(rule: String, symbol: String, file: String) { self.rule = rule; self.symbol = symbol; self.file = file }
    }

    /// Reported findings (after suppressions and the baseline), sorted.
    public var findings: [Finding]
    /// The folder as given on the command line; finding paths are relative to it.
    public var root: String
    public var fileCount: Int
    public var rules: [RuleMetadata]
    public var toolVersion: String
    /// Findings hidden by the baseline, and baseline entries that no longer occur.
    public var baselined: Int = 0
    public var stale: [StaleEntry] = []
    /// Findings counted in the baseline file, when one was given.
    public var baselineCount: Int?
    /// The analyzed folder as an absolute path, and the repository root above it (the folder with `.git`,
    /// else the analyzed folder): SARIF's URIs are relative to the latter (`%SRCROOT%`). Nil in tests that
    /// render a report without a file system; SARIF then uses `path(_:)` relative to `%SRCROOT%`.
    public var absoluteRoot: String?
    public var sourceRoot: String?
    /// Each finding's source line, whitespace normalised (as the baseline keys it), when it could be read:
    /// SARIF's line fingerprint, which tells two occurrences of one rule and symbol in a file apart.
    public var lineTexts: [Finding: String] = [:]

    public init(findings: [Finding], root: String, fileCount: Int, rules: [RuleMetadata], toolVersion: String) {
        self.findings = findings
        self.root = root
        self.fileCount = fileCount
        self.rules = rules
        self.toolVersion = toolVersion
    }

    /// A finding's path as the user's shell sees it: the analyzed folder joined with the relative path.
    /// A finding without a location (`no-root`) has the empty path.
    public func path(_ f: Finding) -> String {
        if f.file.isEmpty { return "" }
        var r = root
        while r.hasSuffix("/") && r.count > 1 { r.removeLast() }
        if r == "." || r.isEmpty { return f.file }
        if r.hasPrefix("./") { r.removeFirst(2) }
        return r + "/" + f.file
    }

    /// `path:line` of a finding, or nil for a finding about the whole app (`no-root`), which has no location.
    public func location(_ f: Finding) -> String? { f.file.isEmpty ? nil : "\(path(f)):\(f.line)" }

    public var errorCount: Int { findings.filter { $0.severity == .error }.count }
    public var warningCount: Int { findings.filter { $0.severity == .warning }.count }

    /// One line for the end of a run: counts, and what the baseline changed.
    public var summary: String {
        var s = "\(fileCount) files, \(errorCount) error\(errorCount == 1 ? "" : "s"), \(warningCount) warning\(warningCount == 1 ? "" : "s")"
        let notes = findings.count - errorCount - warningCount
        if notes > 0 { s += ", \(notes) note\(notes == 1 ? "" : "s")" }
        if let before = baselineCount {
            let now = findings.count + baselined
            let delta = now - before
            s += "; baseline: \(baselined) hidden, \(stale.count) stale, \(delta >= 0 ? "+" : "")\(delta) since the baseline (\(before) → \(now))"
        }
        return s
    }
}

/// A lint output format. Adding one is adding a file and a line in `ReporterRegistry.all`.
public protocol LintReporter {
    static var id: String { get }
    static var summary: String { get }
    /// `colors` is true only when writing to a terminal.
    static func render(_ report: LintReport, colors: Bool) -> String
}

public enum ReporterRegistry {
    public static let all: [any LintReporter.Type] = [
        TextReporter.self,
        XcodeReporter.self,
        JSONReporter.self,
        SARIFReporter.self,
        GitHubActionsReporter.self,
        JUnitReporter.self,
        CheckstyleReporter.self,
        MarkdownReporter.self,
    ]

    public static func reporter(_ id: String) -> (any LintReporter.Type)? { all.first { $0.id == id } }
}

/// XML text and attribute escaping.
public func xmlEscape(_ s: String) -> String {
    var out = ""
    for ch in s.unicodeScalars {
        switch ch {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "'": out += "&apos;"
        case "\n": out += "&#10;"
        case "\r": out += "&#13;"
        case "\t": out += "&#9;"
        default:
            // XML 1.0 forbids most control characters even as references.
            if ch.value < 0x20 { out += "\u{FFFD}" } else { out.unicodeScalars.append(ch) }
        }
    }
    return out
}

func encodeJSON<T: Encodable>(_ value: T) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return breakingLegacyWorkflowCommands(String(decoding: (try? encoder.encode(value)) ?? Data(), as: UTF8.self) + "\n", escapedBracket: "\\u005B")
}
