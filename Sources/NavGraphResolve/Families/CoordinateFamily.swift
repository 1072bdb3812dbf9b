import NavGraphExtract
import NavGraphKnowledge
import NavGraphModel

/// F1b Coordinate (codexperience-io/coordinate): one coordinator per screen. `Coordinator<T>` builds its
/// screen `T()` in `init`, so the generic argument is the screen. `ContainerCoordinator`s `root`, `show`,
/// `present` and `select` child coordinators (`setCoordinators` attaches tabs); `getCached` reuses them.
/// Routes are `HasRoutes` enums handled by `goTo(_:)`, nested through `activeRoute`. Screens `emitEvent`s
/// that travel up the `parentCoordinator` links until an `interceptEvent` returns `true`.
final class CoordinateFamily: FamilyAdapter {
    static let id = Spelled.coordinate.name
    /// Names this adapter looks for by spelling (see `FamilyAdapter.spelledNames`).
    enum Spelled: String, SpelledName {
        case NSObject, coordinate, goTo, interceptEvent, parentCoordinator, setCoordinators, tabTapped
    }
    /// Names of library members this file calls, which app statements need not mention to matter.
    enum Member: String, SpelledName {
        case animated, currentViewControllers, navigationController, willShow
    }
    /// Names its library declares that this file compares with.
    enum Library: String, SpelledName {
        case ContainerCoordinator, CoordinateEvents, Coordinated, Coordinator, HasRoutes, NavigationCoordinator, TabBarCoordinator, T
    }
    static let spelledNames = Spelled.names.union(Library.names)
    init() {}

    var library: (module: String, source: String)? { ("Coordinate", CoordinateFamily.source) }
    var hasMethodRoutes: Bool { false }

    /// Coordinate's `Coordinator` is a generic `NSObject` subclass whose screens adopt `Coordinated`.
    func detect(_ index: TypeIndex) -> Bool {
        guard let c = index[Library.Coordinator.name], c.kind == .class, c.origin == .library, index[Library.Coordinated.name]?.kind == .protocol else { return false }
        return index.directSupertypes(Library.Coordinator.name).contains(Spelled.NSObject.name)
    }

    func coordinatorBases(_ index: TypeIndex) -> Set<String> { [Library.Coordinator.name] }

    /// The route enum of every type adopting `HasRoutes`: its `RouteType`, the enum its `goTo(_:)` takes
    /// (whatever it is called), or a nested `enum Route`.
    func routeEnums(_ index: TypeIndex) -> Set<String> {
        Set(index.conformers(of: Library.HasRoutes.name).flatMap { t -> [String] in
            let taken = (index[t]?.functions ?? []).filter { $0.decl.name == Spelled.goTo.name && $0.decl.parameters.count == 1 }
                .compactMap { $0.decl.parameters[0].type.flatMap { index.resolve($0, from: t) } }
            return (["\(t).Route"] + taken).filter { index[$0]?.kind == .enum && index[$0]?.origin == .app }
        })
    }

    /// Event enums (`CoordinateEvents`) are actions, not routes, though coordinators switch over them.
    func nonRouteEnums(_ index: TypeIndex) -> Set<String> { eventEnums(index) }

    func eventEnums(_ index: TypeIndex) -> Set<String> {
        Set(index.conformers(of: Library.CoordinateEvents.name).filter { index[$0]?.kind == .enum && index[$0]?.origin == .app })
    }

    func vendoredFiles(_ files: [FileFacts]) -> Set<String> {
        func declaresLibrary(_ t: TypeDecl) -> Bool {
            switch (t.kind, t.name) {
            case (.class, Library.Coordinator.name): return !t.genericParameters.isEmpty && t.inherited.contains(Spelled.NSObject.name)
            case (.class, Library.ContainerCoordinator.name), (.class, Library.NavigationCoordinator.name), (.class, Library.TabBarCoordinator.name):
                return t.inherited.contains { $0.hasPrefix("Coordinator<") || $0.hasPrefix("ContainerCoordinator<") }
            case (.protocol, Library.Coordinated.name), (.protocol, Library.CoordinateEvents.name), (.protocol, Library.HasRoutes.name), (.protocol, Library.ContainerCoordinator.name):
                return true
            default: return false
            }
        }
        let candidates = files.filter { $0.types.contains(where: declaresLibrary) }
        guard candidates.contains(where: { $0.types.contains { $0.kind == .class && $0.name == Library.Coordinator.name && declaresLibrary($0) } }),
              candidates.contains(where: { $0.types.contains { $0.kind == .protocol && $0.name == Library.Coordinated.name } }) else { return [] }
        return Set(candidates.map(\.path))
    }

    // MARK: - Run-time semantics

    struct Send: Hashable {
        var sender: Owner
        var event: String
        /// The emitting object's type (a screen, or a coordinator emitting itself).
        var origin: String
        var location: SourceLocation
    }
    var sends: [Send: Bool] = [:]

    func intrinsic(_ name: String, _ args: [Argument], _ f: inout Frame, line: Int, in interp: Semantics) -> Values? {
        let v = args.first.map { interp.eval($0.value, &f) } ?? []
        switch name {
        case "__navgraph_own_screen":
            interp.showOwnScreen(v, &f)
        case "__navgraph_instance":
            // `getCached(X.self)`: the child of that type, if one was made.
            return Set(v.compactMap { if case .metatype(let t) = $0 { return Value.object(t) } else { return nil } })
        case "__navgraph_emit_event":
            emit(v, &f, line: line, interp)
        case "__navgraph_replaces":
            // `root(c)` replaces the other children this container rooted: they finish back to it.
            finishSiblings(except: interp.objectTypes(v), mechanism: Mechanism.root.name, &f, line: line, interp)
        case "__navgraph_attach_tabs":
            // The tabs belong to the container, not to the route that started it: no `via`.
            var g = f
            g.via = nil
            for t in interp.objectTypes(v) where interp.isCoordinator(t) { interp.startCoordinator(t, mechanism: Spelled.setCoordinators.name, &g, line: line) }
            // A tap on a tab goes through `tabTapped(for:)`, as the library's tab bar delegate sends it.
            if let arg = args.first {
                _ = interp.eval(.call(.ref(Spelled.tabTapped.name), [Argument(label: "for", value: arg.value)], line: line), &g)
            }
        case "__navgraph_user_pops":
            // Pops back need two screens in the stack; each is an event of its own, under no route.
            for t in interp.objectTypes(v) where interp.heapValues(t, Member.currentViewControllers.name).count > 1 {
                var g = f
                g.via = nil
                let willShow: Expr = .call(.member(.ref(SwiftName.selfValue.name), Member.navigationController.name, line: line), [
                    Argument(label: nil, value: .ref(UIKitMember.rootViewController.name)),
                    Argument(label: Member.willShow.name, value: .ref(Member.currentViewControllers.name)),
                    Argument(label: Member.animated.name, value: .literal("true")),
                ], line: line)
                interp.withOwnHandlers { _ = interp.eval(willShow, &g) }
            }
        case "__navgraph_dismiss_children":
            finishSiblings(except: [], mechanism: UIKitMember.dismiss.name, &f, line: line, interp)
        default:
            return nil
        }
        return []
    }

    /// A coordinator's `rootViewController` is the `T()` its `init` built, whether or not that `init` ran
    /// (so an unreachable coordinator still shows its screen, unreachably).
    func read(_ name: String, on type: String, explicitBase: Bool, _ f: Frame, in interp: Semantics) -> Values? {
        guard name == UIKitMember.rootViewController.name, interp.isCoordinator(type), interp.family(of: type) == Self.id,
              let bound = interp.index.genericBinding(Library.T.name, declaredIn: Library.Coordinator.name, for: type),
              let t = interp.index.resolve(bound, from: type) else { return nil }
        return [.object(t)]
    }

    func finishSiblings(except kept: [String], mechanism: String, _ f: inout Frame, line: Int, _ interp: Semantics) {
        guard let owner = f.owner, owner.kind == .coordinator else { return }
        let kind: EdgeKind = mechanism == Mechanism.root.name ? .starts : .presents
        let children = interp.outgoingEdges(of: owner.id).filter { $0.kind == kind && Node.isID($0.to, of: .coordinator)
            && (kind == .presents || $0.mechanism == Mechanism.root.name) }.map(\.to)
        for child in Set(children) where !kept.contains(where: { Node.id(.coordinator, $0) == child }) {
            interp.addEdge(from: child, to: owner.id, kind: .finishes, via: nil, mechanism: mechanism,
                           location: f.location(line), reachable: f.reachable)
        }
    }

    /// `emitEvent(E.c)`: a send from the running screen; each event case goes up the chain now, so the
    /// handlers' navigation is part of the graph.
    func emit(_ events: Values, _ f: inout Frame, line: Int, _ interp: Semantics) {
        guard let owner = f.owner, let origin = f.selfType else { return }
        // What an event reached is its own, as for `Interpreter.sendAction`: the traces of the calls around the
        // emit must not keep it. WHY: kept, the handler log grew all round, every memoized call copied it
        // from where the call started, and every memo hit appended its copy again (quadratic time and memory:
        // 24 GB for 200 features).
        interp.withOwnHandlers { emitEach(events, from: owner, origin: origin, &f, line: line, interp) }
    }

    private func emitEach(_ events: Values, from owner: Owner, origin: String, _ f: inout Frame, line: Int, _ interp: Semantics) {
        for case .enumCase(let e, let c) in events {
            let key = Send(sender: owner, event: "\(e).\(c)", origin: origin, location: f.location(line))
            sends[key] = (sends[key] ?? false) || f.reachable
            var visited = Set<String>()
            var current = firstParents(origin, sender: owner, interp)
            while !current.isEmpty {
                var next: [String] = []
                for coordinator in current where visited.insert(coordinator).inserted {
                    if let impl = interceptor(on: coordinator, interp), let param = impl.decl.parameters.first {
                        _ = interp.invoke(impl, selfType: coordinator, args: [], caller: &f, line: line,
                                          preEvaluated: [param.name: [.enumCase(e, c)]])
                        if outcome(impl, coordinator, e, c, interp).handled { continue }
                    }
                    next.append(contentsOf: parents(of: coordinator, interp))
                }
                current = next
            }
        }
    }

    /// `parentCoordinator`: set on a screen by its coordinator's `init`, on a child by its container.
    func parents(of type: String, _ interp: Semantics) -> [String] {
        interp.objectTypes(interp.heapValues(type, Spelled.parentCoordinator.name)).filter(interp.isCoordinator)
    }

    /// The app's `interceptEvent(_: CoordinateEvents)` override on `type` (own or inherited).
    func interceptor(on type: String, _ interp: Semantics) -> FunctionRef? {
        for owner in [type] + interp.index.supertypes(type) {
            guard let info = interp.index[owner], info.origin == .app else { continue }
            if let fn = info.functions.first(where: { fn in
                fn.decl.name == Spelled.interceptEvent.name && fn.decl.parameters.count == 1 && fn.decl.body != nil
                    && interp.index.resolve(fn.decl.parameters[0].type ?? "", from: owner) == Library.CoordinateEvents.name
            }) { return fn }
        }
        return nil
    }

    func outcome(_ fn: FunctionRef, _ type: String, _ e: String, _ c: String, _ interp: Semantics) -> EventMatcher.Outcome {
        EventMatcher(index: interp.index, owner: type, eventType: e, caseName: c).evaluate(fn)
    }

    // MARK: - Paths

    func finish(_ interpreter: Semantics) {
        let events = eventEnums(interpreter.index)
        declareEvents(events, interpreter)
        let onChain = addChainedSends(interpreter)
        let table = EventTable(events, interpreter.index)
        for coordinator in interpreter.coordinatorTypes.sorted() {
            guard let impl = interceptor(on: coordinator, interpreter), impl.owner == coordinator else { continue }
            addInterceptions(coordinator, impl, table, chained: onChain[Node.id(.coordinator, coordinator)] ?? [], interpreter)
        }
    }

    /// Every case of an event enum is an action node, sent or not.
    private func declareEvents(_ events: Set<String>, _ interp: Semantics) {
        for e in events.sorted() {
            guard let info = interp.index[e], let file = info.location?.file else { continue }
            for c in info.cases {
                var node = Node(kind: .action, name: "\(e).\(c.name)", location: SourceLocation(file: file, line: c.line),
                                reachable: false, family: Self.id, owner: e)
                node.attributes = ["declared": "true"]
                interp.addNode(node)
            }
        }
    }

    /// Each emitted event, the responders its chain brings it to, and who handles it. Gives, per
    /// responder, the events an emitter's chain brings to it.
    private func addChainedSends(_ interp: Semantics) -> [String: Set<String>] {
        var onChain: [String: Set<String>] = [:]
        for (send, reachable) in sends.sorted(by: { ($0.key.location, $0.key.event) < ($1.key.location, $1.key.event) }) {
            let e = String(send.event[..<send.event.lastIndex(of: ".")!])
            let c = String(send.event[send.event.index(after: send.event.lastIndex(of: ".")!)...])
            let actionID = Node.id(.action, send.event)
            interp.addEdge(from: send.sender.id, to: actionID, kind: .sends, via: nil, mechanism: nil, location: send.location, reachable: reachable)
            if reachable { interp.markReached(actionID) }
            for walk in chains(send, e, c, interp) {
                for step in walk.steps where step.role == .terminal || step.role == .passThrough {
                    onChain[step.responder, default: []].insert(send.event)
                    interp.addEdge(from: actionID, to: step.responder, kind: .handles, via: nil, mechanism: step.role.rawValue,
                                   location: SourceLocation(file: step.file ?? "", line: step.line ?? 0), reachable: reachable)
                }
                var s = Interpreter.ActionSend(sender: send.sender, action: send.event, declaringType: e, location: send.location,
                                               reachable: reachable, handler: walk.handler.flatMap { interp.ownerFor(display($0)) },
                                               handlerLocation: walk.handlerLocation, chain: walk.steps.map { display($0.responder) },
                                               note: walk.note)
                s.steps = walk.steps
                s.unknown = walk.unknown
                interp.addSend(s)
            }
        }
        return onChain
    }

    /// Each event type's cases with their action names, and its supertypes, made once for every coordinator;
    /// event types by their own and their supertypes' names, and cases by name, so that each interceptor
    /// visits only the events its words pick out (see `addInterceptions`).
    struct EventTable {
        var events: [(name: String, cases: [(case: String, action: String)], supertypes: Set<String>)]
        var eventsByType: [String: [Int]] = [:]
        var casesByName: [String: [(event: Int, case: Int)]] = [:]

        init(_ enums: Set<String>, _ index: TypeIndex) {
            events = enums.sorted().map { e in
                (name: e, cases: (index[e]?.cases ?? []).map { (case: $0.name, action: "\(e).\($0.name)") },
                 supertypes: Set(index.supertypes(e)))
            }
            for (i, e) in events.enumerated() {
                eventsByType[e.name, default: []].append(i)
                for s in e.supertypes where s != e.name { eventsByType[s, default: []].append(i) }
                for (j, c) in e.cases.enumerated() { casesByName[c.case, default: []].append((i, j)) }
            }
        }
    }

    /// A coordinator that matches an event no emitter's chain brings to it handles it there.
    private func addInterceptions(_ coordinator: String, _ impl: FunctionRef, _ table: EventTable, chained: Set<String>, _ interp: Semantics) {
        let sortedEvents = table.events
        // An interceptor tells events apart only by the case names its patterns spell and by how an event's
        // type relates to the types it names: events alike in both are handled alike, so each kind is
        // evaluated once. WHY: evaluating it for every case of every event type was quadratic in the app's
        // features (6 s of 11 for 400 of them).
        let words = interceptorWords(coordinator, interp)
        var outcomes: [EventKind: EventMatcher.Outcome] = [:]
        var handling: [(event: Int, case: Int, outcome: EventMatcher.Outcome)] = []
        /// The outcome of an event's case, evaluated once per kind, at the kind's first case.
        func evaluate(_ i: Int, _ j: Int) -> EventMatcher.Outcome {
            let e = sortedEvents[i], c = e.cases[j]
            let relation = words.types.flatMap { [$0 == e.name || e.supertypes.contains($0), $0 == e.name] }
            let kind = EventKind(relation: relation, spelledCase: words.cases.contains(c.case) ? c.case : nil)
            if let o = outcomes[kind] { return o }
            let o = outcome(impl, coordinator, e.name, c.case, interp)
            outcomes[kind] = o
            return o
        }
        func take(_ i: Int, _ j: Int, _ o: EventMatcher.Outcome) {
            if o.handled || o.matched { handling.append((i, j, o)) }
        }
        func isChained(_ i: Int, _ j: Int) -> Bool { chained.contains(sortedEvents[i].cases[j].action) }
        // The event types its words relate to one by one: one it names, or a subtype of one, but for a type
        // every event is or conforms to (`CoordinateEvents`), which tells none apart but the one it names.
        // Every other event relates to the named types alike, so its kind is told by its case name alone:
        // whether the interceptor spells it, and which. WHY: visiting every case of every event type for
        // every coordinator grew with the square of the features.
        var related = Set<Int>()
        for t in words.types {
            let events = table.eventsByType[t] ?? []
            if events.count == sortedEvents.count {
                if let i = events.first(where: { sortedEvents[$0].name == t }) { related.insert(i) }
            } else {
                related.formUnion(events)
            }
        }
        for i in related.sorted() {
            for j in sortedEvents[i].cases.indices where !isChained(i, j) { take(i, j, evaluate(i, j)) }
        }
        // Other events with a case name it spells: one kind per name, evaluated at its first case.
        for name in words.cases {
            let cases = (table.casesByName[name] ?? []).lazy.filter { !related.contains($0.event) && !isChained($0.event, $0.case) }
            guard let first = cases.first else { continue }
            let o = evaluate(first.event, first.case)
            if o.handled || o.matched { for c in cases { take(c.event, c.case, o) } }
        }
        // Other events with a case name it does not spell: one kind.
        func unspelled(_ i: Int) -> [Int] {
            sortedEvents[i].cases.indices.filter { !words.cases.contains(sortedEvents[i].cases[$0].case) && !isChained(i, $0) }
        }
        if let i = sortedEvents.indices.first(where: { !related.contains($0) && !unspelled($0).isEmpty }) {
            let o = evaluate(i, unspelled(i)[0])
            if o.handled || o.matched {
                for k in sortedEvents.indices where !related.contains(k) { for j in unspelled(k) { take(k, j, o) } }
            }
        }
        // In the order of a loop over every event's cases, as the edges were added before.
        handling.sort { ($0.event, $0.case) < ($1.event, $1.case) }
        for h in handling {
            interp.addEdge(from: Node.id(.action, sortedEvents[h.event].cases[h.case].action), to: Node.id(.coordinator, coordinator), kind: .handles, via: nil,
                           mechanism: h.outcome.handled ? ChainStep.Role.terminal.rawValue : ChainStep.Role.passThrough.rawValue,
                           location: h.outcome.location ?? impl.location, reachable: false)
        }
    }

    func display(_ id: String) -> String { Node.name(ofID: id) }

    /// An event as one interceptor can tell it apart (see `finish`): how its type relates to each type the
    /// interceptor names (a subtype of it, the same), and its case name if a pattern spells it.
    struct EventKind: Hashable {
        var relation: [Bool]
        var spelledCase: String?
    }

    /// What `EventMatcher` compares an event with, in every `interceptEvent` override `type` may delegate to
    /// (its own and its app supertypes'): the case names its patterns spell, and the types it names (casts,
    /// patterns, overloads' parameters), resolved from `type`.
    func interceptorWords(_ type: String, _ interp: Semantics) -> (cases: Set<String>, types: [String]) {
        var cases = Set<String>()
        var written = Set<String>()
        func patterns(_ stmts: [Stmt]) {
            for st in stmts {
                switch st {
                case .branch(let blocks, _): blocks.forEach(patterns)
                case .matchIf(_, let p, let body, _): note(p); patterns(body)
                case .switchOn(_, let arms, _): for a in arms { a.patterns.forEach(note); patterns(a.body) }
                default: break
                }
            }
        }
        func note(_ p: CasePattern) {
            if let c = p.caseName { cases.insert(c) }
            if let t = p.typeName { written.insert(t) }
            if let t = p.castType { written.insert(t) }
        }
        for owner in [type] + interp.index.supertypes(type) {
            guard let info = interp.index[owner], info.origin == .app else { continue }
            for fn in info.functions where fn.decl.name == Spelled.interceptEvent.name && fn.decl.parameters.count == 1 {
                if let t = fn.decl.parameters[0].type { written.insert(t) }
                let body = fn.decl.body ?? []
                patterns(body)
                body.forEachExpr { if case .cast(_, let t) = $0 { written.insert(t) } }
            }
        }
        let types = Set(written.compactMap { interp.index.resolve($0, from: type) }).sorted()
        return (cases, types)
    }

    struct Walk {
        var steps: [ChainStep]
        var handler: String?
        var handlerLocation: SourceLocation?
        var note: String?
        /// Its path passes through links navgraph does not follow: no proof either way.
        var unknown = false
    }

    /// Where an event `origin` emits goes first: its `parentCoordinator`; for a view or cell a screen runs
    /// (the sender), that screen's.
    func firstParents(_ origin: String, sender: Owner, _ interp: Semantics) -> [String] {
        let own = parents(of: origin, interp)
        if own.isEmpty, sender.kind == .screen, sender.name != origin, interp.index.isSubtype(origin, of: UIKitType.view.name) {
            return parents(of: sender.name, interp)
        }
        return own
    }

    /// A coordinator, or a responder whose coordinator `parentCoordinator` names.
    func isCoordinated(_ type: String, _ interp: Semantics) -> Bool {
        interp.isCoordinator(type) || interp.index.isSubtype(type, of: Library.Coordinated.name)
    }

    func chains(_ send: Send, _ e: String, _ c: String, _ interp: Semantics) -> [Walk] {
        var results: [Walk] = []
        let start = [ChainStep(responder: interp.responderID(send.origin), role: .sender)]
        func walk(_ coordinator: String, _ steps: [ChainStep], _ visited: Set<String>) {
            guard results.count < 16 else { return }
            var steps = steps
            let id = interp.responderID(coordinator)
            if let impl = interceptor(on: coordinator, interp) {
                let o = outcome(impl, coordinator, e, c, interp)
                let location = o.location ?? impl.location
                if o.handled {
                    steps.append(ChainStep(responder: id, role: .terminal, location: location))
                    results.append(Walk(steps: steps, handler: id, handlerLocation: location))
                    return
                }
                // An override that names the case and returns false lets it pass; one that does not know
                // the case at all just hands it on.
                steps.append(o.matched ? ChainStep(responder: id, role: .passThrough, location: location) : ChainStep(responder: id, role: .forwards))
            } else {
                steps.append(ChainStep(responder: id, role: .forwards))
            }
            let next = parents(of: coordinator, interp).filter { !visited.contains($0) }
            if next.isEmpty {
                results.append(Walk(steps: steps, handler: nil, handlerLocation: nil, note: unhandledNote(steps, e, c)))
                return
            }
            for n in next { walk(n, steps, visited.union([n])) }
        }
        let first = firstParents(send.origin, sender: send.sender, interp)
        if first.isEmpty {
            guard isCoordinated(send.origin, interp) else {
                // A child screen, a view or a cell of no coordinated screen: the library climbs UIKit's
                // containment (parent, presenting view controller, superview), which navgraph does not follow.
                return [Walk(steps: start, handler: nil, handlerLocation: nil, note: "it travels up \(display(start[0].responder))'s parent or presenting view controllers, which navgraph does not follow", unknown: true)]
            }
            return [Walk(steps: start, handler: nil, handlerLocation: nil, note: "\(display(start[0].responder)) has no parentCoordinator to send it to")]
        }
        for p in first { walk(p, start, [p]) }
        return results
    }

    func unhandledNote(_ steps: [ChainStep], _ e: String, _ c: String) -> String {
        let path = steps.dropFirst().map { display($0.responder) }.joined(separator: " → ")
        return "no coordinator on its path (\(path)) returns true for \(e).\(c)"
    }

    // MARK: - Library

    /// codexperience-io/coordinate, as Swift declarations.
    static let source = #"""
    public protocol CoordinateEvents {}
    public protocol HasEvents: AnyObject {
        func emitEvent(_ event: CoordinateEvents)
        func interceptEvent(_ event: CoordinateEvents) -> Bool
    }
    public protocol Coordinated: AnyObject {
        var parentCoordinator: Coordinating? { get set }
    }
    public protocol Coordinating: Coordinated, HasEvents {
        var identifier: String { get }
        var isStarted: Bool { get }
        func start(with completion: @escaping () -> Void)
        func stop(with completion: @escaping () -> Void)
        func activate()
        func getRootViewController() -> UIViewController
    }
    /// Any responder emits: a screen to its coordinator, a child screen, a view or a cell through UIKit's
    /// containment (see `chains`).
    extension UIResponder {
        public func emitEvent(_ event: CoordinateEvents) { __navgraph_emit_event(event) }
        public func interceptEvent(_ event: CoordinateEvents) -> Bool { return false }
    }
    public protocol HasRoutes: AnyObject {
        associatedtype RouteType
        var activeRoute: RouteType { get set }
        func goTo(_ route: RouteType)
    }

    open class Coordinator<T: UIViewController & Coordinated>: NSObject, Coordinating {
        public var rootViewController: T
        open weak var parentCoordinator: Coordinating?
        open var identifier: String
        public var isStarted: Bool = false

        public override init() {
            rootViewController = T()
            super.init()
            rootViewController.parentCoordinator = self
        }

        open func start(with completion: @escaping () -> Void = {}) {
            __navgraph_own_screen(rootViewController)
            completion()
        }
        open func stop(with completion: @escaping () -> Void = {}) { completion() }
        open func activate() {}
        public func getRootViewController() -> UIViewController { return rootViewController }

        /// Return true to stop the event; false lets it continue to `parentCoordinator`.
        open func interceptEvent(_ event: CoordinateEvents) -> Bool { return false }
        public func emitEvent(_ event: CoordinateEvents) { __navgraph_emit_event(event) }
    }

    public protocol HasDependenciesProtocol: AnyObject {}
    public protocol HasDependencies: HasDependenciesProtocol {}

    open class ContainerCoordinator<T: UIViewController & Coordinated>: Coordinator<T> {
        public var childCoordinators: [Coordinating] = []
        open var currentViewController: UIViewController?

        public func getCached<C>(_ coordinatorType: C.Type) -> C? { return __navgraph_instance(coordinatorType) }

        open func root(_ coordinator: Coordinating, animated: Bool = false, completion: (() -> Void)? = nil) {
            __navgraph_start(coordinator, "root")
            __navgraph_replaces(coordinator)
            startOrActivateChild(coordinator)
        }
        public func show(_ coordinator: Coordinating, sender: Any?) {
            __navgraph_start(coordinator, "push")
            startOrActivateChild(coordinator)
        }
        public func present(_ coordinator: Coordinating, animated: Bool, completion: (() -> Void)?) {
            __navgraph_present(coordinator, "present")
            startOrActivateChild(coordinator)
            completion?()
        }
        public func dismiss(animated: Bool = true, completion: (() -> Void)? = nil) {
            __navgraph_dismiss_children()
            __navgraph_back("dismiss")
            completion?()
        }
        /// Starts the child the first time and activates it afterwards: either may run.
        public func startOrActivateChild(_ coordinator: Coordinating) {
            coordinator.parentCoordinator = self
            coordinator.start(with: {})
            coordinator.activate()
        }
    }

    open class NavigationCoordinator<T: UINavigationController & Coordinated>: ContainerCoordinator<T>, UINavigationControllerDelegate {
        /// The screens of the coordinators it stacked (the library snapshots the stack in `didShow`).
        open var currentViewControllers: [UIViewController] = []

        /// Becomes the navigation controller's delegate: from then on the user's pops back (the back
        /// button, a swipe) reach `navigationController(_:willShow:animated:)`, each an event of its own.
        /// No default argument here: `start()` binds to `Coordinator.start(with:)` and runs this override.
        open override func start(with completion: @escaping () -> Void) {
            rootViewController.delegate = self
            super.start(with: completion)
            __navgraph_user_pops(self)
        }
        /// Activates the coordinator of the screen on top too: one of those it stacked.
        open override func activate() {
            super.activate()
            for vc in currentViewControllers { (vc as? Coordinated)?.parentCoordinator?.activate() }
        }
        open override func root(_ coordinator: Coordinating, animated: Bool = false, completion: (() -> Void)? = nil) {
            __navgraph_start(coordinator, "root")
            __navgraph_replaces(coordinator)
            startOrActivateChild(coordinator)
            currentViewControllers.append(coordinator.getRootViewController())
        }
        /// A push, or a pop back to the child when its screen is in the stack already.
        public override func show(_ coordinator: Coordinating, sender: Any?) {
            __navgraph_start(coordinator, "push")
            startOrActivateChild(coordinator)
            currentViewControllers.append(coordinator.getRootViewController())
        }
        public func popToCoordinator(_ coordinator: Coordinating, animated: Bool) {
            __navgraph_back("pop")
            startOrActivateChild(coordinator)
        }
        /// Whether the screen about to show was below the top (a pop): then its coordinator is popped back to.
        public func checkPoppedBack(viewController: UIViewController) {
            poppedBack(to: (viewController as? Coordinated)?.parentCoordinator)
        }
        /// What a pop back (the back button, a swipe) does: the library asks this from its navigation delegate.
        open func poppedBack(to coordinator: Coordinating?) { coordinator?.activate() }
        open func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool) {
            checkPoppedBack(viewController: viewController)
        }
        open func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool) {}
    }

    open class TabBarCoordinator<T: UITabBarController & Coordinated>: ContainerCoordinator<T>, UITabBarControllerDelegate {
        /// Becomes the tab bar controller's delegate, which hands the user's taps to `tabTapped(for:)` (see
        /// `setCoordinators`). No default argument here, as in the library.
        open override func start(with completion: @escaping () -> Void) {
            rootViewController.delegate = self
            super.start(with: completion)
        }
        /// Attaches tabs; each starts when the user taps it (`tabTapped(for:)`, which may be overridden),
        /// which may happen at any time. (`coordinators` holds every element at once: navgraph's values are
        /// sets of types.)
        public func setCoordinators(_ coordinators: [Coordinating]) {
            __navgraph_attach_tabs(coordinators)
        }
        /// What a tap on a tab does: the library asks this from its tab bar delegate.
        open func tabTapped(for coordinator: Coordinating) { select(coordinator) }
        public func select(_ coordinator: Coordinating) {
            __navgraph_start(coordinator, "select")
            startOrActivateChild(coordinator)
        }
        public func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool {
            if let coordinator = (viewController as? Coordinated)?.parentCoordinator { tabTapped(for: coordinator) }
            return false
        }
    }
    """#
}

/// Decides, without running it, what an `interceptEvent` override does with one event case: whether it can
/// return true (it handles the event) and whether it names the case (a handler that lets it continue).
/// Reads `as? E` casts, `if let`/`guard let`, `if case`, `switch` arms (with `default:`), `return true/false`,
/// and `return interceptEvent(e)` into an overload chosen by parameter type.
struct EventMatcher {
    let index: TypeIndex
    let owner: String
    let eventType: String
    let caseName: String

    struct Outcome {
        var handled = false
        var matched = false
        var location: SourceLocation?
    }

    enum Exit: Hashable { case returnsTrue, returnsFalse, unknown, fallsThrough, notTaken }

    func evaluate(_ fn: FunctionRef, depth: Int = 0) -> Outcome {
        let state = State(file: fn.file, depth: depth)
        guard let param = fn.decl.parameters.first else { return Outcome() }
        var env: [String: Bool] = [param.name: true]
        let exits = run(fn.decl.body ?? [], &env, state)
        var o = Outcome()
        o.handled = exits.contains(.returnsTrue) || exits.contains(.unknown)
        o.matched = state.matched
        o.location = state.matchLocation
        return o
    }

    final class State {
        let file: String
        let depth: Int
        var matched = false
        var matchLocation: SourceLocation?
        init(file: String, depth: Int) { self.file = file; self.depth = depth }
        func match(_ line: Int) {
            if !matched { matched = true; matchLocation = SourceLocation(file: file, line: line) }
        }
    }

    /// `env[name]`: true when the name holds the event (narrowed to a type it has), false when a binding of
    /// it failed.
    func run(_ stmts: [Stmt], _ env: inout [String: Bool], _ state: State) -> Set<Exit> {
        var exits = Set<Exit>()
        var i = 0
        var lastBind: Bool?   // outcome of the binding just before (guard heuristics)
        while i < stmts.count {
            let stmt = stmts[i]
            i += 1
            switch stmt {
            case .bind(let names, _, let value, _):
                guard let value, names.count == 1 else { lastBind = nil; continue }
                if case .cast(let x, let t) = value, isEvent(x, env) {
                    let ok = conforms(t)
                    env[names[0]] = ok
                    lastBind = ok
                    // `if let e = event as? X` failing inside an if's condition: that block is not taken.
                    if !ok && !(i < stmts.count && isGuardElse(stmts[i])) { return exits.union([.notTaken]) }
                } else if isEvent(value, env) {
                    env[names[0]] = true
                    lastBind = true
                } else {
                    lastBind = nil
                }
                continue
            case .branch(let blocks, _) where blocks.count == 1 && lastBind != nil && isGuardElse(stmt):
                // A guard's else block runs only when its binding failed.
                if lastBind == false {
                    var inner = env
                    return exits.union(run(blocks[0], &inner, state).subtracting([.notTaken]))
                }
            case .branch(let blocks, _) where blocks.count == 2:
                var thenEnv = env
                var r = run(blocks[0], &thenEnv, state)
                if r.contains(.notTaken) || !decided(blocks[0], env) {
                    r.remove(.notTaken)
                    var elseEnv = env
                    r.formUnion(run(blocks[1], &elseEnv, state).subtracting([.notTaken]))
                }
                exits.formUnion(r.subtracting([.fallsThrough]))
                if !r.contains(.fallsThrough) { return exits }
            case .branch(let blocks, _):
                for b in blocks {
                    var inner = env
                    exits.formUnion(run(b, &inner, state).subtracting([.fallsThrough, .notTaken]))
                }
            case .matchIf(let subject, let pattern, let body, let line):
                if matchIf(subject, pattern, body, line: line, env, state, &exits) { return exits }
            case .switchOn(let subject, let cases, _):
                guard let done = switchOn(subject, cases, env, state, &exits) else { continue }
                if done { return exits }
            case .ret(let e, _):
                exits.insert(returnValue(e, env, state))
                return exits
            default:
                break
            }
            lastBind = nil
        }
        exits.insert(.fallsThrough)
        return exits
    }

    /// `if case` on the event: adds the exits of its body; true when control cannot pass it.
    private func matchIf(_ subject: Expr, _ pattern: CasePattern, _ body: [Stmt], line: Int, _ env: [String: Bool], _ state: State,
                         _ exits: inout Set<Exit>) -> Bool {
        if isEvent(subject, env) {
            guard patternMatches(pattern) else { exits.insert(.notTaken); return true }
            if pattern.caseName != nil { state.match(line) }
            var inner = env
            for b in pattern.bindings { inner[b] = nil }
            let r = run(body, &inner, state)
            exits.formUnion(r.subtracting([.fallsThrough, .notTaken]))
            return !r.contains(.fallsThrough)
        }
        var inner = env
        exits.formUnion(run(body, &inner, state).subtracting([.fallsThrough, .notTaken]))
        exits.insert(.notTaken)
        return false
    }

    /// A `switch`, on the event or not: adds the exits of the arms it may run; true when control cannot
    /// pass it, nil when no arm matches the event.
    private func switchOn(_ subject: Expr, _ cases: [SwitchCase], _ env: [String: Bool], _ state: State, _ exits: inout Set<Exit>) -> Bool? {
        guard isEvent(subject, env) else {
            for arm in cases {
                var inner = env
                exits.formUnion(run(arm.body, &inner, state).subtracting([.fallsThrough, .notTaken]))
            }
            return false
        }
        let arm = cases.first { $0.patterns.contains { $0.caseName != nil && patternMatches($0) } }
            ?? cases.first { $0.patterns.contains { $0.caseName == nil && $0.castType.map(conforms) == true } }
            ?? cases.first(where: \.isDefault)
        guard let arm else { return nil }
        var inner = env
        for p in arm.patterns {
            if p.caseName != nil && patternMatches(p) { state.match(arm.line) }
            for b in p.bindings { inner[b] = p.caseName == nil && p.castType != nil ? true : nil }
        }
        let r = run(arm.body, &inner, state)
        exits.formUnion(r.subtracting([.fallsThrough, .notTaken]))
        return !r.contains(.fallsThrough)
    }

    func returnValue(_ e: Expr?, _ env: [String: Bool], _ state: State) -> Exit {
        switch e {
        case .literal("true")?: return .returnsTrue
        case .literal("false")?: return .returnsFalse
        case .call(.ref(CoordinateFamily.Spelled.interceptEvent.name), let args, _)? where args.count == 1 && isEvent(args[0].value, env):
            return delegated(args[0].value, superCall: false, state)
        case .call(.member(.ref(SwiftName.superValue.name)?, CoordinateFamily.Spelled.interceptEvent.name, _), let args, _)? where args.count == 1:
            return delegated(args[0].value, superCall: true, state)
        default:
            return .unknown
        }
    }

    /// `return interceptEvent(e)` (an overload by parameter type) or `return super.interceptEvent(event)`.
    func delegated(_ arg: Expr, superCall: Bool, _ state: State) -> Exit {
        guard state.depth < 8 else { return .unknown }
        var candidates: [FunctionRef] = []
        let types = superCall ? index.supertypes(owner) : [owner] + index.supertypes(owner)
        for t in types {
            guard let info = index[t] else { continue }
            if info.origin == .library { break }
            candidates += info.functions.filter { $0.decl.name == CoordinateFamily.Spelled.interceptEvent.name && $0.decl.parameters.count == 1 && $0.decl.body != nil }
            if superCall && !candidates.isEmpty { break }
        }
        // The most specific parameter type the event has.
        let fitting = candidates.filter { conforms($0.decl.parameters[0].type ?? "") }
        let best = fitting.first { index.resolve($0.decl.parameters[0].type ?? "", from: $0.owner) == eventType } ?? fitting.first
        guard let fn = best else { return .returnsFalse }  // the library's default returns false
        let o = EventMatcher(index: index, owner: owner, eventType: eventType, caseName: caseName).evaluate(fn, depth: state.depth + 1)
        if o.matched, let l = o.location, !state.matched { state.matched = true; state.matchLocation = l }
        return o.handled ? .returnsTrue : .returnsFalse
    }

    func isEvent(_ e: Expr, _ env: [String: Bool]) -> Bool {
        if case .ref(let n) = e { return env[n] == true }
        return false
    }

    func conforms(_ written: String) -> Bool {
        guard let t = index.resolve(written, from: owner) else { return false }
        return index.isSubtype(eventType, of: t)
    }

    func patternMatches(_ p: CasePattern) -> Bool {
        if let t = p.typeName, let resolved = index.resolve(t, from: owner), resolved != eventType { return false }
        if let c = p.caseName { return c == caseName }
        if let cast = p.castType { return conforms(cast) }
        return true
    }

    /// A one-block branch right after a binding whose block leaves the scope: a `guard`'s else.
    func isGuardElse(_ stmt: Stmt) -> Bool {
        guard case .branch(let blocks, _) = stmt, blocks.count == 1, let last = blocks[0].last else { return false }
        if case .ret = last { return true }
        return false
    }

    /// An if whose first condition tests the event (a cast binding or a case pattern): whether its body
    /// runs is decided. Any other condition may go either way, so the else block may run too.
    func decided(_ block: [Stmt], _ env: [String: Bool]) -> Bool {
        switch block.first {
        case .bind(_, _, let value?, _)?:
            if case .cast(let x, _) = value { return isEvent(x, env) }
            return isEvent(value, env)
        case .matchIf(let subject, _, _, _)?:
            return isEvent(subject, env)
        default:
            return false
        }
    }
}
