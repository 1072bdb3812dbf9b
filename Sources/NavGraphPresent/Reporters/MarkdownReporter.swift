import NavGraphModel

/// Markdown for a pull-request comment or a GitHub job summary (`>> $GITHUB_STEP_SUMMARY`).
public enum MarkdownReporter: LintReporter {
    public static let id = "markdown"
    public static let summary = "A Markdown table for a pull-request comment or job summary."

    /// Table cells: pipes, backticks, angle brackets and newlines would break the table or inject HTML.
    static func cell(_ s: String) -> String {
        var out = ""
        for ch in s {
            switch ch {
            case "|": out += "\\|"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "&": out += "&amp;"
            case "`": out += "\\`"
            case "*", "_", "[", "]": out += "\\\(ch)"
            case "\n", "\r": out += " "
            default: out += visibleControlCharacters(String(ch))
            }
        }
        return out
    }

    public static func render(_ report: LintReport, colors: Bool) -> String {
        var out = "### navgraph\n\n"
        if report.findings.isEmpty {
            out += "No navigation findings. \(cell(report.summary))\n"
        } else {
            out += "\(cell(report.summary))\n\n| Severity | Rule | Location | Finding |\n|---|---|---|---|\n"
            for f in report.findings {
                let icon = f.severity == .error ? "🛑 error" : (f.severity == .warning ? "⚠️ warning" : "ℹ️ note")
                out += "| \(icon) | `\(f.rule)` | \(report.location(f).map(cell) ?? "(whole app)") | \(cell(f.message)) |\n"
            }
        }
        if !report.stale.isEmpty {
            out += "\n<details><summary>\(report.stale.count) stale baseline entries</summary>\n\n"
            for s in report.stale { out += "- `\(s.rule)` \(cell(s.symbol)) (\(cell(s.file)))\n" }
            out += "\n</details>\n"
        }
        return out
    }
}
