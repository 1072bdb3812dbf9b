import Foundation
import NavGraphExtract
import NavGraphKnowledge
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
/// standard library's hashing), so every access is checked at run time otherwise: on the field corpus
/// the checks cost 7% to 14% of a cold analyze (woocommerce 131 s → 149 s; docs/performance.md, issue
/// 31). The tests pass with the checks on.
public final class Interpreter {
    public let index: TypeIndex
    let adapters: [any FamilyAdapter]
    /// What the families' hooks see of this interpreter.
    private(set) lazy var semantics = Semantics(self)
    public let storyboards: StoryboardIndex
    public let queries: ProgramQueries
    public let options: ResolveOptions
    @exclusivity(unchecked) var routerBases: Set<String> = []
    /// Properties some type gives a setter (`UIKitKnowledge.setterPrefix`): a library's that navigates,
    /// an app's observers. Looked up on every store.
    @exclusivity(unchecked) var setterProperties = NameSet()

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
    /// Coordinators the general layer recognised (no family's, no configured base's), with its evidence.
    @exclusivity(unchecked) var recognisedBy: NameMap<String> = [:]
    @exclusivity(unchecked) var startsWhenBuiltCache: NameMap<Bool> = [:]
    /// Coordinators started this round by calling a method on them where they were built (owner, child, route).
    @exclusivity(unchecked) var drivenStarts: Set<String> = []
    @exclusivity(unchecked) var containerCoordinatorCache: NameMap<[String]> = [:]
    /// SwiftUI views shown through a hosting controller (`UIHostingController(rootView: V())`, a subclass
    /// of one, `class Host: UIHostingController<V>`): screens drawn with `"ui": "swiftui"`.
    @exclusivity(unchecked) public private(set) var swiftUIScreens: Set<String> = []
    /// Hosting controller subclasses whose content is one of those views: the view is the screen, not them.
    @exclusivity(unchecked) public internal(set) var swiftUIHosts: Set<String> = []
    /// Entry points of files that belong to another product than the app (`ResolveOptions.foreignEntryFiles`).
    @exclusivity(unchecked) public internal(set) var foreignEntries: [String] = []
    /// App navigation containers of SwiftUI-first apps and the views coordinators give them.
    @exclusivity(unchecked) var containers = NavigationContainers()

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
    /// A number for each property whose getter ran, for its memo keys (see `runGetter`).
    @exclusivity(unchecked) var getterIDs: [ObjectIdentifier: Int] = [:]
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
    /// Calls not made because `maximumCallDepth` was reached. WHY: an action whose handler may lie past
    /// such a cut is unknown, not unhandled (a budget that runs out widens to unknown).
    @exclusivity(unchecked) var budgetCutoffs = 0
    /// Which types live code names (see `NameLiveness`), set after the run.
    var liveness: NameLiveness?
    /// See `AssignmentSites`: the index is read only when a send finds a property empty.
    lazy var assignmentSites = AssignmentSites(index)
    /// The arms whose whole body provably does nothing (see `InertArms`).
    lazy var inertArms = InertArms(index)
    @exclusivity(unchecked) var tiedAssignments: Set<TiedAssignment> = []
    /// See `emptyDefaults`.
    lazy var emptyDefaults = Interpreter.emptyDefaults(index)
    /// Empty closures given as parameters' default values, where the caller's frame records them.
    @exclusivity(unchecked) var noOpDefaults: Set<SourceLocation> = []
    /// See `genericResult`.
    lazy var genericResultMethods = Interpreter.genericResultMethods(index)
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
    /// Calls a family proved to run an empty body (`child.start(with:)` reaching the base class's `{}`),
    /// and calls of the same kind it could not prove so: an arm that only forwards is inert when every
    /// forward it made was proven empty.
    @exclusivity(unchecked) var provenEmptyCalls = 0
    @exclusivity(unchecked) var unprovenForwards = 0
    /// Open captures of the enum cases built meanwhile (see `capturingCases`).
    @exclusivity(unchecked) var caseCapture: [[String]] = []
    /// Route methods per coordinator when its family names them (`FamilyAdapter.routeMethods`).
    @exclusivity(unchecked) var declaredRouteMethods: [String: [String: SourceLocation]] = [:]
    static let maximumCallDepth = 48

    // Recorded results
    /// The graph under construction (edges, reached nodes, extra nodes, sends), changed through its verbs.
    let recorded: GraphRecord
    public var edges: Set<Edge> { recorded.edges }
    public var reached: Set<String> { recorded.reached }
    public var sends: [ActionSend] { recorded.sends }
    public var extraNodes: [String: Node] { recorded.extraNodes }
    public var edgesFrom: [String: [Edge]] { recorded.edgesFrom }
    public var showingEdgesTo: [String: [Edge]] { recorded.showingEdgesTo }
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
    @exclusivity(unchecked) public internal(set) var rootScreens: Set<String> = []
    /// Enum routes that reachable code enters (triggers, initial routes, deep links), whether or not an arm handles them.
    @exclusivity(unchecked) public internal(set) var routesEntered: Set<String> = []
    @exclusivity(unchecked) public internal(set) var warnings: [Diagnostic] = []
    /// Statements run so far: what resolution costs, counted rather than timed (see `ResolutionCostTests`).
    @exclusivity(unchecked) public internal(set) var evaluationSteps = 0
    /// How many statements resolution may run (see `ResolveBudget`); past it no
    /// statement runs, and what was not followed is unknown.
    @exclusivity(unchecked) public internal(set) var stepBudget = Int.max
    /// Each function's own steps and runs, by `FunctionRef.memoID`, and the steps of the runs the running
    /// ones called (see `endCost`).
    @exclusivity(unchecked) var functionCosts: [Int: (steps: Int, runs: Int)] = [:]
    @exclusivity(unchecked) var costStack: [Int] = []
    /// Told the round running and, every 2^20 steps, the steps taken (see `Resolver.resolve`).
    var progress: (@Sendable (String) -> Void)?
    /// What the last round allowed read that then changed, when the rounds ran out before the fixpoint.
    @exclusivity(unchecked) public internal(set) var roundsExhausted: String?
    /// Where the budget ran out: the code running then.
    @exclusivity(unchecked) public internal(set) var budgetStop: BudgetStop?
    /// The statements of the app's code (`FileFacts.statementCount`): the size the step budget grows with.
    @exclusivity(unchecked) public internal(set) var programStatements = 0
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
        /// Every arm that handles it provably does nothing (see `InertArms`): "its switch arm does nothing"
        /// is then a proven claim, not what the sliced body happened to show.
        public var inert = false
        /// For a method route: its function (`FunctionRef.memoID`), to tell whether its code ran reachably.
        var function: Int? = nil
        /// A case a handler table was called with (`handlers[tab]?()`) that has no entry for it, and that no
        /// arm handles: where that table was called.
        public var unhandledAt: SourceLocation? = nil
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
        /// Whether a budget ran out before a handler was found: who handles it is not known.
        public var unknown = false
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
        /// Whether the depth budget cut a call short (see `budgetCutoffs`).
        var cutOff = false
    }

    /// Where a call's trace starts (see `traceMark`).
    struct TraceMark {
        var handlers: Int
        var effects: Int
        var cutoffs: Int
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

    init(index: TypeIndex, adapters: [any FamilyAdapter], queries: ProgramQueries, storyboards: StoryboardIndex = StoryboardIndex(),
                options: ResolveOptions = ResolveOptions()) {
        self.index = index
        self.queries = queries
        self.options = options
        self.adapters = adapters
        self.recorded = GraphRecord(expectedEdges: 4 * index.types.count)
        self.storyboards = storyboards
        classify()
        // Some six calls in distinct contexts and four edges per type in the synthetic apps: sized so that
        // the memo, the edge set and its call sites seldom grow (growing rehashes every edge's strings).
        memo.reserveCapacity(8 * index.types.count)
    }

    // MARK: - Classification

    func classify() {
        let prefix = UIKitKnowledge.setterPrefix
        for t in index.types.values {
            for fn in t.functions where fn.decl.name.hasPrefix(prefix) { setterProperties.insert(String(fn.decl.name.dropFirst(prefix.count))) }
        }
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
        let foreignFiles = Set(options.foreignEntryFiles)
        for t in index.types.values where t.origin == .app && t.isDeclared {
            guard t.kind == .class || t.kind == .struct || t.kind == .actor else { continue }
            if index.isSubtype(t.name, ofAny: coordinatorBases) {
                coordinatorTypes.insert(t.name)
            } else if (t.kind == .class && index.isSubtype(t.name, of: UIKitType.viewController.name)
                && !index.isSubtype(t.name, of: UIKitType.navigationController.name)) || index.isSubtype(t.name, ofAny: screenBases) {
                screenTypes.insert(t.name)
            }
            let attrs = Set(t.attributes)
            let isEntry = !attrs.isDisjoint(with: UIKitKnowledge.entryAttributes)
                || index.supertypeContains(t.name, memoKey: "app protocols", where: { UIKitKnowledge.appProtocols.contains($0) })
            let foreign = !foreignFiles.isEmpty && t.location.map { foreignFiles.contains($0.file) } == true
            if isEntry && foreign { foreignEntries.append(t.name) }
            if configuredRoots.contains(t.name) || (isEntry && !foreign) {
                if !screenTypes.contains(t.name) && !coordinatorTypes.contains(t.name) { appTypes.append(t.name) }
                else if screenTypes.contains(t.name) { rootScreens.insert(t.name) }
            }
        }
        appTypes.sort()
        // SwiftUI views a hosting controller shows are screens of their own.
        containers = NavigationContainers(index: index)
        swiftUIScreens = hostedSwiftUIViews().union(containers.views.values.joined())
        screenTypes.formUnion(swiftUIScreens)
        // The general layer: coordinators by what their code does, beside the families' and the configured ones.
        let recognition = CoordinatorRecognition(index: index, queries: queries, screens: screenTypes, excluded: Set(appTypes).union(containers.types),
                                                 containers: containers)
        for (t, evidence) in recognition.recognise(known: coordinatorTypes) where !coordinatorTypes.contains(t) {
            coordinatorTypes.insert(t)
            recognisedBy[t] = evidence.rawValue
        }
        // What `ownerFor` answers, in one lookup (a coordinator that is also an entry point runs as a coordinator).
        for a in appTypes { ownerKinds[a] = .app }
        for s in screenTypes { ownerKinds[s] = .screen }
        for c in coordinatorTypes { ownerKinds[c] = .coordinator }
        // Helper classes with state of their own: not coordinators, screens, views or other responders
        // (adapters and UIKit knowledge read their properties by type), and declaring a stored property.
        for t in index.types.values where t.origin == .app && t.isDeclared && t.kind == .class
            && !coordinatorTypes.contains(t.name) && !screenTypes.contains(t.name) && !index.isSubtype(t.name, of: UIKitType.responder.name)
            && index.chainContains(t.name, memoKey: "stored properties", where: { index[$0]?.properties.values.contains { $0.decl.getter == nil && !$0.decl.isStatic } ?? false }) {
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
                                isAppView: info?.origin == .app && index.isSubtype(type, of: UIKitType.view.name),
                                isProtocol: info?.kind == .protocol, declaredRoutes: declaredRouteMethods[type])
        traitsCache[type] = traits
        return traits
    }

    // MARK: - Running

    public func run() {
        var lastSize = -1
        let trace = ProcessInfo.processInfo.environment["NAVGRAPH_TRACE_ROUNDS"] != nil
        for round in 0..<options.budget.maximumRounds {
            let started = Date()
            defer { phases.append(("round \(round)", Date().timeIntervalSince(started))) }
            defer { if trace { FileHandle.standardError.write(Data("round \(round): \(Date().timeIntervalSince(started)) s, \(edges.count) edges, \(memo.count) memo, \(deadArmsRun) dead arms run, \(deadArmsReplayed) replayed, \(evaluationSteps) steps of \(programStatements) statements, stale: \(roundReads.staleReason ?? "no")\n".utf8)); traceMemo() } }
            memo.removeAll(keepingCapacity: true)
            deadArms.removeAll(keepingCapacity: true)
            deadArmContexts.removeAll(keepingCapacity: true)
            roundReads = RoundReads()
            roundsRun += 1
            progress?("resolving: round \(round + 1)")
            // Property initializers run again each round, like method bodies: what they construct (a
            // coordinator whose `init` triggers its initial route) must send its actions in the final round too.
            initializedProperties.removeAll(keepingCapacity: true)
            handlerLog.removeAll(keepingCapacity: true)
            activated.removeAll(keepingCapacity: true)
            drivenStarts.removeAll(keepingCapacity: true)
            recorded.startRound()
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
            // Out of budget, a round saw only part of the program: another would see no more.
            if budgetStop != nil { break }
            // The last round allowed went stale: what it read was not final, so neither is the graph.
            if round == options.budget.maximumRounds - 1 && roundReads.stale { roundsExhausted = roundReads.staleReason ?? "?" }
        }
        if rootScreens.isEmpty { findRootScreens(); if !rootScreens.isEmpty { run() ; return } }
        for pass in Interpreter.passes {
            let started = Date()
            pass.run(self)
            phases.append((pass.name, Date().timeIntervalSince(started)))
        }
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


    func key(_ type: String, _ fn: FunctionRef) -> ExecutedFunction { ExecutedFunction(type: type, function: fn.memoID) }

    /// Functions declared in the app for a type and its app-declared superclasses and protocol extensions.
    func appFunctions(of type: String) -> [FunctionRef] {
        if let cached = appFunctionCache[type] { return cached }
        // A type inheriting app code through one supertype alone has its own functions, then that one's
        // (less those it overrides): made from the supertype's list, walking up to the first type already
        // known. WHY: collecting each type's from its whole chain was quadratic in a deep hierarchy.
        var chain = [type]
        var onChain: Set<String> = [type]
        var parentList: [FunctionRef]?
        while let p = codeParent(of: chain[chain.count - 1]) {
            if let cached = appFunctionCache[p] { parentList = cached; break }
            // A cycle (the compiler rejects it): the last type's list is collected in full.
            guard onChain.insert(p).inserted else { break }
            chain.append(p)
        }
        let last = chain.removeLast()
        var list = parentList.map { inheriting(last, $0) } ?? collectAppFunctions(of: last)
        appFunctionCache[last] = list
        while let t = chain.popLast() {
            list = inheriting(t, list)
            appFunctionCache[t] = list
        }
        return list
    }

    /// The one direct supertype through which `type` inherits app code, when it is app code itself and no
    /// other direct supertype leads to any; else nil (then its list is collected in full).
    private func codeParent(of type: String) -> String? {
        func isAppCode(_ name: String) -> Bool { index[name].map { $0.origin == .app && $0.kind != .protocol } ?? false }
        var parent: String?
        for s in index.directSupertypes(type) where s != type && index.chainContains(s, memoKey: "app code", where: isAppCode) {
            guard parent == nil, isAppCode(s) else { return nil }
            parent = s
        }
        return parent
    }

    /// `type`'s runnable functions, then those of `inherited` (its supertype's list) with other signatures.
    private func inheriting(_ type: String, _ inherited: [FunctionRef]) -> [FunctionRef] {
        let own = index[type]?.functions.filter { $0.origin == .app && $0.decl.body != nil && !$0.decl.isStatic } ?? []
        index.indexSteps += 1 + own.count + inherited.count
        if own.isEmpty { return inherited }
        var seen = Set<String>()
        var result: [FunctionRef] = []
        for fn in own + inherited where seen.insert(fn.signature).inserted { result.append(fn) }
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
        if reachable, let o = ownerFor(type) { recorded.markReached(o.id) }
        for fn in appFunctions(of: type) {
            var f = Frame(selfType: type, codeOwner: fn.owner, file: fn.file, origin: .app, owner: ownerFor(type), reachable: reachable, depth: 0)
            _ = invoke(fn, selfType: type, args: [], caller: &f, line: fn.decl.line)
        }
        // A SwiftUI app's `body`: the system reads it, and the closures its scenes are given run.
        if let p = index.property(on: type, SwiftUIName.body.name), p.origin == .app, p.decl.getter != nil {
            var f = Frame(selfType: type, codeOwner: p.owner, file: p.file, origin: .app, owner: ownerFor(type), reachable: reachable, depth: 0)
            _ = read(type, p.decl.name, &f, property: p)
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
        if reachable { recorded.markReached(Node.id(.screen, screen)) }
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
            followSegue(segue, to: destination, from: screen, mechanism: Mechanism.segue.name, location: segue.location, reachable: reachable)
        }
        for fn in appFunctions(of: screen) where fn.decl.name != SwiftKeyword.initializer.name && !Interpreter.isInert(fn) {
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
            index[t]?.origin == .app && index[t]?.kind == .class && index.isSubtype(t, of: UIKitType.view.name) && !screenTypes.contains(t)
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
            for body in CodeReading.bodies(of: info) {
                body.forEachExpr { e in
                    switch e {
                    case .call(.ref(let n), _, _): note(n, owner)
                    case .cast(_, let t): note(t, owner)
                    case .member(.ref(let n)?, SwiftName.selfValue.name, _): note(n, owner)
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

    // MARK: - Effects

    func addEdge(from: String, to: String, kind: EdgeKind, via: String?, mechanism: String?, location: SourceLocation, reachable: Bool) {
        let edge = Edge(from: from, to: to, kind: kind, via: via, mechanism: mechanism, location: location, reachable: reachable)
        // A `spawns` edge changes what `isOwnChild` answered only when it is the first between the two.
        let firstSpawn = kind == .spawns && roundReads.spawnChecks.contains(NamePair(from, to))
            && !(recorded.edgesFrom[from] ?? []).contains { $0.kind == .spawns && $0.to == to }
        if recorded.add(edge), roundReads.edgesFrom.contains(from) || roundReads.edgesTo.contains(to) || firstSpawn {
            roundReads.markStale("edges \(from) -> \(to)")
        }
    }


    /// Records that the running owner shows or presents each screen (or coordinator) in `values`.
    func show(_ values: Values, kind: EdgeKind, mechanism: String, _ f: inout Frame, line: Int) {
        guard let owner = f.owner, muteNavigation == 0 else { return }
        // A hosting controller shows the SwiftUI screen it holds (what the user sees and what acts); the
        // controller itself keeps what code stores on it, but is not a screen of its own here.
        let hostsSwiftUI = !swiftUIScreens.isEmpty && values.contains { if case .object(let t, _) = $0 { return swiftUIScreens.contains(t) } else { return false } }
        for v in values {
            guard case .object(let t, _) = v else { continue }
            if hostsSwiftUI, index.isSubtype(t, of: SwiftUIName.hostingController.name) { continue }
            if screenTypes.contains(t) {
                let to = Node.id(.screen, t)
                if to == owner.id && kind == .shows { continue }
                noteEffect(f)
                addEdge(from: owner.id, to: to, kind: kind, via: f.via, mechanism: mechanism, location: f.location(line), reachable: f.reachable)
                activate(t, reachable: f.reachable)
            } else if coordinatorTypes.contains(t) {
                // A coordinator put in the window or a tab bar (its root container) is shown there.
                let containerShow = kind == .shows && (mechanism == Mechanism.windowRoot.name || mechanism == Mechanism.tab.name)
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
        let viewController = UIKitType.viewController.name
        guard t != viewController, let info = index[t], info.origin == .library, index.isSubtype(t, of: viewController) else { return false }
        return !isNavigationContainer(t)
    }

    func isNavigationContainer(_ t: String) -> Bool {
        UIKitKnowledge.navigationContainers.contains { index.isSubtype(t, of: $0.name) }
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
        let already = recorded.edgeSites.contains(GraphRecord.EdgeSite(from: owner.id, to: to, file: location.file, line: location.line, via: f.via, reachable: f.reachable))
        if !already {
            addEdge(from: owner.id, to: to, kind: kind ?? (owner.kind == .screen ? .spawns : .starts), via: f.via,
                    mechanism: mechanism, location: location, reachable: f.reachable)
        }
        if f.reachable {
            recorded.markReached(to)
            if parents[c, default: []].insert(owner.id).inserted, roundReads.parents.contains(c) { roundReads.markStale("parents of \(c)") }
        }
    }
}
