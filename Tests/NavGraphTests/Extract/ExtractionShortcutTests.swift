import Foundation
@testable import NavGraphExtract
@testable import NavGraphKit
import NavGraphModel
@_spi(RawSyntax) import SwiftSyntax
import SwiftParser
import XCTest

/// Extraction reads text, lines and collections the fast way (`SourceText`, `SyntaxElements`,
/// `TokenSyntax.sourceText`); these tests check every shortcut against SwiftSyntax's own answer on every
/// node of every sample file, the fuzz regressions, and sources made to hit the edge cases.
final class ExtractionShortcutTests: XCTestCase {
    /// Sources where the shortcuts could go wrong: line breaks of every kind, a byte order mark,
    /// whitespace that is not ASCII, comments inside types, syntax errors (missing and unexpected tokens).
    static let edgeCases: [String] = [
        "class A: B, C {}\r\nstruct S { var x: [Int] = [1, 2]\r\n func f() { g(a: 1) } }\r\n",
        "class A {}\rlet x = 1\r\r\nfunc f() {\n let s = \"\"\"\r\n a\r\n b \r\n \"\"\"\r}\n",
        "\u{FEFF}class A { func f() -> Int { 1 } }",
        "let x: Dictionary<String,\u{00A0}Int> = [:]\nlet y: (A\u{2028}& B)? = nil\nclass C: P\u{3000}, Q {}\n",
        "struct S { var a: [ /* c */ Int ] = []; func f(x: A /* d */) -> B // e\n { g() } }",
        "func f(x: ) -> { let = 1; g(a: , b) }\nclass A: { var x: Int = }\nextension { }\n",
        "class A { func f() { if case .x(let a) = b, case let .y(c as D) = e { g() }; switch v { case A.b: break; case let x as Y: break; default: break } } }",
        "enum E { case a(Int, String), b; indirect case c(E) }\nlet t = (a: 1, b: \"x\\(y)z\", c: #\"raw\"#)\n",
        "@main struct App { @available(iOS 13, *) static func main() { let v = Foo<Bar<Baz>>.make(); _ = v as! Q; _ = w is R } }",
        "class A {\n\tvar x:\t[\tInt\t]\n\t@objc\tfunc\tf ( ) { x = y ?? z ? 1 : 2 } }\u{000B}\u{000C}\n",
        "",
        "\n\n\n",
        "#sourceLocation(file: \"other.swift\", line: 100)\nclass Moved { func f() {} }\n#sourceLocation()\nclass Back {}\n",
    ]

    static func corpus() throws -> [(name: String, source: String)] {
        var sources: [(String, String)] = edgeCases.enumerated().map { ("edge-\($0.offset)", $0.element) }
        for sample in Repo.samples {
            let dir = Repo.sample(sample)
            let files = FileManager.default.enumerator(atPath: dir.path)!.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted()
            for file in files { sources.append(("\(sample)/\(file)", try String(contentsOf: dir.appendingPathComponent(file), encoding: .utf8))) }
        }
        let fuzz = Repo.root.appendingPathComponent("Tests/FuzzRegressions")
        for name in try FileManager.default.contentsOfDirectory(atPath: fuzz.path).sorted() where !name.hasSuffix(".md") {
            let data = try Data(contentsOf: fuzz.appendingPathComponent(name))
            // Only the small inputs: the deep ones are there for the nesting bounds (FuzzRegressionTests), and
            // walking every node of them in a debug build was most of this suite's time.
            guard data.count < 1_000 else { continue }
            // Inputs of the other fuzz targets (`//fuzz: storyboard`, …) are no Swift to compare, and the
            // output writers' one names types with raw identifiers, whose token text extraction reads
            // without the backticks on purpose.
            guard !data.starts(with: Data(FuzzHarness.headerPrefix.utf8)) else { continue }
            sources.append(("fuzz/\(name)", String(decoding: data, as: UTF8.self)))
        }
        // Parsed as extraction parses them: after the bracket guard (deep square brackets take forever).
        return sources.map { name, source in
            (name, BracketGuard.rewrite(source, squareLimit: Extractor.maximumSquareBracketDepth, depthLimit: Extractor.maximumBlockDepth)?.source ?? source)
        }
    }

    /// A node's text as extraction reads it (trimmed, squeezed, spaced) must be SwiftSyntax's trimmed text,
    /// squeezed and spaced as `Walker` does.
    static func assertTexts(_ texts: (trimmed: String, squeezed: String, spaced: String), of node: Syntax, _ message: String,
                            file: StaticString = #filePath, line: UInt = #line) {
        let trimmed = node.trimmedDescription
        XCTAssertEqual(texts.trimmed, trimmed, message, file: file, line: line)
        XCTAssertEqual(texts.squeezed, Walker.squeeze(trimmed), message, file: file, line: line)
        XCTAssertEqual(texts.spaced, Walker.spaced(trimmed), message, file: file, line: line)
    }

    func testSourceTextGivesSwiftSyntaxsTextAndLinesForEveryNode() throws {
        var nodes = 0
        try Self.eachNode(Self.corpus()) { name, node, fast, converter in
            nodes += 1
            XCTAssertEqual(fast.line(node), converter.location(for: node.positionAfterSkippingLeadingTrivia).line, "\(name): \(node.kind) at \(node.position)")
            // Extraction reads the text of small nodes (types, names, literals, patterns); printing
            // every declaration and block too would make the test quadratic.
            guard node.totalLength.utf8Length < 400 || name.hasPrefix("edge") else { return }
            Self.assertTexts((fast.trimmed(node), fast.squeezed(node), fast.spaced(node)), of: node, "\(name): \(node.kind)")
            if let token = node.as(TokenSyntax.self) {
                XCTAssertEqual(token.sourceText, token.text, "\(name): \(token.tokenKind)")
            }
        }
        XCTAssertGreaterThan(nodes, 10_000)
    }

    /// Bodies are read from the raw tree (`RNode`): its offsets, lines and texts must be the typed tree's,
    /// on every node of the corpus and of damaged copies of the samples (missing and unexpected tokens,
    /// where the text SwiftSyntax trims differs from the bytes between the first and last present token).
    func testRawNodesGiveTheTypedTreesOffsetsLinesAndTexts() throws {
        var sources = try Self.corpus()
        var rng = SeededRandom(seed: 3)
        let pieces = ["{", "}", "(", ")", "[", "]", ",", ":", "=", "?", "\"", "case ", "let ", "if ", "->", "\n", "\r\n", "é"]
        for (name, source) in sources where !name.hasPrefix("edge") && !name.hasPrefix("fuzz") {
            var bytes = Array(source.utf8)
            for _ in 0..<6 where !bytes.isEmpty {
                let at = rng.next(bytes.count)
                if rng.next(2) == 0 { bytes.remove(at: at) } else { bytes.insert(contentsOf: Array(pieces[rng.next(pieces.count)].utf8), at: at) }
            }
            sources.append(("damaged/\(name)", String(decoding: bytes, as: UTF8.self)))
        }
        var nodes = 0, withErrors = 0
        Self.eachNode(sources) { name, node, fast, converter in
            nodes += 1
            if node.hasError { withErrors += 1 }
            let raw = RNode(node)
            XCTAssertEqual(fast.line(raw), converter.location(for: node.positionAfterSkippingLeadingTrivia).line, "\(name): \(node.kind)")
            // Each child where the typed tree puts it, found by identity or by position.
            let children = Array(node.children(viewMode: .all))
            XCTAssertEqual(raw.elements.map(\.offset), children.map(\.position.utf8Offset), "\(name): \(node.kind)")
            // Empty nodes may be one shared node (the parser's empty lists): `at` finds the first, and
            // no text or line is ever read from a node of length zero.
            for child in children where child.totalLength.utf8Length > 0 {
                XCTAssertEqual(raw.at(child.raw)?.offset, child.position.utf8Offset, "\(name): \(child.kind)")
            }
            guard node.totalLength.utf8Length < 400 || name.hasPrefix("edge") else { return }
            Self.assertTexts((fast.trimmed(raw), fast.squeezed(raw), fast.spaced(raw)), of: node, "\(name): \(node.kind)")
            if let token = node.as(TokenSyntax.self) {
                XCTAssertEqual(RawTokenSyntax(node.raw).map { String(syntaxText: $0.tokenText).withoutBackticks }, token.sourceText, "\(name): \(token.tokenKind)")
            }
        }
        XCTAssertGreaterThan(nodes, 50_000)
        XCTAssertGreaterThan(withErrors, 1_000)
    }

    func testCollectionElementsAreTheCollectionsOwn() throws {
        func check<C: SyntaxCollection>(_ type: C.Type, _ node: Syntax, _ name: String) {
            guard let c = node.as(C.self) else { return }
            XCTAssertEqual(c.each.map(\.id), c.map(\.id), name)
        }
        for (name, source) in try Self.corpus() { LargeStack.run {
            var text = source
            let tree = text.withUTF8 { Parser.parse(source: $0, maximumNestingLevel: Extractor.maximumNestingLevel) }
            for node in Self.allNodes(tree) {
                check(CodeBlockItemListSyntax.self, node, name)
                check(MemberBlockItemListSyntax.self, node, name)
                check(LabeledExprListSyntax.self, node, name)
                check(ExprListSyntax.self, node, name)
                check(AttributeListSyntax.self, node, name)
                check(DeclModifierListSyntax.self, node, name)
                check(FunctionParameterListSyntax.self, node, name)
                check(PatternBindingListSyntax.self, node, name)
                check(SwitchCaseListSyntax.self, node, name)
                check(ConditionElementListSyntax.self, node, name)
                check(StringLiteralSegmentListSyntax.self, node, name)
                check(InheritedTypeListSyntax.self, node, name)
            }
        } }
    }

    /// `SourceText.filtered` is `Character.isWhitespace` for ASCII: every pair of ASCII bytes (which
    /// covers `\r\n`, the one ASCII grapheme of two scalars), with and without spaces kept.
    func testASCIIWhitespaceFilterMatchesCharacters() {
        for a in UInt8(0)..<0x80 {
            for b in UInt8(0)..<0x80 {
                for bytes in [[a, b], [0x41, a, b, 0x42]] {
                    let string = String(decoding: bytes, as: UTF8.self)
                    bytes.withUnsafeBufferPointer { buffer in
                        XCTAssertEqual(SourceText.filtered(buffer, keepSpace: false), Walker.squeeze(string), "\(bytes)")
                        XCTAssertEqual(SourceText.filtered(buffer, keepSpace: true), Walker.spaced(string), "\(bytes)")
                    }
                }
            }
        }
        [UInt8]("é a".utf8).withUnsafeBufferPointer { XCTAssertNil(SourceText.filtered($0, keepSpace: false)) }
    }

    func testByteSearch() {
        let cases: [(String, Bool)] = [("", false), ("navgraph", false), ("navgraph:", true), ("// nnavgraph:disable", true),
                                       ("navgraph;navgraph:", true), ("xnavgraph", false), ("ünavgraph:é", true)]
        for (text, expected) in cases {
            var t = text
            XCTAssertEqual(t.withUTF8 { $0.contains(bytes: "navgraph:") }, expected, text)
        }
    }

    /// Files are read as `String(data:encoding: .utf8)` reads them (which drops one leading byte order
    /// mark), and invalid bytes are repaired and flagged as before.
    func testSourceBytesDecodeAsFoundationDoes() {
        var inputs: [[UInt8]] = [
            [], [0x41], [0xEF, 0xBB, 0xBF], [0xEF, 0xBB, 0xBF, 0x41], [0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF, 0x41],
            [0x41, 0xEF, 0xBB, 0xBF], [0xEF, 0xBB], [0xC0, 0x41], [0xED, 0xA0, 0x80], [0xF0, 0x9F, 0x98], [0xF0, 0x9F, 0x98, 0x80],
            [0xF4, 0x90, 0x80, 0x80], [0xFE, 0xFF, 0x00, 0x41], Array("let s = \"é—😀\"\n".utf8), [0xEF, 0xBB, 0xBF, 0xC0],
        ]
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let alphabet: [UInt8] = [0x41, 0x0A, 0xC3, 0xA9, 0xE2, 0x80, 0x94, 0xF0, 0x9F, 0x98, 0x80, 0xEF, 0xBB, 0xBF, 0xFF, 0xC0]
            inputs.append((0..<Int.random(in: 0...12, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! })
        }
        for bytes in inputs {
            let (text, valid) = SourceReader.decode(bytes)
            if let foundation = String(data: Data(bytes), encoding: .utf8) {
                XCTAssertTrue(valid, "\(bytes)")
                XCTAssertEqual(Array(text.utf8), Array(foundation.utf8), "\(bytes)")
            } else {
                XCTAssertFalse(valid, "\(bytes)")
                XCTAssertEqual(Array(text.utf8), Array(String(decoding: bytes, as: UTF8.self).utf8), "\(bytes)")
            }
        }
    }

    /// Parses each source as extraction does, on a large stack (the parser and the visitor recurse as deep
    /// as the code nests), and calls `visit` with every node, the fast text and SwiftSyntax's converter.
    static func eachNode(_ sources: [(name: String, source: String)], _ visit: @escaping (String, Syntax, SourceText, SourceLocationConverter) -> Void) {
        for (name, source) in sources { LargeStack.run {
            var text = source
            text.withUTF8 { bytes in
                let tree = Parser.parse(source: bytes, maximumNestingLevel: Extractor.maximumNestingLevel)
                let converter = SourceLocationConverter(fileName: name, tree: tree)
                let fast = SourceText(bytes: bytes, tree: tree, fileName: name)
                for node in allNodes(tree) { visit(name, node, fast, converter) }
            }
        } }
    }

    static func allNodes(_ tree: SourceFileSyntax) -> [Syntax] {
        final class Collector: SyntaxAnyVisitor {
            var nodes: [Syntax] = []
            override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
                nodes.append(node)
                return .visitChildren
            }
        }
        let c = Collector(viewMode: .all)
        c.walk(tree)
        return c.nodes
    }
}
