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
    /// Set by `RenderPlan`: after layout, stop with `RenderError.unreadable` when the drawing does not
    /// read (`DrawingSize.reads`), so the plan can draw a smaller view instead (one layout wasted at most).
    public var readableCheck = false
    /// Like Graphviz's `unflatten -l N`: edges into leaves get a length of 1…N, so a wide row of leaves
    /// is spread over N ranks (0: off). Used by the view navgraph picks for big apps.
    public var stagger = 0
    public init() {}

    /// The resolution sizes are measured at: the PNG's (Graphviz's bitmap default is 96 dpi).
    public var pngDPI: Int { dpi ?? Self.defaultDPI }
    public static let defaultDPI = 96

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
    /// Only with `RenderOptions.readableCheck`: the laid-out drawing would not read at this size.
    case unreadable(DrawingSize)
    public var description: String {
        switch self {
        case .graphviz(let m): return "Graphviz failed: \(m)"
        case .tooBig(let m): return m
        case .unreadable(let size): return "the drawing would be \(size) px"
        }
    }
}

/// A laid-out drawing's size in pixels at the PNG's resolution, padding included.
public struct DrawingSize: Sendable, Equatable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Wider than this, a drawing no longer fits any screen zoomed to where its text reads.
    public static let maxReadableWidth = 8_000
    /// A strip flatter (or taller) than this reads as a line of dots when it fits a screen.
    public static let maxAspect = 4.0
    /// Small drawings read whatever their shape (a two-screen app is a flat strip, and fine).
    public static let minCheckedSide = 2_000
    /// Cairo's bitmaps hold at most this many pixels a side; Graphviz scales bigger PNGs down.
    public static let maxBitmapSide = 32_767

    public var aspect: Double { Double(max(width, height)) / Double(max(1, min(width, height))) }

    /// Why the drawing does not read, or nil when it does.
    public var problem: String? {
        if width > Self.maxReadableWidth { return "too wide to read" }
        guard max(width, height) > Self.minCheckedSide, aspect > Self.maxAspect else { return nil }
        return width > height ? "too flat to read" : "too tall to read"
    }

    public var reads: Bool { problem == nil }
    public var description: String { "\(width)×\(height)" }
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
        /// The laid-out size (not for DOT, which is written before layout).
        public var size: DrawingSize? = nil
        /// What navgraph did about the size (a PNG scaled down), for standard error.
        public var notes: [String] = []
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
        // Some Graphviz messages (the cairo plugin's "graph is too large") are printed on standard error
        // directly, not through agerr: they are captured and translated, never passed through raw.
        let laidOut = StandardErrorCapture.run { gvLayout(gvc, g, options.layout) }
        GraphvizMessages.add(laidOut.text)
        guard laidOut.value == 0 else {
            throw RenderError.graphviz("layout '\(options.layout)' failed" + GraphvizMessages.suffix)
        }
        defer { gvFreeLayout(gvc, g) }
        let size = drawingSize(g, dpi: options.pngDPI)
        // Whether it reads is judged at the default 96 dpi: a sharper PNG (--dpi 300) is the same drawing.
        if options.readableCheck, let normal = drawingSize(g, dpi: RenderOptions.defaultDPI), !normal.reads {
            throw RenderError.unreadable(normal)
        }
        var notes: [String] = []
        if format == "png", let size, max(size.width, size.height) > DrawingSize.maxBitmapSide {
            let scale = Double(DrawingSize.maxBitmapSide) / Double(max(size.width, size.height))
            notes.append("note: at \(options.pngDPI) dpi this PNG would be \(size) px, more than the \(DrawingSize.maxBitmapSide) px a bitmap can hold; scaled down to \(Int((scale * 100).rounded(.down)))%. svg and pdf keep full size; --focus NAME or --collapse draw less.")
        }
        var buffer: UnsafeMutablePointer<CChar>?
        var length: UInt32 = 0
        let rendered = StandardErrorCapture.run { gvRenderData(gvc, g, format, &buffer, &length) }
        // The scaling is said in our note above; Graphviz's own line about it is dropped.
        GraphvizMessages.add(rendered.text, known: notes.isEmpty ? [] : [GraphvizMessages.bitmapTooLarge])
        guard rendered.value == 0, let buffer else {
            throw RenderError.graphviz("cannot render format '\(format)'" + GraphvizMessages.suffix)
        }
        defer { gvFreeRenderData(buffer) }
        return Output(data: Data(bytes: buffer, count: Int(length)), warnings: GraphvizMessages.collected, size: size, notes: notes)
    }

    /// The size Graphviz will draw: the bounding box (`bb`, in points) plus the `pad` on each side.
    static func drawingSize(_ g: UnsafeMutablePointer<Agraph_t>, dpi: Int) -> DrawingSize? {
        // agget only reads the name; its C signature is not const.
        let bb = "bb".withCString { name in agget(UnsafeMutableRawPointer(g), UnsafeMutablePointer(mutating: name)).map { String(cString: $0) } }
        guard let bb else { return nil }
        // gvLayout writes "llx lly urx ury" (spaces); a rendered graph's bb has commas.
        let parts = bb.split(whereSeparator: { $0 == "," || $0 == " " }).compactMap { Double($0) }
        guard parts.count == 4 else { return nil }
        let pad = GraphBuilder.padInches * 72 * 2
        let scale = Double(dpi) / 72
        return DrawingSize(width: Int(((parts[2] - parts[0] + pad) * scale).rounded()),
                           height: Int(((parts[3] - parts[1] + pad) * scale).rounded()))
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

/// Collects Graphviz's warnings and errors (agerr, and what it prints on standard error itself)
/// instead of letting them reach standard error: known ones are translated into navgraph's own words,
/// unknown ones lose Graphviz's "(null): " program-name prefix and show control characters escaped.
enum GraphvizMessages {
    nonisolated(unsafe) static var collected: [String] = []

    static let bitmapTooLarge = "too large for cairo-renderer bitmaps"

    static func start() {
        collected = []
        _ = agseterrf { message in
            if let message { GraphvizMessages.add(String(cString: message)) }
            return 0
        }
    }

    /// Adds each line of `text`, translated; lines containing one of `known` are dropped (already said).
    static func add(_ text: String, known: [String] = []) {
        for line in text.split(whereSeparator: \.isNewline) where !known.contains(where: { line.contains($0) }) {
            if let t = translate(String(line)) { collected.append(t) }
        }
    }

    static func translate(_ raw: String) -> String? {
        var text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        // The C API has no program name, so Graphviz writes "(null)" where `dot` would write "dot".
        if text.hasPrefix("(null):") { text = String(text.dropFirst("(null):".count)).trimmingCharacters(in: .whitespaces) }
        guard !text.isEmpty else { return nil }
        if text.contains(bitmapTooLarge) {
            return "the PNG is larger than the \(DrawingSize.maxBitmapSide) px a bitmap can hold and was scaled down to fit; use svg or pdf for full size, or draw less (--collapse, --focus NAME)"
        }
        return visibleControlCharacters(text)
    }

    static func stop() { _ = agseterrf(nil) }

    static var suffix: String { collected.isEmpty ? "" : ": " + collected.joined(separator: "; ") }
}

/// Runs `body` with file descriptor 2 sent to a temporary file, and returns what was written there.
/// Graphviz holds a lock-free global state, so renders are serialised already (`GraphvizRenderer.lock`).
enum StandardErrorCapture {
    static func run<T>(_ body: () -> T) -> (value: T, text: String) {
        fflush(stderr)
        let saved = dup(2)
        guard saved >= 0, let file = tmpfile() else { return (body(), "") }
        dup2(fileno(file), 2)
        let value = body()
        fflush(stderr)
        dup2(saved, 2)
        close(saved)
        var data = Data()
        rewind(file)
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = fread(&chunk, 1, chunk.count, file)
            if n <= 0 { break }
            data.append(contentsOf: chunk[0..<n])
        }
        fclose(file)
        return (value, String(decoding: data, as: UTF8.self))
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

/// Visual vocabulary: one style per node kind and per drawn edge style.
enum Style {
    static func node(_ kind: NodeKind) -> [String: String] {
        switch kind {
        case .app: return ["shape": "house", "style": "filled", "fillcolor": "#cfe2ff", "color": "#3a5f9f"]
        case .coordinator: return ["shape": "box", "style": "rounded,filled,bold", "fillcolor": "#ffe3a8", "color": "#b07800"]
        case .screen: return ["shape": "box", "style": "filled", "fillcolor": "#dff0d8", "color": "#3c763d"]
        case .route: return ["shape": "ellipse", "style": "filled", "fillcolor": "#eadcf8", "color": "#6f42c1", "fontsize": "10"]
        // A note, not Graphviz's cds: cds is drawn smaller than the box dot lays out for it, so a
        // three-line label ran out of its outline.
        case .action: return ["shape": "note", "style": "filled", "fillcolor": "#fde2e2", "color": "#b52a2a", "fontsize": "10"]
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

    /// Margin around the drawing, in inches (counted in `DrawingSize`).
    static let padInches = 0.2

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
        let lengths = options.layout == "dot" ? staggeredLengths() : [:]
        for e in drawing.edges { addEdge(e, agNodes, minlen: lengths[e.domID]) }
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
                          "nodesep": "0.3", "ranksep": "0.45", "outputorder": "edgesfirst", "pad": "\(Self.padInches)",
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
            // The flow's box carries its coordinator's name, so a flow reads as one even when its
            // coordinator node is far from the screens it shows.
            set(UnsafeMutableRawPointer(sub), ["label": graphvizEscape(n.name + " flow"), "fontsize": "10", "fontcolor": "#8a5f00",
                                               "labeljust": "l", "labelloc": "t",
                                               "style": "rounded,filled", "fillcolor": "#fffaf0", "color": "#e6d3a3",
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
            guard let node = agnode(container, strings[dotName(visibleControlCharacters(n.id))], 1) else { continue }
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

    /// The edge from a node to each leaf under it, in order, gets length 1, 2, …, `stagger`, 1, …: the
    /// leaves of a wide tree spread over that many ranks instead of one long row (`unflatten -l`).
    /// Keyed by edge DOM id; edges not listed keep length 1.
    func staggeredLengths() -> [String: Int] {
        guard options.stagger > 1 else { return [:] }
        func laidOut(_ e: Drawing.DrawnEdge) -> (tail: String, head: String) { Style.upward.contains(e.style) ? (e.to, e.from) : (e.from, e.to) }
        var hasChildren = Set<String>()
        for e in drawing.edges { let (t, h) = laidOut(e); if t != h { hasChildren.insert(t) } }
        var slot: [String: Int] = [:]          // leaf → its rank offset under its first parent
        var parentOf: [String: String] = [:]
        var nextSlot: [String: Int] = [:]      // parent → leaves placed so far
        var lengths: [String: Int] = [:]
        for e in drawing.edges {
            let (t, h) = laidOut(e)
            guard !hasChildren.contains(h), t != h else { continue }
            if slot[h] == nil {
                slot[h] = nextSlot[t, default: 0] % options.stagger
                nextSlot[t, default: 0] += 1
                parentOf[h] = t
            }
            if parentOf[h] == t, let s = slot[h], s > 0 { lengths[e.domID] = 1 + s }
        }
        return lengths
    }

    private func addEdge(_ e: Drawing.DrawnEdge, _ agNodes: [String: UnsafeMutablePointer<Agnode_t>], minlen: Int? = nil) {
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
        if let minlen { attrs["minlen"] = "\(minlen)" }
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
                  let edge = agedge(g, t, h, strings[dotName(visibleControlCharacters("layout:" + hint.from + "->" + hint.to))], 1) else { continue }
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
                guard let n = agNodes[head.id], let e = agedge(g, anchor, n, strings[dotName(visibleControlCharacters("layout:bottom->" + head.id))], 1) else { continue }
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

    /// The legend (and title). With dot the legend is a box of real nodes, one per node kind drawn with
    /// that kind's own style (so each swatch is the shape it explains), beside a table of the edge styles
    /// and marks; the other engines draw no clusters, so there the kinds are coloured cells of the table.
    /// Its text is navgraph's own, never analyzed code (the title is escaped).
    func addLegend() {
        let kinds = NodeKind.allCases.filter { k in drawing.nodes.contains { $0.kind == k } }
        let styles = Set(drawing.edges.map(\.style))
        var flags: [(String, String)] = []
        if drawing.nodes.contains(where: \.unreachable) { flags.append(("#8a8a8a", "dashed red: unreachable")) }
        if drawing.nodes.contains(where: \.dead) || drawing.edges.contains(where: \.dead) { flags.append(("#d0021b", "red: dead route")) }
        if drawing.nodes.contains(where: \.unhandled) { flags.append(("#d0021b", "unhandled action")) }
        if !options.marks.isEmpty {
            flags.append(("#1a7f37", "green: added"))
            flags.append(("#cf222e", "red dashed: removed"))
        }
        var left = flags.map { "<td align=\"left\"><font color=\"\($0.0)\">\($0.1)</font></td>" }
        var right: [String] = []
        for style in Drawing.EdgeStyle.allCases where styles.contains(style) {
            let color = Style.edge(style)["color"]!
            right.append("<td align=\"left\"><font color=\"\(color)\">\(Style.legendLine(style))</font> \(style.legend)</td>")
        }
        let swatchNodes = options.layout == "dot" && !kinds.isEmpty
        if !swatchNodes {
            left = kinds.map { kind in
                let s = Style.node(kind)
                return "<td bgcolor=\"\(s["fillcolor"]!)\" border=\"1\" color=\"\(s["color"]!)\">\(kind.rawValue)</td>"
            } + left
        }
        let rowCount = max(left.count, right.count)
        var table = ""
        for i in 0..<rowCount {
            table += "<tr>" + (i < left.count ? left[i] : "<td></td>") + "<td width=\"12\"></td>" + (i < right.count ? right[i] : "<td></td>") + "</tr>"
        }
        let heading = "<table border=\"0\" cellborder=\"0\" cellpadding=\"0\"><tr><td><font point-size=\"10\"><b>Legend</b></font></td></tr></table>"
        var html = "<table border=\"0\" cellborder=\"0\" cellspacing=\"1\" cellpadding=\"2\">"
        if let title = options.title {
            html += "<tr><td colspan=\"3\" align=\"left\"><font point-size=\"14\"><b>\(htmlLabelEscape(title))</b></font></td></tr>"
        }
        if swatchNodes {
            addLegendBox(kinds, heading: heading, table: table)
        } else if rowCount > 0 {
            html += "<tr><td align=\"left\" colspan=\"3\"><font point-size=\"10\"><b>Legend</b></font></td></tr>" + table
        }
        html += "</table>"
        guard (!swatchNodes && rowCount > 0) || options.title != nil else { return }
        set(UnsafeMutableRawPointer(g), ["fontsize": "9", "labelloc": "t", "labeljust": "l"])
        setHTMLLabel(UnsafeMutableRawPointer(g), kind: Int32(AGRAPH), html)
    }

    /// The legend's box: a node per kind, styled as the graph's nodes of that kind, and the table.
    private func addLegendBox(_ kinds: [NodeKind], heading: String, table: String) {
        guard let box = agsubg(g, strings["cluster_legend"], 1), let row = agsubg(box, strings["legend_row"], 1) else { return }
        set(UnsafeMutableRawPointer(box), ["style": "rounded", "color": "#d8d8d8", "penwidth": "1", "id": "legend", "class": "legend",
                                           "labeljust": "l", "labelloc": "t", "label": ""])
        setHTMLLabel(UnsafeMutableRawPointer(box), kind: Int32(AGRAPH), heading)
        set(UnsafeMutableRawPointer(row), ["rank": "same"])
        var previous: UnsafeMutablePointer<Agnode_t>?
        // Invisible edges between neighbours keep the swatches in the order of the kinds, then the table.
        func chain(_ n: UnsafeMutablePointer<Agnode_t>, _ name: String) {
            if let p = previous, let e = agedge(g, p, n, strings["layout:legend:" + name], 1) {
                set(UnsafeMutableRawPointer(e), ["style": "invis"])
            }
            previous = n
        }
        for kind in kinds {
            guard let n = agnode(row, strings["legend:" + kind.rawValue], 1) else { continue }
            chain(n, kind.rawValue)
            var attrs = Style.node(kind)
            attrs["label"] = kind.rawValue
            attrs["id"] = "legend-" + kind.rawValue
            attrs["class"] = "legend"
            attrs["tooltip"] = "how a \(kind.rawValue) is drawn"
            set(UnsafeMutableRawPointer(n), attrs)
        }
        guard !table.isEmpty, let n = agnode(row, strings["legend:lines"], 1) else { return }
        chain(n, "lines")
        set(UnsafeMutableRawPointer(n), ["shape": "plaintext", "id": "legend-lines", "class": "legend", "fontsize": "9", "margin": "0", "tooltip": "legend"])
        setHTMLLabel(UnsafeMutableRawPointer(n), kind: Int32(AGNODE),
                     "<table border=\"0\" cellborder=\"0\" cellspacing=\"1\" cellpadding=\"2\">" + table + "</table>")
    }

    /// An HTML-like label: the string is interned as HTML before the attribute is set to it.
    private func setHTMLLabel(_ obj: UnsafeMutableRawPointer, kind: Int32, _ html: String) {
        let interned = agstrdup_html(g, strings[html])
        if let sym = agattr(g, kind, strings["label"], nil) ?? agattr(g, kind, strings["label"], strings[""]) {
            agxset(obj, sym, interned)
        }
        agstrfree(g, interned)
    }
}

/// A node or edge name as cgraph can read it back from DOT. WHY: `agwrite` writes a quote inside a name as
/// `\"` but leaves a backslash alone, and the DOT reader takes `\\` as a pair before it, so a raw
/// identifier `` `a\"b` `` (or one ending in a backslash) closed the quoted string early and the rest of
/// the name read as DOT. Such a backslash is written `\u{5C}` in the name; the label, escaped on its own
/// (`graphvizEscape`), still shows the name as written.
func dotName(_ s: String) -> String {
    guard s.contains("\\") else { return s }
    var out = "", chars = Array(s)
    for (i, c) in chars.enumerated() {
        let next = i + 1 < chars.count ? chars[i + 1] : nil
        out += c == "\\" && (next == nil || next == "\"" || next == "\\") ? "\\u{5C}" : String(c)
    }
    return out
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
