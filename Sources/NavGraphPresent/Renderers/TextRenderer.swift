import NavGraphModel

/// A readable tree: root → coordinators → screens, with how each is reached and where. Each line is one
/// line: each line goes through `neutralized` (control characters shown escaped, no workflow command).
public enum TextRenderer {
    /// One line on what navgraph recognised and by which rule; when it found no coordinator, what it looked
    /// for and how to name the app's types instead of leaving an empty graph unexplained.
    static func recognised(_ g: NavGraph) -> String {
        let coordinators = g.nodes.filter { $0.kind == .coordinator }
        let screens = g.nodes.filter { $0.kind == .screen }
        var byRule: [String: Int] = [:]
        for c in coordinators {
            let rule = c.family.map { "family \($0)" } ?? c.attributes?["recognised"].map { "by behaviour (\($0))" } ?? "configured"
            byRule[rule, default: 0] += 1
        }
        let rules = byRule.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
        let swiftUI = screens.filter { $0.attributes?["ui"] == "swiftui" }.count
        var line = "Recognised: \(coordinators.count) coordinators\(rules.isEmpty ? "" : " (\(rules))"), \(screens.count) screens"
        line += swiftUI > 0 ? " (\(swiftUI) SwiftUI)" : ""
        line += ", \(g.roots.count) roots\n"
        if coordinators.isEmpty {
            line += "No coordinator found: navgraph looks for types whose code builds a screen and pushes, presents or sets it as "
                + "a root, or builds and starts another coordinator. If yours do that through code it cannot read, name their "
                + "base types in .navgraph.yml (coordinator_types: [MyCoordinator]) and the entry point (roots: [MyAppDelegate]).\n"
        }
        return line
    }

    public static func render(_ report: AnalysisReport) -> String {
        let g = report.graph
        var out = ""
        var printed = Set<String>()
        let byID = Dictionary(uniqueKeysWithValues: g.nodes.map { ($0.id, $0) })
        let structural: Set<EdgeKind> = [.starts, .spawns, .shows, .presents]
        // The first path of each send site.
        var pathAt: [ActionPath.Site: ActionPath] = [:]
        pathAt.reserveCapacity(g.paths.count)
        for p in g.paths where pathAt[p.site] == nil {
            pathAt[p.site] = p
        }

        func label(_ id: String) -> String {
            guard let n = byID[id] else { return id }
            return "\(n.kind.rawValue) \(n.name)"
        }
        func how(_ e: Edge) -> String {
            var parts = [e.kind.rawValue]
            if let m = e.mechanism { parts.append("(\(m))") }
            if let v = e.via { parts.append("via \(v)") }
            return parts.joined(separator: " ")
        }
        func walk(_ id: String, _ prefix: String) {
            let children = g.outgoing(id).filter { structural.contains($0.kind) && $0.reachable }
            let actions = g.outgoing(id).filter { $0.kind == .sends && $0.reachable }
            let items: [(String, String)] =
                children.map { e in ("\(how(e)) → \(label(e.to))  \(e.file):\(e.line)", e.to) }
                + actions.map { e in
                    let path = pathAt[ActionPath.Site(sender: id, action: e.to, file: e.file, line: e.line)]
                    let h = path?.handledBy.map { "handled by " + (byID[$0]?.name ?? $0) } ?? path?.handledWithin.map { "handled in " + $0 } ?? "UNHANDLED"
                    return ("sends \(byID[e.to]?.name ?? e.to) → \(h)  \(e.file):\(e.line)", "")
                }
            for (i, item) in items.enumerated() {
                let last = i == items.count - 1
                out += neutralized(prefix + (last ? "└─ " : "├─ ") + item.0)
                if !item.1.isEmpty && printed.contains(item.1) {
                    out += "  (see above)\n"
                    continue
                }
                out += "\n"
                if !item.1.isEmpty {
                    printed.insert(item.1)
                    walk(item.1, prefix + (last ? "   " : "│  "))
                }
            }
        }
        for root in g.roots {
            guard let n = byID[root] else { continue }
            out += neutralized("\(n.kind.rawValue) \(n.name)  \(n.file):\(n.line)") + "\n"
            printed.insert(root)
            walk(root, "")
        }
        if g.roots.isEmpty { out += "No entry point found (no app delegate, scene delegate or @main type).\n" }

        let routes = g.nodes.filter { $0.kind == .route }
        if !routes.isEmpty {
            out += "\nRoutes:\n"
            for r in routes {
                let targets = g.outgoing(r.id).filter { $0.kind == .route }.map { byID[$0.to]?.name ?? $0.to }
                let status = r.reachable ? "" : "  [unreachable]"
                out += neutralized("  \(r.name) → \(targets.isEmpty ? "(no screen or flow)" : targets.sorted().joined(separator: ", "))  \(r.file):\(r.line)\(status)") + "\n"
            }
        }
        let unreachable = g.nodes.filter { !$0.reachable && ($0.kind == .screen || $0.kind == .coordinator) }
        if !unreachable.isEmpty {
            out += "\nUnreachable:\n"
            for n in unreachable { out += neutralized("  \(n.kind.rawValue) \(n.name)  \(n.file):\(n.line)") + "\n" }
        }
        if !report.findings.isEmpty {
            out += "\nFindings:\n"
            for f in report.findings { out += neutralized("  \(f.file):\(f.line): \(f.severity.rawValue): \(f.message) [\(f.rule)]") + "\n" }
        }
        out += "\n" + recognised(g)
        let counts = NodeKind.allCases.map { k in "\(g.nodes.filter { $0.kind == k }.count) \(k.rawValue)s" }
        out += "\n" + counts.joined(separator: ", ") + ", \(g.edges.count) edges, \(report.findings.count) findings\n"
        return out
    }
}
