import ArgumentParser
import Foundation
import NavGraphKit
import NavGraphModel
import NavGraphPresent

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw the navigation graph: svg, png, pdf, dot, json, mermaid or html.",
        discussion: """
        The format comes from --format or, when absent, from the output file's extension \
        (.svg .png .pdf .dot/.gv .json .mmd/.mermaid .html). PATH may also be a JSON graph saved by \
        `navgraph analyze --format json`. Graphviz is used through its C library; no process is started.

        Views for big apps pick what to draw: --focus NAME (--depth N), --reaches NAME, --hide KIND, \
        --collapse. A graph too big for dot in reasonable time is collapsed, or laid out with sfdp, and \
        navgraph says so on standard error (pass --layout to choose the engine yourself).

        A drawing wider than 8,000 px or flatter than 4:1 is drawn as collapsed flows, left to right, with a one-line note; \
        --no-auto-view (or any view flag, --rankdir or --layout) draws what you asked for instead.

        Examples:
          navgraph render MyApp -o docs/navigation.svg
          navgraph render MyApp -o nav.html \\
            --source-url 'https://github.com/me/app/blob/main/{file}#L{line}'
          navgraph render MyApp -o cart.svg --focus CartCoordinator --depth 2
          navgraph render MyApp -o pay.png --reaches PaymentViewController --dpi 144
          navgraph render MyApp -o flows.svg --collapse --hide actions
          navgraph render MyApp -o nav.mmd --focus SettingsCoordinator
          navgraph render navgraph.json --format dot -o -    DOT on standard output
        """
    )

    @OptionGroup var input: InputOptions

    @Option(name: .shortAndLong, help: "The output file (`-` for standard output).")
    var output: String

    @Option(name: .shortAndLong, help: "Output format: \(FormatRegistry.ids.joined(separator: ", ")). Default: from the extension of --output.")
    var format: String?

    @OptionGroup var drawing: DrawingFlags

    @OptionGroup var view: ViewFlags

    func resolvedFormat() throws -> OutputFormat {
        if let format {
            guard let f = FormatRegistry.format(format) else {
                throw ValidationError("unknown format '\(format)'; use one of \(FormatRegistry.ids.joined(separator: ", ")).")
            }
            return f
        }
        guard let f = FormatRegistry.format(forPath: output) else {
            throw ValidationError("cannot infer the format from '\(output)'; pass --format (\(FormatRegistry.ids.joined(separator: ", "))).")
        }
        return f
    }

    func validate() throws {
        _ = try resolvedFormat()
        try drawing.check()
        try view.check()
    }

    func run() throws {
        let report = try loadReport(input)
        let format = try resolvedFormat()
        let result: RenderPlan.Result
        do {
            let viewOptions = try view.options(rankdirChosen: drawing.rankdir != nil)
            result = try StageTimings.measure("render") {
                try RenderPlan.run(report, format: format, view: viewOptions, options: drawing.options(), layoutChosen: drawing.layout != nil)
            }
        } catch let e as GraphViews.ViewError {
            Console.error("error: \(e.description)")
            throw ExitCode(ExitCodes.usage)
        } catch let e as RenderError {
            Console.error("error: \(e.description)")
            if case .tooBig = e { throw ExitCode(ExitCodes.usage) }
            throw ExitCode(ExitCodes.internalError)
        }
        for note in result.notes { Console.error(note) }
        for w in result.warnings { Console.error("warning: graphviz: \(w)") }
        try emit(result.data, to: output, analyzed: [input.path], quiet: input.quiet, what: graphCount(nodes: result.drawnNodes, edges: result.drawnEdges))
    }
}

/// How the graph is drawn: shared by `render` and `diff`.
struct DrawingFlags: ParsableArguments {
    @Option(help: "Resolution for PNG output, in dots per inch (10…1200).")
    var dpi: Int?

    @Option(help: "Direction of the layout: TB, LR, BT or RL. Default: TB (top to bottom).")
    var rankdir: String?

    @Option(help: "Graphviz layout engine: dot (layered, clusters per flow), sfdp (fast for thousands of nodes) or neato. Default: dot, or sfdp for graphs too big for dot.")
    var layout: String?

    @Option(name: .customLong("source-url"), help: "Link nodes and edges to their source: a URL template with {file} and {line}, e.g. 'https://example.com/repo/blob/main/{file}#L{line}'.")
    var sourceURL: String?

    @Option(help: "A title drawn above the graph.")
    var title: String?

    func check() throws {
        if let rankdir, !RenderOptions.rankdirs.contains(rankdir.uppercased()) { throw ValidationError("--rankdir must be TB, LR, BT or RL.") }
        if let dpi, dpi < 10 || dpi > 1200 { throw ValidationError("--dpi must be between 10 and 1200.") }
        if let layout, !RenderOptions.layouts.contains(layout) {
            throw ValidationError("--layout must be \(RenderOptions.layouts.joined(separator: ", ")).")
        }
        if let sourceURL, !sourceURL.contains("{file}") {
            throw ValidationError("--source-url needs {file} (and usually {line}) in the template.")
        }
        if let sourceURL, !RenderOptions.isAllowedSourceURL(sourceURL) {
            throw ValidationError("--source-url must start with http://, https:// or file:// (the analyzed tree must not choose the link's scheme).")
        }
    }

    func options() -> RenderOptions {
        var o = RenderOptions()
        o.rankdir = (rankdir ?? "TB").uppercased()
        o.dpi = dpi
        o.layout = layout ?? "dot"
        o.sourceURL = sourceURL
        o.title = title
        return o
    }
}

/// Which part of the graph is drawn: shared by `render` and `diff`.
struct ViewFlags: ParsableArguments {
    @Option(help: "Draw only what is within --depth hops of this node (coordinator, screen, route or action; name or kind:name).")
    var focus: String?

    @Option(help: "Hops around --focus (default 1). A hop is a start, show, present or finish, an action (sender to handler) or a route (owner to target).")
    var depth: Int = 1

    @Option(help: "Draw only what leads to this node: the roots, flows, routes, screens and actions on some path to it.")
    var reaches: String?

    @Flag(help: "Draw each coordinator flow as one node (its screens, routes and the actions it handles merged in).")
    var collapse = false

    @Option(help: "Leave out screens, routes or actions. Repeatable, or comma-separated: --hide routes,actions.")
    var hide: [String] = []

    @Flag(name: .customLong("no-auto-view"), help: "Draw the whole graph even when it is too big to read: no collapsed flows or left-to-right layout picked by navgraph (see docs/drawing.md).")
    var noAutoView = false

    func check() throws {
        if depth < 0 { throw ValidationError("--depth must be 0 or more.") }
        _ = try options()
    }

    /// `rankdirChosen`: `--rankdir` was given, so navgraph picks no view (the picked one is left to right).
    func options(rankdirChosen: Bool = false) throws -> ViewOptions {
        var v = ViewOptions()
        v.autoView = !noAutoView && !rankdirChosen
        v.focus = focus
        v.depth = depth
        v.reaches = reaches
        v.collapse = collapse
        for word in hide.flatMap({ $0.split(separator: ",") }).map({ $0.trimmingCharacters(in: .whitespaces) }) where !word.isEmpty {
            guard let kind = ViewOptions.hideKind(word) else {
                throw ValidationError("--hide takes screens, routes or actions, not '\(word)'.")
            }
            v.hide.insert(kind)
        }
        return v
    }
}

/// The report for PATH: analyzed from sources, or read from a JSON graph saved by `analyze --format json`.
func loadReport(_ input: InputOptions) throws -> AnalysisReport {
    var isDir: ObjCBool = false
    if input.path.lowercased().hasSuffix(".json"), FileManager.default.fileExists(atPath: input.path, isDirectory: &isDir), !isDir.boolValue {
        return try readGraphDocument(input.path)
    }
    return try input.analyze().report
}

func readGraphDocument(_ path: String) throws -> AnalysisReport {
    do {
        let doc = try JSONRenderer.decode(Data(contentsOf: URL(fileURLWithPath: path)))
        return doc.report
    } catch {
        Console.error("error: \(path) is not a navgraph JSON graph: \(error.localizedDescription)")
        throw ExitCode(ExitCodes.usage)
    }
}
