import NavGraphModel

/// Findings, stale baseline entries and counts as JSON.
public enum JSONReporter: LintReporter {
    public static let id = "json"
    public static let summary = "Findings, stale baseline entries and counts as JSON."

    struct Document: Encodable {
        var tool = "navgraph"
        var version: String
        var files: Int
        var errors: Int
        var warnings: Int
        var baselined: Int
        var findings: [Item]
        var stale: [Stale]
    }

    /// A finding as `Finding` encodes it, except that one without a location (`no-root`) has no
    /// `file` and `line` keys rather than an empty file and line 0.
    struct Item: Encodable {
        var finding: Finding
        enum CodingKeys: String, CodingKey { case rule, severity, symbol, message, file, line, evidence }
        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(finding.rule, forKey: .rule)
            try c.encode(finding.severity, forKey: .severity)
            try c.encode(finding.symbol, forKey: .symbol)
            try c.encode(finding.message, forKey: .message)
            if !finding.file.isEmpty {
                try c.encode(finding.file, forKey: .file)
                try c.encode(finding.line, forKey: .line)
            }
            try c.encodeIfPresent(finding.evidence, forKey: .evidence)
        }
    }

    struct Stale: Encodable {
        var rule: String
        var symbol: String
        var file: String
    }

    public static func render(_ report: LintReport, colors: Bool) -> String {
        encodeJSON(Document(version: report.toolVersion, files: report.fileCount, errors: report.errorCount,
                            warnings: report.warningCount, baselined: report.baselined, findings: report.findings.map(Item.init),
                            stale: report.stale.map { Stale(rule: $0.rule, symbol: $0.symbol, file: $0.file) }))
    }
}
