import NavGraphModel

/// A Mermaid flowchart of the drawing (for READMEs and pull requests that render Mermaid).
/// Mermaid is text, so it is written as text; every label from analyzed code is entity-escaped.
public enum MermaidRenderer {
    /// Mermaid's default limits (GitHub uses them): beyond these it refuses to draw.
    public static let maxEdges = 500
    public static let maxTextSize = 50_000

    public static func render(_ graph: NavGraph, options: RenderOptions = RenderOptions()) throws -> String {
        try render(Drawing(graph, marks: options.marks), options: options)
    }

    public static func render(_ drawing: Drawing, options: RenderOptions) throws -> String {
        let ids = mermaidIDs(drawing)
        let direction = ["TB": "TB", "LR": "LR", "BT": "BT", "RL": "RL"][options.rankdir] ?? "TB"
        var lines = ["flowchart \(direction)"]
        if let title = options.title { lines.insert("---\ntitle: \"\(escape(title))\"\n---", at: 0) }
        lines += nodeLines(drawing, ids: ids)
        let edges = edgeLines(drawing, ids: ids)
        lines += edges.lines
        lines += classLines(drawing, ids: ids)
        lines += edges.linkStyles
        if options.sourceURL != nil {
            for n in drawing.nodes {
                guard let url = options.link(n.file, n.line) else { continue }
                lines.append("  click \(ids[n.id]!) href \"\(url.replacingOccurrences(of: "\"", with: "%22"))\" _blank")
            }
        }
        let text = lines.joined(separator: "\n") + "\n"
        if drawing.edges.count > maxEdges || text.utf8.count > maxTextSize {
            throw RenderError.tooBig("""
                the graph is too big for Mermaid: \(drawing.nodes.count) nodes, \(drawing.edges.count) edges, \(text.utf8.count) characters \
                (Mermaid draws at most \(maxEdges) edges and \(maxTextSize) characters by default, as on GitHub). \
                Draw part of it: --focus NAME --depth 1, --reaches NAME, --collapse or --hide actions; or use svg or html.
                """)
        }
        return text
    }

    /// Mermaid ids by node id: the DOM id with only letters and digits, unique.
    private static func mermaidIDs(_ drawing: Drawing) -> [String: String] {
        var ids: [String: String] = [:]
        var used = Set<String>()
        func mermaidID(_ domID: String) -> String {
            let base = String(domID.map { $0.isLetter || $0.isNumber ? $0 : "_" })
            var candidate = base, i = 2
            while !used.insert(candidate).inserted { candidate = "\(base)_\(i)"; i += 1 }
            return candidate
        }
        for n in drawing.nodes { ids[n.id] = mermaidID(n.domID) }
        return ids
    }

    /// Each flow as a subgraph of its nodes, then the nodes in no drawn flow.
    private static func nodeLines(_ drawing: Drawing, ids: [String: String]) -> [String] {
        var lines: [String] = []
        let byCluster = Dictionary(grouping: drawing.nodes.filter { $0.cluster != nil }, by: { $0.cluster! })
        for c in drawing.clusters {
            guard let owner = drawing.node(c) else { continue }
            lines.append("  subgraph flow_\(ids[c]!)[\"\(escape(owner.name)) flow\"]")
            for n in byCluster[c] ?? [] { lines.append("    " + nodeLine(n, ids: ids)) }
            lines.append("  end")
        }
        for n in drawing.nodes where n.cluster.flatMap({ drawing.node($0) }) == nil { lines.append("  " + nodeLine(n, ids: ids)) }
        return lines
    }

    private static func nodeLine(_ n: Drawing.DrawnNode, ids: [String: String]) -> String {
        let text = "\"" + escape(n.label) + "\""
        let shaped: String
        switch n.kind {
        case .app: shaped = "[/" + text + "\\]"
        case .coordinator: shaped = "(" + text + ")"
        case .screen: shaped = "[" + text + "]"
        case .route: shaped = "([" + text + "])"
        case .action: shaped = ">" + text + "]"
        }
        return ids[n.id]! + shaped
    }

    /// The edges, and their colours as `linkStyle` lines (by edge position, so written after the edges).
    private static func edgeLines(_ drawing: Drawing, ids: [String: String]) -> (lines: [String], linkStyles: [String]) {
        var lines: [String] = []
        var linkStyles: [String] = []
        for (i, e) in drawing.edges.enumerated() {
            let arrow: String
            switch e.style {
            case .push: arrow = "-->"
            case .start, .unhandled: arrow = "==>"
            case .owns: arrow = "-.-"
            case .modal, .spawn, .route, .action, .sends, .handles, .finish: arrow = "-.->"
            }
            let label = e.labels.isEmpty ? "" : "|\"" + escape(e.labels.joined(separator: "\n")) + "\"|"
            lines.append("  \(ids[e.from]!) \(arrow)\(label) \(ids[e.to]!)")
            var color = Style.edge(e.style)["color"]!
            if e.unreachable { color = Style.unreachableEdge["color"]! }
            if let mark = e.mark { color = mark == .added ? Style.added["color"]! : Style.removed["color"]! }
            linkStyles.append("  linkStyle \(i) stroke:\(color)" + (e.style == .start || e.style == .unhandled || e.mark != nil ? ",stroke-width:2px" : ""))
        }
        return (lines, linkStyles)
    }

    /// Classes: one per node kind, then the flags (later classDefs win).
    private static func classLines(_ drawing: Drawing, ids: [String: String]) -> [String] {
        var lines: [String] = []
        for kind in NodeKind.allCases {
            let s = Style.node(kind)
            lines.append("  classDef \(kind.rawValue) fill:\(s["fillcolor"]!),stroke:\(s["color"]!)")
        }
        lines.append("  classDef unreachable fill:#ffffff,stroke:#d0021b,stroke-dasharray:4 3,color:#8a8a8a")
        lines.append("  classDef dead fill:#ffffff,stroke:#d0021b,stroke-dasharray:4 3,color:#d0021b")
        lines.append("  classDef unhandled fill:#ffd6d6,stroke:#d0021b,stroke-width:2px")
        lines.append("  classDef added stroke:#1a7f37,stroke-width:3px")
        lines.append("  classDef removed stroke:#cf222e,stroke-width:3px,stroke-dasharray:4 3")
        var classMembers: [String: [String]] = [:]
        for n in drawing.nodes {
            for c in n.classes {
                let name = c.hasPrefix("node-") ? String(c.dropFirst(5)) : c
                classMembers[name, default: []].append(ids[n.id]!)
            }
        }
        let classOrder = NodeKind.allCases.map(\.rawValue) + ["unreachable", "dead", "unhandled", "added", "removed"]
        for c in classOrder {
            guard let members = classMembers[c] else { continue }
            lines.append("  class \(members.joined(separator: ",")) \(c)")
        }
        return lines
    }

    /// Mermaid entity codes for everything that could end a label or start markup; newlines become `<br>`.
    static func escape(_ s: String) -> String {
        var out = ""
        for ch in s {
            switch ch {
            case "\"": out += "#quot;"
            case "&": out += "#amp;"
            case "<": out += "#lt;"
            case ">": out += "#gt;"
            case "#": out += "#35;"
            case ";": out += "#59;"
            case "|": out += "#124;"
            case "`": out += "#96;"
            case "%": out += "#37;"
            case "\n": out += "<br>"
            case "\r", "\t": out += " "
            default:
                if ch.unicodeScalars.allSatisfy({ $0.value >= 0x20 }) { out.append(ch) }
            }
        }
        return out
    }
}
