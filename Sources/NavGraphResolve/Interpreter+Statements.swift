import Foundation
import NavGraphExtract
import NavGraphKnowledge
import NavGraphModel

// Running statements: exec, switches and their dead arms, assignments and stores (see Interpreter).
extension Interpreter {
    func exec(_ stmts: [Stmt], _ f: inout Frame) {
        for s in stmts {
            evaluationSteps &+= 1
            guard evaluationSteps <= stepBudget else { return outOfBudget(s, f) }
            if evaluationSteps & 0xF_FFFF == 0, let progress {
                progress("resolving: round \(roundsRun), \(evaluationSteps >> 20)M steps of \(stepBudget == .max ? "?" : String(stepBudget >> 20) + "M")")
            }
            switch s {
            case .expr(let e, _):
                _ = eval(e, &f)
            case .bind(let names, let type, let value, let line):
                var v: Values = []
                if let value {
                    if case .cast(let x, let target) = value {
                        let input = eval(x, &f)
                        v = castValues(input, to: target, f)
                        // `if let e = event as? E` / `guard let …` on values none of which is an `E`:
                        // the binding fails, so the rest of its block does not run.
                        if v.isEmpty && input.contains(where: \.isEnumCase) { f.reachable = false }
                    } else {
                        v = eval(value, &f, expected: type)
                        // `if let route = activeRoute` where no code ever assigns the optional enum: nil.
                        if v.isEmpty, names.count == 1, isUnassignedOptionalEnum(value, f) { f.reachable = false }
                    }
                }
                let cast = type.flatMap { index.resolve($0, from: f.codeOwner) }
                let parts = names.count > 1 ? tupleParts(v, arity: names.count) : nil
                for (i, n) in names.enumerated() where n != "_" {
                    if let t = type { f.localTypes[n] = t }
                    else if let value, let st = staticType(value, f) { f.localTypes[n] = st }
                    var bound = v
                    if let c = cast, names.count == 1, bound.isEmpty, screenTypes.contains(c) { bound = [.object(c)] }
                    if let c = cast, names.count == 1, bound.isEmpty, case .call? = value { bound = containerCoordinators(c, &f, line: line) }
                    // Adds to an outer variable it shadows (`guard let x = x as? T`): replacing it cost more
                    // than it found (docs/performance.md, issue 34's third part). Sibling blocks are apart.
                    f.env.formUnion(n, with: names.count == 1 ? bound : parts?[i] ?? [])
                }
                if names.count == 1, case .dictionary(let keys, let values)? = value {
                    if f.handlerTables == nil { f.handlerTables = [:] }
                    f.handlerTables![names[0]] = HandlerTable(keys: keys, values: values, bound: f.env[names[0]] ?? [])
                } else if f.handlerTables != nil {
                    for n in names { f.handlerTables![n] = nil }
                }
            case .assign(let lhs, let rhs, let line):
                var v = eval(rhs, &f, expected: staticType(lhs, f))
                if v.isEmpty, case .call = rhs, let st = staticType(lhs, f), let t = index.resolve(TypeIndex.baseName(st), from: f.codeOwner) {
                    v = containerCoordinators(t, &f, line: line)
                }
                assign(lhs, v, &f, line: line, rhs: rhs)
            case .ret(let e, _):
                if let e { f.returns.formUnion(eval(e, &f, expected: f.returnType)) }
            case .branch(let blocks, _):
                // A failed binding inside one block (see `.bind`) must not leak into the others.
                // Each block is a scope: what it declares is gone after it, and an outer variable it
                // shadowed is back (sibling `do { let vc = … }` blocks must not share one `vc`).
                let reachable = f.reachable
                for b in blocks {
                    let declared = Interpreter.declaredNames(b)
                    let saved = declared.map { (name: $0, value: f.env[$0], type: f.localTypes[$0]) }
                    exec(b, &f)
                    for s in saved { f.env[s.name] = s.value; f.localTypes[s.name] = s.type }
                    f.reachable = reachable
                }
            case .matchIf(let subject, let pattern, let body, let line):
                runSwitch(subject, [SwitchCase(patterns: [pattern], isDefault: false, body: body, line: line)], &f, exhaustive: false)
            case .switchOn(let subject, let cases, _):
                runSwitch(subject, cases, &f, exhaustive: true)
            }
        }
    }

    /// `handlers[route]?(…)` where `handlers` is a local given a dictionary literal keyed by enum cases
    /// (`[.orders: showOrders, .archive: { … }]`): the call runs the value kept for each case the key may
    /// be, as a switch over the key with an arm per entry would, so the enum's cases are routes handled
    /// there when a value navigates, and a case with no entry is handled by none. Nil (an ordinary call of
    /// every value) when a key is not a case, or when code added to the table after the literal.
    func dispatchHandlerTable(_ base: Expr, key: Expr, _ args: [Argument], _ f: inout Frame, line: Int) -> Values? {
        guard case .ref(let name) = base, let table = f.handlerTables?[name], !table.keys.isEmpty,
              (f.env[name] ?? []).isSubset(of: table.bound) else { return nil }
        var arms: [SwitchCase] = []
        for (k, v) in zip(table.keys, table.values) {
            let pattern: CasePattern
            switch k {
            case .member(nil, let c, _): pattern = CasePattern(caseName: c)
            case .member(.ref(let t)?, let c, _) where resolveType(t, f).map({ index[$0]?.kind == .enum }) ?? false:
                pattern = CasePattern(caseName: c, typeName: t)
            default: return nil
            }
            guard case .member(_, _, let keyLine) = k else { return nil }
            arms.append(SwitchCase(patterns: [pattern], isDefault: false, body: Interpreter.handlerBody(v, args, line: line), line: keyLine))
        }
        runSwitch(key, arms, &f, exhaustive: false)
        // The cases the key may be that the table has no entry for: the call does nothing for them.
        let keyed = Set(arms.compactMap { $0.patterns.first?.caseName })
        for case .enumCase(let e, let c) in eval(key, &f) where !keyed.contains(c) && index.enumCase(e, c) != nil
            && keyed.contains(where: { index.enumCase(e, $0) != nil }) && isRouteEnum(e, in: f.owner) {
            let name = String.qualified(e, c)
            let at = f.location(line)
            if var r = enumArms[name] {
                guard r.unhandledAt != nil, f.reachable, !r.reachable else { continue }
                r.reachable = true
                setEnumArm(name, r)
            } else {
                setEnumArm(name, RouteRecord(name: name, owner: f.owner!.name, location: at, reachable: f.reachable, hasEffect: false, unhandledAt: at))
            }
        }
        return []
    }

    /// What a table's value does when called with `args`: a closure written there runs its body in the arm,
    /// under the arm's route (called, it would run as captured where the table was built), with its
    /// parameters bound to the arguments and its `return`s giving nothing to the code around it; any
    /// other value (`showOrders`, a local closure) is called.
    static func handlerBody(_ value: Expr, _ args: [Argument], line: Int) -> [Stmt] {
        guard case .closure(let c) = value else { return [.expr(.call(value, args, line: line), line: line)] }
        let params = c.parameters.isEmpty ? args.indices.map { "$\($0)" } : c.parameters
        var body: [Stmt] = zip(params, args).map { .bind(names: [$0], type: nil, value: $1.value, line: c.line) }
        for a in args.dropFirst(params.count) { body.append(.expr(a.value, line: c.line)) }
        func unreturned(_ stmts: [Stmt]) -> [Stmt] {
            stmts.map { s in
                switch s {
                case .ret(let e, let l): return e.map { .expr($0, line: l) } ?? .branch([], line: l)
                case .branch(let blocks, let l): return .branch(blocks.map(unreturned), line: l)
                case .matchIf(let e, let p, let b, let l): return .matchIf(e, p, unreturned(b), line: l)
                case .switchOn(let e, let cases, let l):
                    return .switchOn(e, cases.map { var c = $0; c.body = unreturned(c.body); return c }, line: l)
                default: return s
                }
            }
        }
        return body + unreturned(c.body)
    }

    /// The names a block declares itself (not those its nested blocks declare).
    static func declaredNames(_ block: [Stmt]) -> [String] {
        var names: [String] = []
        for case .bind(let ns, _, _, _) in block { for n in ns where n != "_" && !names.contains(n) { names.append(n) } }
        return names
    }

    /// `narrowing`: the local the subject is, which each arm sees holding only the cases it matches.
    func runSwitch(_ subject: Expr, _ cases: [SwitchCase], _ f: inout Frame, exhaustive: Bool, narrowing: String? = nil) {
        let sv = eval(subject, &f)
        var caseValues: [(String, String)] = []
        for case .enumCase(let e, let c) in sv { caseValues.append((e, c)) }
        // The subject's declared enum when it has one; otherwise the first by name, never by set order
        // (a local reused in sibling loops may hold cases of two enums).
        let declared = staticType(subject, f).flatMap { index.resolve($0, from: f.codeOwner) }.flatMap { index[$0]?.kind == .enum ? $0 : nil }
        let enumType = declared.flatMap { d in caseValues.isEmpty || caseValues.contains { $0.0 == d } ? d : nil } ?? caseValues.map(\.0).min()
        if exhaustive, cases.count == 1, cases[0].isDefault, cases[0].patterns.allSatisfy({ $0.caseName == nil }),
           let e = enumType, case .ref(let local) = subject, f.env[local] != nil, isRouteEnum(e, in: f.owner) {
            let known = Set(caseValues.filter { $0.0 == e && index.enumCase(e, $0.1) != nil }.map(\.1)).sorted()
            if !known.isEmpty { return runDefaultPerCase(subject, local, cases[0], known: known, enumType: e, caseValues: caseValues, &f) }
        }
        // Only a `switch` statement lives as long as the run (its shape is kept, and its dead arms are
        // replayed): an `if case` arm is built anew each time it runs.
        let id = cases.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        let shape = exhaustive ? switchShape(cases, id) : SwitchShape(cases)
        let explicit = shape.explicit
        let isRouteSwitch = enumType.map { isRouteEnum($0, in: f.owner) } ?? false
        let routes = isRouteSwitch ? shape.routes(of: enumType!, index) : nil
        var deadArmSwitch: (context: Int, names: [[String]])?
        for (armIndex, arm) in cases.enumerated() {
            let reachable: Bool
            if caseValues.isEmpty {
                reachable = f.reachable
            } else if arm.isDefault {
                reachable = f.reachable && caseValues.contains { !explicit.contains($0.1) }
            } else {
                reachable = f.reachable && arm.patterns.contains { p in p.caseName.map { c in caseValues.contains { $0.1 == c } } ?? false }
            }
            let bound = bindings(of: arm, subject: sv, enumType: enumType, f)
            let armCases = shape.armCases[armIndex]
            let routeName = routes?[armIndex].route
            if routeName != nil {
                // A navigation method dispatching on a route enum (F4 `navigate(to:)`) leads to each case's route.
                if let from = f.via, from.hasSuffix(")"), from != routeName {
                    addEdge(from: Node.id(.route, from), to: Node.id(.route, routeName!), kind: .route, via: nil, mechanism: Mechanism.switchArm.name,
                            location: SourceLocation(file: f.file, line: arm.line), reachable: reachable)
                }
            }
            // A dead arm already run in this context is replayed before anything else is built for it: a
            // route method's switch meets every other arm on every call.
            var deadArm: DeadArmKey?
            if !reachable, exhaustive, options.replayDeadArms {
                let sw = deadArmSwitch ?? (deadArmContext(f, enumType: enumType), shape.namedLocals)
                deadArmSwitch = sw
                var locals: Locals<Values> = [:]
                for n in sw.names[armIndex] { if let v = bound.last(where: { $0.name == n })?.values ?? f.env[n] { locals[n] = v } }
                // A route's arm runs under its own route, so the route the switch was reached by only
                // matters to the edge above: one run serves the calls of every route.
                let key = DeadArmKey(cases: id, arm: armIndex, context: sw.context, via: routeName == nil ? f.via : nil, locals: locals)
                if let trace = deadArms[key] {
                    // What the arm did to shared state, and the route records below, are unions already made.
                    deadArmsReplayed += 1
                    replay(trace)
                    continue
                }
                deadArm = key
            }
            var armFrame = f
            armFrame.reachable = reachable
            for (name, values) in bound { armFrame.env[name] = values }
            if let n = narrowing, !armCases.isEmpty {
                armFrame.env[n] = sv.filter { if case .enumCase(_, let c) = $0 { return armCases.contains(c) } else { return false } }
            }
            let before = effectCounter
            let forwards = (provenEmptyCalls, unprovenForwards)
            if let r = routeName {
                armFrame.via = r
                routeArmStack.append((r, f.owner?.name))
            }
            if !armFrame.reachable { deadArmsRun += 1 }
            if let key = deadArm { runDeadArm(arm.body, key, &armFrame, outer: f) } else { exec(arm.body, &armFrame) }
            if routeName != nil { routeArmStack.removeLast() }
            if let routes {
                // A `default:` arm handles every case no other arm names.
                let handledAll = arm.isDefault && armCases.isEmpty
                let had = effectCounter > before || armFrame.returns.count > f.returns.count || handsOutScreen(armFrame, outer: f)
                let onlyEmptyForwards = provenEmptyCalls > forwards.0 && unprovenForwards == forwards.1
                noteRouteArm(routes[armIndex].handled, line: arm.line, handledAll: handledAll, had: had, armReachable: armFrame.reachable,
                             onlyEmptyForwards: onlyEmptyForwards, caseValues: caseValues, enumType: enumType!, f)
            }
            // Locals and returns flow back out of the arm.
            // (Not those the arm declares: they shadow the outer ones.)
            let armDeclared = Interpreter.declaredNames(arm.body) + bound.map(\.name)
            for (k, v) in armFrame.env where f.env[k] != nil && !armDeclared.contains(k) { f.env.formUnion(k, with: v) }
            f.returns.formUnion(armFrame.returns)
        }
    }

    /// A switch over a route enum with only a `default:` arm (`switch route { default: show(screen(for: route)) }`):
    /// every case goes through the arm, so it runs once for each case the local may hold, under that case's
    /// route and with the local holding only that case, as if the arm were written out per case. The cases
    /// no code gives it are handled by the same arm, not reached.
    private func runDefaultPerCase(_ subject: Expr, _ local: String, _ arm: SwitchCase, known: [String], enumType: String,
                                   caseValues: [(String, String)], _ f: inout Frame) {
        let perCase = known.map { SwitchCase(patterns: [CasePattern(caseName: $0)], isDefault: false, body: arm.body, line: arm.line) }
        runSwitch(subject, perCase, &f, exhaustive: false, narrowing: local)
        let had = known.contains { enumArms[String.qualified(enumType, $0)]?.hasEffect ?? false }
        let rest = (index[enumType]?.cases ?? []).map(\.name).filter { !known.contains($0) }
        noteRouteArm(rest.map { ($0, String.qualified(enumType, $0)) }, line: arm.line, handledAll: true, had: had, armReachable: false,
                     onlyEmptyForwards: false, caseValues: caseValues, enumType: enumType, f)
    }

    /// The values an arm's patterns bind, in order (a later binding of a name wins).
    private func bindings(of arm: SwitchCase, subject sv: Values, enumType: String?, _ f: Frame) -> [(name: String, values: Values)] {
        var bound: [(name: String, values: Values)] = []
        for p in arm.patterns {
            for (i, b) in p.bindings.enumerated() {
                // An associated value is what was stored when the case was built (`.rides(.detail(r))`).
                if p.castType == nil, let e = enumType, let c = p.caseName, case let payload = heapValues(Interpreter.payloadKey(e, c, i)), !payload.isEmpty {
                    bound.append((b, payload))
                    continue
                }
                bound.append((b, p.castType.flatMap { index.resolve($0, from: f.codeOwner) }.map { [.object($0)] } ?? sv.filter { if case .object = $0 { return true } else { return false } }))
            }
        }
        return bound
    }

    /// `let handler: FlowHandling = container.resolve()` (or a property of that type assigned so): a value of a declared type that a call navgraph
    /// cannot follow gave (a dependency container, a framework) may be any coordinator of that type, and
    /// the code that asked for it holds it from then on. At most `containerCoordinatorLimit` of them: a
    /// wider type says too little to draw from.
    func containerCoordinators(_ type: String, _ f: inout Frame, line: Int) -> Values {
        if let known = containerCoordinatorCache[type] { return startContainerCoordinators(known, &f, line: line) }
        let candidates = coordinatorTypes.filter { index.isSubtype($0, of: type) }.sorted()
        let chosen = candidates.count <= Interpreter.containerCoordinatorLimit ? candidates : []
        containerCoordinatorCache[type] = chosen
        return startContainerCoordinators(chosen, &f, line: line)
    }

    static let containerCoordinatorLimit = 4

    private func startContainerCoordinators(_ types: [String], _ f: inout Frame, line: Int) -> Values {
        for c in types {
            startCoordinator(c, mechanism: Mechanism.container.name, &f, line: line)
            // The container built it: its initializers ran, with arguments navgraph does not know.
            for fn in index[c]?.functions ?? [] where fn.origin == .app && fn.decl.name == SwiftKeyword.initializer.name {
                _ = invoke(fn, selfType: c, args: [], caller: &f, line: line)
            }
        }
        return Set(types.map { Value.object($0) })
    }

    /// Whether an arm put a screen it built into a local of the code around the switch (`vc = ListViewController()`),
    /// which that code then shows or returns: a factory switch's arm does something.
    private func handsOutScreen(_ arm: Frame, outer f: Frame) -> Bool {
        for (k, v) in arm.env {
            guard let old = f.env[k] else { continue }
            for case .object(let t, _) in v where screenTypes.contains(t) && !old.contains(.object(t)) { return true }
        }
        return false
    }

    /// Records what a route switch's arm did for each case it handles: reached, and navigating or not.
    private func noteRouteArm(_ handled: [(String, String)], line: Int, handledAll: Bool, had: Bool, armReachable: Bool,
                              onlyEmptyForwards: Bool, caseValues: [(String, String)], enumType: String, _ f: Frame) {
        // Inert: its whole body does nothing, or it is one call that a family proved reaches only empty bodies.
        let armInert = inertArms.contains(file: f.file, line: line) || onlyEmptyForwards && inertArms.isSingleCall(file: f.file, line: line)
        for (c, name) in handled {
            // What a handler table without an entry for it recorded says only that it was reached.
            let prior = enumArms[name]
            let known = prior?.unhandledAt == nil ? prior : nil
            var r = known ?? RouteRecord(name: name, owner: f.owner!.name,
                location: SourceLocation(file: f.file, line: line), reachable: prior?.reachable ?? false, hasEffect: false)
            r.inert = known == nil ? armInert : r.inert && armInert
            let caseReachable = !handledAll ? armReachable
                : f.reachable && (caseValues.isEmpty || caseValues.contains { $0.1 == c })
            r.reachable = r.reachable || caseReachable
            r.hasEffect = r.hasEffect || had
            setEnumArm(name, r)
            if had { routeEnumsSeen.insert(enumType) }
        }
    }



    /// The shape of the switch statement whose cases' storage is `id`, worked out on its first run.
    func switchShape(_ cases: [SwitchCase], _ id: UInt) -> SwitchShape {
        if let known = switchShapes[id] { return known }
        let shape = SwitchShape(cases)
        switchShapes[id] = shape
        return shape
    }

    /// Assigns `v` to `lhs`; `rhs` is the expression `v` came from, when a statement assigns it whole.
    func assign(_ lhs: Expr, _ v: Values, _ f: inout Frame, line: Int, rhs: Expr? = nil) {
        switch lhs {
        case .ref(let name):
            if f.env[name] != nil || f.selfType == nil || index.property(on: f.selfType!, name) == nil {
                f.env.formUnion(name, with: v)
            } else {
                tieAssignment(name, f, line: line)
                store(f.selfType!, name, v, &f, line: line, site: f.selfSite, rhs: rhs)
            }
        case .member(let base?, let name, _):
            var targets = eval(base, &f)
            if targets.isEmpty, let st = staticType(base, f), let r = index.resolve(st, from: f.codeOwner), index[r]?.origin == .library {
                targets = [.object(r)]
            }
            if targets.contains(where: { if case .object = $0 { return true } else if case .metatype = $0 { return true } else { return false } }) {
                tieAssignment(name, f, line: line)
            }
            for case .object(let t, let site) in targets { store(t, name, v, &f, line: line, site: site, rhs: rhs) }
            for case .metatype(let t) in targets { heapUnion(NamePair(t, name), v) }
            // A property no code navgraph reads declares (`chatScreen.delegate`, declared in Objective-C).
            if !targets.contains(where: { if case .object(let t, _) = $0 { return index.property(on: t, name) != nil } else { return false } }),
               staticType(base, f).flatMap({ index.resolve($0, from: f.codeOwner) }).map({ index.property(on: $0, name) == nil }) ?? true {
                handToUnknownCode(v, &f)
            }
        case .tuple(let targets):
            let parts = tupleParts(v, arity: targets.count)
            for (i, p) in targets.enumerated() { assign(p.value, parts?[i] ?? v, &f, line: line) }
        case .subscripted(let base, let keys):
            // `completions[vc] = c`: a collection's value is the union of its elements.
            for k in keys { _ = eval(k.value, &f) }
            assign(base, v, &f, line: line)
        default:
            break
        }
    }

    /// Objects stored into code navgraph cannot read (`chatScreen.delegate = self`, the screen written in
    /// Objective-C): that code calls them back on the protocols it declares, so the methods their types
    /// declare in extensions adding a protocol navgraph does not know run, each as an event of its own.
    /// (A screen's methods all run anyway.)
    func handToUnknownCode(_ v: Values, _ f: inout Frame) {
        for case .object(let t, let site) in v where index[t]?.origin == .app && index[t]?.kind == .class && !screenTypes.contains(t) {
            for fn in appFunctions(of: t) where !fn.decl.isStatic && !fn.conformances.isEmpty
                && fn.conformances.contains(where: { index.resolve(TypeIndex.baseName($0), from: t) == nil }) {
                runAsOwnEvent { _ = invoke(fn, selfType: t, selfSite: site, isStatic: false, args: [], caller: &f, line: fn.decl.line) }
            }
        }
    }

    /// The elements of the tuple values of the given arity, position by position (nil when there are none).
    func tupleParts(_ v: Values, arity: Int) -> [Values]? {
        var parts: [Values]?
        for case .tuple(_, let elements) in v where elements.count == arity {
            parts = parts.map { zip($0, elements).map { $0.union($1) } } ?? elements
        }
        return parts
    }

    func store(_ type: String, _ name: String, _ v: Values, _ f: inout Frame, line: Int, site: Int = 0, rhs: Expr? = nil) {
        heapStore(type, name, v, site: site)
        // A callback handed to a view or cell of the app (`cell.onAuthorTapped = { … }` in `cellForRowAt`):
        // the view calls it on a tap, and nothing runs a view's own methods, so it is called here, by the
        // code that hands it over (the screen), as a closure passed to code navgraph cannot see would be.
        if v.contains(where: \.isClosure), index[type]?.origin == .app,
           index.isSubtype(type, of: UIKitType.view.name), viewCalls(type, name) {
            _ = invokeClosures(v, args: [], caller: &f, line: line)
        }
        // The coordinators a tab bar's tabs come from, read from the assignment as written (the values
        // alone do not say which coordinator a navigation controller belongs to).
        if let rhs, name == UIKitMember.viewControllers.name, index.isSubtype(type, of: UIKitType.tabBarController.name) {
            noteTabFlows(rhs, &f)
        }
        // A library property whose setter navigates (`window.rootViewController = vc`), or an app property's
        // observers (`didSet { … }`): that code runs.
        if setterProperties.contains(name), let setter = index.function(on: type, name: UIKitKnowledge.setterPrefix + name, labels: [nil]),
           let parameter = setter.decl.parameters.first?.name {
            _ = invoke(setter, selfType: type, selfSite: site, args: [], caller: &f, line: line, preEvaluated: [parameter: v])
        }
    }

    /// Whether `view`'s own code calls its closure property `name` (`onTap?()`, `self.onTap?()`).
    func viewCalls(_ view: String, _ name: String) -> Bool {
        var found = false
        for fn in appFunctions(of: view) where !found {
            fn.decl.body?.forEachExpr { e in
                switch e {
                case .call(.ref(let n), _, _) where n == name: found = true
                case .call(.member(.ref(SwiftName.selfValue.name)?, let n, _), _, _) where n == name: found = true
                default: break
                }
            }
        }
        return found
    }

    /// Notes the coordinators whose containers a tab bar's list names: `[feed.navigationController, …]`,
    /// `flows.map { $0.rootViewController }`. WHY: a tab's flow lasts as long as the tab bar, so it is
    /// kept on purpose (`child-never-removed` asks no finish of it). A container named only through a
    /// local (`[feedNavigation]`) tells no coordinator, and is left out.
    func noteTabFlows(_ e: Expr, _ f: inout Frame) {
        switch e {
        case .array(let elements), .dictionary(_, let elements): for x in elements { noteTabFlows(x, &f) }
        case .cast(let x, _): noteTabFlows(x, &f)
        case .choice(let xs): for x in xs { noteTabFlows(x, &f) }
        case .member(let base?, _, _): noteTabCoordinators(base, &f)
        case .call(.member(let base?, let name, _), _, _) where CollectionMethod.elementwise.contains(name): noteTabCoordinators(base, &f)
        default: break
        }
    }

    /// The coordinators `base` holds, when it only reads (locals, properties, arrays of them): evaluating
    /// it again then does nothing but read what the assignment just read.
    private func noteTabCoordinators(_ base: Expr, _ f: inout Frame) {
        func reads(_ e: Expr) -> Bool {
            switch e {
            case .ref: return true
            case .member(let b?, _, _): return reads(b)
            case .array(let xs), .dictionary(_, let xs): return xs.allSatisfy(reads)
            case .cast(let x, _): return reads(x)
            default: return false
            }
        }
        guard reads(base) else { return }
        for case .object(let t, _) in eval(base, &f) where isCoordinator(t) { tabFlows.insert(t) }
    }
}
