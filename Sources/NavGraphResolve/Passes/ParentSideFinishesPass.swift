import NavGraphExtract
import NavGraphModel

/// A parent that removes a child in its own code (a closure or delegate method the child calls) finishes
/// it, unless the child's side was recorded already.
struct ParentSideFinishesPass: InstantiationPass {
    let name = "parent finishes"

    func run(_ interpreter: Interpreter) { interpreter.addParentSideFinishes() }
}

extension Interpreter {
    func addParentSideFinishes() {
        var told = Set<NamePair>()
        for e in edges where e.kind == .finishes { told.insert(NamePair(e.from, e.to)) }
        let kept = parentSideFinishes.filter { !told.contains(NamePair($0.from, $0.to)) }
        for e in kept.sorted(by: NavGraph.edgeOrder) {
            addEdge(from: e.from, to: e.to, kind: e.kind, via: e.via, mechanism: e.mechanism, location: SourceLocation(file: e.file, line: e.line), reachable: e.reachable)
        }
    }
}
