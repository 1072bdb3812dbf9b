import Foundation
import XCTest

/// Where outputs may go (anywhere, inside the analyzed folder too, never over an input), what each
/// command says about what it wrote, and the lint settings `.navgraph.yml` takes.
final class OutputPlacementTests: XCTestCase {
    static let app = sceneApp("""
    final class MainCoordinator: Coordinator {
        let navigationController: UINavigationController
        init(navigationController: UINavigationController) { self.navigationController = navigationController }
        func start() { navigationController.pushViewController(HomeViewController(), animated: false) }
        func showSettings() { navigationController.pushViewController(SettingsViewController(), animated: true) }
    }
    final class HomeViewController: UIViewController {}
    final class SettingsViewController: UIViewController {}
    """)

    override func setUpWithError() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: Repo.binary.path), "build navgraph first")
    }

    func testEveryCommandWritesInsideTheAnalyzedFolder() throws {
        let dir = try temporaryApp(["App/App.swift": Self.app])
        defer { try? FileManager.default.removeItem(at: dir) }
        let runs: [([String], String)] = [
            (["lint", ".", "--write-baseline", "navgraph-baseline.json"], "wrote navgraph-baseline.json (2 findings)\n"),
            (["lint", ".", "--reporter", "sarif:navgraph.sarif"], "wrote navgraph.sarif (2 findings)\n"),
            (["render", ".", "-o", "docs/navigation.svg"], "wrote docs/navigation.svg (4 nodes, 3 edges)\n"),
            (["analyze", ".", "--format", "json", "-o", "docs/navgraph.json"], "wrote docs/navgraph.json (5 nodes, 4 edges)\n"),
            (["diff", "docs/navgraph.json", ".", "-o", "docs/nav-diff.md", "--graph", "docs/nav-diff.svg"],
             "wrote docs/nav-diff.md (0 changes)\nwrote docs/nav-diff.svg (4 nodes, 3 edges)\n"),
        ]
        for (args, wrote) in runs {
            let cache = args[0] == "diff" ? [] : ["--no-cache"]
            let r = try runNavgraph(args + cache, cwd: dir)
            XCTAssertTrue([0, 1].contains(r.status), "\(args): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains(wrote), "\(args): \(r.stderr)")
            let quiet = try runNavgraph(args + cache + ["--quiet"], cwd: dir)
            XCTAssertEqual(quiet.status, r.status, quiet.stderr)
            XCTAssertFalse(quiet.stderr.contains("wrote "), "\(args): \(quiet.stderr)")
        }
        for file in ["navgraph-baseline.json", "navgraph.sarif", "docs/navigation.svg", "docs/navgraph.json", "docs/nav-diff.md", "docs/nav-diff.svg"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: dir.appendingPathComponent(file).path), file)
        }
        // The outputs are not read back: the next lint sees the same app.
        let again = try runNavgraph(["lint", ".", "--baseline", "navgraph-baseline.json", "--no-cache"], cwd: dir)
        XCTAssertEqual(again.status, 0, again.stdout + again.stderr)
    }

    func testOutputsOverInputsAreRefusedByEveryCommand() throws {
        let files = ["App/App.swift": Self.app, "App/Main.storyboard": "<document/>", "App/Cell.xib": "<document/>",
                     "App.xcodeproj/project.pbxproj": "// !$*UTF8*$!\n{}", "Package.swift": "// swift-tools-version:5.9\n",
                     ".navgraph.yml": "included: [App]\n", "project.yml": "name: App\n"]
        let dir = try temporaryApp(files)
        defer { try? FileManager.default.removeItem(at: dir) }
        let refused: [(String, String)] = [
            ("App/App.swift", "a .swift file"), ("App/Main.storyboard", "a storyboard"), ("App/Cell.xib", "a .xib file"),
            ("App.xcodeproj/project.pbxproj", "an Xcode project file"), ("Package.swift", "a package manifest"),
            (".navgraph.yml", "navgraph's configuration file"), ("project.yml", "an XcodeGen project spec"),
            ("App/New.swift", "a .swift file"),
        ]
        for (target, kind) in refused {
            for args in [["render", ".", "--format", "svg", "-o", target], ["analyze", ".", "-o", target],
                         ["lint", ".", "--reporter", "sarif:\(target)"], ["lint", ".", "--write-baseline", target],
                         ["diff", "App", ".", "-o", target]] {
                let r = try runNavgraph(args + (args[0] == "diff" ? ["--all-files"] : ["--no-cache", "--all-files"]), cwd: dir)
                XCTAssertEqual(r.status, 64, "\(args): \(r.stderr)")
                XCTAssertTrue(r.stderr.contains("error: refusing to write \(target): it is \(kind), which navgraph reads as input\n"), "\(args): \(r.stderr)")
            }
        }
        for (path, text) in files {
            XCTAssertEqual(try String(contentsOf: dir.appendingPathComponent(path), encoding: .utf8), text, path)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("App/New.swift").path))
        // A JSON graph given as PATH is not replaced by what is drawn from it.
        let graph = dir.appendingPathComponent("graph.json")
        XCTAssertEqual(try runNavgraph(["analyze", ".", "--format", "json", "-o", graph.path, "--no-cache", "--all-files"], cwd: dir).status, 0)
        let over = try runNavgraph(["render", graph.path, "--format", "json", "-o", graph.path])
        XCTAssertEqual(over.status, 64, over.stderr)
        XCTAssertTrue(over.stderr.contains("refusing to write \(graph.path): it is the analyzed file"), over.stderr)
    }

    func testLintSettingsComeFromTheConfigurationFileAndFlagsWin() throws {
        let dir = try temporaryApp(["App/App.swift": Self.app, ".navgraph.yml": """
        baseline: ci/navgraph-baseline.json
        strict: true
        reporters: [sarif:reports/navgraph.sarif, xcode]
        """])
        defer { try? FileManager.default.removeItem(at: dir) }
        let elsewhere = FileManager.default.temporaryDirectory
        let baseline = dir.appendingPathComponent("ci/navgraph-baseline.json")
        // The configured baseline, resolved against the configuration's folder, does not exist yet: exit 64.
        let missing = try runNavgraph(["lint", dir.path, "--no-cache"], cwd: elsewhere)
        XCTAssertEqual(missing.status, 64, missing.stderr)
        XCTAssertTrue(missing.stderr.contains("error: cannot read the baseline \(baseline.path)"), missing.stderr)
        // An empty baseline (written from an app with no finding) and today's.
        let other = try temporaryApp(["App.swift": "class HomeViewController: UIViewController {}\n"])
        defer { try? FileManager.default.removeItem(at: other) }
        let empty = dir.appendingPathComponent("ci/empty.json")
        XCTAssertEqual(try runNavgraph(["lint", other.path, "--no-cache", "--write-baseline", empty.path]).status, 0)
        let write = try runNavgraph(["lint", dir.path, "--no-cache", "--write-baseline", baseline.path])
        XCTAssertEqual(write.status, 0, write.stderr)
        // The configured baseline hides the finding; both configured reporters run, the file lands next to the configuration.
        let clean = try runNavgraph(["lint", dir.path, "--no-cache"], cwd: elsewhere)
        XCTAssertEqual(clean.status, 0, clean.stdout + clean.stderr)
        XCTAssertTrue(clean.stderr.contains("wrote \(dir.path)/reports/navgraph.sarif (0 findings)"), clean.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir.appendingPathComponent("reports/navgraph.sarif").path))
        try FileManager.default.removeItem(at: dir.appendingPathComponent("reports"))
        // Flags win: another baseline shows the warning, which fails the build as `strict: true` says;
        // --reporter replaces the configured list (no SARIF file).
        let strict = try runNavgraph(["lint", dir.path, "--no-cache", "--baseline", empty.path, "--reporter", "xcode"], cwd: elsewhere)
        XCTAssertEqual(strict.status, 1, strict.stdout + strict.stderr)
        XCTAssertTrue(strict.stdout.contains(": warning: "), strict.stdout)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("reports").path))
        let relaxed = try runNavgraph(["lint", dir.path, "--no-cache", "--baseline", empty.path, "--no-strict", "--reporter", "xcode"], cwd: elsewhere)
        XCTAssertEqual(relaxed.status, 0, relaxed.stdout + relaxed.stderr)
    }

    func testBadLintSettingsInTheConfigurationAreNamed() throws {
        for (yaml, message) in [
            ("strict: maybe\n", ".navgraph.yml:1: error: 'strict' must be true or false"),
            ("reporters: [sarif, nosuch:out.txt]\n", ".navgraph.yml:1: error: unknown reporter 'nosuch' in 'reporters'"),
            ("baseline: [a, b]\n", ".navgraph.yml:1: error: 'baseline' must be a file path"),
        ] {
            let dir = try temporaryApp(["App.swift": Self.app, ".navgraph.yml": yaml])
            defer { try? FileManager.default.removeItem(at: dir) }
            let r = try runNavgraph(["lint", dir.path, "--no-cache"])
            XCTAssertEqual(r.status, 64, r.stderr)
            XCTAssertTrue(r.stderr.contains(message), r.stderr)
        }
    }
}
