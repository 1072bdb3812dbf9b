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
    /// Names of library members this file calls or matches, which app statements need not mention to matter.
    enum Member: String, SpelledName {
        case animated, child, didShow, matching, navigationController, root, viewControllers
    }
    /// Names its library declares that this file compares with.
    enum Library: String, SpelledName {
        case Coordinating, Coordinator, Dictionary, NavigationCoordinator, T
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
        if let children = runningChild(call, &f, interp) { return children }
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
        case Spelled.containingCoordinator.name where interp.index.property(on: type, name)?.origin == .library:
            return Set(containingCoordinators(type, interp).map { Value.object($0) })
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
        switch name {
        case "__navgraph_own_screen":
            interp.showOwnScreen(args.first.map { interp.eval($0.value, &f) } ?? [], &f)
        case "__navgraph_below":
            let values = args.first.map { interp.eval($0.value, &f) } ?? []
            let below = pushesOntoAnother(interp)
            return Set(values.filter { v in
                guard case .object(let t, _) = v else { return false }
                return below.contains(t)
            })
        case "__navgraph_within":
            // Pops back among its own screens need two of them.
            let values = args.first.map { interp.eval($0.value, &f) } ?? []
            return Set(values.filter { v in
                guard case .object(let t, _) = v else { return false }
                return interp.heapValues(t, Member.viewControllers.name).count > 1
            })
        case "__navgraph_except":
            guard args.count == 2 else { return [] }
            return interp.eval(args[0].value, &f).subtracting(interp.eval(args[1].value, &f))
        case "__navgraph_user_pops":
            // The navigation controller's delegate hears of the user's pops back (the back button, a swipe)
            // whenever they happen: each is an event of its own, under no route.
            var g = f
            g.via = nil
            let didShow: Expr = .call(.ref(Member.navigationController.name), [
                Argument(label: nil, value: .ref(UIKitMember.rootViewController.name)),
                Argument(label: Member.didShow.name, value: .ref(Member.viewControllers.name)),
                Argument(label: Member.animated.name, value: .literal("true")),
            ], line: line)
            interp.withOwnHandlers { _ = interp.eval(didShow, &g) }
        default:
            return nil
        }
        return []
    }

    /// Navigation coordinators whose screens lie on those of another coordinator, so that the user can pop
    /// back below them: built on another coordinator's navigation controller (`X(rootViewController:
    /// rootViewController)`, `parent.rootViewController`), and never putting a screen at the bottom of the
    /// stack with `root(_:)`. Read from the code, once: whether the stack is shared is no value navgraph
    /// keeps (every navigation controller is one value).
    func pushesOntoAnother(_ interp: Semantics) -> Set<String> {
        sharedStacks.value(interp.index) {
            let index = interp.index
            var shared = Set<String>()
            func note(_ e: Expr) {
                guard case .call(.ref(let name), let args, _) = e, args.count == 1, args[0].label == UIKitMember.rootViewController.name else { return }
                switch args[0].value {
                case .ref(UIKitMember.rootViewController.name), .member(_, UIKitMember.rootViewController.name, _): break
                default: return
                }
                if let t = index.resolve(name), index.isSubtype(t, of: Library.NavigationCoordinator.name) { shared.insert(t) }
            }
            for t in index.types.values where t.origin == .app {
                for fn in t.functions { (fn.decl.body ?? []).forEachExpr(note) }
                for p in t.properties.values { if let e = p.decl.initializer { [Stmt.expr(e, line: 0)].forEachExpr(note) } }
            }
            return shared.filter { c in
                !([c] + index.supertypes(c)).contains { owner in
                    guard let info = index[owner], info.origin == .app else { return false }
                    return info.functions.contains { fn in
                        (fn.decl.body ?? []).containsExpr {
                            if case .call(.ref(Member.root.name), let a, _) = $0, a.count == 1, a[0].label == nil { return true }
                            return false
                        }
                    }
                }
            }
        }
    }
    let sharedStacks = PerTypeIndex<Set<String>>()

    /// `childCoordinators.child(matching: T.self)` (the library's `Dictionary` extension): the running
    /// children that are a `T`.
    func runningChild(_ call: MessageCall, _ f: inout Frame, _ interp: Semantics) -> Values? {
        guard call.name == Member.child.name, call.labels == [Member.matching.name],
              interp.index[Library.Dictionary.name]?.functions.contains(where: { $0.decl.selector == call.selector && $0.origin == .library }) == true,
              !call.receivers.contains(where: { if case .object(let t, _) = $0 { return interp.index.function(on: t, name: call.name, labels: call.labels) != nil }; return false })
        else { return nil }
        let wanted = interp.eval(call.arguments[0].value, &f).compactMap { if case .metatype(let t) = $0 { return t } else { return nil } }
        return call.receivers.filter { v in
            guard case .object(let t, _) = v else { return false }
            return wanted.contains { interp.index.isSubtype(t, of: $0) }
        }
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

    /// `containingCoordinator` as the library finds it: a screen's own `parentCoordinator`, else the first
    /// coordinators up its chain (the chain reaches a coordinator only through the `parentCoordinator` of a
    /// screen or container, which is what the library returns). A coordinator's is nil: its chain holds
    /// only coordinators, which are no view controllers.
    func containingCoordinators(_ type: String, _ interp: Semantics) -> [String] {
        if interp.isCoordinator(type) { return [] }
        var found = Set<String>()
        var visited: Set<String> = [type]
        var current = [type]
        while !current.isEmpty, visited.count < 64 {
            var next: [String] = []
            for r in current {
                for n in nextResponders(r, sender: nil, interp) where visited.insert(n).inserted {
                    if interp.isCoordinator(n) { found.insert(n) } else { next.append(n) }
                }
            }
            current = next
        }
        return found.sorted()
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
        let unplaced = unplacedSends(interp)
        for fn in actions {
            var node = Node(kind: .action, name: fn.decl.selector, location: fn.location, reachable: false, family: Self.id, owner: UIKitType.responder.name)
            node.attributes = ["declared": "true"]
            if let by = unplaced[fn.decl.selector] { node.attributes?["sentBy"] = by }
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
                               mechanism: classify(impl.decl, fn.decl, carried: [], interp.index).role.rawValue, location: impl.location, reachable: false)
            }
        }
    }

    /// Sends from views and cells no screen hosts (made by code navgraph does not follow): their chain
    /// starts at a superview navgraph cannot tell, so where they go is unknown. By selector, the first
    /// sender (`View @file:line`), for the action's node (`sentBy`): the action is sent, and its handlers
    /// may be on that chain.
    func unplacedSends(_ interp: Semantics) -> [String: String] {
        let placed = Set(sends.keys.map(\.origin))
        let hosted = Set(interp.screenTypes.flatMap { interp.hostedViews(of: $0) })
        var result: [String: String] = [:]
        let views = interp.index.types.values.filter {
            $0.origin == .app && $0.kind == .class && !hosted.contains($0.name) && !placed.contains($0.name)
                && interp.index.isSubtype($0.name, of: UIKitType.view.name)
        }.sorted { $0.name < $1.name }
        for t in views {
            for fn in t.functions where fn.origin == .app {
                var lines: [(String, Int)] = []
                (fn.decl.body ?? []).forEachExpr { e in
                    switch e {
                    case .call(.ref(let name), let args, let line), .call(.member(_, let name, _), let args, let line):
                        if let a = action(name, args.map(\.label), interp) { lines.append((a.decl.selector, line)) }
                    default: break
                    }
                }
                for (selector, line) in lines where result[selector] == nil { result[selector] = "\(t.name) @\(fn.file):\(line)" }
            }
        }
        return result
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
                let c = classify(impl.decl, action, carried: carried, interp.index)
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
    /// switch arm for that value does not forward.
    func classify(_ impl: FunctionDecl, _ action: FunctionDecl, carried: [String], _ index: TypeIndex) -> Classification {
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
        let values = CarriedValues(carried, index)
        let arms = values.outer.map { armForwards(body, $0, values, action) }
        let decided = !arms.isEmpty && !arms.contains(nil)
        return Classification(role: .partial, handles: decided && arms.allSatisfy { $0 == false }, decided: decided)
    }

    /// The cases a send carries, as a switch over them sees them: the outer values (`Flow.orders`), and
    /// the cases carried inside them (`OrdersPage.second` of `.orders(.second)`), by the payload type.
    struct CarriedValues {
        /// Outer values: carried cases that are no payload of another carried case.
        var outer: [(type: String, name: String)] = []
        /// Carried case names by enum type.
        var byType: [String: Set<String>] = [:]
        let index: TypeIndex

        init(_ carried: [String], _ index: TypeIndex) {
            self.index = index
            let cases = carried.compactMap { c -> (type: String, name: String)? in
                guard let dot = c.lastIndex(of: ".") else { return nil }
                return (String(c[..<dot]), String(c[c.index(after: dot)...]))
            }
            for c in cases { byType[c.type, default: []].insert(c.name) }
            let inner = Set(cases.flatMap { self.payloadTypes(of: $0) }.compactMap { $0 })
            outer = cases.filter { !inner.contains($0.type) }
        }

        /// The enum types of a case's associated values, by position (nil where it is no enum or unknown).
        func payloadTypes(of c: (type: String, name: String)) -> [String?] {
            (index.enumCase(c.type, c.name)?.associatedTypes ?? []).map { index.resolve($0, from: c.type) }
        }

        /// Whether an arm's pattern matches the outer value: true, false, or nil when the carried values
        /// cannot tell (a payload case the pattern names, with none or several carried of its type).
        func matches(_ p: CasePattern, _ value: (type: String, name: String)) -> Bool? {
            guard p.caseName == value.name else { return false }
            let types = payloadTypes(of: value)
            for (i, wanted) in p.payloadCases.enumerated() {
                guard let wanted else { continue }
                guard i < types.count, let t = types[i], let carried = byType[t], !carried.isEmpty else { return nil }
                if !carried.contains(wanted) { return false }
                if carried.count > 1 { return nil }
            }
            return true
        }
    }

    /// Whether the switch (or `if case`) arm taken for a carried value forwards; nil when no arm decides.
    func armForwards(_ body: [Stmt], _ value: (type: String, name: String), _ values: CarriedValues, _ action: FunctionDecl) -> Bool? {
        for stmt in body {
            switch stmt {
            case .switchOn(_, let cases, _):
                var taken: SwitchCase?
                for arm in cases where !arm.isDefault {
                    let m = arm.patterns.map { values.matches($0, value) }
                    if m.contains(true) { taken = arm; break }
                    if m.contains(nil) { return nil }
                }
                if let arm = taken ?? cases.first(where: \.isDefault) { return arm.body.containsExpr { isForward($0, action) } }
            case .matchIf(_, let p, let inner, _) where p.caseName == value.name:
                guard let m = values.matches(p, value) else { return nil }
                if m { return inner.containsExpr { isForward($0, action) } }
            case .branch(let blocks, _):
                for b in blocks { if let r = armForwards(b, value, values, action) { return r } }
            default:
                break
            }
        }
        return nil
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

    // MARK: - Library

    /// radianttap/Coordinator 7.x and 8.x (with the 6.x `start(with:)` forms), as Swift declarations.
    /// Checked against 8.0 (`Tests/LibraryAPI/radianttap.api`).
    static let source = #"""
    /// 7.x and 8.x (`start()`, `coordinatorDidFinish(_:)`, `startChild(coordinator:)`), with 6.x's completion
    /// forms beside them.
    public protocol Coordinating: AnyObject {
        var identifier: String { get }
        var parent: Coordinating? { get set }
        var childCoordinators: [String: Coordinating] { get }
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

    public extension Dictionary where Value == Coordinating {
        /// The running child of that type: the first value that is one (see `RadianttapFamily.intercept`).
        func child<T>(matching type: T.Type) -> T? { return values.first { $0 is T } as? T }
    }

    public typealias CoordinatingQueuedMessage = () -> Void

    open class Coordinator<T: UIViewController>: UIResponder, Coordinating {
        open weak var parent: Coordinating?
        private(set) public var childCoordinators: [String: Coordinating] = [:]
        open lazy var identifier: String = { return String(describing: type(of: self)) }()
        public let rootViewController: T
        private(set) public var isStarted: Bool = false

        /// No default: a coordinator built without a root is one whose own `init` supplies it.
        public init(rootViewController: T?) {
            self.rootViewController = rootViewController
        }

        open func start() {
            start(with: {})
        }

        open func start(with completion: @escaping () -> Void = {}) {
            rootViewController.parentCoordinator = self
            __navgraph_own_screen(rootViewController)
            isStarted = true
            completion()
        }

        open func stop() {
            rootViewController.parentCoordinator = nil
        }
        open func stop(with completion: @escaping () -> Void = {}) { completion() }

        /// Takes the root back: the chain of every screen in it leads here again.
        open func activate() {
            rootViewController.parentCoordinator = self
        }
        open func takeover() {
            activate()
        }

        open func coordinatorDidFinish(_ coordinator: Coordinating) {
            stopChild(coordinator: coordinator)
        }
        open func coordinatorDidFinish(_ coordinator: Coordinating, completion: @escaping () -> Void = {}) {
            stopChild(coordinator: coordinator, completion: completion)
        }

        public func startChild(coordinator: Coordinating) {
            __navgraph_start(coordinator, "startChild")
            childCoordinators[coordinator.identifier] = coordinator
            coordinator.parent = self
            coordinator.start()
        }

        public func stopChild(coordinator: Coordinating) {
            coordinator.parent = nil
            childCoordinators.removeValue(forKey: coordinator.identifier)
            coordinator.stop()
        }
        private(set) public var queuedMessages: [CoordinatingQueuedMessage] = []

        public func startChild(coordinator: Coordinating, completion: @escaping () -> Void = {}) {
            __navgraph_start(coordinator, "startChild")
            childCoordinators[coordinator.identifier] = coordinator
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

        public func enqueueMessage(_ message: @escaping CoordinatingQueuedMessage) { message() }
        public func processQueuedMessages() {}
    }

    open class NavigationCoordinator: Coordinator<UINavigationController>, UINavigationControllerDelegate {
        open var viewControllers: [UIViewController] = []

        /// UIKit calls it on the delegate after every transition; an animated pop back (the back button, a
        /// swipe) goes on to `didPopTransition(to:)`.
        open func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool) {
            didPopTransition(to: viewController)
        }

        /// Popped back below its own screens (only where screens of another coordinator lie below them:
        /// `RadianttapFamily.pushesOntoAnother`), it is done and tells its parent; popped back to one of its
        /// own (it has more than one), it hears of it through `handlePopBack(to:)`.
        private func didPopTransition(to viewController: UIViewController) {
            __navgraph_below(self)?.parent?.coordinatorDidFinish(self)
            __navgraph_within(self)?.handlePopBack(to: viewController)
        }

        open func handlePopBack(to vc: UIViewController?) {}

        public func present(_ vc: UIViewController, animated: Bool = true, completion: (() -> Void)? = nil) {
            vc.parentCoordinator = self
            __navgraph_present(vc, "present")
            completion?()
        }
        public func dismiss(animated: Bool = true, completion: (() -> Void)? = nil) {
            __navgraph_back("dismiss")
            completion?()
        }
        public func show(_ vc: UIViewController) {
            viewControllers.append(vc)
            __navgraph_show(vc, "push")
        }
        public func root(_ vc: UIViewController) {
            viewControllers = [vc]
            __navgraph_show(vc, "root")
        }
        public func top(_ vc: UIViewController, animated: Bool = true) {
            viewControllers.append(vc)
            __navgraph_show(vc, "top")
        }
        public func pop(animated: Bool = true) { __navgraph_back("pop") }
        public func pop(to vc: UIViewController, animated: Bool = true) { __navgraph_back("pop") }

        /// Becomes the navigation controller's delegate: from then on the user's pops back reach
        /// `navigationController(_:didShow:animated:)`, each an event of its own.
        open override func start() {
            rootViewController.delegate = self
            super.start()
            __navgraph_user_pops(self)
        }

        /// Takes its screens out of the navigation stack.
        open override func stop() {
            rootViewController.delegate = nil
            __navgraph_back("stop")
            viewControllers.removeAll()
            super.stop()
        }

        /// A child is done: the owner of the top screen takes the navigation controller back (itself, or
        /// another navigation child on the same stack) and hears of it through `handlePopBack(to:)`; where
        /// screens of another coordinator lie below its own, it is done too.
        override open func coordinatorDidFinish(_ coordinator: Coordinating) {
            super.coordinatorDidFinish(coordinator)
            guard let topVC = rootViewController.topViewController else { return }
            activate()
            handlePopBack(to: topVC)
            for c in __navgraph_below(__navgraph_except(childCoordinators, coordinator)) {
                if let c = c as? NavigationCoordinator {
                    c.activate()
                    c.handlePopBack(to: topVC)
                }
            }
            __navgraph_below(self)?.parent?.coordinatorDidFinish(self)
        }

        open override func activate() {
            super.activate()
            rootViewController.delegate = self
        }

        /// Re-installs its whole stack over what another coordinator showed.
        open override func takeover() {
            activate()
            rootViewController.viewControllers = viewControllers
        }
    }

    extension UIResponder {
        @objc open var coordinatingResponder: UIResponder? { return next }
        /// The coordinator managing the screen: a view controller's own `parentCoordinator`, else up the
        /// chain (see `RadianttapFamily.read`). On a coordinator it is nil.
        public var containingCoordinator: Coordinating? {
            if let vc = self as? UIViewController, let pc = vc.parentCoordinator { return pc }
            return coordinatingResponder?.containingCoordinator
        }
    }

    extension UIViewController {
        public weak var parentCoordinator: Coordinating?
        open override var coordinatingResponder: UIResponder? { return parentCoordinator as? UIResponder }
    }
    """#
}
