import NavGraphModel

/// The default: one line per finding, colour only on a terminal. (The stale baseline entries and the
/// summary go to standard error, written by the lint command for every reporter.)
public enum TextReporter: LintReporter {
    public static let id = "text"
    public static let summary = "One line per finding, coloured on a terminal (default)."

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
            // `neutralized` on the pieces around the colour codes, which are navgraph's own; the place (or,
            // without one, the severity) starts the line.
            let place = report.location(f).map { neutralized("\($0): ") } ?? ""
            out += "\(place)\(sev)\(neutralized(": \(f.message) ", atLineStart: false))\(paint("[\(f.rule)]", "2"))\n"
        }
        return out
    }
}
