import NavGraphExtract
import NavGraphKnowledge
import NavGraphModel

/// Warnings about code that cannot run as written, or that navgraph can only approximate: each names the
/// file and line, says what navgraph did instead, and never stops the analysis.
///
/// - same-name types, kept apart by `TypeIndex` (nearest folder wins);
/// - cyclic inheritance (`class A: B`, `class B: A`): the compiler rejects it; navgraph's supertype walks
///   are cycle-safe, so it only says so;
/// - a coordinator that creates another of its own type whenever it is created or started, and methods
///   of a coordinator or screen that call each other unconditionally: both recurse without end at run
///   time. The interpreter follows each call once (memoized, `inProgress`), so the analysis terminates.
///
/// The warnings come in this order: same names, cyclic inheritance, self-starting coordinators (`check`),
/// then mutual recursion (`mutualRecursion`), which `Resolver.resolve` runs beside instantiation.
enum StructureWarnings {
    /// The warnings that need the type index's lookups (which fill its caches): all but `mutualRecursion`.
    static func check(_ index: TypeIndex, _ interpreter: Interpreter) -> [Diagnostic] {
        sameName(index, interpreter) + cyclicInheritance(index) + selfStarting(index, interpreter)
    }

    /// One warning per same-name coordinator, screen or entry point, with its files; the other same-name
    /// types (models, helpers: common across the modules of a real app) in one summary line.
    static func sameName(_ index: TypeIndex, _ interpreter: Interpreter) -> [Diagnostic] {
        var out: [Diagnostic] = []
        var others: [String] = []
        let navigation = interpreter.coordinatorTypes.union(interpreter.screenTypes).union(interpreter.appTypes)
        for group in index.sameNameTypes {
            guard group.keys.contains(where: { navigation.contains($0) }) else { others.append(group.name); continue }
            let kept = group.keys.map { "'\($0)'" }
            out.append(Diagnostic(.warning, "type '\(group.name)' is declared in \(group.files.count) files (\(group.files.joined(separator: ", "))); navgraph keeps them apart as \(kept.dropLast().joined(separator: ", ")) and \(kept.last!), and resolves each reference to the declaration in the nearest folder",
                                  file: group.files.first))
        }
        if !others.isEmpty {
            let shown = others.prefix(8).joined(separator: ", ") + (others.count > 8 ? ", …" : "")
            out.append(Diagnostic(.warning, "\(others.count) other type name\(others.count == 1 ? " is" : "s are") declared in more than one file (\(shown)); navgraph keeps each apart by folder and resolves each reference to the declaration in the nearest folder"))
        }
        return out
    }

    static func cyclicInheritance(_ index: TypeIndex) -> [Diagnostic] {
        // Each type has one next type (its first declared app supertype): walk each chain once, marking
        // types done, so a 5,000-deep hierarchy costs 5,000 steps, not 5,000 walks of it.
        func next(_ t: String) -> String? { index.directSupertypes(t).first { index[$0]?.origin == .app && index[$0]?.isDeclared == true } }
        var done = Set<String>()
        var cycles: [[String]] = []
        for name in index.types.keys.sorted() {
            guard let t = index[name], t.origin == .app, t.isDeclared, !done.contains(name) else { continue }
            var path: [String] = []
            var onPath: [String: Int] = [:]
            var current: String? = name
            while let c = current, !done.contains(c) {
                if let start = onPath[c] {
                    // The cycle, written from its first name in order.
                    let cycle = Array(path[start...])
                    let first = cycle.indices.min { cycle[$0] < cycle[$1] }!
                    cycles.append(Array(cycle[first...] + cycle[..<first]))
                    break
                }
                onPath[c] = path.count
                path.append(c)
                current = next(c)
            }
            done.formUnion(path)
        }
        return cycles.sorted { $0[0] < $1[0] }.map { cycle in
            let loc = index[cycle[0]]?.location
            return Diagnostic(.warning, "cyclic inheritance: \((cycle + [cycle[0]]).joined(separator: " → ")); the compiler rejects this, navgraph ignores the cycle",
                              file: loc?.file, line: loc?.line)
        }
    }

    /// Statements that run whenever the body runs: not inside branches, loops, switches or closures.
    static func unconditional(_ body: [Stmt]) -> [Expr] {
        var out: [Expr] = []
        for s in body {
            switch s {
            case .expr(let e, _), .assign(_, let e, _): out.append(e)
            case .bind(_, _, let v?, _): out.append(v)
            case .ret(let e?, _): out.append(e)
            default: break
            }
        }
        return out
    }

    /// Calls in an expression, outside closures (a closure may never run).
    static func calls(_ e: Expr, _ visit: (Expr, [Argument], Int) -> Void) {
        switch e {
        case .call(let callee, let args, let line):
            visit(callee, args, line)
            calls(callee, visit)
            for a in args { calls(a.value, visit) }
        case .member(let b?, _, _): calls(b, visit)
        case .array(let xs), .other(let xs), .dictionary(_, let xs): for x in xs { calls(x, visit) }
        case .tuple(let args), .subscripted(_, let args): for a in args { calls(a.value, visit) }
        case .cast(let x, _): calls(x, visit)
        default: break
        }
    }

    static func selfStarting(_ index: TypeIndex, _ interpreter: Interpreter) -> [Diagnostic] {
        var out: [Diagnostic] = []
        for c in interpreter.coordinatorTypes.sorted() {
            guard let t = index[c] else { continue }
            for fn in t.functions where fn.origin == .app && (fn.decl.name == SwiftKeyword.initializer.name || fn.decl.name == ConventionName.start.name) {
                var line: Int?
                for e in unconditional(fn.decl.body ?? []) {
                    calls(e) { callee, _, l in
                        if case .ref(let n) = callee, line == nil, n == SwiftName.selfType.name || index.resolve(n, from: c) == c { line = l }
                    }
                }
                if let line {
                    out.append(Diagnostic(.warning, "'\(c)' creates another '\(c)' every time its \(fn.decl.name) runs: at run time this never ends; navgraph follows it once",
                                          file: fn.file, line: line))
                }
            }
        }
        return out
    }

    /// Reads only what no later stage changes: the classification, the declared types and functions
    /// (`TypeIndex.types`, filled when the index is built) and bodies as written, never the index's lookup
    /// caches or `runBody`. So it can run on a thread of its own while the interpreter runs.
    static func mutualRecursion(_ index: TypeIndex, _ interpreter: Interpreter) -> [Diagnostic] {
        var out: [Diagnostic] = []
        for type in (interpreter.coordinatorTypes.union(interpreter.screenTypes)).sorted() {
            guard let t = index[type] else { continue }
            let own = t.functions.filter { $0.origin == .app && $0.decl.body != nil && $0.decl.name != SwiftKeyword.initializer.name }
            let byName = Dictionary(grouping: own, by: { $0.decl.name })
            // Edges: method → methods of the same type it always calls (`m()`, `self.m()`).
            var edges: [String: [(String, Int)]] = [:]
            for fn in own {
                for e in unconditional(fn.decl.body ?? []) {
                    calls(e) { callee, args, line in
                        let name: String?
                        switch callee {
                        case .ref(let n): name = n
                        case .member(.ref(SwiftName.selfValue.name)?, let n, _): name = n
                        default: name = nil
                        }
                        guard let n = name, let targets = byName[n] else { return }
                        for target in targets where TypeIndex.matches(args.map(\.label), target.decl.parameters) {
                            edges[fn.selector, default: []].append((target.selector, line))
                        }
                    }
                }
            }
            // A cycle through the smallest selector is reported once.
            var reported = Set<String>()
            for start in edges.keys.sorted() where !reported.contains(start) {
                var stack: [(String, [String])] = [(start, [start])]
                var seen = Set<String>()
                var cycle: [String]?
                while let (node, path) = stack.popLast(), cycle == nil {
                    for (next, _) in edges[node] ?? [] {
                        if next == start { cycle = path; break }
                        if seen.insert(next).inserted { stack.append((next, path + [next])) }
                    }
                }
                guard let cycle else { continue }
                reported.formUnion(cycle)
                let first = own.first { $0.selector == start }!
                let what = cycle.count == 1 ? "'\(type).\(start)' always calls itself" : "'\(type)' methods \(cycle.joined(separator: " → ")) → \(start) always call each other"
                out.append(Diagnostic(.warning, "\(what): at run time this recursion never ends; navgraph follows each call once",
                                      file: first.file, line: first.decl.line))
            }
        }
        return out
    }
}
