import Foundation
import NavGraphCheck
import NavGraphModel
import NavGraphPresent
import XCTest

/// navgraph's SARIF against the official SARIF 2.1.0 JSON schema (OASIS), checked by python's `jsonschema`
/// (Draft 4, the schema's own draft). The schema is not committed: `make test` puts it in the user's cache
/// (`scripts/ensure-sarif-schema.sh`); without it or without `jsonschema` the test skips and says why.
/// Also: SARIF's line fingerprint tells two occurrences apart and follows a finding that moved.
final class SARIFSchemaTests: XCTestCase {
    static var schemaPath: String {
        let env = ProcessInfo.processInfo.environment
        if let path = env["NAVGRAPH_SARIF_SCHEMA"] { return path }
        let cache = env["XDG_CACHE_HOME"] ?? (NSHomeDirectory() + "/.cache")
        return cache + "/navgraph-tests/sarif-schema-2.1.0.json"
    }

    /// Validates each log; returns one line per log: "ok" or the validator's first errors.
    func validate(_ logs: [String]) throws -> [String] {
        let schema = Self.schemaPath
        guard FileManager.default.fileExists(atPath: schema) else {
            let reason = "no SARIF 2.1.0 schema at \(schema); run scripts/ensure-sarif-schema.sh"
            print("SARIFSchemaTests skipped: \(reason)")
            throw XCTSkip(reason)
        }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("navgraph-sarif-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var paths: [String] = []
        for (i, log) in logs.enumerated() {
            let url = dir.appendingPathComponent("\(i).sarif")
            try Data(log.utf8).write(to: url)
            paths.append(url.path)
        }
        // The schema's formats: `uri` must be absolute, `uri-reference` free of what a URI cannot hold raw.
        let script = """
        import json, re, sys
        try:
            import jsonschema
        except ImportError:
            print("SKIP python3 has no jsonschema module"); sys.exit(0)
        schema = json.load(open(sys.argv[1]))
        formats = jsonschema.FormatChecker()
        bad = re.compile(r'[\\s<>"{}|\\\\^`\\x00-\\x1f\\x7f]')
        @formats.checks("uri")
        def uri(v): return not isinstance(v, str) or (re.match(r'^[A-Za-z][A-Za-z0-9+.-]*:', v) is not None and not bad.search(v))
        @formats.checks("uri-reference")
        def uri_reference(v): return not isinstance(v, str) or not bad.search(v)
        validator = jsonschema.Draft4Validator(schema, format_checker=formats)
        for path in sys.argv[2:]:
            errors = sorted(validator.iter_errors(json.load(open(path))), key=lambda e: list(e.absolute_path))
            print("ok" if not errors else "; ".join("/".join(map(str, e.absolute_path)) + ": " + e.message for e in errors[:3]))
        """
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", "-c", script, schema] + paths
        let out = Pipe()
        p.standardOutput = out
        do { try p.run() } catch { throw XCTSkip("python3 cannot run: \(error)") }
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        if text.hasPrefix("SKIP ") {
            print("SARIFSchemaTests skipped: \(text.dropFirst(5))")
            throw XCTSkip(String(text.dropFirst(5)))
        }
        XCTAssertEqual(p.terminationStatus, 0, text)
        return text.split(separator: "\n").map(String.init)
    }

    func report(absoluteRoot: String?, sourceRoot: String?) throws -> LintReport {
        var report = try ReporterTests.fixture()
        report.findings.append(Finding(rule: "no-root", severity: .error, symbol: "app", message: "no entry point found",
                                       location: SourceLocation(file: "", line: 0)))
        report.absoluteRoot = absoluteRoot
        report.sourceRoot = sourceRoot
        if let f = report.findings.first { report.lineTexts[f] = "nav.pushViewController(Détail(), animated: true) // <\"%>" }
        return report
    }

    func testEveryKindOfReportValidatesAgainstTheOfficialSchema() throws {
        let reports = [try report(absoluteRoot: "/home/dev/repo/Apps/Recipes", sourceRoot: "/home/dev/repo"),
                       try report(absoluteRoot: "/tmp/Recipe Box", sourceRoot: "/home/dev/repo"),
                       try report(absoluteRoot: nil, sourceRoot: nil),
                       LintReport(findings: [], root: ".", fileCount: 0, rules: LintOutputTrustTests.rules(), toolVersion: "0.1.0")]
        let logs = reports.map { SARIFReporter.render($0, colors: false) }
        XCTAssertEqual(try validate(logs), ["ok", "ok", "ok", "ok"])
    }

    /// The validator is not vacuous: logs broken in ways the schema forbids are rejected.
    func testTheValidatorRejectsLogsTheSchemaForbids() throws {
        let good = SARIFReporter.render(try report(absoluteRoot: "/home/dev/repo/Apps/Recipes", sourceRoot: "/home/dev/repo"), colors: false)
        let broken = [
            good.replacingOccurrences(of: "\"version\" : \"2.1.0\"", with: "\"version\" : \"2.0\""),
            good.replacingOccurrences(of: "\"level\" : \"error\"", with: "\"level\" : \"serious\""),
            good.replacingOccurrences(of: "\"startLine\" : ", with: "\"startLine\" : -"),
            good.replacingOccurrences(of: "\"uri\" : \"file:///home/dev", with: "\"uri\" : \"file:///home dev"),
        ]
        for log in broken { XCTAssertNotEqual(log, good, "the replacement did not apply; the test needs updating") }
        let verdicts = try validate(broken)
        XCTAssertEqual(verdicts.count, 4)
        for v in verdicts { XCTAssertNotEqual(v, "ok") }
    }

    // MARK: - Line fingerprints

    static let app = """
    import UIKit

    @main final class AppDelegate: UIResponder, UIApplicationDelegate {
        var window: UIWindow?
        var coordinator: MainCoordinator?

        func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
            let nav = UINavigationController()
            coordinator = MainCoordinator(nav: nav)
            coordinator?.start()
            window = UIWindow(frame: UIScreen.main.bounds)
            window?.rootViewController = nav
            return true
        }
    }

    final class MainCoordinator {
        let nav: UINavigationController
        init(nav: UINavigationController) { self.nav = nav }
        func start() { nav.pushViewController(HomeViewController(), animated: false) }
        func showArchive() { nav.pushViewController(ArchiveViewController(), animated: true) }
        func showTrash() { nav.pushViewController(TrashViewController(), animated: true) }
    }

    final class HomeViewController: UIViewController {}
    final class ArchiveViewController: UIViewController {}
    final class TrashViewController: UIViewController {}

    """

    /// `symbol line`, and its two partial fingerprints, of each SARIF result `lint` writes for the app.
    func fingerprints(_ source: String) throws -> [String: [String: String]] {
        let dir = try temporaryApp(["App.swift": source])
        let run = try runNavgraph(["lint", dir.path, "--no-cache", "--quiet", "--reporter", "sarif"])
        XCTAssertEqual(run.stderr, "", "--quiet leaves nothing on standard error here (no summary)")
        let log = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as! [String: Any]
        let results = (log["runs"] as! [[String: Any]])[0]["results"] as! [[String: Any]]
        var byFinding: [String: [String: String]] = [:]
        for r in results {
            let message = (r["message"] as! [String: Any])["text"] as! String
            byFinding[String(message.prefix(while: { $0 != " " })) + " " + (r["ruleId"] as! String) + " "
                      + message.split(separator: "'")[1]] = r["partialFingerprints"] as? [String: String]
        }
        return byFinding
    }

    func testLineFingerprintsTellOccurrencesApartAndFollowAMovedLine() throws {
        let before = try fingerprints(Self.app)
        XCTAssertEqual(before.keys.sorted(), ["route dead-route MainCoordinator.showArchive()", "route dead-route MainCoordinator.showTrash()",
                                              "screen unreachable-screen ArchiveViewController", "screen unreachable-screen TrashViewController"])
        let archive = try XCTUnwrap(before["route dead-route MainCoordinator.showArchive()"])
        XCTAssertEqual(archive["navgraphFinding/v1"], "dead-route|App.swift|MainCoordinator.showArchive()")
        let line = try XCTUnwrap(archive["navgraphLine/v1"])
        XCTAssertEqual(line.count, 16)
        XCTAssertTrue(line.allSatisfy(\.isHexDigit), line)
        XCTAssertEqual(Set(before.values.compactMap { $0["navgraphLine/v1"] }).count, 4, "each finding's line hashes apart")

        // Lines added above move every finding; the line fingerprints stay.
        let moved = try fingerprints(Self.app.replacingOccurrences(of: "import UIKit\n", with: "import UIKit\n// One\n// Two\n"))
        XCTAssertEqual(moved, before)

        // The same statement edited: the route's line fingerprint changes, the coarse one stays.
        let edited = try fingerprints(Self.app.replacingOccurrences(of: "ArchiveViewController(), animated: true", with: "ArchiveViewController(), animated: false"))
        let after = try XCTUnwrap(edited["route dead-route MainCoordinator.showArchive()"])
        XCTAssertEqual(after["navgraphFinding/v1"], archive["navgraphFinding/v1"])
        XCTAssertNotEqual(after["navgraphLine/v1"], line)
    }
}
