import Foundation
import NavGraphExtract
import NavGraphKnowledge
import NavGraphModel

/// Turns what the interpreter recorded into the read-only `NavGraph`.
struct GraphAssembler {
    let interpreter: Interpreter
    var index: TypeIndex { interpreter.index }

    func assemble() -> NavGraph {
        // The action paths need only the interpreter's sends: for a big app they are built on a thread of
        // their own while the nodes and edges are built on this one.
        let (nodesAndEdges, paths) = interpreter.sends.count + interpreter.edges.count > NavGraph.parallelSize
            ? LargeStack.both({ self.nodesAndEdges() }, { self.actionPaths() })
            : (nodesAndEdges(), actionPaths())
        var roots = interpreter.appTypes.map { Node.id(.app, $0) }
        roots.append(contentsOf: interpreter.rootScreens.map { Node.id(.screen, $0) })
        let families = interpreter.adapters.map { type(of: $0).id }
        return NavGraph(roots: roots, nodes: nodesAndEdges.nodes, edges: nodesAndEdges.edges, paths: paths, families: families)
    }

    /// Every node, and the edges between kept nodes.
    private func nodesAndEdges() -> (nodes: [Node], edges: [Edge]) {
        // Keyed by id: `NameMap`, as every edge looks up both its ends (see `WordMap`).
        var nodes: NameMap<Node> = [:]
        nodes.reserveCapacity(interpreter.coordinatorTypes.count + interpreter.screenTypes.count + interpreter.sends.count / 2)
        addTypeNodes(&nodes)
        let routeNames = addRouteNodes(&nodes)
        addActionNodes(&nodes)
        for (id, n) in interpreter.extraNodes where nodes[id] == nil { nodes[id] = n }
        markNamesakes(&nodes)
        return (Array(nodes.values), keptEdges(nodes, routeNames: routeNames))
    }

    private func location(_ t: String) -> SourceLocation { index[t]?.location ?? SourceLocation(file: "", line: 0) }

    /// Apps, coordinators and screens.
    private func addTypeNodes(_ nodes: inout NameMap<Node>) {
        let reached = interpreter.reached
        func addNode(_ n: Node) { if nodes[n.id] == nil { nodes[n.id] = n } }
        for a in interpreter.appTypes {
            addNode(Node(kind: .app, name: a, location: location(a), reachable: true))
        }
        // Coordinators another coordinator inherits from (one pass, not a scan per coordinator).
        var subclassedCoordinators = Set<String>()
        for c in interpreter.coordinatorTypes { for s in index.directSupertypes(c) where s != c { subclassedCoordinators.insert(s) } }
        for c in interpreter.coordinatorTypes {
            // An abstract base coordinator (F2 `BaseCoordinator`: subclassed, never created itself) is not a node.
            let simple = TypeIndex.simpleName(c)
            let subclassed = subclassedCoordinators.contains(c)
            if subclassed && !interpreter.queries.initializerCalls.contains(simple) && !reached.contains(Node.id(.coordinator, c)) { continue }
            var n = Node(kind: .coordinator, name: c, location: location(c), reachable: reached.contains(Node.id(.coordinator, c)),
                         family: interpreter.familyOfType[c])
            if interpreter.tabFlows.contains(c) { n.attributes = ["container": "tab"] }
            if let evidence = interpreter.recognisedBy[c] { n.attributes = (n.attributes ?? [:]).merging(["recognised": evidence]) { a, _ in a } }
            if !n.reachable, let by = liveNamer(c) { n.attributes = (n.attributes ?? [:]).merging(["namedBy": by]) { a, _ in a } }
            let kept = keptChildren(c)
            if !kept.isEmpty { n.attributes = (n.attributes ?? [:]).merging(["keeps": kept.joined(separator: ", ")]) { a, _ in a } }
            addNode(n)
        }
        let constructed = interpreter.queries.constructedNames
        let subclassedScreens = Set(interpreter.screenTypes.flatMap { index.directSupertypes($0) })
        for s in interpreter.screenTypes {
            let id = Node.id(.screen, s)
            // An abstract base screen (subclassed, never built itself) is not a screen of its own.
            let simple = TypeIndex.simpleName(s)
            let subclassed = subclassedScreens.contains(s)
            if subclassed && !constructed.contains(simple) && !reached.contains(id) { continue }
            if interpreter.swiftUIHosts.contains(s) && !reached.contains(id) { continue }
            var n = Node(kind: .screen, name: s, location: location(s), reachable: reached.contains(id))
            if interpreter.swiftUIScreens.contains(s) { n.attributes = ["ui": "swiftui"] }
            if !n.reachable, let by = liveNamer(s) { n.attributes = (n.attributes ?? [:]).merging(["namedBy": by]) { a, _ in a } }
            addNode(n)
        }
    }

    /// The coordinators a coordinator holds in a collection it stores (`childCoordinators.append(child)`,
    /// `addDependency(child)` into an inherited `[Coordinator]`): the children it keeps, which only a
    /// removal lets go (the `child-never-removed` rule's evidence). A coordinator merely built or started
    /// is not kept.
    private func keptChildren(_ c: String) -> [String] {
        var kept: Set<String> = []
        for owner in [c] + index.supertypes(c) {
            guard let info = index[owner] else { continue }
            for p in info.properties.values where p.origin == .app && !p.decl.isStatic && GraphAssembler.isCollection(p.decl) {
                for case .object(let t, _) in interpreter.heap[NamePair(c, p.decl.name)] ?? [] where interpreter.coordinatorTypes.contains(t) {
                    kept.insert(t)
                }
            }
        }
        return kept.sorted()
    }

    /// `[Coordinator]`, `Set<AnyCoordinator>`, `[String: Coordinator]`, or a property given `[]`.
    static func isCollection(_ p: PropertyDecl) -> Bool {
        if let t = p.type {
            let bare = t.trimmingCharacters(in: CharacterSet(charactersIn: "?!"))
            return bare.hasPrefix("[") || bare.hasPrefix("Set<") || bare.hasPrefix("Array<") || bare.hasPrefix("Dictionary<")
        }
        if case .array? = p.initializer { return true }
        if case .dictionary? = p.initializer { return true }
        return false
    }

    /// A case whose arm doing nothing is the design: `none`, or a case of a state or outcome enum.
    private func nothingByDesign(_ enumType: String, _ caseName: String) -> Bool {
        Heuristics.nothingCaseNames.contains(caseName) || Heuristics.isStateEnumName(TypeIndex.simpleName(enumType))
    }

    /// For a type navgraph did not reach, the live code that names it (see `NameLiveness`): it is then
    /// unknown, not unreachable.
    private func liveNamer(_ t: String) -> String? {
        guard let liveness = interpreter.liveness, liveness.live.contains(t) else { return nil }
        return liveness.namedBy[t] ?? "a root of the app"
    }

    /// Routes: navigation methods of coordinators, and the cases of route enums. Gives the routes' names.
    private func addRouteNodes(_ nodes: inout NameMap<Node>) -> NameSet {
        func addNode(_ n: Node) { if nodes[n.id] == nil { nodes[n.id] = n } }
        var routeNames = NameSet()
        let noMethodRoutes = Set(interpreter.adapters.filter { !$0.hasMethodRoutes }.map { type(of: $0).id })
        for (name, r) in interpreter.methodRoutes where r.hasEffect && !interpreter.ranAsPartOfAnotherRoute(r) {
            if let family = interpreter.familyOfType[r.owner], noMethodRoutes.contains(family) { continue }
            routeNames.insert(name)
            var n = Node(kind: .route, name: name, location: r.location, reachable: r.reachable, owner: r.owner)
            let called = isCalled(name, owner: r.owner)
            n.attributes = ["style": "method", "called": called ? "true" : "false"]
            if !r.reachable, let liveness = interpreter.liveness, liveness.liveMembers.contains("\(r.owner).\(methodName(name))"),
               called || !isOverload(name, owner: r.owner, liveness) {
                n.attributes?["namedBy"] = liveness.liveNames[methodName(name)] ?? "the system"
            } else if !r.reachable, !called, let liveness = interpreter.liveness, liveness.rootMembers.contains("\(r.owner).\(methodName(name))") {
                // The system may call it (an override, `@objc`, a requirement of a protocol navgraph does not
                // read) though no live code names its type: used, not "never called".
                n.attributes?["namedBy"] = "the system"
            }
            if !r.reachable, !called, let fn = index[r.owner]?.functions.first(where: { $0.selector == GraphAssembler.selector(name).selector }),
               interpreter.isStartCall(on: r.owner, fn.decl.name, fn.decl.parameters.map(\.label)) {
                // Calling it starts its coordinator: that nothing calls it is that the coordinator is never started.
                n.attributes?["starts"] = "true"
            }
            addNode(n)
        }
        let routeEnums = interpreter.routeEnumsSeen.union(interpreter.adapterRouteEnums)
        for e in routeEnums {
            guard let info = index[e], info.origin == .app else { continue }
            let inherited = Set(info.inherited.map(TypeIndex.unqualifiedBase))
            // A thrown error matched in a `catch` or `switch` is no route.
            if !inherited.isDisjoint(with: Heuristics.errorProtocols) { continue }
            let madeWithoutNames = index.caseMaker(of: e)
            for c in info.cases {
                let name = "\(e).\(c.name)"
                let arm = interpreter.enumArms[name]
                routeNames.insert(name)
                var n = Node(kind: .route, name: name, location: SourceLocation(file: info.location?.file ?? "", line: c.line),
                             reachable: (arm?.reachable ?? false) || interpreter.routesEntered.contains(name), owner: arm?.owner ?? TypeIndex.enclosingName(e))
                var attrs = ["style": "enum", "constructed": interpreter.queries.caseReferences.contains(c.name) ? "true" : "false"]
                if arm == nil { attrs["target"] = "unhandled" } else if let at = arm?.unhandledAt {
                    attrs["target"] = "unhandled"
                    attrs["table"] = at.description
                } else if let arm, !arm.hasEffect, arm.inert, !nothingByDesign(e, c.name) {
                    attrs["target"] = "none"
                    attrs["arm"] = arm.location.description
                }
                if !n.reachable, let liveness = interpreter.liveness, let by = liveness.liveNames[c.name] { attrs["namedBy"] = by }
                if let how = madeWithoutNames { attrs["madeWithoutNames"] = how }
                n.attributes = attrs
                addNode(n)
            }
        }
        return routeNames
    }

    /// Actions: what screens send.
    private func addActionNodes(_ nodes: inout NameMap<Node>) {
        var actionLocations: [String: SourceLocation] = [:]
        for s in interpreter.sends {
            let id = Node.id(.action, s.action)
            if actionLocations[id] == nil { actionLocations[id] = declarationLocation(s) ?? s.location }
            let n = Node(kind: .action, name: s.action, location: actionLocations[id]!, reachable: false, owner: s.declaringType)
            if nodes[n.id] == nil { nodes[n.id] = n }
            if s.reachable { nodes[id]!.reachable = true }
        }
    }

    /// Same-name types kept apart: each node says where its namesakes are (the `ambiguous-type` rule).
    private func markNamesakes(_ nodes: inout NameMap<Node>) {
        for group in index.sameNameTypes {
            for (i, key) in group.keys.enumerated() {
                for kind in [NodeKind.coordinator, .screen] where nodes[Node.id(kind, key)] != nil {
                    let others = group.files.indices.filter { $0 != i }
                    nodes[Node.id(kind, key)]!.attributes = (nodes[Node.id(kind, key)]!.attributes ?? [:]).merging([
                        "sameNameAs": others.map { group.keys[$0] }.joined(separator: ", "),
                        "sameNameFiles": others.map { group.files[$0] }.joined(separator: ", "),
                    ]) { _, new in new }
                }
            }
        }
    }

    /// Edges: drop unreachable copies of reachable ones, and edges to nodes not kept. Keyed by the edge made
    /// unreachable (and, for a route's edges, without mechanism: one per route, target and line).
    private func keptEdges(_ nodes: NameMap<Node>, routeNames: NameSet) -> [Edge] {
        var edges: [Edge: Edge] = [:]
        edges.reserveCapacity(interpreter.edges.count)
        func addEdge(_ e: Edge, keepingMechanism: Bool = true) {
            var key = e
            key.reachable = false
            if !keepingMechanism { key.mechanism = nil }
            if let existing = edges[key], existing.reachable { return }
            edges[key] = e
        }
        for e in interpreter.edges where nodes[e.from] != nil && nodes[e.to] != nil { addEdge(e) }
        // In the graph's order, not the dictionary's: a route's edges to one target at one line (a helper
        // that starts a coordinator and presents it) become one, and which one must not vary by run.
        for e in edges.values.sorted(by: NavGraph.edgeOrder) where [.shows, .presents, .starts, .spawns].contains(e.kind) {
            guard let via = e.via, routeNames.contains(via) else { continue }
            addEdge(Edge(from: Node.id(.route, via), to: e.to, kind: .route, via: nil, mechanism: e.mechanism,
                     location: e.location, reachable: e.reachable), keepingMechanism: false)
        }
        // A route that leads to another coordinator's route (`.catalog` → `CatalogCoordinator.Page.home`).
        for link in interpreter.routeLinks where routeNames.contains(link.from) && routeNames.contains(link.to) {
            addEdge(Edge(from: Node.id(.route, link.from), to: Node.id(.route, link.to), kind: .route, via: nil, mechanism: nil,
                     location: link.location, reachable: link.reachable), keepingMechanism: false)
        }
        return Array(edges.values)
    }

    /// The action paths: one per send site and outcome.
    private func actionPaths() -> [ActionPath] {
        // One path per send site and outcome; a send interpreted in several contexts (a closure made under
        // two routes) merges the coordinators its chains went through.
        var pathsByKey: [PathKey: ActionPath] = [:]
        pathsByKey.reserveCapacity(interpreter.sends.count)
        // Sorted by chain text, each joined once (not once per comparison), then by position, compared as
        // bytes where they order as the strings do (see `NavGraph.sorted`).
        let bySend = interpreter.sends.enumerated().map { (key: $0.element.chain.joined(separator: ","), index: $0.offset, send: $0.element) }
        let keys = bySend.map { s -> ByteSortKey in
            var k = ByteSortKey(strings: s.key.utf8.count + 1, numbers: 1)
            k.add(s.key)
            k.add(s.index)
            return k
        }
        let sends = NavGraph.sorted(bySend, keys: keys) { ($0.key, $0.index) < ($1.key, $1.index) }.map(\.send)
        for s in sends {
            var p = ActionPath(sender: Node.id(s.sender.kind, s.sender.name), action: Node.id(.action, s.action),
                               chain: s.chain, handledBy: s.handler?.id, note: s.handler == nil ? s.note : nil,
                               reachable: s.reachable, location: s.location, handledWithin: s.handledWithin)
            p.steps = s.steps
            p.carries = s.carries
            if s.unknown && s.handler == nil { p.unknown = true }
            let k = PathKey(site: p.site, handledBy: p.handledBy, note: p.note, handledWithin: p.handledWithin, reachable: p.reachable)
            if var existing = pathsByKey[k] {
                for c in p.chain where !existing.chain.contains(c) { existing.chain.append(c) }
                pathsByKey[k] = existing
            } else {
                pathsByKey[k] = p
            }
        }
        // Distinct keys, distinct paths (every key field is a path field).
        let paths = pathsByKey.values
        // A send seen as unreachable in an early round and reachable later keeps only the reachable copy;
        // one whose handler is unknown is dropped where another send from the site tells it.
        let reachableSites = Set(paths.filter(\.reachable).map(\.site))
        let knownSites = Set(paths.filter { $0.unknown != true }.map(\.site))
        return paths.filter { ($0.reachable || !reachableSites.contains($0.site)) && ($0.unknown != true || !knownSites.contains($0.site)) }
    }

    /// One path per send site and outcome.
    struct PathKey: WordHashed {
        var site: ActionPath.Site
        var handledBy: String?
        var note: String?
        var handledWithin: String?
        var reachable: Bool

        var wordHash: UInt64 {
            var w = WordHasher()
            w.combine(word: site.wordHash)
            w.combine(handledBy)
            w.combine(note)
            w.combine(handledWithin)
            w.combine(reachable)
            return w.value
        }
    }

    func methodName(_ route: String) -> String { GraphAssembler.selector(route).name }

    /// One of several methods of that name (`showHelp()` beside `showHelp(topic:)`) that the system does
    /// not call: when no code calls it with its labels, live code naming the name names another overload.
    private func isOverload(_ name: String, owner: String, _ liveness: NameLiveness) -> Bool {
        let base = methodName(name)
        guard let functions = index[owner]?.functions else { return false }
        return functions.filter({ $0.decl.name == base }).count > 1 && !liveness.rootMembers.contains("\(owner).\(base)")
    }

    /// Whether code calls the method route `name` of `owner`, overloads told apart by their labels.
    private func isCalled(_ name: String, owner: String) -> Bool {
        let q = interpreter.queries
        let (selector, base) = GraphAssembler.selector(name)
        guard let fn = index[owner]?.functions.first(where: { $0.selector == selector }) else {
            return q.referencedMembers.contains(base) || q.callLabels[base] != nil
        }
        return q.isCalled(base, parameters: fn.decl.parameters)
    }

    /// `Type.open(page:)` → `open(page:)` and `open`: the last part between dots, and that cut at `(`. WHY
    /// bytes: splitting by `Character` walks grapheme clusters, some 16,000 instructions an action. Names
    /// with other than ASCII take that path, so that the answer is the same for every name.
    static func selector(_ qualified: String) -> (selector: String, name: String) {
        guard qualified.utf8.allSatisfy({ $0 < 0x80 }) else {
            let sel = qualified.split(separator: ".").last.map(String.init) ?? qualified
            return (sel, String(sel.prefix { $0 != "(" }))
        }
        let sel = TypeIndex.lastPart(qualified[...], UInt8(ascii: ".")) ?? qualified[...]
        let name = sel.utf8.firstIndex(of: UInt8(ascii: "(")).map { sel[..<$0] } ?? sel
        return (String(sel), String(name))
    }

    func declarationLocation(_ s: Interpreter.ActionSend) -> SourceLocation? {
        let (sel, name) = GraphAssembler.selector(s.action)
        let declaring = index[s.declaringType]
        // The functions so named, in declaration order: a function with the selector is among them.
        let named = declaring?.functionsByName[name] ?? []
        if let fn = named.first(where: { $0.selector == sel }) ?? named.first { return fn.location }
        if let p = declaring?.properties[name] { return SourceLocation(file: p.file, line: p.decl.line) }
        // An event case (`AppEvents.Rides.didPick`): the case declaration.
        if let c = index.enumCase(s.declaringType, sel), let file = index[s.declaringType]?.location?.file {
            return SourceLocation(file: file, line: c.line)
        }
        return nil
    }
}

/// What the configuration says about the app's own types.
public struct ResolveOptions: Sendable {
    /// Types that are entry points besides app/scene delegates and `@main` types.
    public var roots: [String] = []
    /// Base classes or protocols whose subtypes are coordinators / screens / routers in this app.
    public var coordinatorTypes: [String] = []
    public var screenTypes: [String] = []
    public var routerTypes: [String] = []
    /// Files whose entry points belong to another product than the app (a widget, a watch app, a bundled
    /// example app, a tool): their types are never roots. Sorted (the options are part of a cache key).
    public var foreignEntryFiles: [String] = []
    /// Runs the round that confirms the fixpoint even when no read went stale (tests compare both).
    public var confirmFixpoint = false
    /// Runs only the statements that can navigate (`RelevanceSlicer`); tests compare both.
    public var sliceBodies = true
    /// Runs screens shown only by unreachable code after each round, and not at all once shown for real.
    public var deferUnreachableScreens = true
    /// Replays an unreachable switch arm already run in the same context (see `Interpreter.runDeadArm`);
    /// tests compare both.
    public var replayDeadArms = true
    public var budget = ResolveBudget()
    public init() {}
}

/// Resolution's budget. It runs at most `stepsPerStatement` statements per statement of the app's code
/// (`minimumSteps` at least), summed over every round, and at most `maximumRounds` rounds (a last round
/// that still went stale has not reached the fixpoint). Past it, what was not followed is unknown: the
/// graph is what was found, a diagnostic says where it stopped, and no finding claims that something is
/// missing (see `RuleDescription.needsWholeGraph`). The field corpus runs 0.02–130 steps per statement
/// (woocommerce 126), the samples 2–7.
public struct ResolveBudget: Sendable, Equatable {
    public var stepsPerStatement = 400
    public var minimumSteps = 2_000_000
    public var maximumRounds = 8
    public init() {}

    /// The steps allowed for code of `statements` statements.
    func steps(for statements: Int) -> Int {
        let (steps, overflow) = statements.multipliedReportingOverflow(by: stepsPerStatement)
        return overflow ? Int.max : max(minimumSteps, steps)
    }
}

/// The resolve stage: index the facts, pick the families, instantiate from the roots, assemble the graph.
public enum Resolver {
    public struct Result {
        public var graph: NavGraph
        public var diagnostics: [Diagnostic]
        public var interpreter: Interpreter
        /// Seconds per step of the stage, for `--timings`.
        public var phases: [(step: String, seconds: Double)] = []
    }

    /// `progress` is told the round running and the steps taken, for a progress line.
    /// `foreignNames`: files in languages navgraph does not follow (Objective-C), with the names each mentions.
    public static func resolve(_ files: [FileFacts], storyboards: StoryboardIndex = StoryboardIndex(),
                               foreignNames: [(file: String, names: Set<String>)] = [],
                               options: ResolveOptions = ResolveOptions(), progress: (@Sendable (String) -> Void)? = nil) -> Result {
        var phases: [(step: String, seconds: Double)] = []
        var mark = Date()
        func phase(_ step: String) { let now = Date(); phases.append((step, now.timeIntervalSince(mark))); mark = now }
        let allAdapters = FamilyRegistry.all.map { $0.init() }
        var library = [KnowledgeFacts.facts(module: UIKitKnowledge.module, source: UIKitKnowledge.source)]
        let imports = Set(files.flatMap(\.imports))
        for lib in LibraryKnowledge.all where imports.contains(lib.module) {
            library.append(KnowledgeFacts.facts(module: lib.module, source: lib.source))
        }
        var vendoredPaths = Set<String>()
        for a in allAdapters {
            let copies = a.vendoredFiles(files)
            if let lib = a.library, imports.contains(lib.module) || !copies.isEmpty {
                library.append(KnowledgeFacts.facts(module: lib.module, source: lib.source))
            }
            vendoredPaths.formUnion(copies)
        }
        // A vendored copy of a library is indexed as library code, after navgraph's declarations of it, which
        // therefore win where both declare a member.
        let appFiles = files.filter { !vendoredPaths.contains($0.path) }
        let vendored = files.filter { vendoredPaths.contains($0.path) }
        phase("library")
        // The type index and the whole-program queries read the same facts and nothing else: one thread each.
        let (index, queries) = LargeStack.both({ TypeIndex(app: appFiles, library: library + vendored) }, { ProgramQueries(appFiles) })
        phase("index+queries")
        // The slicer reads only the declarations (`TypeIndex.types`) and writes only each function's
        // `runBody`. Picking the families and classifying the types (which fill the index's lookup caches)
        // and the structure warnings that need the classification read neither: they run meanwhile, on a
        // thread of their own.
        let (sliced, (interpreter, structure)) = LargeStack.both({ options.sliceBodies ? RelevanceSlicer.slice(index) : nil }, {
            let active = allAdapters.filter { $0.detect(index) }
            let interpreter = Interpreter(index: index, adapters: active, queries: queries, storyboards: storyboards, options: options)
            return (interpreter, StructureWarnings.check(index, interpreter))
        })
        phase("slice+classify")
        phases.append(contentsOf: (sliced ?? []).map { ("  " + $0.step, $0.seconds) })
        // The idle core also finds the methods that call each other unconditionally (a walk of every
        // coordinator's and screen's bodies), which reads nothing instantiation writes. WHY: beside the
        // slicer it took a core the slicer's two threads needed.
        let recursion = LargeStack.start { StructureWarnings.mutualRecursion(index, interpreter) }
        interpreter.programStatements = appFiles.reduce(0) { $0 + $1.statementCount }
        interpreter.stepBudget = options.budget.steps(for: interpreter.programStatements)
        interpreter.progress = progress
        interpreter.run()
        let recursive = recursion.wait()
        phase("instantiate")
        phases.append(contentsOf: interpreter.phases.map { ("  " + $0.step, $0.seconds) })
        var diagnostics = interpreter.warnings
        for name in options.roots + options.coordinatorTypes + options.screenTypes + options.routerTypes where index.resolve(name) == nil {
            diagnostics.append(Diagnostic(.warning, "configured type '\(name)' is not declared in the analyzed sources"))
        }
        if !interpreter.foreignEntries.isEmpty {
            let names = interpreter.foreignEntries.sorted()
            diagnostics.append(Diagnostic(.warning, "not roots: \(names.joined(separator: ", ")), entry point\(names.count == 1 ? "" : "s") of another product than the app (a target other than the app's main iOS target compiles \(names.count == 1 ? "its file" : "their files"), or a package builds a tool, macro or plugin from it)"))
        }
        diagnostics.append(contentsOf: structure + recursive)
        if let stop = interpreter.budgetStop {
            diagnostics.append(Diagnostic(.warning, "resolution stopped after \(interpreter.stepBudget) steps (\(options.budget.stepsPerStatement) per statement of the app's code) while running \(stop.function); what it had not followed is unknown, so no finding says that something is unreachable, dead or unhandled",
                                          file: stop.file, line: stop.line, code: Diagnostic.resolveBudgetCode))
        }
        if let change = interpreter.roundsExhausted {
            diagnostics.append(Diagnostic(.warning, "resolution stopped after \(options.budget.maximumRounds) round\(options.budget.maximumRounds == 1 ? "" : "s") without reaching a fixpoint (the last round read \(change) before it changed); what it had not followed is unknown, so no finding says that something is unreachable, dead or unhandled",
                                          code: Diagnostic.resolveBudgetCode))
        }
        for amb in index.ambiguities {
            diagnostics.append(Diagnostic(.warning, "type '\(amb.name)' is declared in \(amb.files.count) files (\(amb.files.joined(separator: ", "))); navgraph merges them", file: amb.files.first))
        }
        phase("warnings")
        // A storyboard scene is made when it is initial or ends a segue the storyboard performs itself, or
        // when code names its identifier; one only a manual segue leads to waits for code to perform it.
        let segueDestinations = Set(interpreter.storyboards.segues.filter { !$0.isManual }.map(\.destinationID))
        let storyboardClasses: [(name: String, identifier: String?)] = interpreter.storyboards.scenes.compactMap { scene in
            guard let name = scene.customClass else { return nil }
            if scene.isInitial || segueDestinations.contains(scene.objectID) { return (name, nil) }
            return scene.identifier.map { (name, $0) }
        }
        // What the instantiation reached runs: its members name what they make, reached or not.
        let reachedTypes = interpreter.reached.compactMap { id -> String? in
            guard Node.isID(id, of: .coordinator) || Node.isID(id, of: .screen) else { return nil }
            return Node.name(ofID: id)
        }
        interpreter.liveness = NameLiveness(index: index, roots: interpreter.appTypes + reachedTypes.sorted(), storyboardClasses: storyboardClasses,
                                           foreignNames: foreignNames)
        phase("liveness")
        let graph = GraphAssembler(interpreter: interpreter).assemble()
        if !graph.paths.isEmpty, !graph.nodes.contains(where: { $0.kind == .coordinator }) {
            diagnostics.append(Diagnostic(.warning, "no coordinator recognised: navgraph cannot tell who handles the screens' actions, so unhandled-action reports none of the \(graph.paths.count) sends it found"))
        }
        phase("assemble")
        return Result(graph: graph, diagnostics: diagnostics, interpreter: interpreter, phases: phases)
    }
}

/// The facts of navgraph's own declarations (UIKit, each family's library), extracted once per process.
/// WHY: they never change, and a process that resolves many apps (the test suite, the fuzz harness)
/// parsed them again for each.
enum KnowledgeFacts {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var byModule: [String: FileFacts] = [:]

    static func facts(module: String, source: String) -> FileFacts {
        lock.lock()
        defer { lock.unlock() }
        if let known = byModule[module] { return known }
        let facts = Extractor.extract(path: "<\(module)>", source: source)
        byModule[module] = facts
        return facts
    }
}
