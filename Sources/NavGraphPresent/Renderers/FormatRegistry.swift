import Foundation
import NavGraphModel

/// One output format of `navgraph render`: its name, file extensions and how it renders.
/// A format is added by adding its renderer file and one line in `FormatRegistry.all`.
public struct OutputFormat: Sendable {
    public let id: String
    public let extensions: [String]
    public let summary: String
    /// Laid out by Graphviz, so `--layout`, `--rankdir` and the big-graph fallback apply.
    public let usesLayout: Bool
    public let render: @Sendable (AnalysisReport, Drawing, RenderOptions) throws -> GraphvizRenderer.Output

    public init(id: String, extensions: [String], summary: String, usesLayout: Bool,
                render: @escaping @Sendable (AnalysisReport, Drawing, RenderOptions) throws -> GraphvizRenderer.Output) {
        self.id = id
        self.extensions = extensions
        self.summary = summary
        self.usesLayout = usesLayout
        self.render = render
    }
}

extension OutputFormat {
    static func graphviz(_ id: String, _ summary: String, extensions: [String]? = nil) -> OutputFormat {
        OutputFormat(id: id, extensions: extensions ?? [id], summary: summary, usesLayout: id != "dot") { _, drawing, options in
            var output = try GraphvizRenderer.render(drawing, format: id, options: options)
            output.data = breakingLegacyWorkflowCommands(output.data, format: id)
            return output
        }
    }

    /// GitHub's runner reads `##[command]` anywhere in a line of a step's output, and a drawing may be
    /// printed there (`render --format svg`). A name holding `##[` is written with the format's own
    /// escape, which keeps its value: in SVG (XML) `&#91;`; in DOT a line continuation inside the quoted
    /// string (`##\` newline `[`: cgraph drops the two characters); in the page, `\u005B` inside its
    /// scripts (JSON) and `&#91;` in its markup.
    static func breakingLegacyWorkflowCommands(_ data: Data, format: String) -> Data {
        guard data.range(of: Data("##[".utf8)) != nil else { return data }
        let text = String(decoding: data, as: UTF8.self)
        switch format {
        case "svg": return Data(NavGraphModel.breakingLegacyWorkflowCommands(text, escapedBracket: "&#91;").utf8)
        case "dot": return Data(NavGraphModel.breakingLegacyWorkflowCommands(text, escapedBracket: "\\\n[").utf8)
        case "html":
            // Markup and scripts alternate: `<script` opens a script, `</script>` ends it.
            var out = "", rest = Substring(text)
            while let open = rest.range(of: "<script") {
                out += NavGraphModel.breakingLegacyWorkflowCommands(String(rest[..<open.lowerBound]), escapedBracket: "&#91;")
                let close = rest[open.lowerBound...].range(of: "</script>")?.lowerBound ?? rest.endIndex
                out += NavGraphModel.breakingLegacyWorkflowCommands(String(rest[open.lowerBound..<close]), escapedBracket: "\\u005B")
                rest = rest[close...]
            }
            return Data((out + NavGraphModel.breakingLegacyWorkflowCommands(String(rest), escapedBracket: "&#91;")).utf8)
        default: return data
        }
    }

    public static let svg = graphviz("svg", "SVG with stable ids, classes, tooltips and --source-url links")
    public static let png = graphviz("png", "PNG image (--dpi)")
    public static let pdf = graphviz("pdf", "PDF document")
    public static let dot = graphviz("dot", "Graphviz DOT, before layout (gv)", extensions: ["dot", "gv"])
    public static let json = OutputFormat(id: "json", extensions: ["json"], summary: "the graph as JSON (docs/graph-format.md)", usesLayout: false) { report, _, _ in
        GraphvizRenderer.Output(data: JSONRenderer.renderData(report), warnings: [])
    }
    public static let mermaid = OutputFormat(id: "mermaid", extensions: ["mmd", "mermaid"], summary: "Mermaid flowchart text", usesLayout: false) { _, drawing, options in
        GraphvizRenderer.Output(data: Data(try MermaidRenderer.render(drawing, options: options).utf8), warnings: [])
    }
    public static let html = OutputFormat(id: "html", extensions: ["html", "htm"], summary: "one self-contained page: SVG, pan and zoom, search, click to highlight, findings", usesLayout: true) { report, drawing, options in
        var output = try HTMLRenderer.render(drawing, options: options, graph: report.graph, findings: report.findings)
        output.data = breakingLegacyWorkflowCommands(output.data, format: "html")
        return output
    }
}

public enum FormatRegistry {
    public static let all: [OutputFormat] = [.svg, .png, .pdf, .dot, .json, .mermaid, .html]

    public static func format(_ id: String) -> OutputFormat? { all.first { $0.id == id.lowercased() } }

    public static func format(forPath path: String) -> OutputFormat? {
        let ext = URL(fileURLWithPath: path).pathExtension.lowercased()
        return all.first { $0.extensions.contains(ext) }
    }

    public static var ids: [String] { all.map(\.id) }
}
