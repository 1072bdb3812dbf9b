import NavGraphExtract
import NavGraphModel
import NavGraphKnowledge

/// SwiftUI-first navigation, found by what the code does: app objects that hold coordinators and whose
/// views show them (a navigation stack object: `stack.push(child)`, `stack.setSheet(child)`), and the
/// SwiftUI view each coordinator gives to be shown.
/// - A *presentable protocol* is an app protocol requiring a method without parameters that gives a
///   SwiftUI view (`func view() -> AnyView`): what its conformers look like once shown.
/// - A *container method* takes a value of such a protocol and stores it in its own object's state,
///   directly or wrapped (`stack.append(Entry(child))`): calling one shows or presents the value
///   (`Heuristics.containerMechanism`), and the value starts and shows its view, as the container's
///   state observers and view body do. A method taking one without storing it (`pop(to:)`) is not one.
/// - A *container* is a class with container methods: neither a coordinator nor a screen; its own view
///   is no screen.
/// WHY by behaviour: such apps write their container themselves, under any name, with no UIKit call.
struct NavigationContainers {
    /// Presentable requirements: the method names, by protocol.
    private(set) var presentables: [String: Set<String>] = [:]
    /// Container methods, `Type.selector` → the index of the parameter holding the shown value.
    private(set) var methods: [String: Int] = [:]
    /// Container types.
    private(set) var types: Set<String> = []
    /// The app SwiftUI views each conformer's presentable method builds: the screen it shows.
    private(set) var views: [String: Set<String>] = [:]
    /// Return types that are a SwiftUI view (`some View` cannot be a protocol requirement's result).
    static let viewResults: Set<String> = ["AnyView", "some View", "any View"]

    init() {}

    init(index: TypeIndex) {
        for p in index.types.values where p.origin == .app && p.kind == .protocol {
            let names = p.functions.filter { $0.decl.parameters.isEmpty && !$0.decl.isStatic && $0.decl.returnType.map(Self.viewResults.contains) == true }.map(\.decl.name)
            if !names.isEmpty { presentables[p.name] = Set(names) }
        }
        guard !presentables.isEmpty else { return }
        let protocols = Array(presentables.keys)
        for t in index.types.values where t.origin == .app && t.isDeclared && t.kind == .class {
            let stored = Set(([t.name] + index.supertypes(t.name)).flatMap { owner in
                (index[owner]?.properties.values.filter { $0.decl.getter == nil && !$0.decl.isStatic }.map(\.decl.name)) ?? []
            })
            for fn in t.functions where fn.origin == .app && !fn.decl.isStatic && fn.decl.name != SwiftKeyword.initializer.name {
                guard let body = fn.decl.body else { continue }
                for (i, p) in fn.decl.parameters.enumerated() {
                    // The protocol itself, not one conformer: a flow built with its host (`init(host:)`) holds no child.
                    guard let written = p.type.map(Self.heldType), let resolved = index.resolve(written, from: t.name),
                          index[resolved]?.kind == .protocol, protocols.contains(where: { index.isSubtype(resolved, of: $0) }),
                          Self.stores(p.name, into: stored, body) else { continue }
                    methods[t.name + "." + fn.selector] = i
                    types.insert(t.name)
                    break
                }
            }
        }
        for (p, names) in presentables {
            for c in index.conformers(of: p) where !types.contains(c) {
                guard let info = index[c], info.origin == .app, info.kind != .protocol else { continue }
                for fn in info.functions where fn.origin == .app && names.contains(fn.decl.name) && fn.decl.parameters.isEmpty {
                    fn.decl.body?.forEachExpr { e in
                        guard case .call(.ref(let n), _, _) = e, n.first?.isUppercase == true,
                              let v = index.resolve(n, from: c), Self.isSwiftUIView(v, index) else { return }
                        views[c, default: []].insert(v)
                    }
                }
            }
        }
    }

    /// The presentable method `type` implements, if any.
    func presentableMethod(of type: String, _ index: TypeIndex) -> FunctionRef? {
        for (p, names) in presentables.sorted(by: { $0.key < $1.key }) where index.isSubtype(type, of: p) {
            for n in names.sorted() { if let fn = index.function(on: type, name: n, labels: []) { return fn } }
        }
        return nil
    }

    /// The index of the shown value's parameter when `fn` is a container method.
    func heldParameter(_ fn: FunctionRef) -> Int? {
        methods.isEmpty ? nil : methods[fn.owner + "." + fn.selector]
    }

    /// `(any Flow)?` → `Flow`: `TypeIndex.baseName`, also for the `any` of a type written without
    /// spaces as the facts store it (`(anyFlow)?`).
    static func heldType(_ written: String) -> String {
        let t = TypeIndex.baseName(written)
        return t.hasPrefix("any") && t.dropFirst(3).first?.isUppercase == true ? String(t.dropFirst(3)) : t
    }

    /// Whether `body` stores something made of parameter `name` into one of `stored` (`x = …`,
    /// `x.append(…)`, `x.insert(…)`, `self.x = …`), closures included.
    static func stores(_ name: String, into stored: Set<String>, _ body: [Stmt]) -> Bool {
        func isStored(_ e: Expr) -> Bool {
            switch e {
            case .ref(let n): return stored.contains(n)
            case .member(.ref(SwiftName.selfValue.name)?, let n, _): return stored.contains(n)
            case .subscripted(let b, _): return isStored(b)
            default: return false
            }
        }
        func mentions(_ e: Expr) -> Bool {
            var found = false
            e.forEach { if case .ref(name) = $0 { found = true } }
            return found
        }
        var result = false
        body.forEachStatement { s in
            if case .assign(let l, let r, _) = s, isStored(l), mentions(r) { result = true }
        }
        body.forEachExpr { e in
            if case .call(.member(let b?, let m, _), let args, _) = e, Interpreter.collectionStores.contains(m), isStored(b),
               args.contains(where: { mentions($0.value) }) { result = true }
        }
        return result
    }

    static func isSwiftUIView(_ t: String, _ index: TypeIndex) -> Bool {
        guard let info = index[t], info.origin == .app, info.kind == .struct || info.kind == .class else { return false }
        return index.supertypeContains(t, memoKey: "SwiftUI View") { TypeIndex.simpleName($0) == SwiftUIName.view.name }
    }
}

extension Interpreter {
    /// A container method called with a coordinator (or screen): the caller shows or presents it; the
    /// coordinator then starts and shows the view its presentable method gives, as the container's state
    /// observers and view body would. Other arguments (a dismissal callback) run as unknown code runs them.
    func showHeld(_ fn: FunctionRef, _ held: Int, _ args: [Argument], _ f: inout Frame, line: Int) {
        let p = fn.decl.parameters[held]
        var shown: Values = []
        for a in args {
            let v = eval(a.value, &f)
            if a.label == p.label && shown.isEmpty { shown = v } else { _ = invokeClosures(v, args: [], caller: &f, line: line) }
        }
        let kind: EdgeKind = Heuristics.containerMechanism(fn.decl.name) == .present ? .presents : .shows
        show(shown, kind: kind, mechanism: fn.decl.name, &f, line: line)
        let ordered = shown.sorted { $0.key < $1.key }
        for case .object(let c, let site) in ordered where coordinatorTypes.contains(c) {
            if let start = ConventionName.startNames.sorted().lazy.compactMap({ self.index.function(on: c, name: $0, labels: []) }).first {
                _ = dispatch([.object(c, site: site)], start.decl.name, [], &f, line: line)
            }
            guard let presentable = containers.presentableMethod(of: c, index), presentable.origin == .app else { continue }
            // Run for what it does (closures it hands its views); what it shows is every view it builds,
            // whichever branch (`if isSpace { AnyView(A()) } else { AnyView(B()) }`).
            _ = invoke(presentable, selfType: c, selfSite: site, args: [], caller: &f, line: line)
            var g = Frame(selfType: c, selfSite: site, codeOwner: presentable.owner, file: presentable.file, origin: .app,
                          owner: Owner(kind: .coordinator, name: c), reachable: f.reachable, depth: f.depth + 1)
            let views = (containers.views[c] ?? []).sorted().map { Value.object($0) }
            show(Set(views), kind: .shows, mechanism: Mechanism.view.name, &g, line: presentable.decl.line)
        }
    }
}
