import ArgumentParser
import Foundation
import NavGraphKit
import NavGraphPresent

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw the navigation graph with Graphviz (svg, png, pdf, dot) or write it as JSON.",
        discussion: """
        The format comes from --format or, when absent, from the output file's extension.
        Graphviz is used through its C library (libgvc); no `dot` process is started.

        Examples:
          navgraph render MyApp -o docs/navigation.svg
          navgraph render MyApp -o nav.png --dpi 144
          navgraph render MyApp --format dot -o -        DOT on standard output
        """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable { case svg, png, pdf, dot, json }

    @OptionGroup var input: InputOptions

    @Option(name: .shortAndLong, help: "The output file (`-` for standard output).")
    var output: String

    @Option(name: .shortAndLong, help: "Output format: \(Format.allCases.map(\.rawValue).joined(separator: ", ")). Default: from the extension of --output.")
    var format: Format?

    @Option(help: "Resolution for PNG output, in dots per inch.")
    var dpi: Int?

    @Option(help: "Direction of the layout: TB, LR, BT or RL.")
    var rankdir: String = "TB"

    @Option(name: .customLong("source-url"), help: "Link nodes to their source: a template with {file} and {line}.")
    var sourceURL: String?

    @Flag(name: .customLong("allow-inside-tree"), help: "Allow writing the output inside the analyzed folder.")
    var allowInsideTree = false

    func resolvedFormat() throws -> Format {
        if let format { return format }
        let ext = URL(fileURLWithPath: output).pathExtension.lowercased()
        guard let f = Format(rawValue: ext) else {
            throw ValidationError("cannot infer the format from '\(output)'; pass --format (\(Format.allCases.map(\.rawValue).joined(separator: ", "))).")
        }
        return f
    }

    func validate() throws {
        _ = try resolvedFormat()
        guard ["TB", "LR", "BT", "RL"].contains(rankdir) else { throw ValidationError("--rankdir must be TB, LR, BT or RL.") }
        if let dpi, dpi < 10 || dpi > 1200 { throw ValidationError("--dpi must be between 10 and 1200.") }
    }

    func run() throws {
        let analysis = try input.analyze()
        let format = try resolvedFormat()
        let data: Data
        if format == .json {
            data = Data(JSONRenderer.render(analysis.report).utf8)
        } else {
            var options = RenderOptions()
            options.rankdir = rankdir
            options.dpi = dpi
            options.sourceURL = sourceURL
            do {
                data = try GraphvizRenderer.render(analysis.report.graph, format: format.rawValue, options: options)
            } catch {
                Console.error("error: \(error)")
                throw ExitCode(ExitCodes.internalError)
            }
        }
        try emit(data, to: output, analyzedRoot: input.path, allowInsideTree: allowInsideTree)
    }
}
