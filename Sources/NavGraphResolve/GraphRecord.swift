import NavGraphExtract
import NavGraphModel

/// The graph under construction: what instantiation has recorded so far. It changes only through its
/// verbs (add an edge, mark a node reached, add a node or a send); the interpreter, the families (through
/// `Semantics`) and the passes all record through them, and `GraphAssembler` reads the result.
final class GraphRecord {
    /// Its properties are `@exclusivity(unchecked)` as the interpreter's are (see `Interpreter`).
    @exclusivity(unchecked) private(set) var edges: Set<Edge> = []
    @exclusivity(unchecked) private(set) var reached: Set<String> = []
    /// Edges by their source, kept with `edges`, so lookups do not scan every edge.
    @exclusivity(unchecked) private(set) var edgesFrom: [String: [Edge]] = [:]
    /// `shows` and `presents` edges by their target (who showed a screen), kept with `edges` too.
    @exclusivity(unchecked) private(set) var showingEdgesTo: [String: [Edge]] = [:]
    /// Each edge without its kind and mechanism: one navigation at one call site.
    @exclusivity(unchecked) private(set) var edgeSites: Set<EdgeSite> = []
    /// Nodes no type or route gives (declared events, library actions).
    @exclusivity(unchecked) private(set) var extraNodes: [String: Node] = [:]
    @exclusivity(unchecked) private(set) var sends: [Interpreter.ActionSend] = []

    init(expectedEdges: Int) {
        edges.reserveCapacity(expectedEdges)
        edgeSites.reserveCapacity(expectedEdges)
    }

    /// Adds an edge; true when it is new.
    func add(_ edge: Edge) -> Bool {
        guard edges.insert(edge).inserted else { return false }
        edgesFrom[edge.from, default: []].append(edge)
        if edge.kind == .shows || edge.kind == .presents { showingEdgesTo[edge.to, default: []].append(edge) }
        edgeSites.insert(EdgeSite(from: edge.from, to: edge.to, file: edge.file, line: edge.line, via: edge.via, reachable: edge.reachable))
        return true
    }

    func markReached(_ id: String) { reached.insert(id) }

    /// A node no type or route gives; a second node with the same id replaces the first.
    func addNode(_ node: Node) { extraNodes[node.id] = node }

    func addSend(_ send: Interpreter.ActionSend) { sends.append(send) }

    /// Each round records its sends anew (what it reached is a union that stays; a send's handler is
    /// what the last, fixpoint round found).
    func startRound() { sends.removeAll(keepingCapacity: true) }

    /// An edge without its kind and mechanism: one navigation at one call site.
    struct EdgeSite: WordHashed {
        var from: String
        var to: String
        var file: String
        var line: Int
        var via: String?
        var reachable: Bool

        var wordHash: UInt64 {
            var w = WordHasher()
            w.combine(from)
            w.combine(to)
            w.combine(file)
            w.combine(line)
            w.combine(via)
            w.combine(reachable)
            return w.value
        }
    }
}
