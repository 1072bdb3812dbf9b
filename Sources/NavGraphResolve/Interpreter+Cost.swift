import NavGraphExtract

// What resolution costs: statements run against the step budget, and each function's share of them
// (see Interpreter, `ResolveBudget`).
/// Where resolution ran out of its step budget (see `ResolveBudget`).
public struct BudgetStop: Sendable, Equatable {
    /// The function running then (`Type.selector`), and the statement's file and line.
    public var function: String
    public var file: String
    public var line: Int
}

extension Interpreter {
    /// Notes where the budget ran out, the first time.
    func outOfBudget(_ s: Stmt, _ f: Frame) {
        guard budgetStop == nil else { return }
        let owner = f.codeOwner ?? f.selfType ?? ""
        let function = f.function.map { owner.isEmpty ? $0 : owner + "." + $0 } ?? owner
        let line: Int
        switch s {
        case .expr(_, let l), .bind(_, _, _, let l), .assign(_, _, let l), .ret(_, let l), .branch(_, let l), .matchIf(_, _, _, let l),
             .switchOn(_, _, let l):
            line = l
        }
        budgetStop = BudgetStop(function: function, file: f.file, line: line)
    }
}

/// What one function cost resolution: the statements its own runs ran (not those of the calls it made),
/// and how many times it ran (once per call context and round).
public struct FunctionCost: Sendable, Equatable {
    public var function: String
    public var steps: Int
    public var runs: Int
}

extension Interpreter {
    /// Starts counting a function run's steps: the count now.
    func beginCost() -> Int {
        costStack.append(0)
        return evaluationSteps
    }

    /// Adds a run's own steps (all since `start`, less those of the runs it called) to `fn`'s.
    func endCost(of fn: Int, since start: Int) {
        let inclusive = evaluationSteps - start
        let children = costStack.removeLast()
        functionCosts[fn, default: (0, 0)].steps += inclusive - children
        functionCosts[fn, default: (0, 0)].runs += 1
        if !costStack.isEmpty { costStack[costStack.count - 1] += inclusive }
    }

    /// The `count` functions whose runs took the most steps, most first (for `--timings`).
    public func costliestFunctions(_ count: Int) -> [FunctionCost] {
        let top = functionCosts.sorted { ($0.value.steps, $1.key) > ($1.value.steps, $0.key) }.prefix(count)
        var names: [Int: String] = [:]
        let wanted = Set(top.map(\.key))
        for t in index.types.values { for fn in t.functions where wanted.contains(fn.memoID) { names[fn.memoID] = fn.owner + "." + fn.selector } }
        return top.map { FunctionCost(function: names[$0.key] ?? "?", steps: $0.value.steps, runs: $0.value.runs) }
    }
}
