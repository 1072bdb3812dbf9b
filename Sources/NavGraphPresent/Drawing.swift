import NavGraphModel

/// What a reader sees, shared by every drawing format (Graphviz, Mermaid, HTML).
///
/// The graph is folded so that navigation reads as arrows between places:
/// - a route becomes the label of the edge its owner coordinator draws under it
///   (`MainCoordinator ──showRecipe(_:)──▶ RecipeDetailViewController`); a route stays a node, inside its
///   owner's cluster, when it leads nowhere (dead, or an arm that does nothing) or somewhere no owner edge shows;
/// - an action becomes an upward edge from the screen that sends it to the coordinator that handles it,
///   labelled with the action; it stays a node, marked, when some sender leaves it unhandled;
/// - each coordinator flow is a cluster holding the coordinator, the screens it shows and its route nodes.
public struct Drawing: Sendable {
    public enum EdgeStyle: String, Sendable, CaseIterable {
        /// coordinator shows a screen (push, root, tab, embed, window root)
        case push
        /// coordinator presents modally
        case modal
        /// coordinator or app starts a child coordinator
        case start
        /// a screen creates and starts a coordinator
        case spawn
        /// a route node to what it leads to
        case route
        /// a coordinator to a route node it owns
        case owns
        /// an action going up from its sender to its handler
        case action
        /// a screen sends an action nothing handles
        case unhandled
        /// a screen sends an action whose handler is not in this view
        case sends
        /// an action node to its handler
        case handles
        /// a child flow finishing back to its parent
        case finish

        public var legend: String {
            switch self {
            case .push: return "shows (push, root)"
            case .modal: return "presents (modal)"
            case .start: return "starts child flow"
            case .spawn: return "screen starts flow"
            case .route: return "route leads to"
            case .owns: return "owns route"
            case .action: return "action (up to handler)"
            case .unhandled: return "unhandled action"
            case .sends: return "sends action"
            case .handles: return "handles action"
            case .finish: return "finishes to parent"
            }
        }
    }

    public enum Mark: String, Sendable { case added, removed }

    public struct DrawnNode: Sendable {
        /// The graph node id (`screen:Cart`).
        public var id: String
        /// Stable DOM id derived from the name (`screen-Cart`).
        public var domID: String
        public var kind: NodeKind
        public var name: String
        /// Display text, unescaped; lines separated by "\n".
        public var label: String
        /// Tooltip text, unescaped.
        public var tooltip: String
        public var file: String
        public var line: Int
        /// The coordinator whose cluster holds the node.
        public var cluster: String?
        public var unreachable: Bool
        /// A route that leads nowhere or that nothing reaches.
        public var dead: Bool
        /// An action some sender leaves unhandled.
        public var unhandled: Bool
        public var mark: Mark?
        /// CSS classes: `node-<kind>` plus `unreachable`, `dead`, `unhandled`, `added`, `removed`.
        public var classes: [String] {
            ["node-\(kind.rawValue)"] + (unreachable ? ["unreachable"] : []) + (dead ? ["dead"] : [])
                + (unhandled ? ["unhandled"] : []) + (mark.map { [$0.rawValue] } ?? [])
        }
    }

    public struct DrawnEdge: Sendable {
        public var from: String
        public var to: String
        public var style: EdgeStyle
        /// Label lines (route cases, action names), unescaped.
        public var labels: [String]
        public var tooltip: String
        public var domID: String
        public var unreachable: Bool
        public var dead: Bool
        public var mark: Mark?
        /// Where the edge is made, for the first source (links and tooltips).
        public var file: String
        public var line: Int
        public var classes: [String] {
            ["edge-\(style.rawValue)"] + (unreachable ? ["unreachable"] : []) + (dead ? ["dead"] : []) + (mark.map { [$0.rawValue] } ?? [])
        }
    }

    /// Journey order for layout only (never drawn): a screen above what its actions lead to.
    public struct LayoutHint: Sendable, Hashable {
        public var from: String
        public var to: String
        public init(from: String, to: String) {
            self.from = from
            self.to = to
        }
    }

    public var nodes: [DrawnNode]
    public var edges: [DrawnEdge]
    public var layoutHints: [LayoutHint]
    /// Coordinator ids that have a cluster, in order.
    public var clusters: [String]
    public var roots: [String]

    public func node(_ id: String) -> DrawnNode? { nodeIndex[id].map { nodes[$0] } }
    private var nodeIndex: [String: Int] = [:]

    /// At most this many label lines on one edge; the rest are counted.
    static let maxLabelLines = 6

    public init(_ graph: NavGraph, marks: DiffMarks = DiffMarks()) {
        let lookup = GraphLookup(graph)
        var folding = EdgeFolding(lookup)
        for e in graph.edges { folding.fold(e) }
        let neverSent = folding.addNeverSentActions()
        // One set of DOM ids, nodes first: a node keeps its plain slug, an edge never takes it.
        var domIDs = DOMIDs()
        var nodes = Self.drawnNodes(lookup, actions: folding.drawnActions, neverSent: neverSent, marks: marks, domIDs: &domIDs)
        Self.dropLoneClusters(&nodes)
        var index: [String: Int] = [:]
        for (i, n) in nodes.enumerated() { index[n.id] = i }
        // Coordinators own route nodes drawn in their cluster: a light link keeps the route under its owner.
        for n in nodes where n.kind == .route {
            if let c = n.cluster, index[c] != nil { folding.pending.draw(c, n.id, .owns, nil) }
        }
        let edges = Self.drawnEdges(folding.pending, lookup: lookup, index: index, marks: marks, domIDs: &domIDs)
        let hints = Self.journeyHints(lookup, sends: folding.handledSends, index: index)
        self.nodes = nodes
        self.edges = edges
        self.layoutHints = Self.shallow(hints.sorted { ($0.from, $0.to) < ($1.from, $1.to) })
        self.nodeIndex = index
        self.clusters = Array(Set(nodes.compactMap(\.cluster))).filter { index[$0] != nil }.sorted()
        self.roots = graph.roots.filter { index[$0] != nil }
    }
}

extension Drawing {
    /// One node per graph node, in graph order, except routes folded into labels and actions not drawn.
    private static func drawnNodes(_ lookup: GraphLookup, actions drawnActions: [String: Bool], neverSent: Set<String>,
                                   marks: DiffMarks, domIDs: inout DOMIDs) -> [DrawnNode] {
        let clusterOf = clusterOwners(lookup)
        var nodes: [DrawnNode] = []
        for n in lookup.graph.nodes {
            if n.kind == .route && lookup.foldedRoutes.contains(n.name) { continue }
            if n.kind == .action && drawnActions[n.id] == nil { continue }
            let (label, dead, unhandled) = nodeLabel(n, lookup: lookup, actions: drawnActions, neverSent: neverSent)
            var tooltip = "\(n.kind.rawValue) \(n.name)\n\(n.file):\(n.line)"
            if dead { tooltip += "\ndead route" }
            if unhandled { tooltip += "\nunhandled by some sender" }
            if let members = n.attributes?["members"] { tooltip += "\nflow: " + members }
            nodes.append(DrawnNode(id: n.id, domID: domIDs.make(slug(n.id)), kind: n.kind, name: n.name, label: label, tooltip: tooltip,
                                   file: n.file, line: n.line, cluster: clusterOf[n.id], unreachable: !n.reachable, dead: dead,
                                   unhandled: unhandled, mark: marks.nodes[n.id]))
        }
        return nodes
    }

    /// A node's text: its name (a route's without its owner) and what is wrong with it; a coordinator's flow counts.
    private static func nodeLabel(_ n: Node, lookup: GraphLookup, actions drawnActions: [String: Bool],
                                  neverSent: Set<String>) -> (label: String, dead: Bool, unhandled: Bool) {
        var label = n.name
        var dead = false, unhandled = false
        switch n.kind {
        case .route:
            if let owner = n.owner, label.hasPrefix(owner + ".") { label = String(label.dropFirst(owner.count + 1)) }
            dead = lookup.isDead(n)
            if dead { label += "\n(dead route)" }
        case .action:
            unhandled = drawnActions[n.id] ?? false
            if unhandled { label += "\n(unhandled)" }
            if neverSent.contains(n.id) { label += "\n(never sent)" }
        case .coordinator:
            if let a = n.attributes {
                let counts = [("screens", "screen"), ("routes", "route"), ("actions", "action"), ("findings", "finding")].compactMap { key, word -> String? in
                    guard let c = a[key], let v = Int(c) else { return nil }
                    return "\(v) \(word)\(v == 1 ? "" : "s")"
                }
                if !counts.isEmpty { label += "\n" + counts.joined(separator: " · ") }
            }
        default: break
        }
        if !n.reachable && n.kind != .route { label += "\n(unreachable)" }
        return (label, dead, unhandled)
    }

    /// The coordinator whose cluster holds each node: a screen's owner, a route's owner, an action's
    /// sender when all its senders sit in one flow.
    private static func clusterOwners(_ lookup: GraphLookup) -> [String: String] {
        let owners = GraphViews.screenOwners(lookup.graph)
        var clusterOf: [String: String] = [:]
        for n in lookup.graph.nodes {
            switch n.kind {
            case .coordinator: clusterOf[n.id] = n.id
            case .screen: if let o = owners[n.id] { clusterOf[n.id] = o }
            case .route: if let o = n.owner, lookup.byID[Node.id(.coordinator, o)] != nil { clusterOf[n.id] = Node.id(.coordinator, o) }
            case .action:
                let senders = Set((lookup.sendsTo[n.id] ?? []).compactMap { s in owners[s.from] ?? (Node.isID(s.from, of: .coordinator) ? s.from : nil) })
                if senders.count == 1 { clusterOf[n.id] = senders.first }
            case .app: break
            }
        }
        return clusterOf
    }

    /// A flow drawn as its coordinator alone (collapsed, or focused away) needs no cluster box.
    private static func dropLoneClusters(_ nodes: inout [DrawnNode]) {
        var clusterSizes: [String: Int] = [:]
        for n in nodes { if let c = n.cluster { clusterSizes[c, default: 0] += 1 } }
        for i in nodes.indices where nodes[i].cluster.map({ clusterSizes[$0, default: 0] < 2 }) ?? false { nodes[i].cluster = nil }
    }

    /// The merged edges, in the order first drawn, that join two drawn nodes.
    private static func drawnEdges(_ pending: PendingEdges, lookup: GraphLookup, index: [String: Int], marks: DiffMarks,
                                   domIDs: inout DOMIDs) -> [DrawnEdge] {
        var edges: [DrawnEdge] = []
        for key in pending.order {
            let parts = key.components(separatedBy: "\u{1}")
            let (from, to, style) = (parts[0], parts[1], EdgeStyle(rawValue: parts[2])!)
            guard index[from] != nil, index[to] != nil else { continue }
            let p = pending.merged[key]!
            var seenSources = Set<String>()
            let sources = p.edges.sorted { ($0.file, $0.line, $0.via ?? "") < ($1.file, $1.line, $1.via ?? "") }
                .filter { seenSources.insert("\($0.from)|\($0.to)|\($0.file):\($0.line)|\($0.via ?? "")|\($0.mechanism ?? "")").inserted }
            let labels = edgeLabels(p.labels)
            let unreachable = !sources.isEmpty && sources.allSatisfy { !$0.reachable }
            let dead = !p.labels.isEmpty && p.labels.values.allSatisfy { $0 }
            let tooltip = edgeTooltip(style, from: lookup.byID[from]?.name ?? from, to: lookup.byID[to]?.name ?? to, sources: sources)
            let edgeMarks = Set(sources.map { marks.edges[DiffMarks.key($0)] })
            let mark: Mark? = edgeMarks.count == 1 ? edgeMarks.first! : nil
            edges.append(DrawnEdge(from: from, to: to, style: style, labels: labels, tooltip: tooltip,
                                   domID: domIDs.make("edge-" + slug(from) + "--" + style.rawValue + "--" + slug(to)),
                                   unreachable: unreachable, dead: dead, mark: mark,
                                   file: sources.first?.file ?? "", line: sources.first?.line ?? 0))
        }
        return edges
    }

    /// Label lines in order, dead ones marked; past `maxLabelLines` the rest are counted.
    private static func edgeLabels(_ deadByLabel: [String: Bool]) -> [String] {
        var labels = deadByLabel.keys.sorted().map { deadByLabel[$0]! ? "\($0) (dead)" : $0 }
        if labels.count > Self.maxLabelLines {
            let more = labels.count - (Self.maxLabelLines - 1)
            labels = Array(labels.prefix(Self.maxLabelLines - 1)) + ["… \(more) more"]
        }
        return labels
    }

    /// What the edge is, then where it is made (the first eight sources).
    private static func edgeTooltip(_ style: EdgeStyle, from: String, to: String, sources: [Edge]) -> String {
        var tooltipLines = [style.legend + ": " + from + " → " + to]
        for s in sources.prefix(8) {
            var l = "\(s.file):\(s.line)"
            if let m = s.mechanism { l += " \(m)" }
            if let v = s.via { l += " via \(v)" }
            tooltipLines.append(l)
        }
        if sources.count > 8 { tooltipLines.append("… \(sources.count - 8) more") }
        return tooltipLines.joined(separator: "\n")
    }

    /// A screen sits above the screens and flows its actions lead to (through the handler's route),
    /// so a flow reads top-down as the user's journey instead of one wide row.
    private static func journeyHints(_ lookup: GraphLookup, sends handledSends: Set<[String]>, index: [String: Int]) -> Set<LayoutHint> {
        var hints = Set<LayoutHint>()
        guard !handledSends.isEmpty else { return hints }
        let actionRoutes = GraphViews.actionRoutes(lookup.graph)
        var leadsTo: [String: Set<String>] = [:]   // route id → targets
        for e in lookup.graph.edges {
            if e.kind == .route { leadsTo[e.from, default: []].insert(e.to) }
            if GraphLookup.structural.contains(e.kind), let via = e.via, let r = lookup.routeByName[via] { leadsTo[r.id, default: []].insert(e.to) }
        }
        for send in handledSends {
            for r in actionRoutes[send[1] + "|" + send[2]] ?? [] {
                for t in leadsTo[r] ?? [] where t != send[0] && index[t] != nil && index[send[0]] != nil {
                    hints.insert(LayoutHint(from: send[0], to: t))
                }
            }
        }
        return hints
    }
}

extension Drawing {
    /// How many rows a journey may add below a coordinator's first screens. Each row makes every edge
    /// from the coordinator to the rows below it longer, and long edges are what dot is slow at.
    static let maxJourneyDepth = 2

    /// Keeps the hints that start at most `maxJourneyDepth - 1` steps into a journey (breadth-first
    /// from the screens no hint leads to), so journeys stay shallow.
    static func shallow(_ hints: [LayoutHint]) -> [LayoutHint] {
        var into = Set<String>(), out: [String: [String]] = [:]
        for h in hints { into.insert(h.to); out[h.from, default: []].append(h.to) }
        var level: [String: Int] = [:]
        var queue = Array(Set(hints.map(\.from)).subtracting(into)).sorted()
        for n in queue { level[n] = 0 }
        var i = 0
        while i < queue.count {
            let n = queue[i]; i += 1
            for m in out[n] ?? [] where level[m] == nil {
                level[m] = level[n]! + 1
                queue.append(m)
            }
        }
        // Journeys that are pure cycles have no start: they get no hints.
        return hints.filter { (level[$0.from] ?? maxJourneyDepth) < maxJourneyDepth }
    }
}

/// Diff status of nodes and edges, for drawings of `navgraph diff`.
public struct DiffMarks: Sendable {
    public var nodes: [String: Drawing.Mark] = [:]
    /// Keyed by `DiffMarks.key(edge)`.
    public var edges: [String: Drawing.Mark] = [:]
    public init() {}
    public var isEmpty: Bool { nodes.isEmpty && edges.isEmpty }

    /// An edge's identity across versions: endpoints, kind and route; not its line, which moves with edits.
    public static func key(_ e: Edge) -> String { "\(e.from) -\(e.kind.rawValue)-> \(e.to)" + (e.via.map { " via \($0)" } ?? "") }
}

/// A stable identifier for SVG/HTML `id`s, derived from names: `screen:Cart View` → `screen-Cart-View`.
public func slug(_ s: String) -> String {
    var out = ""
    for ch in s {
        let keep = ch.isASCII && (ch.isLetter || ch.isNumber || ch == "_" || ch == ".")
        if keep { out.append(ch) } else if !out.hasSuffix("-") { out.append("-") }
    }
    while out.hasSuffix("-") { out.removeLast() }
    return out.isEmpty ? "n" : out
}

/// What `Drawing` looks up in the graph: nodes by id, routes by name, the routes that fold into edge
/// labels, and action paths, handlers and senders by action.
private struct GraphLookup {
    static let structural: Set<EdgeKind> = [.starts, .spawns, .shows, .presents]

    let graph: NavGraph
    let byID: [String: Node]
    let routeByName: [String: Node]
    /// Route names drawn as labels of their owner's edges rather than as nodes.
    let foldedRoutes: Set<String>
    /// Keyed "sender|action".
    let pathsBySend: [String: [ActionPath]]
    /// `handles` edges by action id.
    let handlesOf: [String: [Edge]]
    /// `sends` edges by action id.
    let sendsTo: [String: [Edge]]

    init(_ graph: NavGraph) {
        self.graph = graph
        byID = Dictionary(graph.nodes.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        var routeByName: [String: Node] = [:]
        for n in graph.nodes where n.kind == .route { routeByName[n.name] = n }
        self.routeByName = routeByName
        foldedRoutes = Self.foldedRoutes(graph, routeByName: routeByName)
        pathsBySend = Dictionary(grouping: graph.paths, by: { $0.sender + "|" + $0.action })
        var handlesOf: [String: [Edge]] = [:]
        for e in graph.edges where e.kind == .handles { handlesOf[e.from, default: []].append(e) }
        self.handlesOf = handlesOf
        var sendsTo: [String: [Edge]] = [:]
        for e in graph.edges where e.kind == .sends { sendsTo[e.to, default: []].append(e) }
        self.sendsTo = sendsTo
    }

    /// A route folds when its owner draws an edge under it and every place it leads to is drawn by
    /// such an edge: the label then says all the node would.
    private static func foldedRoutes(_ graph: NavGraph, routeByName: [String: Node]) -> Set<String> {
        var viaTargets = Set<String>()          // "route|target" drawn by a structural edge under that route
        var viaFromOwner = Set<String>()        // routes with a structural edge from their owner
        for e in graph.edges where structural.contains(e.kind) {
            guard let via = e.via, let r = routeByName[via] else { continue }
            viaTargets.insert(via + "|" + e.to)
            if let owner = r.owner, Node.id(.coordinator, owner) == e.from { viaFromOwner.insert(via) }
        }
        var routeEdges: [String: [Edge]] = [:]
        for e in graph.edges where e.kind == .route { routeEdges[e.from, default: []].append(e) }
        var foldedRoutes = Set<String>()
        for r in routeByName.values {
            let out = routeEdges[r.id] ?? []
            if !out.isEmpty && viaFromOwner.contains(r.name) && out.allSatisfy({ viaTargets.contains(r.name + "|" + $0.to) }) {
                foldedRoutes.insert(r.name)
            }
        }
        return foldedRoutes
    }

    func isDead(_ r: Node) -> Bool {
        !r.reachable || r.attributes?["target"] == "none" || r.attributes?["target"] == "unhandled"
    }
}

/// Edges to draw, merged by endpoints and style in the order first drawn: their source edges, and
/// their labels with whether each is dead.
private struct PendingEdges {
    var merged: [String: (edges: [Edge], labels: [String: Bool])] = [:]  // key from|to|style → sources, label → dead
    var order: [String] = []

    mutating func draw(_ from: String, _ to: String, _ style: Drawing.EdgeStyle, _ e: Edge?, label: String? = nil, dead: Bool = false) {
        let key = from + "\u{1}" + to + "\u{1}" + style.rawValue
        if merged[key] == nil { merged[key] = ([], [:]); order.append(key) }
        if let e { merged[key]!.edges.append(e) }
        if let label { merged[key]!.labels[label] = (merged[key]!.labels[label] ?? false) || dead }
    }
}

/// How each graph edge is drawn: routes folded into labels, actions as upward edges from sender to handler.
/// Notes which actions stay nodes and which sends reach a handler in view.
private struct EdgeFolding {
    let lookup: GraphLookup
    var pending = PendingEdges()
    /// Action ids drawn as nodes → unhandled by some sender.
    var drawnActions: [String: Bool] = [:]
    /// [sender, action, handler]
    var handledSends = Set<[String]>()

    init(_ lookup: GraphLookup) { self.lookup = lookup }

    mutating func fold(_ e: Edge) {
        guard lookup.byID[e.from] != nil, lookup.byID[e.to] != nil else { return }
        switch e.kind {
        case .starts, .spawns, .shows, .presents:
            foldStructural(e)
        case .route:
            foldRoute(e)
        case .sends:
            foldSend(e)
        case .handles:
            // Drawn only for actions nobody in view sends (their handler is all there is to show).
            if (lookup.sendsTo[e.from] ?? []).contains(where: { lookup.byID[$0.from] != nil }) { return }
            drawnActions[e.from] = drawnActions[e.from] ?? false
            pending.draw(e.from, e.to, .handles, e)
        case .finishes:
            pending.draw(e.from, e.to, .finish, e)
        }
    }

    private mutating func foldStructural(_ e: Edge) {
        let style: Drawing.EdgeStyle = e.kind == .starts ? .start : e.kind == .spawns ? .spawn : e.kind == .shows ? .push : .modal
        if let via = e.via, let r = lookup.routeByName[via], lookup.foldedRoutes.contains(via), r.owner.map({ Node.id(.coordinator, $0) }) == e.from {
            let short = r.owner.map { via.hasPrefix($0 + ".") ? String(via.dropFirst($0.count + 1)) : via } ?? via
            pending.draw(e.from, e.to, style, e, label: short, dead: lookup.isDead(r))
        } else {
            pending.draw(e.from, e.to, style, e)
        }
    }

    private mutating func foldRoute(_ e: Edge) {
        if let r = lookup.byID[e.from], r.kind == .route, lookup.foldedRoutes.contains(r.name) { return }
        // A route into another coordinator's route (nested routes) that is drawn as a label
        // leads to that coordinator, labelled with the route it enters.
        if let target = lookup.byID[e.to], target.kind == .route, lookup.foldedRoutes.contains(target.name),
           let owner = target.owner, lookup.byID[Node.id(.coordinator, owner)] != nil {
            let short = target.name.hasPrefix(owner + ".") ? String(target.name.dropFirst(owner.count + 1)) : target.name
            pending.draw(e.from, Node.id(.coordinator, owner), .route, e, label: short, dead: lookup.isDead(target))
            return
        }
        pending.draw(e.from, e.to, .route, e)
    }

    private mutating func foldSend(_ e: Edge) {
        guard let action = lookup.byID[e.to], action.kind == .action else {
            pending.draw(e.from, e.to, .action, e, label: e.via.map(GraphViews.lastComponent))
            return
        }
        let short = GraphViews.lastComponent(action.name)
        let all = lookup.pathsBySend[e.from + "|" + e.to] ?? []
        // The path recorded for this very call, when there is one.
        let here = all.filter { $0.file == e.file && $0.line == e.line }
        let paths = here.isEmpty ? all : here
        if paths.isEmpty {
            foldSendToHandlers(e, label: short)
            return
        }
        // An action a non-coordinator type handles itself (an F4 presenter) does not navigate: not drawn.
        for p in paths where p.handledBy != e.from && !(p.handledBy == nil && p.handledWithin != nil) {
            if let h = p.handledBy, lookup.byID[h] != nil {
                drawHandled(e, by: h, label: short)
            } else {
                drawToAction(e, unhandled: p.handledBy == nil)
            }
        }
    }

    /// With no recorded path, the action's `handles` edges say where the send goes.
    private mutating func foldSendToHandlers(_ e: Edge, label: String) {
        let handlers = (lookup.handlesOf[e.to] ?? []).map(\.to).filter { lookup.byID[$0] != nil }
        if handlers.isEmpty {
            drawToAction(e, unhandled: (lookup.handlesOf[e.to] ?? []).isEmpty)
        }
        for h in Set(handlers).sorted() where h != e.from {
            drawHandled(e, by: h, label: label)
        }
    }

    private mutating func drawHandled(_ e: Edge, by handler: String, label: String) {
        pending.draw(e.from, handler, .action, e, label: label)
        handledSends.insert([e.from, e.to, handler])
    }

    /// The send ends at the action node: unhandled, or handled out of view.
    private mutating func drawToAction(_ e: Edge, unhandled: Bool) {
        drawnActions[e.to] = (drawnActions[e.to] ?? false) || unhandled
        pending.draw(e.from, e.to, unhandled ? .unhandled : .sends, e)
    }

    /// An action nothing sends and nothing handles (declared, never used) is drawn on its own.
    mutating func addNeverSentActions() -> Set<String> {
        var neverSent = Set<String>()
        for n in lookup.graph.nodes where n.kind == .action && drawnActions[n.id] == nil && (lookup.sendsTo[n.id] ?? []).isEmpty && (lookup.handlesOf[n.id] ?? []).isEmpty {
            drawnActions[n.id] = false
            neverSent.insert(n.id)
        }
        return neverSent
    }
}

/// DOM ids unique within one drawing: a repeated base gets `-2`, `-3`, ….
private struct DOMIDs {
    private var used = Set<String>()

    mutating func make(_ base: String) -> String {
        var candidate = base, i = 2
        while !used.insert(candidate).inserted { candidate = "\(base)-\(i)"; i += 1 }
        return candidate
    }
}
