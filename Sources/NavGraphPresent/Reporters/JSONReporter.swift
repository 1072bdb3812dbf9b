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
        var findings: [Finding]
        var stale: [Stale]
    }

    struct Stale: Encodable {
        var rule: String
        var symbol: String
        var file: String
    }

    public static func render(_ report: LintReport, colors: Bool) -> String {
        encodeJSON(Document(version: report.toolVersion, files: report.fileCount, errors: report.errorCount,
                            warnings: report.warningCount, baselined: report.baselined, findings: report.findings,
                            stale: report.stale.map { Stale(rule: $0.rule, symbol: $0.symbol, file: $0.file) }))
    }
}
