import Foundation
import NavGraphModel

/// What changed in the navigation between two versions of an app: nodes (by id), edges (by
/// endpoints, kind and route; not by line, which moves with every edit), findings (by rule and
/// symbol) and reachability.
public struct GraphDiff: Sendable {
    public var addedNodes: [Node] = []
    public var removedNodes: [Node] = []
    public var addedEdges: [Edge] = []
    public var removedEdges: [Edge] = []
    public var addedFindings: [Finding] = []
    public var removedFindings: [Finding] = []
    /// Nodes in both versions that were reachable and are not any more.
    public var nowUnreachable: [Node] = []
    /// Nodes in both versions that were unreachable and now are reachable.
    public var nowReachable: [Node] = []

    public let old: AnalysisReport
    public let new: AnalysisReport

    public var isEmpty: Bool {
        addedNodes.isEmpty && removedNodes.isEmpty && addedEdges.isEmpty && removedEdges.isEmpty
            && addedFindings.isEmpty && removedFindings.isEmpty && nowUnreachable.isEmpty && nowReachable.isEmpty
    }

    public init(old: AnalysisReport, new: AnalysisReport) {
        self.old = old
        self.new = new
        let oldNodes = Dictionary(old.graph.nodes.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let newNodes = Dictionary(new.graph.nodes.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        addedNodes = new.graph.nodes.filter { oldNodes[$0.id] == nil }
        removedNodes = old.graph.nodes.filter { newNodes[$0.id] == nil }
        for n in new.graph.nodes {
            guard let before = oldNodes[n.id] else { continue }
            if before.reachable && !n.reachable { nowUnreachable.append(n) }
            if !before.reachable && n.reachable { nowReachable.append(n) }
        }
        let oldEdgeKeys = Set(old.graph.edges.map(DiffMarks.key))
        let newEdgeKeys = Set(new.graph.edges.map(DiffMarks.key))
        addedEdges = Self.firstPerKey(new.graph.edges.filter { !oldEdgeKeys.contains(DiffMarks.key($0)) })
        removedEdges = Self.firstPerKey(old.graph.edges.filter { !newEdgeKeys.contains(DiffMarks.key($0)) })
        func key(_ f: Finding) -> String { "\(f.rule)|\(f.symbol)" }
        let oldFindings = Set(old.findings.map(key)), newFindings = Set(new.findings.map(key))
        addedFindings = new.findings.filter { !oldFindings.contains(key($0)) }.sorted { (key($0), $0.file, $0.line) < (key($1), $1.file, $1.line) }
        removedFindings = old.findings.filter { !newFindings.contains(key($0)) }.sorted { (key($0), $0.file, $0.line) < (key($1), $1.file, $1.line) }
    }

    /// One edge per identity (the first by location), sorted by identity.
    static func firstPerKey(_ edges: [Edge]) -> [Edge] {
        var best: [String: Edge] = [:]
        for e in edges {
            let k = DiffMarks.key(e)
            if let b = best[k], b.location <= e.location { continue }
            best[k] = e
        }
        return best.keys.sorted().map { best[$0]! }
    }

    /// The new graph plus what was removed, with the marks that colour additions and removals.
    public func merged() -> (report: AnalysisReport, marks: DiffMarks) {
        var marks = DiffMarks()
        for n in addedNodes { marks.nodes[n.id] = .added }
        for n in removedNodes { marks.nodes[n.id] = .removed }
        for e in addedEdges { marks.edges[DiffMarks.key(e)] = .added }
        for e in removedEdges { marks.edges[DiffMarks.key(e)] = .removed }
        let removedKeys = Set(removedEdges.map(DiffMarks.key))
        let removedIDs = Set(removedNodes.map(\.id))
        let graph = NavGraph(
            roots: (new.graph.roots + old.graph.roots.filter { removedIDs.contains($0) }).uniqued(),
            nodes: new.graph.nodes + removedNodes,
            edges: new.graph.edges + old.graph.edges.filter { removedKeys.contains(DiffMarks.key($0)) },
            paths: new.graph.paths + old.graph.paths.filter { removedIDs.contains($0.sender) || removedIDs.contains($0.action) },
            families: (new.graph.families + old.graph.families).uniqued())
        return (AnalysisReport(graph: graph, findings: new.findings, diagnostics: new.diagnostics), marks)
    }

    // MARK: - Listings (also what the tests compare)

    /// `+ screen Name` / `- route Owner.case`, added first, each group sorted.
    public var nodeLines: [String] {
        addedNodes.sorted { ($0.kind, $0.name) < ($1.kind, $1.name) }.map { "+ \($0.kind.rawValue) \($0.name)" }
            + removedNodes.sorted { ($0.kind, $0.name) < ($1.kind, $1.name) }.map { "- \($0.kind.rawValue) \($0.name)" }
    }

    public var edgeLines: [String] {
        addedEdges.map { "+ " + describe($0) } + removedEdges.map { "- " + describe($0) }
    }

    public var findingLines: [String] {
        addedFindings.map { "+ \($0.rule) \($0.symbol)" } + removedFindings.map { "- \($0.rule) \($0.symbol)" }
    }

    public var reachabilityLines: [String] {
        nowUnreachable.map { "\($0.kind.rawValue) \($0.name) is now unreachable" } + nowReachable.map { "\($0.kind.rawValue) \($0.name) is now reachable" }
    }

    func describe(_ e: Edge) -> String {
        "\(name(e.from)) -\(e.kind.rawValue)-> \(name(e.to))" + (e.via.map { " via \($0)" } ?? "")
    }

    /// A node's name without its kind prefix (`screen:Cart` → `Cart`).
    func name(_ id: String) -> String {
        guard let colon = id.firstIndex(of: ":") else { return id }
        return String(id[id.index(after: colon)...])
    }
}
