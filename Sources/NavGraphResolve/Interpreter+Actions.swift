import Foundation
import NavGraphExtract
import NavGraphKnowledge
import NavGraphModel

// Actions: what a screen sends (closure properties, delegate and coordinator calls), who may handle it,
// and why a handler handles nothing (see Interpreter).
extension Interpreter {
    /// `onDone?()` inside a screen: a closure-property action.
    func sendClosureProperty(on type: String, site: Int = 0, _ name: String, declaredBy: String, args: [Argument], _ f: inout Frame, line: Int) -> Values {
        let closuresHere = read(type, name, &f, site: site)
        // A screen's closure property is an action; so is a coordinator's (`finishFlow?()` in F2), which the
        // parent that assigned it handles.
        if let owner = f.owner, owner.kind == .screen || owner.kind == .coordinator, owner.name == type,
           !madeOnlyBy(owner, closuresHere) {
            let declaring = protocolDeclaringProperty(name, of: type) ?? type
            return sendAction(owner: owner, declaringType: declaring, selector: name, &f, line: line) { f in
                self.invokeClosures(closuresHere, args: args, caller: &f, line: line)
            } noReceiverNote: {
                closuresHere.isEmpty ? "`\(name)` is never assigned on \(type) where it is created" : nil
            } unknownLink: {
                closuresHere.isEmpty ? self.untiedAssignment(name, holder: type) : nil
            } handledWithin: {
                // A screen's closure (`presenter.completion = { [weak self] in … }`) is that screen's own code.
                self.nonCoordinatorMaker(closuresHere, sender: owner.name)
            }
        }
        return invokeClosures(closuresHere, args: args, caller: &f, line: line)
    }

    /// Whether every closure is one the sender made itself (a type-erasing wrapper storing
    /// `{ wrapped.navigate(to: $0) }` in its initializer): calling it is the sender's own code, no action.
    func madeOnlyBy(_ owner: Owner, _ values: Values) -> Bool {
        var any = false
        for case .closure(let id) in values {
            guard closures[id].frame.owner == owner else { return false }
            any = true
        }
        return any
    }

    /// Who, not being a coordinator, made one of these closures and so handles the call itself: another
    /// screen (`list.onPick = { [weak self] in self?.present(…) }`, as a delegate call to it is), or the
    /// app or scene delegate, or a helper object holding no coordinator, with a closure that does something.
    /// (A coordinator's closure is found by the action's tracker.)
    func nonCoordinatorMaker(_ values: Values, sender: String) -> String? {
        let ids = values.compactMap { if case .closure(let id) = $0 { return id } else { return nil } }.sorted()
        for id in ids {
            let frame = closures[id].frame
            if let o = frame.owner, o.kind == .screen, o.name != sender { return o.name }
            guard !closures[id].closure.body.isEmpty else { continue }
            if let o = frame.owner, o.kind == .app, o.name != sender { return o.name }
            if frame.owner == nil, let st = frame.selfType, st != sender, isHelperObject(st), !isMediator(st) { return st }
        }
        return nil
    }

    /// Empty closures and methods an API gives as defaults: a property's initial `{}` (`var resynchronize:
    /// () -> Void = {}`), and a protocol extension's empty method (`// If not implemented, keeps the
    /// default`). Calling one does nothing by the API's choice.
    static func emptyDefaults(_ index: TypeIndex) -> Set<SourceLocation> {
        var result = Set<SourceLocation>()
        for info in index.types.values where info.origin == .app {
            for p in info.properties.values where p.origin == .app {
                if case .closure(let c)? = p.decl.initializer, c.body.isEmpty { result.insert(SourceLocation(file: p.file, line: c.line)) }
            }
            for fn in info.functions where fn.origin == .app && fn.decl.body?.isEmpty == true && index[fn.owner]?.kind == .protocol {
                result.insert(fn.location)
            }
        }
        return result
    }

    func protocolDeclaringProperty(_ name: String, of type: String) -> String? {
        index.supertypes(type).first { index[$0]?.kind == .protocol && index[$0]?.properties[name] != nil && index[$0]?.origin == .app }
    }

    /// Runs `body` as an event of its own: no action running now hears of the handlers it meets, and
    /// memo traces of the calls around it do not replay them.
    func runAsOwnEvent(_ body: () -> Void) {
        let outer = trackers
        trackers = []
        let logStart = handlerLog.count
        body()
        trackers = outer
        handlerLog.removeSubrange(logStart...)
    }

    /// Records that `owner` sends an action and finds who handles it while `perform` runs the call.
    /// `name` overrides the action's name (`trigger(NewsRoute.article)`); `handledWithin` names a
    /// non-coordinator (a presenter) that handles it itself when no coordinator does.
    func sendAction(owner: Owner, declaringType: String, selector: String, name: String? = nil, _ f: inout Frame, line: Int,
                    perform: (inout Frame) -> Values, noReceiverNote: () -> String?,
                    unknownLink: () -> EmptyRead? = { nil }, handledWithin: () -> String? = { nil }) -> Values {
        let tracker = ActionTracker()
        let cutoffs = budgetCutoffs
        trackers.append(tracker)
        let logStart = handlerLog.count
        let result = perform(&f)
        trackers.removeLast()
        // What this action reached is its own: memo traces of enclosing calls must not replay it.
        handlerLog.removeSubrange(logStart...)
        let actionName = name ?? (declaringType == UIKitType.responder.name ? selector : String.qualified(declaringType, selector))
        let actionID = Node.id(.action, actionName)
        let loc = f.location(line)
        addEdge(from: owner.id, to: actionID, kind: .sends, via: nil, mechanism: nil, location: loc, reachable: f.reachable)
        var note: String?
        var within: String?
        var unknown = false
        if let h = tracker.handler, let hl = tracker.handlerLocation {
            addEdge(from: actionID, to: h.id, kind: .handles, via: nil, mechanism: nil, location: hl, reachable: f.reachable)
            if f.reachable { recorded.markReached(actionID) }
        } else if let empty = tracker.emptyHandler, noOpDefaults.contains(empty) || emptyDefaults.contains(empty) {
            // The caller left a parameter's empty default: nothing more to do, by the API's choice.
            within = owner.name
            note = "its handler is the empty default at \(empty.description): nothing more to do"
        } else if let empty = tracker.emptyHandler {
            note = "its handler at \(empty.description) is empty"
        } else if let w = handledWithin() {
            within = w
            note = screenTypes.contains(w) ? "\(w) handles it itself" : "\(w) handles it itself, without navigating"
        } else if budgetCutoffs > cutoffs {
            // Calls were cut short by the depth budget: the handler may sit past the cut.
            unknown = true
            note = "navgraph stopped following its calls at \(Interpreter.maximumCallDepth) nested calls"
        } else if let read = unknownLink() {
            switch read {
            case .unknown(let why):
                // A link navgraph could not follow: no proof either way.
                unknown = true
                note = why
            case .optedOut(let why):
                within = owner.name
                note = why
            }
        } else {
            note = noReceiverNote() ?? "no coordinator handles it"
        }
        if f.reachable { recorded.markReached(actionID) }
        recorded.addSend(ActionSend(sender: owner, action: actionName, declaringType: declaringType, location: loc,
                                reachable: f.reachable, handler: tracker.handler, handlerLocation: tracker.handlerLocation,
                                chain: [owner.name] + tracker.chain.filter { $0 != owner.name }, note: note, handledWithin: within,
                                unknown: unknown))
        return result
    }

    /// The protocol or type that declares the called member, when the call goes up to a coordinator,
    /// an app-declared delegate or a presenter; nil for calls to services, views and frameworks.
    func actionDeclaringType(_ staticT: String?, _ receivers: Values, name: String, labels: [String?], from context: String?,
                             returnedBy call: String? = nil) -> String? {
        // A call typed as UIKit's (`controller.present(vc, animated: true)` on a `UIViewController`, or on
        // what a method declared to return one gives) is UIKit behaviour, though the value is a coordinator
        // that is a view controller, and though an app extension of the UIKit type supplies the method.
        if let st = staticT ?? call, let r = index.resolve(st, from: context), index[r]?.origin == .library, index[r]?.kind != .protocol,
           index.declaringType(of: name, labels: labels, in: r) != nil {
            return nil
        }
        var types: [String] = []
        if let st = staticT { types.append(contentsOf: TypeIndex.components(st).compactMap { index.resolve($0, from: context) }) }
        for case .object(let t, _) in receivers where !types.contains(t) { types.append(t) }
        for t in types where isActionTarget(t) {
            // Library API (a router's `trigger`) is not an action by itself; its knowledge marks actions with intrinsics.
            if let d = index.declaringType(of: name, labels: labels, in: t) { if index[d]?.origin == .library { continue }; return d }
            if index.property(on: t, name) != nil { return t }
        }
        return nil
    }

    func isActionTarget(_ t: String) -> Bool {
        if let cached = actionTargetCache[t] { return cached }
        var result = false
        if let info = index[t], info.origin == .app {
            if coordinatorTypes.contains(t) || index.isSubtype(t, ofAny: coordinatorBases) {
                result = true
            } else if info.kind == .protocol {
                let conformers = index.conformers(of: t)
                result = conformers.contains { coordinatorTypes.contains($0) || isMediator($0) }
                    || Heuristics.actionProtocolHints.contains { t.contains($0) }
            } else if !screenTypes.contains(t) {
                result = isMediator(t)
            }
        }
        actionTargetCache[t] = result
        return result
    }

    /// A presenter or view model: a non-screen type holding a reference to a coordinator.
    func isMediator(_ t: String) -> Bool {
        guard let info = index[t], info.origin == .app, info.kind != .protocol, !screenTypes.contains(t), !coordinatorTypes.contains(t) else { return false }
        return info.properties.values.contains { p in p.decl.type.map { refersToCoordinator($0, from: t) } ?? false }
    }

    /// Whether a written type names a coordinator, a coordinator base, or a protocol a coordinator conforms to.
    func refersToCoordinator(_ type: String, from context: String) -> Bool {
        TypeIndex.components(type).contains { c in
            guard let r = index.resolve(c, from: context) else { return false }
            return coordinatorTypes.contains(r) || index.isSubtype(r, ofAny: coordinatorBases)
                || (index[r]?.kind == .protocol && index.conformers(of: r).contains { coordinatorTypes.contains($0) })
        }
    }

    /// A presenter method that reaches no coordinator but does work of its own (loads, stores, updates its
    /// view) handles the action itself. One that is empty, only logs, or calls a coordinator that was never
    /// injected does not: the user's tap is lost. So does any other object of the app that is the
    /// receiver (a presenter of banners behind a `…Presenter` protocol): it does its own work.
    func presenterHandlingItself(_ receivers: Values, _ name: String, _ labels: [String?]) -> String? {
        for case .object(let t, _) in receivers.sorted(by: { "\($0)" < "\($1)" }) where isMediator(t) || isHelperObject(t) {
            guard let fn = index.function(on: t, name: name, labels: labels), fn.origin == .app, let body = fn.decl.body else { continue }
            var callsCoordinator = false
            body.forEachExpr { e in
                guard case .call(.member(let base?, _, _), _, _) = e else { return }
                let property: String?
                switch base {
                case .ref(let n), .member(.ref(SwiftName.selfValue.name)?, let n, _): property = n
                default: property = nil
                }
                if let p = property, let type = index.property(on: t, p)?.decl.type, refersToCoordinator(type, from: t) { callsCoordinator = true }
            }
            if !callsCoordinator && body.contains(where: { !Interpreter.isLogging($0) }) { return t }
        }
        return nil
    }

    /// A class or struct of the app that is neither a screen, a coordinator nor a presenter of one.
    func isHelperObject(_ t: String) -> Bool {
        guard let info = index[t], info.origin == .app, info.kind != .protocol, info.kind != .enum else { return false }
        return !screenTypes.contains(t) && !coordinatorTypes.contains(t) && !index.isSubtype(t, ofAny: coordinatorBases)
    }

    /// A screen that handles a delegate call itself (a picker telling the screen that presented it what was
    /// picked): the receiver's own method. The receiver may be the sender's own class: a screen its own
    /// rows' delegate, or a folder editor reporting to its parent editor. An empty method is the receiving
    /// screen's choice (`// Do nothing here` for a "will sync" notice), no lost tap.
    func screenHandlingItself(_ receivers: Values, _ name: String, _ labels: [String?]) -> String? {
        for case .object(let t, _) in receivers.sorted(by: { $0.key < $1.key }) where screenTypes.contains(t) {
            guard let fn = index.function(on: t, name: name, labels: labels), fn.origin == .app, fn.decl.body != nil else { continue }
            return t
        }
        return nil
    }

    /// Why a presenter method the screen calls handles nothing: it is empty, only logs, or its coordinator is missing.
    func presenterNote(_ receivers: Values, _ name: String, _ labels: [String?]) -> String? {
        for case .object(let t, _) in receivers.sorted(by: { "\($0)" < "\($1)" }) where isMediator(t) {
            guard let fn = index.function(on: t, name: name, labels: labels), fn.origin == .app, let body = fn.decl.body else { continue }
            if body.isEmpty { return "\(t).\(fn.decl.selector) at \(fn.location.description) is empty" }
            if body.allSatisfy(Interpreter.isLogging) { return "\(t).\(fn.decl.selector) at \(fn.location.description) only logs and calls no coordinator" }
            return "\(t).\(fn.decl.selector) reaches no coordinator (is its coordinator injected where \(t) is created?)"
        }
        return nil
    }

    /// `print(…)`, `NSLog(…)`, `os_log(…)`, `logger.debug(…)`: statements that do nothing for the user.
    static func isLogging(_ s: Stmt) -> Bool {
        guard case .expr(.call(let callee, _, _), _) = s else { return false }
        switch callee {
        case .ref(let n): return Heuristics.loggingFunctions.contains(n)
        case .member(let base?, _, _):
            var root = base
            while case .member(let b?, _, _) = root { root = b }
            if case .ref(let n) = root, n.lowercased().contains(Heuristics.loggerWord) { return true }
            if case .member(_, let n, _) = base, n.lowercased().contains(Heuristics.loggerWord) { return true }
            return false
        default: return false
        }
    }
}
