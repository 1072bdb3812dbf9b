import Foundation
import NavGraphModel
@testable import NavGraphPresent
import XCTest

/// Drawings that scale (issue 36): a whole graph that would not read is drawn as collapsed flows, left
/// to right, with one note; Graphviz's own messages never reach the user raw; collapsed flows count
/// their findings; the legend draws each kind as its nodes are drawn; flow clusters carry their name.
final class ScalingDrawingTests: XCTestCase {
    /// 60 flows of 5 screens (300 screens) or 200 flows (1,000 screens), with three findings in flow F3.
    func report(flows: Int) -> AnalysisReport {
        let graph = syntheticGraph(flows: flows, screensPerFlow: 5)
        let at = SourceLocation(file: "F3.swift", line: 1)
        let findings = [
            Finding(rule: "unreachable-screen", severity: .warning, symbol: "F3S1", message: "x", location: at),
            Finding(rule: "unreachable-screen", severity: .warning, symbol: "F3S2", message: "x", location: at),
            Finding(rule: "dead-route", severity: .warning, symbol: "F3", message: "x", location: at),
        ]
        return AnalysisReport(graph: graph, findings: findings, diagnostics: [])
    }

    /// The width and height a PNG says it has (IHDR).
    func pngSize(_ data: Data) -> (width: Int, height: Int) {
        let b = [UInt8](data.prefix(24))
        func int(_ i: Int) -> Int { Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3]) }
        return (int(16), int(20))
    }

    func assertReads(_ size: (width: Int, height: Int), _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertLessThanOrEqual(size.width, 8_000, what, file: file, line: line)
        XCTAssertLessThanOrEqual(Double(size.width) / Double(size.height), 4, what, file: file, line: line)
    }

    func testThreeHundredScreensAreDrawnAsCollapsedFlowsLeftToRight() throws {
        let result = try RenderPlan.run(report(flows: 60), format: .png)
        XCTAssertTrue(result.pickedView)
        XCTAssertEqual(result.options.rankdir, "LR")
        XCTAssertEqual(result.drawnNodes, 61, "the app and 60 flows")
        let png = pngSize(result.data)
        XCTAssertEqual(png.width, result.size?.width)
        XCTAssertEqual(png.height, result.size?.height)
        assertReads(png, "\(png)")
        XCTAssertEqual(result.notes, [
            "note: the whole graph would be \(PICKED300_FULL) px, too wide to read; drew each coordinator flow as one node, left to right (61 nodes, \(png.width)×\(png.height) px). For every screen: --no-auto-view, or --focus NAME.",
        ])
        XCTAssertEqual(result.warnings, [])
    }

    func testAThousandScreensAreDrawnAsCollapsedFlowsLeftToRight() throws {
        let result = try RenderPlan.run(report(flows: 200), format: .png)
        XCTAssertTrue(result.pickedView)
        XCTAssertEqual(result.options.rankdir, "LR")
        XCTAssertEqual(result.drawnNodes, 201)
        let png = pngSize(result.data)
        assertReads(png, "\(png)")
        XCTAssertEqual(result.notes.count, 1)
        XCTAssertTrue(result.notes[0].hasPrefix("note: the whole graph would be "), result.notes[0])
        XCTAssertTrue(result.notes[0].hasSuffix("(201 nodes, \(png.width)×\(png.height) px). For every screen: --no-auto-view, or --focus NAME."), result.notes[0])
    }

    func testAnExplicitViewOrNoAutoViewDrawsWhatWasAskedAndSaysHowThePNGWasScaled() throws {
        var view = ViewOptions()
        view.autoView = false
        let whole = try RenderPlan.run(report(flows: 200), format: .png, view: view)
        XCTAssertFalse(whole.pickedView)
        XCTAssertEqual(whole.drawnNodes, 1_201)
        let png = pngSize(whole.data)
        XCTAssertTrue((32_000...32_767).contains(png.width), "Graphviz scales the bitmap down to cairo's limit: \(png)")
        let full = try XCTUnwrap(whole.size)
        XCTAssertGreaterThan(full.width, 32_767)
        let percent = Int((32_767 / Double(full.width) * 100).rounded(.down))
        XCTAssertEqual(whole.notes, ["note: at 96 dpi this PNG would be \(full) px, more than the 32767 px a bitmap can hold; scaled down to \(percent)%. svg and pdf keep full size; --focus NAME or --collapse draw less."])
        for text in whole.notes + whole.warnings {
            XCTAssertFalse(text.contains("(null)") || text.contains("cairo-renderer"), text)
        }
        XCTAssertEqual(whole.warnings, [])

        var lr = RenderOptions()
        lr.rankdir = "LR"
        XCTAssertFalse(try RenderPlan.run(report(flows: 60), format: .svg, options: lr).pickedView, "--rankdir given")
        var sharp = RenderOptions()
        sharp.dpi = 300
        let recipeBox = try analyzeSample("hackingwithswift/RecipeBox")
        let sharpPNG = try RenderPlan.run(recipeBox, format: .png, options: sharp)
        XCTAssertFalse(sharpPNG.pickedView, "the size that reads is judged at 96 dpi")
        XCTAssertGreaterThan(pngSize(sharpPNG.data).width, 8_000)
        var focus = ViewOptions()
        focus.focus = "F3"
        XCTAssertFalse(try RenderPlan.run(report(flows: 60), format: .svg, view: focus).pickedView, "--focus given")
    }

    func testTheCommandPrintsOneNoteAndNoRawGraphvizMessage() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("navgraph-scaling-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let json = dir.appendingPathComponent("app300.json")
        try Data(JSONRenderer.render(report(flows: 60)).utf8).write(to: json)
        let picked = try runNavgraph(["render", json.path, "-o", dir.appendingPathComponent("a.png").path, "--quiet"])
        XCTAssertEqual(picked.status, 0, picked.stderr)
        let lines = picked.stderr.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 1, picked.stderr)
        XCTAssertTrue(lines[0].hasPrefix("note: the whole graph would be \(PICKED300_FULL) px, too wide to read; drew each coordinator flow as one node, left to right (61 nodes, "), picked.stderr)
        let json1000 = dir.appendingPathComponent("app1000.json")
        try Data(JSONRenderer.render(report(flows: 200)).utf8).write(to: json1000)
        let whole = try runNavgraph(["render", json1000.path, "-o", dir.appendingPathComponent("b.png").path, "--quiet", "--no-auto-view"])
        XCTAssertEqual(whole.status, 0, whole.stderr)
        XCTAssertFalse(whole.stderr.contains("(null)") || whole.stderr.contains("cairo-renderer"), whole.stderr)
        XCTAssertTrue(whole.stderr.hasPrefix("note: at 96 dpi this PNG would be "), whole.stderr)
        XCTAssertEqual(whole.stderr.split(separator: "\n").count, 1, whole.stderr)
    }

    func testGraphvizMessagesAreTranslatedOrNeutralised() {
        XCTAssertEqual(GraphvizMessages.translate("(null): graph is too large for cairo-renderer bitmaps. Scaling by 0.579783 to fit\n"),
                       "the PNG is larger than the 32767 px a bitmap can hold and was scaled down to fit; use svg or pdf for full size, or draw less (--collapse, --focus NAME)")
        XCTAssertEqual(GraphvizMessages.translate("(null): odd \u{1B}[31mthing"), "odd \\u{1B}[31mthing")
        XCTAssertNil(GraphvizMessages.translate("  \n"))
    }

    func testCollapsedFlowsCountTheirFindings() throws {
        var view = ViewOptions()
        view.collapse = true
        let collapsed = try GraphViews.apply(view, to: report(flows: 60))
        let drawing = Drawing(collapsed.graph)
        XCTAssertEqual(drawing.node("coordinator:F3")?.label, "F3\n5 screens · 3 findings")
        XCTAssertEqual(drawing.node("coordinator:F4")?.label, "F4\n5 screens")
    }

    /// The SVG of a node or cluster from its `<g id=…>` to the next group: its first shape and texts.
    func group(_ svg: String, id: String) -> String? {
        // Graphviz writes a `-` in an id as `&#45;`.
        let escaped = id.contains("&#45;") ? id : id.replacingOccurrences(of: "-", with: "&#45;")
        guard let start = svg.range(of: "<g id=\"\(escaped)\"") else { return nil }
        let rest = svg[start.upperBound...]
        let end = rest.range(of: "\n<!-- ")?.lowerBound ?? rest.endIndex
        return String(rest[..<end])
    }

    /// What a node's outline looks like: element, fill, stroke, dashes and number of points.
    func outline(_ group: String) -> String? {
        let pattern = #"<(polygon|ellipse|path) fill="([^"]*)" stroke="([^"]*)"([^/]*)/>"#
        guard let m = try? NSRegularExpression(pattern: pattern).firstMatch(in: group, range: NSRange(group.startIndex..., in: group)) else { return nil }
        func part(_ i: Int) -> String { Range(m.range(at: i), in: group).map { String(group[$0]) } ?? "" }
        let rest = part(4)
        let points = rest.components(separatedBy: "points=\"").dropFirst().first?.split(separator: " ").count ?? 0
        let dashed = rest.contains("stroke-dasharray")
        let width = rest.components(separatedBy: "stroke-width=\"").dropFirst().first?.prefix { $0 != "\"" } ?? ""
        return "\(part(1)) \(part(2)) \(part(3)) dashed:\(dashed) width:\(width) points:\(points)"
    }

    func testTheLegendDrawsEachKindAsItsNodesAreDrawnAndFlowsCarryTheirName() throws {
        let report = try analyzeSample("hackingwithswift/RecipeBox")
        let svg = String(decoding: try GraphvizRenderer.render(report.graph, format: "svg"), as: UTF8.self)
        var compared: [String] = []
        for kind in NodeKind.allCases {
            // A node of the kind drawn plainly (not unreachable, dead or unhandled), as the legend explains it.
            guard let m = svg.range(of: #"<g id="[^"]+" class="node node&#45;\#(kind.rawValue)">"#, options: .regularExpression),
                  let id = svg[m].components(separatedBy: "\"").dropFirst().first else { continue }
            let node = try XCTUnwrap(group(svg, id: id).flatMap(outline), id)
            let swatch = try XCTUnwrap(group(svg, id: "legend-" + kind.rawValue).flatMap(outline), kind.rawValue)
            // The swatch's size differs (its text does): the outline's element, colours, dashes and corners compare.
            XCTAssertEqual(swatch, node, kind.rawValue)
            compared.append(kind.rawValue)
        }
        XCTAssertEqual(compared, ["app", "coordinator", "screen", "route"], "RecipeBox's one action node is unhandled")
        let cluster = try XCTUnwrap(group(svg, id: "cluster-coordinator-MainCoordinator"))
        XCTAssertTrue(cluster.contains(">MainCoordinator flow</text>"), cluster)
    }
}

/// The whole 300-screen synthetic graph's size as dot lays it out top to bottom, at 96 dpi.
private let PICKED300_FULL = "29590×661"
