import Foundation
import XCTest

/// Runs the built binary, as a user or CI would.
final class CLITests: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: Repo.binary.path), "build navgraph first")
    }

    func testAnalyzeTextTree() throws {
        let r = try runNavgraph(["analyze", Repo.sample("hackingwithswift/RecipeBox").path])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("app SceneDelegate  App/SceneDelegate.swift:3\n└─ starts (start()) → coordinator MainCoordinator  App/SceneDelegate.swift:17"), r.stdout)
        XCTAssertTrue(r.stdout.contains("sends RecipeShowing.showRecipe(_:) → UNHANDLED  Features/Recipes/SearchViewController.swift:52"))
    }

    func testAnalyzeJSONIsTheSharedContract() throws {
        let r = try runNavgraph(["analyze", Repo.sample("hackingwithswift/RecipeBox").path, "--format", "json"])
        XCTAssertEqual(r.status, 0)
        let object = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
        XCTAssertEqual(object["schemaVersion"] as? Int, 1)
        let nodes = object["nodes"] as! [[String: Any]]
        let cart = nodes.first { $0["id"] as? String == "coordinator:ShoppingListCoordinator" }!
        XCTAssertEqual(cart["kind"] as? String, "coordinator")
        XCTAssertEqual(cart["file"] as? String, "Features/ShoppingList/ShoppingListCoordinator.swift")
        XCTAssertEqual(cart["reachable"] as? Bool, true)
        for key in ["roots", "edges", "findings"] { XCTAssertNotNil(object[key], key) }
    }

    func testRenderInfersTheFormatAndWritesAtomically() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("navgraph-cli-\(UUID().uuidString)/nested/graph.svg")
        defer { try? FileManager.default.removeItem(at: out.deletingLastPathComponent().deletingLastPathComponent()) }
        let r = try runNavgraph(["render", Repo.sample("hackingwithswift/RecipeBox").path, "-o", out.path])
        XCTAssertEqual(r.status, 0, r.stderr)
        let svg = try String(contentsOf: out, encoding: .utf8)
        XCTAssertTrue(svg.contains("<svg"))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: out.deletingLastPathComponent().path)
        XCTAssertEqual(leftovers, ["graph.svg"])
    }

    func testUsageErrors() throws {
        let missing = try runNavgraph(["analyze", "/nonexistent/app"])
        XCTAssertEqual(missing.status, 64)
        XCTAssertTrue(missing.stderr.contains("PATH '/nonexistent/app' does not exist"), missing.stderr)
        let flag = try runNavgraph(["analyze", ".", "--frobnicate"])
        XCTAssertEqual(flag.status, 64)
        XCTAssertTrue(flag.stderr.contains("Unknown option '--frobnicate'"), flag.stderr)
        let ext = try runNavgraph(["render", Repo.sample("hackingwithswift/RecipeBox").path, "-o", "/tmp/graph.xyz"])
        XCTAssertEqual(ext.status, 64)
        XCTAssertTrue(ext.stderr.contains("cannot infer the format"), ext.stderr)
    }

    func testNoSwiftFilesIsSaidPlainly() throws {
        let dir = try temporaryApp(["README.md": "hello"])
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try runNavgraph(["analyze", dir.path])
        XCTAssertEqual(r.status, 66)
        XCTAssertTrue(r.stderr.contains("no Swift files found under"), r.stderr)
    }

    func testBrokenFilesAreNamedAndTheRestIsAnalyzed() throws {
        let dir = try temporaryApp([
            "Good.swift": "@main class AppDelegate: UIResponder, UIApplicationDelegate { var window: UIWindow?\n func application() { window?.rootViewController = HomeViewController() } }\nclass HomeViewController: UIViewController {}\n",
            "Broken.swift": "class Broken {\n  func f( {\n}\n",
            "Binary.swift": "abc\u{0}def",
            "Folder.swift/Inner.swift": "class InnerViewController: UIViewController {}\n",
        ])
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try runNavgraph(["analyze", dir.path])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("Broken.swift:2: warning: syntax errors"), r.stderr)
        XCTAssertTrue(r.stderr.contains("Binary.swift: warning: binary file"), r.stderr)
        XCTAssertTrue(r.stdout.contains("shows (window-root) → screen HomeViewController"), r.stdout)
        XCTAssertTrue(r.stdout.contains("screen InnerViewController  Folder.swift/Inner.swift:1"), r.stdout)
    }

    func testHelpHasExamplesAndVersionPrints() throws {
        for command in ["analyze", "render", "lint", "rules"] {
            let r = try runNavgraph([command, "--help"])
            XCTAssertEqual(r.status, 0)
            XCTAssertTrue(r.stdout.contains("Examples:"), "\(command) --help has no examples")
        }
        let v = try runNavgraph(["--version"])
        XCTAssertEqual(v.status, 0)
        XCTAssertTrue(v.stdout.range(of: #"^\d+\.\d+\.\d+\n$"#, options: .regularExpression) != nil, v.stdout)
    }

    func testOutputOverAnInputIsRefused() throws {
        let dir = try temporaryApp(["App.swift": "class HomeViewController: UIViewController {}\n"])
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try runNavgraph(["render", dir.path, "-o", dir.appendingPathComponent("graph.svg").path])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir.appendingPathComponent("graph.svg").path))
        let swift = try runNavgraph(["analyze", dir.path, "-o", "/tmp/navgraph-out.swift"])
        XCTAssertEqual(swift.status, 64)
        XCTAssertTrue(swift.stderr.contains("it is a .swift file"), swift.stderr)
    }
}
