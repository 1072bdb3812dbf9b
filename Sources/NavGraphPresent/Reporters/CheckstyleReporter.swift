import NavGraphModel

/// Checkstyle XML, which Jenkins, GitLab and Danger plugins read.
public enum CheckstyleReporter: LintReporter {
    public static let id = "checkstyle"
    public static let summary = "Checkstyle XML for Jenkins, GitLab and Danger."

    public static func render(_ report: LintReport, colors: Bool) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<checkstyle version=\"4.3\">\n"
        let byFile = Dictionary(grouping: report.findings) { report.path($0) }
        for path in byFile.keys.sorted() {
            out += "  <file name=\"\(xmlEscape(path))\">\n"
            for f in byFile[path]! {
                let line = f.file.isEmpty ? "" : "line=\"\(f.line)\" column=\"1\" "
                out += "    <error \(line)severity=\"\(f.severity == .note ? "info" : f.severity.rawValue)\" message=\"\(xmlEscape(f.message))\" source=\"navgraph.\(xmlEscape(f.rule))\"/>\n"
            }
            out += "  </file>\n"
        }
        out += "</checkstyle>\n"
        return breakingLegacyWorkflowCommands(out, escapedBracket: "&#91;")
    }
}
