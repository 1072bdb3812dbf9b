import NavGraphExtract
import NavGraphKnowledge

// SwiftUI screens: the views hosting controllers show (see `Interpreter.swiftUIScreens`).
extension Interpreter {
    /// App SwiftUI views (conforming to `View`) that code hands to a hosting controller as its root view,
    /// or that a hosting controller subclass names as its content.
    func hostedSwiftUIViews() -> Set<String> {
        func isSwiftUIView(_ t: String) -> Bool { NavigationContainers.isSwiftUIView(t, index) }
        // Functions that hand a parameter to a hosting controller (`func push<V: View>(_ view: V)` making
        // `UIHostingController(rootView: view)`), by name and the parameter's label: calling one with `V()`
        // hosts `V`.
        // To a fixpoint: `replace(_ view:)` that calls `replace(view, animated:)` that hosts its `view` hosts it too.
        var hostingParameters: Set<String> = [SwiftUIName.rootView.name]
        func key(_ call: Expr, _ label: String?) -> String? {
            if label == SwiftUIName.rootView.name { return SwiftUIName.rootView.name }
            switch call { case .ref(let n), .member(_, let n, _): return n + ":" + (label ?? "_"); default: return nil }
        }
        let appFunctions = index.types.values.flatMap { $0.functions.filter { $0.origin == .app && $0.decl.body != nil } }
        var grew = true
        while grew {
            grew = false
            for fn in appFunctions {
                let params = fn.decl.parameters
                fn.decl.body!.forEachExpr { e in
                    guard case .call(let callee, let args, _) = e else { return }
                    for a in args where key(callee, a.label).map(hostingParameters.contains) == true {
                        guard case .ref(let n) = a.value, let p = params.first(where: { $0.name == n }) else { continue }
                        if hostingParameters.insert(fn.decl.name + ":" + (p.label ?? "_")).inserted { grew = true }
                    }
                }
            }
        }
        var found = Set<String>()
        for t in index.types.values {
            if t.kind == .class, let first = t.inherited.first, TypeIndex.baseName(first) == SwiftUIName.hostingController.name,
               let content = index.inheritedGenericArguments(t.name, base: SwiftUIName.hostingController.name).first,
               let v = index.resolve(content, from: t.name), isSwiftUIView(v) {
                found.insert(v)
                swiftUIHosts.insert(t.name)
            }
            for body in CodeReading.bodies(of: t) {
                // `let view = V(…)` then `navigator.push(view)`: the local's value.
                var built: [String: String] = [:]
                body.forEachStatement { s in
                    if case .bind(let names, _, .call(.ref(let n), _, _)?, _) = s, names.count == 1 { built[names[0]] = n }
                }
                body.forEachExpr { e in
                    guard case .call(let callee, let args, _) = e else { return }
                    for a in args where key(callee, a.label).map(hostingParameters.contains) == true {
                        var written: String?
                        switch a.value {
                        case .call(.ref(let n), _, _): written = n
                        case .ref(let local): written = built[local]
                        default: break
                        }
                        if let n = written, let v = index.resolve(n, from: t.name), isSwiftUIView(v) { found.insert(v) }
                    }
                }
            }
        }
        return found
    }
}
