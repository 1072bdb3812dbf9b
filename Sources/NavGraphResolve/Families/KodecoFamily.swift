import NavGraphExtract
import NavGraphKnowledge
import NavGraphModel

/// F3 Kodeco ("Design Patterns by Tutorials"): an app-declared `protocol Coordinator` with `children`,
/// `router`, `present(animated:onDismissed:)`, and `presentChild`/`dismiss` defaults in a protocol
/// extension; and an app-declared `protocol Router` with `present(_:animated:onDismissed:)` and
/// `dismiss(animated:)`, implemented by router classes. Either protocol is enough to detect the family,
/// so an app that uses Kodeco routers under other coordinators (F5) gets the router semantics too.
///
/// The coordinator protocol and its defaults are app code the interpreter follows (`presentChild` stores
/// the child and calls its `present`, which is the start). The adapter adds what a type-level reading of
/// the routers cannot see:
/// - a router's `present` means push (`NavigationRouter`), window root (`AppDelegateRouter`) or, for a
///   router that presents its own navigation controller modally (`ModalNavigationRouter`), a modal for the
///   coordinator's first screen and a push for later ones. Kinds are read from the router's body, not
///   its name; the body still runs (with navigation muted) so `onDismissed` is stored for `dismiss`;
/// - routers that UIKit can dismiss without app code (a Cancel button's `@objc` target, a back pop seen
///   as `UINavigationControllerDelegate`) give every child coordinator behind them an implicit finish.
final class KodecoFamily: FamilyAdapter {
    static let id = "kodeco"
    /// Names this adapter looks for by spelling (see `FamilyAdapter.spelledNames`).
    enum Spelled: String, SpelledName {
        case UINavigationControllerDelegate, children, navigationController, onDismissed, presentChild, pushViewController, router
    }
    static let spelledNames = Spelled.names
    init() {}

    enum RouterKind { case windowRoot, push, modal, modalThenPush }
    private var kinds: [String: RouterKind?] = [:]

    /// Found once per type index (see `PerTypeIndex`).
    private let coordinatorProtocolsFound = PerTypeIndex<[String]>()
    private let routerProtocolsFound = PerTypeIndex<[String]>()

    /// `protocol Coordinator` with `present(animated:onDismissed:)` and `children`, `router` or `presentChild`.
    func coordinatorProtocols(_ index: TypeIndex) -> [String] {
        coordinatorProtocolsFound.value(index) { index.types.values.filter { t in
            t.origin == .app && t.kind == .protocol
                && t.functions.contains { $0.decl.name == "present" && $0.decl.parameters.map(\.label) == ["animated", Spelled.onDismissed.name] }
                && (t.properties[Spelled.children.name] != nil || t.properties[Spelled.router.name] != nil || t.functions.contains { $0.decl.name == Spelled.presentChild.name })
        }.map(\.name).sorted() }
    }

    /// `protocol Router` with `present(_:animated:onDismissed:)` and `dismiss(animated:)`.
    func routerProtocols(_ index: TypeIndex) -> [String] {
        routerProtocolsFound.value(index) { index.types.values.filter { t in
            t.origin == .app && t.kind == .protocol
                && t.functions.contains { $0.decl.name == "present" && $0.decl.parameters.map(\.label) == [nil, "animated", Spelled.onDismissed.name] }
                && t.functions.contains { $0.decl.name == UIKitMember.dismiss.name && $0.decl.parameters.map(\.label) == ["animated"] }
        }.map(\.name).sorted() }
    }

    func detect(_ index: TypeIndex) -> Bool {
        !coordinatorProtocols(index).isEmpty || !routerProtocols(index).isEmpty
    }

    func coordinatorBases(_ index: TypeIndex) -> Set<String> { Set(coordinatorProtocols(index)) }

    /// `present(animated:onDismissed:)` is an F3 coordinator's `start`.
    func isStartMethod(_ name: String, labels: [String?]) -> Bool {
        name == "present" && (labels == ["animated", Spelled.onDismissed.name] || labels == ["animated"])
    }

    // MARK: - Routers

    /// `router.present(vc, animated:)` and `router.present(vc, animated:onDismissed:)` on a router class.
    func interpret(call: CallSite, line: Int, frame f: inout Frame, in it: Semantics) -> Values? {
        guard call.name == "present", call.labels.first == .some(nil), call.labels.count >= 2,
              let kind = routerKind(call.receiverType, it.index),
              let fn = it.index.function(on: call.receiverType, name: "present", labels: call.labels) else { return nil }
        let screens = it.eval(call.arguments[0].value, &f)
        switch kind {
        case .windowRoot: it.show(screens, kind: .shows, mechanism: Mechanism.windowRoot.name, &f, line: line)
        case .push: it.show(screens, kind: .shows, mechanism: Mechanism.push.name, &f, line: line)
        case .modal: it.show(screens, kind: .presents, mechanism: Mechanism.present.name, &f, line: line)
        case .modalThenPush:
            // Each child gets a fresh router, and the child's own `present(animated:onDismissed:)` gives it
            // its first screen; code running under one of the coordinator's own routes (its delegate
            // methods, the helpers they call) presents later screens, which the router pushes.
            let ownRoute = f.owner.map { f.via?.hasPrefix($0.name + ".") ?? false } ?? false
            it.show(screens, kind: ownRoute ? .shows : .presents, mechanism: ownRoute ? Mechanism.push.name : Mechanism.present.name, &f, line: line)
        }
        return it.muted { it.invoke(fn, selfType: call.receiverType, selfSite: call.receiverSite, args: call.arguments, caller: &f, line: line) }
    }

    /// What a router class's `present(_:animated:onDismissed:)` does, read from its body and the private
    /// helpers it calls: sets a window's root, presents modally, pushes, or presents first and pushes later.
    func routerKind(_ type: String, _ index: TypeIndex) -> RouterKind? {
        if let k = kinds[type] { return k }
        var kind: RouterKind?
        let conforms = index[type].map { $0.origin == .app && $0.kind == .class } == true
            && routerProtocols(index).contains { index.isSubtype(type, of: $0) }
        if conforms, let present = index.function(on: type, name: "present", labels: [nil, "animated", Spelled.onDismissed.name]) {
            var windowRoot = false, modal = false, push = false
            var seen: Set<String> = []
            var queue = [present]
            while let fn = queue.popLast() {
                guard seen.insert(fn.decl.selector).inserted, let body = fn.decl.body else { continue }
                KodecoFamily.forEachAssignment(body) { lhs in
                    if case .member(_, UIKitMember.rootViewController.name, _) = lhs { windowRoot = true }
                }
                body.forEachExpr { e in
                    guard case .call(let callee, let args, _) = e else { return }
                    switch callee {
                    case .member(let base?, "present", _) where !args.isEmpty && base != .ref(SwiftName.selfValue.name): modal = true
                    case .member(_, Spelled.pushViewController.name, _): push = true
                    case .ref(let n), .member(.ref(SwiftName.selfValue.name)?, let n, _):
                        if let own = index[type]?.functions.first(where: { $0.decl.name == n && $0.decl.parameters.count == args.count }) {
                            queue.append(own)
                        }
                    default: break
                    }
                }
            }
            kind = windowRoot ? .windowRoot : modal ? (push ? .modalThenPush : .modal) : push ? .push : nil
        }
        kinds[type] = .some(kind)
        return kind
    }

    static func forEachAssignment(_ stmts: [Stmt], _ visit: (Expr) -> Void) {
        for s in stmts {
            switch s {
            case .assign(let lhs, _, _): visit(lhs)
            case .branch(let blocks, _): blocks.forEach { forEachAssignment($0, visit) }
            case .matchIf(_, _, let body, _): forEachAssignment(body, visit)
            case .switchOn(_, let cases, _): cases.forEach { forEachAssignment($0.body, visit) }
            default: break
            }
        }
    }

    /// Where UIKit dismisses a router's flow without app code: its `@objc` selector targets (a Cancel
    /// button) or its `navigationController(_:didShow:animated:)` (a back pop).
    func systemDismissal(_ router: String, _ index: TypeIndex) -> SourceLocation? {
        let fns = index[router]?.functions ?? []
        if let objc = fns.first(where: { $0.decl.attributes.contains("objc") }) { return objc.location }
        if index.isSubtype(router, of: UIKitType.navigationControllerDelegate.name),
           let didShow = fns.first(where: { $0.decl.selector == "navigationController(_:didShow:animated:)" }) {
            return didShow.location
        }
        return nil
    }

    // MARK: - Implicit finishes

    /// Every child coordinator whose router UIKit can dismiss on its own (Cancel, back pop) finishes back
    /// to the coordinator that started it, with no app code.
    func finish(_ it: Semantics) {
        let starts = it.allEdges.filter { $0.kind == .starts && Node.isID($0.from, of: .coordinator) && Node.isID($0.to, of: .coordinator) }
        for e in starts.sorted(by: { ($0.from, $0.to, $0.file, $0.line) < ($1.from, $1.to, $1.file, $1.line) }) {
            let child = String(e.to.dropFirst("coordinator:".count))
            var routers: Set<String> = []
            for p in (it.index[child]?.properties.keys).map(Array.init) ?? [] {
                for case .object(let r, _) in it.heapValues(child, p) where routerKind(r, it.index) != nil { routers.insert(r) }
            }
            for r in routers.sorted() {
                guard let location = systemDismissal(r, it.index) else { continue }
                it.addEdge(from: e.to, to: e.from, kind: .finishes, via: nil, mechanism: Mechanism.implicit.name, location: location, reachable: e.reachable)
            }
        }
    }
}
