import NavGraphExtract
import NavGraphKnowledge
import NavGraphModel

/// F1 radianttap/Coordinator: `Coordinator<T>: UIResponder` subclasses (`NavigationCoordinator`, tab bar
/// coordinators over `Coordinator<UITabBarController>`), `startChild`/`stopChild`, `show`/`root`/`present`,
/// page enums dispatched in a switch, and actions sent up the coordinatingResponder chain.
///
/// Actions are the methods an app declares in `extension UIResponder` (each forwards to
/// `coordinatingResponder`). A call of one from a screen, or from a view or cell a screen hosts, is a send.
/// The message then goes up the chain as the library routes it at run time — view → screen → the
/// screen's `parentCoordinator`, else the coordinator that pushed or presented it → `parent` coordinators →
/// whatever a coordinator's `coordinatingResponder` override returns (the app delegate) — and stops at the
/// first override that does not forward it.
final class RadianttapFamily: FamilyAdapter {
    static let id = "radianttap"
    /// Names this adapter looks for by spelling (see `FamilyAdapter.spelledNames`).
    enum Spelled: String, SpelledName {
        case childCoordinators, containingCoordinator, coordinatingResponder, coordinator, enqueueMessage, next, parent, parentCoordinator, startChild
    }
    /// Names its library declares that this file compares with.
    enum Library: String, SpelledName {
        case Coordinating, Coordinator, NavigationCoordinator, T
    }
    static let spelledNames = Spelled.names.union(Library.names)
    init() {}

    var library: (module: String, source: String)? { ("Coordinator", RadianttapFamily.source) }
    var hasMethodRoutes: Bool { false }

    /// radianttap's `Coordinator` is a generic `UIResponder` subclass, which is what sets it apart from the
    /// protocols other families call `Coordinator` and from Coordinate's `NSObject` one.
    func detect(_ index: TypeIndex) -> Bool {
        guard let c = index[Library.Coordinator.name], c.kind == .class, c.origin == .library else { return false }
        return index.directSupertypes(Library.Coordinator.name).contains(UIKitType.responder.name)
    }

    func coordinatorBases(_ index: TypeIndex) -> Set<String> { [Library.Coordinator.name] }

    /// The library's own files when its source is checked into the app (no `import Coordinator`).
    func vendoredFiles(_ files: [FileFacts]) -> Set<String> {
        func declaresLibrary(_ t: TypeDecl) -> Bool {
            switch (t.kind, t.name) {
            case (.class, Library.Coordinator.name): return !t.genericParameters.isEmpty && t.inherited.contains(UIKitType.responder.name)
            case (.class, Library.NavigationCoordinator.name): return t.inherited.contains { $0.hasPrefix("Coordinator<") }
            case (.protocol, Library.Coordinating.name): return t.properties.contains { $0.name == Spelled.parent.name || $0.name == Spelled.childCoordinators.name }
            case (.extension, UIKitType.responder.name), (.extension, UIKitType.viewController.name):
                return t.properties.contains { [Spelled.coordinatingResponder.name, Spelled.parentCoordinator.name, Spelled.containingCoordinator.name].contains($0.name) }
            default: return false
            }
        }
        let candidates = files.filter { $0.types.contains(where: declaresLibrary) }
        // Only a copy that has the generic responder class itself is the library.
        guard candidates.contains(where: { $0.types.contains { $0.kind == .class && $0.name == Library.Coordinator.name && declaresLibrary($0) } }) else { return [] }
        return Set(candidates.map(\.path))
    }

    // MARK: - Run-time semantics

    /// Sends seen while interpreting, merged across rounds.
    struct Send: Hashable {
        var sender: Owner
        var selector: String
        /// The type whose code makes the call (a view, a screen, a coordinator).
        var origin: String
        /// The responders the message is first delivered to.
        var start: [String]
        var location: SourceLocation
    }
    var sends: [Send: (reachable: Bool, carries: Set<String>)] = [:]
    /// Messages being delivered, innermost last. A screen shown meanwhile runs after the delivery
    /// (`Interpreter.activate`), so what it sends is never mistaken for a continuation.
    var delivering: [String] = []
    var actionCache: [String: [FunctionRef]]?

    /// App-declared methods of `extension UIResponder`, by name.
    func actions(_ interp: Semantics) -> [String: [FunctionRef]] {
        if let a = actionCache { return a }
        var result: [String: [FunctionRef]] = [:]
        for fn in interp.index[UIKitType.responder.name]?.functions ?? [] where fn.origin == .app && !fn.decl.isStatic && fn.decl.name != SwiftKeyword.initializer.name {
            result[fn.decl.name, default: []].append(fn)
        }
        actionCache = result
        return result
    }

    /// The action a call means: labels matched in full, else with defaulted parameters left out (as Swift
    /// prefers the overload that needs no default arguments).
    func action(_ name: String, _ labels: [String?], _ interp: Semantics) -> FunctionRef? {
        let candidates = actions(interp)[name] ?? []
        return candidates.first { $0.decl.parameters.map(\.label) == labels }
            ?? candidates.first { TypeIndex.matches(labels, $0.decl.parameters) }
    }

    func intercept(_ call: MessageCall, _ f: inout Frame, in interp: Semantics) -> Values? {
        guard let decl = action(call.name, call.labels, interp) else { return nil }
        let sel = decl.decl.selector
        let (values, carried) = interp.capturingCases { interp.bindArguments(call.arguments, to: decl.decl, declaredIn: decl.owner, &f) }
        let receivers = interp.objectTypes(call.receivers)
        // A handler forwarding its own message (`coordinatingResponder?.m(…)`, `self.m(…)` in a queued
        // closure) continues that delivery; anything else a screen or coordinator does is a new send.
        let continuing = delivering.contains(sel) || f.function == sel
        if !continuing, let owner = f.owner, owner.kind == .screen || owner.kind == .coordinator {
            let key = Send(sender: owner, selector: sel, origin: f.selfType ?? owner.name, start: receivers, location: f.location(call.line))
            let old = sends[key]
            sends[key] = ((old?.reachable ?? false) || f.reachable, (old?.carries ?? []).union(carried))
        }
        delivering.append(sel)
        var visited = Set<String>()
        deliver(decl.decl, to: receivers, values, sender: f.owner, &f, line: call.line, interp, &visited)
        delivering.removeLast()
        return []
    }

    /// Runs the first override of the message on each path up from `responders`.
    func deliver(_ action: FunctionDecl, to responders: [String], _ values: Locals<Values>, sender: Owner?,
                 _ f: inout Frame, line: Int, _ interp: Semantics, _ visited: inout Set<String>) {
        for r in responders where visited.insert(r).inserted {
            if let impl = override(action, on: r, interp) {
                _ = interp.invoke(impl, selfType: r, args: [], caller: &f, line: line, preEvaluated: values)
            } else {
                deliver(action, to: nextResponders(r, sender: sender, interp), values, sender: sender, &f, line: line, interp, &visited)
            }
        }
    }

    /// The app's override of an action on `type` (own or inherited), not the forwarding declaration.
    func override(_ action: FunctionDecl, on type: String, _ interp: Semantics) -> FunctionRef? {
        guard let impl = interp.index.function(on: type, name: action.name, labels: action.parameters.map(\.label)),
              impl.origin == .app, impl.owner != UIKitType.responder.name else { return nil }
        return impl
    }

    func read(_ name: String, on type: String, explicitBase: Bool, _ f: Frame, in interp: Semantics) -> Values? {
        switch name {
        case Spelled.coordinatingResponder.name:
            if overridesCoordinatingResponder(type, interp) { return nil }
            return Set(nextResponders(type, sender: nil, interp).map { Value.object($0) })
        case UIKitMember.rootViewController.name where explicitBase && f.origin == .app && rootIsContainer(type, interp):
            // Outside code handing a coordinator's navigation or tab bar controller to UIKit
            // (`window.rootViewController = c.rootViewController`, tab `viewControllers`, a raw `present`)
            // shows that coordinator's flow.
            return [.object(type)]
        default:
            return nil
        }
    }

    func intrinsic(_ name: String, _ args: [Argument], _ f: inout Frame, line: Int, in interp: Semantics) -> Values? {
        guard name == "__navgraph_own_screen" else { return nil }
        interp.showOwnScreen(args.first.map { interp.eval($0.value, &f) } ?? [], &f)
        return []
    }

    func rootIsContainer(_ type: String, _ interp: Semantics) -> Bool {
        guard interp.isCoordinator(type), interp.family(of: type) == Self.id,
              let root = interp.index.genericBinding(Library.T.name, declaredIn: Library.Coordinator.name, for: type),
              let t = interp.index.resolve(root) else { return false }
        return !interp.isScreen(t) && interp.isNavigationContainer(t)
    }

    /// An app type whose own declaration (or an app superclass's) overrides `coordinatingResponder`.
    func overridesCoordinatingResponder(_ type: String, _ interp: Semantics) -> Bool {
        interp.index.property(on: type, Spelled.coordinatingResponder.name)?.origin == .app
    }

    /// Where `coordinatingResponder` leads from `type`, as the library resolves it at run time.
    func nextResponders(_ type: String, sender: Owner?, _ interp: Semantics) -> [String] {
        let index = interp.index
        if overridesCoordinatingResponder(type, interp) {
            var frame = interp.detachedFrame(type, reachable: false)
            return interp.objectTypes(interp.read(type, Spelled.coordinatingResponder.name, &frame))
        }
        if interp.isScreen(type) {
            // `parentCoordinator` (set by `start()` on a coordinator's root and by `present(vc)`), else the
            // container or presenter, that is, the coordinator or screen that showed it.
            let assigned = interp.objectTypes(interp.heapValues(type, Spelled.parentCoordinator.name))
            if !assigned.isEmpty { return assigned }
            // Kept by the interpreter as edges are added. WHY: rebuilt here whenever an edge had been added,
            // every step of every chain walk scanned all edges (quadratic in the app's features).
            let shownBy = interp.showingEdges(to: Node.id(.screen, type))
            let preferred = shownBy.contains(where: \.reachable) ? shownBy.filter(\.reachable) : Array(shownBy)
            return Set(preferred.compactMap { e -> String? in
                let kind = Node.kind(ofID: e.from)
                return kind == .coordinator || kind == .screen ? Node.name(ofID: e.from) : nil
            }).sorted()
        }
        if interp.isCoordinator(type) {
            let parents = interp.objectTypes(interp.heapValues(type, Spelled.parent.name)).filter(interp.isCoordinator)
            if !parents.isEmpty { return parents }
            return interp.parents(of: type).compactMap { Node.isID($0, of: .coordinator) ? Node.name(ofID: $0) : nil }.sorted()
        }
        if index.isSubtype(type, of: UIKitType.view.name) {
            let hosts = interp.screenTypes.filter { interp.hostedViews(of: $0).contains(type) }.sorted()
            if let s = sender, s.kind == .screen, hosts.contains(s.name) { return [s.name] }
            return hosts
        }
        return []
    }

    // MARK: - Paths

    func finish(_ interpreter: Semantics) {
        let interp = interpreter
        let actions = self.actions(interp).values.flatMap { $0 }.sorted { ($0.file, $0.decl.line) < ($1.file, $1.decl.line) }
        for fn in actions {
            var node = Node(kind: .action, name: fn.decl.selector, location: fn.location, reachable: false, family: Self.id, owner: UIKitType.responder.name)
            node.attributes = ["declared": "true"]
            interp.addNode(node)
        }
        var onChain = Set<String>()   // "selector|responder"
        for (send, info) in sends.sorted(by: { ($0.key.location, $0.key.selector) < ($1.key.location, $1.key.selector) }) {
            guard let decl = action(String(send.selector.prefix { $0 != "(" }), selectorLabels(send.selector), interp) else { continue }
            let carried = info.carries.filter { interp.index.enumCase(enclosing($0), String($0.split(separator: ".").last!)) != nil }.sorted()
            let actionID = Node.id(.action, send.selector)
            interp.addEdge(from: send.sender.id, to: actionID, kind: .sends, via: nil, mechanism: nil, location: send.location, reachable: info.reachable)
            if info.reachable { interp.markReached(actionID) }
            for walk in chains(decl.decl, from: send, carried: carried, interp) {
                for step in walk.steps where step.role != .sender && step.role != .forwards {
                    onChain.insert("\(send.selector)|\(step.responder)")
                    interp.addEdge(from: actionID, to: step.responder, kind: .handles, via: nil, mechanism: step.role.rawValue,
                                   location: SourceLocation(file: step.file ?? "", line: step.line ?? 0), reachable: info.reachable)
                }
                var s = Interpreter.ActionSend(sender: send.sender, action: send.selector, declaringType: UIKitType.responder.name,
                                               location: send.location, reachable: info.reachable,
                                               handler: walk.handler.flatMap { interp.ownerFor(display($0)) }, handlerLocation: walk.handlerLocation,
                                               chain: walk.steps.map { display($0.responder) }, note: walk.note)
                s.steps = walk.steps
                s.carries = carried.isEmpty ? nil : carried
                interp.addSend(s)
            }
        }
        // Overrides no send reaches: handlers on no sender's chain (orphans).
        for fn in actions {
            for type in overriders(of: fn.decl, interp) where !onChain.contains("\(fn.decl.selector)|\(interp.responderID(type))") {
                guard let impl = override(fn.decl, on: type, interp), impl.owner == type else { continue }
                interp.addEdge(from: Node.id(.action, fn.decl.selector), to: interp.responderID(type), kind: .handles, via: nil,
                               mechanism: classify(impl.decl, fn.decl, carried: []).role.rawValue, location: impl.location, reachable: false)
            }
        }
    }

    func selectorLabels(_ selector: String) -> [String?] {
        guard let open = selector.firstIndex(of: "("), selector.hasSuffix(")") else { return [] }
        return selector[selector.index(after: open)..<selector.index(before: selector.endIndex)]
            .split(separator: ":").map { $0 == "_" ? nil : String($0) }
    }

    func enclosing(_ caseName: String) -> String {
        TypeIndex.enclosingName(caseName) ?? caseName
    }

    func display(_ id: String) -> String { Node.name(ofID: id) }

    /// App types (coordinators, screens, views, app delegates) declaring an override of the action.
    func overriders(of action: FunctionDecl, _ interp: Semantics) -> [String] {
        if overridersBySelector == nil {
            // Every app type's implemented selectors, once. WHY: a scan of every type per action was quadratic.
            var map: [String: Set<String>] = [:]
            for t in interp.index.types.values where t.origin == .app && t.isDeclared {
                for fn in t.functions where fn.origin == .app && fn.decl.body != nil { map[fn.decl.selector, default: []].insert(t.name) }
            }
            overridersBySelector = map.mapValues { $0.sorted() }
        }
        return overridersBySelector?[action.selector] ?? []
    }
    var overridersBySelector: [String: [String]]?

    struct Walk {
        var steps: [ChainStep]
        var handler: String?
        var handlerLocation: SourceLocation?
        var note: String?
    }

    /// The chains a send takes, one per branch where a responder has several next responders.
    func chains(_ action: FunctionDecl, from send: Send, carried: [String], _ interp: Semantics) -> [Walk] {
        var results: [Walk] = []
        var first: [ChainStep] = []
        var starts = send.start
        if send.start != [send.origin] {
            // `coordinatingResponder?.m()` or `other.m()`: the chain starts above the sender's own code.
            first.append(ChainStep(responder: interp.responderID(send.origin), role: .sender))
        } else {
            starts = [send.origin]
        }
        func walk(_ r: String, _ steps: [ChainStep], _ visited: Set<String>, _ partial: (String, SourceLocation)?) {
            guard results.count < 16 else { return }
            var steps = steps
            var partial = partial
            let id = interp.responderID(r)
            if let impl = override(action, on: r, interp) {
                let c = classify(impl.decl, action, carried: carried)
                steps.append(ChainStep(responder: id, role: c.role, location: impl.location))
                if c.handles {
                    results.append(Walk(steps: steps, handler: id, handlerLocation: impl.location, note: nil))
                    return
                }
                if c.role == .partial && !c.decided { partial = partial ?? (id, impl.location) }
            } else {
                steps.append(ChainStep(responder: id, role: steps.isEmpty ? .sender : .forwards))
            }
            let next = nextResponders(r, sender: send.sender, interp).filter { !visited.contains($0) }
            if next.isEmpty {
                if let (pid, ploc) = partial {
                    // A partial handler with values navgraph cannot tell apart: counted as handling them.
                    results.append(Walk(steps: steps, handler: pid, handlerLocation: ploc, note: nil))
                } else {
                    results.append(Walk(steps: steps, handler: nil, handlerLocation: nil, note: unhandledNote(steps)))
                }
                return
            }
            for n in next { walk(n, steps, visited.union([n]), partial) }
        }
        for s in starts { walk(s, first, [s, send.origin], nil) }
        return results
    }

    func unhandledNote(_ steps: [ChainStep]) -> String {
        let chain = steps.map { display($0.responder) }.joined(separator: " → ")
        let passing = steps.filter { $0.role == .passThrough || $0.role == .partial }.map { display($0.responder) }
        if passing.isEmpty { return "no responder on its chain overrides it (\(chain))" }
        return "\(passing.joined(separator: ", ")) only pass\(passing.count == 1 ? "es" : "") it on and nothing above handles it (\(chain))"
    }

    // MARK: - Classifying overrides

    struct Classification {
        var role: ChainStep.Role
        /// Whether the message stops here (for a partial override: for every carried value).
        var handles: Bool
        /// For a partial override: whether the carried values told which arm runs.
        var decided = true
    }

    /// terminal (never forwards), pass-through (always forwards), partial (forwards on some paths) or
    /// deferred (`enqueueMessage`, handled later). A partial override handles a carried route value when the
    /// switch arm for that case does not forward.
    func classify(_ impl: FunctionDecl, _ action: FunctionDecl, carried: [String]) -> Classification {
        let body = impl.body ?? []
        if body.containsExpr({ if case .call(.ref(Spelled.enqueueMessage.name), _, _) = $0 { return true }; if case .call(.member(_, Spelled.enqueueMessage.name, _), _, _) = $0 { return true }; return false }) {
            return Classification(role: .deferred, handles: true)
        }
        let forwardsAnywhere = body.containsExpr { isForward($0, action) }
        if !forwardsAnywhere { return Classification(role: .terminal, handles: true) }
        let forwardsAlways = body.contains { stmt in
            switch stmt {
            case .expr(let e, _), .ret(let e?, _): return [Stmt.expr(e, line: 0)].containsExpr { isForward($0, action) }
            default: return false
            }
        }
        if forwardsAlways { return Classification(role: .passThrough, handles: false) }
        let arms = carried.map { armForwards(body, caseName: String($0.split(separator: ".").last!), action) }
        let decided = !arms.isEmpty && !arms.contains(nil)
        return Classification(role: .partial, handles: decided && arms.allSatisfy { $0 == false }, decided: decided)
    }

    /// `coordinatingResponder?.m(…)`, `super.m(…)` or `next?.m(…)` with the action's labels.
    func isForward(_ e: Expr, _ action: FunctionDecl) -> Bool {
        guard case .call(.member(let base?, let name, _), let args, _) = e, name == action.name,
              TypeIndex.matches(args.map(\.label), action.parameters) else { return false }
        switch base {
        case .ref(Spelled.coordinatingResponder.name), .ref(SwiftName.superValue.name), .ref(Spelled.next.name), .member(.ref(SwiftName.selfValue.name)?, Spelled.coordinatingResponder.name, _): return true
        default: return false
        }
    }

    /// Whether the switch (or `if case`) arm taken for `caseName` forwards; nil when no arm decides.
    func armForwards(_ body: [Stmt], caseName: String, _ action: FunctionDecl) -> Bool? {
        for stmt in body {
            switch stmt {
            case .switchOn(_, let cases, _):
                let arm = cases.first { $0.patterns.contains { $0.caseName == caseName } } ?? cases.first(where: \.isDefault)
                if let arm { return arm.body.containsExpr { isForward($0, action) } }
            case .matchIf(_, let p, let inner, _) where p.caseName == caseName:
                return inner.containsExpr { isForward($0, action) }
            case .branch(let blocks, _):
                for b in blocks { if let r = armForwards(b, caseName: caseName, action) { return r } }
            default:
                break
            }
        }
        return nil
    }

    // MARK: - Library

    /// radianttap/Coordinator 7.x (with the 6.x `start(with:)` forms), as Swift declarations.
    static let source = #"""
    /// 7.x and 8.x (`start()`, `coordinatorDidFinish(_:)`, `startChild(coordinator:)`), with 6.x's completion
    /// forms beside them.
    public protocol Coordinating: AnyObject {
        var identifier: String { get }
        var parent: Coordinating? { get set }
        var childCoordinators: [String: Coordinating] { get set }
        var coordinatingResponder: UIResponder? { get }
        func start()
        func stop()
        func coordinatorDidFinish(_ coordinator: Coordinating)
        func coordinatorDidFinish(_ coordinator: Coordinating, completion: @escaping () -> Void)
        func startChild(coordinator: Coordinating)
        func stopChild(coordinator: Coordinating)
        func activate()
        func takeover()
    }
    public typealias CoordinatingQueuedMessage = () -> Void

    open class Coordinator<T: UIViewController>: UIResponder, Coordinating {
        open weak var parent: Coordinating?
        open var childCoordinators: [String: Coordinating] = [:]
        open var identifier: String
        public var rootViewController: T
        open var isStarted: Bool

        public init(rootViewController: T? = nil) {
            self.rootViewController = rootViewController
        }

        open func start() {
            start(with: {})
        }

        open func start(with completion: @escaping () -> Void = {}) {
            rootViewController.parentCoordinator = self
            __navgraph_own_screen(rootViewController)
            completion()
        }

        open func stop() {}
        open func stop(with completion: @escaping () -> Void = {}) { completion() }
        open func activate() {}
        open func takeover() {}

        open func coordinatorDidFinish(_ coordinator: Coordinating) {
            stopChild(coordinator: coordinator)
        }
        open func coordinatorDidFinish(_ coordinator: Coordinating, completion: @escaping () -> Void = {}) {
            stopChild(coordinator: coordinator, completion: completion)
        }

        public func startChild(coordinator: Coordinating) {
            __navgraph_start(coordinator, "startChild")
            coordinator.parent = self
            coordinator.start()
        }

        public func stopChild(coordinator: Coordinating) {
            coordinator.parent = nil
            coordinator.stop()
        }
        private(set) public var queuedMessages: [CoordinatingQueuedMessage] = []

        public func startChild(coordinator: Coordinating, completion: @escaping () -> Void = {}) {
            __navgraph_start(coordinator, "startChild")
            coordinator.parent = self
            coordinator.start()
            coordinator.start(with: completion)
        }

        public func stopChild(coordinator: Coordinating, completion: @escaping () -> Void = {}) {
            coordinator.stop()
            coordinator.stop(with: completion)
        }

        open override var coordinatingResponder: UIResponder? {
            return parent as? UIResponder
        }

        public func enqueueMessage(_ message: @escaping () -> Void) { message() }
        public func processQueuedMessages() {}
    }

    open class NavigationCoordinator: Coordinator<UINavigationController>, UINavigationControllerDelegate {
        public var viewControllers: [UIViewController] = []

        public func present(_ vc: UIViewController, animated: Bool = true, completion: (() -> Void)? = nil) {
            vc.parentCoordinator = self
            __navgraph_present(vc, "present")
            completion?()
        }
        public func dismiss(animated: Bool = true, completion: (() -> Void)? = nil) {
            __navgraph_back("dismiss")
            completion?()
        }
        public func show(_ vc: UIViewController, animated: Bool = true) { __navgraph_show(vc, "push") }
        public func root(_ vc: UIViewController, animated: Bool = true) { __navgraph_show(vc, "root") }
        public func top(_ vc: UIViewController, animated: Bool = true) { __navgraph_show(vc, "top") }
        public func pop(animated: Bool = true) { __navgraph_back("pop") }
        public func pop(to vc: UIViewController, animated: Bool = true) { __navgraph_back("pop") }
        open func handlePopBack(to vc: UIViewController?) {}
    }

    extension UIResponder {
        @objc open var coordinatingResponder: UIResponder? { return next }
    }

    extension UIViewController {
        public weak var parentCoordinator: Coordinating?
        /// A lookup up the parent chain, not a send.
        public var containingCoordinator: Coordinating? { return parentCoordinator }
        open override var coordinatingResponder: UIResponder? { return parentCoordinator as? UIResponder }
    }
    """#
}
