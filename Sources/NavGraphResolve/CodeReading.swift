import NavGraphExtract
import NavGraphKnowledge

/// What app code does, read without running it, for `CoordinatorRecognition`: which functions navigate
/// (call UIKit's or a library's navigating declarations, store a navigating property, or call an app
/// function that does), which build a screen, and which types code keeps once built. A call is resolved
/// from its receiver's declared type (`self`, a typed property, a typed local); a call whose receiver
/// has no declared type counts only when it is a library's navigating method with matching labels.
/// WHY typed: matched by name alone, `present`, `show` or `make` made every view model a coordinator.
final class CodeReading {
    let index: TypeIndex
    let screens: Set<String>
    /// Library functions whose declarations record a show, a present or a start.
    private var libraryNavigating: [String: [FunctionRef]] = [:]
    /// Properties whose setter navigates (`rootViewController`, `viewControllers`).
    private var setters: Set<String> = []
    /// App functions that navigate, and app functions that build a screen and return a value.
    private var navigating = Set<ObjectIdentifier>()
    private var makers = Set<ObjectIdentifier>()

    let containers: NavigationContainers

    init(index: TypeIndex, screens: Set<String>, containers: NavigationContainers = NavigationContainers()) {
        self.index = index
        self.screens = screens
        self.containers = containers
        for t in index.types.values where t.origin == .library {
            for fn in t.functions {
                if fn.decl.name.hasPrefix(UIKitKnowledge.setterPrefix) {
                    setters.insert(String(fn.decl.name.dropFirst(UIKitKnowledge.setterPrefix.count)))
                } else if fn.decl.body?.containsExpr(Self.isShowIntrinsic) == true {
                    libraryNavigating[fn.decl.name, default: []].append(fn)
                }
            }
        }
        settle()
    }

    /// What one body does, read in the context of `owner`.
    struct Reading {
        var navigates = false
        var buildsScreen = false
        var callsStart = false
        /// App types it builds (`T(…)`, `T.init(…)`).
        var built: Set<String> = []
        /// App functions it calls.
        var callees: [FunctionRef] = []

        /// What two bodies of one type do together.
        mutating func merge(_ other: Reading) {
            navigates = navigates || other.navigates
            buildsScreen = buildsScreen || other.buildsScreen
            callsStart = callsStart || other.callsStart
            built.formUnion(other.built)
            callees += other.callees
        }
    }

    func read(_ body: [Stmt], owner: String) -> Reading {
        var r = Reading()
        let locals = localTypes(body, owner: owner)
        body.forEachStatement { s in
            if case .assign(.member(_, let name, _), _, _) = s, setters.contains(name) { r.navigates = true }
        }
        body.forEachExpr { e in
            guard case .call(let callee, let args, _) = e else { return }
            let labels = args.map(\.label)
            if let t = builtType(callee, owner: owner) {
                if screens.contains(t) { r.buildsScreen = true }
                if index[t]?.origin == .app { r.built.insert(t) }
            }
            if case .member(_, let n, _) = callee {
                if n == UIKitMember.instantiateViewController.name || n == UIKitMember.instantiateInitialViewController.name { r.buildsScreen = true }
                if ConventionName.startNames.contains(n) { r.callsStart = true }
            }
            let fns = callees(callee, labels: labels, owner: owner, locals: locals)
            for fn in fns {
                if fn.origin == .library {
                    if libraryNavigating[fn.decl.name]?.contains(where: { $0 === fn }) == true { r.navigates = true }
                } else {
                    // Handing a coordinator to a container shows it and starts it.
                    if containers.heldParameter(fn) != nil { r.navigates = true; r.callsStart = true }
                    r.callees.append(fn)
                    if navigating.contains(ObjectIdentifier(fn)) { r.navigates = true }
                    if makers.contains(ObjectIdentifier(fn)) { r.buildsScreen = true }
                }
            }
            // An untyped receiver: a library's navigating method, by name and labels.
            if fns.isEmpty, case .member(_, let n, _) = callee,
               libraryNavigating[n]?.contains(where: { TypeIndex.matches(labels, $0.decl.parameters) }) == true {
                r.navigates = true
            }
        }
        return r
    }

    /// Method bodies, property initializers (`lazy var screen = …`) and getters of one declaration.
    static func bodies(of info: TypeInfo) -> [[Stmt]] { bodiesAndResults(of: info).map(\.body) }

    /// The same, each with whether a single expression in it is what it gives back (a function with a
    /// result, a getter, a property's initial value).
    static func bodiesAndResults(of info: TypeInfo) -> [(body: [Stmt], returnsValue: Bool)] {
        var result: [(body: [Stmt], returnsValue: Bool)] = info.functions.filter { $0.origin == .app }.compactMap { fn in
            fn.decl.body.map { ($0, fn.decl.returnType != nil) }
        }
        for p in info.properties.values where p.origin == .app {
            if let g = p.decl.getter { result.append((g, true)) }
            if let i = p.decl.initializer { result.append(([.expr(i, line: p.decl.line)], true)) }
        }
        return result
    }

    /// Which app functions navigate and which build screens: each function's body read once, then both
    /// spread to callers until nothing changes.
    private func settle() {
        var readings: [(FunctionRef, Reading)] = []
        for t in index.types.values {
            for fn in t.functions where fn.origin == .app {
                guard let body = fn.decl.body else { continue }
                readings.append((fn, read(body, owner: t.name)))
            }
        }
        var changed = true
        while changed {
            changed = false
            for (fn, r) in readings {
                let id = ObjectIdentifier(fn)
                if !navigating.contains(id), r.navigates || r.callees.contains(where: { navigating.contains(ObjectIdentifier($0)) }) {
                    navigating.insert(id)
                    changed = true
                }
                if !makers.contains(id), fn.decl.returnType != nil,
                   r.buildsScreen || r.callees.contains(where: { makers.contains(ObjectIdentifier($0)) }) {
                    makers.insert(id)
                    changed = true
                }
            }
        }
    }

    /// The type a call builds: `T(…)`, `T.init(…)`, or a type's own static factory (`T.instantiate()`).
    private func builtType(_ callee: Expr, owner: String) -> String? {
        switch callee {
        case .ref(let n) where n.first?.isUppercase == true:
            return index.resolve(n, from: owner)
        case .member(.ref(let b)?, _, _) where b.first?.isUppercase == true:
            guard let t = index.resolve(b, from: owner), screens.contains(t) || index[t]?.origin == .app else { return nil }
            return t
        default:
            return nil
        }
    }

    /// The functions a call may run, found from its receiver's declared type; for a protocol, its
    /// conformers' implementations too.
    private func callees(_ callee: Expr, labels: [String?], owner: String, locals: [String: String]) -> [FunctionRef] {
        let name: String
        let receiver: String?
        switch callee {
        case .ref(let n) where n.first?.isUppercase != true: name = n; receiver = owner
        case .member(let base?, let n, _): name = n; receiver = staticType(base, owner: owner, locals: locals)
        default: return []
        }
        guard let written = receiver, let t = index.resolve(TypeIndex.baseName(written), from: owner) else { return [] }
        var result: [FunctionRef] = []
        if let fn = index.function(on: t, name: name, labels: labels) { result.append(fn) }
        if index[t]?.kind == .protocol {
            for c in index.conformers(of: t).sorted() {
                if let fn = index.function(on: c, name: name, labels: labels), !result.contains(where: { $0 === fn }) { result.append(fn) }
            }
        }
        return result
    }

    private func staticType(_ e: Expr, owner: String, locals: [String: String]) -> String? {
        switch e {
        case .ref(SwiftName.selfValue.name): return owner
        case .ref(let n): return locals[n] ?? index.property(on: owner, n)?.decl.type
        case .member(let b?, let n, _):
            guard let bt = staticType(b, owner: owner, locals: locals),
                  let r = index.resolve(TypeIndex.baseName(bt), from: owner) else { return nil }
            return index.property(on: r, n)?.decl.type
        case .cast(_, let t): return t
        case .call(let callee, _, _): return builtType(callee, owner: owner)
        default: return nil
        }
    }

    /// Locals with a declared type, or bound to what an initializer builds or a cast gives.
    private func localTypes(_ body: [Stmt], owner: String) -> [String: String] {
        var types: [String: String] = [:]
        body.forEachStatement { s in
            guard case .bind(let names, let type, let value, _) = s, names.count == 1 else { return }
            if let type { types[names[0]] = type; return }
            switch value {
            case .call(let callee, _, _)?: if let t = builtType(callee, owner: owner) { types[names[0]] = t }
            case .cast(_, let t)?: types[names[0]] = t
            default: break
            }
        }
        return types
    }

    private static func isShowIntrinsic(_ e: Expr) -> Bool {
        guard case .call(.ref(let n), _, _) = e else { return false }
        return Interpreter.navigatingIntrinsics.contains(n)
    }

    /// Of `candidates`, the types some app code keeps after building them: stores (`self.child = C(…)`, a
    /// stored property's initial value), hands to a call (`children.append(c)`), returns, or starts.
    func handedOver(_ candidates: Set<String>) -> Set<String> {
        var result = Set<String>()
        for t in index.types.values {
            func built(_ e: Expr) -> String? {
                guard case .call(let callee, _, _) = e else { return nil }
                switch callee {
                case .ref, .member(_, SwiftKeyword.initializer.name, _):
                    return builtType(callee, owner: t.name).flatMap { candidates.contains($0) ? $0 : nil }
                default: return nil
                }
            }
            for p in t.properties.values where p.origin == .app {
                p.decl.initializer?.forEach { if let b = built($0) { result.insert(b) } }
            }
            for (body, returnsValue) in CodeReading.bodiesAndResults(of: t) {
                // Every type a name is bound to: sibling closures reuse `let coordinator = …` for different types.
                var locals: [String: Set<String>] = [:]
                body.forEachStatement { s in
                    if case .bind(let names, _, let v?, _) = s, names.count == 1, let b = built(v) { locals[names[0], default: []].insert(b) }
                }
                func kept(_ e: Expr) {
                    switch e {
                    case .ref(let n): if let b = locals[n] { result.formUnion(b) }
                    case .cast(let x, _): kept(x)
                    case .choice(let xs), .array(let xs), .dictionary(_, let xs): xs.forEach(kept)
                    // `return C(…).asAnyCoordinator()`: what a method of the built value gives is kept with it.
                    case .call(.member(let b?, _, _), _, _) where built(e) == nil: kept(b)
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
                // A body of one expression returns it (`func make() -> Flow { Flow(…).erased() }`, a property's value).
                if returnsValue, body.count == 1, case .expr(let e, _) = body[0] { kept(e) }
                body.forEachExpr { e in
                    // A closure of one expression returns it (`makeChild: { router in Child(router: router) }`).
                    if case .closure(let c) = e, c.body.count == 1, case .expr(let x, _) = c.body[0], let b = built(x) { result.insert(b) }
                    guard case .call(let callee, let args, _) = e else { return }
                    for a in args { kept(a.value) }
                    if case .member(let base?, let m, _) = callee, ConventionName.startNames.contains(m) { kept(base) }
                }
            }
        }
        return result
    }
}
