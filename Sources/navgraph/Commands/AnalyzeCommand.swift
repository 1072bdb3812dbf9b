import ArgumentParser
import Foundation
import NavGraphKit
import NavGraphPresent

struct AnalyzeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "analyze",
        abstract: "Print the navigation graph as a readable tree or as JSON.",
        discussion: """
        The text format is a tree from each root (app delegate, scene delegate, @main type) through the \
        coordinators it starts to the screens they show, with how each is reached and file:line. \
        The JSON format follows docs/graph-format.md and is byte-identical across runs.

        Examples:
          navgraph analyze Samples/hackingwithswift/RecipeBox
          navgraph analyze MyApp --format json > navgraph.json
        """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json }

    @OptionGroup var input: InputOptions

    @Option(name: .shortAndLong, help: "Output format: \(Format.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: Format = .text

    @Option(name: .shortAndLong, help: "Write to this file instead of standard output.")
    var output: String?

    func run() throws {
        let analysis = try input.analyze()
        Recognised.report(analysis, input: input, checking: "the graph shows no navigation")
        let data = StageTimings.measure("render") { () -> Data in
            switch format {
            case .text: return Data(TextRenderer.render(analysis.report).utf8)
            case .json: return JSONRenderer.renderData(analysis.report)
            }
        }
        try emit(data, to: output, analyzed: [input.path], quiet: input.quiet, what: graphCount(nodes: analysis.report.graph.nodes.count, edges: analysis.report.graph.edges.count))
    }
}
