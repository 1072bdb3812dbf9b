import Foundation
import NavGraphExtract
import NavGraphModel

// What the interpreter does not run twice: calls (the memo) and unreachable switch arms (dead-arm
// replay), with the traces that stand in for running them. Evaluation and dispatch are in the other
// Interpreter files; this one only decides whether to run.
//
// Why skipping is sound. Within a round, everything a call writes to state that rounds share (heap
// cells, edges, parents, route records, captured closures) is a union: writing it again adds nothing.
// What a call's result depends on is its key: the callee's `CallContext`, the function, its
// arguments and whether navigation is muted (`FunctionCallKey`; a closure's id, reachability,
// muting and arguments; a dead arm's `DeadArmKey`). Reads of shared state are recorded (`RoundReads`);
// a value that grew after it was read marks the round stale and the next round runs everything again
// with the memo emptied. So a hit in a round that ends at the fixpoint returns what running the call
// again would: same reads, same branches, same unions. What a caller sees beyond the return values,
// the handlers its action reached and whether it navigated, is kept as a trace and replayed.
extension Interpreter {
    /// The memo's answer for `key`, else `body` run once and remembered. A call already running with the
    /// same key (recursion) returns nothing, after `onCycle`.
    func memoized(_ key: MemoKey, onCycle: () -> Void = {}, _ body: () -> Values) -> Values {
        if let cached = memo[key] { replay(cached.trace); return cached.returns }
        if inProgress.contains(key) { onCycle(); return [] }
        inProgress.insert(key)
        defer { inProgress.remove(key) }
        let start = traceMark()
        let returns = body()
        memo[key] = MemoEntry(returns: returns, trace: trace(since: start))
        return returns
    }

    /// Runs a computed property's getter in `g`, once per context a round. WHY: getters ran inline on
    /// every read, so getters reading getters (SwiftUI `body` parts, view-model properties built from
    /// others) ran a number of times exponential in their nesting: two field apps never finished. A run that
    /// hands something to the code around it (presents, containment, a route link) is not kept, as for a
    /// dead arm (see `runDeadArm`); a getter reading itself gets nothing, as a recursive call does.
    func runGetter(_ getter: [Stmt], of p: PropertyRef, _ g: inout Frame) -> Values {
        let id = getterIDs[ObjectIdentifier(p)] ?? { getterIDs[ObjectIdentifier(p)] = getterIDs.count; return getterIDs.count - 1 }()
        let key = MemoKey.getter(GetterCallKey(
            context: g.context, property: id, surroundings: surroundings()))
        if let cached = memo[key] { replay(cached.trace); return cached.returns }
        if inProgress.contains(key) { return [] }
        inProgress.insert(key)
        defer { inProgress.remove(key) }
        let start = traceMark()
        let around = (handOverMark(), routeLinks.count)
        if getter.count == 1, case .expr(let e, let l) = getter[0] { exec([.ret(e, line: l)], &g) } else { exec(getter, &g) }
        let handsBack = around != (handOverMark(), routeLinks.count)
        if !handsBack { memo[key] = MemoEntry(returns: g.returns, trace: trace(since: start)) }
        return g.returns
    }

    /// What code run inline can add to the code around it (the collecting coordinator's presents and
    /// started children, the containment check's values), by size: changed, the run handed something back.
    func handOverMark() -> HandOverMark {
        HandOverMark(presentLists: containerPresents.count, presents: containerPresents.last?.presents.count,
                     started: containerPresents.last?.started.count, containments: containment.count, contained: containment.last?.count)
    }

    /// The interpreter's stacks as code run inline (a dead arm, a getter) sees them.
    func surroundings() -> Surroundings {
        Surroundings(muted: muteNavigation, routeArm: routeArmStack.last?.route, routeArmOwner: routeArmStack.last?.owner ?? nil,
                     presentsOwner: containerPresents.last?.owner, containing: !containment.isEmpty, deferring: deferringUnreachable)
    }

    /// Where a call's trace starts: the handler log's length and the effect count now.
    func traceMark() -> TraceMark { TraceMark(handlers: handlerLog.count, effects: effectCounter, cutoffs: budgetCutoffs) }

    /// What a call did since `start` (see `traceMark`).
    func trace(since start: TraceMark) -> MemoTrace {
        // A handler met again changes nothing `applyHandler` does (the first one of an action wins, a chain
        // lists each coordinator once): each is kept once. WHY: replays append whole traces to the log, so
        // traces of nested calls grew with every call an event travelled through.
        var handlers: [Int] = []
        if start.handlers < handlerLog.count {
            tracesBuilt += 1
            for id in handlerLog[start.handlers...] where noteTakenBy[id] != tracesBuilt {
                noteTakenBy[id] = tracesBuilt
                handlers.append(id)
            }
        }
        return MemoTrace(handlers: handlers, navigated: effectCounter > start.effects, cutOff: budgetCutoffs > start.cutoffs)
    }

    func replay(_ trace: MemoTrace) {
        for h in trace.handlers { applyHandler(h) }
        if trace.navigated { effectCounter += 1 }
        if trace.cutOff { budgetCutoffs += 1 }
    }

    /// Runs a switch arm that cannot run here (`armFrame` is unreachable) and keeps what a caller sees of it,
    /// so the same arm in the same context (`key`) is replayed instead of run again this round. WHY: a route
    /// method (`navigate(to:)`) is called once per route and runs every other arm as unreachable code: k
    /// routes ran k² arms: 22 s for 2,000 screens behind 400-route coordinators, 1.5 s with the replay.
    /// Sound as a memo hit is (see the top of this file). An arm that hands anything back to the code around
    /// it (returns, outer locals, container presents or containment of the running method) is not kept: it
    /// runs each time.
    func runDeadArm(_ body: [Stmt], _ key: DeadArmKey, _ armFrame: inout Frame, outer f: Frame) {
        let mark = traceMark()
        let around = handOverMark()
        exec(body, &armFrame)
        let handsBack = armFrame.returns.count != f.returns.count
            || f.env.contains { armFrame.env[$0.key] != $0.value }
            || around != handOverMark()
        if !handsBack { deadArms[key] = trace(since: mark) }
    }

    /// Everything of the running code's frame and of the interpreter's stacks a switch's unreachable arm can
    /// see, but the locals it names: as a small number, computed once per switch run.
    func deadArmContext(_ f: Frame, enumType: String?) -> Int {
        var shape: Locals<Int> = [:]
        shape.reserveCapacity(f.env.count)
        for (name, values) in f.env { shape[name] = values.count }
        var contextWithoutRoute = f.context
        contextWithoutRoute.via = nil
        let context = DeadArmContext(
            enumType: enumType, file: f.file, origin: f.origin, context: contextWithoutRoute, codeOwner: f.codeOwner,
            function: f.function, returnType: f.returnType, localSizes: shape, localTypes: f.localTypes, surroundings: surroundings())
        if let id = deadArmContexts[context] { return id }
        deadArmContexts[context] = deadArmContexts.count
        return deadArmContexts.count - 1
    }

    /// With `NAVGRAPH_TRACE_ROUNDS`: which selectors the memo holds most entries of (calls in distinct contexts).
    func traceMemo() {
        var byFunction: [String: Int] = [:]
        var selectors: [Int: String] = [:]
        for t in index.types.values { for fn in t.functions { selectors[fn.memoID] = fn.selector } }
        for k in memo.keys {
            switch k.kind {
            case .function(let f): byFunction[selectors[f.function] ?? "?", default: 0] += 1
            case .closure: byFunction["<closure>", default: 0] += 1
            case .getter: byFunction["<getter>", default: 0] += 1
            }
        }
        for (k, v) in byFunction.sorted(by: { $0.value > $1.value }).prefix(12) { FileHandle.standardError.write(Data("  \(v) \(k)\n".utf8)) }
    }
}

/// See `Interpreter.handOverMark`.
struct HandOverMark: Equatable {
    var presentLists: Int
    var presents: Int?
    var started: Int?
    var containments: Int
    var contained: Int?
}
