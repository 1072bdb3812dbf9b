import NavGraphModel

/// The default: one line per finding, colour only on a terminal, and a summary.
public enum TextReporter: LintReporter {
    public static let id = "text"
    public static let summary = "One line per finding, coloured on a terminal, then a summary (default)."

    public static func render(_ report: LintReport, colors: Bool) -> String {
        func paint(_ s: String, _ code: String) -> String { colors ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s }
        var out = ""
        for f in report.findings {
            let sev: String
            switch f.severity {
            case .error: sev = paint("error", "1;31")
            case .warning: sev = paint("warning", "1;33")
            case .note: sev = paint("note", "1;36")
            }
            out += "\(visibleControlCharacters(report.path(f))):\(f.line): \(sev): \(visibleControlCharacters(oneLine(f.message))) \(paint("[\(f.rule)]", "2"))\n"
        }
        for s in report.stale { out += "stale baseline entry: \(s.rule) \(s.symbol) (\(s.file))\n" }
        out += "navgraph: \(report.summary)\n"
        return out
    }
}
