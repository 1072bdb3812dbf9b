import Foundation
import XCTest

/// What navgraph tells the user besides its output: what it recognised, that it checked nothing,
/// names it could not find, help that fits a terminal.
final class FeedbackTests: XCTestCase {
    let recipeBox = Repo.sample("hackingwithswift/RecipeBox").path

    override func setUpWithError() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: Repo.binary.path), "build navgraph first")
    }

    func testAnalyzeAndLintSayWhatTheyRecognised() throws {
        let summary = "recognised: hackingwithswift, 5 coordinators, 14 screens\n"
        let analyze = try runNavgraph(["analyze", recipeBox, "--format", "json"])
        XCTAssertEqual(analyze.status, 0, analyze.stderr)
        XCTAssertEqual(analyze.stderr, summary)
        XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(analyze.stdout.utf8)), "stdout stays JSON")
        let lint = try runNavgraph(["lint", recipeBox, "--reporter", "xcode"])
        XCTAssertTrue(lint.stderr.hasPrefix(summary), lint.stderr)
        let quiet = try runNavgraph(["analyze", recipeBox, "--quiet"])
        XCTAssertEqual(quiet.stderr, "")
    }

    func testNothingNavigableIsSaidEvenWhenLintIsGreen() throws {
        let swiftUI = try temporaryApp(["App.swift": """
        import SwiftUI
        @main struct NotesApp: App { var body: some Scene { WindowGroup { ContentView() } } }
        struct ContentView: View { var body: some View { NavigationStack { NoteList() } } }
        struct NoteList: View { var body: some View { Text("Notes") } }
        """])
        defer { try? FileManager.default.removeItem(at: swiftUI) }
        for args in [["lint", swiftUI.path], ["lint", swiftUI.path, "--quiet"]] {
            let r = try runNavgraph(args + ["--no-cache"])
            XCTAssertEqual(r.status, 0, r.stderr)
            XCTAssertTrue(r.stderr.contains("note: nothing navigable was recognised, so lint checked nothing navigable: "), r.stderr)
            XCTAssertTrue(r.stderr.contains("not SwiftUI's"), r.stderr)
        }
        let single = try runNavgraph(["analyze", swiftUI.appendingPathComponent("App.swift").path, "--no-cache"])
        XCTAssertEqual(single.status, 0, single.stderr)
        XCTAssertTrue(single.stderr.contains("note: nothing navigable was recognised, so the graph shows no navigation: PATH is a single file"), single.stderr)
        // An app with navigation has no note.
        let app = try runNavgraph(["lint", recipeBox])
        XCTAssertFalse(app.stderr.contains("nothing navigable"), app.stderr)
    }

    func testMisspelledNamesGetTheClosestOnes() throws {
        let focus = try runNavgraph(["render", recipeBox, "-o", "-", "--format", "dot", "--focus", "ShopingListCoordinator"])
        XCTAssertEqual(focus.status, 64)
        XCTAssertTrue(focus.stderr.hasSuffix("error: no node named 'ShopingListCoordinator'; did you mean: ShoppingListCoordinator?\n"), focus.stderr)
        let reaches = try runNavgraph(["render", recipeBox, "-o", "-", "--format", "dot", "--reaches", "SearchViewControler"])
        XCTAssertEqual(reaches.status, 64)
        XCTAssertTrue(reaches.stderr.hasSuffix("did you mean: SearchViewController?\n"), reaches.stderr)
        let escaped = try runNavgraph(["render", recipeBox, "-o", "-", "--format", "dot", "--focus", "\u{1B}[2JMain"])
        XCTAssertEqual(escaped.status, 64)
        XCTAssertTrue(escaped.stderr.contains("no node named '\\u{1B}[2JMain'"), escaped.stderr)
        XCTAssertFalse(escaped.stderr.contains("\u{1B}"), escaped.stderr)
        let chain = try runNavgraph(["chain", Repo.sample("coordinate/RideShare").path, "RideDetailViewControler"])
        XCTAssertEqual(chain.status, 64)
        XCTAssertEqual(chain.stderr, "error: no screen or coordinator named 'RideDetailViewControler' sends actions; did you mean: RideDetailViewController?\n")
    }

    func testHelpReadsAt80Columns() throws {
        for command in ["analyze", "render", "lint", "diff", "chain", "routes", "rules"] {
            let narrow = try runNavgraph(["help", command], environment: ["COLUMNS": "80"])
            XCTAssertEqual(narrow.status, 0, narrow.stderr)
            // (ArgumentParser prints the USAGE line whole.)
            for line in narrow.stdout.split(separator: "\n") where !line.hasPrefix("USAGE:") {
                XCTAssertLessThanOrEqual(line.count, 80, "\(command): \(line)")
            }
            // No hard line breaks in the discussions: on a wide terminal a paragraph is one line.
            let wide = try runNavgraph(["help", command], environment: ["COLUMNS": "400"])
            let discussion = wide.stdout.components(separatedBy: "OVERVIEW:").last!.components(separatedBy: "Examples:").first!
            let prose = discussion.split(separator: "\n").filter { !$0.hasPrefix("    ") && !$0.hasPrefix("USAGE") }
            for line in prose.dropFirst() {
                XCTAssertTrue(line.hasSuffix(".") || line.hasSuffix(":") || line.hasSuffix(")") || line.hasSuffix("`"), "\(command): a broken line: \(line)")
            }
        }
        let lint = try runNavgraph(["help", "lint"], environment: ["COLUMNS": "400"])
        XCTAssertTrue(lint.stdout.contains("Without a file (or with FILE -) a reporter writes to standard output; only one may.\n"), lint.stdout)
        XCTAssertTrue(lint.stdout.contains("The summary and stale baseline entries go to standard error, whatever the reporters. Exit codes:"), lint.stdout)
    }
}
