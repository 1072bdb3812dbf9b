import CGraphviz
import Foundation
import NavGraphModel

public struct RenderOptions: Sendable {
    /// TB, LR, BT or RL.
    public var rankdir = "TB"
    /// Graphviz layout engine: dot, sfdp or neato.
    public var layout = "dot"
    public var dpi: Int?
    /// Links nodes and edges to their source: a template with `{file}` and `{line}`.
    public var sourceURL: String?
    /// Colours additions and removals (`navgraph diff`).
    public var marks = DiffMarks()
    /// A caption drawn above the graph.
    public var title: String?
    public init() {}

    public static let layouts = ["dot", "sfdp", "neato"]
    public static let rankdirs = ["TB", "LR", "BT", "RL"]

    /// Link schemes a template may name before `{file}`: a folder named `javascript:…` must not become one.
    public static func isAllowedSourceURL(_ template: String) -> Bool {
        let lower = template.lowercased()
        return ["http://", "https://", "file://"].contains { lower.hasPrefix($0) }
    }

    /// The link for a source position, with the file path percent-encoded: only unreserved characters and
    /// `/` stay as they are, so no `:`, `(`, quote or `&` of a path reaches the URL.
    public func link(_ file: String, _ line: Int) -> String? {
        guard let template = sourceURL, !file.isEmpty, RenderOptions.isAllowedSourceURL(template) else { return nil }
        let allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/")
        let encoded = file.addingPercentEncoding(withAllowedCharacters: allowed) ?? file
        return template.replacingOccurrences(of: "{file}", with: encoded).replacingOccurrences(of: "{line}", with: "\(line)")
    }
}

public enum RenderError: Error, CustomStringConvertible {
    case graphviz(String)
    case tooBig(String)
    public var description: String {
        switch self {
        case .graphviz(let m): return "Graphviz failed: \(m)"
        case .tooBig(let m): return m
        }
    }
}

/// Draws the graph with Graphviz's C API: the graph is built with agopen/agnode/agedge/agsafeset,
/// laid out with gvLayout and written with gvRenderData (DOT is written by agwrite). No DOT text is
/// assembled and no process runs.
public enum GraphvizRenderer {
    /// Graphviz keeps global state; one render at a time.
    private static let lock = NSLock()

    public static let formats = ["svg", "png", "pdf", "dot"]

    public struct Output: Sendable {
        public var data: Data
        /// What Graphviz warned about while laying out and rendering (none on the samples).
        public var warnings: [String]
    }

    public static func render(_ graph: NavGraph, format: String, options: RenderOptions = RenderOptions()) throws -> Data {
        try render(Drawing(graph, marks: options.marks), format: format, options: options).data
    }

    public static func render(_ drawing: Drawing, format: String, options: RenderOptions) throws -> Output {
        lock.lock()
        defer { lock.unlock() }
        let strings = CStrings()
        defer { strings.free() }
        GraphvizMessages.start()
        defer { GraphvizMessages.stop() }
        guard let gvc = gvContext() else { throw RenderError.graphviz("cannot create a Graphviz context") }
        defer { gvFreeContext(gvc) }
        StableIDs.reset()
        defer { StableIDs.reset() }
        guard let g = agopen(strings["navgraph"], Agdirected, &StableIDs.disc) else { throw RenderError.graphviz("cannot create a graph") }
        defer { agclose(g) }
        GraphBuilder(drawing: drawing, g: g, options: options, strings: strings, svg: format == "svg").build()

        if format == "dot" {
            let data = try writeDOT(g)
            return Output(data: data, warnings: GraphvizMessages.collected)
        }
        guard gvLayout(gvc, g, options.layout) == 0 else {
            throw RenderError.graphviz("layout '\(options.layout)' failed" + GraphvizMessages.suffix)
        }
        defer { gvFreeLayout(gvc, g) }
        var buffer: UnsafeMutablePointer<CChar>?
        var length: UInt32 = 0
        guard gvRenderData(gvc, g, format, &buffer, &length) == 0, let buffer else {
            throw RenderError.graphviz("cannot render format '\(format)'" + GraphvizMessages.suffix)
        }
        defer { gvFreeRenderData(buffer) }
        return Output(data: Data(bytes: buffer, count: Int(length)), warnings: GraphvizMessages.collected)
    }

    /// DOT as cgraph writes it (agwrite), before layout: the graph to lay out elsewhere.
    static func writeDOT(_ g: UnsafeMutablePointer<Agraph_t>) throws -> Data {
        var buffer: UnsafeMutablePointer<CChar>?
        var size = 0
        guard let stream = open_memstream(&buffer, &size) else { throw RenderError.graphviz("cannot open a memory stream") }
        let status = agwrite(g, stream)
        fclose(stream)
        defer { free(buffer) }
        guard status == 0, let buffer else { throw RenderError.graphviz("cannot write DOT") }
        return Data(bytes: buffer, count: size)
    }
}

/// Collects Graphviz's warnings and errors (agerr) instead of letting them reach standard error.
enum GraphvizMessages {
    nonisolated(unsafe) static var collected: [String] = []

    static func start() {
        collected = []
        _ = agseterrf { message in
            if let message {
                let text = String(cString: message).trimmingCharacters(in: .whitespacesAndNewlines)
                if !text.isEmpty { GraphvizMessages.collected.append(text) }
            }
            return 0
        }
    }

    static func stop() { _ = agseterrf(nil) }

    static var suffix: String { collected.isEmpty ? "" : ": " + collected.joined(separator: "; ") }
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

/// Visual vocabulary: one style per node kind and per drawn edge style.
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

    static func edge(_ style: Drawing.EdgeStyle) -> [String: String] {
        switch style {
        case .push: return ["color": "#2b2b2b"]
        case .modal: return ["color": "#1f5fbf", "style": "dashed", "fontcolor": "#1f5fbf"]
        case .start: return ["color": "#b07800", "style": "bold", "penwidth": "2", "fontcolor": "#8a5f00"]
        case .spawn: return ["color": "#b07800", "style": "bold,dashed", "penwidth": "2", "fontcolor": "#8a5f00"]
        case .route: return ["color": "#6f42c1", "style": "dotted"]
        case .owns: return ["color": "#b9a3dd", "style": "dotted", "arrowhead": "none"]
        case .action: return ["color": "#b52a2a", "style": "dashed", "arrowhead": "vee", "fontcolor": "#b52a2a"]
        case .unhandled: return ["color": "#d0021b", "style": "bold", "penwidth": "2", "arrowhead": "vee"]
        case .sends: return ["color": "#b52a2a", "style": "dashed", "arrowhead": "vee"]
        case .handles: return ["color": "#b52a2a", "style": "dotted", "arrowhead": "vee"]
        case .finish: return ["color": "#7a7a7a", "style": "dashed", "arrowhead": "empty"]
        }
    }

    /// Styles drawn from bottom to top.
    static let upward: Set<Drawing.EdgeStyle> = [.action, .handles, .finish]

    /// What the legend draws for an edge style: a line in the style's colour.
    static func legendLine(_ style: Drawing.EdgeStyle) -> String {
        switch style {
        case .push: return "───▶"
        case .modal, .action, .sends: return "╌╌╌▶"
        case .start: return "━━━▶"
        case .spawn: return "╍╍╍▶"
        case .route, .handles: return "┈┈┈▶"
        case .owns: return "┈┈┈"
        case .unhandled: return "━━━▶"
        case .finish: return "╌╌╌▷"
        }
    }

    static let unreachableNode = ["color": "#d0021b", "fontcolor": "#8a8a8a", "fillcolor": "#ffffff"]
    static let unreachableEdge = ["color": "#c8c8c8", "fontcolor": "#a0a0a0"]
    static let added = ["color": "#1a7f37", "penwidth": "3", "fontcolor": "#1a7f37"]
    static let removed = ["color": "#cf222e", "penwidth": "3", "fontcolor": "#cf222e"]
}

/// Graphviz escapes: a backslash starts an escape sequence (`\N`, `\l`) in labels, tooltips and URLs,
/// so it is doubled; newlines become centred line breaks.
/// Graphviz escapes: a backslash starts an escape sequence in labels, so it is doubled; Graphviz decodes
/// HTML entities in labels (`&amp;` shows as `&`), so `&` is written `&amp;` and a name shows as written.
/// Other control characters (from names and file names) are shown escaped: XML forbids them raw.
func graphvizEscape(_ s: String, entities: Bool = true) -> String {
    let lines = s.split(separator: "\n", omittingEmptySubsequences: false).map { visibleControlCharacters(String($0)) }
    let joined = lines.joined(separator: "\n")
    return (entities ? joined.replacingOccurrences(of: "&", with: "&amp;") : joined)
        .replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\n", with: "\\n")
}

struct GraphBuilder {
    let drawing: Drawing
    let g: UnsafeMutablePointer<Agraph_t>
    let options: RenderOptions
    let strings: CStrings
    /// Graphviz 2.43 writes URLs into SVG unescaped, so a `&` in a --source-url template must arrive escaped.
    let svg: Bool

    func linkAttribute(_ url: String) -> String {
        let escaped = graphvizEscape(url, entities: false)
        return svg ? escaped.replacingOccurrences(of: "&", with: "&amp;") : escaped
    }

    /// Above this many nodes, dot gets cheaper settings (fewer crossing-minimisation passes).
    static let largeGraph = 400

    func set(_ obj: UnsafeMutableRawPointer, _ attrs: [String: String]) {
        for (k, v) in attrs.sorted(by: { $0.key < $1.key }) { agsafeset(obj, strings[k], strings[v], strings[""]) }
    }

    func build() {
        let large = drawing.nodes.count > Self.largeGraph
        setGraphAttributes(large: large)
        let clusters = addClusters()
        let agNodes = addNodes(in: clusters)
        for e in drawing.edges { addEdge(e, agNodes) }
        if options.layout == "dot" { placeLeafRoutes(clusters: clusters, agNodes: agNodes) }
        // Journey order (dot only): invisible edges put a screen above where its actions lead. Chains
        // of them make many ranks, and long edges across ranks are what dot is slow at, so big drawings
        // go without.
        if options.layout == "dot" && !large { addJourneyHints(agNodes) }
        placeRoots(agNodes)
        if options.layout == "dot" { sinkUnreachable(agNodes) }
        addLegend()
    }

    private func setGraphAttributes(large: Bool) {
        var graphAttrs = ["rankdir": options.rankdir, "newrank": "true", "fontname": "Helvetica", "fontsize": "12",
                          "nodesep": "0.3", "ranksep": "0.45", "outputorder": "edgesfirst", "pad": "0.2",
                          "labelloc": "t", "labeljust": "l"]
        if let dpi = options.dpi { graphAttrs["dpi"] = "\(dpi)" }
        if options.layout == "dot" && large {
            // Fewer network-simplex and mincross iterations: the layout stays readable and dot's time
            // stays near-linear for thousands of nodes.
            graphAttrs.merge(["nslimit": "2", "nslimit1": "2", "mclimit": "0.3", "remincross": "false", "searchsize": "10"]) { _, b in b }
        }
        if options.layout != "dot" {
            graphAttrs.merge(["overlap": "false", "splines": "false", "sep": "+4", "esep": "+2"]) { _, b in b }
            // sfdp: scaling removes overlaps in near-linear time; prism is much slower on big graphs.
            if options.layout == "sfdp" { graphAttrs["overlap"] = "scale" }
        }
        set(UnsafeMutableRawPointer(g), graphAttrs)
        agattr(g, Int32(AGNODE), strings["fontname"], strings["Helvetica"])
        agattr(g, Int32(AGNODE), strings["fontsize"], strings["11"])
        agattr(g, Int32(AGEDGE), strings["fontname"], strings["Helvetica"])
        agattr(g, Int32(AGEDGE), strings["fontsize"], strings["9"])
    }

    /// One cluster per coordinator flow (dot only draws clusters; the other engines ignore them).
    private func addClusters() -> [String: UnsafeMutablePointer<Agraph_t>] {
        var clusters: [String: UnsafeMutablePointer<Agraph_t>] = [:]
        for c in drawing.clusters {
            guard let n = drawing.node(c), let sub = agsubg(g, strings["cluster_" + n.domID], 1) else { continue }
            set(UnsafeMutableRawPointer(sub), ["label": "", "style": "rounded,filled", "fillcolor": "#fffaf0", "color": "#e6d3a3",
                                               "penwidth": "1", "id": "cluster-" + n.domID, "class": "flow"])
            clusters[c] = sub
        }
        return clusters
    }

    private func addNodes(in clusters: [String: UnsafeMutablePointer<Agraph_t>]) -> [String: UnsafeMutablePointer<Agnode_t>] {
        var agNodes: [String: UnsafeMutablePointer<Agnode_t>] = [:]
        for n in drawing.nodes {
            let container = n.cluster.flatMap { clusters[$0] } ?? g
            // Graphviz writes a node's name raw into SVG `<title>`s and comments, where XML forbids control
            // characters (a raw identifier may hold one): shown escaped, as in labels.
            guard let node = agnode(container, strings[visibleControlCharacters(n.id)], 1) else { continue }
            agNodes[n.id] = node
            set(UnsafeMutableRawPointer(node), nodeAttributes(n))
        }
        return agNodes
    }

    private func nodeAttributes(_ n: Drawing.DrawnNode) -> [String: String] {
        var attrs = Style.node(n.kind)
        if n.unreachable || n.dead {
            attrs.merge(Style.unreachableNode) { _, b in b }
            attrs["style"] = (attrs["style"] ?? "") + ",dashed"
            attrs["fontcolor"] = n.dead ? "#d0021b" : "#8a8a8a"
        }
        if n.unhandled { attrs.merge(["color": "#d0021b", "penwidth": "2", "fillcolor": "#ffd6d6"]) { _, b in b } }
        if let mark = n.mark {
            attrs.merge(mark == .added ? Style.added : Style.removed) { _, b in b }
            if mark == .removed { attrs["style"] = (attrs["style"] ?? "") + ",dashed" }
        }
        attrs["label"] = graphvizEscape(n.label)
        attrs["id"] = n.domID
        attrs["class"] = n.classes.joined(separator: " ")
        attrs["tooltip"] = graphvizEscape(n.tooltip)
        if let url = options.link(n.file, n.line) { attrs["URL"] = linkAttribute(url); attrs["target"] = "_blank" }
        return attrs
    }

    private func addEdge(_ e: Drawing.DrawnEdge, _ agNodes: [String: UnsafeMutablePointer<Agnode_t>]) {
        guard var t = agNodes[e.from], var h = agNodes[e.to] else { return }
        var attrs = Style.edge(e.style)
        // Edges going up (actions to their handler, a flow finishing to its parent) are laid out
        // downwards and drawn with the arrow at the top: dot ranks them like the show and start
        // edges they run beside, which is far cheaper than constraint=false edges and keeps the
        // handler above its screens.
        if Style.upward.contains(e.style) && options.layout == "dot" {
            swap(&t, &h)
            attrs["dir"] = "back"
            if let head = attrs.removeValue(forKey: "arrowhead") { attrs["arrowtail"] = head }
        }
        guard let edge = agedge(g, t, h, strings[e.domID], 1) else { return }
        if e.unreachable { attrs.merge(Style.unreachableEdge) { _, b in b } }
        if e.dead { attrs["fontcolor"] = "#d0021b" }
        if let mark = e.mark {
            attrs.merge(mark == .added ? Style.added : Style.removed) { _, b in b }
            if mark == .removed { attrs["style"] = "dashed" }
        }
        if !e.labels.isEmpty { attrs["label"] = graphvizEscape(e.labels.joined(separator: "\n")) }
        attrs["id"] = e.domID
        attrs["class"] = e.classes.joined(separator: " ")
        attrs["tooltip"] = graphvizEscape(e.tooltip)
        if !e.labels.isEmpty { attrs["labeltooltip"] = attrs["tooltip"] }
        if let url = options.link(e.file, e.line) { attrs["URL"] = linkAttribute(url); attrs["target"] = "_blank" }
        set(UnsafeMutableRawPointer(edge), attrs)
    }

    /// A route that leads to nothing drawn sits beside its coordinator, not in the row of screens.
    private func placeLeafRoutes(clusters: [String: UnsafeMutablePointer<Agraph_t>], agNodes: [String: UnsafeMutablePointer<Agnode_t>]) {
        let leading = Set(drawing.edges.filter { $0.style == .route }.map(\.from))
        var beside: [String: [String]] = [:]
        for n in drawing.nodes where n.kind == .route && !leading.contains(n.id) {
            if let c = n.cluster, agNodes[c] != nil { beside[c, default: []].append(n.id) }
        }
        for (c, routes) in beside.sorted(by: { $0.key < $1.key }) {
            guard let cluster = clusters[c], let owner = drawing.node(c),
                  let row = agsubg(cluster, strings["row_" + owner.domID], 1) else { continue }
            set(UnsafeMutableRawPointer(row), ["rank": "same"])
            agsubnode(row, agNodes[c]!, 1)
            for r in routes { agsubnode(row, agNodes[r]!, 1) }
        }
    }

    private func addJourneyHints(_ agNodes: [String: UnsafeMutablePointer<Agnode_t>]) {
        for hint in drawing.layoutHints {
            guard let t = agNodes[hint.from], let h = agNodes[hint.to],
                  let edge = agedge(g, t, h, strings[visibleControlCharacters("layout:" + hint.from + "->" + hint.to)], 1) else { continue }
            set(UnsafeMutableRawPointer(edge), ["style": "invis", "weight": "1"])
        }
    }

    /// Roots at the top.
    private func placeRoots(_ agNodes: [String: UnsafeMutablePointer<Agnode_t>]) {
        let appNodes = drawing.nodes.filter { $0.kind == .app }.compactMap { agNodes[$0.id] }
        if options.layout == "dot", !appNodes.isEmpty, let top = agsubg(g, strings["roots"], 1) {
            set(UnsafeMutableRawPointer(top), ["rank": "min"])
            for n in appNodes { agsubnode(top, n, 1) }
        }
    }

    /// What nothing reaches goes to the bottom, out of the way of the app's real navigation.
    private func sinkUnreachable(_ agNodes: [String: UnsafeMutablePointer<Agnode_t>]) {
        var reachedFromReachable = Set<String>()
        let unreachable = Set(drawing.nodes.filter(\.unreachable).map(\.id))
        for e in drawing.edges where !unreachable.contains(e.from) { reachedFromReachable.insert(e.to) }
        let heads = drawing.nodes.filter { $0.unreachable && !reachedFromReachable.contains($0.id) }
        // dot ranks each connected component on its own, so the unreachable parts hang from an
        // invisible edge below the deepest reachable node.
        if !heads.isEmpty, let deepest = deepestReachable(), let anchor = agNodes[deepest] {
            for head in heads {
                guard let n = agNodes[head.id], let e = agedge(g, anchor, n, strings[visibleControlCharacters("layout:bottom->" + head.id)], 1) else { continue }
                set(UnsafeMutableRawPointer(e), ["style": "invis", "weight": "0"])
            }
        }
    }

    /// The reachable node farthest from the roots along the edges that shape the layout (ties: first id).
    func deepestReachable() -> String? {
        let loose: Set<Drawing.EdgeStyle> = [.action, .handles, .finish]
        var next: [String: [String]] = [:]
        for e in drawing.edges where !loose.contains(e.style) { next[e.from, default: []].append(e.to) }
        for h in drawing.layoutHints { next[h.from, default: []].append(h.to) }
        let reachable = Set(drawing.nodes.filter { !$0.unreachable }.map(\.id))
        var depth: [String: Int] = [:]
        var queue = drawing.nodes.filter { $0.kind == .app }.map(\.id).filter { reachable.contains($0) }
        for r in queue { depth[r] = 0 }
        var i = 0
        while i < queue.count {
            let n = queue[i]; i += 1
            for m in next[n] ?? [] where depth[m] == nil && reachable.contains(m) {
                depth[m] = depth[n]! + 1
                queue.append(m)
            }
        }
        return depth.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key
    }

    /// The legend (and title): an HTML-like table as the graph's label, at the top left, listing the
    /// node kinds and edge styles this drawing uses. Its text is navgraph's own, never analyzed code
    /// (the title is escaped).
    func addLegend() {
        let kinds = Set(drawing.nodes.map(\.kind))
        let styles = Set(drawing.edges.map(\.style))
        var left: [String] = []
        for kind in NodeKind.allCases where kinds.contains(kind) {
            let s = Style.node(kind)
            left.append("<td bgcolor=\"\(s["fillcolor"]!)\" border=\"1\" color=\"\(s["color"]!)\">\(kind.rawValue)</td>")
        }
        var flags: [(String, String)] = []
        if drawing.nodes.contains(where: \.unreachable) { flags.append(("#8a8a8a", "dashed red: unreachable")) }
        if drawing.nodes.contains(where: \.dead) || drawing.edges.contains(where: \.dead) { flags.append(("#d0021b", "red: dead route")) }
        if drawing.nodes.contains(where: \.unhandled) { flags.append(("#d0021b", "unhandled action")) }
        if !options.marks.isEmpty {
            flags.append(("#1a7f37", "green: added"))
            flags.append(("#cf222e", "red dashed: removed"))
        }
        for (color, text) in flags { left.append("<td align=\"left\"><font color=\"\(color)\">\(text)</font></td>") }
        var right: [String] = []
        for style in Drawing.EdgeStyle.allCases where styles.contains(style) {
            let color = Style.edge(style)["color"]!
            right.append("<td align=\"left\"><font color=\"\(color)\">\(Style.legendLine(style))</font> \(style.legend)</td>")
        }
        let rowCount = max(left.count, right.count)
        var html = "<table border=\"0\" cellborder=\"0\" cellspacing=\"1\" cellpadding=\"2\">"
        if let title = options.title {
            html += "<tr><td colspan=\"3\" align=\"left\"><font point-size=\"14\"><b>\(htmlLabelEscape(title))</b></font></td></tr>"
        }
        if rowCount > 0 {
            html += "<tr><td align=\"left\" colspan=\"3\"><font point-size=\"10\"><b>Legend</b></font></td></tr>"
            for i in 0..<rowCount {
                html += "<tr>" + (i < left.count ? left[i] : "<td></td>") + "<td width=\"12\"></td>" + (i < right.count ? right[i] : "<td></td>") + "</tr>"
            }
        }
        html += "</table>"
        guard rowCount > 0 || options.title != nil else { return }
        set(UnsafeMutableRawPointer(g), ["fontsize": "9", "labelloc": "t", "labeljust": "l"])
        // An HTML-like label: the string is interned as HTML before the attribute is set to it.
        let interned = agstrdup_html(g, strings[html])
        if let sym = agattr(g, Int32(AGRAPH), strings["label"], nil) ?? agattr(g, Int32(AGRAPH), strings["label"], strings[""]) {
            agxset(UnsafeMutableRawPointer(g), sym, interned)
        }
        agstrfree(g, interned)
    }
}

/// Escapes text for an HTML-like Graphviz label.
func htmlLabelEscape(_ s: String) -> String {
    var out = ""
    for ch in s {
        switch ch {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "\n", "\r": out += " "
        default: out.append(ch)
        }
    }
    return out
}
