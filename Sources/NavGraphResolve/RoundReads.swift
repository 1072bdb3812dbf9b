import NavGraphExtract
import NavGraphModel

/// What a round of instantiation read of the state that rounds share (heap cells, parents, route
/// effects, edges), and whether any of it grew after it was read. A round none of whose
/// reads went stale is a fixpoint: running it again would read the same values, take the same branches
/// and add nothing (every write is a union). See `Interpreter.run`.
/// A collection store's method (`append(_:)`) and labels, as looked up on the elements' types.
struct StoreGuard: Hashable {
    var name: String
    var labels: [String?]
}

struct RoundReads {
    var heap: Set<NamePair> = []
    var parents: Set<String> = []
    /// Routes whose effect count was read while it was still zero.
    var viaEffects: Set<String> = []
    /// Edges looked up by source or target (adapters do, mid-round).
    var edgesFrom: Set<String> = []
    var edgesTo: Set<String> = []
    /// Screen and coordinator ids asked whether the screen started that coordinator (`isOwnChild`): only a
    /// new `spawns` edge between the two makes the answer stale.
    var spawnChecks: Set<NamePair> = []
    /// Route-enum arms an adapter looked at mid-round.
    var enumArms = false
    /// Closures run this round (see `Interpreter.widenCaptures`).
    var closures: Set<Int> = []
    /// Cells read only to see whether a collection's elements declare the method stored through
    /// (`xs.append(x)` on an array of objects none of which declares `append`): growing one matters only
    /// if a new element's type declares it (see `heapUnion`).
    var storeGuards: [NamePair: Set<StoreGuard>] = [:]
    /// While set, reading this cell is a store guard, not a read (see `Interpreter.methodCall`).
    var guarding: (cell: NamePair, guard: StoreGuard)?
    private(set) var stale = false
    /// The first read that went stale, for `NAVGRAPH_TRACE_ROUNDS`.
    var staleReason: String?

    mutating func markStale(_ reason: @autoclosure () -> String) {
        if !stale { staleReason = reason() }
        stale = true
    }
}

extension Interpreter {
    /// A heap cell's values, noted as read this round.
    func heapValues(_ type: String, _ name: String) -> Values { heapValues(NamePair(type, name)) }

    func heapValues(_ key: NamePair) -> Values {
        if let g = roundReads.guarding, g.cell == key {
            roundReads.storeGuards[key, default: []].insert(g.guard)
        } else {
            roundReads.heap.insert(key)
        }
        return heap[key] ?? []
    }

    /// The cell `type.name` reads from: the instance's own for a helper instance (see `sitedTypes`), the
    /// type's otherwise, which holds every instance's values.
    func cellKey(_ type: String, _ name: String, site: Int) -> NamePair {
        site == 0 ? NamePair(type, name) : NamePair(type + "@" + String(site), name)
    }

    /// Reads `type.name` of an instance: its own cell and what was stored through instances whose site is
    /// unknown; every instance's values when the site is unknown.
    func heapValues(_ type: String, _ name: String, site: Int) -> Values {
        guard site != 0 else { return heapValues(NamePair(type, name)) }
        let own = heapValues(cellKey(type, name, site: site))
        let unsited = heapValues(NamePair(type + "@?", name))
        return unsited.isEmpty ? own : own.union(unsited)
    }

    /// Stores into `type.name` of an instance: its own cell and the type's; through an instance whose site
    /// is unknown, into the type's and one every instance reads.
    func heapStore(_ type: String, _ name: String, _ v: Values, site: Int) {
        heapUnion(NamePair(type, name), v)
        guard sitedTypes.contains(type) else { return }
        heapUnion(site == 0 ? NamePair(type + "@?", name) : cellKey(type, name, site: site), v)
    }

    /// Adds values to a heap cell; growing a cell this round already read makes the round stale.
    func heapUnion(_ key: NamePair, _ v: Values) {
        let guards = v.isEmpty ? nil : roundReads.storeGuards[key]
        // What the cell held, needed only for a store guard (rare): a lookup of its own.
        let old = guards == nil ? [] : heap[key] ?? []
        // One access of the cell, which an empty union still adds.
        guard Values.union(&heap[key, default: []], v) else { return }
        if roundReads.heap.contains(key) {
            roundReads.markStale("heap \(key.first).\(key.second)")
        } else if let guards {
            for case .object(let t, let site) in v where !old.contains(.object(t, site: site)) {
                if guards.contains(where: { index.function(on: t, name: $0.name, labels: $0.labels) != nil }) {
                    roundReads.markStale("store guard \(key.first).\(key.second)")
                }
            }
        }
    }

    /// The nodes that started coordinator `c` so far, noted as read this round.
    func parentsOf(_ c: String) -> Set<String> {
        roundReads.parents.insert(c)
        return parents[c] ?? []
    }

    /// Whether route `via` has navigated so far; a "no" is noted, since a later effect would change it.
    func hasEffects(_ via: String) -> Bool {
        if (viaEffects[via] ?? 0) > 0 { return true }
        roundReads.viaEffects.insert(via)
        return false
    }

    /// Edges from `id` so far, noted as read this round.
    func outgoingEdges(of id: String) -> [Edge] {
        roundReads.edgesFrom.insert(id)
        return edgesFrom[id] ?? []
    }

    /// Notes that an adapter looked at the edges into `id` (it keeps its own index of them).
    func observeEdges(to id: String) { roundReads.edgesTo.insert(id) }

    /// Notes that an adapter looked at the route-enum arms recorded so far.
    func observeEnumArms() { roundReads.enumArms = true }

    /// Records an arm; changing one after an adapter looked at the arms makes the round stale.
    func setEnumArm(_ name: String, _ r: RouteRecord) {
        let old = enumArms[name]
        if roundReads.enumArms, old?.reachable != r.reachable || old?.hasEffect != r.hasEffect || old == nil { roundReads.markStale("arm \(name)") }
        enumArms[name] = r
    }

    /// Adds `env` to what closure `id` captured; growing what a closure run this round captured makes the
    /// round stale.
    func widenCaptures(of id: Int, with env: Locals<Values>) {
        func size(_ e: Locals<Values>) -> Int { e.reduce(0) { $0 + 1 + $1.value.count } }
        let before = size(closures[id].frame.env)
        closures[id].frame.env.merge(env) { $0.union($1) }
        if roundReads.closures.contains(id), size(closures[id].frame.env) != before {
            roundReads.markStale("closure \(id) at \(closures[id].frame.file):\(closures[id].closure.line)")
        }
    }
}
