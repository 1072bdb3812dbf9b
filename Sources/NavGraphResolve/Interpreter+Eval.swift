import NavGraphExtract
import NavGraphKnowledge
import NavGraphModel

extension Interpreter {
    // MARK: - Expressions

    func eval(_ e: Expr, _ f: inout Frame, expected: String? = nil) -> Values {
        switch e {
        case .ref(let name):
            let v = lookup(name, &f)
            if v.isEmpty, let expected, index.isFunctionType(expected, from: f.codeOwner), let st = f.selfType, f.env[name] == nil, index.property(on: st, name) == nil,
               let m = methodReference(name, on: .object(st, site: f.selfSite), implicitSelf: true, &f) {
                return m
            }
            return v
        case .member(nil, let name, let line):
            return implicitMember(name, args: nil, expected: expected, &f, line: line)
        case .member(let base?, let name, let line):
            let v = member(base, name, &f, line: line)
            if v.isEmpty, let expected, index.isFunctionType(expected, from: f.codeOwner) {
                return methodReferences(base, name, &f)
            }
            return v
        case .call(let callee, let args, let line):
            return call(callee, args, &f, line: line, expected: expected)
        case .closure(let c):
            // One closure value per literal, capturing context and captured values: re-evaluating the same
            // literal in the same context must give the same value, or memoized calls would never hit. WHY
            // the values: keyed by the captured locals' sizes, a literal capturing another completion was
            // the same closure, whose captures then grew after it ran, and every round went stale (see
            // `ResolutionCostTests`).
            let key = ClosureSite(file: f.file, line: c.line, selfType: f.selfType, selfSite: f.selfSite, owner: f.owner, via: f.via, reachable: f.reachable,
                                  environment: f.env)
            return capture(c, f, key)
        case .literal(let s):
            return s == "nil" ? [] : [.string(s)]
        case .array(let items), .dictionary(_, let items):
            let element = expected.flatMap(TypeIndex.arrayElement)
            return items.reduce(into: Values()) { $0.formUnion(eval($1, &f, expected: element)) }
        case .tuple(let items):
            var parts: [Values] = []
            for item in items { parts.append(eval(item.value, &f)) }
            return parts.reduce(into: [.tuple(items.map(\.label), parts)]) { $0.formUnion($1) }
        case .cast(let x, let type):
            return castValues(eval(x, &f, expected: nil), to: type, f)
        case .subscripted(let base, let args):
            for a in args { _ = eval(a.value, &f) }
            return eval(base, &f)
        case .choice(let items):
            return items.reduce(into: Values()) { $0.formUnion(eval($1, &f, expected: expected)) }
        case .other(let items):
            // `#selector(showLogin)` (extracted as an operand of its own) in a coordinator: UIKit calls the
            // method later (a notification, a bar button), as an event of its own. (A screen's methods all
            // run when it is shown.)
            if let name = Interpreter.selectorName(items), f.env[name] == nil, let st = f.selfType, isCoordinator(st),
               index.property(on: st, name) == nil, let fn = referencedMethod(name, on: st, isStatic: f.isStatic) {
                runAsOwnEvent { _ = invoke(fn, selfType: st, selfSite: f.selfSite, isStatic: f.isStatic, args: [], caller: &f, line: fn.decl.line) }
                return []
            }
            for i in items { _ = eval(i, &f) }
            return []
        }
    }

    /// `v as? type` / `v as! type`.
    func castValues(_ v: Values, to type: String, _ f: Frame) -> Values {
        if type == SwiftName.selfType.name || type == SwiftName.selfType.name + "?", let st = f.selfType { return [.object(st, site: f.selfSite)] }
        guard let t = resolveType(type, f) else { return v }
        // The cast target names the screen (patterns.md trap 5).
        if screenTypes.contains(t) || coordinatorTypes.contains(t) {
            let narrowed = v.filter { if case .object(let o, _) = $0 { return index.isSubtype(o, of: t) } else { return false } }
            return narrowed.isEmpty ? [.object(t)] : narrowed
        }
        // Enum cases keep only those of the target type (`event as? AppEvents.Rides`); an empty result
        // means the cast fails.
        if v.contains(where: \.isEnumCase), index[t]?.kind == .enum || index[t]?.kind == .protocol {
            return v.filter { if case .enumCase(let e, _) = $0 { return index.isSubtype(e, of: t) } else { return true } }
        }
        // A cast to a protocol of the app keeps the values that conform: another value (a framework button
        // cast to `Themable`) is a subclass navgraph does not know, so the result is unknown.
        if index[t]?.kind == .protocol, index[t]?.origin == .app, !v.isEmpty {
            return v.filter { if case .object(let o, _) = $0 { return index[o]?.origin != .library || index.isSubtype(o, of: t) } else { return true } }
        }
        if v.isEmpty {
            // A framework type, or a view or cell of the app a framework hands out
            // (`tableView.dequeueReusableCell(…) as! PostCell`).
            return index[t]?.origin == .library || index.isSubtype(t, of: UIKitType.view.name) ? [.object(t)] : v
        }
        // A downcast names the more precise type (`window.rootViewController as! UINavigationController`).
        return Values(v.map {
            if case .object(let o, let site) = $0, o != t, index.isSubtype(t, of: o) { return .object(t, site: sitedTypes.contains(t) ? site : 0) }
            return $0
        })
    }

    /// A reference to an optional, enum-typed property that holds no value: nothing ever assigned it.
    func isUnassignedOptionalEnum(_ e: Expr, _ f: Frame) -> Bool {
        switch e {
        case .ref(let n) where f.env[n] == nil: break
        case .member(.ref(SwiftName.selfValue.name)?, _, _): break
        default: return false
        }
        guard let type = staticType(e, f), type.hasSuffix("?"), let t = resolveType(type, f) else { return false }
        return index[t]?.kind == .enum
    }

    /// Resolves a type name as written in running code. A generic parameter of the type declaring the code
    /// stands for the argument `self`'s class binds it to: `T` in `Coordinator<T>` is `SplashViewController`
    /// when `self` is `AppCoordinator: NavigationCoordinator<SplashViewController>`.
    func resolveType(_ written: String, _ f: Frame) -> String? {
        if let owner = f.codeOwner, let st = f.selfType, st != owner,
           let bound = index.genericBinding(TypeIndex.baseName(written), declaredIn: owner, for: st) {
            return index.resolve(bound, from: st)
        }
        return index.resolve(written, from: f.codeOwner)
    }

    /// Whether a switch over enum `e` in code running for `owner` is a route table: only in coordinators,
    /// never for enums an adapter says are not routes (events), and not for an enum nested in another
    /// coordinator (AccountCoordinator switching on `AppCoordinator.Page` tests a value; the routes are
    /// AppCoordinator's).
    func isRouteEnum(_ e: String, in owner: Owner?) -> Bool {
        guard let owner, owner.kind == .coordinator, !nonRouteEnums.contains(e) else { return false }
        if let outer = TypeIndex.enclosingName(e) {
            if coordinatorTypes.contains(outer), !index.isSubtype(owner.name, of: outer) { return false }
        }
        return true
    }

    /// The heap cell of a case's associated value at a position (`#` keeps it apart from properties).
    static func payloadKey(_ enumType: String, _ caseName: String, _ position: Int) -> NamePair {
        NamePair(enumType, caseName + "#" + String(position))
    }

    /// Builds `type.name(args)`: associated values are kept per case and position (type-level), so a
    /// `case .x(let sub)` binding sees them, and the case is noted as built inside the running route arm.
    func buildCase(_ t: String, _ name: String, args: [Argument]?, _ f: inout Frame, line: Int) -> Values {
        if let args {
            let associated = index.enumCase(t, name)?.associatedTypes ?? []
            for (i, a) in args.enumerated() {
                let v = eval(a.value, &f, expected: i < associated.count ? associated[i] : nil)
                if !v.isEmpty { heapUnion(Interpreter.payloadKey(t, name, i), v) }
            }
        }
        let built = String.qualified(t, name)
        if !caseCapture.isEmpty { caseCapture[caseCapture.count - 1].append(built) }
        if let arm = routeArmStack.last, arm.route != built, arm.owner == f.owner?.name {
            routeLinks.insert(RouteLink(from: arm.route, to: built, location: f.location(line), reachable: f.reachable))
        }
        return [.enumCase(t, name)]
    }

    func lookup(_ name: String, _ f: inout Frame) -> Values {
        switch name {
        case SwiftName.selfValue.name:
            guard let st = f.selfType else { return [] }
            return f.isStatic ? [.metatype(st)] : [.object(st, site: f.selfSite)]
        case SwiftName.selfType.name:
            return f.selfType.map { [.metatype($0)] } ?? []
        case SwiftName.superValue.name:
            return f.selfType.map { [.object($0, site: f.selfSite)] } ?? []
        default:
            break
        }
        if let v = f.env[name] { return v }
        if let st = f.selfType, let p = index.property(on: st, name) {
            return read(st, name, &f, site: f.isStatic ? 0 : f.selfSite, property: p)
        }
        if let t = resolveType(name, f) { return [.metatype(t)] }
        return []
    }

    /// The method `#selector(name)` names: the extractor keeps the macro's argument as the sole operand of
    /// an `.other` (as it keeps a prefix operator's, `!flag`, which the callers tell apart by what the
    /// name resolves to).
    static func selectorName(_ operands: [Expr]) -> String? {
        guard operands.count == 1, case .ref(let name) = operands[0] else { return nil }
        return name
    }

    /// `base.name` where a closure is expected and `base` has no such property: the method on each object
    /// `base` holds (see `methodReference`).
    func methodReferences(_ base: Expr, _ name: String, _ f: inout Frame) -> Values {
        var result: Values = []
        for v in eval(base, &f) {
            guard case .object(let t, _) = v, index.property(on: t, name) == nil else { continue }
            if let m = methodReference(name, on: v, implicitSelf: isSelf(base), &f) { result.formUnion(m) }
        }
        return result
    }

    /// The method with a body `type` has under `name` (any labels), looked up once per type and name:
    /// most names asked for are not methods (an unknown identifier, a framework property).
    func referencedMethod(_ name: String, on type: String, isStatic: Bool) -> FunctionRef? {
        let key = NamePair(type, isStatic ? "static " + name : name)
        if let known = methodLookups[key] { return known.fn }
        let fn = index.allFunctions(named: name, on: type).first { $0.decl.body != nil && $0.decl.isStatic == isStatic }
        methodLookups[key] = MethodLookup(fn: fn)
        return fn
    }

    /// A method used as a closure (`vc.onAdd = handleAdd`, `button.onTap = coordinator.close`) where a
    /// closure is expected (the assigned property's or the parameter's type is a function type): a closure
    /// whose call calls the method on `receiver`, with the arguments it is given. Nil when `receiver`
    /// declares no such method. WHY: without it, a screen's closure property assigned this way was an
    /// unhandled action, and the method a dead route. Only where a function type is expected: elsewhere a
    /// name a read does not find is a framework property (`tableView` in a table view controller that
    /// declares `tableView(_:cellForRowAt:)`), not the method.
    func methodReference(_ name: String, on receiver: Value, implicitSelf: Bool, _ f: inout Frame) -> Values? {
        guard case .object(let t, _) = receiver, let fn = referencedMethod(name, on: t, isStatic: implicitSelf && f.isStatic) else { return nil }
        let line = fn.decl.line
        let callee: Expr = implicitSelf ? .ref(name) : .member(.ref("$receiver"), name, line: line)
        let args = fn.decl.parameters.indices.map { Argument(label: fn.decl.parameters[$0].label, value: .ref("$\($0)")) }
        let body: [Stmt] = [.expr(.call(callee, args, line: line), line: line)]
        let closure = Closure(parameters: fn.decl.parameters.indices.map { "$\($0)" }, body: body, line: line)
        var captured = f
        captured.file = fn.file
        captured.env = implicitSelf ? [:] : ["$receiver": [receiver]]
        captured.localTypes = [:]
        // Keyed apart from closure literals by a negative line: the method's declaration may hold one.
        let key = ClosureSite(file: fn.file, line: -1 - line, selfType: f.selfType, selfSite: f.selfSite, owner: f.owner, via: f.via,
                              reachable: f.reachable, environment: captured.env)
        return capture(closure, captured, key)
    }

    /// The closure value of `c` captured in `frame`: the one made before under `key`, or a new one. A
    /// literal capturing a closure the same literal made (a wrapper passed to the function that wraps it
    /// again: `present(onSelect: { onSelect($0) })` calling itself) is that closure, its captures widened.
    /// WHY: each round wrapped the last wrapper once more, so the fixpoint was never reached (duckduckgo
    /// ran the 8 rounds allowed).
    func capture(_ c: Closure, _ frame: Frame, _ key: ClosureSite) -> Values {
        if let id = closureIDs[key] { return [.closure(id)] }
        for values in frame.env.values {
            for case .closure(let id) in values where closures[id].closure.line == c.line && closures[id].frame.file == frame.file {
                widenCaptures(of: id, with: frame.env)
                closureIDs[key] = id
                return [.closure(id)]
            }
        }
        closures.append(CapturedClosure(closure: c, frame: frame))
        closureIDs[key] = closures.count - 1
        return [.closure(closures.count - 1)]
    }

    func member(_ base: Expr, _ name: String, _ f: inout Frame, line: Int) -> Values {
        let bv = eval(base, &f)
        var result: Values = []
        for v in bv {
            switch v {
            case .metatype(let t):
                if name == SwiftName.selfValue.name { result.insert(.metatype(t)) }
                else if index.enumCase(t, name) != nil { result.formUnion(buildCase(t, name, args: nil, &f, line: line)) }
                else if let nested = index.resolve(name, from: t), index[nested]?.isDeclared == true, nested.hasPrefix(t + ".") { result.insert(.metatype(nested)) }
                else { result.formUnion(readStatic(t, name, &f)) }
            case .object(let t, let site):
                if CollectionMethod.elementProperties.contains(name), index.property(on: t, name) == nil { result.insert(v); continue }
                result.formUnion(read(t, name, &f, explicitBase: !isSelf(base), site: site))
            case .tuple(let labels, let parts):
                // `box.toPresent`, `pair.0`
                if let i = labels.firstIndex(of: name) ?? Int(name), i < parts.count { result.formUnion(parts[i]) }
            default:
                break
            }
        }
        if bv.isEmpty, let st = staticType(base, f), let t = index.resolve(st, from: f.codeOwner), index[t]?.origin == .library {
            result.formUnion(read(t, name, &f))
        }
        return result
    }

    /// Reads `type.name`: stored values, the initializer (evaluated once), a computed getter, or, for
    /// framework types nobody assigns, an instance of the declared type.
    /// `property`: `index.property(on: type, name)` when the caller has looked it up already.
    func read(_ type: String, _ name: String, _ f: inout Frame, explicitBase: Bool = false, site: Int = 0, property: PropertyRef? = nil) -> Values {
        for a in adapters { if let v = a.read(name, on: type, explicitBase: explicitBase, f, in: semantics) { return v } }
        guard let p = property ?? index.property(on: type, name) else { return heapValues(type, name, site: site) }
        if let getter = p.decl.getter {
            var g = Frame(selfType: type, selfSite: site, codeOwner: p.owner, file: p.file, origin: p.origin, owner: ownerFor(type) ?? f.owner,
                          via: f.via, reachable: f.reachable, site: p.origin == .library ? f.location(p.decl.line) : nil,
                          returnType: p.decl.type, depth: f.depth + 1)
            guard f.depth < Interpreter.maximumCallDepth else { budgetCutoffs += 1; return [] }
            return runGetter(getter, of: p, &g)
        }
        if let initExpr = p.decl.initializer, initializedProperties.insert(InitializedProperty(key: cellKey(type, name, site: site), reachable: f.reachable)).inserted {
            // An initial value (`var page: Page = .home`) is not built by the route arm that first reads it.
            let arms = routeArmStack
            routeArmStack = []
            defer { routeArmStack = arms }
            var g = Frame(selfType: type, selfSite: site, codeOwner: p.owner, file: p.file, origin: p.origin, owner: ownerFor(type) ?? f.owner,
                          via: f.via, reachable: f.reachable, depth: f.depth + 1)
            heapStore(type, name, eval(initExpr, &g, expected: p.decl.type), site: site)
        }
        var v = heapValues(type, name, site: site)
        if v.isEmpty, let declared = p.decl.type {
            var element = TypeIndex.arrayElement(declared) ?? declared
            // `var rootViewController: T` declared by a generic library class: T as `type` binds it.
            if let bound = index.genericBinding(TypeIndex.baseName(element), declaredIn: p.owner, for: type) { element = bound }
            if let t = index.resolve(element, from: p.owner), index[t]?.origin == .library, index[t]?.kind != .protocol {
                v = [.object(t)]
            }
        }
        return v
    }

    func readStatic(_ type: String, _ name: String, _ f: inout Frame) -> Values {
        read(type, name, &f)
    }

    // MARK: - Calls

    func call(_ callee: Expr, _ args: [Argument], _ f: inout Frame, line: Int, expected: String?) -> Values {
        let labels = args.map(\.label)
        if case .subscripted(let table, let keys) = callee, keys.count == 1,
           let v = dispatchHandlerTable(table, key: keys[0].value, args, &f, line: line) {
            return v
        }
        switch callee {
        case .ref(let name):
            if name.hasPrefix("__navgraph_") { return intrinsic(name, args, &f, line: line) }
            if let v = f.env[name] { return invokeClosures(v, args: args, caller: &f, line: line) }
            if let st = f.selfType, let fn = overload(on: st, name: name, args: args, f) {
                if !f.isStatic, !adapters.isEmpty {
                    let call = MessageCall(name: name, labels: labels, arguments: args, receivers: [.object(st, site: f.selfSite)], line: line, isSelfCall: true)
                    for a in adapters { if let v = a.intercept(call, &f, in: semantics) { return v } }
                }
                return invoke(fn, selfType: st, selfSite: f.selfSite, isStatic: f.isStatic || fn.decl.isStatic, args: args, caller: &f, line: line)
            }
            if let st = f.selfType, let p = index.property(on: st, name), p.decl.type.map { index.isFunctionType($0, from: p.owner) } ?? true {
                return sendClosureProperty(on: st, site: f.selfSite, name, declaredBy: p.owner, args: args, &f, line: line)
            }
            if let t = resolveType(name, f) { return construct(t, args, &f, line: line) }
            if let fn = index.function(on: "", name: name, labels: labels) {
                return invoke(fn, selfType: nil, args: args, caller: &f, line: line)
            }
            return unknownCall(args, &f, line: line)
        case .member(nil, let name, _):
            return implicitMember(name, args: args, expected: expected, &f, line: line)
        case .member(.ref(SwiftName.superValue.name)?, let name, _):
            guard let st = f.selfType, let owner = f.codeOwner else { return unknownCall(args, &f, line: line) }
            for sup in index.directSupertypes(owner) {
                if let fn = index.function(on: sup, name: name, labels: labels) {
                    return invoke(fn, selfType: st, selfSite: f.selfSite, args: args, caller: &f, line: line)
                }
            }
            return unknownCall(args, &f, line: line)
        case .member(let base?, let name, _):
            return methodCall(base, name, args, &f, line: line)
        default:
            let v = eval(callee, &f)
            if v.contains(where: \.isClosure) {
                return invokeClosures(v, args: args, caller: &f, line: line)
            }
            return unknownCall(args, &f, line: line)
        }
    }

    /// A call to code navgraph cannot see: closures passed to it may run (dispatch, animations, completions).
    /// A link of a call chain navgraph cannot see (an operator of a publisher chain, an app operator on
    /// one): the app objects going into it, what the link before gave and its non-closure arguments', are
    /// what its closures are called with and what it gives back
    /// (`chain.withUnretained(self).flatMap { owner, _ in owner.showChild() }`). WHY: such operators pass
    /// their input on; a value of the wrong type finds no method, as before. Only links of a chain do:
    /// every unknown call on an app object or with one carrying them made woocommerce run much longer.
    func unknownMethodCall(_ receivers: Values, _ args: [Argument], _ f: inout Frame, line: Int) -> Values {
        func appObjects(_ v: Values) -> Values {
            v.filter { if case .object(let t, _) = $0 { return index[t]?.origin == .app } else { return false } }
        }
        var carried = appObjects(receivers)
        var closures: [Values] = []
        for a in args {
            let v = eval(a.value, &f)
            if v.contains(where: { if case .closure = $0 { return true } else { return false } }) { closures.append(v) } else { carried.formUnion(appObjects(v)) }
        }
        let argValues = carried.isEmpty ? [] : Array(repeating: carried, count: Interpreter.carriedParameters)
        var result = carried
        for c in closures { result.formUnion(invokeClosures(c, argValues: argValues, caller: &f, line: line)) }
        return result
    }

    /// How many of a closure's parameters the carried values bind (`{ owner, element in … }`).
    static let carriedParameters = 2

    func unknownCall(_ args: [Argument], _ f: inout Frame, line: Int) -> Values {
        for a in args {
            let v = eval(a.value, &f)
            _ = invokeClosures(v, args: [], caller: &f, line: line)
        }
        return []
    }

    func implicitMember(_ name: String, args: [Argument]?, expected: String?, _ f: inout Frame, line: Int) -> Values {
        var candidates: [String] = []
        if let exp = expected, let t = index.resolve(TypeIndex.arrayElement(exp) ?? exp, from: f.codeOwner) { candidates.append(t) }
        for t in candidates {
            if index.enumCase(t, name) != nil {
                return buildCase(t, name, args: args, &f, line: line)
            }
            if let args, let fn = index.function(on: t, name: name, labels: args.map(\.label)), fn.decl.isStatic {
                return invoke(fn, selfType: t, isStatic: true, args: args, caller: &f, line: line)
            }
            if args == nil, index.property(on: t, name) != nil { return readStatic(t, name, &f) }
        }
        // No context: an enum case by that name, when only one enum has it, or when only one of them is
        // named by the running code: its parameters and locals, self's generic arguments (`.close` in a
        // `NavigationCoordinator<NewsRoute>`) or those of self's properties (a view model's `UnownedRouter<NewsRoute>`).
        var owners = enumsWithCase(name)
        if owners.count > 1 {
            var context = Set(f.localTypes.values.compactMap { index.resolve($0, from: f.codeOwner) })
            if let st = f.selfType {
                var written: [(String, String)] = []
                for sup in [st] + index.supertypes(st) {
                    written += (index[sup]?.inherited ?? []).map { ($0, sup) }
                    written += (index[sup]?.properties.values.compactMap { $0.decl.type } ?? []).map { ($0, sup) }
                }
                for (w, scope) in written { for g in TypeIndex.genericArguments(w) { if let r = index.resolve(g, from: scope) { context.insert(r) } } }
            }
            let named = owners.filter { context.contains($0) }
            if named.count == 1 { owners = named }
        }
        if owners.count == 1 {
            return buildCase(owners[0], name, args: args, &f, line: line)
        }
        if let args { return unknownCall(args, &f, line: line) }
        return []
    }

    func enumsWithCase(_ name: String) -> [String] {
        if caseOwners == nil {
            var map: [String: [String]] = [:]
            for t in index.types.values where t.kind == .enum {
                for c in t.cases { map[c.name, default: []].append(t.name) }
            }
            caseOwners = map
        }
        return (caseOwners?[name] ?? []).sorted()
    }

    func methodCall(_ base: Expr, _ name: String, _ args: [Argument], _ f: inout Frame, line: Int) -> Values {
        let labels = args.map(\.label)
        // `xs.append(x)` reads `xs` only to check its elements do not declare `append` themselves: that
        // read is a store guard, so appending again later this round does not force another round.
        let guardCell = Interpreter.collectionStores.contains(name) && !args.isEmpty ? storedCell(base, f) : nil
        if let cell = guardCell { roundReads.guarding = (cell, StoreGuard(name: name, labels: labels)) }
        var receivers = eval(base, &f)
        roundReads.guarding = nil
        let staticT = staticType(base, f)
        if let v = collectionCall(base, receivers, name, args, &f, line: line) { return v }
        // An element declares the method: the elements are used after all.
        if let cell = guardCell { _ = heapValues(cell) }
        if receivers.isEmpty, let st = staticT, let t = index.resolve(st, from: f.codeOwner), index[t]?.origin == .library, index[t]?.kind != .protocol {
            receivers = [.object(t)]
        }
        if !adapters.isEmpty {
            let call = MessageCall(name: name, labels: labels, arguments: args, receivers: receivers, line: line, isSelfCall: isSelf(base))
            for a in adapters { if let v = a.intercept(call, &f, in: semantics) { return v } }
        }
        // A screen calling up to a coordinator, delegate or presenter sends an action.
        if let owner = f.owner, owner.kind == .screen, f.selfType == owner.name, !isSelf(base), !isOwnChild(receivers, of: owner),
           !isUnknownLocal(base, receivers, f),
           let declaring = actionDeclaringType(staticT, receivers, name: name, labels: labels, from: f.codeOwner, returnedBy: returnType(of: base, f)) {
            let sendingFrame = f
            return sendAction(owner: owner, declaringType: declaring, selector: FunctionDecl.selector(name, labels), &f, line: line) { f in
                self.dispatch(receivers, name, args, &f, line: line)
            } noReceiverNote: {
                receivers.isEmpty ? "`\(self.baseText(base))` is never assigned on \(owner.name) where it is created"
                    : self.presenterNote(receivers, name, labels)
            } unknownLink: {
                receivers.isEmpty ? self.untiedAssignment(of: base, sendingFrame) : nil
            } handledWithin: {
                self.presenterHandlingItself(receivers, name, labels) ?? self.screenHandlingItself(receivers, name, labels)
            }
        }
        noteDrivenStart(base, receivers, name, labels, &f, line: line)
        if let v = genericResult(base, name, labels, f) {
            var result = v
            result.formUnion(dispatch(receivers, name, args, &f, line: line))
            return result
        }
        // Only a chain's link (`a.op(self).next { … }`) hands values on (see `unknownMethodCall`).
        var chained = false
        if case .call = base { chained = true }
        return dispatch(receivers, name, args, &f, line: line, chained: chained)
    }

    /// A method that gives its type's generic parameter (`func instantiate() -> T`) called on a value
    /// written with its type arguments (`static let initialScene = SceneType<ListViewController>(…)`): an
    /// instance of the argument when it is a screen or coordinator. WHY: generated storyboard accessors
    /// (`Scene.list.initialScene.instantiate()`) make screens this way, and the value keeps no type arguments.
    func genericResult(_ base: Expr, _ name: String, _ labels: [String?], _ f: Frame) -> Values? {
        guard case .member = base, genericResultMethods.contains(name), let written = writtenType(base, f), written.contains("<"),
              let t = index.resolve(TypeIndex.baseName(written), from: f.codeOwner),
              let parameters = index[t]?.genericParameters, !parameters.isEmpty,
              let fn = index.function(on: t, name: name, labels: labels), let r = fn.decl.returnType.map(NavigationContainers.heldType),
              let i = parameters.firstIndex(of: r) else { return nil }
        let arguments = TypeIndex.genericArguments(written)
        guard i < arguments.count else { return nil }
        // `Module.Type` as written in generated code: the type, without the module.
        var argument = arguments[i].trimmingCharacters(in: .whitespaces)
        while index.resolve(argument, from: f.codeOwner) == nil, let dot = argument.firstIndex(of: ".") { argument = String(argument[argument.index(after: dot)...]) }
        guard let a = index.resolve(argument, from: f.codeOwner), screenTypes.contains(a) || coordinatorTypes.contains(a) else { return nil }
        return [.object(a)]
    }

    /// The names of the app's methods that give their type's generic parameter: the only ones
    /// `genericResult` looks further into. WHY: it was asked of every method call (woocommerce: 9% of its time).
    static func genericResultMethods(_ index: TypeIndex) -> Set<String> {
        var names = Set<String>()
        for t in index.types.values where t.origin == .app && !t.genericParameters.isEmpty {
            for fn in t.functions where fn.decl.returnType.map({ t.genericParameters.contains(NavigationContainers.heldType($0)) }) == true {
                names.insert(fn.decl.name)
            }
        }
        return names
    }

    /// The type of an expression as written where it is declared, type arguments kept: a local's or
    /// property's declared type, a type name, a nested type, or what a property's initial value builds.
    func writtenType(_ e: Expr, _ f: Frame) -> String? {
        switch e {
        case .ref(let n) where n.first?.isUppercase == true && f.env[n] == nil:
            return index.resolve(n, from: f.codeOwner).map { _ in n }
        case .member(let b?, let n, _):
            guard let bt = writtenType(b, f) ?? staticType(b, f), let t = index.resolve(TypeIndex.baseName(bt), from: f.codeOwner) else { return nil }
            if n.first?.isUppercase == true, let nested = index.resolve(n, from: t) { return nested }
            guard let p = index.property(on: t, n) else { return nil }
            if let declared = p.decl.type { return declared }
            if case .call(.ref(let ctor), _, _)? = p.decl.initializer, ctor.first?.isUppercase == true { return ctor }
            return nil
        default:
            return staticType(e, f)
        }
    }

    /// A coordinator only the general layer knows, built into a local and then driven by a method other
    /// than a start (`flow.handleAppRoute(.settings)`): the code that built it starts it, once per route
    /// (one with no start method at all was started when built).
    func noteDrivenStart(_ base: Expr, _ receivers: Values, _ name: String, _ labels: [String?], _ f: inout Frame, line: Int) {
        guard case .ref(let n) = base, f.env[n] != nil, let owner = f.owner, owner.kind != .screen,
              let written = f.localTypes[n], let t = index.resolve(written, from: f.codeOwner), recognisedBy[t] != nil,
              owner.name != t, !startsWhenBuilt(t), !isStartCall(on: t, name, labels), !Heuristics.isFinishName(name),
              receivers.contains(where: { if case .object(t, _) = $0 { return true } else { return false } }),
              let fn = index.function(on: t, name: name, labels: labels), fn.origin == .app else { return }
        guard drivenStarts.insert(owner.id + "|" + t + "|" + (f.via ?? "")).inserted else { return }
        startCoordinator(t, mechanism: FunctionDecl.selector(name, labels), &f, line: line)
    }

    /// A parameter or local whose value navgraph could not follow (a delegate callback's argument that
    /// unknown code passes): what is called on it is unknown, not an action nobody handles.
    func isUnknownLocal(_ base: Expr, _ receivers: Values, _ f: Frame) -> Bool {
        guard receivers.isEmpty, case .ref(let n) = base, n != SwiftName.selfValue.name else { return false }
        // Not a property of `self`: a local, or a parameter the system or unknown code passed.
        return f.env[n] != nil || f.selfType.map { index.property(on: $0, n) == nil } == true
    }

    /// Whether every receiver is a coordinator the screen started itself: the screen talks down to its
    /// child (`child.toPresentable().dismiss(…)`), which is no action sent up to a handler.
    func isOwnChild(_ receivers: Values, of owner: Owner) -> Bool {
        guard !receivers.isEmpty else { return false }
        for r in receivers {
            guard case .object(let t, _) = r, coordinatorTypes.contains(t) else { return false }
            let child = Node.id(.coordinator, t)
            roundReads.spawnChecks.insert(NamePair(owner.id, child))
            if !(recorded.edgesFrom[owner.id] ?? []).contains(where: { $0.kind == .spawns && $0.to == child }) { return false }
        }
        return true
    }

    /// The heap cell a plain stored property of `self` reads from (`xs`, `self.xs`); nil for anything
    /// computed, local or reached through other values.
    func storedCell(_ base: Expr, _ f: Frame) -> NamePair? {
        guard let st = f.selfType, !f.isStatic else { return nil }
        let name: String
        switch base {
        case .ref(let n) where f.env[n] == nil: name = n
        case .member(.ref(SwiftName.selfValue.name)?, let n, _): name = n
        default: return nil
        }
        guard let p = index.property(on: st, name), p.decl.getter == nil else { return nil }
        return cellKey(st, name, site: f.selfSite)
    }

    /// Array and dictionary methods the interpreter models, since a collection's value is the union of its
    /// elements: `xs.append(x)` / `insert` store into `xs`, `removeValue(forKey:)`/`popLast()`/… return an
    /// element, and `forEach`/`map`/`filter`/… run their closure on the elements
    /// (`childCoordinators.forEach { $0.start(with: option) }`). Nil when a receiver's own type declares the
    /// method.
    func collectionCall(_ base: Expr, _ receivers: Values, _ name: String, _ args: [Argument], _ f: inout Frame, line: Int) -> Values? {
        if Interpreter.collectionReads.contains(name) {
            for case .object(let t, _) in receivers where index.function(on: t, name: name, labels: args.map(\.label)) != nil { return nil }
            for a in args { _ = eval(a.value, &f) }
            // An element taken out (`onDismiss = handlers.removeValue(forKey: vc)`) is one of the elements,
            // as a subscript read is.
            return receivers.filter { if case .tuple = $0 { return false } else { return true } }
        }
        let stores = Interpreter.collectionStores
        let iterates = Interpreter.collectionIterations
        guard stores.contains(name) || iterates.contains(name), !args.isEmpty else { return nil }
        for case .object(let t, _) in receivers where index.function(on: t, name: name, labels: args.map(\.label)) != nil { return nil }
        if stores.contains(name) {
            let v = eval(args[0].value, &f)
            for a in args.dropFirst() { _ = eval(a.value, &f) }
            assign(base, v, &f, line: line)
            return []
        }
        guard args.contains(where: { if case .closure = $0.value { return true } else { return false } }) else { return nil }
        let closureArgs = args.map { eval($0.value, &f) }
        let elements = receivers.filter { if case .tuple = $0 { return false } else { return true } }
        var results: Values = []
        for c in closureArgs { results.formUnion(invokeClosures(c, argValues: [elements], caller: &f, line: line)) }
        if CollectionMethod.mapping.contains(name) { return results }
        if CollectionMethod.selecting.contains(name) { return elements }
        return []
    }

    // Name sets, looked up on every method call: `NameSet`, not `Set<String>` (see `WordMap`).
    static let collectionStores = NameSet(CollectionMethod.stores)
    static let collectionReads = NameSet(CollectionMethod.reads)
    static let collectionIterations = NameSet(CollectionMethod.iterations)

    func isSelf(_ e: Expr) -> Bool { if case .ref(SwiftName.selfValue.name) = e { return true }; return false }

    /// The implementation `name(args)` calls on `type`. Among same-labelled overloads declared together,
    /// the one whose parameter types match the arguments' declared types wins
    /// (`interceptEvent(_: AppEvents.Rides)` next to `interceptEvent(_: CoordinateEvents)`).
    func overload(on type: String, name: String, args: [Argument], _ f: Frame) -> FunctionRef? {
        let labels = args.map(\.label)
        guard let first = index.function(on: type, name: name, labels: labels) else { return nil }
        // The owner's functions of that name, in declaration order. WHY: filtering all its functions by name
        // grew with the square of the app where one type declares a method per action (radianttap's
        // `extension UIResponder`): a tenth of instantiation at 400 features.
        let siblings = (index[first.owner]?.functionsByName[name] ?? []).filter {
            $0.decl.body != nil && $0.decl.isStatic == first.decl.isStatic && TypeIndex.matches(labels, $0.decl.parameters)
        }
        guard siblings.count > 1 else { return first }
        let argTypes = args.map { staticType($0.value, f).flatMap { resolveType($0, f) } }
        func score(_ fn: FunctionRef) -> Int {
            zip(fn.decl.parameters, argTypes).reduce(0) { n, pair in
                guard let a = pair.1, let p = pair.0.type, let pt = index.resolve(p, from: fn.owner) else { return n }
                return n + (pt == a ? 2 : (index.isSubtype(a, of: pt) ? 1 : 0))
            }
        }
        return siblings.max { score($0) < score($1) } ?? first
    }

    func baseText(_ e: Expr) -> String {
        switch e {
        case .ref(let n): return n
        case .member(let b?, let n, _): return baseText(b) == SwiftName.selfValue.name ? n : "\(baseText(b)).\(n)"
        default: return "receiver"
        }
    }

    /// A coordinator only the general layer knows, whose code has no start method: whoever builds it
    /// starts it (it is handed to a screen, or called by its builder, and runs from then on).
    func startsWhenBuilt(_ t: String) -> Bool {
        guard recognisedBy[t] != nil else { return false }
        if let known = startsWhenBuiltCache[t] { return known }
        let hasStart = ([t] + index.supertypes(t)).contains { owner in
            (index[owner]?.functions ?? []).contains { ConventionName.startNames.contains($0.decl.name) }
        }
        startsWhenBuiltCache[t] = !hasStart
        return !hasStart
    }

    /// Whether calling `name` on coordinator `t` starts it: as a detected family says, or, for a
    /// coordinator only the general layer recognised, by the conventional names.
    func isStartCall(on t: String, _ name: String, _ labels: [String?]) -> Bool {
        if adapters.contains(where: { $0.isStartMethod(name, labels: labels) }) { return true }
        return recognisedBy[t] != nil && ConventionName.startNames.contains(name)
    }

    func dispatch(_ receivers: Values, _ name: String, _ args: [Argument], _ f: inout Frame, line: Int, chained: Bool = false) -> Values {
        let labels = args.map(\.label)
        var result: Values = []
        var handled = false
        // In key order, each key built once (a comparison building both keys was a fifth of instantiation
        // where a property holds hundreds of types).
        let ordered = receivers.count < 2 ? Array(receivers) : receivers.map { ($0.key, $0) }.sorted { $0.0 < $1.0 }.map(\.1)
        for r in ordered {
            switch r {
            case .object(let t, let receiverSite):
                if let o = f.owner {
                    let site = CallSite(receiverType: t, receiverSite: receiverSite, name: name, labels: labels, arguments: args, location: f.location(line), ownerID: o.id)
                    if let v = adapterInterpretation(site, line: line, &f) { result.formUnion(v); handled = true; continue }
                }
                if coordinatorTypes.contains(t), isStartCall(on: t, name, labels) {
                    startCoordinator(t, mechanism: FunctionDecl.selector(name, labels), &f, line: line)
                }
                if let fn = index.function(on: t, name: name, labels: labels) {
                    if let held = containers.heldParameter(fn) {
                        showHeld(fn, held, args, &f, line: line)
                    } else {
                        result.formUnion(invoke(fn, selfType: t, selfSite: receiverSite, args: args, caller: &f, line: line))
                    }
                    handled = true
                } else if let p = index.property(on: t, name), p.decl.type.map { index.isFunctionType($0, from: p.owner) } ?? false {
                    // `self?.onDone?()` is the same action as `onDone?()`.
                    result.formUnion(sendClosureProperty(on: t, site: receiverSite, name, declaredBy: p.owner, args: args, &f, line: line))
                    handled = true
                }
            case .metatype(let t):
                if let fn = index.function(on: t, name: name, labels: labels), fn.decl.isStatic || name == SwiftKeyword.initializer.name {
                    // A coordinator only the general layer knows, run through a static method (a builder
                    // that makes and starts the tabs): calling it is what starts it.
                    if fn.decl.isStatic, fn.origin == .app, recognisedBy[t] != nil, let o = f.owner, o.name != t {
                        startCoordinator(t, mechanism: FunctionDecl.selector(name, labels), &f, line: line)
                    }
                    result.formUnion(invoke(fn, selfType: t, isStatic: name != SwiftKeyword.initializer.name, args: args, caller: &f, line: line))
                    handled = true
                } else if name == SwiftKeyword.initializer.name {
                    result.formUnion(construct(t, args, &f, line: line)); handled = true
                } else if index.enumCase(t, name) != nil {
                    result.formUnion(buildCase(t, name, args: args, &f, line: line)); handled = true
                }
            case .storyboard(let sb):
                handled = true
                // A scene comes with what it contains: a navigation controller scene brings its root screen.
                if name == UIKitMember.instantiateViewController.name, let idArg = args.first {
                    let ids = eval(idArg.value, &f)
                    for case .string(let id) in ids { for cls in storyboards.instantiate(storyboard: sb, identifier: id) { result.insert(.object(cls)) } }
                } else if name == UIKitMember.instantiateInitialViewController.name {
                    for cls in storyboards.initial(storyboard: sb) { result.insert(.object(cls)) }
                }
            case .closure:
                break
            default:
                break
            }
        }
        if !handled, let mechanism = configuredRouterCall(receivers, name) {
            // A configured router type whose code navgraph cannot see: its push/present calls navigate.
            let targets = args.first.map { eval($0.value, &f) } ?? []
            if mechanism == .back { noteEffect(f) } else { show(targets, kind: mechanism == .present ? .presents : .shows, mechanism: name, &f, line: line) }
            for a in args.dropFirst() { _ = invokeClosures(eval(a.value, &f), args: [], caller: &f, line: line) }
            return result
        }
        if !handled { result.formUnion(chained ? unknownMethodCall(receivers, args, &f, line: line) : unknownCall(args, &f, line: line)) }
        return result
    }

    func configuredRouterCall(_ receivers: Values, _ name: String) -> Mechanism? {
        guard !routerBases.isEmpty, receivers.contains(where: { if case .object(let t, _) = $0 { return index.isSubtype(t, ofAny: routerBases) } else { return false } }) else { return nil }
        return Heuristics.routerMechanism(name)
    }

    /// What a family makes of a call; nil when none claims it.
    func adapterInterpretation(_ site: CallSite, line: Int, _ f: inout Frame) -> Values? {
        for a in adapters { if let v = a.interpret(call: site, line: line, frame: &f, in: semantics) { return v } }
        return nil
    }

    /// `T(…)`: an instance of T, after running the matching initializer.
    func construct(_ t: String, _ args: [Argument], _ f: inout Frame, line: Int) -> Values {
        guard let info = index[t] else { return unknownCall(args, &f, line: line) }
        if info.kind == .enum { for a in args { _ = eval(a.value, &f) }; return [.object(t)] }
        let site = objectSite(t, f, line: line)
        var result: Values = [.object(t, site: site)]
        if startsWhenBuilt(t) { startCoordinator(t, mechanism: Mechanism.build.name, &f, line: line) }
        if let fn = index.function(on: t, name: SwiftKeyword.initializer.name, labels: args.map(\.label)) {
            containment.append([])
            let r = invoke(fn, selfType: t, selfSite: site, args: args, caller: &f, line: line)
            let contained = containment.removeLast()
            // A library wrapper's initializer may give what it wraps (`AnyCoordinator(coordinator)`).
            result.formUnion(fn.origin == .library ? r : r.filter { if case .object = $0 { return false } else { return true } })
            result.formUnion(contained)
            if r.contains(where: { if case .storyboard = $0 { return true } else { return false } }) { result.remove(.object(t, site: site)) }

        } else if let stored = memberwiseProperties(info, args) {
            // A struct's memberwise initializer: each closure argument goes to the stored property of its
            // label (`LedgerView(onClose: { … })`), so the struct's calls of it are handled. Other values
            // are not kept: every value of a struct shares one cell, and route records built in one flow
            // would reach every other (mullvad: 31 of 35 coordinators reached fell to 16). The closures
            // are also called, as by code navgraph cannot see: a SwiftUI view calls them from its `body`
            // (a button's action), which no screen activation runs.
            for (a, name) in zip(args, stored) {
                let v = eval(a.value, &f, expected: index.property(on: t, name)?.decl.type)
                if v.contains(where: \.isClosure) { store(t, name, v, &f, line: line, site: site) }
                _ = invokeClosures(v, args: [], caller: &f, line: line)
            }
        } else {
            _ = unknownCall(args, &f, line: line)
        }
        return result
    }

    /// The stored properties a struct's memberwise initializer binds to these arguments, in order; nil
    /// when the struct declares initializers (then it has no memberwise one) or a label names no stored
    /// property of it.
    func memberwiseProperties(_ info: TypeInfo, _ args: [Argument]) -> [String]? {
        guard info.kind == .struct, info.origin == .app, !args.isEmpty,
              !info.functions.contains(where: { $0.decl.name == SwiftKeyword.initializer.name }) else { return nil }
        var names: [String] = []
        for a in args {
            guard let label = a.label, let p = info.properties[label], p.decl.getter == nil, !p.decl.isStatic else { return nil }
            names.append(label)
        }
        return names
    }

    /// The instance site of a `t` made by the call at `line` (see `sitedTypes`, `ObjectSiteKey`); 0 when
    /// `t` is no helper class.
    func objectSite(_ t: String, _ f: Frame, line: Int) -> Int {
        guard sitedTypes.contains(t) else { return 0 }
        let key = ObjectSiteKey(call: SourceLocation(file: f.file, line: line), enclosing: f.selfSite == 0 ? nil : siteCalls[f.selfSite])
        if let id = objectSites[key] { return id }
        siteCalls.append(key.call)
        objectSites[key] = siteCalls.count - 1
        return siteCalls.count - 1
    }

    // MARK: - Static types

    /// The declared type of an expression, when it is a local, a parameter or a property chain.
    func staticType(_ e: Expr, _ f: Frame) -> String? {
        switch e {
        case .ref(SwiftName.selfValue.name): return f.selfType
        case .ref(let n):
            if let t = f.localTypes[n] { return t }
            if let st = f.selfType, let p = index.property(on: st, n) { return p.decl.type }
            return nil
        case .member(let b?, let n, _):
            guard let bt = staticType(b, f), let r = index.resolve(bt, from: f.codeOwner) else { return nil }
            return index.property(on: r, n)?.decl.type
        case .cast(_, let t): return t
        case .call(.ref(let n), _, _) where n.first?.isUppercase == true && f.env[n] == nil:
            // `ListViewController(…)`: what an initializer call builds (a local's type, for what is
            // assigned to its properties).
            return resolveType(n, f)
        case .call(.member(.ref(let n)?, let m, _), let args, _) where n.first?.isUppercase == true && f.env[n] == nil:
            // `ListViewController.instantiate()`, `ViewModels.makeLogin()`: what a static factory is declared to give.
            guard let t = resolveType(n, f), let fn = index.function(on: t, name: m, labels: args.map(\.label)), fn.decl.isStatic,
                  let r = fn.decl.returnType.map(NavigationContainers.heldType) else { return nil }
            return r == SwiftName.selfType.name ? t : index.resolve(r, from: fn.owner)
        case .call(.member(let b?, let m, _), let args, _):
            // `factory.makeLoginViewModel()` on a value of a known app type: what the method is declared to give.
            guard let bt = staticType(b, f), let r = index.resolve(bt, from: f.codeOwner), index[r]?.origin == .app,
                  let fn = index.function(on: r, name: m, labels: args.map(\.label)), !fn.decl.isStatic,
                  let written = fn.decl.returnType.map(NavigationContainers.heldType), written != SwiftName.selfType.name else { return nil }
            return index.resolve(written, from: fn.owner)
        default: return nil
        }
    }

    /// The type a call of one of `self`'s methods is declared to return (`rootTab(for: .orders)`), as written.
    func returnType(of e: Expr, _ f: Frame) -> String? {
        guard case .call(.ref(let n), let args, _) = e, n.first?.isLowercase == true, f.env[n] == nil, let st = f.selfType,
              let fn = index.function(on: st, name: n, labels: args.map(\.label)) else { return nil }
        return fn.decl.returnType.map(TypeIndex.baseName)
    }

    // MARK: - Intrinsics used by built-in library knowledge

    /// The intrinsics by which knowledge declarations navigate (what `CodeReading` looks for in them).
    static let navigatingIntrinsics: Set<String> = ["__navgraph_show", "__navgraph_present", "__navgraph_start"]
    static let builtinIntrinsics = NameSet(navigatingIntrinsics.sorted() + [
        "__navgraph_contain", "__navgraph_storyboard", "__navgraph_segue", "__navgraph_back", "__navgraph_app_delegate",
        "__navgraph_storyboard_vc", "__navgraph_storyboard_initial",
    ])

    func intrinsic(_ name: String, _ args: [Argument], _ f: inout Frame, line: Int) -> Values {
        if !Interpreter.builtinIntrinsics.contains(name) {
            for a in adapters { if let v = a.intrinsic(name, args, &f, line: line, in: semantics) { return v } }
        }
        let v = args.first.map { eval($0.value, &f) } ?? []
        var mechanism = Mechanism.show.name
        if args.count > 1, case .literal(let m) = args[1].value { mechanism = m }
        switch name {
        case "__navgraph_show": show(v, kind: .shows, mechanism: mechanism, &f, line: line)
        case "__navgraph_present": show(v, kind: .presents, mechanism: mechanism, &f, line: line)
        case "__navgraph_start":
            // Library code started on the coordinator itself (`router.setRoot(for:)`) is started by its caller.
            var starter = f
            if let so = f.siteOwner { starter.owner = so }
            for case .object(let c, _) in v where coordinatorTypes.contains(c) { startCoordinator(c, mechanism: mechanism, &starter, line: line) }
        case "__navgraph_contain":
            if !containment.isEmpty { containment[containment.count - 1].formUnion(v) }
        case "__navgraph_storyboard":
            var names: Values = []
            for case .string(let s) in v { names.insert(.storyboard(s)) }
            f.returns.formUnion(names)
            return names
        case "__navgraph_segue":
            // `performSegue(withIdentifier:)` on a storyboard screen: the segue with that identifier, drawn at the call.
            guard let source = f.selfType, screenTypes.contains(source) else { break }
            let ids = Set(v.compactMap { if case .string(let s) = $0 { return s } else { return nil } })
            for (segue, destination) in storyboards.segues(from: source) where segue.identifier.map(ids.contains) ?? false {
                noteEffect(f)
                followSegue(segue, to: destination, from: source, mechanism: Mechanism.performSegue.name, location: f.location(line), reachable: f.reachable)
            }
        case "__navgraph_back", "__navgraph_effect":
            noteEffect(f)
        case "__navgraph_app_delegate":
            // `UIApplication.shared.delegate`, a scene's `delegate`: the app's delegates of the named protocol.
            let protocols = v.compactMap { if case .string(let s) = $0 { return s } else { return nil } }
            return Set(appTypes.filter { t in protocols.contains { index.isSubtype(t, of: $0) } }.map { Value.object($0) })
        default:
            break
        }
        return []
    }
}
