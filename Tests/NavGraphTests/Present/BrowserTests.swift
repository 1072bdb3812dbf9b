import Foundation
import NavGraphPresent
import XCTest

/// The HTML page in a real headless browser (Debian's `chromium`; `make test` installs it when it can):
/// it loads without script errors, and its search finds a node. Skipped, with the reason printed,
/// when no Chromium is installed.
final class BrowserTests: XCTestCase {
    static let candidates = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"]

    func chromium() throws -> String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for name in Self.candidates {
            for dir in path.split(separator: ":") {
                let candidate = "\(dir)/\(name)"
                if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            }
        }
        let reason = "no Chromium found (\(Self.candidates.joined(separator: ", "))); install it with `apt-get install -y chromium` to run the browser test"
        print("BrowserTests skipped: \(reason)")
        throw XCTSkip(reason)
    }

    /// Loads the page (with a URL fragment) and returns the DOM after the scripts ran, plus the browser's log.
    func load(_ html: Data, fragment: String, browser: String) throws -> (dom: String, log: String) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("navgraph-browser-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let page = dir.appendingPathComponent("graph.html")
        try html.write(to: page)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: browser)
        p.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
                       "--user-data-dir=\(dir.appendingPathComponent("profile").path)", "--enable-logging=stderr", "--v=0",
                       "--virtual-time-budget=5000", "--dump-dom", page.absoluteString + "#" + fragment]
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let killer = DispatchWorkItem { if p.isRunning { p.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + 90, execute: killer)
        final class Box: @unchecked Sendable { var data = Data() }
        let errBox = Box()
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { errBox.data = err.fileHandleForReading.readDataToEndOfFile() }
        let dom = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        p.waitUntilExit()
        killer.cancel()
        return (String(decoding: dom, as: UTF8.self), String(decoding: errBox.data, as: UTF8.self))
    }

    func testHTMLLoadsWithoutScriptErrorsAndSearchFindsANode() throws {
        let browser = try chromium()
        let report = try analyzeSample("hackingwithswift/RecipeBox")
        var options = RenderOptions()
        options.sourceURL = "https://example.com/repo/blob/main/{file}#L{line}"
        let html = try HTMLRenderer.render(report.graph, options: options).data

        let (dom, log) = try load(html, fragment: "search=RecipeDetail", browser: browser)
        XCTAssertTrue(dom.contains("data-navgraph-ready=\"1\""), "the page script did not finish\n\(log.suffix(2000))")
        XCTAssertFalse(dom.contains("data-navgraph-errors=\""), "script errors: \(dom.prefix(600))")
        let consoleErrors = log.split(separator: "\n").filter { $0.contains("Uncaught") || ($0.contains("CONSOLE") && $0.contains("rror")) }
        XCTAssertEqual(consoleErrors, [], "console errors")
        XCTAssertTrue(dom.contains("data-navgraph-matches=\"screen-RecipeDetailViewController\""), String(dom.prefix(600)))
        XCTAssertTrue(dom.contains("data-navgraph-selected=\"screen-RecipeDetailViewController\""))
        XCTAssertTrue(dom.contains("<li>screen RecipeDetailViewController</li>"), "the result list")
        XCTAssertTrue(dom.contains("Features/Recipes/RecipeDetailViewController.swift:3"), "the selected node's file:line")
        XCTAssertTrue(dom.contains("https://example.com/repo/blob/main/Features/Recipes/RecipeDetailViewController.swift#L3"))

        // A route folded into an edge label is found too (it has no node of its own).
        let (routeDOM, _) = try load(html, fragment: "search=showTimerSettings", browser: browser)
        XCTAssertTrue(routeDOM.contains("data-navgraph-matches=\"edge-coordinator-MainCoordinator--push--screen-TimerSettingsViewController\""),
                      String(routeDOM.prefix(600)))
    }
}
