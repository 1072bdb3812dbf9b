import Foundation
@testable import NavGraphKit
import NavGraphModel
@testable import NavGraphPresent
import XCTest

/// The stages after the analysis: the JSON document and writing the output.
final class OutputStageTests: XCTestCase {
    /// The JSON is written by hand for speed; it must stay byte for byte what `JSONEncoder` writes.
    func testJSONIsWhatJSONEncoderWritesForEverySample() throws {
        for sample in Repo.samples {
            let report = try analyzeSample(sample)
            XCTAssertEqual(JSONRenderer.render(report), JSONRenderer.encoderRender(report), sample)
        }
    }

    func testJSONIsWhatJSONEncoderWritesForAwkwardValues() {
        var every = ""
        for v in 0..<0x80 { every.unicodeScalars.append(Unicode.Scalar(v)!) }
        every += "\u{80}\u{9F}\u{A0}é—·\u{2028}\u{2029}\u{FEFF}😀\u{FFFD}e\u{301}/\\\"12345678\"\"\"\"\"\"\"\"\\\\\\\\\\\\\\\\"
        let names = [every, "", "a", "plain-eight", "x\ny", "0123456789abcdef\u{1}"]
        var nodes: [Node] = []
        for (i, name) in names.enumerated() {
            var n = Node(kind: i % 2 == 0 ? .screen : .coordinator, name: name, location: SourceLocation(file: name, line: i * 1000 - 1),
                         reachable: i % 2 == 0, family: i % 3 == 0 ? nil : name, owner: i % 2 == 0 ? name : nil)
            if i % 2 == 1 {
                n.attributes = ["b": name, "B": "2", "a10": "", "a9": "", "_z": "", "e\u{301}x": "1", "f": "2", "Å": "3",
                                "\u{212B}z": "5", "A\u{30A}b": "4", name: "self"]
            } else if i == 2 {
                n.attributes = [:]
            }
            nodes.append(n)
        }
        let edges = names.map { Edge(from: $0, to: $0 + "!", kind: .shows, via: $0.isEmpty ? nil : $0, mechanism: $0.count > 3 ? $0 : nil,
                                     location: SourceLocation(file: $0, line: -3), reachable: $0.isEmpty) }
        var paths = names.map { ActionPath(sender: $0, action: $0, chain: [$0, ""], handledBy: $0.isEmpty ? nil : $0, note: $0,
                                           reachable: true, location: SourceLocation(file: $0, line: 7), handledWithin: $0.count == 1 ? $0 : nil) }
        paths[0].steps = [ChainStep(responder: every, role: .passThrough, location: SourceLocation(file: every, line: 3)), ChainStep(responder: "", role: .end)]
        paths[1].steps = []
        paths[2].carries = names
        paths[3].carries = []
        let graph = NavGraph(roots: names, nodes: nodes, edges: edges, paths: paths, families: names)
        let findings = names.map { Finding(rule: $0, severity: .warning, symbol: $0, message: $0, location: SourceLocation(file: $0, line: 0)) }
        let diagnostics = names.map { Diagnostic(.error, $0, file: $0.isEmpty ? nil : $0, line: $0.count > 5 ? nil : 4) }
        for report in [AnalysisReport(graph: graph, findings: findings, diagnostics: diagnostics),
                       AnalysisReport(graph: NavGraph(roots: [], nodes: [], edges: []), findings: [], diagnostics: [])] {
            XCTAssertEqual(JSONRenderer.render(report), JSONRenderer.encoderRender(report))
        }
    }

    func testEscapeScanFindsEveryByteThatNeedsEscaping() {
        for b in 0...255 {
            for position in 0..<8 {
                var word = [UInt8](repeating: UInt8(ascii: "a"), count: 8)
                word[position] = UInt8(b)
                let x = word.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
                XCTAssertEqual(JSONWriter.needsEscape(x), b < 0x20 || b == 0x22 || b == 0x5C, "byte \(b) at \(position)")
            }
        }
    }

    /// `-o /dev/null`, `-o /dev/stdout` or a named pipe: written to, never replaced by a regular file.
    func testOutputToAPipeWritesIntoIt() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("navgraph-fifo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let fifo = dir.appendingPathComponent("out.json")
        XCTAssertEqual(mkfifo(fifo.path, 0o600), 0)
        let payload = Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0) })
        final class Received: @unchecked Sendable { var data = Data() }
        let got = Received()
        let received = expectation(description: "read")
        Thread {
            got.data = FileHandle(forReadingAtPath: fifo.path)?.readDataToEndOfFile() ?? Data()
            received.fulfill()
        }.start()
        try OutputWriter.write(payload, to: fifo.path)
        wait(for: [received], timeout: 30)
        XCTAssertEqual(got.data, payload)
        var st = stat()
        XCTAssertEqual(lstat(fifo.path, &st), 0)
        XCTAssertEqual(st.st_mode & S_IFMT, S_IFIFO, "the pipe was replaced")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["out.json"], "a temporary file was left")
    }
}
