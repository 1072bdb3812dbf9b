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
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(GraphDocument(report))) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    public static func decode(_ data: Data) throws -> GraphDocument {
        try JSONDecoder().decode(GraphDocument.self, from: data)
    }
}
