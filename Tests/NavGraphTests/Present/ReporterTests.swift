import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import NavGraphCheck
import NavGraphModel
import NavGraphPresent
import XCTest

/// Each reporter is compared with a canned file (NAVGRAPH_RECORD=1 re-records them): the RecipeBox
/// sample's findings plus edge cases (unicode paths, `<&"|` and newlines in names, a note, stale entries).
final class ReporterTests: XCTestCase {
    static func fixture() throws -> LintReport {
        var findings = try analyzeSample("hackingwithswift/RecipeBox").findings
        findings.append(Finding(rule: "dead-route", severity: .note, symbol: "Café<&>\"|`Route`",
                                message: "route 'Café<&>\"|`Route`' is dead:\nnothing calls it, 100% sure, a,b",
                                location: SourceLocation(file: "Écrans/Menu Café.swift", line: 7)))
        findings.append(Finding(rule: "unhandled-action", severity: .error, symbol: "<script>alert(1)</script>",
                                message: "sends '<script>alert(1)</script>' but nothing handles it",
                                location: SourceLocation(file: "Screens/X.swift", line: 1)))
        let rules = RuleRegistry.all.map { r in
            RuleMetadata(id: r.description.id, name: r.description.name, summary: r.description.summary,
                         howToFix: r.description.howToFix, defaultSeverity: r.description.defaultSeverity)
        }
        var report = LintReport(findings: findings, root: "Apps/RecipeBox", fileCount: 27, rules: rules, toolVersion: "0.0.0-test")
        report.baselined = 2
        report.baselineCount = 10
        report.stale = [LintReport.StaleEntry(rule: "dead-route", symbol: "Old.Route.gone", file: "Old.swift")]
        return report
    }

    func testEveryReporterMatchesItsCannedOutput() throws {
        let report = try Self.fixture()
        for reporter in ReporterRegistry.all {
            let url = Repo.root.appendingPathComponent("Tests/NavGraphTests/Canned/\(reporter.id).txt")
            assertMatchesFile(reporter.render(report, colors: false), url)
        }
    }

    func testTextReporterColoursOnlyWhenAsked() throws {
        let report = try Self.fixture()
        XCTAssertFalse(TextReporter.render(report, colors: false).contains("\u{1B}["))
        XCTAssertTrue(TextReporter.render(report, colors: true).contains("\u{1B}[1;31merror\u{1B}[0m"))
    }

    func testSARIFHasTheStructureGitHubCodeScanningRequires() throws {
        let report = try Self.fixture()
        let json = try JSONSerialization.jsonObject(with: Data(SARIFReporter.render(report, colors: false).utf8)) as! [String: Any]
        XCTAssertEqual(json["version"] as? String, "2.1.0")
        XCTAssertEqual(json["$schema"] as? String, "https://json.schemastore.org/sarif-2.1.0.json")
        let runs = json["runs"] as! [[String: Any]]
        XCTAssertEqual(runs.count, 1)
        let driver = (runs[0]["tool"] as! [String: Any])["driver"] as! [String: Any]
        XCTAssertEqual(driver["name"] as? String, "navgraph")
        let rules = driver["rules"] as! [[String: Any]]
        let ruleIDs = rules.map { $0["id"] as! String }
        XCTAssertEqual(Set(ruleIDs).count, ruleIDs.count)
        for r in rules {
            XCTAssertNotNil((r["shortDescription"] as? [String: Any])?["text"] as? String)
            XCTAssertTrue(["note", "warning", "error"].contains((r["defaultConfiguration"] as? [String: Any])?["level"] as? String ?? ""))
        }
        let results = runs[0]["results"] as! [[String: Any]]
        XCTAssertEqual(results.count, report.findings.count)
        for r in results {
            let id = r["ruleId"] as! String
            XCTAssertEqual(ruleIDs[r["ruleIndex"] as! Int], id)
            XCTAssertTrue(["note", "warning", "error"].contains(r["level"] as! String))
            XCTAssertFalse(((r["message"] as! [String: Any])["text"] as! String).isEmpty)
            let loc = (r["locations"] as! [[String: Any]])[0]["physicalLocation"] as! [String: Any]
            let uri = (loc["artifactLocation"] as! [String: Any])["uri"] as! String
            XCTAssertFalse(uri.contains(" "), uri)
            XCTAssertFalse(uri.hasPrefix("/"), uri)
            XCTAssertGreaterThanOrEqual((loc["region"] as! [String: Any])["startLine"] as! Int, 1)
            XCTAssertNotNil((r["partialFingerprints"] as? [String: String])?["navgraphFinding/v1"])
        }
    }

    func testXMLReportersAreWellFormedAndEscaped() throws {
        let report = try Self.fixture()
        for reporter in [JUnitReporter.self, CheckstyleReporter.self] as [any LintReporter.Type] {
            let xml = reporter.render(report, colors: false)
            XCTAssertTrue(XMLParser(data: Data(xml.utf8)).parse(), reporter.id)
            XCTAssertFalse(xml.contains("<script>"), reporter.id)
        }
        let md = MarkdownReporter.render(report, colors: false)
        XCTAssertFalse(md.contains("<script>"))
        for line in md.split(separator: "\n") where line.hasPrefix("| ") {
            XCTAssertEqual(line.filter { $0 == "|" }.count - line.components(separatedBy: "\\|").count + 1, 5, String(line))
        }
    }

    func testGitHubAnnotationsEscapeTheirProperties() throws {
        let out = GitHubActionsReporter.render(try Self.fixture(), colors: false)
        XCTAssertTrue(out.contains("::notice file=Apps/RecipeBox/Écrans/Menu Café.swift,line=7,title=navgraph dead-route::route 'Café<&>\"|`Route`' is dead:%0Anothing calls it, 100%25 sure, a,b\n"), out)
    }
}
