import NavGraphModel

/// GitHub Actions workflow commands: each finding becomes an annotation on the pull request.
public enum GitHubActionsReporter: LintReporter {
    public static let id = "github-actions"
    public static let summary = "::warning/::error workflow commands that annotate the pull request."

    /// Escaping from the workflow-command spec: data escapes %, CR, LF; properties also `:` and `,`.
    /// Other control characters (an escape sequence in a file name would recolour the log) are shown escaped
    /// by `neutralized`. The line's `::` is navgraph's own, so only the pieces from the tree go through it,
    /// as pieces within the line.
    static func data(_ s: String) -> String {
        neutralized(s.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A"), atLineStart: false)
    }

    static func property(_ s: String) -> String {
        data(s).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }

    public static func render(_ report: LintReport, colors: Bool) -> String {
        report.findings.map { f in
            let command = f.severity == .error ? "error" : (f.severity == .warning ? "warning" : "notice")
            let place = f.file.isEmpty ? "" : "file=\(property(report.path(f))),line=\(f.line),"
            return "::\(command) \(place)title=\(property("navgraph \(f.rule)"))::\(data(f.message))\n"
        }.joined()
    }
}
