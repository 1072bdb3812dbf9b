import Foundation
import NavGraphModel

/// Which part of the graph to draw (`--focus`, `--depth`, `--reaches`, `--collapse`, `--hide`).
public struct ViewOptions: Sendable {
    public var focus: String?
    public var depth = 1
    public var reaches: String?
    public var collapse = false
    public var hide: Set<NodeKind> = []
    /// navgraph may pick a smaller view by itself when the drawing would not read (`--no-auto-view`
    /// turns this off; an explicit view, `--rankdir` or `--layout` does too, see `RenderPlan`).
    public var autoView = true
    public init() {}

    /// No view flag given: the whole graph, as drawn by default.
    public var isWholeGraph: Bool { focus == nil && reaches == nil && hide.isEmpty && !collapse }

    /// The kinds `--hide` accepts, by their plural (`screens`) or singular name.
    public static let hideable: [NodeKind] = [.screen, .route, .action]
    public static func hideKind(_ word: String) -> NodeKind? {
        let w = word.lowercased()
        return hideable.first { $0.rawValue == w || $0.rawValue + "s" == w }
    }
}

extension GraphViews {
    /// Applies the views in this order: focus, reaches, hide, collapse. Findings stay when the node they
    /// are about is still drawn (or merged into a drawn flow).
    public static func apply(_ view: ViewOptions, to report: AnalysisReport) throws -> AnalysisReport {
        var graph = report.graph
        var narrowed = false
        if let focus = view.focus {
            graph = try GraphViews.focus(graph, on: focus, depth: view.depth)
            narrowed = true
        }
        if let target = view.reaches {
            graph = try GraphViews.reaches(graph, target)
            narrowed = true
        }
        if !view.hide.isEmpty {
            graph = GraphViews.hide(graph, view.hide)
            narrowed = true
        }
        var findings = report.findings
        if narrowed {
            let names = Set(graph.nodes.map(\.name))
            findings = findings.filter { names.contains($0.symbol) }
        }
        if view.collapse { graph = GraphViews.collapse(graph, findings: findings) }
        return AnalysisReport(graph: graph, findings: findings, diagnostics: report.diagnostics)
    }
}

/// Picks a cheaper view or engine when a graph is too big for `dot` in reasonable time.
///
/// The limits come from `navgraph-bench` on a 2-core machine: dot lays out a 1,000-screen app
/// (1,121 drawn nodes: routes and handled actions are edge labels) in about 1 s of CPU, 1,457 drawn
/// nodes in about 2.4 s, but 2,241 in 12 s: its time grows much faster than the graph. Beyond
/// `dotLimit` drawn nodes navgraph collapses each coordinator flow into one node, and beyond
/// `dotLimit` even then, it switches to sfdp (multilevel force-directed: 5,601 nodes in about 4 s).
public enum AutoView {
    public static let dotLimit = 1_500
    /// neato's stress majorization is quadratic: beyond this it is slower than sfdp by far.
    public static let neatoLimit = 800

    public struct Choice {
        public var graph: NavGraph
        public var drawing: Drawing
        public var options: RenderOptions
        /// What navgraph chose by itself, for standard error.
        public var notes: [String]
        /// Flows were collapsed here (the graph was too big for dot).
        public var collapsed = false
    }

    /// `layoutChosen`: the user passed `--layout`, so the engine stays (only a note if it will be slow).
    public static func choose(_ graph: NavGraph, options: RenderOptions, view: ViewOptions, layoutChosen: Bool, usesLayout: Bool,
                              findings: [Finding] = []) -> Choice {
        let drawing = Drawing(graph, marks: options.marks)
        var choice = Choice(graph: graph, drawing: drawing, options: options, notes: [])
        guard usesLayout else { return choice }
        let size = drawing.nodes.count
        if layoutChosen {
            if options.layout == "dot" && size > dotLimit {
                choice.notes.append("note: \(size) nodes with --layout dot may take minutes; --collapse or --layout sfdp is faster")
            } else if options.layout == "neato" && size > neatoLimit {
                choice.notes.append("note: \(size) nodes with --layout neato may take minutes; --layout sfdp is faster")
            }
            return choice
        }
        guard options.layout == "dot", size > dotLimit else { return choice }
        if !view.collapse && view.autoView {
            let collapsed = GraphViews.collapse(graph, findings: findings)
            let small = Drawing(collapsed, marks: options.marks)
            choice.notes.append("note: \(size) nodes are too many for dot in reasonable time; drawing each coordinator flow as one node (--collapse), \(small.nodes.count) nodes. Use --focus NAME or --reaches NAME to see screens, or --layout dot to draw everything.")
            choice.graph = collapsed
            choice.drawing = small
            choice.collapsed = true
            if small.nodes.count <= dotLimit { return choice }
        }
        choice.options.layout = "sfdp"
        choice.notes.append("note: \(choice.drawing.nodes.count) nodes are too many for dot in reasonable time; laying out with sfdp instead (no flow clusters). Pass --layout dot to insist.")
        return choice
    }
}

/// Everything `navgraph render` does after the analysis: view, big-graph choice, drawing, format, and
/// the view that reads when the whole graph would not.
///
/// When the user asked for the whole graph (no `--focus`, `--reaches`, `--hide`, `--collapse`,
/// `--rankdir`, `--layout`, nor `--no-auto-view`) and dot lays it out wider than 8,000 px, or flatter
/// or taller than 4:1 (beyond 2,000 px), navgraph draws each coordinator flow as one node, left to
/// right, with leaves staggered over `pickedStagger` ranks, and says so in one line. That costs one
/// layout more, never two: the first layout is measured before anything is rendered.
public enum RenderPlan {
    public struct Result {
        public var data: Data
        public var notes: [String]
        public var warnings: [String]
        public var drawnNodes: Int
        public var drawnEdges: Int
        public var layout: String
        /// The laid-out size in PNG pixels (formats Graphviz lays out; nil for the others).
        public var size: DrawingSize?
        /// navgraph picked the collapsed left-to-right view because the whole graph would not read.
        public var pickedView = false
        /// The options the drawing was made with (rankdir, stagger after a picked view).
        public var options: RenderOptions
    }

    /// How many ranks the leaves of the picked view spread over. Measured on `bench/synth_app.py` apps:
    /// 1,000 screens (200 flows) are 1,995×10,198 px with one rank of leaves, 3,064×8,858 px over three;
    /// 300 screens 1,701×3,065 px and 2,692×2,649 px.
    public static let pickedStagger = 3

    /// Whether navgraph may pick the view: only when the user chose none and nothing about the layout.
    public static func mayPickView(_ view: ViewOptions, options: RenderOptions, layoutChosen: Bool, format: OutputFormat) -> Bool {
        view.autoView && view.isWholeGraph && !layoutChosen && format.usesLayout && options.layout == "dot" && options.rankdir == "TB"
    }

    public static func run(_ report: AnalysisReport, format: OutputFormat, view: ViewOptions = ViewOptions(),
                           options: RenderOptions = RenderOptions(), layoutChosen: Bool = false) throws -> Result {
        let viewed = try GraphViews.apply(view, to: report)
        let choice = AutoView.choose(viewed.graph, options: options, view: view, layoutChosen: layoutChosen, usesLayout: format.usesLayout,
                                     findings: viewed.findings)
        var first = choice.options
        first.readableCheck = mayPickView(view, options: choice.options, layoutChosen: layoutChosen, format: format)
        do {
            let final = AnalysisReport(graph: choice.graph, findings: viewed.findings, diagnostics: viewed.diagnostics)
            let output = try format.render(final, choice.drawing, first)
            return Result(data: output.data, notes: choice.notes + output.notes, warnings: output.warnings, drawnNodes: choice.drawing.nodes.count,
                          drawnEdges: choice.drawing.edges.count, layout: choice.options.layout, size: output.size, options: choice.options)
        } catch RenderError.unreadable(let full) {
            let graph = choice.collapsed ? choice.graph : GraphViews.collapse(viewed.graph, findings: viewed.findings)
            var picked = choice.options
            picked.rankdir = "LR"
            picked.stagger = pickedStagger
            let drawing = Drawing(graph, marks: picked.marks)
            let final = AnalysisReport(graph: graph, findings: viewed.findings, diagnostics: viewed.diagnostics)
            let output = try format.render(final, drawing, picked)
            // One line replaces the too-many-nodes note: the picked view says all of it.
            let note = pickedViewNote(full: full, picked: output.size, nodes: drawing.nodes.count)
            return Result(data: output.data, notes: [note] + output.notes, warnings: output.warnings, drawnNodes: drawing.nodes.count,
                          drawnEdges: drawing.edges.count, layout: picked.layout, size: output.size, pickedView: true, options: picked)
        }
    }

    /// The one line that says what navgraph drew instead of the whole graph, and how to get the whole graph.
    public static func pickedViewNote(full: DrawingSize, picked: DrawingSize?, nodes: Int) -> String {
        let size = picked.map { ", \($0) px" } ?? ""
        return "note: the whole graph would be \(full) px, \(full.problem ?? "too big to read"); drew each coordinator flow as one node, left to right (\(nodes) nodes\(size)). For every screen: --no-auto-view, or --focus NAME."
    }
}
