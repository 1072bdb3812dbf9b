import NavGraphExtract
import NavGraphModel

/// Runs the coordinator methods no reachable code ran, and activates the screens no reachable code
/// showed, all as unreachable: what they would do is drawn, dashed, and checked by the rules.
struct UnreachablePass: InstantiationPass {
    let name = "unreachable"

    func run(_ interpreter: Interpreter) { interpreter.runUnreachable() }
}

extension Interpreter {
    func runUnreachable() {
        for c in coordinatorTypes.sorted() {
            for fn in appFunctions(of: c) where !executedReachable.contains(key(c, fn)) {
                var f = Frame(selfType: c, codeOwner: fn.owner, file: fn.file, origin: fn.origin, owner: ownerFor(c), reachable: false, depth: 0)
                _ = invoke(fn, selfType: c, args: [], caller: &f, line: fn.decl.line)
                runPendingActivations()
            }
        }
        for s in screenTypes.sorted() where !reached.contains(Node.id(.screen, s)) {
            activate(s, reachable: false)
            runPendingActivations()
        }
    }
}
