import NavGraphExtract
import NavGraphKnowledge

/// The general layer under the families: which app types are coordinators, judged by what their code does
/// rather than by a name or a library protocol. A type is a coordinator when its code (its own, its
/// superclasses' or its protocol extensions') builds an app screen and navigates (pushes, presents, sets
/// a root or a container's screens, directly or through an app helper that does), or builds another
/// coordinator and starts one. Families refine what this finds; an app that matches none still gets its
/// coordinators.
struct CoordinatorRecognition {
    let index: TypeIndex
    let queries: ProgramQueries
    let screens: Set<String>
    /// Types that are never coordinators whatever their code does: entry points, screens.
    let excluded: Set<String>

    /// Why each recognised type is a coordinator (`Evidence.rawValue` is what the JSON says).
    enum Evidence: String {
        case showsScreen = "shows-screen"
        case startsCoordinator = "starts-coordinator"
    }

    /// The coordinators found, with the evidence for each; `known` are the families' coordinators, which
    /// count as coordinators another type may build and start.
    func recognise(known: Set<String>) -> [String: Evidence] {
        let navigating = navigatingNames()
        let screenMakers = screenMakingNames()
        var found: [String: Evidence] = [:]
        var candidates: [(name: String, facts: BodyFacts)] = []
        for t in index.types.values where isCandidate(t) {
            let facts = bodyFacts(of: t.name, navigating: navigating, screenMakers: screenMakers)
            candidates.append((t.name, facts))
        }
        candidates.sort { $0.name < $1.name }
        // A type that lives only for one call of the code that builds it is that code's helper: what it
        // shows, its builder shows. Those some code keeps, hands on or starts (or that no app code builds:
        // a container makes them) are coordinators.
        let kept = handedOver(Set(candidates.map(\.name)))
        let built = queries.initializerCalls
        candidates.removeAll { !kept.contains($0.name) && built.contains(TypeIndex.simpleName($0.name)) }
        for c in candidates where c.facts.navigates && c.facts.buildsScreen { found[c.name] = .showsScreen }
        // Building and starting coordinators: a fixpoint, since a parent is recognised by its children.
        var changed = true
        while changed {
            changed = false
            let coordinators = known.union(found.keys)
            for c in candidates where found[c.name] == nil && c.facts.callsStart
                && !c.facts.built.isDisjoint(with: coordinators) {
                found[c.name] = .startsCoordinator
                changed = true
            }
        }
        return found
    }

    /// App classes, structs and actors that are no responder (screens, views and delegates are), no
    /// SwiftUI view, and no representable's helper (`makeCoordinator()`'s type).
    private func isCandidate(_ t: TypeInfo) -> Bool {
        guard t.origin == .app, t.isDeclared, t.kind == .class || t.kind == .struct || t.kind == .actor,
              !excluded.contains(t.name), !screens.contains(t.name),
              !index.isSubtype(t.name, of: UIKitType.responder.name) else { return false }
        let supertypes = Set(index.supertypes(t.name).map(TypeIndex.simpleName))
        if !supertypes.isDisjoint(with: SwiftUIName.viewProtocols.names) { return false }
        if let dot = t.name.lastIndex(of: ".") {
            let outer = String(t.name[..<dot])
            let outerSupertypes = Set(index.supertypes(outer).map(TypeIndex.simpleName))
            if !outerSupertypes.isDisjoint(with: SwiftUIName.representables.names) { return false }
        }
        return true
    }

    /// What a type's code does, over its own bodies and those of the app types it inherits code from.
    struct BodyFacts {
        var navigates = false
        var buildsScreen = false
        var callsStart = false
        /// App types it builds (`T(…)`, `T.init(…)`).
        var built: Set<String> = []
    }

    private func bodyFacts(of type: String, navigating: Set<String>, screenMakers: Set<String>) -> BodyFacts {
        var facts = BodyFacts()
        let setters = navigatingSetters()
        for owner in [type] + index.supertypes(type) {
            guard let info = index[owner], info.origin == .app else { continue }
            for body in bodies(of: info) {
                body.forEachStatement { s in
                    if case .assign(.member(_, let name, _), _, _) = s, setters.contains(name) { facts.navigates = true }
                }
                body.forEachExpr { e in
                    switch e {
                    case .call(.ref(let n), _, _):
                        if navigating.contains(n) { facts.navigates = true }
                        if let t = index.resolve(n, from: owner), index[t]?.origin == .app { facts.built.insert(t) }
                    case .call(.member(let base, let n, _), _, _):
                        if navigating.contains(n) { facts.navigates = true }
                        if ConventionName.startNames.contains(n) { facts.callsStart = true }
                        if n == SwiftKeyword.initializer.name, case .ref(let b)? = base, let t = index.resolve(b, from: owner),
                           index[t]?.origin == .app { facts.built.insert(t) }
                    default: break
                    }
                    if builds(e, owner, screenMakers) { facts.buildsScreen = true }
                }
            }
        }
        return facts
    }

    /// Method bodies, property initializers (`lazy var screen = …`) and getters of one declaration.
    private func bodies(of info: TypeInfo) -> [[Stmt]] {
        var result: [[Stmt]] = info.functions.filter { $0.origin == .app }.compactMap(\.decl.body)
        for p in info.properties.values where p.origin == .app {
            if let g = p.decl.getter { result.append(g) }
            if let i = p.decl.initializer { result.append([.expr(i, line: p.decl.line)]) }
        }
        return result
    }

    /// Names of methods that navigate: UIKit's (and a detected library's) whose declarations record a
    /// show, and, to a fixpoint, app helpers' (routers, navigators) whose bodies call one. WHY names, not
    /// resolved calls: this runs before any value is known, and a helper's receiver is seldom typed.
    func navigatingNames() -> Set<String> {
        var names: Set<String> = []
        for t in index.types.values where t.origin == .library {
            for fn in t.functions where !fn.decl.name.hasPrefix(UIKitKnowledge.setterPrefix) {
                if fn.decl.body?.containsExpr(Self.isShowIntrinsic) == true { names.insert(fn.decl.name) }
            }
        }
        let setters = navigatingSetters()
        let helpers = index.types.values.filter { t in
            t.origin == .app && t.kind != .enum && !screens.contains(t.name) && !index.isSubtype(t.name, of: UIKitType.responder.name)
        }
        var changed = true
        while changed {
            changed = false
            for t in helpers {
                for fn in t.functions where fn.origin == .app && !names.contains(fn.decl.name) {
                    guard let body = fn.decl.body, Self.navigates(body, names, setters) else { continue }
                    names.insert(fn.decl.name)
                    changed = true
                }
            }
        }
        return names
    }

    /// Properties whose setter navigates (`rootViewController`, `viewControllers`).
    private func navigatingSetters() -> Set<String> {
        var names: Set<String> = []
        for t in index.types.values where t.origin == .library {
            for fn in t.functions where fn.decl.name.hasPrefix(UIKitKnowledge.setterPrefix) {
                names.insert(String(fn.decl.name.dropFirst(UIKitKnowledge.setterPrefix.count)))
            }
        }
        return names
    }

    private static func navigates(_ body: [Stmt], _ names: Set<String>, _ setters: Set<String>) -> Bool {
        var found = false
        body.forEachStatement { s in
            if case .assign(.member(_, let name, _), _, _) = s, setters.contains(name) { found = true }
        }
        if found { return true }
        return body.containsExpr { e in
            switch e {
            case .call(.ref(let n), _, _), .call(.member(_, let n, _), _, _): return names.contains(n)
            default: return false
            }
        }
    }

    /// The intrinsics by which library declarations navigate (see `Interpreter.intrinsic`).
    private static let showIntrinsics: Set<String> = ["__navgraph_show", "__navgraph_present", "__navgraph_start"]

    private static func isShowIntrinsic(_ e: Expr) -> Bool {
        guard case .call(.ref(let n), _, _) = e else { return false }
        return showIntrinsics.contains(n)
    }

    /// Names of app functions that build a screen and return something (`makeProfile()`, a factory's
    /// `makeSettings() -> UIViewController`), to a fixpoint: calling one builds a screen. Not functions that
    /// only convert (`toPresentable() -> UIViewController { self }`).
    private func screenMakingNames() -> Set<String> {
        let functions = index.types.values.filter { $0.origin == .app }.flatMap { t in
            t.functions.filter { $0.origin == .app && $0.decl.returnType != nil && $0.decl.body != nil }.map { (t.name, $0) }
        }
        var names: Set<String> = []
        var changed = true
        while changed {
            changed = false
            for (owner, fn) in functions where !names.contains(fn.decl.name) {
                guard fn.decl.body!.containsExpr({ builds($0, owner, names) }) else { continue }
                names.insert(fn.decl.name)
                changed = true
            }
        }
        return names
    }

    /// Whether `e` builds an app screen: `S(…)`, `S.init(…)`, `S.factory()`, a storyboard's screen, or a
    /// call of a function in `makers`.
    private func builds(_ e: Expr, _ owner: String, _ makers: Set<String>) -> Bool {
        switch e {
        case .call(.ref(let n), _, _):
            return makers.contains(n) || index.resolve(n, from: owner).map(screens.contains) ?? false
        case .call(.member(let base, let n, _), _, _):
            if makers.contains(n) || n == UIKitMember.instantiateViewController.name || n == UIKitMember.instantiateInitialViewController.name { return true }
            if case .ref(let b)? = base, b.first?.isUppercase == true { return index.resolve(b, from: owner).map(screens.contains) ?? false }
            return false
        default:
            return false
        }
    }

    /// Of `candidates`, the types some app code keeps after building them: stores (`self.child = C(…)`, a
    /// stored property's initial value), hands to a call (`children.append(c)`), returns, or starts.
    private func handedOver(_ candidates: Set<String>) -> Set<String> {
        var result = Set<String>()
        for t in index.types.values where t.origin == .app {
            func built(_ e: Expr) -> String? {
                switch e {
                case .call(.ref(let n), _, _), .call(.member(.ref(let n)?, SwiftKeyword.initializer.name, _), _, _):
                    return index.resolve(n, from: t.name).flatMap { candidates.contains($0) ? $0 : nil }
                default: return nil
                }
            }
            for p in t.properties.values where p.origin == .app {
                p.decl.initializer?.forEach { if let b = built($0) { result.insert(b) } }
            }
            for body in bodies(of: t) {
                var locals: [String: String] = [:]
                body.forEachStatement { s in
                    if case .bind(let names, _, let v?, _) = s, names.count == 1, let b = built(v) { locals[names[0]] = b }
                }
                func kept(_ e: Expr) {
                    switch e {
                    case .ref(let n): if let b = locals[n] { result.insert(b) }
                    case .cast(let x, _): kept(x)
                    case .choice(let xs), .array(let xs): xs.forEach(kept)
                    default: if let b = built(e) { result.insert(b) }
                    }
                }
                body.forEachStatement { s in
                    switch s {
                    case .assign(_, let r, _): kept(r)
                    case .ret(let e?, _): kept(e)
                    default: break
                    }
                }
                body.forEachExpr { e in
                    guard case .call(let callee, let args, _) = e else { return }
                    for a in args { kept(a.value) }
                    if case .member(let base?, let m, _) = callee, ConventionName.startNames.contains(m) { kept(base) }
                }
            }
        }
        return result
    }
}

extension Array where Element == Stmt {
    /// Calls `visit` on every statement, nested blocks and closure bodies included.
    func forEachStatement(_ visit: (Stmt) -> Void) {
        for s in self {
            visit(s)
            switch s {
            case .branch(let blocks, _): for b in blocks { b.forEachStatement(visit) }
            case .matchIf(_, _, let body, _): body.forEachStatement(visit)
            case .switchOn(_, let cases, _): for c in cases { c.body.forEachStatement(visit) }
            case .expr, .bind, .assign, .ret: break
            }
        }
        forEachExpr { if case .closure(let c) = $0 { c.body.forEachStatementShallow(visit) } }
    }

    private func forEachStatementShallow(_ visit: (Stmt) -> Void) {
        for s in self {
            visit(s)
            switch s {
            case .branch(let blocks, _): for b in blocks { b.forEachStatementShallow(visit) }
            case .matchIf(_, _, let body, _): body.forEachStatementShallow(visit)
            case .switchOn(_, let cases, _): for c in cases { c.body.forEachStatementShallow(visit) }
            case .expr, .bind, .assign, .ret: break
            }
        }
    }
}
