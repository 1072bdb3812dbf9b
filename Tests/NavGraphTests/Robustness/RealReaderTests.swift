import CGraphviz
import Foundation
import NavGraphCheck
import NavGraphKit
import NavGraphModel
@testable import NavGraphPresent
import XCTest

/// Each output read by its real reader, with hostile names of our own: DOT by Graphviz's parser
/// (`agmemread`), SVG and HTML by a headless Chromium, Markdown by a CommonMark checker (and `cmark-gfm`
/// or `cmark` when installed), and every line navgraph prints by a parser of GitHub's runner rules for
/// workflow commands. Each reader must see exactly what navgraph wrote: no node, attribute, link,
/// script or command that came from a name, a path or a comment.
final class RealReaderTests: XCTestCase {
    /// Raw identifiers (swift-syntax 602 reads them): a backslash and a quote (closed DOT strings), markup
    /// with a handler, a URL scheme, a workflow command in both forms, a backslash before `[` and bare links.
    static let quoteName = #"a\"b"#
    static let pwnName = "x</script><img src=x onerror=document.documentElement.setAttribute('data-pwned','1')>"
    static let schemeName = "javascript:alert(1)"
    static let forgedName = "::error title=FORGED::raw"
    static let legacyName = "##[error]legacy"
    static let linkName = #"n\n\[md](https://evil.example/x) www.evil.example x@evil.example"#
    static let hostileNames = [quoteName, pwnName, schemeName, forgedName, legacyName, linkName]

    /// Paths: a folder that reads as a URL scheme, a file that is a workflow command, a file with ESC.
    static let schemeFolder = "javascript:alert(1)"
    static let forgedFile = "::error file=App.swift,line=1,title=FORGED::x.swift"
    static let escFile = "Esc\u{1B}]0;pwned\u{7}\u{1B}[2J.swift"
    static let bytesFile = "::error file=App.swift,line=1,title=FORGED::bytes.swift"

    static let sources: [String: String] = [
        "App.swift": """
        @main class AppDelegate: UIResponder, UIApplicationDelegate {
            var window: UIWindow?
            func application() { window?.rootViewController = HomeViewController() }
        }
        final class HomeViewController: UIViewController {
            func one() { present(`\(quoteName)`(), animated: true) }
            func two() { present(`\(pwnName)`(), animated: true) }
            func three() { present(`\(schemeName)`(), animated: true) }
            func four() { present(`\(forgedName)`(), animated: true) }
            func five() { present(`\(legacyName)`(), animated: true) }
            func six() { present(`\(linkName)`(), animated: true) }
        }
        """,
        "\(schemeFolder)/Screens.swift": hostileNames.map { "final class `\($0)`: UIViewController {}\n" }.joined()
            + "final class `::warning::orphan \(schemeName)`: UIViewController {}\n",
        forgedFile: """
        // navgraph:disable:next ##[error]legacy-rule
        final class `::notice::orphan`: UIViewController {}
        // navgraph:disable:next \\[x](javascript:alert(3))
        final class `##[warning]orphan`: UIViewController {}
        """,
        escFile: "final class `\(linkName) orphan`: UIViewController {}\n",
    ]

    nonisolated(unsafe) static var folder: URL?
    nonisolated(unsafe) static var analyzed: AnalysisReport?

    /// Analyzed once for all tests (the app is written to a real folder: the CLI reads it too).
    var dir: URL { Self.folder! }
    var report: AnalysisReport { Self.analyzed! }

    override class func setUp() {
        super.setUp()
        folder = try? temporaryApp(sources)
        // Not valid UTF-8: navgraph warns naming the file, and the warning starts with the file's path.
        try? Data([0xFF, 0xFE] + Array("final class Bytes: UIViewController {}\n".utf8)).write(to: folder!.appendingPathComponent(bytesFile))
        if let folder { analyzed = try? analyze(folder) { $0.cacheLocation = nil }.report }
    }

    override class func tearDown() {
        if let folder { try? FileManager.default.removeItem(at: folder) }
        super.tearDown()
    }

    override func setUpWithError() throws {
        XCTAssertNotNil(Self.analyzed, "the hostile app was not analyzed")
        guard Self.analyzed != nil else { throw XCTSkip("no analysis") }
    }

    var lintReport: LintReport {
        let rules = RuleRegistry.all.map { r in
            RuleMetadata(id: r.description.id, name: r.description.name, summary: r.description.summary,
                         howToFix: r.description.howToFix, defaultSeverity: r.description.defaultSeverity, helpURI: r.description.helpURI)
        }
        // Root ".": the paths start the lines of the text and xcode reporters.
        return LintReport(findings: report.findings, root: ".", fileCount: Self.sources.count, rules: rules, toolVersion: "0.0.0-test")
    }

    func testTheHostileNamesAndPathsReachTheGraphAndTheFindings() {
        let names = Set(report.graph.nodes.map(\.name))
        XCTAssertTrue(names.isSuperset(of: Self.hostileNames), "\(names.sorted())")
        let files = Set(report.findings.map(\.file))
        XCTAssertTrue(files.isSuperset(of: [Self.forgedFile, Self.escFile, "\(Self.schemeFolder)/Screens.swift"]), "\(files.sorted())")
        let messages = report.findings.map(\.message).joined(separator: "\n")
        XCTAssertTrue(messages.contains("##[error]legacy-rule"), messages)
        XCTAssertTrue(messages.contains("::notice::orphan"), messages)
    }

    // MARK: - DOT through Graphviz's own parser

    /// Graphviz's label escapes undone: `\\` is a backslash, `\n` a line break, `&amp;` an ampersand.
    static func decodeGraphvizLabel(_ s: String) -> String {
        var out = "", it = s.makeIterator()
        while let c = it.next() {
            guard c == "\\" else { out.append(c); continue }
            switch it.next() {
            case "\\": out.append("\\")
            case "n": out.append("\n")
            case let other?: out.append("\\"); out.append(other)
            case nil: out.append("\\")
            }
        }
        return out.replacingOccurrences(of: "&amp;", with: "&")
    }

    struct ParsedDOT {
        var nodes: [String: [String: String]] = [:]
        var edges: [[String: String]] = []
        var declared: Set<String> = []
    }

    static func readDOT(_ dot: String) -> ParsedDOT? {
        guard let g = dot.withCString({ agmemread($0) }) else { return nil }
        defer { agclose(g) }
        var parsed = ParsedDOT()
        func attributes(_ kind: Int32) -> [UnsafeMutablePointer<Agsym_t>] {
            var syms: [UnsafeMutablePointer<Agsym_t>] = []
            var sym = agnxtattr(g, kind, nil)
            while let s = sym { syms.append(s); sym = agnxtattr(g, kind, s) }
            return syms
        }
        let nodeSyms = attributes(Int32(AGNODE)), edgeSyms = attributes(Int32(AGEDGE)), graphSyms = attributes(Int32(AGRAPH))
        for s in nodeSyms + edgeSyms + graphSyms { parsed.declared.insert(String(cString: s.pointee.name)) }
        func values(_ obj: UnsafeMutableRawPointer, _ syms: [UnsafeMutablePointer<Agsym_t>]) -> [String: String] {
            var out: [String: String] = [:]
            for s in syms {
                let v = String(cString: agxget(obj, s))
                if v != String(cString: s.pointee.defval) { out[String(cString: s.pointee.name)] = v }
            }
            return out
        }
        var node = agfstnode(g)
        while let n = node {
            parsed.nodes[String(cString: agnameof(UnsafeMutableRawPointer(n)))] = values(UnsafeMutableRawPointer(n), nodeSyms)
            var edge = agfstout(g, n)
            while let e = edge { parsed.edges.append(values(UnsafeMutableRawPointer(e), edgeSyms)); edge = agnxtout(g, e) }
            node = agnxtnode(g, n)
        }
        return parsed
    }

    /// cgraph reads exactly navgraph's nodes, each label decoding to the drawn label (the hostile names
    /// whole), no `href` anywhere, and `URL` only with a source-URL template, always under it.
    func testDOTReadByGraphvizHasExactlyNavgraphsNodesLabelsAndLinks() throws {
        for template in [nil, "https://example.com/src/{file}#L{line}", "javascript:{file}"] {
            var options = RenderOptions()
            options.sourceURL = template
            let drawing = Drawing(report.graph, marks: options.marks)
            // Through the format, as `render` writes it (`##[` broken by a line continuation).
            let dot = String(decoding: try OutputFormat.dot.render(report, drawing, options).data, as: UTF8.self)
            guard let parsed = Self.readDOT(dot) else { return XCTFail("agmemread cannot read navgraph's DOT:\n\(dot)") }
            // The legend's swatches are nodes too (`legend:KIND`, `legend:lines`), navgraph's own names.
            let legend = parsed.nodes.keys.filter { $0.hasPrefix("legend:") }
            XCTAssertEqual(Set(legend), ["legend:app", "legend:screen", "legend:lines"])
            XCTAssertEqual(parsed.nodes.count, drawing.nodes.count + legend.count, "nodes")
            // Names as navgraph gives them to cgraph (`dotName`: a backslash before a quote cannot be read back).
            XCTAssertEqual(Set(parsed.nodes.keys).subtracting(legend), Set(drawing.nodes.map { dotName($0.id) }))
            for n in drawing.nodes {
                let expected = n.label.split(separator: "\n", omittingEmptySubsequences: false).map { visibleControlCharacters(String($0)) }.joined(separator: "\n")
                XCTAssertEqual(Self.decodeGraphvizLabel(parsed.nodes[dotName(n.id)]?["label"] ?? ""), expected, n.id)
            }
            // A label's first line is the name (an unreachable node's second says so).
            let labels = parsed.nodes.values.compactMap { $0["label"].map { Self.decodeGraphvizLabel($0).components(separatedBy: "\n")[0] } }
            for name in Self.hostileNames {
                XCTAssertTrue(labels.contains(name), "\(name) is no node's label: \(labels.sorted())")
            }
            XCTAssertFalse(parsed.declared.contains("href"), "an href attribute: \(parsed.declared.sorted())")
            let urls = (Array(parsed.nodes.values) + parsed.edges).compactMap { $0["URL"] }
            if template?.hasPrefix("https://") == true {
                XCTAssertFalse(urls.isEmpty)
                for url in urls { XCTAssertTrue(url.hasPrefix("https://example.com/src/"), url) }
                XCTAssertTrue(urls.contains("https://example.com/src/javascript%3Aalert%281%29/Screens.swift#L1"), "\(urls.sorted())")
            } else {
                XCTAssertEqual(urls, [], "links without an http(s) or file template")
                XCTAssertFalse(parsed.declared.contains("URL"), "\(parsed.declared.sorted())")
            }
        }
    }

    // MARK: - SVG and HTML in a browser

    static func hrefs(_ dom: String) -> [String] {
        let pattern = try! NSRegularExpression(pattern: #"(?:xlink:)?href\s*=\s*"([^"]*)""#, options: [.caseInsensitive])
        return pattern.matches(in: dom, range: NSRange(dom.startIndex..., in: dom)).map { String(dom[Range($0.range(at: 1), in: dom)!]) }
    }

    /// Event handler attributes (`on…`) of the DOM's elements. Chromium writes every attribute value in
    /// double quotes, with `"` inside as `&quot;`, so a tag's attributes are `name="…"` pairs.
    static func handlers(_ dom: String) -> [String] {
        let tag = try! NSRegularExpression(pattern: #"<[A-Za-z][^\s/>]*((?:\s+[^\s=>/]+(?:="[^"]*")?)*)\s*/?>"#)
        let attribute = try! NSRegularExpression(pattern: #"\s+([^\s=>/]+)(?:="[^"]*")?"#)
        var found: [String] = []
        for m in tag.matches(in: dom, range: NSRange(dom.startIndex..., in: dom)) {
            guard let r = Range(m.range(at: 1), in: dom) else { continue }
            let attributes = String(dom[r])
            for a in attribute.matches(in: attributes, range: NSRange(attributes.startIndex..., in: attributes)) {
                let name = String(attributes[Range(a.range(at: 1), in: attributes)!])
                if name.lowercased().hasPrefix("on") { found.append(name) }
            }
        }
        return found
    }

    /// The hostile name's script sets `data-pwned="1"` on the document if it ever runs.
    static func pwned(_ dom: String) -> Bool { dom.contains("data-pwned=\"") }

    static func count(_ needle: String, in s: String) -> Int { s.components(separatedBy: needle).count - 1 }

    /// Chromium loads the SVG and the page: nothing from a name runs (the `data-pwned` attribute stays
    /// unset, no element gains an event handler, the page has the scripts navgraph wrote and no more), no
    /// link uses `javascript:`, and links exist only for an http(s) template, with the scheme folder encoded.
    func testSVGAndHTMLInChromiumRunNoScriptAndLinkOnlyWhereTheTemplateSays() throws {
        let browser = try HeadlessChromium.find(for: "RealReaderTests")
        // The checks see a payload that does run: markup as a name would be if it were not escaped.
        let payload = "<html><body><p>\(Self.pwnName.dropFirst("x</script>".count))</p></body></html>"
        let (probe, _) = try HeadlessChromium.dumpDOM(Data(payload.utf8), name: "probe.html", browser: browser)
        XCTAssertTrue(Self.pwned(probe), "the payload does not run in this Chromium, so the checks below prove nothing: \(probe)")
        XCTAssertEqual(Self.handlers(probe), ["onerror"])
        let empty = NavGraph(roots: [], nodes: [], edges: [])
        let ownScripts = Self.count("<script", in: String(decoding: try HTMLRenderer.render(empty).data, as: UTF8.self))
        for template in ["https://example.com/src/{file}#L{line}", "{file}#L{line}", "javascript:{file}"] {
            var options = RenderOptions()
            options.sourceURL = template
            let linked = template.hasPrefix("https://")

            let svg = try RenderPlan.run(report, format: .svg, options: options).data
            let (svgDOM, _) = try HeadlessChromium.dumpDOM(svg, name: "graph.svg", browser: browser)
            XCTAssertTrue(svgDOM.contains("<svg"), "Chromium did not load the SVG: \(svgDOM.prefix(300))")
            XCTAssertFalse(Self.pwned(svgDOM), "a script from a name ran in the SVG")
            XCTAssertTrue(svgDOM.contains("<a xlink:"), "Chromium's DOM of the SVG has no links: \(svgDOM.prefix(600))")
            XCTAssertEqual(Self.count("<script", in: svgDOM), 0)
            XCTAssertEqual(Self.handlers(svgDOM), [])
            let svgLinks = Self.hrefs(svgDOM)
            XCTAssertFalse(svgLinks.contains { $0.trimmingCharacters(in: .whitespaces).lowercased().hasPrefix("javascript:") }, "\(svgLinks)")
            if linked {
                XCTAssertTrue(svgLinks.contains("https://example.com/src/javascript%3Aalert%281%29/Screens.swift#L1"), "\(svgLinks)")
                for link in svgLinks { XCTAssertTrue(link.hasPrefix("https://example.com/src/"), link) }
            } else {
                XCTAssertEqual(svgLinks, [], template)
            }
            XCTAssertTrue(svgDOM.contains(xmlEscape(Self.pwnName).replacingOccurrences(of: "&apos;", with: "'")), "the name is shown as text")

            let html = try RenderPlan.run(report, format: .html, options: options).data
            // The search selects the node in the scheme folder, so the page writes its source link.
            let (dom, log) = try HeadlessChromium.dumpDOM(html, name: "graph.html", fragment: "search=alert", browser: browser)
            XCTAssertTrue(dom.contains("data-navgraph-ready=\"1\""), "the page script did not finish\n\(log.suffix(2000))")
            XCTAssertFalse(dom.contains("data-navgraph-errors=\""), "script errors: \(dom.prefix(600))")
            XCTAssertFalse(Self.pwned(dom), "a script from a name ran in the page")
            XCTAssertEqual(Self.count("<script", in: dom), ownScripts, "scripts navgraph did not write")
            XCTAssertEqual(Self.handlers(dom), [])
            let links = Self.hrefs(dom)
            XCTAssertFalse(links.contains { $0.trimmingCharacters(in: .whitespaces).lowercased().hasPrefix("javascript:") }, "\(links)")
            for link in links where !link.hasPrefix("#") {
                XCTAssertTrue(linked && link.hasPrefix("https://example.com/src/"), "\(template): \(link)")
            }
        }
    }

    // MARK: - Markdown

    /// The links a CommonMark (GitHub-flavoured) reader would make of `text`, by CommonMark's rules for
    /// where a link can start: backslash escapes (an escaped character is plain text), code spans (their
    /// content is plain), inline links `[…](`, autolinks and raw HTML after `<`, and GitHub's bare
    /// `http://`, `https://`, `ftp://`, `www.` and `a@b.c` (even with the `@` escaped). It over-reports rather than misses: an
    /// unescaped `[` closed by `](` counts even when CommonMark would not make it a link.
    static func markdownLinks(_ text: String) -> [String] {
        // The HTML the lint report writes itself (the stale entries' fold).
        let ownTags = ["<details>", "<summary>", "</summary>", "</details>"]
        var found: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            // Plain characters, with a flag for those that came from a backslash escape or a code span
            // (and which of the two: GitHub finds e-mail links after escapes are undone, so an escaped `@`
            // still makes one; in a code span nothing does).
            var chars: [(Character, Bool)] = []
            var inCode: Set<Int> = []
            let cs = Array(line)
            var i = 0
            while i < cs.count {
                let c = cs[i]
                if c == "\\", i + 1 < cs.count, cs[i + 1].isASCII, cs[i + 1].isPunctuation || cs[i + 1].isSymbol {
                    chars.append((cs[i + 1], true)); i += 2; continue
                }
                if c == "`" {
                    var run = 0
                    while i + run < cs.count && cs[i + run] == "`" { run += 1 }
                    let fence = String(repeating: "`", count: run)
                    let rest = String(cs[(i + run)...])
                    if let close = rest.range(of: fence) {
                        for ch in rest[..<close.lowerBound] { inCode.insert(chars.count); chars.append((ch, true)) }
                        i += run + rest.distance(from: rest.startIndex, to: close.upperBound)
                        continue
                    }
                    for _ in 0..<run { chars.append(("`", false)) }
                    i += run
                    continue
                }
                chars.append((c, false)); i += 1
            }
            let plain = String(chars.map(\.0))
            func live(_ at: Int, _ n: Int) -> Bool { (at..<min(at + n, chars.count)).allSatisfy { !chars[$0].1 } }
            let p = Array(plain)
            for j in 0..<p.count {
                if p[j] == "@", !inCode.contains(j), j > 0, p[j - 1].isLetter || p[j - 1].isNumber, j + 1 < p.count, p[j + 1].isLetter || p[j + 1].isNumber,
                   String(p[(j + 1)...]).prefix(while: { !$0.isWhitespace }).contains(".") {
                    found.append("email link: " + String(String(p[max(0, j - 10)...]).prefix(40)))
                }
                guard !chars[j].1 else { continue }
                let rest = String(p[j...]).lowercased()
                if p[j] == "[", let close = rest.range(of: "]("), live(j + rest.distance(from: rest.startIndex, to: close.lowerBound), 2) {
                    found.append("inline link: " + String(rest.prefix(60)))
                }
                if p[j] == "<", j + 1 < p.count, p[j + 1].isLetter || p[j + 1] == "/" || p[j + 1] == "!" || p[j + 1] == "?",
                   !ownTags.contains(where: { rest.hasPrefix($0) }) {
                    found.append("autolink or HTML: " + String(rest.prefix(60)))
                }
                for scheme in ["http://", "https://", "ftp://", "www."] where rest.hasPrefix(scheme) && live(j, scheme.count)
                    && (j == 0 || !(p[j - 1].isLetter || p[j - 1] == "<")) {
                    found.append("bare link: " + String(rest.prefix(60)))
                }
            }
        }
        return found
    }

    var markdownOutputs: [(String, String)] {
        let none = AnalysisReport(graph: NavGraph(roots: [], nodes: [], edges: []), findings: [], diagnostics: [])
        var stale = lintReport
        stale.stale = [LintReport.StaleEntry(rule: "dead-route", symbol: Self.linkName, file: Self.forgedFile)]
        return [("lint --reporter markdown", MarkdownReporter.render(stale, colors: false)),
                ("diff --format markdown", DiffReporter.render(GraphDiff(old: none, new: report), format: "markdown"))]
    }

    func testMarkdownCheckerFindsEveryKindOfLinkAndNoEscapedOne() {
        XCTAssertEqual(Self.markdownLinks("[a](b) <https://x> http://y www.z.com a@b.co").count, 5)
        XCTAssertEqual(Self.markdownLinks(#"\[a](b) \<https\://x> http\://y www\.z.com a@\#(Character("\u{2060}"))b.co `[c](d)` ``<e:f>``"#), [])
        XCTAssertEqual(Self.markdownLinks(#"\\[a](b)"#).count, 1, "an escaped backslash leaves the bracket open")
        XCTAssertEqual(Self.markdownLinks(#"a\@b.co"#).count, 1, "an escaped @ still makes an e-mail link")
    }

    /// Neither the lint report nor the diff in Markdown has a link: navgraph writes none there, and no name,
    /// path or comment may make one.
    func testMarkdownHasNoLinkNavgraphDidNotWrite() {
        for (what, markdown) in markdownOutputs {
            XCTAssertTrue(markdown.contains("md") && markdown.contains("evil"), "\(what) does not show the hostile names")
            XCTAssertEqual(Self.markdownLinks(markdown), [], "\(what):\n\(markdown)")
        }
    }

    /// The same through a real CommonMark renderer, when one is installed (`cmark-gfm` with GitHub's
    /// extensions, else `cmark`): its HTML has no `<a>`, no `<img>` and no `<script>`.
    func testMarkdownThroughCommonMarkRendererHasNoLink() throws {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let candidates: [(String, [String])] = [("cmark-gfm", ["-e", "table", "-e", "autolink", "-e", "strikethrough"]), ("cmark", [])]
        guard let (tool, arguments) = candidates.lazy.compactMap({ c -> (String, [String])? in
            path.split(separator: ":").map { "\($0)/\(c.0)" }.first { FileManager.default.isExecutableFile(atPath: $0) }.map { ($0, c.1) }
        }).first else {
            let reason = "no CommonMark renderer found (cmark-gfm, cmark); install one with `apt-get install -y cmark-gfm` to run the renderer check (the checker in testMarkdownHasNoLinkNavgraphDidNotWrite runs anyway)"
            print("RealReaderTests.testMarkdownThroughCommonMarkRendererHasNoLink skipped: \(reason)")
            throw XCTSkip(reason)
        }
        func render(_ markdown: String) throws -> String {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: tool)
            p.arguments = arguments
            let input = Pipe(), output = Pipe()
            p.standardInput = input
            p.standardOutput = output
            try p.run()
            input.fileHandleForWriting.write(Data(markdown.utf8))
            try input.fileHandleForWriting.close()
            let html = output.fileHandleForReading.readDataToEndOfFile()
            p.waitUntilExit()
            return String(decoding: html, as: UTF8.self)
        }
        XCTAssertTrue(try render("see https://example.com").contains("<a "), "\(tool) makes no links, so it proves nothing")
        for (what, markdown) in markdownOutputs {
            let html = try render(markdown)
            XCTAssertTrue(html.contains("<table>") || html.contains("<ul>"), "\(what): \(html.prefix(300))")
            for tag in ["<a ", "<img", "<script"] { XCTAssertFalse(html.contains(tag), "\(what): \(tag) in\n\(html)") }
        }
    }

    // MARK: - GitHub workflow commands

    /// A command as GitHub's runner parses it from one line of a step's output.
    struct WorkflowCommand: Equatable, CustomStringConvertible {
        var name: String
        var properties: [String: String]
        var data: String
        var legacy: Bool
        var description: String { "\(legacy ? "##[" : "::")\(name) \(properties.sorted { $0.key < $1.key }) \(data.debugDescription)" }
    }

    /// The runner's rules (actions/runner `ActionCommand.TryParseV2`, then the legacy `TryParse`), for its
    /// registered commands (names case-insensitive).
    enum RunnerRules {
        static let commands: Set<String> = ["stop-commands", "set-env", "set-output", "save-state", "add-mask", "add-path", "add-matcher",
                                            "remove-matcher", "debug", "warning", "error", "notice", "group", "endgroup", "echo",
                                            "internal-set-repo-path"]

        /// The runner reads output line by line; .NET's `ReadLine` ends a line at CR, LF or CRLF.
        static func lines(_ text: String) -> [String] {
            text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n").components(separatedBy: "\n")
        }

        static func unescape(_ s: String, _ pairs: [(String, String)]) -> String {
            pairs.reduce(s) { $0.replacingOccurrences(of: $1.0, with: $1.1) }
        }
        static let dataPairs = [("%0D", "\r"), ("%0A", "\n"), ("%25", "%")]
        static let propertyPairs = [("%0D", "\r"), ("%0A", "\n"), ("%3A", ":"), ("%2C", ","), ("%25", "%")]
        static let legacyPairs = [("%3B", ";"), ("%0D", "\r"), ("%0A", "\n"), ("%5D", "]"), ("%25", "%")]

        /// `::name k=v,k=v::data`, after the line's leading white space is trimmed.
        static func parseV2(_ line: String) -> WorkflowCommand? {
            let message = String(line.drop { $0.isWhitespace })
            guard message.hasPrefix("::") else { return nil }
            let afterKey = message.index(message.startIndex, offsetBy: 2)
            guard let end = message.range(of: "::", range: afterKey..<message.endIndex) else { return nil }
            let info = message[afterKey..<end.lowerBound]
            let name = String(info.prefix { $0 != " " })
            guard commands.contains(name.lowercased()) else { return nil }
            var properties: [String: String] = [:]
            if let space = info.firstIndex(of: " "), space > info.startIndex {
                for property in info[info.index(after: space)...].trimmingCharacters(in: .whitespaces).split(separator: ",") {
                    let pair = property.split(separator: "=", maxSplits: 1)
                    if pair.count == 2 { properties[String(pair[0]).lowercased()] = unescape(String(pair[1]), propertyPairs) }
                }
            }
            return WorkflowCommand(name: name.lowercased(), properties: properties, data: unescape(String(message[end.upperBound...]), dataPairs), legacy: false)
        }

        /// `##[name k=v;k=v]data`, anywhere in the line.
        static func parseLegacy(_ line: String) -> WorkflowCommand? {
            guard let prefix = line.range(of: "##["), let close = line[prefix.upperBound...].firstIndex(of: "]") else { return nil }
            let info = line[prefix.upperBound..<close]
            let name = String(info.prefix { $0 != " " })
            guard commands.contains(name.lowercased()) else { return nil }
            var properties: [String: String] = [:]
            if let space = info.firstIndex(of: " "), space > info.startIndex {
                for property in info[info.index(after: space)...].split(separator: ";") {
                    let pair = property.split(separator: "=", maxSplits: 1)
                    if pair.count == 2 { properties[String(pair[0]).lowercased()] = unescape(String(pair[1]), legacyPairs) }
                }
            }
            return WorkflowCommand(name: name.lowercased(), properties: properties, data: unescape(String(line[line.index(after: close)...]), legacyPairs), legacy: true)
        }

        static func commands(in text: String) -> [WorkflowCommand] {
            lines(text).compactMap { parseV2($0) ?? parseLegacy($0) }
        }
    }

    func testRunnerRulesParseBothFormsAsTheRunnerDoes() {
        XCTAssertEqual(RunnerRules.commands(in: "  ::error file=a%2Cb.swift,line=3,title=x%3Ay::m%0An\n"),
                       [WorkflowCommand(name: "error", properties: ["file": "a,b.swift", "line": "3", "title": "x:y"], data: "m\nn", legacy: false)])
        XCTAssertEqual(RunnerRules.commands(in: "text ##[warning]careful\r::notice::ok").map(\.name), ["warning", "notice"])
        XCTAssertEqual(RunnerRules.commands(in: "\\u{3A}:error::x\nsee #\\u{23}[error]y\n::frobnicate::z\n:: error::w"), [])
    }

    /// `neutralized` itself: what the runner would read as a command, and what a terminal would obey, is
    /// broken or shown; everything else is kept.
    func testNeutralizedBreaksCommandsAndShowsControlsOnly() {
        XCTAssertEqual(neutralized("::error::x"), "\\u{3A}:error::x")
        XCTAssertEqual(neutralized(" \u{2003}::warning file=a::b"), " \u{2003}\\u{3A}:warning file=a::b", "after any white space the runner trims")
        XCTAssertEqual(neutralized("see ##[error]x and ##[warning]y"), "see #\\u{23}[error]x and #\\u{23}[warning]y")
        XCTAssertEqual(neutralized("a\n::error::b\u{1B}[2J\r"), "a\\n::error::b\\u{1B}[2J\\r", "one line: the second :: no longer starts one")
        XCTAssertEqual(neutralized("::kept", atLineStart: false), "::kept")
        XCTAssertEqual(neutralized("App.swift:3: a::b # [x] é 🙂"), "App.swift:3: a::b # [x] é 🙂")
        for s in ["::error::x", " ::notice::x", "##[error]x", "a\n::error::x", "a\r##[warning]x"] {
            XCTAssertEqual(RunnerRules.commands(in: s).isEmpty, false, "\(s.debugDescription) is a command, so the check below means something")
            XCTAssertEqual(RunnerRules.commands(in: neutralized(s)), [], s.debugDescription)
        }
    }

    /// What a reporter may command: the github-actions reporter one annotation per finding, with the
    /// fields it chose (the hostile file name whole in `file`, escaped per the runner's rules); others none.
    func assertOnlyNavgraphsCommands(_ text: String, from reporter: String?, findings: [Finding], path: (Finding) -> String, _ what: String,
                                     file: StaticString = #filePath, line: UInt = #line) {
        let commands = RunnerRules.commands(in: text)
        guard reporter == GitHubActionsReporter.id else {
            XCTAssertEqual(commands, [], "\(what) forges workflow commands:\n\(text)", file: file, line: line)
            return
        }
        XCTAssertEqual(commands.count, findings.count, "\(what): one command per finding\n\(text)", file: file, line: line)
        for (c, f) in zip(commands, findings) {
            XCTAssertFalse(c.legacy, file: file, line: line)
            XCTAssertEqual(c.name, f.severity == .error ? "error" : (f.severity == .warning ? "warning" : "notice"), file: file, line: line)
            XCTAssertEqual(Set(c.properties.keys), f.file.isEmpty ? ["title"] : ["file", "line", "title"], "\(c)", file: file, line: line)
            XCTAssertEqual(c.properties["title"], "navgraph \(f.rule)", file: file, line: line)
            if !f.file.isEmpty {
                XCTAssertEqual(c.properties["line"], "\(f.line)", file: file, line: line)
                XCTAssertEqual(c.properties["file"], visibleControlCharacters(path(f)), file: file, line: line)
            }
            XCTAssertFalse(c.data.isEmpty, "\(c)", file: file, line: line)
        }
    }

    /// Every reporter and text renderer, rendered in the process: only the github-actions reporter's own
    /// annotations are commands; the forged file name is the `file` of one of them, whole.
    func testNoOutputForgesAWorkflowCommand() throws {
        let lint = lintReport
        for reporter in ReporterRegistry.all {
            let out = reporter.render(lint, colors: reporter.id == TextReporter.id)
            assertOnlyNavgraphsCommands(out, from: reporter.id, findings: lint.findings, path: lint.path, reporter.id)
        }
        let forged = RunnerRules.commands(in: GitHubActionsReporter.render(lint, colors: false)).filter { $0.properties["file"] == Self.forgedFile }
        XCTAssertFalse(forged.isEmpty, "the forged file name is not one annotation's file")
        let none = AnalysisReport(graph: NavGraph(roots: [], nodes: [], edges: []), findings: [], diagnostics: [])
        var texts: [(String, String)] = [
            ("analyze text", TextRenderer.render(report)),
            ("analyze json", JSONRenderer.render(report)),
            ("routes", RoutePathRenderer.render(report.graph)),
            ("mermaid", try MermaidRenderer.render(report.graph)),
        ]
        for format in ["dot", "svg", "html", "mermaid", "json"] {
            let data = try RenderPlan.run(report, format: FormatRegistry.format(format)!).data
            texts.append(("render --format \(format)", String(decoding: data, as: UTF8.self)))
        }
        for format in DiffReporter.formats { texts.append(("diff \(format)", DiffReporter.render(GraphDiff(old: none, new: report), format: format))) }
        for (what, text) in texts {
            XCTAssertTrue(text.contains("legacy") || what == "routes", "\(what) does not show the hostile names")
            assertOnlyNavgraphsCommands(text, from: nil, findings: [], path: { $0.file }, what)
        }
    }

    /// The binary, on standard output and standard error: every reporter, the text and JSON graph, routes,
    /// a did-you-mean for a hostile name, and a `.navgraph.yml` whose unknown key holds line breaks, ESC and
    /// workflow commands. Nothing on standard error is a command, and no ESC reaches it.
    func testTheCLIForgesNoWorkflowCommandOnEitherStream() throws {
        let path = dir.path
        var runs: [(String, [String], String?)] = ReporterRegistry.all.map { r in ("lint --reporter \(r.id)", ["lint", path, "--no-cache", "--reporter", r.id], r.id) }
        runs += [("analyze", ["analyze", path, "--no-cache"], nil),
                 ("analyze json", ["analyze", path, "--no-cache", "--format", "json"], nil),
                 ("routes", ["routes", path, "--no-cache"], nil),
                 ("chain did-you-mean", ["chain", path, "--no-cache", "::error title=FORGED::rav"], nil),
                 ("render focus did-you-mean", ["render", path, "--no-cache", "--format", "dot", "-o", "-", "--focus", "##[error]legac"], nil)]
        let config = dir.deletingLastPathComponent().appendingPathComponent("navgraph-hostile-\(UUID().uuidString).yml")
        try Data("\"::error title=FORGED::yaml\\n::error::line\\u001B[2J\\r##[error]legacy\": 1\n".utf8).write(to: config)
        defer { try? FileManager.default.removeItem(at: config) }
        runs.append(("configuration error", ["lint", path, "--no-cache", "--config", config.path], nil))

        for (what, arguments, reporter) in runs {
            let result = try runNavgraph(arguments, environment: ["NAVGRAPH_NO_PROGRESS": "1"])
            XCTAssertNotEqual(result.status, 70, "\(what): internal error\n\(result.stderr)")
            XCTAssertEqual(RunnerRules.commands(in: result.stderr), [], "\(what): standard error forges commands:\n\(result.stderr)")
            XCTAssertFalse(result.stderr.contains("\u{1B}"), "\(what): ESC on standard error")
            if reporter != TextReporter.id { XCTAssertFalse(result.stdout.contains("\u{1B}"), "\(what): ESC on standard output") }
            assertOnlyNavgraphsCommands(result.stdout, from: reporter, findings: report.findings, path: { "\(path)/\($0.file)" }, what)
            switch what {
            case "analyze":
                // The warning for the file that is not UTF-8 starts with its path: the one place a path starts a line.
                XCTAssertTrue(result.stderr.contains("\\u{3A}:error file=App.swift,line=1,title=FORGED::bytes.swift: warning:"), result.stderr)
            case "render focus did-you-mean": XCTAssertTrue(result.stderr.contains("did you mean: #\\u{23}[error]legacy"), result.stderr)
            case "configuration error": XCTAssertTrue(result.stderr.contains("unknown key '::error title=FORGED::yaml\\n::error::line\\u{1B}[2J\\r#\\u{23}[error]legacy'"), result.stderr)
            default: break
            }
        }
    }
}
