import NavGraphModel

/// Views for big apps: pure functions NavGraph → NavGraph that pick the part of the graph a reader
/// wants to see. The renderers draw whatever graph they are given, so every format gets every view.
///
/// Navigation happens between *places* (app roots, coordinators, screens). Routes and actions are
/// the labels of that navigation: a route belongs to its owner coordinator and leads to its targets,
/// an action goes from the screen that sends it up to the coordinator that handles it. The views count
/// distance between places and keep the routes and actions that belong to the places they keep.
public enum GraphViews {
    public enum ViewError: Error, CustomStringConvertible, Equatable {
        case unknownNode(String, suggestions: [String])
        case ambiguous(String, candidates: [String])

        public var description: String {
            switch self {
            case .unknownNode(let name, let suggestions):
                return "no node named '\(name)'"
                    + (suggestions.isEmpty ? "" : "; did you mean: \(suggestions.joined(separator: ", "))?")
            case .ambiguous(let name, let candidates):
                return "'\(name)' matches several nodes: \(candidates.joined(separator: ", ")); pass the full name or the id (kind:name)"
            }
        }
    }

    /// Finds a node by id (`screen:Cart`), exact name, case-insensitive name, or the last component of
    /// a route or action name (`showRecipe(_:)`), in that order.
    public static func resolve(_ name: String, in graph: NavGraph) throws -> Node {
        if let n = graph.node(name) { return n }
        let tiers: [(Node) -> Bool] = [
            { $0.name == name },
            { $0.name.lowercased() == name.lowercased() },
            { lastComponent($0.name) == name },
            { lastComponent($0.name).lowercased() == name.lowercased() },
        ]
        for matches in tiers {
            let found = graph.nodes.filter(matches)
            if found.count == 1 { return found[0] }
            // A place (coordinator, screen, app) wins over the route and action of the same name.
            let places = found.filter { isPlace($0.kind) }
            if places.count == 1 { return places[0] }
            if found.count > 1 { throw ViewError.ambiguous(name, candidates: found.map(\.id)) }
        }
        let lower = name.lowercased()
        var suggestions = Array(graph.nodes.filter { $0.name.lowercased().contains(lower) }.map(\.name).prefix(5))
        if suggestions.isEmpty {
            // A typo: the names (or their last component) a few edits away.
            let byName = Dictionary(graph.nodes.map { (lastComponent($0.name), $0.name) }, uniquingKeysWith: { a, _ in a })
            suggestions = Suggestions.closest(to: name, in: graph.nodes.map(\.name) + Array(byName.keys)).map { byName[$0] ?? $0 }
            var seen = Set<String>()
            suggestions = suggestions.filter { seen.insert($0).inserted }
        }
        throw ViewError.unknownNode(name, suggestions: suggestions)
    }

    // MARK: - focus

    /// The places within `depth` hops of `name`, and the routes and actions between them.
    /// A hop is a start, show, present or finish edge, an action (sender ↔ handler) or a route (owner ↔ target).
    public static func focus(_ graph: NavGraph, on name: String, depth: Int) throws -> NavGraph {
        let center = try resolve(name, in: graph)
        let links = PlaceLinks(graph)
        var start: Set<String>
        switch center.kind {
        case .route: start = Set(links.routeOwner[center.id].map { [$0] } ?? []).union(links.routeTargets[center.id] ?? [])
        case .action: start = (links.actionSenders[center.id] ?? []).union(links.actionHandlers[center.id] ?? [])
        default: start = [center.id]
        }
        var kept = start
        var frontier = start
        for _ in 0..<max(0, depth) {
            var next = Set<String>()
            for p in frontier { for q in links.neighbours[p] ?? [] where !kept.contains(q) { next.insert(q) } }
            kept.formUnion(next)
            frontier = next
        }
        for r in graph.nodes where r.kind == .route {
            guard let owner = links.routeOwner[r.id], kept.contains(owner) else { continue }
            let targets = links.routeTargets[r.id] ?? []
            if targets.isEmpty || !targets.isDisjoint(with: kept) { kept.insert(r.id) }
        }
        for a in graph.nodes where a.kind == .action {
            let senders = links.actionSenders[a.id] ?? []
            if !senders.isDisjoint(with: kept) || (senders.isEmpty && !(links.actionHandlers[a.id] ?? []).isDisjoint(with: kept)) {
                kept.insert(a.id)
            }
        }
        kept.insert(center.id)
        return restrict(graph, to: kept)
    }

    // MARK: - reaches

    /// Everything that leads to `name`: the roots, coordinators, routes, screens and actions on some
    /// path to it. An action leads on only through the route its handler runs for it (a handler route
    /// with the action's selector, or declared where the handling happens): a screen that asks its
    /// coordinator for something else does not lead to the target.
    public static func reaches(_ graph: NavGraph, _ name: String) throws -> NavGraph {
        let target = try resolve(name, in: graph)
        var into: [String: Set<String>] = [:]
        func link(_ a: String, _ b: String) { if a != b { into[b, default: []].insert(a) } }
        let byName = Dictionary(graph.nodes.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        // A send leads on only if it is handled for that sender (the same action may be handled for others).
        var handledSends = Set<String>(), unhandledSends = Set<String>()
        for p in graph.paths {
            if p.handledBy == nil && p.handledWithin == nil && p.unknown != true { unhandledSends.insert(p.sender + "|" + p.action) } else { handledSends.insert(p.sender + "|" + p.action) }
        }
        for e in graph.edges {
            switch e.kind {
            case .starts, .spawns, .shows, .presents, .route:
                link(e.from, e.to)
                // The route or action the edge happens under leads to its target too.
                if let via = e.via, let v = byName[via], v.kind == .route || v.kind == .action { link(v.id, e.to) }
            case .sends:
                let key = e.from + "|" + e.to
                if handledSends.contains(key) || !unhandledSends.contains(key) { link(e.from, e.to) }
            case .handles, .finishes:
                break
            }
        }
        let ids = Set(graph.nodes.map(\.id))
        for r in graph.nodes where r.kind == .route {
            guard let owner = r.owner, ids.contains(Node.id(.coordinator, owner)) else { continue }
            link(Node.id(.coordinator, owner), r.id)
        }
        for (key, routes) in actionRoutes(graph) {
            let action = String(key.prefix { $0 != "|" })
            for r in routes { link(action, r) }
        }
        var kept: Set<String> = [target.id]
        var queue = [target.id]
        while let n = queue.popLast() {
            for p in into[n] ?? [] where !kept.contains(p) {
                kept.insert(p)
                queue.append(p)
            }
        }
        return restrict(graph, to: kept)
    }

    /// The routes a handler runs for an action, keyed `action id|handler id`: the handler's routes with
    /// the action's selector (`coordinator?.showSearch()` runs `MainCoordinator.showSearch()`), or declared
    /// where the handling happens (a protocol requirement implemented by the route method).
    static func actionRoutes(_ graph: NavGraph) -> [String: Set<String>] {
        var byID: [String: Node] = [:]
        var routesOf: [String: [Node]] = [:]
        for n in graph.nodes {
            byID[n.id] = n
            if n.kind == .route, let owner = n.owner { routesOf[owner, default: []].append(n) }
        }
        var result: [String: Set<String>] = [:]
        for e in graph.edges where e.kind == .handles {
            guard let handler = byID[e.to], let action = byID[e.from] else { continue }
            for r in routesOf[handler.name] ?? [] where lastComponent(r.name) == lastComponent(action.name) || (r.file == e.file && r.line == e.line) {
                result[action.id + "|" + handler.id, default: []].insert(r.id)
            }
        }
        return result
    }

    // MARK: - collapse

    /// Each coordinator flow as one node: its screens (those it shows or presents), its routes and the
    /// actions only it handles merge into it. Edges between flows remain (deduplicated); edges inside a
    /// flow disappear. Merged counts go in the coordinator's attributes (`screens`, `routes`, `actions`,
    /// `members`). An action some sender leaves unhandled stays a node, so it stays visible.
    public static func collapse(_ graph: NavGraph) -> NavGraph {
        let rep = flowRepresentatives(graph)
        var members: [String: [Node]] = [:]
        for n in graph.nodes where rep[n.id] != n.id { members[rep[n.id]!, default: []].append(n) }
        var nodes: [Node] = []
        for n in graph.nodes where rep[n.id] == n.id {
            var n = n
            if let ms = members[n.id] {
                var attrs = n.attributes ?? [:]
                for kind in [NodeKind.screen, .route, .action] {
                    let count = ms.filter { $0.kind == kind }.count
                    if count > 0 { attrs[kind.rawValue + "s"] = "\(count)" }
                }
                attrs["members"] = Set(ms.map(\.name)).sorted().joined(separator: ", ")
                n.attributes = attrs
            }
            nodes.append(n)
        }
        var mergedLabels = Set<String>()
        for n in graph.nodes where (n.kind == .route || n.kind == .action) && rep[n.id] != n.id { mergedLabels.insert(n.name) }
        var edges: [String: Edge] = [:]
        for e in graph.edges {
            let from = rep[e.from] ?? e.from, to = rep[e.to] ?? e.to
            if from == to { continue }
            // A merged route's edges repeat the start, show and present edges of its owner.
            if e.kind == .route && rep[e.from] != e.from { continue }
            var c = e
            c.from = from
            c.to = to
            // The route or action an edge happens under is gone once merged into its flow.
            if let via = c.via, mergedLabels.contains(via) { c.via = nil }
            let key = "\(from)|\(to)|\(c.kind.rawValue)|\(c.via ?? "")"
            if let old = edges[key], old.reachable && !c.reachable || (old.reachable == c.reachable && old.location <= c.location) { continue }
            edges[key] = c
        }
        let paths = graph.paths.compactMap { p -> ActionPath? in
            guard rep[p.action] == p.action else { return nil }
            var p = p
            p.sender = rep[p.sender] ?? p.sender
            p.handledBy = p.handledBy.map { rep[$0] ?? $0 }
            return p
        }
        return NavGraph(roots: graph.roots.map { rep[$0] ?? $0 }.uniqued(), nodes: nodes, edges: Array(edges.values), paths: paths, families: graph.families)
    }

    /// `collapse`, and each flow counts the findings about it and what merged into it (`findings`),
    /// so a collapsed drawing still shows where the problems are.
    public static func collapse(_ graph: NavGraph, findings: [Finding]) -> NavGraph {
        let collapsed = collapse(graph)
        guard !findings.isEmpty else { return collapsed }
        let rep = flowRepresentatives(graph)
        let idByName = Dictionary(graph.nodes.map { ($0.name, $0.id) }, uniquingKeysWith: { a, _ in a })
        var counts: [String: Int] = [:]
        for f in findings {
            guard let id = idByName[f.symbol], let r = rep[id], Node.isID(r, of: .coordinator) else { continue }
            counts[r, default: 0] += 1
        }
        let nodes = collapsed.nodes.map { n -> Node in
            guard let c = counts[n.id] else { return n }
            var n = n
            var attrs = n.attributes ?? [:]
            attrs["findings"] = "\(c)"
            n.attributes = attrs
            return n
        }
        return NavGraph(roots: collapsed.roots, nodes: nodes, edges: collapsed.edges, paths: collapsed.paths, families: collapsed.families)
    }

    /// The node each node merges into when flows collapse (itself when it stays).
    static func flowRepresentatives(_ graph: NavGraph) -> [String: String] {
        let ids = Set(graph.nodes.map(\.id))
        var rep: [String: String] = [:]
        for n in graph.nodes { rep[n.id] = n.id }
        let owners = screenOwners(graph)
        for n in graph.nodes where n.kind == .screen {
            if let owner = owners[n.id] { rep[n.id] = owner }
        }
        for n in graph.nodes where n.kind == .route {
            if let owner = n.owner, ids.contains(Node.id(.coordinator, owner)) { rep[n.id] = Node.id(.coordinator, owner) }
        }
        let pathsByAction = Dictionary(grouping: graph.paths, by: \.action)
        var handlesOf: [String: Set<String>] = [:]
        for e in graph.edges where e.kind == .handles { handlesOf[e.from, default: []].insert(e.to) }
        for n in graph.nodes where n.kind == .action {
            var handlers = handlesOf[n.id] ?? []
            if let paths = pathsByAction[n.id], !paths.isEmpty {
                if paths.contains(where: { $0.handledBy == nil && $0.handledWithin == nil }) { continue }
                handlers = Set(paths.compactMap(\.handledBy))
            }
            if handlers.count == 1, let h = handlers.first, Node.isID(h, of: .coordinator), ids.contains(h) { rep[n.id] = h }
        }
        return rep
    }

    /// The coordinator each screen belongs to: the one that shows or presents it (reachable edges
    /// first, then the first by id, so the choice is stable).
    static func screenOwners(_ graph: NavGraph) -> [String: String] {
        var best: [String: (reachable: Bool, from: String)] = [:]
        for e in graph.edges where (e.kind == .shows || e.kind == .presents) && Node.isID(e.from, of: .coordinator) && Node.isID(e.to, of: .screen) {
            if let b = best[e.to], b.reachable && !e.reachable || (b.reachable == e.reachable && b.from <= e.from) { continue }
            best[e.to] = (e.reachable, e.from)
        }
        var owners = best.mapValues(\.from)
        // A screen only other screens show (a screen pushing its own detail) belongs to their flow.
        var shownByScreens: [String: [String]] = [:]
        for e in graph.edges where (e.kind == .shows || e.kind == .presents) && Node.isID(e.from, of: .screen) && Node.isID(e.to, of: .screen) {
            shownByScreens[e.to, default: []].append(e.from)
        }
        var changed = !shownByScreens.isEmpty
        while changed {
            changed = false
            for (screen, showers) in shownByScreens.sorted(by: { $0.key < $1.key }) where owners[screen] == nil {
                if let owner = showers.sorted().compactMap({ owners[$0] }).first {
                    owners[screen] = owner
                    changed = true
                }
            }
        }
        return owners
    }

    // MARK: - hide

    /// Removes every node of the given kinds and the edges that touch them. Actions that only
    /// hidden screens sent disappear with them.
    public static func hide(_ graph: NavGraph, _ kinds: Set<NodeKind>) -> NavGraph {
        var kept = Set(graph.nodes.filter { !kinds.contains($0.kind) }.map(\.id))
        var senders: [String: [String]] = [:]
        for e in graph.edges where e.kind == .sends { senders[e.to, default: []].append(e.from) }
        for a in graph.nodes where a.kind == .action && kept.contains(a.id) {
            let from = senders[a.id] ?? []
            if !from.isEmpty && from.allSatisfy({ !kept.contains($0) }) { kept.remove(a.id) }
        }
        return restrict(graph, to: kept)
    }

    // MARK: - shared

    /// The subgraph on `ids`: those nodes, the edges and action paths between them, and the roots among them.
    public static func restrict(_ graph: NavGraph, to ids: Set<String>) -> NavGraph {
        NavGraph(roots: graph.roots.filter { ids.contains($0) },
                 nodes: graph.nodes.filter { ids.contains($0.id) },
                 edges: graph.edges.filter { ids.contains($0.from) && ids.contains($0.to) },
                 paths: graph.paths.filter { ids.contains($0.sender) && ids.contains($0.action) },
                 families: graph.families)
    }

    static func isPlace(_ kind: NodeKind) -> Bool { kind == .app || kind == .coordinator || kind == .screen }

    /// `MainCoordinator.showRecipe(_:)` → `showRecipe(_:)`; dots inside parentheses do not split.
    static func lastComponent(_ name: String) -> String {
        let head = name.prefix { $0 != "(" }
        guard let dot = head.lastIndex(of: ".") else { return name }
        return String(name[name.index(after: dot)...])
    }
}

/// Undirected links between places, and how routes and actions attach to them.
struct PlaceLinks {
    var neighbours: [String: Set<String>] = [:]
    var routeOwner: [String: String] = [:]
    var routeTargets: [String: Set<String>] = [:]
    var actionSenders: [String: Set<String>] = [:]
    var actionHandlers: [String: Set<String>] = [:]

    init(_ graph: NavGraph) {
        let kinds = Dictionary(graph.nodes.map { ($0.id, $0.kind) }, uniquingKeysWith: { a, _ in a })
        func isPlace(_ id: String) -> Bool { kinds[id].map(GraphViews.isPlace) ?? false }
        func link(_ a: String, _ b: String) {
            guard a != b, isPlace(a), isPlace(b) else { return }
            neighbours[a, default: []].insert(b)
            neighbours[b, default: []].insert(a)
        }
        for e in graph.edges {
            switch e.kind {
            case .starts, .spawns, .shows, .presents, .finishes: link(e.from, e.to)
            case .route: if isPlace(e.to) { routeTargets[e.from, default: []].insert(e.to) }
            case .sends: actionSenders[e.to, default: []].insert(e.from)
            case .handles: actionHandlers[e.from, default: []].insert(e.to)
            }
        }
        for n in graph.nodes where n.kind == .route {
            if let owner = n.owner, isPlace(Node.id(.coordinator, owner)) { routeOwner[n.id] = Node.id(.coordinator, owner) }
        }
        for (r, targets) in routeTargets {
            if let owner = routeOwner[r] { for t in targets { link(owner, t) } }
        }
        // An action links its sender to the coordinator that handles it for that sender.
        let pathsByAction = Dictionary(grouping: graph.paths, by: \.action)
        for (a, senders) in actionSenders {
            for s in senders {
                let handled = (pathsByAction[a] ?? []).filter { $0.sender == s }
                let handlers = handled.isEmpty ? (actionHandlers[a] ?? []) : Set(handled.compactMap(\.handledBy))
                for h in handlers { link(s, h) }
            }
        }
    }
}

extension Array where Element: Hashable {
    func uniqued() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}
