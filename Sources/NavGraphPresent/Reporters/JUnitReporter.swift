import NavGraphModel

/// JUnit XML: one failing test case per finding, with `file` and `line` (none for a finding without a
/// location), and one passing test case per rule that found nothing, so a clean run is not `tests="0"`.
public enum JUnitReporter: LintReporter {
    public static let id = "junit"
    public static let summary = "JUnit XML, one failed test case per finding and a passing one per clean rule."

    public static func render(_ report: LintReport, colors: Bool) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        let failures = report.findings.count
        let fired = Set(report.findings.map(\.rule))
        let clean = report.rules.filter { !fired.contains($0.id) }
        let n = failures + clean.count
        out += "<testsuites name=\"navgraph\" tests=\"\(n)\" failures=\"\(failures)\" errors=\"0\">\n"
        out += "  <testsuite name=\"navgraph lint\" tests=\"\(n)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\">\n"
        for f in report.findings {
            let path = report.path(f)
            let place = f.file.isEmpty ? "" : " file=\"\(xmlEscape(path))\" line=\"\(f.line)\""
            let classname = f.file.isEmpty ? "navgraph.\(f.rule)" : path
            out += "    <testcase classname=\"\(xmlEscape(classname))\" name=\"\(xmlEscape("\(f.rule): \(f.symbol)"))\"\(place)>\n"
            let text = report.location(f).map { "\($0): \(f.message)" } ?? f.message
            out += "      <failure type=\"\(f.severity.rawValue)\" message=\"\(xmlEscape(f.message))\">\(xmlEscape(text))</failure>\n"
            out += "    </testcase>\n"
        }
        for r in clean {
            out += "    <testcase classname=\"navgraph.rules\" name=\"\(xmlEscape(r.id))\"/>\n"
        }
        out += "  </testsuite>\n</testsuites>\n"
        return breakingLegacyWorkflowCommands(out, escapedBracket: "&#91;")
    }
}
