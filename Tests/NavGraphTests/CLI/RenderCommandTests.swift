import Foundation
import NavGraphModel
import NavGraphPresent
import XCTest

/// `navgraph render` flags as a user types them.
final class RenderCommandTests: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: Repo.binary.path), "build navgraph first")
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("navgraph-render-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    override func tearDown() {
        if let dir { try? FileManager.default.removeItem(at: dir) }
    }

    var recipeBox: String { Repo.sample("hackingwithswift/RecipeBox").path }

    func testEveryFormatByExtension() throws {
        let expected: [(String, String)] = [("svg", "<svg"), ("png", "PNG"), ("pdf", "%PDF"), ("dot", "digraph navgraph"),
                                            ("gv", "digraph navgraph"), ("json", "{"), ("mmd", "flowchart TB"), ("html", "<!DOCTYPE html>")]
        for (ext, prefix) in expected {
            let out = dir.appendingPathComponent("graph.\(ext)")
            let r = try runNavgraph(["render", recipeBox, "-o", out.path])
            XCTAssertEqual(r.status, 0, "\(ext): \(r.stderr)")
            XCTAssertEqual(r.stderr, "wrote \(out.path) (25 nodes, 34 edges)\n", ext)
            let data = try Data(contentsOf: out)
            let head = String(decoding: data.prefix(400).map { $0 < 0x80 ? $0 : 0x3F }, as: UTF8.self)
            XCTAssertTrue(head.contains(prefix), "\(ext): \(head.prefix(80))")
        }
    }

    func testViewsFromTheCommandLine() throws {
        let r = try runNavgraph(["render", recipeBox, "-o", "-", "--format", "json", "--focus", "ShoppingListCoordinator", "--hide", "routes,actions"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let doc = try JSONRenderer.decode(Data(r.stdout.utf8))
        XCTAssertEqual(doc.nodes.map(\.id), ["coordinator:MainCoordinator", "coordinator:ShoppingListCoordinator",
                                             "screen:AddShoppingItemViewController", "screen:ShoppingListViewController"])
        let reaches = try runNavgraph(["render", recipeBox, "-o", "-", "--format", "mermaid", "--reaches", "SearchViewController", "--rankdir", "LR"])
        XCTAssertEqual(reaches.status, 0, reaches.stderr)
        XCTAssertTrue(reaches.stdout.hasPrefix("flowchart LR\n"))
        XCTAssertTrue(reaches.stdout.contains("screen_RecipeListViewController -.->|\"showSearch()\"| coordinator_MainCoordinator"), reaches.stdout)
        let collapsed = try runNavgraph(["render", recipeBox, "-o", "-", "--format", "dot", "--collapse"])
        XCTAssertTrue(collapsed.stdout.contains("4 screens · 8 routes · 3 actions"), collapsed.stdout)
    }

    func testUnknownNamesAndBadValuesAreUsageErrors() throws {
        let unknown = try runNavgraph(["render", recipeBox, "-o", "-", "--format", "svg", "--focus", "Favourite"])
        XCTAssertEqual(unknown.status, 64)
        XCTAssertTrue(unknown.stderr.contains("no node named 'Favourite'; did you mean: FavouritesViewController"), unknown.stderr)
        let ambiguous = try runNavgraph(["render", recipeBox, "-o", "-", "--format", "svg", "--reaches", "showRecipe(_:)"])
        XCTAssertEqual(ambiguous.status, 64)
        XCTAssertTrue(ambiguous.stderr.contains("matches several nodes"), ambiguous.stderr)
        for args in [["--hide", "coordinators"], ["--layout", "circo"], ["--rankdir", "XY"], ["--depth", "-1"], ["--source-url", "https://x/"], ["--source-url", "{file}#L{line}"], ["--format", "gif"]] {
            let r = try runNavgraph(["render", recipeBox, "-o", dir.appendingPathComponent("x.svg").path] + args)
            XCTAssertEqual(r.status, 64, "\(args): \(r.stderr)")
        }
    }

    func testSavedJSONGraphsRenderAndBigOnesAreNarrowedWithANote() throws {
        let big = dir.appendingPathComponent("big.json")
        let report = AnalysisReport(graph: syntheticGraph(flows: 160, screensPerFlow: 10), findings: [], diagnostics: [])
        try Data(JSONRenderer.render(report).utf8).write(to: big)
        let r = try runNavgraph(["render", big.path, "-o", dir.appendingPathComponent("big.svg").path])
        XCTAssertEqual(r.status, 0, r.stderr)
        // Too many nodes for dot, so flows were collapsed; still too wide top to bottom, so drawn left to right: one note says both.
        XCTAssertTrue(r.stderr.hasPrefix("note: the whole graph would be 14528×592 px, too wide to read; drew each coordinator flow as one node, left to right (161 nodes, "), r.stderr)
        let asked = try runNavgraph(["render", big.path, "-o", dir.appendingPathComponent("big2.svg").path, "--layout", "dot", "--collapse"])
        XCTAssertEqual(asked.status, 0, asked.stderr)
        XCTAssertFalse(asked.stderr.contains("note:"), asked.stderr)
        let mermaid = try runNavgraph(["render", big.path, "-o", "-", "--format", "mermaid"])
        XCTAssertEqual(mermaid.status, 64)
        XCTAssertTrue(mermaid.stderr.contains("too big for Mermaid") && mermaid.stderr.contains("--focus NAME"), mermaid.stderr)
        XCTAssertEqual(mermaid.stdout, "")
    }

    func testHelpDocumentsEveryFormatAndView() throws {
        let r = try runNavgraph(["render", "--help"])
        for word in FormatRegistry.ids + ["--focus", "--depth", "--reaches", "--collapse", "--hide", "--layout", "--rankdir", "--dpi", "--source-url", "--no-auto-view"] {
            XCTAssertTrue(r.stdout.contains(word), word)
        }
        let diff = try runNavgraph(["diff", "--help"])
        XCTAssertEqual(diff.status, 0)
        XCTAssertTrue(diff.stdout.contains("--base"))
    }
}
