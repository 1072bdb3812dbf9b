import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import NavGraphCheck
import NavGraphModel
import NavGraphPresent
import XCTest

/// Issue #36, "lint output people trust": baseline fingerprints, messages that name the uncalled route,
/// suppressions that reject unknown ids, findings without a location, SARIF and JUnit details, and the
/// summary on standard error.
final class LintOutputTrustTests: XCTestCase {
    // MARK: - Baseline fingerprints

    func finding(_ line: Int, symbol: String = "HomeViewController.showDetail", file: String = "Home.swift") -> Finding {
        Finding(rule: "unhandled-action", severity: .error, symbol: symbol, message: "sends it at \(line)",
                location: SourceLocation(file: file, line: line))
    }

    func testANewDuplicateOfABaselinedFindingIsReportedAndExactlyIt() throws {
        let text: [Int: String] = [10: "  coordinator?.showDetail(item)  ", 12: "coordinator?.showDetail(item)",
                                   4: "coordinator?.showDetail(  draft )", 30: "coordinator?.showDetail(draft)"]
        let lookup = { (f: Finding) in text[f.line] }
        let baseline = try Baseline.decode(Baseline(findings: [finding(10)], text: lookup).encoded())
        XCTAssertEqual(baseline.version, 2)
        XCTAssertEqual(baseline.entries.map(\.text), ["coordinator?.showDetail(item)"])

        // The known one moved to line 12 and a duplicate came in above it: the duplicate is new.
        let above = baseline.compare([finding(4), finding(12)], text: lookup)
        XCTAssertEqual(above.new.map(\.line), [4])
        XCTAssertEqual(above.baselined, 1)
        XCTAssertEqual(above.stale, [])
        // ... or below it.
        let below = baseline.compare([finding(12), finding(30)], text: lookup)
        XCTAssertEqual(below.new.map(\.line), [30])
        XCTAssertEqual(below.baselined, 1)
    }

    func testAVersion1BaselineStillLoadsAndMatchesByRuleSymbolAndFile() throws {
        let v1 = """
        {"version": 1, "entries": [{"rule": "unhandled-action", "symbol": "HomeViewController.showDetail", "file": "Home.swift"}]}
        """
        let baseline = try Baseline.decode(Data(v1.utf8))
        XCTAssertEqual(baseline.version, 1)
        let c = baseline.compare([finding(10), finding(12)], text: { _ in "coordinator?.showDetail()" })
        XCTAssertEqual(c.new.map(\.line), [12])
        XCTAssertEqual(c.baselined, 1)

        let future = #"{"version": 3, "entries": []}"#
        XCTAssertThrowsError(try Baseline.decode(Data(future.utf8))) { error in
            XCTAssertEqual("\(error)", "it is a version 3 baseline, newer than this navgraph reads (2); update navgraph or write the baseline again")
        }
    }

    func testTheCommandLineWritesFingerprintsAndRefusesANewerBaseline() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: Repo.binary.path))
        let app = try temporaryApp(["App.swift": LintTests.app, "Promo.swift": "final class PromoViewController:    UIViewController {}\n"])
        defer { try? FileManager.default.removeItem(at: app) }
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("navgraph-baseline-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: base) }
        XCTAssertEqual(try runNavgraph(["lint", app.path, "--write-baseline", base.path]).status, 0)
        let written = try Baseline.decode(Data(contentsOf: base))
        XCTAssertEqual(written.entries.map { "\($0.rule) \($0.file) \($0.text ?? "nil")" },
                       ["unreachable-screen Promo.swift final class PromoViewController: UIViewController {}"])

        try Data(#"{"version": 3, "entries": []}"#.utf8).write(to: base)
        let newer = try runNavgraph(["lint", app.path, "--baseline", base.path])
        XCTAssertEqual(newer.status, 64)
        XCTAssertTrue(newer.stderr.contains("error: cannot use the baseline \(base.path): it is a version 3 baseline, newer than this navgraph reads (2)"), newer.stderr)
    }

    // MARK: - Messages

    func testUnreachableScreenNamesTheRouteNoRootReachesNotItsCoordinator() throws {
        let report = try analyzeSources(["App.swift": OverloadCallTests.source])
        let screen = report.findings.filter { $0.rule == "unreachable-screen" }
        XCTAssertEqual(screen.map(\.message), [
            "screen 'AboutViewController' is unreachable because it is only shown from code no root reaches (MainCoordinator.legacyMenu())",
        ])
    }

    // MARK: - Suppressions

    func testUnknownRuleIDsInSuppressionsAreRejectedWithASuggestion() throws {
        let report = try analyzeSources(["App.swift": LintTests.app, "Legacy.swift": """
        // navgraph:disable:next unreachable-scren
        final class PromoViewController: UIViewController {}
        // navgraph:disable:next unreachable-screen kept for the spring campaign
        final class SpringViewController: UIViewController {}
        // navgraph:disable:next frobnicate - no such rule
        final class OldViewController: UIViewController {}
        // navgraph:disable:next dead-route, unreachable-screen - both, with a reason
        final class OtherViewController: UIViewController {}
        """])
        XCTAssertEqual(report.findings.map { "\($0.file):\($0.line) \($0.rule) \($0.message)" }, [
            "Legacy.swift:1 unused-suppression unknown rule 'unreachable-scren' in this navgraph:disable comment; did you mean 'unreachable-screen'?",
            "Legacy.swift:2 unreachable-screen screen 'PromoViewController' is unreachable because no coordinator or screen ever shows it",
            "Legacy.swift:5 unused-suppression unknown rule 'frobnicate' in this navgraph:disable comment; known rules: dead-route, unreachable-screen, unreachable-coordinator, unhandled-action, unused-action, orphan-handler, no-root, child-never-removed, unused-suppression, ambiguous-type",
            "Legacy.swift:6 unreachable-screen screen 'OldViewController' is unreachable because no coordinator or screen ever shows it",
        ])
    }

    // MARK: - Findings without a location

    static func rules() -> [RuleMetadata] {
        RuleRegistry.all.map { r in
            RuleMetadata(id: r.description.id, name: r.description.name, summary: r.description.summary,
                         howToFix: r.description.howToFix, defaultSeverity: r.description.defaultSeverity, helpURI: r.description.helpURI)
        }
    }

    func testNoRootHasNoLocationInAnyReporter() throws {
        let findings = try analyzeSources(["Screens/Home.swift": "final class HomeViewController: UIViewController {}\n"]).findings.filter { $0.rule == "no-root" }
        XCTAssertEqual(findings.map { "\($0.rule) '\($0.file)' \($0.line)" }, ["no-root '' 0"])
        let report = LintReport(findings: findings, root: "Apps/Home", fileCount: 1, rules: Self.rules(), toolVersion: "0.0.0-test")
        let message = "no entry point found: no app delegate, scene delegate, @main type or configured root"
        for reporter in ReporterRegistry.all {
            let out = reporter.render(report, colors: false)
            XCTAssertFalse(out.contains("Apps/Home"), "\(reporter.id) invents a file:\n\(out)")
            XCTAssertFalse(out.contains(":0"), "\(reporter.id) invents a line:\n\(out)")
            XCTAssertFalse(out.contains("Home.swift"), "\(reporter.id):\n\(out)")
        }
        XCTAssertEqual(TextReporter.render(report, colors: false), "error: \(message) [no-root]\n")
        XCTAssertEqual(XcodeReporter.render(report, colors: false), "error: \(message) [no-root]\n")
        XCTAssertEqual(GitHubActionsReporter.render(report, colors: false), "::error title=navgraph no-root::\(message)\n")
        XCTAssertTrue(MarkdownReporter.render(report, colors: false).contains("| 🛑 error | `no-root` | (whole app) | \(message) |"))
        let json = try JSONSerialization.jsonObject(with: Data(JSONReporter.render(report, colors: false).utf8)) as! [String: Any]
        let item = (json["findings"] as! [[String: Any]])[0]
        XCTAssertEqual(item.keys.sorted(), ["message", "rule", "severity", "symbol"])
        let sarif = try JSONSerialization.jsonObject(with: Data(SARIFReporter.render(report, colors: false).utf8)) as! [String: Any]
        let result = (((sarif["runs"] as! [[String: Any]])[0])["results"] as! [[String: Any]])[0]
        XCTAssertEqual((result["locations"] as! [Any]).count, 0)
        let junit = JUnitReporter.render(report, colors: false)
        XCTAssertTrue(junit.contains("<testcase classname=\"navgraph.no-root\" name=\"no-root: app\">"), junit)
        XCTAssertTrue(junit.contains(">\(message)</failure>"), junit)
    }

    // MARK: - SARIF

    func sarifReport(absoluteRoot: String?, sourceRoot: String?) -> LintReport {
        let findings = [
            Finding(rule: "dead-route", severity: .warning, symbol: "Main.showNews()", message: "route is dead",
                    location: SourceLocation(file: "Coordinators/Main Coordinator.swift", line: 12)),
            Finding(rule: "no-root", severity: .error, symbol: "app", message: "no entry point found", location: SourceLocation(file: "", line: 0)),
        ]
        var report = LintReport(findings: findings, root: "Apps/News", fileCount: 3, rules: Self.rules(), toolVersion: "1.2.3")
        report.absoluteRoot = absoluteRoot
        report.sourceRoot = sourceRoot
        return report
    }

    func sarifJSON(_ report: LintReport) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(SARIFReporter.render(report, colors: false).utf8)) as! [String: Any]
    }

    func testSARIFURIsAreRelativeToTheRepositoryRootWithABaseID() throws {
        let inRepo = try sarifJSON(sarifReport(absoluteRoot: "/home/dev/repo/Apps/News", sourceRoot: "/home/dev/repo"))
        let run = (inRepo["runs"] as! [[String: Any]])[0]
        XCTAssertEqual(run["originalUriBaseIds"] as? NSDictionary,
                       ["%SRCROOT%": ["uri": "file:///home/dev/repo/", "description": ["text": "The repository root (the folder holding .git, else the analyzed folder)."]]] as NSDictionary)
        let artifact = { (log: [String: Any]) -> [String: String] in
            let result = ((log["runs"] as! [[String: Any]])[0]["results"] as! [[String: Any]])[0]
            let loc = (result["locations"] as! [[String: Any]])[0]["physicalLocation"] as! [String: Any]
            return loc["artifactLocation"] as! [String: String]
        }
        XCTAssertEqual(artifact(inRepo), ["uri": "Apps/News/Coordinators/Main%20Coordinator.swift", "uriBaseId": "%SRCROOT%"])
        // Outside the repository root: an absolute file URI, without a base.
        let outside = try sarifJSON(sarifReport(absoluteRoot: "/tmp/News", sourceRoot: "/home/dev/repo"))
        XCTAssertEqual(artifact(outside), ["uri": "file:///tmp/News/Coordinators/Main%20Coordinator.swift"])
        // Without a file system (a rendered report in a test): the path as given, on the base.
        let bare = try sarifJSON(sarifReport(absoluteRoot: nil, sourceRoot: nil))
        XCTAssertEqual(artifact(bare), ["uri": "Apps/News/Coordinators/Main%20Coordinator.swift", "uriBaseId": "%SRCROOT%"])

        let driver = (run["tool"] as! [String: Any])["driver"] as! [String: Any]
        let rule = (driver["rules"] as! [[String: Any]]).first { $0["id"] as? String == "dead-route" }!
        XCTAssertEqual(rule["name"] as? String, "DeadRoute")
        XCTAssertEqual(rule["helpUri"] as? String, "https://github.com/navgraph/navgraph/blob/main/README.md#rule-dead-route")
        XCTAssertEqual((driver["rules"] as! [[String: Any]]).map { $0["name"] as! String }, [
            "DeadRoute", "UnreachableScreen", "UnreachableCoordinator", "UnhandledAction", "UnusedAction", "OrphanHandler",
            "NoRoot", "ChildNeverRemoved", "UnusedSuppression", "AmbiguousType",
        ])
    }

    /// `SARIFSchemaTests` validates against the official schema when it is on the machine; this checks,
    /// offline and always, what that schema requires and constrains, property by property:
    /// `sarifLog` {version: "2.1.0", runs}, `run` {tool}, `tool` {driver}, `toolComponent` {name},
    /// `reportingDescriptor` {id}, `result` {message}, `message` {text}, `artifactLocation.uri` (a URI
    /// reference), `uriBaseId` a string, `region.startLine` ≥ 1, `level` one of its enum, `ruleIndex` ≥ 0,
    /// `originalUriBaseIds` a map of artifactLocations whose `uri` is absolute and ends in `/`, `helpUri` absolute.
    func testSARIFMatchesTheSchemasRequiredStructure() throws {
        for report in [sarifReport(absoluteRoot: "/home/dev/repo/Apps/News", sourceRoot: "/home/dev/repo"),
                       sarifReport(absoluteRoot: "/tmp/News", sourceRoot: "/home/dev/repo"), try ReporterTests.fixture()] {
            let log = try sarifJSON(report)
            XCTAssertEqual(log["version"] as? String, "2.1.0")
            XCTAssertEqual(log["$schema"] as? String, "https://json.schemastore.org/sarif-2.1.0.json")
            let allowedLog: Set<String> = ["$schema", "version", "runs", "inlineExternalProperties", "properties"]
            XCTAssertTrue(Set(log.keys).isSubset(of: allowedLog), "\(log.keys)")
            let runs = try XCTUnwrap(log["runs"] as? [[String: Any]])
            for run in runs {
                let driver = try XCTUnwrap((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
                XCTAssertFalse((driver["name"] as? String ?? "").isEmpty)
                let rules = try XCTUnwrap(driver["rules"] as? [[String: Any]])
                for r in rules {
                    XCTAssertFalse((r["id"] as? String ?? "").isEmpty)
                    if let help = r["helpUri"] { XCTAssertNotNil(URL(string: help as! String)?.scheme, "\(help)") }
                    for key in ["shortDescription", "fullDescription", "help"] {
                        XCTAssertNotNil((r[key] as? [String: Any])?["text"] as? String, key)
                    }
                }
                if let bases = run["originalUriBaseIds"] {
                    for (_, base) in try XCTUnwrap(bases as? [String: [String: Any]]) {
                        if let uri = base["uri"] as? String {
                            XCTAssertTrue(uri.hasPrefix("file:///") && uri.hasSuffix("/"), uri)
                        }
                    }
                }
                for result in try XCTUnwrap(run["results"] as? [[String: Any]]) {
                    XCTAssertFalse(((result["message"] as? [String: Any])?["text"] as? String ?? "").isEmpty)
                    XCTAssertTrue(["none", "note", "warning", "error"].contains(result["level"] as? String ?? ""))
                    XCTAssertGreaterThanOrEqual(result["ruleIndex"] as? Int ?? -1, 0)
                    XCTAssertEqual(rules[result["ruleIndex"] as! Int]["id"] as? String, result["ruleId"] as? String)
                    for location in try XCTUnwrap(result["locations"] as? [[String: Any]]) {
                        let physical = try XCTUnwrap(location["physicalLocation"] as? [String: Any])
                        let artifact = try XCTUnwrap(physical["artifactLocation"] as? [String: Any])
                        let uri = try XCTUnwrap(artifact["uri"] as? String)
                        XCTAssertNotNil(URL(string: uri), uri)
                        if uri.hasPrefix("file://") { XCTAssertNil(artifact["uriBaseId"]) } else {
                            XCTAssertFalse(uri.hasPrefix("/"), uri)
                            XCTAssertEqual(artifact["uriBaseId"] as? String, "%SRCROOT%")
                            XCTAssertNotNil((run["originalUriBaseIds"] as? [String: Any])?["%SRCROOT%"])
                        }
                        XCTAssertGreaterThanOrEqual((physical["region"] as? [String: Any])?["startLine"] as? Int ?? 0, 1)
                    }
                }
            }
        }
    }

    // MARK: - JUnit

    func testJUnitHasFileAndLineAndAPassingCasePerCleanRule() throws {
        let clean = LintReport(findings: [], root: ".", fileCount: 4, rules: Self.rules(), toolVersion: "0.0.0-test")
        let xml = JUnitReporter.render(clean, colors: false)
        let doc = try XMLDocument(data: Data(xml.utf8))
        let suite = try XCTUnwrap(doc.rootElement()?.elements(forName: "testsuite").first)
        XCTAssertEqual(suite.attribute(forName: "tests")?.stringValue, "10")
        XCTAssertEqual(suite.attribute(forName: "failures")?.stringValue, "0")
        XCTAssertEqual(suite.elements(forName: "testcase").map { $0.attribute(forName: "name")?.stringValue ?? "" },
                       RuleRegistry.all.map { $0.description.id })

        let found = LintReport(findings: [finding(7)], root: "App", fileCount: 4, rules: Self.rules(), toolVersion: "0.0.0-test")
        let doc2 = try XMLDocument(data: Data(JUnitReporter.render(found, colors: false).utf8))
        let suite2 = try XCTUnwrap(doc2.rootElement()?.elements(forName: "testsuite").first)
        XCTAssertEqual(suite2.attribute(forName: "tests")?.stringValue, "10")
        XCTAssertEqual(suite2.attribute(forName: "failures")?.stringValue, "1")
        let failing = try XCTUnwrap(suite2.elements(forName: "testcase").first)
        XCTAssertEqual(failing.attribute(forName: "file")?.stringValue, "App/Home.swift")
        XCTAssertEqual(failing.attribute(forName: "line")?.stringValue, "7")
        XCTAssertEqual(failing.elements(forName: "failure").count, 1)
    }

    // MARK: - Standard output and error

    func testTheSummaryGoesToStandardErrorForEveryReporterAndOnlyOneReporterMayUseStandardOutput() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: Repo.binary.path))
        let sample = Repo.sample("hackingwithswift/RecipeBox").path
        for reporter in ReporterRegistry.all.map({ $0.id }) {
            let r = try runNavgraph(["lint", sample, "--reporter", reporter])
            XCTAssertTrue(r.stderr.contains("navgraph: 27 files, 1 error, 7 warnings"), "\(reporter): \(r.stderr)")
            XCTAssertFalse(r.stdout.contains("navgraph: 27 files"), "\(reporter): \(r.stdout)")
        }
        let plain = try runNavgraph(["lint", sample])
        XCTAssertTrue(plain.stderr.contains("navgraph: 27 files, 1 error, 7 warnings"), plain.stderr)
        XCTAssertFalse(plain.stdout.contains("navgraph: "), plain.stdout)

        let two = try runNavgraph(["lint", sample, "--reporter", "xcode", "--reporter", "json:-"])
        XCTAssertEqual(two.status, 64)
        XCTAssertEqual(two.stdout, "")
        XCTAssertTrue(two.stderr.contains("reporters xcode and json would both write to standard output; give all but one a file (ID:FILE)."), two.stderr)
    }
}
