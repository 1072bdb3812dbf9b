import Foundation
import NavGraphModel
import NavGraphPresent
import XCTest

/// The HTML page in a real headless browser (Debian's `chromium`; `make test` installs it when it can):
/// it loads without script errors, its search finds a node, a selection in a 300- or 1,000-screen app
/// is zoomed to a readable size and centred, and the findings panel lists the report's findings. Skipped, with the reason printed,
/// when no Chromium is installed.
final class BrowserTests: XCTestCase {
    func chromium() throws -> String { try HeadlessChromium.find(for: "BrowserTests") }

    /// Loads the page (with a URL fragment) and returns the DOM after the scripts ran, plus the browser's log.
    func load(_ html: Data, fragment: String, browser: String) throws -> (dom: String, log: String) {
        try HeadlessChromium.dumpDOM(html, name: "graph.html", fragment: fragment, browser: browser)
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

    // MARK: - Big apps: zoom to a selection, findings, URL state

    /// `flows` coordinator flows of ten screens each (`syntheticGraph`), with three findings: an error
    /// on a coordinator, a warning on a screen whose message holds markup, a note on a node not drawn.
    static func bigApp(flows: Int) -> AnalysisReport {
        let findings = [
            Finding(rule: "coordinator-leak", severity: .error, symbol: "F12", message: "F12 keeps its children",
                    location: SourceLocation(file: "F12.swift", line: 2)),
            Finding(rule: "unreachable-screen", severity: .warning, symbol: "F27S3", message: "F27S3 is never shown </script><!-- \"x\" & y",
                    location: SourceLocation(file: "F27S3.swift", line: 1)),
            Finding(rule: "unused-suppression", severity: .note, symbol: "Ghost", message: "nothing to suppress",
                    location: SourceLocation(file: "Ghost.swift", line: 9)),
        ]
        return AnalysisReport(graph: syntheticGraph(flows: flows, screensPerFlow: 10), findings: findings, diagnostics: [])
    }

    /// The page through `render`'s own path (view, big-graph choice, format).
    func page(_ report: AnalysisReport) throws -> Data {
        var view = ViewOptions()
        view.autoView = false  // the whole graph, as `--no-auto-view` draws it: the page must read it too
        let result = try RenderPlan.run(report, format: .html, view: view)
        XCTAssertEqual(result.layout, "dot")
        XCTAssertEqual(result.drawnNodes, report.graph.nodes.count, "everything drawn, nothing collapsed")
        return result.data
    }

    /// An attribute of the root `<html>` element in a dumped DOM.
    func rootAttribute(_ dom: String, _ name: String) -> String? {
        guard let start = dom.range(of: "<html"), let end = dom[start.upperBound...].firstIndex(of: ">") else { return nil }
        let tag = dom[start.upperBound..<end]
        guard let a = tag.range(of: " \(name)=\"") else { return nil }
        return String(tag[a.upperBound...].prefix { $0 != "\"" })
    }

    func numbers(_ s: String?) -> [Double] { (s ?? "").split(separator: ",").compactMap { Double($0) } }

    func assertLoadedCleanly(_ dom: String, _ log: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(rootAttribute(dom, "data-navgraph-ready"), "1", "the page script did not finish\n\(log.suffix(2000))", file: file, line: line)
        XCTAssertNil(rootAttribute(dom, "data-navgraph-errors"), file: file, line: line)
        let consoleErrors = log.split(separator: "\n").filter { $0.contains("Uncaught") || ($0.contains("CONSOLE") && $0.contains("rror")) }
        XCTAssertEqual(consoleErrors, [], "console errors", file: file, line: line)
    }

    /// The selected node's label is at least 12 CSS px high on screen and the node sits in the middle
    /// of the drawing area, inside it.
    func assertReadableAndCentred(_ dom: String, file: StaticString = #filePath, line: UInt = #line) {
        let labelPx = Double(rootAttribute(dom, "data-navgraph-label-px") ?? "") ?? 0
        XCTAssertGreaterThanOrEqual(labelPx, 12, "label height on screen", file: file, line: line)
        let box = numbers(rootAttribute(dom, "data-navgraph-selected-box")), vp = numbers(rootAttribute(dom, "data-navgraph-viewport"))
        guard box.count == 4, vp.count == 2 else { return XCTFail("no geometry: \(box) \(vp)", file: file, line: line) }
        XCTAssertEqual(box[0] + box[2] / 2, vp[0] / 2, accuracy: 2, "centred horizontally", file: file, line: line)
        XCTAssertEqual(box[1] + box[3] / 2, vp[1] / 2, accuracy: 2, "centred vertically", file: file, line: line)
        XCTAssertTrue(box[0] >= 0 && box[1] >= 0 && box[0] + box[2] <= vp[0] && box[1] + box[3] <= vp[1], "inside: \(box) in \(vp)", file: file, line: line)
    }

    func testSelectionInBigAppsIsZoomedToAReadableSizeAndCentred() throws {
        let browser = try chromium()
        for flows in [30, 100] {
            let html = try page(Self.bigApp(flows: flows))
            let target = "screen-F\(flows - 3)S3"

            // Fit-all, the page's first view: the drawing is too big for its labels to be read.
            let (whole, wholeLog) = try load(html, fragment: "", browser: browser)
            assertLoadedCleanly(whole, wholeLog)
            let fitZoom = Double(rootAttribute(whole, "data-navgraph-zoom") ?? "") ?? 0
            XCTAssertGreaterThan(fitZoom, 0)
            XCTAssertLessThan(fitZoom * 11, 12, "\(flows * 10) screens: an 11 pt label at fit-all is under 12 px")

            let (dom, log) = try load(html, fragment: "select=\(target)", browser: browser)
            assertLoadedCleanly(dom, log)
            XCTAssertEqual(rootAttribute(dom, "data-navgraph-selected"), target)
            XCTAssertEqual(rootAttribute(dom, "data-navgraph-label-px"), "16.0", "\(flows * 10) screens: the label at 16 px")
            XCTAssertEqual(rootAttribute(dom, "data-navgraph-zoom"), "1.455", "16 px for an 11 pt font")
            assertReadableAndCentred(dom)
        }
    }

    func testFindingsPanelListsTheReportsFindingsAndAFindingInTheURLSelectsItsNode() throws {
        let browser = try chromium()
        let report = Self.bigApp(flows: 30)
        let html = try page(report)

        let (dom, log) = try load(html, fragment: "finding=2", browser: browser)
        assertLoadedCleanly(dom, log)
        XCTAssertEqual(rootAttribute(dom, "data-navgraph-findings"), "3")
        XCTAssertEqual(rootAttribute(dom, "data-navgraph-finding-counts"), "error:1 warning:1 note:1")
        XCTAssertEqual(dom.components(separatedBy: "<li class=\"finding ").count - 1, report.findings.count, "one entry per finding")
        XCTAssertTrue(dom.contains("<span id=\"finding-counts\">1 error · 1 warning · 1 note</span>"), "counts per severity")
        // The message is text: its markup is escaped, never parsed.
        XCTAssertTrue(dom.contains(#"<li class="finding warning current" id="finding-2"><span class="sev">warning</span><code class="rule">unreachable-screen</code><span class="where">F27S3.swift:1</span><span class="msg">F27S3 is never shown &lt;/script&gt;&lt;!-- "x" &amp; y</span></li>"#),
                      String(dom.prefix(3000)))
        XCTAssertTrue(dom.contains(#"<li class="finding note undrawn" id="finding-3"><span class="sev">note</span><code class="rule">unused-suppression</code><span class="where">Ghost.swift:9</span><span class="msg">nothing to suppress</span><span class="note">not drawn in this view: Ghost</span></li>"#))
        // finding=2 (1-based) selects its node, zoomed and centred, and opens the panel.
        XCTAssertEqual(rootAttribute(dom, "data-navgraph-finding"), "2")
        XCTAssertEqual(rootAttribute(dom, "data-navgraph-selected"), "screen-F27S3")
        XCTAssertEqual(rootAttribute(dom, "data-navgraph-panel"), "findings")
        assertReadableAndCentred(dom)

        // The coordinator's error; a finding about a node not drawn selects nothing.
        let (first, _) = try load(html, fragment: "finding=1", browser: browser)
        XCTAssertEqual(rootAttribute(first, "data-navgraph-selected"), "coordinator-F12")
        let (ghost, ghostLog) = try load(html, fragment: "finding=3&panel=closed", browser: browser)
        assertLoadedCleanly(ghost, ghostLog)
        XCTAssertEqual(rootAttribute(ghost, "data-navgraph-finding"), "3")
        XCTAssertNil(rootAttribute(ghost, "data-navgraph-selected"))
        XCTAssertEqual(rootAttribute(ghost, "data-navgraph-panel"), "closed", "the fragment's panel key wins")

        // The whole state comes back from a fragment: search, closed panel, selection and exact view.
        let (restored, _) = try load(html, fragment: "select=screen-F3S1&search=F3S&panel=closed&view=100,-200,2.5", browser: browser)
        XCTAssertEqual(rootAttribute(restored, "data-navgraph-selected"), "screen-F3S1")
        XCTAssertEqual(rootAttribute(restored, "data-navgraph-panel"), "closed")
        XCTAssertEqual(rootAttribute(restored, "data-navgraph-zoom"), "2.500")
        XCTAssertEqual(rootAttribute(restored, "data-navgraph-matches")?.split(separator: " ").count, 10)
        XCTAssertTrue(restored.contains("<section id=\"findings-panel\" hidden=\"\">"), "the panel is closed")
    }

    /// After load, the page follows the URL: a new fragment (as a link or the address bar sets it),
    /// clicking a finding (a history entry), Back, and the wheel (the view goes into the fragment).
    func testPageFollowsFragmentChangesAndBackAfterLoad() throws {
        let browser = try chromium()
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("navgraph-devtools-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("graph.html")
        try page(Self.bigApp(flows: 30)).write(to: file)

        let chrome = try DevToolsPipe(browser: browser, profile: dir.appendingPathComponent("profile"))
        try chrome.open(file.absoluteString + "#select=screen-F3S1")
        XCTAssertTrue(try chrome.waitFor("document.documentElement.getAttribute('data-navgraph-ready') === '1'"))
        XCTAssertEqual(try chrome.root("data-navgraph-selected"), "screen-F3S1")
        XCTAssertEqual(try chrome.root("data-navgraph-applied"), "1")

        // A new fragment after load: hashchange selects and zooms to the other node.
        _ = try chrome.evaluate("location.hash = 'select=screen-F20S7'; 0")
        XCTAssertTrue(try chrome.waitFor("document.documentElement.getAttribute('data-navgraph-selected') === 'screen-F20S7'"))
        XCTAssertEqual(try chrome.root("data-navgraph-applied"), "2")
        XCTAssertEqual(try chrome.root("data-navgraph-label-px"), "16.0")

        // Clicking a finding's entry selects its node and records the state as a new history entry.
        _ = try chrome.evaluate("document.getElementById('finding-1').click(); 0")
        XCTAssertEqual(try chrome.root("data-navgraph-selected"), "coordinator-F12")
        XCTAssertEqual(try chrome.evaluate("location.hash.split('&').slice(0, 2).join('&')") as? String, "#finding=1&panel=findings")
        XCTAssertEqual(try chrome.evaluate("history.length") as? Int, 3, "the load, the new fragment, the finding")

        // Back returns to the previous fragment and the page follows it.
        _ = try chrome.evaluate("history.back(); 0")
        XCTAssertTrue(try chrome.waitFor("document.documentElement.getAttribute('data-navgraph-selected') === 'screen-F20S7'"))
        XCTAssertNil(try chrome.root("data-navgraph-finding"))

        // The wheel zooms around the pointer by e^(0.002 × 100); the view reaches the fragment after a pause.
        let before = Double(try chrome.root("data-navgraph-zoom") ?? "") ?? 0
        _ = try chrome.evaluate("""
            (function () { var r = document.getElementById('viewport').getBoundingClientRect();
              document.getElementById('viewport').dispatchEvent(new WheelEvent('wheel', { deltaY: -100, clientX: r.left + r.width / 2,
                clientY: r.top + r.height / 2, bubbles: true, cancelable: true })); return 0; })()
            """)
        XCTAssertEqual(Double(try chrome.root("data-navgraph-zoom") ?? "") ?? 0, before * exp(0.2), accuracy: 0.002)
        let saved = try chrome.waitFor("location.hash.indexOf('view=') > 0 && location.hash.split('view=')[1].split(',')[2] === document.documentElement.getAttribute('data-navgraph-zoom')")
        let hash = try chrome.evaluate("location.hash") as? String
        XCTAssertTrue(saved, hash ?? "no hash")
        XCTAssertEqual(try chrome.root("data-navgraph-errors"), nil)
    }
}
