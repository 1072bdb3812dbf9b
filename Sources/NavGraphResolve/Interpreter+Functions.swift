import Foundation
import NavGraphExtract
import NavGraphKnowledge
import NavGraphModel

// Calling functions: invoke (dispatch, frames, the memo of calls and its traces), handlers, closures
// and finishes (see Interpreter).
extension Interpreter {
    /// Calls `fn` with `self` of type `selfType`. Arguments are evaluated in the caller's frame.
    func invoke(_ fn: FunctionRef, selfType: String?, selfSite: Int = 0, isStatic: Bool = false, args: [Argument], caller: inout Frame,
                line: Int, preEvaluated: Locals<Values> = [:]) -> Values {
        guard caller.depth < Interpreter.maximumCallDepth else { budgetCutoffs += 1; return [] }
        if fn.origin == .library, fn.decl.name == UIKitMember.setViewControllers.name, fn.owner == UIKitType.tabBarController.name, let list = args.first {
            noteTabFlows(list.value, &caller)
        }
        let (env, localTypes) = bindParameters(fn, selfType: selfType, args: args, preEvaluated: preEvaluated, &caller)
        let selfTraits = selfType.map(traits(of:))
        let owner = selfTraits?.ownerKind.map { Owner(kind: $0, name: selfType!) } ?? caller.owner
        let transparent = isTransparent(fn, selfTraits)
        // Edges made inside transparent code are located at the app call that entered it.
        let site: SourceLocation? = transparent ? caller.location(line) : nil
        let via = route(of: fn, selfType: selfType, selfTraits, transparent: transparent, caller, line: line)
        // Library code also keeps the app line that called into it and who ran that line: an XCoordinator
        // `trigger` written in a view model is sent from that line, by the screen owning the view model.
        let siteOwner: Owner? = fn.origin == .library ? (caller.origin == .app ? caller.owner : caller.siteOwner) : nil
        let callSite: SourceLocation? = fn.origin == .library ? (caller.origin == .app ? SourceLocation(file: caller.file, line: line) : caller.callSite) : nil
        let context = CallContext(selfType: selfType, selfSite: selfSite, isStatic: isStatic, owner: owner, via: via, reachable: caller.reachable,
                                  site: site, siteOwner: siteOwner, callSite: callSite)
        let memoKey = MemoKey.function(FunctionCallKey(context: context, function: fn.memoID, arguments: env, muted: muteNavigation))
        return memoized(memoKey, onCycle: { noteHandler(fn, selfType: selfType, selfTraits) }) {
            if caller.reachable, let st = selfType { executedReachable.insert(key(st, fn)) }
            noteHandler(fn, selfType: selfType, selfTraits)
            noteFinishes(fn, selfType: selfType, selfTraits, env, caller, line: line)

            var frame = Frame(context: context, codeOwner: fn.owner, file: fn.file, origin: fn.origin, env: env, localTypes: localTypes,
                              returnType: fn.decl.returnType, depth: caller.depth + 1)
            let collecting = !transparent && owner?.kind == .coordinator && selfType == owner?.name
            if collecting { containerPresents.append(ContainerPresents(owner: owner!)) }
            let cost = beginCost()
            run(fn, selfType: selfType, selfSite: selfSite, &frame)
            endCost(of: fn.memoID, since: cost)
            if collecting { pairContainerPresents(containerPresents.removeLast()) }
            if let v = via, v != caller.via, hasEffects(v), let st = selfType {
                var r = methodRoutes[v] ?? RouteRecord(name: v, owner: st, location: fn.location, reachable: false, hasEffect: true, function: fn.memoID)
                r.reachable = r.reachable || caller.reachable
                methodRoutes[v] = r
            }
            return frame.returns
        }
    }

    /// Binds arguments to `fn`'s parameters by label, evaluated in the caller's frame; gives the bound
    /// values and the parameters' types.
    private func bindParameters(_ fn: FunctionRef, selfType: String?, args: [Argument], preEvaluated: Locals<Values>,
                                _ caller: inout Frame) -> (Locals<Values>, Locals<String>) {
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
            // Each argument of a variadic `Route...` is a `Route`.
            let written = p.isVariadic ? p.type.map { String($0.dropLast(Parameter.variadicSuffix.count)) } : p.type
            let bound = boundType(written, declaredIn: fn.owner, selfType: selfType)
            let pType = bound != written ? bound : expectedType(written, in: fn.owner)
            localTypes[p.name] = pType
            if ai < args.count, args[ai].label == p.label
                || (args[ai].label == nil && TypeIndex.isTrailingClosure(at: ai, args.map(\.label)) && (p.type.map { index.isFunctionType($0, from: fn.owner) } ?? false)) {
                env.formUnion(p.name, with: eval(args[ai].value, &caller, expected: pType))
                ai += 1
                while p.isVariadic, ai < args.count, args[ai].label == nil {
                    env.formUnion(p.name, with: eval(args[ai].value, &caller, expected: pType))
                    ai += 1
                }
            } else if let d = p.defaultValue, env[p.name] == nil {
                // `onDismiss: @escaping () -> Void = {}`: the API's word that a caller may do nothing more.
                if case .closure(let c) = d, c.body.isEmpty { noOpDefaults.insert(SourceLocation(file: caller.file, line: c.line)) }
                env[p.name] = eval(d, &caller, expected: pType)
            }
        }
        while ai < args.count { _ = eval(args[ai].value, &caller); ai += 1 }
        return (env, localTypes)
    }

    /// The route a call of `fn` runs under: a coordinator method is a route of its own, unless it is a
    /// lifecycle method, transparent, or a helper called from one of the coordinator's routes. Notes that
    /// a named route was reached, and the route it was reached from.
    private func route(of fn: FunctionRef, selfType: String?, _ selfTraits: TypeTraits?, transparent: Bool, _ caller: Frame, line: Int) -> String? {
        var via = caller.via
        // A property's observers run under the route of the code that assigns it.
        if let st = selfType, selfTraits!.isCoordinator, fn.origin == .app, !transparent, !isLifecycle(fn.decl),
           !fn.decl.name.hasPrefix(UIKitKnowledge.setterPrefix) {
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
                addEdge(from: Node.id(.route, from), to: Node.id(.route, v), kind: .route, via: nil, mechanism: Mechanism.call.name,
                        location: caller.location(line), reachable: caller.reachable)
            }
        }
        return via
    }

    /// A coordinator calling its parent's finish method finishes it; one passing arguments to its own
    /// method may be handing over children that finished.
    private func noteFinishes(_ fn: FunctionRef, selfType: String?, _ selfTraits: TypeTraits?, _ env: Locals<Values>, _ caller: Frame, line: Int) {
        guard let st = selfType, let callerOwner = caller.owner, callerOwner.kind == .coordinator, selfTraits!.isCoordinator else { return }
        if st != callerOwner.name {
            if parentsOf(callerOwner.name).contains(Node.id(.coordinator, st)), Heuristics.isFinishName(fn.decl.name) {
                addEdge(from: callerOwner.id, to: Node.id(.coordinator, st), kind: .finishes, via: nil,
                        mechanism: fn.decl.name, location: caller.location(line), reachable: caller.reachable)
            }
        } else if !env.isEmpty {
            noteChildrenFinished(by: fn, parent: st, env, caller: caller, line: line)
        }
    }

    /// Runs `fn`'s body in `frame` and completes what it returns (`Self`, an initializer's instance,
    /// tuple labels).
    private func run(_ fn: FunctionRef, selfType: String?, selfSite: Int, _ frame: inout Frame) {
        frame.function = fn.selector
        let body = fn.runBody ?? []
        if body.count == 1, case .expr(let e, let l) = body[0], fn.decl.returnType != nil {
            exec([.ret(e, line: l)], &frame)
        } else {
            exec(body, &frame)
        }
        if let rt = fn.decl.returnType, rt == SwiftName.selfType.name || rt == SwiftName.selfType.name + "?", let st = selfType { frame.returns.insert(.object(st, site: selfSite)) }
        if fn.decl.name == SwiftKeyword.initializer.name, let st = selfType { frame.returns.insert(.object(st, site: selfSite)) }
        if let labels = fn.decl.returnType.flatMap(TypeIndex.tupleLabels) { frame.returns = relabel(frame.returns, labels) }
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
        guard !children.isEmpty, Heuristics.isFinishName(fn.decl.name) else { return }
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

    func isLifecycle(_ fn: FunctionDecl) -> Bool {
        if fn.name == SwiftKeyword.initializer.name || fn.name == SwiftKeyword.deinitializer.name { return true }
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
            guard caller.depth < Interpreter.maximumCallDepth else { budgetCutoffs += 1; break }
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
                addEdge(from: callerOwner.id, to: o.id, kind: .finishes, via: nil, mechanism: Mechanism.closure.name,
                        location: caller.location(line), reachable: caller.reachable)
            }
            let memoKey = MemoKey.closure(id: id, reachable: f.reachable, muted: muteNavigation, arguments: argValues)
            result.formUnion(memoized(memoKey) {
                noteClosureHandler(captured)
                let body = captured.closure.body
                if body.count == 1, case .expr(let e, let l) = body[0] { exec([.ret(e, line: l)], &f) } else { exec(body, &f) }
                return f.returns
            })
        }
        return result
    }

    func noteClosureHandler(_ captured: CapturedClosure) {
        guard let o = captured.frame.owner, o.kind == .coordinator else { return }
        applyHandler(noteID(HandlerNote(owner: o, location: SourceLocation(file: captured.frame.file, line: captured.closure.line),
                                        isEmpty: captured.closure.body.isEmpty)))
    }
}
