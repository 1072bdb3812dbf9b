import Foundation
import NavGraphModel

/// What the present stage renders: the graph plus the findings and input diagnostics.
public struct AnalysisReport: Sendable {
    public var graph: NavGraph
    public var findings: [Finding]
    public var diagnostics: [Diagnostic]

    public init(graph: NavGraph, findings: [Finding], diagnostics: [Diagnostic]) {
        self.graph = graph
        self.findings = findings
        self.diagnostics = diagnostics
    }
}

/// The JSON document of `navgraph analyze --format json` (shared/graph-format.md, extended).
public struct GraphDocument: Codable {
    public var schemaVersion = 1
    public var tool = "navgraph"
    public var families: [String]
    public var roots: [String]
    public var nodes: [Node]
    public var edges: [Edge]
    public var paths: [ActionPath]
    public var findings: [Finding]
    public var diagnostics: [Diagnostic]

    public init(_ report: AnalysisReport) {
        families = report.graph.families
        roots = report.graph.roots
        nodes = report.graph.nodes
        edges = report.graph.edges
        paths = report.graph.paths
        findings = report.findings
        diagnostics = report.diagnostics.sorted()
    }
}

extension GraphDocument {
    /// Reads navgraph's own JSON and lenient variants: `paths`, `diagnostics`, `families`, `findings`
    /// and `tool` may be missing (graphs written by other tools against the minimum contract).
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        schemaVersion = try c.decodeIfPresent(Int.self, forKey: .schemaVersion) ?? 1
        tool = try c.decodeIfPresent(String.self, forKey: .tool) ?? "navgraph"
        families = try c.decodeIfPresent([String].self, forKey: .families) ?? []
        roots = try c.decodeIfPresent([String].self, forKey: .roots) ?? []
        nodes = try c.decode([Node].self, forKey: .nodes)
        edges = try c.decode([Edge].self, forKey: .edges)
        paths = try c.decodeIfPresent([ActionPath].self, forKey: .paths) ?? []
        findings = try c.decodeIfPresent([Finding].self, forKey: .findings) ?? []
        diagnostics = try c.decodeIfPresent([Diagnostic].self, forKey: .diagnostics) ?? []
    }

    /// The report this document describes (to render or diff a saved graph).
    public var report: AnalysisReport {
        AnalysisReport(graph: NavGraph(roots: roots, nodes: nodes, edges: edges, paths: paths, families: families),
                       findings: findings, diagnostics: diagnostics)
    }
}

public enum JSONRenderer {
    /// Sorted keys and sorted arrays: the same sources give byte-identical output.
    public static func render(_ report: AnalysisReport) -> String {
        String(decoding: renderData(report), as: UTF8.self)
    }

    /// `render` as UTF-8.
    ///
    /// Written directly rather than with `JSONEncoder`, which builds a tree of boxed values and sorts
    /// every object's keys (seconds for a large app). The output is byte for byte what `JSONEncoder`
    /// with `[.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]` writes (`encoderRender`, which a
    /// test compares it with): keys in UTF-8 byte order, `"key" : value`, two-space indents, empty
    /// containers as `[\n\n]`, nil optionals left out.
    public static func renderData(_ report: AnalysisReport) -> Data {
        // About 330 bytes per node, edge, path and finding in the bench apps: sized once, the buffer is
        // neither copied as it grows nor faulted in twice (a tenth of a second at a million lines).
        let g = report.graph
        var w = JSONWriter(capacity: 384 * (g.nodes.count + g.edges.count + g.paths.count + report.findings.count + report.diagnostics.count) + (1 << 16))
        w.document(GraphDocument(report))
        w.byte(UInt8(ascii: "\n"))
        let data = w.finish()
        // Rare (`##[` inside a name): only then is the text copied.
        guard data.range(of: Data("##[".utf8)) != nil else { return data }
        return Data(breakingLegacyWorkflowCommands(String(decoding: data, as: UTF8.self), escapedBracket: "\\u005B").utf8)
    }

    /// The reference: what `render` writes, made with `JSONEncoder`.
    static func encoderRender(_ report: AnalysisReport) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(GraphDocument(report))) ?? Data("{}".utf8)
        return breakingLegacyWorkflowCommands(String(decoding: data, as: UTF8.self) + "\n", escapedBracket: "\\u005B")
    }

    public static func decode(_ data: Data) throws -> GraphDocument {
        try JSONDecoder().decode(GraphDocument.self, from: data)
    }
}

/// Pretty-printed JSON in `JSONEncoder`'s layout (see `JSONRenderer.renderData`), into a growing
/// buffer of its own, handed over to a `Data` at the end.
struct JSONWriter {
    private var base: UnsafeMutablePointer<UInt8>
    private var count = 0
    private var capacity: Int
    private var indent = 0
    /// Per open container: whether it has a member yet.
    private var hasMember: [Bool] = []

    init(capacity: Int = 1 << 16) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    /// The bytes written; the writer must not be used after.
    mutating func finish() -> Data {
        Data(bytesNoCopy: base, count: count, deallocator: .custom { p, _ in p.assumingMemoryBound(to: UInt8.self).deallocate() })
    }

    private mutating func reserve(_ n: Int) {
        guard count + n > capacity else { return }
        var newCapacity = capacity * 2
        while count + n > newCapacity { newCapacity *= 2 }
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        grown.update(from: base, count: count)
        base.deallocate()
        base = grown
        capacity = newCapacity
    }

    mutating func byte(_ b: UInt8) {
        reserve(1)
        base[count] = b
        count += 1
    }

    private mutating func bytes(_ p: UnsafeBufferPointer<UInt8>) {
        guard let from = p.baseAddress, !p.isEmpty else { return }
        reserve(p.count)
        (base + count).update(from: from, count: p.count)
        count += p.count
    }

    private mutating func ascii(_ s: StaticString) {
        bytes(UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount))
    }

    mutating func document(_ d: GraphDocument) {
        object {
            $0.field("diagnostics"); $0.array(d.diagnostics) { $0.diagnostic($1) }
            $0.field("edges"); $0.array(d.edges) { $0.edge($1) }
            $0.field("families"); $0.strings(d.families)
            $0.field("findings"); $0.array(d.findings) { $0.finding($1) }
            $0.field("nodes"); $0.array(d.nodes) { $0.node($1) }
            $0.field("paths"); $0.array(d.paths) { $0.path($1) }
            $0.field("roots"); $0.strings(d.roots)
            $0.field("schemaVersion"); $0.int(d.schemaVersion)
            $0.field("tool"); $0.string(d.tool)
        }
    }

    mutating func diagnostic(_ d: Diagnostic) {
        object {
            if let file = d.file { $0.field("file"); $0.string(file) }
            $0.field("level"); $0.string(d.level.rawValue)
            if let line = d.line { $0.field("line"); $0.int(line) }
            $0.field("message"); $0.string(d.message)
        }
    }

    mutating func edge(_ e: Edge) {
        object {
            $0.field("file"); $0.string(e.file)
            $0.field("from"); $0.string(e.from)
            $0.field("kind"); $0.string(e.kind.rawValue)
            $0.field("line"); $0.int(e.line)
            if let m = e.mechanism { $0.field("mechanism"); $0.string(m) }
            $0.field("reachable"); $0.bool(e.reachable)
            $0.field("to"); $0.string(e.to)
            if let v = e.via { $0.field("via"); $0.string(v) }
        }
    }

    mutating func finding(_ f: Finding) {
        object {
            if let e = f.evidence {
                $0.field("evidence")
                $0.object { w in
                    w.field("because"); w.string(e.because)
                    if !e.chain.isEmpty { w.field("chain"); w.strings(e.chain) }
                    if !e.searched.isEmpty { w.field("searched"); w.strings(e.searched) }
                }
            }
            $0.field("file"); $0.string(f.file)
            $0.field("line"); $0.int(f.line)
            $0.field("message"); $0.string(f.message)
            $0.field("rule"); $0.string(f.rule)
            $0.field("severity"); $0.string(f.severity.rawValue)
            $0.field("symbol"); $0.string(f.symbol)
        }
    }

    mutating func node(_ n: Node) {
        object {
            if let attributes = n.attributes {
                $0.field("attributes")
                let keys = attributes.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
                $0.object { w in
                    for k in keys { w.key(k); w.string(attributes[k]!) }
                }
            }
            if let f = n.family { $0.field("family"); $0.string(f) }
            $0.field("file"); $0.string(n.file)
            $0.field("id"); $0.string(n.id)
            $0.field("kind"); $0.string(n.kind.rawValue)
            $0.field("line"); $0.int(n.line)
            $0.field("name"); $0.string(n.name)
            if let o = n.owner { $0.field("owner"); $0.string(o) }
            $0.field("reachable"); $0.bool(n.reachable)
        }
    }

    mutating func path(_ p: ActionPath) {
        object {
            $0.field("action"); $0.string(p.action)
            if let c = p.carries { $0.field("carries"); $0.strings(c) }
            $0.field("chain"); $0.strings(p.chain)
            $0.field("file"); $0.string(p.file)
            if let h = p.handledBy { $0.field("handledBy"); $0.string(h) }
            if let h = p.handledWithin { $0.field("handledWithin"); $0.string(h) }
            $0.field("line"); $0.int(p.line)
            if let n = p.note { $0.field("note"); $0.string(n) }
            $0.field("reachable"); $0.bool(p.reachable)
            $0.field("sender"); $0.string(p.sender)
            if let steps = p.steps { $0.field("steps"); $0.array(steps) { $0.step($1) } }
            if p.unknown == true { $0.field("unknown"); $0.bool(true) }
        }
    }

    mutating func step(_ s: ChainStep) {
        object {
            if let f = s.file { $0.field("file"); $0.string(f) }
            if let l = s.line { $0.field("line"); $0.int(l) }
            $0.field("responder"); $0.string(s.responder)
            $0.field("role"); $0.string(s.role.rawValue)
        }
    }

    // MARK: - Layout

    private mutating func newline() {
        reserve(1 + indent)
        base[count] = UInt8(ascii: "\n")
        (base + count + 1).initialize(repeating: UInt8(ascii: " "), count: indent)
        count += 1 + indent
    }

    /// Starts a member or an element of the innermost container.
    private mutating func item() {
        if hasMember[hasMember.count - 1] { byte(UInt8(ascii: ",")) } else { hasMember[hasMember.count - 1] = true }
        newline()
    }

    private mutating func open(_ bracket: UInt8) {
        byte(bracket)
        indent += 2
        hasMember.append(false)
    }

    private mutating func close(_ bracket: UInt8) {
        indent -= 2
        // An empty container is written with an empty line inside: `[\n\n]`.
        if !hasMember.removeLast() { byte(UInt8(ascii: "\n")) }
        newline()
        byte(bracket)
    }

    mutating func object(_ members: (inout JSONWriter) -> Void) {
        open(UInt8(ascii: "{"))
        members(&self)
        close(UInt8(ascii: "}"))
    }

    mutating func array<T>(_ items: [T], _ element: (inout JSONWriter, T) -> Void) {
        open(UInt8(ascii: "["))
        for x in items {
            item()
            element(&self, x)
        }
        close(UInt8(ascii: "]"))
    }

    mutating func strings(_ items: [String]) { array(items) { $0.string($1) } }

    /// A member's key (the value follows).
    mutating func key(_ k: String) {
        item()
        quoted(k)
        ascii(" : ")
    }

    /// A member's key that needs no escaping (a field name).
    mutating func field(_ k: StaticString) {
        item()
        byte(UInt8(ascii: "\""))
        ascii(k)
        ascii("\" : ")
    }

    mutating func string(_ s: String) { quoted(s) }

    mutating func int(_ i: Int) {
        if i >= 0 && i < 10 { byte(UInt8(ascii: "0") + UInt8(i)); return }
        var digits = String(i)
        digits.withUTF8 { bytes($0) }
    }

    mutating func bool(_ b: Bool) { if b { ascii("true") } else { ascii("false") } }

    /// Whether any of the eight bytes is a control character, `"` or `\\` (the classic "has a byte
    /// less than n / equal to n" bit tricks; a byte of 0x80 or more never matches).
    @inline(__always)
    static func needsEscape(_ x: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        let control = (x &- ones &* 0x20) & ~x & highs
        let q = x ^ (ones &* 0x22), b = x ^ (ones &* 0x5C)
        let quote = (q &- ones) & ~q & highs
        let backslash = (b &- ones) & ~b & highs
        return (control | quote | backslash) != 0
    }

    private static let hex: [UInt8] = Array("0123456789abcdef".utf8)

    /// A string literal, escaped as `JSONEncoder` escapes: `"` and `\\`, the short forms `\b \t \n \f \r`,
    /// other control characters as `\u00xx`; everything else (`/`, DEL, non-ASCII) as is.
    private mutating func quoted(_ s: String) {
        byte(UInt8(ascii: "\""))
        var s = s
        s.withUTF8 { text in
            var start = 0
            var i = 0
            while i < text.count {
                // Eight bytes at a time while none needs escaping (the usual case).
                while i + 8 <= text.count && !JSONWriter.needsEscape(UnsafeRawPointer(text.baseAddress! + i).loadUnaligned(as: UInt64.self)) {
                    i += 8
                }
                guard i < text.count else { break }
                let c = text[i]
                guard c < 0x20 || c == UInt8(ascii: "\"") || c == UInt8(ascii: "\\") else { i += 1; continue }
                bytes(UnsafeBufferPointer(rebasing: text[start..<i]))
                i += 1
                start = i
                switch c {
                case UInt8(ascii: "\""): ascii("\\\"")
                case UInt8(ascii: "\\"): ascii("\\\\")
                case 0x08: ascii("\\b")
                case 0x09: ascii("\\t")
                case 0x0A: ascii("\\n")
                case 0x0C: ascii("\\f")
                case 0x0D: ascii("\\r")
                default:
                    ascii("\\u00")
                    byte(JSONWriter.hex[Int(c >> 4)])
                    byte(JSONWriter.hex[Int(c & 0xF)])
                }
            }
            bytes(UnsafeBufferPointer(rebasing: text[start..<text.count]))
        }
        byte(UInt8(ascii: "\""))
    }
}
