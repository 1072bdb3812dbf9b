import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import NavGraphModel
import NavGraphPresent
import XCTest

final class RenderTests: XCTestCase {
    func testSVGIsWellFormedWithANodePerCoordinatorAndScreen() throws {
        let report = try analyzeSample("hackingwithswift/RecipeBox")
        let svg = try GraphvizRenderer.render(report.graph, format: "svg")
        let parser = XMLParser(data: svg)
        let collector = IDCollector()
        parser.delegate = collector
        XCTAssertTrue(parser.parse(), "SVG is not well-formed: \(String(describing: parser.parserError))")
        for n in report.graph.nodes where n.kind == .coordinator || n.kind == .screen {
            XCTAssertTrue(collector.ids.contains("\(n.kind.rawValue)-\(n.name)"), "no SVG element for \(n.id)")
        }
        XCTAssertTrue(svg.range(of: Data("Legend".utf8)) != nil)
    }

    func testPNGAndPDFHaveTheirSignatures() throws {
        let graph = try analyzeSample("hackingwithswift/RecipeBox").graph
        let png = try GraphvizRenderer.render(graph, format: "png")
        XCTAssertEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let pdf = try GraphvizRenderer.render(graph, format: "pdf")
        XCTAssertEqual(String(decoding: pdf.prefix(5), as: UTF8.self), "%PDF-")
    }

    func testRenderingIsByteIdentical() throws {
        let graph = try analyzeSample("hackingwithswift/RecipeBox").graph
        XCTAssertEqual(try GraphvizRenderer.render(graph, format: "svg"), try GraphvizRenderer.render(graph, format: "svg"))
    }

    func testLabelsFromAnalyzedCodeAreEscaped() throws {
        let graph = NavGraph(roots: [], nodes: [
            Node(kind: .screen, name: "A<script>alert(\"x\")</script>&\\N", location: SourceLocation(file: "a\nb.swift", line: 1), reachable: true),
        ], edges: [])
        let svg = String(decoding: try GraphvizRenderer.render(graph, format: "svg"), as: UTF8.self)
        XCTAssertFalse(svg.contains("<script>"))
        XCTAssertTrue(svg.contains("A&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;\\N"), svg)
        XCTAssertTrue(XMLParser(data: Data(svg.utf8)).parse())
    }
}

private final class IDCollector: NSObject, XMLParserDelegate {
    var ids = Set<String>()
    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName qName: String?, attributes: [String: String] = [:]) {
        if let id = attributes["id"] { ids.insert(id) }
    }
}
