import NavGraphExtract
import NavGraphKnowledge
import NavGraphModel

/// Small interpreter services the coordinator-library families (F1, F1b) share.
extension Interpreter {
    /// `__navgraph_own_screen(vc)`: the running coordinator shows its own root screen (a `Coordinator<T>`'s
    /// `T`). The edge is placed at the coordinator's declaration, where the generic argument names the screen.
    func showOwnScreen(_ values: Values, _ f: inout Frame) {
        guard let owner = f.owner, owner.kind == .coordinator else { return }
        let location = index[owner.name]?.location ?? f.location(0)
        for case .object(let t, _) in values where screenTypes.contains(t) {
            noteEffect(f)
            addEdge(from: owner.id, to: Node.id(.screen, t), kind: .shows, via: nil, mechanism: Mechanism.root.name,
                    location: location, reachable: f.reachable)
            activate(t, reachable: f.reachable)
        }
    }

    /// Binds call arguments to `fn`'s parameters by label, evaluated in the caller's frame, as `invoke` does.
    func bindArguments(_ args: [Argument], to fn: FunctionDecl, declaredIn owner: String, _ f: inout Frame) -> Locals<Values> {
        var env: Locals<Values> = [:]
        var ai = 0
        for p in fn.parameters {
            if ai < args.count, args[ai].label == p.label {
                env.formUnion(p.name, with: eval(args[ai].value, &f, expected: expectedType(p.type, in: owner)))
                ai += 1
            } else if let d = p.defaultValue {
                env[p.name] = eval(d, &f, expected: expectedType(p.type, in: owner))
            }
        }
        while ai < args.count { _ = eval(args[ai].value, &f); ai += 1 }
        return env
    }

    /// Evaluates `body` while noting the enum cases it builds (the route values an action carries).
    func capturingCases<T>(_ body: () -> T) -> (T, [String]) {
        caseCapture.append([])
        let result = body()
        return (result, caseCapture.removeLast())
    }

    /// The object types among `values`, sorted.
    func objectTypes(_ values: Values) -> [String] {
        values.compactMap { if case .object(let t, _) = $0 { return t } else { return nil } }.sorted()
    }

    /// A frame for evaluating code of `type` outside any call (getters read while building paths).
    func detachedFrame(_ type: String, reachable: Bool) -> Frame {
        Frame(selfType: type, codeOwner: type, file: index[type]?.location?.file ?? "", origin: .app,
              owner: ownerFor(type), reachable: reachable, depth: 0)
    }

    /// Node id for a responder type: its node when it is an app, coordinator or screen, else the type name.
    func responderID(_ type: String) -> String { ownerFor(type)?.id ?? type }
}

extension Array where Element == Stmt {
    /// Whether any expression in the statements (closures included) satisfies `test`.
    func containsExpr(_ test: (Expr) -> Bool) -> Bool {
        var found = false
        forEachExpr { if !found && test($0) { found = true } }
        return found
    }
}
