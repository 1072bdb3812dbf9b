import NavGraphModel

/// `file:line:col: warning: message [rule]`: what Xcode build phases (and most editors) turn into issues.
public enum XcodeReporter: LintReporter {
    public static let id = "xcode"
    public static let summary = "file:line:col: severity: message [rule], for Xcode build phases and editors."

    public static func render(_ report: LintReport, colors: Bool) -> String {
        report.findings.map { f in
            // Without a location, `error: message` is still an issue in Xcode's navigator.
            neutralized((report.location(f).map { "\($0):1: " } ?? "") + "\(f.severity.rawValue): \(f.message) [\(f.rule)]") + "\n"
        }.joined()
    }
}
