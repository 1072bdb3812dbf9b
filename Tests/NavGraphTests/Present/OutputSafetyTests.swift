import CGraphviz
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import NavGraphCheck
import NavGraphKit
import NavGraphModel
@testable import NavGraphPresent
import XCTest

/// Names and paths from analyzed code reach every output: type names (raw identifiers may hold `<`,
/// `"`, `&`), folder and file names (which may hold newlines and escape sequences). Each output
/// escapes them for its own syntax; none lets `<script>` from analyzed code through as markup, and no
/// line-oriented output lets a name start a new line.
final class OutputSafetyTests: XCTestCase {
    static let evilFolder = "Evil \"<script>alert(1)&amp;"
    static let evilFile = "Line\nBreak\u{1B}[2J.swift"

    var dir: URL!
    var report: AnalysisReport!

    override func setUpWithError() throws {
        dir = try temporaryApp([
            "App.swift": """
            @main class AppDelegate: UIResponder, UIApplicationDelegate {
                var window: UIWindow?
                func application() { window?.rootViewController = HomeViewController() }
            }
            final class HomeViewController: UIViewController {
                func next() { present(`<script>alert("x")&amp;</script>`(), animated: true) }
            }
            """,
            "\(Self.evilFolder)/<b>Bold.swift": """
            final class `<script>alert("x")&amp;</script>`: UIViewController {}
            final class `Orphan<script>"&`: UIViewController {}
            """,
            Self.evilFile: "final class BrokenViewController: UIViewController {}\n",
        ])
        report = try analyze(dir).report
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: dir)
    }

    func testTheHostileNamesReachTheGraph() {
        let names = Set(report.graph.nodes.map(\.name))
        XCTAssertTrue(names.isSuperset(of: ["<script>alert(\"x\")&amp;</script>", "Orphan<script>\"&", "BrokenViewController"]), "\(names)")
        XCTAssertTrue(report.findings.contains { $0.file == "\(Self.evilFolder)/<b>Bold.swift" }, "\(report.findings)")
        XCTAssertTrue(report.findings.contains { $0.file == Self.evilFile }, "\(report.findings)")
    }

    /// Labels, tooltips and links: escaped, control characters shown, paths percent-encoded in links, and
    /// a `&` in the link template written as `&amp;` (Graphviz 2.43 leaves it raw, which breaks the XML).
    func testSVGEscapesNamesPathsAndLinks() throws {
        for template in ["https://example.com/src/{file}#L{line}", "https://example.com/blob?path={file}&line={line}"] {
            var options = RenderOptions()
            options.sourceURL = template
            let svg = String(decoding: try GraphvizRenderer.render(report.graph, format: "svg", options: options), as: UTF8.self)
            XCTAssertFalse(svg.contains("<script"), "raw <script> in SVG")
            XCTAssertFalse(svg.contains("\u{1B}"), "a raw control character in SVG")
            XCTAssertTrue(svg.contains(">&lt;script&gt;alert(&quot;x&quot;)&amp;amp;&lt;/script&gt;</text>"), svg)
            XCTAssertTrue(svg.contains("Line&#10;Break\\u{1B}[2J.swift:1"), "the tooltip shows the escape: \(svg)")
            let parser = XMLParser(data: Data(svg.utf8))
            let links = LinkCollector()
            parser.delegate = links
            XCTAssertTrue(parser.parse(), "SVG is not well-formed with \(template): \(String(describing: parser.parserError))")
            let evil = "Evil%20%22%3Cscript%3Ealert%281%29%26amp%3B/%3Cb%3EBold.swift"
            XCTAssertTrue(links.hrefs.contains(template.replacingOccurrences(of: "{file}", with: evil).replacingOccurrences(of: "{line}", with: "1")), "\(links.hrefs)")
        }
    }

    /// A path cannot choose the link's scheme: a template must name http, https or file before `{file}`,
    /// and `:` and `(` of a folder named `javascript:alert(1)` are percent-encoded.
    func testSourceLinksKeepTheTemplatesSchemeAndEncodeEveryPathCharacter() {
        var options = RenderOptions()
        options.sourceURL = "{file}#L{line}"
        XCTAssertNil(options.link("javascript:alert(1)/App.swift", 3))
        XCTAssertFalse(RenderOptions.isAllowedSourceURL("{file}#L{line}"))
        XCTAssertFalse(RenderOptions.isAllowedSourceURL("javascript:{file}"))
        XCTAssertTrue(RenderOptions.isAllowedSourceURL("FILE:///src/{file}"))
        options.sourceURL = "https://example.com/src/{file}#L{line}"
        XCTAssertEqual(options.link("javascript:alert(1)/App.swift", 3), "https://example.com/src/javascript%3Aalert%281%29/App.swift#L3")
    }

    /// DOT quotes every name; a name is never written as an `<HTML>` string (cgraph reads a flag in front
    /// of each name, see `StableIDs.headered`), so the same graph gives the same DOT on every run.
    func testDOTQuotesEveryNameAndKey() throws {
        let dot = String(decoding: try GraphvizRenderer.render(report.graph, format: "dot"), as: UTF8.self)
        XCTAssertTrue(dot.contains(#""screen:<script>alert(\"x\")&amp;</script>""#), dot)
        XCTAssertTrue(dot.contains(#""screen:Orphan<script>\"&""#), dot)
        for line in dot.split(separator: "\n") {
            let t = line.trimmingCharacters(in: .whitespaces)
            // The legend is navgraph's own HTML-like label (fixed text, nothing from the analyzed code).
            if t.hasPrefix("label=<<table") { continue }
            XCTAssertFalse(t.hasPrefix("<") || t.contains("=<") || t.contains("-> <"), "an HTML string in DOT: \(line)")
        }
        let name = StableIDs.intern("screen:<b>")
        defer { free(UnsafeMutableRawPointer(name) - StableIDs.header) }
        XCTAssertEqual(aghtmlstr(name), 0)
    }

    func testJSONKeepsNamesExactly() throws {
        let json = JSONRenderer.render(report)
        let doc = try JSONRenderer.decode(Data(json.utf8))
        XCTAssertEqual(Set(doc.nodes.map(\.name)), Set(report.graph.nodes.map(\.name)))
        XCTAssertTrue(doc.findings.contains { $0.file == Self.evilFile })
    }

    func testTextOutputKeepsOneLinePerItem() {
        let text = TextRenderer.render(report)
        XCTAssertFalse(text.contains("\u{1B}"), "an escape sequence reaches the terminal")
        XCTAssertTrue(text.contains("  screen BrokenViewController  Line\\nBreak\\u{1B}[2J.swift:1\n"), text)
        for line in text.split(separator: "\n") where line.contains("Break") {
            XCTAssertTrue(line.contains("Line\\nBreak"), String(line))
        }
        let diagnostic = Diagnostic(.warning, "not valid UTF-8", file: Self.evilFile)
        XCTAssertEqual(diagnostic.rendered, "Line\\nBreak\\u{1B}[2J.swift: warning: not valid UTF-8")
    }

    /// `visibleControlCharacters` tells from UTF-8 bytes whether a string has anything to escape; it must
    /// escape exactly the scalars it names (C0, DEL, C1, U+2028, U+2029), wherever they stand, and keep
    /// every other character, those whose encodings share bytes with them (U+00A0, U+2027, U+202A, é)
    /// included.
    func testControlCharactersAreFoundInTheBytesAsInTheScalars() {
        func escapes(_ v: UInt32) -> Bool { v < 0x20 || v == 0x7F || (0x80..<0xA0).contains(v) || v == 0x2028 || v == 0x2029 }
        let scalars: [UInt32] = Array(0..<0x100) + [0x2027, 0x2028, 0x2029, 0x202A, 0x2080, 0xE9, 0x1F600, 0xFEFF]
        for v in scalars {
            let c = String(Character(Unicode.Scalar(v)!))
            for s in [c, "a" + c, c + "b", "é" + c + "€"] {
                let out = visibleControlCharacters(s)
                if escapes(v) {
                    XCTAssertNotEqual(out, s, "U+\(String(v, radix: 16)) in \(s.debugDescription) is kept")
                    XCTAssertFalse(out.unicodeScalars.contains { escapes($0.value) }, s.debugDescription)
                } else {
                    XCTAssertEqual(out, s, "U+\(String(v, radix: 16)) is escaped")
                }
            }
        }
        XCTAssertEqual(visibleControlCharacters("a\u{85}b\u{2028}"), "a\\u{85}b\\u{2028}")
    }

    func testEveryReporterEscapesForItsFormat() throws {
        let rules = RuleRegistry.all.map { r in
            RuleMetadata(id: r.description.id, name: r.description.name, summary: r.description.summary,
                         howToFix: r.description.howToFix, defaultSeverity: r.description.defaultSeverity)
        }
        let lint = LintReport(findings: report.findings, root: dir.path, fileCount: 3, rules: rules, toolVersion: "0.0.0-test")
        for reporter in ReporterRegistry.all {
            let out = reporter.render(lint, colors: false)
            XCTAssertFalse(out.contains("\u{1B}"), "\(reporter.id): an escape sequence passes through")
            switch reporter.id {
            case "junit", "checkstyle":
                XCTAssertTrue(XMLParser(data: Data(out.utf8)).parse(), "\(reporter.id) is not well-formed XML")
                XCTAssertFalse(out.contains("<script"), "\(reporter.id): raw <script>")
            case "sarif", "json":
                XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(out.utf8)), reporter.id)
            case "markdown":
                XCTAssertFalse(out.contains("<script"), "markdown: raw <script> would be rendered as HTML")
                for line in out.split(separator: "\n") where line.hasPrefix("| ") && !line.hasPrefix("| Severity") {
                    XCTAssertEqual(line.replacingOccurrences(of: "\\|", with: "").filter { $0 == "|" }.count, 5, String(line))
                }
            default:
                // Line formats (text, xcode, github-actions): one line per finding (the summary goes to standard error).
                let lines = out.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.isEmpty }
                XCTAssertEqual(lines.count, report.findings.count, "\(reporter.id):\n\(out)")
            }
        }
    }
}

private final class LinkCollector: NSObject, XMLParserDelegate {
    var hrefs: [String] = []
    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName qName: String?, attributes: [String: String] = [:]) {
        if let h = attributes["xlink:href"] { hrefs.append(h) }
    }
}
