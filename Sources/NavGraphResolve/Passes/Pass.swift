/// Work done once the program has run to its fixpoint, on what it recorded. Each pass is one file of
/// this folder; add one by adding its file and its place in `Interpreter.passes`.
protocol InstantiationPass {
    /// Its name in `--timings`.
    var name: String { get }
    func run(_ interpreter: Interpreter)
}

extension Interpreter {
    /// The passes, in the order they run. The order matters:
    /// 1. `UnreachablePass` runs what no root reached (unreachable coordinator methods and screens), so
    ///    the graph holds their edges, marked unreachable; families then see every edge.
    /// 2. `FamilyPass` lets each family add what needs the whole run (responder chains, events, finishes
    ///    resolved from the edges); it may add edges that pass 3 reads.
    /// 3. `ParentSideFinishesPass` adds the finishes only a parent's own code shows, where no child's
    ///    code (nor a family) told the parent already: it reads every `finishes` edge, so it runs last.
    static let passes: [any InstantiationPass] = [UnreachablePass(), FamilyPass(), ParentSideFinishesPass()]
}
