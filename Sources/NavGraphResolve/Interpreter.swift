import Foundation
import NavGraphExtract
import NavGraphModel

/// Symbolic instantiation of the coordinator tree. Starting at the app roots it interprets method
/// bodies over abstract values (types, enum cases, closures), follows coordinators that are created and
/// started, screens that are shown, and actions screens send, and records nodes and edges.
///
/// The analysis is flow-insensitive and type-level: one abstract heap cell per `Type.property`, unioned
/// across assignments (app helper classes: one per instance site as well, see `sitedTypes`); it runs
/// rounds until the heap and the recorded graph stop growing.
///
/// Its stored properties are `@exclusivity(unchecked)`. WHY: one thread runs the interpreter and no access
/// to its state overlaps another, but the compiler cannot prove it (a dictionary access calls the
/// standard library's hashing), so every access was checked at run time: 7% of instantiation's
/// instructions, and more of its time (thread-local lookups). The tests passed with the checks on.
public final class Interpreter {
    public let index: TypeIndex
    public let adapters: [any FamilyAdapter]
    public let storyboards: StoryboardIndex
    public let queries: ProgramQueries
    public let options: ResolveOptions
    @exclusivity(unchecked) var routerBases: Set<String> = []
    /// Adapters that give calls, reads and intrinsics extra semantics (see `InterpreterHooks`).
    let hooks: [InterpreterHooks]
    /// The adapters by role, cast once (a dynamic cast on every call was measurable).
    let frameAwareAdapters: [FrameAwareAdapter]
    let intrinsicAdapters: [IntrinsicHandling]

    // Classification
    @exclusivity(unchecked) public private(set) var coordinatorTypes: Set<String> = []
    @exclusivity(unchecked) public private(set) var screenTypes: Set<String> = []
    @exclusivity(unchecked) public private(set) var appTypes: [String] = []
    /// The kind of node each coordinator, screen and entry-point type runs as (see `ownerFor`).
    @exclusivity(unchecked) private var ownerKinds: NameMap<NodeKind> = [:]
    @exclusivity(unchecked) var coordinatorBases: Set<String> = []
    @exclusivity(unchecked) var adapterRouteEnums: Set<String> = []
    @exclusivity(unchecked) var nonRouteEnums: Set<String> = []
    @exclusivity(unchecked) var familyOfType: NameMap<String> = [:]

    // Abstract state
    /// Read through `heapValues`, written through `heapUnion`, so a round knows what it read (see `run`).
    @exclusivity(unchecked) var heap: WordMap<NamePair, Values> = [:]
    /// App helper classes whose instances are told apart by the constructor call that made them (see
    /// `objectSite`). WHY: a router class every flow makes with its own parent view controller kept one
    /// set of property values for all of them, so each flow's `dismiss` reached every flow's parent and
    /// handlers (an app of N flows did N² to N³ calls).
    @exclusivity(unchecked) var sitedTypes: Set<String> = []
    /// Instance sites by constructor call and the constructor call that made `self` there; per site, its
    /// constructor call (see `objectSite`).
    @exclusivity(unchecked) var objectSites: [ObjectSiteKey: Int] = [:]
    @exclusivity(unchecked) var siteCalls: [SourceLocation] = [SourceLocation(file: "", line: 0)]
    @exclusivity(unchecked) var initializedProperties: Set<InitializedProperty> = []
    @exclusivity(unchecked) var closures: [CapturedClosure] = []
    @exclusivity(unchecked) var closureIDs: [ClosureSite: Int] = [:]
    /// Each call's return values and trace (what a caller needs again on a cache hit, see `MemoTrace`).
    @exclusivity(unchecked) var memo: [MemoKey: MemoEntry] = [:]
    /// Unreachable switch arms already run this round, with what a caller sees of them again (see `runSwitch`).
    @exclusivity(unchecked) var deadArms: [DeadArmKey: MemoTrace] = [:]
    @exclusivity(unchecked) var deadArmContexts: [DeadArmContext: Int] = [:]
    /// Per switch statement (by its cases' storage), what its arms say of themselves (see `SwitchShape`).
    @exclusivity(unchecked) var switchShapes: [UInt: SwitchShape] = [:]
    /// Unreachable switch and `if case` arms run, and those replayed instead (see `runDeadArm`); tests read them.
    @exclusivity(unchecked) public internal(set) var deadArmsRun = 0
    @exclusivity(unchecked) public internal(set) var deadArmsReplayed = 0
    /// Every handler met so far this round, in order; a call's slice of it is its trace.
    @exclusivity(unchecked) var handlerLog: [Int] = []
    /// Each handler note met, once; the log and memo traces hold their positions here. WHY: a trace keeps
    /// each note once, and telling repeats apart by hashing notes (two strings each) was a quarter of
    /// instantiation in radianttap apps, where every call an action travels through builds a trace.
    @exclusivity(unchecked) var handlerNotes: [HandlerNote] = []
    @exclusivity(unchecked) var handlerNoteIDs: [HandlerNote: Int] = [:]
    /// Per note, the last trace that took it (see `trace(since:)`).
    @exclusivity(unchecked) var noteTakenBy: [Int] = []
    @exclusivity(unchecked) var tracesBuilt = 0
    @exclusivity(unchecked) var inProgress: Set<MemoKey> = []
    /// A screen shown reachably or not: each runs once a round.
    struct Activation: Hashable {
        var screen: String
        var reachable: Bool
    }
    @exclusivity(unchecked) var activated: Set<Activation> = []
    /// Screens shown only by unreachable code this round, run after the round (see `activate`).
    @exclusivity(unchecked) var deferredActivations: [String] = []
    @exclusivity(unchecked) var deferringUnreachable = false
    /// Screens shown this round and not yet run, first shown first (see `activate`).
    @exclusivity(unchecked) var pendingActivations: [Activation] = []
    @exclusivity(unchecked) var pendingActivationsRun = 0
    @exclusivity(unchecked) var trackers: [ActionTracker] = []
    @exclusivity(unchecked) var effectCounter = 0
    /// Navigation effects per route (`via`): shows, presents, starts, pops.
    @exclusivity(unchecked) var viaEffects: NameMap<Int> = [:]
    /// What this round read of the state rounds share, and whether something it read grew afterwards.
    @exclusivity(unchecked) var roundReads = RoundReads()
    @exclusivity(unchecked) var containment: [Values] = []
    @exclusivity(unchecked) var caseOwners: [String: [String]]?
    @exclusivity(unchecked) var actionTargetCache: NameMap<Bool> = [:]
    /// One entry per running coordinator method (see `ContainerPresents`).
    @exclusivity(unchecked) var containerPresents: [ContainerPresents] = []
    /// While positive, navigation effects are not recorded: an adapter has recorded what a call means and
    /// runs its body only for the data it moves (F3 routers).
    @exclusivity(unchecked) var muteNavigation = 0
    @exclusivity(unchecked) var hostedViewCache: NameMap<[String]> = [:]
    /// `appFunctions(of:)` per type: the index does not change while the interpreter runs.
    @exclusivity(unchecked) var appFunctionCache: NameMap<[FunctionRef]> = [:]
    /// `referencedMethod` per type and name, misses included.
    @exclusivity(unchecked) var methodLookups: WordMap<NamePair, MethodLookup> = [:]
    struct MethodLookup { var fn: FunctionRef? }
    /// `traits(of:)` per type: classification does not change while the interpreter runs.
    @exclusivity(unchecked) var traitsCache: NameMap<TypeTraits> = [:]
    /// Whether the app declares a `UIView` subclass (see `hostedViews`).
    @exclusivity(unchecked) var appViewTypesExist: Bool?
    /// The route-enum arms running now (route, coordinator), innermost last: a route case the same
    /// coordinator builds inside an arm is where that arm's route leads
    /// (`.catalog` → `catalogCoordinator?.setupActivePage(.home)`).
    @exclusivity(unchecked) var routeArmStack: [(route: String, owner: String?)] = []
    /// Open captures of the enum cases built meanwhile (see `capturingCases`).
    @exclusivity(unchecked) var caseCapture: [[String]] = []
    /// Route methods per coordinator when its family names them (`FamilyAdapter.routeMethods`).
    @exclusivity(unchecked) var declaredRouteMethods: [String: [String: SourceLocation]] = [:]
    static let maximumCallDepth = 48

    // Recorded results
    @exclusivity(unchecked) public internal(set) var edges: Set<Edge> = []
    @exclusivity(unchecked) public internal(set) var reached: Set<String> = []
    @exclusivity(unchecked) var executedReachable: Set<ExecutedFunction> = []
    /// Read mid-round through `parentsOf` (see `run`).
    @exclusivity(unchecked) public internal(set) var parents: [String: Set<String>] = [:]
    @exclusivity(unchecked) public internal(set) var methodRoutes: [String: RouteRecord] = [:]
    @exclusivity(unchecked) public internal(set) var enumArms: [String: RouteRecord] = [:]
    /// Route case → route case built inside its arm (a route leading to another coordinator's route).
    @exclusivity(unchecked) public internal(set) var routeLinks: Set<RouteLink> = []
    @exclusivity(unchecked) public internal(set) var routeEnumsSeen: Set<String> = []
    /// Coordinators whose container a tab bar lists (see `noteTabFlows`).
    @exclusivity(unchecked) public internal(set) var tabFlows: Set<String> = []
    /// Children a parent's own call says are done (see `noteChildrenFinished`), added after the rounds.
    @exclusivity(unchecked) var parentSideFinishes: Set<Edge> = []
    @exclusivity(unchecked) public internal(set) var sends: [ActionSend] = []
    @exclusivity(unchecked) public internal(set) var extraNodes: [String: Node] = [:]
    @exclusivity(unchecked) public internal(set) var rootScreens: Set<String> = []
    /// Enum routes that reachable code enters (triggers, initial routes, deep links), whether or not an arm handles them.
    @exclusivity(unchecked) public internal(set) var routesEntered: Set<String> = []
    @exclusivity(unchecked) public internal(set) var warnings: [Diagnostic] = []
    /// Rounds `run` needed to reach the fixpoint (see `RoundReads`).
    @exclusivity(unchecked) public private(set) var roundsRun = 0
    /// Seconds per step of `run` (each round, the unreachable pass, the adapters' finish), for `--timings`.
    @exclusivity(unchecked) public private(set) var phases: [(step: String, seconds: Double)] = []

    public struct RouteRecord {
        public var name: String
        public var owner: String
        public var location: SourceLocation
        public var reachable: Bool
        public var hasEffect: Bool
        /// For a method route: its function (`FunctionRef.memoID`), to tell whether its code ran reachably.
        var function: Int? = nil
    }

    /// A method route only unreachable code entered, whose method nonetheless ran reachably as part of
    /// another route (a helper that `start()` calls, run once more for coverage by `runUnreachable` from
    /// `start(with:)`): its code is not dead, so it is no route of its own.
    func ranAsPartOfAnotherRoute(_ r: RouteRecord) -> Bool {
        guard !r.reachable, let function = r.function else { return false }
        return executedReachable.contains(ExecutedFunction(type: r.owner, function: function))
    }

    public struct RouteLink: Hashable {
        public var from: String
        public var to: String
        public var location: SourceLocation
        public var reachable: Bool
    }

    public struct ActionSend: Hashable {
        public var sender: Owner
        public var action: String
        public var declaringType: String
        public var location: SourceLocation
        public var reachable: Bool
        public var handler: Owner?
        public var handlerLocation: SourceLocation?
        public var chain: [String]
        public var note: String?
        /// Per-responder detail of the chain, when an adapter resolves it (responder chains, events).
        public var steps: [ChainStep]? = nil
        /// Route values the send carries (`PageBox(.cart)` carries `AppCoordinator.Page.cart`).
        public var carries: [String]? = nil
        /// A non-coordinator (presenter) that handles the action itself, without navigating.
        public var handledWithin: String?
    }

    /// A coordinator function (or closure) that ran and so may handle the actions being sent.
    struct HandlerNote: WordHashed {
        var owner: Owner
        var location: SourceLocation
        var isEmpty: Bool

        var wordHash: UInt64 {
            var w = WordHasher()
            w.combine(owner.name)
            w.combine(location.file)
            w.combine(location.line)
            w.combine(isEmpty)
            return w.value
        }
    }

    /// A memoized call's side information: the handlers it reached (a presenter's `coordinator.openY()`) and
    /// whether it navigated, replayed on a cache hit so a second sender, or a switch arm, sees the same.
    struct MemoTrace {
        /// Positions in `handlerNotes`.
        var handlers: [Int]
        var navigated: Bool
    }

    struct MemoEntry {
        var returns: Values
        var trace: MemoTrace
    }

    /// Per coordinator-method invocation: navigation containers presented with no known screen inside (a
    /// router's or a child's own navigation controller), and the coordinators started. A child started
    /// next to such a present is what the present shows (`router.present(childRouter); child.start()`).
    struct ContainerPresents {
        var owner: Owner
        var presents: [(mechanism: String, via: String?, location: SourceLocation, reachable: Bool)] = []
        var started: [(coordinator: String, reachable: Bool)] = []
    }

    final class ActionTracker {
        @exclusivity(unchecked) var handler: Owner?
        @exclusivity(unchecked) var handlerLocation: SourceLocation?
        @exclusivity(unchecked) var emptyHandler: SourceLocation?
        @exclusivity(unchecked) var chain: [String] = []
    }

    public init(index: TypeIndex, adapters: [any FamilyAdapter], queries: ProgramQueries, storyboards: StoryboardIndex = StoryboardIndex(),
                options: ResolveOptions = ResolveOptions()) {
        self.index = index
        self.queries = queries
        self.options = options
        self.adapters = adapters
        self.storyboards = storyboards
        self.hooks = adapters.compactMap { $0 as? InterpreterHooks }
        self.frameAwareAdapters = adapters.compactMap { $0 as? FrameAwareAdapter }
        self.intrinsicAdapters = adapters.compactMap { $0 as? IntrinsicHandling }
        classify()
        // Some six calls in distinct contexts and four edges per type in the synthetic apps: sized so that
        // the memo, the edge set and its call sites seldom grow (growing rehashes every edge's strings).
        memo.reserveCapacity(8 * index.types.count)
        edges.reserveCapacity(4 * index.types.count)
        edgeSites.reserveCapacity(4 * index.types.count)
    }

    // MARK: - Classification

    static let viewControllerBase = "UIViewController"
    static let navigationControllerBase = "UINavigationController"
    static let appProtocols: Set<String> = ["UIApplicationDelegate", "UIWindowSceneDelegate", "UISceneDelegate"]

    func classify() {
        for a in adapters {
            let bases = a.coordinatorBases(index)
            coordinatorBases.formUnion(bases)
            adapterRouteEnums.formUnion(a.routeEnums(index))
            nonRouteEnums.formUnion(a.nonRouteEnums(index))
            for t in index.types.values where t.origin == .app && t.isDeclared && t.kind != .protocol && t.kind != .enum
                && index.isSubtype(t.name, ofAny: bases) && familyOfType[t.name] == nil {
                familyOfType[t.name] = type(of: a).id
            }
        }
        // Configured base types (`.navgraph.yml`) add to what the families recognise.
        let configured = { (names: [String]) in Set(names.map { self.index.resolve($0) ?? $0 }) }
        coordinatorBases.formUnion(configured(options.coordinatorTypes))
        let screenBases = configured(options.screenTypes)
        routerBases = configured(options.routerTypes)
        let configuredRoots = configured(options.roots)
        for t in index.types.values where t.origin == .app && t.isDeclared {
            guard t.kind == .class || t.kind == .struct || t.kind == .actor else { continue }
            if index.isSubtype(t.name, ofAny: coordinatorBases) {
                coordinatorTypes.insert(t.name)
            } else if (t.kind == .class && index.isSubtype(t.name, of: Interpreter.viewControllerBase)
                && !index.isSubtype(t.name, of: Interpreter.navigationControllerBase)) || index.isSubtype(t.name, ofAny: screenBases) {
                screenTypes.insert(t.name)
            }
            let attrs = Set(t.attributes)
            if attrs.contains("main") || attrs.contains("UIApplicationMain") || configuredRoots.contains(t.name)
                || index.supertypes(t.name).contains(where: { Interpreter.appProtocols.contains($0) }) {
                if !screenTypes.contains(t.name) && !coordinatorTypes.contains(t.name) { appTypes.append(t.name) }
                else if screenTypes.contains(t.name) { rootScreens.insert(t.name) }
            }
        }
        appTypes.sort()
        // What `ownerFor` answers, in one lookup (a coordinator that is also an entry point runs as a coordinator).
        for a in appTypes { ownerKinds[a] = .app }
        for s in screenTypes { ownerKinds[s] = .screen }
        for c in coordinatorTypes { ownerKinds[c] = .coordinator }
        // Helper classes with state of their own: not coordinators, screens, views or other responders
        // (adapters and UIKit knowledge read their properties by type), and declaring a stored property.
        for t in index.types.values where t.origin == .app && t.isDeclared && t.kind == .class
            && !coordinatorTypes.contains(t.name) && !screenTypes.contains(t.name) && !index.isSubtype(t.name, of: "UIResponder")
            && ([t.name] + index.supertypes(t.name)).contains(where: { index[$0]?.properties.values.contains { $0.decl.getter == nil && !$0.decl.isStatic } ?? false }) {
            sitedTypes.insert(t.name)
        }
        // A family that names its route methods makes each a route node, called or not, at its declaration.
        for c in coordinatorTypes {
            guard let a = adapters.first(where: { type(of: $0).id == familyOfType[c] }), let routes = a.routeMethods(of: c, index) else { continue }
            declaredRouteMethods[c] = routes
            for (selector, loc) in routes {
                let name = "\(c).\(selector)"
                methodRoutes[name] = RouteRecord(name: name, owner: c, location: loc, reachable: false, hasEffect: true)
            }
        }
    }

    public func isCoordinator(_ t: String) -> Bool { coordinatorTypes.contains(t) }
    public func isScreen(_ t: String) -> Bool { screenTypes.contains(t) }

    func ownerFor(_ type: String?) -> Owner? {
        guard let type, let kind = ownerKinds[type] else { return nil }
        return Owner(kind: kind, name: type)
    }

    /// What a call asks about the type `self` has or the type declaring the function (see `invoke`).
    struct TypeTraits {
        /// The kind of node the type runs as (`ownerFor`).
        var ownerKind: NodeKind?
        var isCoordinator: Bool
        /// An app-declared `UIView` subclass (see `isTransparent`).
        var isAppView: Bool
        var isProtocol: Bool
        /// The route methods its family names (`declaredRouteMethods`).
        var declaredRoutes: [String: SourceLocation]?
    }

    /// `type`'s traits, found with one lookup. WHY: a call asked them of the same name in some ten lookups,
    /// each hashing the type's name again (hashing strings was a third of instantiation).
    func traits(of type: String) -> TypeTraits {
        if let known = traitsCache[type] { return known }
        let info = index[type]
        let traits = TypeTraits(ownerKind: ownerKinds[type], isCoordinator: coordinatorTypes.contains(type),
                                isAppView: info?.origin == .app && index.isSubtype(type, of: "UIView"),
                                isProtocol: info?.kind == .protocol, declaredRoutes: declaredRouteMethods[type])
        traitsCache[type] = traits
        return traits
    }

    // MARK: - Running

    public func run() {
        var lastSize = -1
        let trace = ProcessInfo.processInfo.environment["NAVGRAPH_TRACE_ROUNDS"] != nil
        for round in 0..<8 {
            let started = Date()
            defer { phases.append(("round \(round)", Date().timeIntervalSince(started))) }
            defer { if trace { FileHandle.standardError.write(Data("round \(round): \(Date().timeIntervalSince(started)) s, \(edges.count) edges, \(memo.count) memo, \(deadArmsRun) dead arms run, \(deadArmsReplayed) replayed, stale: \(roundReads.staleReason ?? "no")\n".utf8)); traceMemo() } }
            memo.removeAll(keepingCapacity: true)
            deadArms.removeAll(keepingCapacity: true)
            deadArmContexts.removeAll(keepingCapacity: true)
            roundReads = RoundReads()
            roundsRun += 1
            // Property initializers run again each round, like method bodies: what they construct (a
            // coordinator whose `init` triggers its initial route) must send its actions in the final round too.
            initializedProperties.removeAll(keepingCapacity: true)
            handlerLog.removeAll(keepingCapacity: true)
            activated.removeAll(keepingCapacity: true)
            sends.removeAll(keepingCapacity: true)
            deferringUnreachable = options.deferUnreachableScreens
            defer { deferringUnreachable = false }
            for app in appTypes { runAll(of: app, reachable: true); runPendingActivations() }
            for screen in rootScreens { activate(screen, reachable: true); runPendingActivations() }
            // Screens only shown by code that cannot run, and the screens they show in turn.
            while !deferredActivations.isEmpty {
                let waiting = deferredActivations
                deferredActivations = []
                for screen in waiting where !activated.contains(Activation(screen: screen, reachable: true)) {
                    activate(screen, reachable: false, deferrable: false)
                }
                runPendingActivations()
            }
            let size = heap.values.reduce(0) { $0 + $1.count } + edges.count + reached.count + closures.count
            if size == lastSize { break }
            lastSize = size
            let roots = rootScreens
            if appTypes.isEmpty && rootScreens.isEmpty { findRootScreens() }
            // Every read of shared state saw its final value: the next round would replay this one exactly
            // (same reads, same branches, same unions), so it is skipped. WHY: that confirming round was half
            // the cost of instantiation.
            if !roundReads.stale && rootScreens == roots && !options.confirmFixpoint { break }
        }
        if rootScreens.isEmpty { findRootScreens(); if !rootScreens.isEmpty { run() ; return } }
        var started = Date()
        runUnreachable()
        phases.append(("unreachable", Date().timeIntervalSince(started)))
        started = Date()
        for a in adapters { a.finish(self) }
        addParentSideFinishes()
        phases.append(("finish", Date().timeIntervalSince(started)))
    }

    /// With `NAVGRAPH_TRACE_ROUNDS`: which selectors the memo holds most entries of (calls in distinct contexts).
    func traceMemo() {
        var byFunction: [String: Int] = [:]
        var selectors: [Int: String] = [:]
        for t in index.types.values { for fn in t.functions { selectors[fn.memoID] = fn.selector } }
        for k in memo.keys {
            switch k.kind {
            case .function(let f): byFunction[selectors[f.function] ?? "?", default: 0] += 1
            case .closure: byFunction["<closure>", default: 0] += 1
            }
        }
        for (k, v) in byFunction.sorted(by: { $0.value > $1.value }).prefix(12) { FileHandle.standardError.write(Data("  \(v) \(k)\n".utf8)) }
    }

    /// A view controller that creates coordinators and that no code constructs (the storyboard's initial
    /// controller, say) roots the app when no delegate does.
    func findRootScreens() {
        // Which types code constructs, asked only once a screen was not reached (in most apps none is: the
        // set costs a pass over every indexed type).
        lazy var constructed = constructedTypeNames()
        for s in screenTypes.sorted() where !reached.contains(Node.id(.screen, s)) && !constructed.contains(s) {
            let creates = (index[s]?.functions ?? []).contains { fn in
                mentions(fn.decl.body ?? [], anyOf: coordinatorTypes)
            }
            let isInitial = storyboards.initialScreens.contains(s)
            if creates && (appTypes.isEmpty || isInitial) { rootScreens.insert(s) }
        }
        for s in storyboards.initialScreens where screenTypes.contains(s) && appTypes.isEmpty { rootScreens.insert(s) }
    }

    func runUnreachable() {
        for c in coordinatorTypes.sorted() {
            for fn in appFunctions(of: c) where !executedReachable.contains(key(c, fn)) {
                var f = Frame(selfType: c, codeOwner: fn.owner, file: fn.file, origin: fn.origin, owner: ownerFor(c), reachable: false, depth: 0)
                _ = invoke(fn, selfType: c, args: [], caller: &f, line: fn.decl.line)
                runPendingActivations()
            }
        }
        for s in screenTypes.sorted() where !reached.contains(Node.id(.screen, s)) {
            activate(s, reachable: false)
            runPendingActivations()
        }
    }

    func key(_ type: String, _ fn: FunctionRef) -> ExecutedFunction { ExecutedFunction(type: type, function: fn.memoID) }

    /// Functions declared in the app for a type and its app-declared superclasses and protocol extensions.
    func appFunctions(of type: String) -> [FunctionRef] {
        if let cached = appFunctionCache[type] { return cached }
        let result = collectAppFunctions(of: type)
        appFunctionCache[type] = result
        return result
    }

    private func collectAppFunctions(of type: String) -> [FunctionRef] {
        // Protocol-extension defaults run only when called; a type's own and superclass bodies may be entered by the system.
        let owners = [type] + index.supertypes(type).filter { index[$0].map { $0.origin == .app && $0.kind != .protocol } ?? false }
        func runnable(_ fn: FunctionRef) -> Bool { fn.origin == .app && fn.decl.body != nil && !fn.decl.isStatic }
        guard owners.count > 1 else {
            // One owner (most screens): one signature of one owner is one `memoID`, hashed faster than its text.
            guard let t = index[type] else { return [] }
            var seen = Set<Int>()
            return t.functions.filter { runnable($0) && seen.insert($0.memoID).inserted }
        }
        var seen = Set<String>()
        var result: [FunctionRef] = []
        for owner in owners {
            guard let t = index[owner] else { continue }
            for fn in t.functions where runnable(fn) {
                if seen.insert(fn.signature).inserted { result.append(fn) }
            }
        }
        return result
    }

    /// A parameter's type as seen where the function is declared, so a caller's `.case` argument resolves
    /// against the callee's enum (`accountCoordinator?.setupActivePage(.login)` means `AccountCoordinator.Page`
    /// even when the caller has a `Page` of its own).
    func expectedType(_ written: String?, in owner: String) -> String? {
        guard let written else { return nil }
        let element = TypeIndex.arrayElement(written)
        guard let resolved = index.resolve(element ?? written, from: owner) else { return written }
        return element != nil ? "[\(resolved)]" : resolved
    }

    /// Runs every method of an entry-point type (the system may call any of them).
    func runAll(of type: String, reachable: Bool) {
        if reachable, let o = ownerFor(type) { reached.insert(o.id) }
        for fn in appFunctions(of: type) {
            var f = Frame(selfType: type, codeOwner: fn.owner, file: fn.file, origin: .app, owner: ownerFor(type), reachable: reachable, depth: 0)
            _ = invoke(fn, selfType: type, args: [], caller: &f, line: fn.decl.line)
        }
    }

    /// A shown screen: the system calls its lifecycle methods and the user triggers its actions.
    func activate(_ screen: String, reachable: Bool, deferrable: Bool = true) {
        if !reachable && deferrable && deferringUnreachable && muteNavigation == 0 {
            // Shown by code that cannot run (another arm of a route switch): what the screen does then is
            // what it does when shown for real, only unreachable. Wait until the round has run: a screen
            // shown for real by then need not run again (WHY: every route switch shows each of its other
            // screens this way, which doubled the screens run per round).
            if !activated.contains(Activation(screen: screen, reachable: true)) { deferredActivations.append(screen) }
            return
        }
        let activation = Activation(screen: screen, reachable: reachable)
        guard activated.insert(activation).inserted else { return }
        if reachable { reached.insert(Node.id(.screen, screen)) }
        // The screen runs once the code that showed it has returned, as in UIKit, where `viewDidLoad` and
        // the user's taps come after the showing method. WHY: run at once, a screen read its closure and
        // delegate properties before the rest of that method (the other arms of a route switch) set them,
        // and the whole round ran again for that.
        pendingActivations.append(activation)
    }

    /// Runs the screens shown so far, and those they show in turn, in the order they were shown. Called
    /// where nothing else runs: between the top-level steps of a round.
    func runPendingActivations() {
        while pendingActivationsRun < pendingActivations.count {
            let next = pendingActivations[pendingActivationsRun]
            pendingActivationsRun += 1
            runActivation(next.screen, reachable: next.reachable)
        }
        pendingActivations.removeAll(keepingCapacity: true)
        pendingActivationsRun = 0
    }

    /// A shown screen's run: its segues, methods and hosted views.
    /// It runs at the top level of a round, so nothing of the code that showed it (a route arm, an action
    /// being handled, a message being delivered) is running: what it does is its own.
    func runActivation(_ screen: String, reachable: Bool) {
        // Segues wired to controls in a storyboard run when the user taps; manual ones wait for `performSegue`.
        for (segue, destination) in storyboards.segues(from: screen) where !segue.isManual {
            followSegue(segue, to: destination, from: screen, mechanism: "segue", location: segue.location, reachable: reachable)
        }
        for fn in appFunctions(of: screen) where fn.decl.name != "init" && !Interpreter.isInert(fn) {
            var f = Frame(selfType: screen, codeOwner: fn.owner, file: fn.file, origin: .app,
                          owner: Owner(kind: .screen, name: screen), reachable: reachable, depth: 0)
            _ = invoke(fn, selfType: screen, args: [], caller: &f, line: fn.decl.line)
        }
        // Views and cells the screen creates, dequeues or holds act on its behalf: their taps are the
        // screen's (a cell's responder chain reaches the screen through the view hierarchy).
        for view in hostedViews(of: screen) {
            for fn in appFunctions(of: view) where !Interpreter.isInert(fn) {
                var f = Frame(selfType: view, codeOwner: fn.owner, file: fn.file, origin: .app,
                              owner: Owner(kind: .screen, name: screen), reachable: reachable, depth: 0)
                _ = invoke(fn, selfType: view, args: [], caller: &f, line: fn.decl.line)
            }
        }
    }

    /// A function whose sliced body is empty and whose parameters have no defaults: the system calling it
    /// on a screen or view records nothing (a coordinator's call still notes handlers and routes, so only
    /// `activate` skips these). WHY: most of a screen's methods are layout code.
    static func isInert(_ fn: FunctionRef) -> Bool {
        fn.runBody?.isEmpty == true && fn.decl.body?.isEmpty == false && fn.decl.parameters.allSatisfy { $0.defaultValue == nil }
    }

    /// App-declared `UIView` subclasses a screen builds (`V(…)`), casts to (`as! V`, dequeued cells),
    /// registers (`V.self`) or holds in a property typed `V`; and, transitively, the views those build.
    public func hostedViews(of type: String) -> [String] {
        if let cached = hostedViewCache[type] { return cached }
        hostedViewCache[type] = []
        func isView(_ t: String) -> Bool {
            index[t]?.origin == .app && index[t]?.kind == .class && index.isSubtype(t, of: "UIView") && !screenTypes.contains(t)
        }
        // An app that declares no view of its own hosts none: no need to read every screen's code.
        if appViewTypesExist == nil { appViewTypesExist = index.types.keys.contains(where: isView) }
        if appViewTypesExist == false { return [] }
        var found: [String] = []
        func note(_ written: String, _ context: String) {
            if let t = index.resolve(written, from: context), isView(t), t != type, !found.contains(t) { found.append(t) }
        }
        for owner in [type] + index.supertypes(type) {
            guard let info = index[owner], info.origin == .app else { continue }
            for p in info.properties.values where p.origin == .app { if let t = p.decl.type { note(t, owner) } }
            var bodies: [[Stmt]] = info.functions.filter { $0.origin == .app }.compactMap(\.decl.body)
            bodies += info.properties.values.filter { $0.origin == .app }.compactMap { p in
                p.decl.getter ?? p.decl.initializer.map { [.expr($0, line: p.decl.line)] }
            }
            for body in bodies {
                body.forEachExpr { e in
                    switch e {
                    case .call(.ref(let n), _, _): note(n, owner)
                    case .cast(_, let t): note(t, owner)
                    case .member(.ref(let n)?, "self", _): note(n, owner)
                    default: break
                    }
                }
            }
        }
        var all = found.sorted()
        for v in found { for inner in hostedViews(of: v) where !all.contains(inner) { all.append(inner) } }
        hostedViewCache[type] = all
        return all
    }

    // MARK: - Functions

    /// Calls `fn` with `self` of type `selfType`. Arguments are evaluated in the caller's frame.
    func invoke(_ fn: FunctionRef, selfType: String?, selfSite: Int = 0, isStatic: Bool = false, args: [Argument], caller: inout Frame,
                line: Int, preEvaluated: Locals<Values> = [:]) -> Values {
        guard caller.depth < Interpreter.maximumCallDepth else { return [] }
        if fn.origin == .library, fn.decl.name == "setViewControllers", fn.owner == "UITabBarController", let list = args.first {
            noteTabFlows(list.value, &caller)
        }
        // Bind arguments to parameters by label.
        var env = preEvaluated
        var localTypes: Locals<String> = [:]
        // Sized once: grown one parameter at a time, each table was copied as often.
        if !fn.decl.parameters.isEmpty {
            env.reserveCapacity(preEvaluated.count + fn.decl.parameters.count)
            localTypes.reserveCapacity(fn.decl.parameters.count)
        }
        var ai = 0
        for p in fn.decl.parameters {
            // `route: RouteType` in `BaseCoordinator<RouteType, …>` is `NewsRoute` when self is a `NewsCoordinator`;
            // other parameter types are resolved where the function is declared.
            let bound = boundType(p.type, declaredIn: fn.owner, selfType: selfType)
            let pType = bound != p.type ? bound : expectedType(p.type, in: fn.owner)
            localTypes[p.name] = pType
            if ai < args.count, args[ai].label == p.label || (args[ai].label == nil && ai == args.count - 1 && (p.type.map(TypeIndex.isFunctionType) ?? false)) {
                env.formUnion(p.name, with: eval(args[ai].value, &caller, expected: pType))
                ai += 1
            } else if let d = p.defaultValue, env[p.name] == nil {
                env[p.name] = eval(d, &caller, expected: pType)
            }
        }
        while ai < args.count { _ = eval(args[ai].value, &caller); ai += 1 }

        let selfTraits = selfType.map(traits(of:))
        let owner = selfTraits?.ownerKind.map { Owner(kind: $0, name: selfType!) } ?? caller.owner
        let transparent = isTransparent(fn, selfTraits)
        // Edges made inside transparent code are located at the app call that entered it.
        let site: SourceLocation? = transparent ? caller.location(line) : nil
        var via = caller.via
        if let st = selfType, selfTraits!.isCoordinator, fn.origin == .app, !transparent, !isLifecycle(fn.decl) {
            if let declared = selfTraits!.declaredRoutes {
                // The family names the routes; other methods (delegate callbacks, helpers) run under the caller's.
                if declared[fn.selector] != nil { via = String.qualified(st, fn.selector) }
            } else if !(caller.owner?.name == st && caller.via != nil) {
                // A coordinator's own helper called from one of its routes belongs to that route; called from
                // elsewhere (a screen's action, another flow, `start`) it is a route of its own.
                via = String.qualified(st, fn.selector)
            }
        }
        if let v = via, v != caller.via, selfTraits?.declaredRoutes?[fn.selector] != nil {
            // A named route is reached when reachable code calls it, navigating or not; one route calling
            // another (a deep-link arm opening a screen, a child's delegate reopening the parent) leads to it.
            if caller.reachable { methodRoutes[v]?.reachable = true }
            if let from = caller.via {
                addEdge(from: Node.id(.route, from), to: Node.id(.route, v), kind: .route, via: nil, mechanism: "call",
                        location: caller.location(line), reachable: caller.reachable)
            }
        }
        // Library code also keeps the app line that called into it and who ran that line: an XCoordinator
        // `trigger` written in a view model is sent from that line, by the screen owning the view model.
        let siteOwner: Owner? = fn.origin == .library ? (caller.origin == .app ? caller.owner : caller.siteOwner) : nil
        let callSite: SourceLocation? = fn.origin == .library ? (caller.origin == .app ? SourceLocation(file: caller.file, line: line) : caller.callSite) : nil
        let memoKey = MemoKey.function(FunctionCallKey(selfType: selfType, selfSite: selfSite, isStatic: isStatic, function: fn.memoID, reachable: caller.reachable,
                                                       via: via, owner: owner, arguments: env, site: site, muted: muteNavigation,
                                                       callSite: callSite, siteOwner: siteOwner))
        if let cached = memo[memoKey] { replay(cached.trace); return cached.returns }
        if inProgress.contains(memoKey) { noteHandler(fn, selfType: selfType, selfTraits); return [] }
        inProgress.insert(memoKey)
        defer { inProgress.remove(memoKey) }
        let traceStart = traceMark()

        if caller.reachable, let st = selfType { executedReachable.insert(key(st, fn)) }
        noteHandler(fn, selfType: selfType, selfTraits)
        if let st = selfType, let callerOwner = caller.owner, callerOwner.kind == .coordinator, selfTraits!.isCoordinator {
            if st != callerOwner.name {
                if parentsOf(callerOwner.name).contains(Node.id(.coordinator, st)), Interpreter.isFinishName(fn.decl.name) {
                    addEdge(from: callerOwner.id, to: Node.id(.coordinator, st), kind: .finishes, via: nil,
                            mechanism: fn.decl.name, location: caller.location(line), reachable: caller.reachable)
                }
            } else if !env.isEmpty {
                noteChildrenFinished(by: fn, parent: st, env, caller: caller, line: line)
            }
        }

        var frame = Frame(selfType: selfType, selfSite: selfSite, isStatic: isStatic, codeOwner: fn.owner, file: fn.file, origin: fn.origin,
                          env: env, localTypes: localTypes, owner: owner, via: via, reachable: caller.reachable,
                          site: site, siteOwner: siteOwner, callSite: callSite, returnType: fn.decl.returnType, depth: caller.depth + 1)
        let collecting = !transparent && owner?.kind == .coordinator && selfType == owner?.name
        if collecting { containerPresents.append(ContainerPresents(owner: owner!)) }
        frame.function = fn.selector
        let body = fn.runBody ?? []
        if body.count == 1, case .expr(let e, let l) = body[0], fn.decl.returnType != nil {
            exec([.ret(e, line: l)], &frame)
        } else {
            exec(body, &frame)
        }
        if let rt = fn.decl.returnType, rt == "Self" || rt == "Self?", let st = selfType { frame.returns.insert(.object(st, site: selfSite)) }
        if fn.decl.name == "init", let st = selfType { frame.returns.insert(.object(st, site: selfSite)) }
        if let labels = fn.decl.returnType.flatMap(TypeIndex.tupleLabels) { frame.returns = relabel(frame.returns, labels) }
        if collecting { pairContainerPresents(containerPresents.removeLast()) }
        if let v = via, v != caller.via, hasEffects(v), let st = selfType {
            var r = methodRoutes[v] ?? RouteRecord(name: v, owner: st, location: fn.location, reachable: false, hasEffect: true, function: fn.memoID)
            r.reachable = r.reachable || caller.reachable
            methodRoutes[v] = r
        }
        memo[memoKey] = MemoEntry(returns: frame.returns, trace: trace(since: traceStart))
        return frame.returns
    }

    /// Code that runs on behalf of whoever called it rather than as a node of its own: built-in library
    /// knowledge, protocol-extension defaults (a family's vendored library, `Storyboarded`), and methods of
    /// helper types that are neither coordinators, screens nor app roots (routers, factories, services).
    func isTransparent(_ fn: FunctionRef, _ selfTraits: TypeTraits?) -> Bool {
        if fn.origin == .library { return true }
        if traits(of: fn.owner).isProtocol { return true }
        // A view or cell a screen hosts runs as part of that screen (see `hostedViews`): its sends are where
        // it makes them.
        if selfTraits?.isAppView == true { return false }
        return selfTraits?.ownerKind == nil
    }

    /// A function declared to return a labelled tuple gives its tuple values those labels
    /// (`return (coordinator, controller)` from `-> (configurator: Coordinator, toPresent: Presentable?)`).
    func relabel(_ values: Values, _ labels: [String?]) -> Values {
        Values(values.map { v in
            if case .tuple(_, let parts) = v, parts.count == labels.count { return .tuple(labels, parts) }
            return v
        })
    }

    /// Where a call's trace starts: the handler log's length and the effect count now.
    func traceMark() -> (handlers: Int, effects: Int) { (handlerLog.count, effectCounter) }

    /// What a call did since `start` (see `traceMark`).
    func trace(since start: (handlers: Int, effects: Int)) -> MemoTrace {
        // A handler met again changes nothing `applyHandler` does (the first one of an action wins, a chain
        // lists each coordinator once): each is kept once. WHY: replays append whole traces to the log, so
        // traces of nested calls grew with every call an event travelled through.
        var handlers: [Int] = []
        if start.handlers < handlerLog.count {
            tracesBuilt += 1
            for id in handlerLog[start.handlers...] where noteTakenBy[id] != tracesBuilt {
                noteTakenBy[id] = tracesBuilt
                handlers.append(id)
            }
        }
        return MemoTrace(handlers: handlers, navigated: effectCounter > start.effects)
    }

    func replay(_ trace: MemoTrace) {
        for h in trace.handlers { applyHandler(h) }
        if trace.navigated { effectCounter += 1 }
    }

    /// A parameter typed with a generic parameter of the function's declaring type, bound through `self`'s
    /// inheritance: `RouteType` of `BaseCoordinator<RouteType, …>` in a `NavigationCoordinator<NewsRoute>`.
    func boundType(_ written: String?, declaredIn owner: String, selfType: String?) -> String? {
        guard let w = written, let st = selfType,
              let arg = index.genericBinding(TypeIndex.baseName(w), declaredIn: owner, for: st) else { return written }
        return arg + (w.hasSuffix("?") ? "?" : "")
    }

    /// Draws a storyboard segue from a shown screen and shows its destination (and what it contains).
    func followSegue(_ segue: StoryboardIndex.Segue, to destination: StoryboardIndex.Scene, from screen: String,
                     mechanism: String, location: SourceLocation, reachable: Bool) {
        guard let kind = segue.edgeKind else { return }
        for cls in storyboards.contents(of: destination) where screenTypes.contains(cls) && cls != screen {
            addEdge(from: Node.id(.screen, screen), to: Node.id(.screen, cls), kind: kind, via: nil,
                    mechanism: "\(mechanism):\(segue.kind)", location: location, reachable: reachable)
            activate(cls, reachable: reachable)
        }
    }

    /// A parent that tells itself a child is done (`childDidFinish(vc.coordinator)` in its navigation
    /// controller delegate's `didShow`, once a back pop took the child's first screen away): the child
    /// coordinators among the arguments finish back to it.
    func noteChildrenFinished(by fn: FunctionRef, parent st: String, _ env: Locals<Values>, caller: Frame, line: Int) {
        var children: [String] = []
        for (_, values) in env {
            for case .object(let c, _) in values where c != st && isCoordinator(c) && !children.contains(c) { children.append(c) }
        }
        guard !children.isEmpty, Interpreter.isFinishName(fn.decl.name) else { return }
        let parent = Node.id(.coordinator, st)
        for c in children where parentsOf(c).contains(parent) {
            parentSideFinishes.insert(Edge(from: Node.id(.coordinator, c), to: parent, kind: .finishes, via: nil, mechanism: fn.decl.name,
                                           location: caller.location(line), reachable: caller.reachable))
        }
    }

    /// Adds the finishes that only a parent's own call tells (see `noteChildrenFinished`), for the children
    /// that do not finish back to that parent themselves. WHY: where a child says it is done (a closure,
    /// `parentCoordinator?.childDidFinish(self)`), the parent's removal call in its handler is the same
    /// finish, and a second edge for it would only clutter the graph.
    func addParentSideFinishes() {
        var told = Set<NamePair>()
        for e in edges where e.kind == .finishes { told.insert(NamePair(e.from, e.to)) }
        let kept = parentSideFinishes.filter { !told.contains(NamePair($0.from, $0.to)) }
        for e in kept.sorted(by: NavGraph.edgeOrder) {
            addEdge(from: e.from, to: e.to, kind: e.kind, via: e.via, mechanism: e.mechanism, location: SourceLocation(file: e.file, line: e.line), reachable: e.reachable)
        }
    }

    /// Names a child uses to tell its parent it is done (`childDidFinish`, `removeDependency`, …).
    static func isFinishName(_ name: String) -> Bool {
        let n = name.lowercased()
        return ["finish", "didend", "complete", "done", "remove", "dismiss", "close", "stopchild", "cancel"].contains { n.contains($0) }
    }

    func isLifecycle(_ fn: FunctionDecl) -> Bool {
        if fn.name == "init" || fn.name == "deinit" { return true }
        if adapters.contains(where: { $0.isStartMethod(fn.name, labels: fn.parameters.map(\.label)) }) { return true }
        return false
    }

    /// A coordinator method (or a closure a coordinator made) running inside an action handles it.
    func noteHandler(_ fn: FunctionRef, selfType: String?, _ selfTraits: TypeTraits?) {
        guard let st = selfType, selfTraits?.isCoordinator == true, fn.origin == .app else { return }
        applyHandler(noteID(HandlerNote(owner: Owner(kind: .coordinator, name: st), location: fn.location, isEmpty: fn.decl.isEmpty)))
    }

    /// The note's position in `handlerNotes`, added when new.
    func noteID(_ h: HandlerNote) -> Int {
        if let id = handlerNoteIDs[h] { return id }
        handlerNotes.append(h)
        noteTakenBy.append(0)
        handlerNoteIDs[h] = handlerNotes.count - 1
        return handlerNotes.count - 1
    }

    /// Only the innermost action hears of a handler: an action sent while another one runs (a screen shown
    /// by the first, a view callback calling its presenter) is a separate user action with its own handler.
    func applyHandler(_ id: Int) {
        handlerLog.append(id)
        guard let t = trackers.last else { return }
        let h = handlerNotes[id]
        if t.handler == nil {
            if h.isEmpty { t.emptyHandler = t.emptyHandler ?? h.location } else { t.handler = h.owner; t.handlerLocation = h.location }
        }
        if !t.chain.contains(h.owner.name) { t.chain.append(h.owner.name) }
    }

    func invokeClosures(_ values: Values, args: [Argument], caller: inout Frame, line: Int) -> Values {
        let argValues = args.map { eval($0.value, &caller) }
        return invokeClosures(values, argValues: argValues, caller: &caller, line: line)
    }

    func invokeClosures(_ values: Values, argValues: [Values], caller: inout Frame, line: Int) -> Values {
        var result: Values = []
        // In creation order, so what the closures record (action chains) is deterministic.
        let ids = values.compactMap { if case .closure(let id) = $0 { return id } else { return nil } }.sorted()
        for id in ids {
            guard caller.depth < Interpreter.maximumCallDepth else { break }
            let captured = closures[id]
            roundReads.closures.insert(id)
            var f = captured.frame
            f.reachable = caller.reachable && captured.frame.reachable || caller.reachable
            f.depth = caller.depth + 1
            f.returns = []
            // Closures without a parameter list use `$0`, `$1`, …
            let params = captured.closure.parameters.isEmpty ? argValues.indices.map { "$\($0)" } : captured.closure.parameters
            for (i, p) in params.enumerated() where i < argValues.count { f.env[p] = argValues[i] }
            // A child calling a closure its parent gave it (`finishFlow?()`) finishes back to that parent; this
            // depends on the caller, so it is recorded before the memo is consulted.
            // An empty closure (a default `completion: {}`) finishes nothing.
            if let callerOwner = caller.owner, callerOwner.kind == .coordinator, let o = captured.frame.owner, o.kind == .coordinator,
               o != callerOwner, !captured.closure.body.isEmpty, parentsOf(callerOwner.name).contains(o.id), muteNavigation == 0 {
                addEdge(from: callerOwner.id, to: o.id, kind: .finishes, via: nil, mechanism: "closure",
                        location: caller.location(line), reachable: caller.reachable)
            }
            let memoKey = MemoKey.closure(id: id, reachable: f.reachable, muted: muteNavigation, arguments: argValues)
            if let cached = memo[memoKey] { result.formUnion(cached.returns); replay(cached.trace); continue }
            if inProgress.contains(memoKey) { continue }
            inProgress.insert(memoKey)
            let traceStart = traceMark()
            noteClosureHandler(captured)
            let body = captured.closure.body
            if body.count == 1, case .expr(let e, let l) = body[0] { exec([.ret(e, line: l)], &f) } else { exec(body, &f) }
            memo[memoKey] = MemoEntry(returns: f.returns, trace: trace(since: traceStart))
            inProgress.remove(memoKey)
            result.formUnion(f.returns)
        }
        return result
    }

    func noteClosureHandler(_ captured: CapturedClosure) {
        guard let o = captured.frame.owner, o.kind == .coordinator else { return }
        applyHandler(noteID(HandlerNote(owner: o, location: SourceLocation(file: captured.frame.file, line: captured.closure.line),
                                        isEmpty: captured.closure.body.isEmpty)))
    }

    // MARK: - Statements

    func exec(_ stmts: [Stmt], _ f: inout Frame) {
        for s in stmts {
            switch s {
            case .expr(let e, _):
                _ = eval(e, &f)
            case .bind(let names, let type, let value, _):
                var v: Values = []
                if let value {
                    if case .cast(let x, let target) = value {
                        let input = eval(x, &f)
                        v = castValues(input, to: target, f)
                        // `if let e = event as? E` / `guard let …` on values none of which is an `E`:
                        // the binding fails, so the rest of its block does not run.
                        if v.isEmpty && input.contains(where: \.isEnumCase) { f.reachable = false }
                    } else {
                        v = eval(value, &f, expected: type)
                        // `if let route = activeRoute` where no code ever assigns the optional enum: nil.
                        if v.isEmpty, names.count == 1, isUnassignedOptionalEnum(value, f) { f.reachable = false }
                    }
                }
                let cast = type.flatMap { index.resolve($0, from: f.codeOwner) }
                let parts = names.count > 1 ? tupleParts(v, arity: names.count) : nil
                for (i, n) in names.enumerated() where n != "_" {
                    if let t = type { f.localTypes[n] = t }
                    else if let value, let st = staticType(value, f) { f.localTypes[n] = st }
                    var bound = v
                    if let c = cast, names.count == 1, bound.isEmpty, screenTypes.contains(c) { bound = [.object(c)] }
                    f.env.formUnion(n, with: names.count == 1 ? bound : parts?[i] ?? [])
                }
            case .assign(let lhs, let rhs, let line):
                let v = eval(rhs, &f, expected: staticType(lhs, f))
                assign(lhs, v, &f, line: line, rhs: rhs)
            case .ret(let e, _):
                if let e { f.returns.formUnion(eval(e, &f, expected: f.returnType)) }
            case .branch(let blocks, _):
                // A failed binding inside one block (see `.bind`) must not leak into the others.
                let reachable = f.reachable
                for b in blocks { exec(b, &f); f.reachable = reachable }
            case .matchIf(let subject, let pattern, let body, let line):
                runSwitch(subject, [SwitchCase(patterns: [pattern], isDefault: false, body: body, line: line)], &f, exhaustive: false)
            case .switchOn(let subject, let cases, _):
                runSwitch(subject, cases, &f, exhaustive: true)
            }
        }
    }

    func runSwitch(_ subject: Expr, _ cases: [SwitchCase], _ f: inout Frame, exhaustive: Bool) {
        let sv = eval(subject, &f)
        var caseValues: [(String, String)] = []
        for case .enumCase(let e, let c) in sv { caseValues.append((e, c)) }
        var enumType = caseValues.first?.0
        if enumType == nil, let st = staticType(subject, f), let r = index.resolve(st, from: f.codeOwner), index[r]?.kind == .enum { enumType = r }
        // Only a `switch` statement lives as long as the run (its shape is kept, and its dead arms are
        // replayed): an `if case` arm is built anew each time it runs.
        let id = cases.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        let shape = exhaustive ? switchShape(cases, id) : SwitchShape(cases)
        let explicit = shape.explicit
        let isRouteSwitch = enumType.map { isRouteEnum($0, in: f.owner) } ?? false
        let routes = isRouteSwitch ? shape.routes(of: enumType!, index) : nil
        var deadArmSwitch: (context: Int, names: [[String]])?
        for (armIndex, arm) in cases.enumerated() {
            let reachable: Bool
            if caseValues.isEmpty {
                reachable = f.reachable
            } else if arm.isDefault {
                reachable = f.reachable && caseValues.contains { !explicit.contains($0.1) }
            } else {
                reachable = f.reachable && arm.patterns.contains { p in p.caseName.map { c in caseValues.contains { $0.1 == c } } ?? false }
            }
            // The values the arm's patterns bind, in order (a later binding of a name wins).
            var bound: [(name: String, values: Values)] = []
            for p in arm.patterns {
                for (i, b) in p.bindings.enumerated() {
                    // An associated value is what was stored when the case was built (`.rides(.detail(r))`).
                    if p.castType == nil, let e = enumType, let c = p.caseName, case let payload = heapValues(Interpreter.payloadKey(e, c, i)), !payload.isEmpty {
                        bound.append((b, payload))
                        continue
                    }
                    bound.append((b, p.castType.flatMap { index.resolve($0, from: f.codeOwner) }.map { [.object($0)] } ?? sv.filter { if case .object = $0 { return true } else { return false } }))
                }
            }
            let armCases = shape.armCases[armIndex]
            let routeName = routes?[armIndex].route
            if routeName != nil {
                // A navigation method dispatching on a route enum (F4 `navigate(to:)`) leads to each case's route.
                if let from = f.via, from.hasSuffix(")"), from != routeName {
                    addEdge(from: Node.id(.route, from), to: Node.id(.route, routeName!), kind: .route, via: nil, mechanism: "switch",
                            location: SourceLocation(file: f.file, line: arm.line), reachable: reachable)
                }
            }
            // A dead arm already run in this context is replayed before anything else is built for it: a
            // route method's switch meets every other arm on every call.
            var deadArm: DeadArmKey?
            if !reachable, exhaustive, options.replayDeadArms {
                let sw = deadArmSwitch ?? (deadArmContext(f, enumType: enumType), shape.namedLocals)
                deadArmSwitch = sw
                var locals: Locals<Values> = [:]
                for n in sw.names[armIndex] { if let v = bound.last(where: { $0.name == n })?.values ?? f.env[n] { locals[n] = v } }
                // A route's arm runs under its own route, so the route the switch was reached by only
                // matters to the edge above: one run serves the calls of every route.
                let key = DeadArmKey(cases: id, arm: armIndex, context: sw.context, via: routeName == nil ? f.via : nil, locals: locals)
                if let trace = deadArms[key] {
                    // What the arm did to shared state, and the route records below, are unions already made.
                    deadArmsReplayed += 1
                    replay(trace)
                    continue
                }
                deadArm = key
            }
            var armFrame = f
            armFrame.reachable = reachable
            for (name, values) in bound { armFrame.env[name] = values }
            let before = effectCounter
            if let r = routeName {
                armFrame.via = r
                routeArmStack.append((r, f.owner?.name))
            }
            if !armFrame.reachable { deadArmsRun += 1 }
            if let key = deadArm { runDeadArm(arm.body, key, &armFrame, outer: f) } else { exec(arm.body, &armFrame) }
            if routeName != nil { routeArmStack.removeLast() }
            if let routes {
                // A `default:` arm handles every case no other arm names.
                let handledAll = arm.isDefault && armCases.isEmpty
                for (c, name) in routes[armIndex].handled {
                    let had = effectCounter > before || armFrame.returns.count > f.returns.count
                    var r = enumArms[name] ?? RouteRecord(name: name, owner: f.owner!.name,
                        location: SourceLocation(file: f.file, line: arm.line), reachable: false, hasEffect: false)
                    let caseReachable = !handledAll ? armFrame.reachable
                        : f.reachable && (caseValues.isEmpty || caseValues.contains { $0.1 == c })
                    r.reachable = r.reachable || caseReachable
                    r.hasEffect = r.hasEffect || had
                    setEnumArm(name, r)
                    if had { routeEnumsSeen.insert(enumType!) }
                }
            }
            // Locals and returns flow back out of the arm.
            for (k, v) in armFrame.env where f.env[k] != nil { f.env.formUnion(k, with: v) }
            f.returns.formUnion(armFrame.returns)
        }
    }

    /// Runs a switch arm that cannot run here (`armFrame` is unreachable) and keeps what a caller sees of it,
    /// so the same arm in the same context (`key`) is replayed instead of run again this round. WHY: a route
    /// method (`navigate(to:)`) is called once per route and runs every other arm as unreachable code: k
    /// routes ran k² arms: 22 s for 2,000 screens behind 400-route coordinators, 1.5 s with the replay.
    /// Replaying is sound for the reason memo hits are (`invoke`): what the arm did to shared state are
    /// unions already made (and a read that grew since marks the round stale), and what the caller sees
    /// (handlers reached, whether it navigated) is replayed. An arm that hands anything else back (returns,
    /// outer locals, container presents or containment of the running method) is not kept: it runs each time.
    func runDeadArm(_ body: [Stmt], _ key: DeadArmKey, _ armFrame: inout Frame, outer f: Frame) {
        let mark = traceMark()
        let presents = (containerPresents.count, containerPresents.last?.presents.count, containerPresents.last?.started.count)
        let contained = (containment.count, containment.last?.count)
        exec(body, &armFrame)
        let handsBack = armFrame.returns.count != f.returns.count
            || f.env.contains { armFrame.env[$0.key] != $0.value }
            || presents != (containerPresents.count, containerPresents.last?.presents.count, containerPresents.last?.started.count)
            || contained != (containment.count, containment.last?.count)
        if !handsBack { deadArms[key] = trace(since: mark) }
    }

    /// Everything of the running code's frame and of the interpreter's stacks a switch's unreachable arm can
    /// see, but the locals it names: as a small number, computed once per switch run.
    func deadArmContext(_ f: Frame, enumType: String?) -> Int {
        var shape: Locals<Int> = [:]
        shape.reserveCapacity(f.env.count)
        for (name, values) in f.env { shape[name] = values.count }
        let context = DeadArmContext(
            enumType: enumType, file: f.file, origin: f.origin, selfType: f.selfType, selfSite: f.selfSite, isStatic: f.isStatic, codeOwner: f.codeOwner,
            owner: f.owner, reachable: f.reachable, site: f.site, siteOwner: f.siteOwner, callSite: f.callSite,
            function: f.function, returnType: f.returnType, localSizes: shape, localTypes: f.localTypes, muted: muteNavigation,
            routeArm: routeArmStack.last?.route, routeArmOwner: routeArmStack.last?.owner ?? nil,
            presentsOwner: containerPresents.last?.owner, containing: !containment.isEmpty, deferring: deferringUnreachable)
        if let id = deadArmContexts[context] { return id }
        deadArmContexts[context] = deadArmContexts.count
        return deadArmContexts.count - 1
    }

    /// The shape of the switch statement whose cases' storage is `id`, worked out on its first run.
    func switchShape(_ cases: [SwitchCase], _ id: UInt) -> SwitchShape {
        if let known = switchShapes[id] { return known }
        let shape = SwitchShape(cases)
        switchShapes[id] = shape
        return shape
    }

    /// Assigns `v` to `lhs`; `rhs` is the expression `v` came from, when a statement assigns it whole.
    func assign(_ lhs: Expr, _ v: Values, _ f: inout Frame, line: Int, rhs: Expr? = nil) {
        switch lhs {
        case .ref(let name):
            if f.env[name] != nil || f.selfType == nil || index.property(on: f.selfType!, name) == nil {
                f.env.formUnion(name, with: v)
            } else {
                store(f.selfType!, name, v, &f, line: line, site: f.selfSite, rhs: rhs)
            }
        case .member(let base?, let name, _):
            var targets = eval(base, &f)
            if targets.isEmpty, let st = staticType(base, f), let r = index.resolve(st, from: f.codeOwner), index[r]?.origin == .library {
                targets = [.object(r)]
            }
            for case .object(let t, let site) in targets { store(t, name, v, &f, line: line, site: site, rhs: rhs) }
            for case .metatype(let t) in targets { heapUnion(NamePair(t, name), v) }
        case .tuple(let targets):
            let parts = tupleParts(v, arity: targets.count)
            for (i, p) in targets.enumerated() { assign(p.value, parts?[i] ?? v, &f, line: line) }
        case .subscripted(let base, let keys):
            // `completions[vc] = c`: a collection's value is the union of its elements.
            for k in keys { _ = eval(k.value, &f) }
            assign(base, v, &f, line: line)
        default:
            break
        }
    }

    /// The elements of the tuple values of the given arity, position by position (nil when there are none).
    func tupleParts(_ v: Values, arity: Int) -> [Values]? {
        var parts: [Values]?
        for case .tuple(_, let elements) in v where elements.count == arity {
            parts = parts.map { zip($0, elements).map { $0.union($1) } } ?? elements
        }
        return parts
    }

    func store(_ type: String, _ name: String, _ v: Values, _ f: inout Frame, line: Int, site: Int = 0, rhs: Expr? = nil) {
        heapStore(type, name, v, site: site)
        // A callback handed to a view or cell of the app (`cell.onAuthorTapped = { … }` in `cellForRowAt`):
        // the view calls it on a tap, and nothing runs a view's own methods, so it is called here, by the
        // code that hands it over (the screen), as a closure passed to code navgraph cannot see would be.
        if v.contains(where: \.isClosure), index[type]?.origin == .app,
           index.isSubtype(type, of: "UIView"), viewCalls(type, name) {
            _ = invokeClosures(v, args: [], caller: &f, line: line)
        }
        // UIKit properties whose setters navigate.
        switch name {
        case "rootViewController" where index.isSubtype(type, of: "UIWindow"):
            show(v, kind: .shows, mechanism: "window-root", &f, line: line)
        case "viewControllers" where index.isSubtype(type, of: "UITabBarController"):
            if let rhs { noteTabFlows(rhs, &f) }
            show(v, kind: .shows, mechanism: "tab", &f, line: line)
        case "viewControllers" where index.isSubtype(type, of: "UINavigationController") || index.isSubtype(type, of: "UISplitViewController"):
            show(v, kind: .shows, mechanism: "setViewControllers", &f, line: line)
        default:
            break
        }
    }

    /// Whether `view`'s own code calls its closure property `name` (`onTap?()`, `self.onTap?()`).
    func viewCalls(_ view: String, _ name: String) -> Bool {
        var found = false
        for fn in appFunctions(of: view) where !found {
            fn.decl.body?.forEachExpr { e in
                switch e {
                case .call(.ref(let n), _, _) where n == name: found = true
                case .call(.member(.ref("self")?, let n, _), _, _) where n == name: found = true
                default: break
                }
            }
        }
        return found
    }

    /// Notes the coordinators whose containers a tab bar's list names: `[feed.navigationController, …]`,
    /// `flows.map { $0.rootViewController }`. WHY: a tab's flow lasts as long as the tab bar, so it is
    /// kept on purpose (`child-never-removed` asks no finish of it). A container named only through a
    /// local (`[feedNavigation]`) tells no coordinator, and is left out.
    func noteTabFlows(_ e: Expr, _ f: inout Frame) {
        switch e {
        case .array(let elements): for x in elements { noteTabFlows(x, &f) }
        case .cast(let x, _): noteTabFlows(x, &f)
        case .choice(let xs): for x in xs { noteTabFlows(x, &f) }
        case .member(let base?, _, _): noteTabCoordinators(base, &f)
        case .call(.member(let base?, let name, _), _, _) where name == "map" || name == "compactMap": noteTabCoordinators(base, &f)
        default: break
        }
    }

    /// The coordinators `base` holds, when it only reads (locals, properties, arrays of them): evaluating
    /// it again then does nothing but read what the assignment just read.
    private func noteTabCoordinators(_ base: Expr, _ f: inout Frame) {
        func reads(_ e: Expr) -> Bool {
            switch e {
            case .ref: return true
            case .member(let b?, _, _): return reads(b)
            case .array(let xs): return xs.allSatisfy(reads)
            case .cast(let x, _): return reads(x)
            default: return false
            }
        }
        guard reads(base) else { return }
        for case .object(let t, _) in eval(base, &f) where isCoordinator(t) { tabFlows.insert(t) }
    }

    // MARK: - Effects

    func addEdge(from: String, to: String, kind: EdgeKind, via: String?, mechanism: String?, location: SourceLocation, reachable: Bool) {
        let edge = Edge(from: from, to: to, kind: kind, via: via, mechanism: mechanism, location: location, reachable: reachable)
        if edges.insert(edge).inserted {
            if roundReads.edgesFrom.contains(from) || roundReads.edgesTo.contains(to) { roundReads.markStale("edges \(from) -> \(to)") }
            edgesFrom[from, default: []].append(edge)
            if kind == .shows || kind == .presents { showingEdgesTo[to, default: []].append(edge) }
            edgeSites.insert(EdgeSite(from: from, to: to, file: location.file, line: location.line, via: via, reachable: reachable))
        }
    }

    /// Edges by their source, kept with `edges`, so lookups do not scan every edge.
    @exclusivity(unchecked) public internal(set) var edgesFrom: [String: [Edge]] = [:]
    /// `shows` and `presents` edges by their target (who showed a screen), kept with `edges` too.
    @exclusivity(unchecked) public internal(set) var showingEdgesTo: [String: [Edge]] = [:]
    @exclusivity(unchecked) var edgeSites: Set<EdgeSite> = []

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

    /// Records that the running owner shows or presents each screen (or coordinator) in `values`.
    func show(_ values: Values, kind: EdgeKind, mechanism: String, _ f: inout Frame, line: Int) {
        guard let owner = f.owner, muteNavigation == 0 else { return }
        for v in values {
            guard case .object(let t, _) = v else { continue }
            if screenTypes.contains(t) {
                let to = Node.id(.screen, t)
                if to == owner.id && kind == .shows { continue }
                noteEffect(f)
                addEdge(from: owner.id, to: to, kind: kind, via: f.via, mechanism: mechanism, location: f.location(line), reachable: f.reachable)
                activate(t, reachable: f.reachable)
            } else if coordinatorTypes.contains(t) {
                // A coordinator put in the window or a tab bar (its root container) is shown there.
                let containerShow = kind == .shows && (mechanism == "window-root" || mechanism == "tab")
                startCoordinator(t, mechanism: mechanism, kind: kind == .presents ? .presents : (containerShow ? .shows : nil), &f, line: line)
            } else if kind == .presents, isNavigationContainer(t), containerPresents.last?.owner == owner {
                noteEffect(f)
                containerPresents[containerPresents.count - 1].presents.append((mechanism, f.via, f.location(line), f.reachable))
            } else if isSystemScreen(t) {
                // An alert, a share sheet, Safari, a SwiftUI host: no node of its own, but showing it is
                // what the route or method does (it is not dead, and a method that does it navigates).
                noteEffect(f)
            }
        }
    }

    /// A view controller a framework supplies, shown as it is (not a container of app screens). Not
    /// `UIViewController` itself: a value of only that type says nothing of what is shown.
    func isSystemScreen(_ t: String) -> Bool {
        guard t != "UIViewController", let info = index[t], info.origin == .library, index.isSubtype(t, of: "UIViewController") else { return false }
        return !isNavigationContainer(t)
    }

    func isNavigationContainer(_ t: String) -> Bool {
        ["UINavigationController", "UITabBarController", "UISplitViewController"].contains { index.isSubtype(t, of: $0) }
    }

    /// At the end of a coordinator method: each opaque container it presented shows the children it started.
    func pairContainerPresents(_ c: ContainerPresents) {
        for p in c.presents {
            for child in c.started {
                addEdge(from: c.owner.id, to: Node.id(.coordinator, child.coordinator), kind: .presents, via: p.via,
                        mechanism: p.mechanism, location: p.location, reachable: p.reachable && child.reachable)
            }
        }
        // A helper method of the same coordinator hands what it saw to its caller.
        if let outer = containerPresents.indices.last, containerPresents[outer].owner == c.owner {
            containerPresents[outer].presents.append(contentsOf: c.presents)
            containerPresents[outer].started.append(contentsOf: c.started)
        }
    }

    /// Counts a navigation effect for the running route; pops and dismissals count though they draw no edge.
    func noteEffect(_ f: Frame) {
        guard muteNavigation == 0 else { return }
        effectCounter += 1
        if let via = f.via {
            if viaEffects[via] == nil, roundReads.viaEffects.contains(via) { roundReads.markStale("effects of \(via)") }
            viaEffects[via, default: 0] += 1
        }
    }


    /// Records that the running owner starts coordinator `c` (a `spawns` edge when a screen does it).
    func startCoordinator(_ c: String, mechanism: String, kind: EdgeKind? = nil, _ f: inout Frame, line: Int) {
        guard let owner = f.owner, owner.id != Node.id(.coordinator, c), muteNavigation == 0 else { return }
        let to = Node.id(.coordinator, c)
        noteEffect(f)
        if containerPresents.last?.owner == owner { containerPresents[containerPresents.count - 1].started.append((c, f.reachable)) }
        let location = f.location(line)
        // A library call that roots, shows or presents a child and then starts it (`startChild`, `root(c)`)
        // is one navigation: the start inside it does not add a second edge at the same call site.
        let already = edgeSites.contains(EdgeSite(from: owner.id, to: to, file: location.file, line: location.line, via: f.via, reachable: f.reachable))
        if !already {
            addEdge(from: owner.id, to: to, kind: kind ?? (owner.kind == .screen ? .spawns : .starts), via: f.via,
                    mechanism: mechanism, location: location, reachable: f.reachable)
        }
        if f.reachable {
            reached.insert(to)
            if parents[c, default: []].insert(owner.id).inserted, roundReads.parents.contains(c) { roundReads.markStale("parents of \(c)") }
        }
    }
}
