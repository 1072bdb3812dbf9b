import NavGraphModel

/// JUnit XML: one test case per finding, failing; CI systems show them as failed tests.
public enum JUnitReporter: LintReporter {
    public static let id = "junit"
    public static let summary = "JUnit XML, one failed test case per finding."

    public static func render(_ report: LintReport, colors: Bool) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        let n = report.findings.count
        out += "<testsuites name=\"navgraph\" tests=\"\(n)\" failures=\"\(n)\" errors=\"0\">\n"
        out += "  <testsuite name=\"navgraph lint\" tests=\"\(n)\" failures=\"\(n)\" errors=\"0\" skipped=\"0\">\n"
        for f in report.findings {
            let path = report.path(f)
            out += "    <testcase classname=\"\(xmlEscape(path))\" name=\"\(xmlEscape("\(f.rule): \(f.symbol)"))\">\n"
            out += "      <failure type=\"\(f.severity.rawValue)\" message=\"\(xmlEscape(f.message))\">\(xmlEscape("\(path):\(f.line): \(f.message)"))</failure>\n"
            out += "    </testcase>\n"
        }
        out += "  </testsuite>\n</testsuites>\n"
        return out
    }
}
