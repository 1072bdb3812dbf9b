import NavGraphModel

/// Markdown for a pull-request comment or a GitHub job summary (`>> $GITHUB_STEP_SUMMARY`).
public enum MarkdownReporter: LintReporter {
    public static let id = "markdown"
    public static let summary = "A Markdown table for a pull-request comment or job summary."

    /// Table cells: pipes, backticks, angle brackets and newlines would break the table or inject HTML.
    /// No link may appear that navgraph did not write: `[` and `]` are escaped, and so is a backslash (else
    /// `\[` in a name reads as an escaped backslash and an open bracket); GitHub also links bare
    /// `https://…` and `www.…`, so the `:` before `/` and the `.` after `www` are escaped. It links `a@b.c`
    /// even with the `@` escaped (its e-mail links are found once escapes are undone), so a word joiner
    /// (U+2060, invisible) follows an `@` that has an address's character before it.
    static func cell(_ s: String) -> String {
        var out = ""
        let chars = Array(s)
        for (i, ch) in chars.enumerated() {
            switch ch {
            case "|": out += "\\|"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "&": out += "&amp;"
            case "`": out += "\\`"
            case "*", "_", "[", "]", "\\": out += "\\\(ch)"
            case "@" where i > 0 && (chars[i - 1].isASCII && (chars[i - 1].isLetter || chars[i - 1].isNumber) || ".+-_".contains(chars[i - 1])):
                out += "@\u{2060}"
            case ":" where i + 1 < chars.count && chars[i + 1] == "/": out += "\\:"
            case "." where i >= 3 && String(chars[(i - 3)..<i]).lowercased() == "www": out += "\\."
            case "\n", "\r": out += " "
            default: out += neutralized(String(ch), atLineStart: false)
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
