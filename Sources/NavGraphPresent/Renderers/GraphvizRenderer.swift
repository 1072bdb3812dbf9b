import CGraphviz
import Foundation
import NavGraphModel

public struct RenderOptions: Sendable {
    public var rankdir = "TB"
    public var layout = "dot"
    public var dpi: Int?
    public var sourceURL: String?
    public init() {}
}

public enum RenderError: Error, CustomStringConvertible {
    case graphviz(String)
    public var description: String {
        switch self { case .graphviz(let m): return "Graphviz failed: \(m)" }
    }
}

/// Draws the graph with Graphviz's C API: the graph is built with agopen/agnode/agedge/agsafeset,
/// laid out with gvLayout and written with gvRenderData. No DOT text is assembled and no process runs.
public enum GraphvizRenderer {
    /// Graphviz keeps global state; one render at a time.
    private static let lock = NSLock()

    public static let formats = ["svg", "png", "pdf", "dot"]

    public static func render(_ graph: NavGraph, format: String, options: RenderOptions = RenderOptions()) throws -> Data {
        lock.lock()
        defer { lock.unlock() }
        var strings = CStrings()
        defer { strings.free() }
        guard let gvc = gvContext() else { throw RenderError.graphviz("cannot create a Graphviz context") }
        defer { gvFreeContext(gvc) }
        StableIDs.reset()
        defer { StableIDs.reset() }
        guard let g = agopen(strings["navgraph"], Agdirected, &StableIDs.disc) else { throw RenderError.graphviz("cannot create a graph") }
        defer { agclose(g) }
        GraphBuilder(graph: graph, g: g, options: options, strings: strings, svg: format == "svg").build()

        guard gvLayout(gvc, g, options.layout) == 0 else { throw RenderError.graphviz("layout '\(options.layout)' failed") }
        defer { gvFreeLayout(gvc, g) }
        var buffer: UnsafeMutablePointer<CChar>?
        var length: UInt32 = 0
        guard gvRenderData(gvc, g, format, &buffer, &length) == 0, let buffer else {
            throw RenderError.graphviz("cannot render format '\(format)'")
        }
        defer { gvFreeRenderData(buffer) }
        return Data(bytes: buffer, count: Int(length))
    }
}

/// C strings kept alive for the duration of one render (Graphviz copies what it stores).
final class CStrings {
    private var pointers: [UnsafeMutablePointer<CChar>] = []
    subscript(_ s: String) -> UnsafeMutablePointer<CChar> {
        let p = strdup(s)!
        pointers.append(p)
        return p
    }
    func free() {
        for p in pointers { Foundation.free(p) }
        pointers.removeAll()
    }
}

/// Visual vocabulary: one style per node kind and per edge kind.
enum Style {
    static func node(_ kind: NodeKind) -> [String: String] {
        switch kind {
        case .app: return ["shape": "house", "style": "filled", "fillcolor": "#cfe2ff", "color": "#3a5f9f"]
        case .coordinator: return ["shape": "box", "style": "rounded,filled,bold", "fillcolor": "#ffe3a8", "color": "#b07800"]
        case .screen: return ["shape": "box", "style": "filled", "fillcolor": "#dff0d8", "color": "#3c763d"]
        case .route: return ["shape": "ellipse", "style": "filled", "fillcolor": "#eadcf8", "color": "#6f42c1", "fontsize": "10"]
        case .action: return ["shape": "cds", "style": "filled", "fillcolor": "#fde2e2", "color": "#b52a2a", "fontsize": "10"]
        }
    }

    static func edge(_ kind: EdgeKind) -> [String: String] {
        switch kind {
        case .starts: return ["color": "#b07800", "style": "bold"]
        case .spawns: return ["color": "#b07800", "style": "bold,dashed"]
        case .shows: return ["color": "#2b2b2b"]
        case .presents: return ["color": "#1f5fbf", "style": "dashed"]
        case .route: return ["color": "#6f42c1", "style": "dotted"]
        case .sends: return ["color": "#b52a2a", "style": "dashed", "arrowhead": "vee"]
        case .handles: return ["color": "#b52a2a", "style": "dotted", "arrowhead": "vee"]
        case .finishes: return ["color": "#7a7a7a", "style": "dashed", "arrowhead": "empty", "constraint": "false"]
        }
    }

    static let unreachableNode = ["style": "dashed", "color": "#d0021b", "fontcolor": "#8a8a8a", "fillcolor": "#ffffff"]
    static let unreachableEdge = ["color": "#c8c8c8", "fontcolor": "#a0a0a0"]
}

/// Graphviz escapes: a backslash starts an escape sequence in labels, so it is doubled; Graphviz decodes
/// HTML entities in labels (`&amp;` shows as `&`), so `&` is written `&amp;` and a name shows as written.
/// Other control characters (from file names) are shown escaped: XML forbids them, so raw they would
/// break the SVG.
func graphvizEscape(_ s: String) -> String {
    let lines = s.split(separator: "\n", omittingEmptySubsequences: false).map { visibleControlCharacters(String($0)) }
    return lines.joined(separator: "\n").replacingOccurrences(of: "&", with: "&amp;")
        .replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\n", with: "\\n")
}

/// A stable identifier for SVG `id`s, derived from names: `screen:Cart View` → `screen-Cart-View`.
func slug(_ s: String) -> String {
    String(s.map { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "." ? $0 : "-" })
}

struct GraphBuilder {
    let graph: NavGraph
    let g: UnsafeMutablePointer<Agraph_t>
    let options: RenderOptions
    let strings: CStrings
    /// Graphviz 2.43 writes a URL's `&` into SVG as is, which is not well-formed XML: escape it for SVG.
    var svg = false

    func set(_ obj: UnsafeMutableRawPointer, _ attrs: [String: String]) {
        for (k, v) in attrs.sorted(by: { $0.key < $1.key }) { agsafeset(obj, strings[k], strings[v], strings[""]) }
    }

    func build() {
        let graphRaw = UnsafeMutableRawPointer(g)
        set(graphRaw, ["rankdir": options.rankdir, "newrank": "true", "fontname": "Helvetica", "fontsize": "11",
                       "nodesep": "0.3", "ranksep": "0.5", "labelloc": "t"])
        if let dpi = options.dpi { set(graphRaw, ["dpi": "\(dpi)"]) }
        agattr(g, Int32(AGNODE), strings["fontname"], strings["Helvetica"])
        agattr(g, Int32(AGEDGE), strings["fontname"], strings["Helvetica"])
        agattr(g, Int32(AGEDGE), strings["fontsize"], strings["9"])

        // One cluster per coordinator flow, holding the screens and routes it owns.
        var clusterOf: [String: String] = [:]
        for e in graph.edges where (e.kind == .shows || e.kind == .presents) && e.from.hasPrefix("coordinator:") {
            if clusterOf[e.to] == nil || e.reachable { clusterOf[e.to] = clusterOf[e.to] ?? e.from }
        }
        for n in graph.nodes where n.kind == .route {
            if let owner = n.owner { clusterOf[n.id] = Node.id(.coordinator, owner) }
        }
        var clusters: [String: UnsafeMutablePointer<Agraph_t>] = [:]
        func cluster(for coordinatorID: String) -> UnsafeMutablePointer<Agraph_t> {
            if let c = clusters[coordinatorID] { return c }
            let c = agsubg(g, strings["cluster_" + slug(coordinatorID)], 1)!
            set(UnsafeMutableRawPointer(c), ["label": "", "style": "rounded,dashed", "color": "#d9c89e", "penwidth": "1"])
            clusters[coordinatorID] = c
            return c
        }

        var agNodes: [String: UnsafeMutablePointer<Agnode_t>] = [:]
        for n in graph.nodes {
            let container: UnsafeMutablePointer<Agraph_t>
            if n.kind == .coordinator { container = cluster(for: n.id) }
            else if let c = clusterOf[n.id], graph.node(c) != nil { container = cluster(for: c) }
            else { container = g }
            guard let node = agnode(container, strings[n.id], 1) else { continue }
            agNodes[n.id] = node
            var attrs = Style.node(n.kind)
            var label = n.name
            if n.kind == .route, let owner = n.owner, label.hasPrefix(owner + ".") { label = String(label.dropFirst(owner.count + 1)) }
            if !n.reachable { attrs.merge(Style.unreachableNode) { _, b in b }; attrs["style"] = (attrs["style"] ?? "") + ",dashed"; label += "\n(unreachable)" }
            attrs["label"] = graphvizEscape(label)
            attrs["id"] = slug(n.id)
            attrs["class"] = "node-\(n.kind.rawValue)" + (n.reachable ? "" : " unreachable")
            attrs["tooltip"] = graphvizEscape("\(n.kind.rawValue) \(n.name)\n\(n.file):\(n.line)")
            if let url = sourceURL(n.file, n.line) { attrs["URL"] = url; attrs["target"] = "_blank" }
            set(UnsafeMutableRawPointer(node), attrs)
        }
        for e in graph.edges {
            guard let t = agNodes[e.from], let h = agNodes[e.to] else { continue }
            let key = "\(e.kind.rawValue)|\(e.via ?? "")|\(e.file):\(e.line)"
            guard let edge = agedge(g, t, h, strings[key], 1) else { continue }
            var attrs = Style.edge(e.kind)
            if !e.reachable { attrs.merge(Style.unreachableEdge) { _, b in b } }
            var label = ""
            if e.kind == .presents || e.kind == .shows, let m = e.mechanism, m != "push" { label = m }
            if e.kind == .starts || e.kind == .spawns { label = e.kind.rawValue }
            if e.kind == .finishes { label = "finishes" }
            if !label.isEmpty { attrs["label"] = graphvizEscape(label) }
            attrs["id"] = slug("edge:\(e.from)->\(e.to):\(e.kind.rawValue):\(e.line)")
            attrs["class"] = "edge-\(e.kind.rawValue)"
            attrs["tooltip"] = graphvizEscape("\(e.kind.rawValue)\(e.via.map { " via \($0)" } ?? "")\n\(e.file):\(e.line)")
            set(UnsafeMutableRawPointer(edge), attrs)
        }
        addLegend()
    }

    func sourceURL(_ file: String, _ line: Int) -> String? {
        guard let template = options.sourceURL else { return nil }
        // Paths come from the analyzed tree: percent-encoded, so `#`, `?`, spaces or quotes in a name keep the link whole.
        let path = file.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "?#;&'"))) ?? file
        let url = template.replacingOccurrences(of: "{file}", with: path).replacingOccurrences(of: "{line}", with: "\(line)")
        return svg ? url.replacingOccurrences(of: "&", with: "&amp;") : url
    }

    /// A legend cluster: one sample node per kind and one sample edge per kind.
    func addLegend() {
        guard let legend = agsubg(g, strings["cluster_legend"], 1) else { return }
        set(UnsafeMutableRawPointer(legend), ["label": "Legend", "style": "rounded", "color": "#bbbbbb", "fontsize": "10", "rank": "sink"])
        var previous: UnsafeMutablePointer<Agnode_t>?
        for kind in NodeKind.allCases {
            guard let n = agnode(legend, strings["legend:\(kind.rawValue)"], 1) else { continue }
            var attrs = Style.node(kind)
            attrs["label"] = kind.rawValue
            attrs["fontsize"] = "9"
            attrs["id"] = "legend-\(kind.rawValue)"
            set(UnsafeMutableRawPointer(n), attrs)
            if let p = previous, let e = agedge(legend, p, n, strings["legend-order-\(kind.rawValue)"], 1) {
                set(UnsafeMutableRawPointer(e), ["style": "invis"])
            }
            previous = n
        }
        guard let u = agnode(legend, strings["legend:unreachable"], 1) else { return }
        var ua = Style.node(.screen)
        ua.merge(Style.unreachableNode) { _, b in b }
        ua["style"] = "filled,dashed"
        ua["label"] = "unreachable"
        ua["fontsize"] = "9"
        set(UnsafeMutableRawPointer(u), ua)
        var from = u
        for kind in EdgeKind.allCases {
            guard let to = agnode(legend, strings["legend:edge:\(kind.rawValue)"], 1) else { continue }
            set(UnsafeMutableRawPointer(to), ["shape": "plaintext", "label": kind.rawValue, "fontsize": "9"])
            if let e = agedge(legend, from, to, strings["legend-edge-\(kind.rawValue)"], 1) {
                var attrs = Style.edge(kind)
                attrs["constraint"] = "true"
                set(UnsafeMutableRawPointer(e), attrs)
            }
            from = to
        }
    }
}
