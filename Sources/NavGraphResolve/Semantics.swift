import NavGraphExtract
import NavGraphModel

/// What a family's hooks may do to the running program, and nothing else: evaluate and call code,
/// navigate, send actions, read the heap and the graph so far, and add to the graph. Reads of state that
/// rounds share (heap cells, edges into or out of a node, parents, route-enum arms) record themselves, so
/// a family cannot break the fixpoint by forgetting to say what it read (see `RoundReads`).
struct Semantics {
    private unowned let interpreter: Interpreter

    init(_ interpreter: Interpreter) { self.interpreter = interpreter }

    // MARK: The program

    var index: TypeIndex { interpreter.index }
    var coordinatorTypes: Set<String> { interpreter.coordinatorTypes }
    var screenTypes: Set<String> { interpreter.screenTypes }
    func isCoordinator(_ t: String) -> Bool { interpreter.isCoordinator(t) }
    func isScreen(_ t: String) -> Bool { interpreter.isScreen(t) }
    func isNavigationContainer(_ t: String) -> Bool { interpreter.isNavigationContainer(t) }
    /// The family that recognised a coordinator type.
    func family(of type: String) -> String? { interpreter.familyOfType[type] }
    func ownerFor(_ type: String?) -> Owner? { interpreter.ownerFor(type) }
    /// Node id for a responder type: its node when it is an app, coordinator or screen, else the type name.
    func responderID(_ type: String) -> String { interpreter.responderID(type) }
    /// App views a screen hosts, directly or through other hosted views.
    func hostedViews(of type: String) -> [String] { interpreter.hostedViews(of: type) }
    /// The object types among `values`, sorted.
    func objectTypes(_ values: Values) -> [String] { interpreter.objectTypes(values) }

    // MARK: Evaluating and calling

    func eval(_ e: Expr, _ f: inout Frame, expected: String? = nil) -> Values { interpreter.eval(e, &f, expected: expected) }

    func invoke(_ fn: FunctionRef, selfType: String?, selfSite: Int = 0, args: [Argument], caller: inout Frame, line: Int,
                preEvaluated: Locals<Values> = [:]) -> Values {
        interpreter.invoke(fn, selfType: selfType, selfSite: selfSite, args: args, caller: &caller, line: line, preEvaluated: preEvaluated)
    }

    func invokeClosures(_ values: Values, args: [Argument], caller: inout Frame, line: Int) -> Values {
        interpreter.invokeClosures(values, args: args, caller: &caller, line: line)
    }

    func invokeClosures(_ values: Values, argValues: [Values], caller: inout Frame, line: Int) -> Values {
        interpreter.invokeClosures(values, argValues: argValues, caller: &caller, line: line)
    }

    /// Reads `type.name` as app code would (stored values, initializer, getter).
    func read(_ type: String, _ name: String, _ f: inout Frame) -> Values { interpreter.read(type, name, &f) }

    /// Binds call arguments to `fn`'s parameters by label, evaluated in the caller's frame, as a call does.
    func bindArguments(_ args: [Argument], to fn: FunctionDecl, declaredIn owner: String, _ f: inout Frame) -> Locals<Values> {
        interpreter.bindArguments(args, to: fn, declaredIn: owner, &f)
    }

    /// Evaluates `body` while noting the enum cases it builds (the route values an action carries).
    func capturingCases<T>(_ body: () -> T) -> (T, [String]) { interpreter.capturingCases(body) }

    /// A frame for evaluating code of `type` outside any call (getters read while building paths).
    func detachedFrame(_ type: String, reachable: Bool) -> Frame { interpreter.detachedFrame(type, reachable: reachable) }

    // MARK: Navigating

    func show(_ values: Values, kind: EdgeKind, mechanism: String, _ f: inout Frame, line: Int) {
        interpreter.show(values, kind: kind, mechanism: mechanism, &f, line: line)
    }

    /// The running coordinator shows its own root screen (a `Coordinator<T>`'s `T`).
    func showOwnScreen(_ values: Values, _ f: inout Frame) { interpreter.showOwnScreen(values, &f) }

    func startCoordinator(_ c: String, mechanism: String, kind: EdgeKind? = nil, _ f: inout Frame, line: Int) {
        interpreter.startCoordinator(c, mechanism: mechanism, kind: kind, &f, line: line)
    }

    /// The running code navigates (its route is not dead) without an edge of its own.
    func noteEffect(_ f: Frame) { interpreter.noteEffect(f) }

    /// How many navigation effects have happened so far: compare before and after running code.
    var effectCount: Int { interpreter.effectCounter }

    /// Runs `body` with UIKit's navigation calls recording nothing (the family has drawn the edge itself).
    func muted<T>(_ body: () -> T) -> T {
        interpreter.muteNavigation += 1
        defer { interpreter.muteNavigation -= 1 }
        return body()
    }

    // MARK: Actions

    /// Records that `owner` sends an action and finds who handles it while `perform` runs the call.
    func sendAction(owner: Owner, declaringType: String, selector: String, name: String? = nil, _ f: inout Frame, line: Int,
                    perform: (inout Frame) -> Values, noReceiverNote: () -> String?) -> Values {
        interpreter.sendAction(owner: owner, declaringType: declaringType, selector: selector, name: name, &f, line: line,
                               perform: perform, noReceiverNote: noReceiverNote)
    }

    /// The action being sent, while its handlers run.
    var currentAction: Interpreter.ActionTracker? { interpreter.trackers.last }

    /// Runs `body` so that the handlers it reaches are its own: the calls around it do not keep them.
    func withOwnHandlers<T>(_ body: () -> T) -> T {
        let start = interpreter.handlerLog.count
        defer { interpreter.handlerLog.removeSubrange(start...) }
        return body()
    }

    /// Adds a finished action path.
    func addSend(_ s: Interpreter.ActionSend) { interpreter.recorded.addSend(s) }

    // MARK: State that rounds share (reads record themselves)

    /// A heap cell's values.
    func heapValues(_ type: String, _ name: String) -> Values { interpreter.heapValues(type, name) }

    /// The route-enum arm recorded so far under `name`.
    func enumArm(_ name: String) -> Interpreter.RouteRecord? {
        interpreter.observeEnumArms()
        return interpreter.enumArms[name]
    }

    func setEnumArm(_ name: String, _ r: Interpreter.RouteRecord) { interpreter.setEnumArm(name, r) }

    /// A family's verdict on a call it knows (see `Interpreter.provenEmptyCalls`).
    func noteForward(provenEmpty: Bool) {
        if provenEmpty { interpreter.provenEmptyCalls += 1 } else { interpreter.unprovenForwards += 1 }
    }

    /// Whether a whole body provably does nothing (see `InertArms`).
    func isInert(_ body: [Stmt]) -> Bool { interpreter.inertArms.isInert(body) }

    /// A route was entered by running code (an initial route, a triggered one).
    func enterRoute(_ name: String) { interpreter.routesEntered.insert(name) }

    /// The coordinators that started or presented `c`.
    func parents(of c: String) -> Set<String> { interpreter.parentsOf(c) }

    func outgoingEdges(of id: String) -> [Edge] { interpreter.outgoingEdges(of: id) }

    /// The edges that show or present `id`.
    func showingEdges(to id: String) -> [Edge] {
        interpreter.observeEdges(to: id)
        return interpreter.showingEdgesTo[id] ?? []
    }

    /// Every edge so far; for a family's pass after the program has run.
    var allEdges: Set<Edge> { interpreter.edges }

    // MARK: The graph (through the builder's verbs)

    func addEdge(from: String, to: String, kind: EdgeKind, via: String?, mechanism: String?, location: SourceLocation, reachable: Bool) {
        interpreter.addEdge(from: from, to: to, kind: kind, via: via, mechanism: mechanism, location: location, reachable: reachable)
    }

    /// A node no type or route gives (a declared event).
    func addNode(_ node: Node) { interpreter.recorded.addNode(node) }

    /// A node reached by reachable code.
    func markReached(_ id: String) { interpreter.recorded.markReached(id) }
}
