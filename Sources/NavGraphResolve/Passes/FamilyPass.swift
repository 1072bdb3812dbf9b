/// Each active family's own pass over the instantiated program (`FamilyAdapter.finish`), in the
/// registry's order.
struct FamilyPass: InstantiationPass {
    let name = "finish"

    func run(_ interpreter: Interpreter) {
        for a in interpreter.adapters { a.finish(interpreter.semantics) }
    }
}
