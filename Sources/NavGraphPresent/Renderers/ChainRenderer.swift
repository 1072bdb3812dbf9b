import NavGraphModel

/// `navgraph chain`: the responder, event or delegate path of each action a screen sends, responder by
/// responder, with what each one does with the message and where.
public enum ChainRenderer {
    public enum Failure: Error, CustomStringConvertible {
        case unknownSender(String, known: [String])
        case unknownAction(String, sender: String, known: [String])

        public var description: String {
            switch self {
            case .unknownSender(let s, let known):
                let close = Suggestions.closest(to: s, in: known)
                if !close.isEmpty {
                    return "no screen or coordinator named '\(s)' sends actions; did you mean: \(close.joined(separator: ", "))?"
                }
                return "no screen or coordinator named '\(s)' sends actions; senders: \(known.joined(separator: ", "))"
            case .unknownAction(let a, let s, let known):
                return "\(s) does not send '\(a)'; it sends: \(known.joined(separator: ", "))"
            }
        }
    }

    /// The paths whose sender is `sender` (a node name or id), optionally only those of `action`
    /// (its full name, its name without labels, or an event's case name).
    public static func paths(_ graph: NavGraph, sender: String, action: String?) throws -> [ActionPath] {
        let senders = Set(graph.paths.map(\.sender))
        guard let senderID = senders.first(where: { $0 == sender || name(graph, $0) == sender }) else {
            // A screen that sends nothing has no paths; an unknown name is an error.
            if graph.nodes.contains(where: { ($0.name == sender || $0.id == sender) && ($0.kind == .screen || $0.kind == .coordinator) }) {
                return []
            }
            throw Failure.unknownSender(sender, known: senders.map { name(graph, $0) }.sorted())
        }
        var paths = graph.paths.filter { $0.sender == senderID }
        if let action {
            let matching = paths.filter { p in
                let n = name(graph, p.action)
                return n == action || p.action == action || n.prefix(while: { $0 != "(" }) == action
                    || n.split(separator: ".").last.map(String.init) == action
            }
            guard !matching.isEmpty else {
                throw Failure.unknownAction(action, sender: name(graph, senderID), known: Set(paths.map { name(graph, $0.action) }).sorted())
            }
            paths = matching
        }
        // Reachable paths first, then by where they are sent.
        return paths.sorted { ($0.reachable ? 0 : 1, $0.file, $0.line, $0.action) < ($1.reachable ? 0 : 1, $1.file, $1.line, $1.action) }
    }

    public static func render(_ graph: NavGraph, sender: String, action: String?) throws -> String {
        let paths = try paths(graph, sender: sender, action: action)
        if paths.isEmpty { return neutralized("\(sender) sends no actions.") + "\n" }
        var out = ""
        // Every line leaves through `neutralized`: names and notes come from the analyzed code.
        func line(_ s: String) { out += neutralized(s) + "\n" }
        for (i, p) in paths.enumerated() {
            if i > 0 { out += "\n" }
            line("\(name(graph, p.sender)) sends \(name(graph, p.action))  \(p.file):\(p.line)\(p.reachable ? "" : "  [unreachable]")")
            if let carries = p.carries, !carries.isEmpty { line("  carries \(carries.joined(separator: ", "))") }
            if let steps = p.steps {
                let width = steps.map { short($0.responder).count }.max() ?? 0
                for (j, s) in steps.enumerated() {
                    let where_ = s.file.map { f in s.line.map { "\(f):\($0)" } ?? f } ?? ""
                    let role = where_.isEmpty ? s.role.rawValue : s.role.rawValue.padding(toLength: 12, withPad: " ", startingAt: 0) + "  " + where_
                    line("  \(j == 0 ? " " : "→") \(short(s.responder).padding(toLength: width, withPad: " ", startingAt: 0))  \(role)")
                }
            } else {
                for (j, r) in p.chain.enumerated() { line("  \(j == 0 ? " " : "→") \(r)") }
            }
            if let h = p.handledBy {
                line("  = handled by \(name(graph, h))")
            } else {
                line("  = UNHANDLED: \(p.note ?? "nothing on its path handles it")")
            }
        }
        return out
    }

    static func name(_ graph: NavGraph, _ id: String) -> String { graph.node(id)?.name ?? short(id) }

    static func short(_ id: String) -> String {
        Node.kind(ofID: id) != nil ? Node.name(ofID: id) : id
    }
}

/// `navgraph routes`: every route path from each root, e.g.
/// `AppDelegate → AppCoordinator → .catalog → CatalogCoordinator → .product → ProductDetailViewController`.
/// A path goes from coordinator to coordinator (started directly or through a route) and takes one route
/// of the coordinator it is in at each step; a route that leads to another coordinator's route enters that
/// coordinator. Only reachable routes and edges are followed, and no coordinator twice in one path.
public enum RoutePathRenderer {
    public static func paths(_ graph: NavGraph) -> [String] {
        var byID: [String: Node] = [:]
        for n in graph.nodes { byID[n.id] = n }
        var routesOf: [String: [Node]] = [:]
        for r in graph.nodes where r.kind == .route && r.reachable {
            if let owner = r.owner { routesOf[Node.id(.coordinator, owner), default: []].append(r) }
        }
        let routeIDs = Set(graph.nodes.filter { $0.kind == .route }.map(\.id))
        var out: [String] = []
        var seen = Set<String>()
        func emit(_ parts: [String]) {
            let line = parts.joined(separator: " → ")
            if seen.insert(line).inserted { out.append(line) }
        }
        func label(_ id: String) -> String { byID[id]?.name ?? id }
        /// `.catalog` for `AppCoordinator.Page.catalog`, `.showRecipe(_:)` for a method route.
        func caseLabel(_ route: Node) -> String {
            "." + (route.name.split(separator: ".").last.map(String.init) ?? route.name)
        }
        func targets(_ route: String) -> [Edge] {
            graph.outgoing(route).filter { $0.kind == .route && $0.reachable }.sorted { ($0.to, $0.file, $0.line) < ($1.to, $1.file, $1.line) }
        }
        func follow(_ route: Node, _ prefix: [String], _ visited: Set<String>, _ routeSeen: Set<String>) {
            guard out.count < 10_000 else { return }
            let here = prefix + [caseLabel(route)]
            let ts = targets(route.id)
            var ended = false
            for e in ts {
                guard let t = byID[e.to], !(routeSeen.contains(t.id)) else { continue }
                switch t.kind {
                case .screen:
                    emit(here + [t.name]); ended = true
                case .coordinator where !visited.contains(t.id):
                    emit(here + [t.name]); ended = true
                    visit(t.id, here + [t.name], visited.union([t.id]))
                case .route where routeIDs.contains(t.id):
                    let owner = t.owner.map { Node.id(.coordinator, $0) }
                    if let owner, !visited.contains(owner) {
                        visit(owner, here + [label(owner)], visited.union([owner]))
                    } else {
                        follow(t, here, visited, routeSeen.union([route.id]))
                    }
                    ended = true
                default:
                    break
                }
            }
            if !ended && ts.isEmpty { emit(here) }
        }
        func visit(_ id: String, _ prefix: [String], _ visited: Set<String>) {
            guard out.count < 10_000 else { return }
            for r in (routesOf[id] ?? []).sorted(by: { $0.name < $1.name }) { follow(r, prefix, visited, [r.id]) }
            // Children started outside any route (in `start`, as tabs).
            let children = graph.outgoing(id).filter { e in
                [.starts, .spawns, .presents, .shows].contains(e.kind) && e.reachable && Node.isID(e.to, of: .coordinator)
                    && !(e.via.map { routeIDs.contains(Node.id(.route, $0)) } ?? false)
            }.map(\.to)
            for c in Set(children).sorted() where !visited.contains(c) {
                visit(c, prefix + [label(c)], visited.union([c]))
            }
        }
        for root in graph.roots {
            visit(root, [label(root)], [root])
        }
        return out
    }

    public static func render(_ graph: NavGraph) -> String {
        let lines = paths(graph)
        if lines.isEmpty { return "No reachable routes.\n" }
        return lines.map { neutralized($0) }.joined(separator: "\n") + "\n"
    }
}
