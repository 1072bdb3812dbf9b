import Foundation
import NavGraphExtract
import NavGraphKnowledge
import NavGraphModel

// The slicer's data: interned names, each statement's unit (the names it reads, writes and calls),
// how a body is laid out into units, and the lists of what waits on a name (see `RelevanceSlicer`).

/// Names as small integers, so the fixpoint compares and indexes instead of hashing strings.
/// An open-addressing table over `String.wordHash` (see `hash`). WHY not `[String: Int]`:
/// every name of every body is interned, and `String`'s seeded hashing made that a third of the cost of
/// building the units. Ids are given in first-seen order, whatever the hash.
final class NameTable: @unchecked Sendable {
    // Only one thread ever uses a table (workers use copies): no dynamic exclusivity checks needed.
    @exclusivity(unchecked) private var strings: [String] = []
    /// Per id, its name's hash: probing compares these before comparing strings.
    @exclusivity(unchecked) private var hashes: [UInt32] = []
    /// Ids by hash, -1 where free; the count is a power of two, at most half full.
    @exclusivity(unchecked) private var slots: [Int32] = Array(repeating: -1, count: 1024)

    var count: Int { strings.count }

    func name(_ id: Int) -> String { strings[id] }

    func copy() -> NameTable {
        let c = NameTable()
        c.strings = strings
        c.hashes = hashes
        c.slots = slots
        return c
    }

    func id(_ s: String) -> Int {
        let h = NameTable.hash(s)
        let mask = slots.count - 1
        var i = Int(h) & mask
        while true {
            let e = Int(slots[i])
            if e < 0 { break }
            if hashes[e] == h && strings[e] == s { return e }
            i = (i + 1) & mask
        }
        let id = strings.count
        strings.append(s)
        hashes.append(h)
        slots[i] = Int32(id)
        if 2 * strings.count > slots.count { rehash(to: 2 * slots.count) }
        return id
    }

    private func rehash(to size: Int) {
        slots = Array(repeating: -1, count: size)
        let mask = size - 1
        for (id, h) in hashes.enumerated() {
            var i = Int(h) & mask
            while slots[i] >= 0 { i = (i + 1) & mask }
            slots[i] = Int32(id)
        }
    }

    /// `String.wordHash`, eight bytes a step: FNV-1a, a byte a step, made building the units 6% slower.
    static func hash(_ s: String) -> UInt32 {
        let h = s.wordHash
        return UInt32(truncatingIfNeeded: h ^ (h >> 32))
    }
}

/// Where `UnitBuilder.units` puts the units it builds: a function's `UnitList`, or an array to merge.
protocol UnitSink {
    mutating func append(_ u: SliceUnit)
}

extension Array: UnitSink where Element == SliceUnit {}

/// A unit's names as the fixpoint reads them: ranges of one id array (its function's `UnitList`, or a
/// property's unit laid out the same way). WHY ranges: six slices retained and released the array six
/// times for every look at a unit, half of what the fixpoint cost.
struct UnitView {
    let ids: [Int]
    let globalsRange: Range<Int>, calleesRange: Range<Int>, callsRange: Range<Int>, writesRange: Range<Int>
    let localsRange: Range<Int>, definesRange: Range<Int>
    let always: Bool
    let isReturn: Bool
    let callsLocal: Bool

    var globals: ArraySlice<Int> { ids[globalsRange] }
    var callees: ArraySlice<Int> { ids[calleesRange] }
    var calls: ArraySlice<Int> { ids[callsRange] }
    var writes: ArraySlice<Int> { ids[writesRange] }
    var locals: ArraySlice<Int> { ids[localsRange] }
    var defines: ArraySlice<Int> { ids[definesRange] }

    /// Whether an id in `range` satisfies `test`.
    func any(_ range: Range<Int>, _ test: (Int) -> Bool) -> Bool {
        for k in range where test(ids[k]) { return true }
        return false
    }
}

/// A function's units stored flat: one array of ids and one of bounds for all of them. WHY: six arrays per
/// statement were 200 MB at a million lines, and allocating them most of the time spent building units.
struct UnitList: UnitSink {
    private var ids: [Int] = []
    /// Per unit, where each of its six lists ends in `ids`: globals, callees, calls, writes, locals, defines.
    private var ends: [Int32] = []
    private var flags: [UInt8] = []
    private static let always: UInt8 = 1, isReturn: UInt8 = 2, callsLocal: UInt8 = 4

    var count: Int { flags.count }
    var indices: Range<Int> { 0..<flags.count }

    /// Makes room for about `units` units (a body's statement count), so appending seldom grows the arrays.
    mutating func reserve(units: Int) {
        ids.reserveCapacity(8 * units)
        ends.reserveCapacity(SliceUnit.lists * units)
        flags.reserveCapacity(units)
    }

    mutating func append(_ u: SliceUnit) {
        // Each list in turn, in the order its names were added: counted in one pass over the entries and
        // placed in another (a pass per list was a tenth of building the units).
        var counts = SIMD8<Int32>()
        for e in u.entries { counts[e &>> SliceUnit.listShift] &+= 1 }
        var next = SIMD8<Int32>()
        var end = Int32(ids.count)
        for list in 0..<SliceUnit.lists {
            next[list] = end
            end &+= counts[list]
            ends.append(end)
        }
        ids.append(contentsOf: repeatElement(0, count: u.entries.count))
        ids.withUnsafeMutableBufferPointer { placed in
            for e in u.entries {
                let list = e &>> SliceUnit.listShift
                placed[Int(next[list])] = e & SliceUnit.valueMask
                next[list] &+= 1
            }
        }
        flags.append((u.always ? UnitList.always : 0) | (u.isReturn ? UnitList.isReturn : 0) | (u.callsLocal ? UnitList.callsLocal : 0))
    }

    subscript(i: Int) -> UnitView {
        let b = 6 * i
        let start = i == 0 ? 0 : Int(ends[b - 1])
        let e0 = Int(ends[b]), e1 = Int(ends[b + 1]), e2 = Int(ends[b + 2]), e3 = Int(ends[b + 3]), e4 = Int(ends[b + 4]), e5 = Int(ends[b + 5])
        let f = flags[i]
        return UnitView(ids: ids, globalsRange: start..<e0, calleesRange: e0..<e1, callsRange: e1..<e2, writesRange: e2..<e3,
                        localsRange: e3..<e4, definesRange: e4..<e5, always: f & UnitList.always != 0,
                        isReturn: f & UnitList.isReturn != 0, callsLocal: f & UnitList.callsLocal != 0)
    }

    /// Maps every name id (not the locals' indexes) through `f`.
    mutating func remapNames(_ f: (Int) -> Int) {
        for i in indices {
            let b = 6 * i
            let start = i == 0 ? 0 : Int(ends[b - 1])
            for k in start..<Int(ends[b + 3]) { ids[k] = f(ids[k]) }
        }
    }
}

/// One statement's (or header's) names, while its function's units are built.
struct SliceUnit {
    /// The lists a unit's names go to, in `UnitList`'s order.
    enum List: Int {
        case globals
        /// Names called (`f(…)`, `x.f(…)`) or passed on as values (`#selector(f)`): their `return`s matter.
        case callees
        /// Names called (`f(…)`, `x.f(…)`, `T(…)`).
        case calls
        /// Names written: assigned (`a.b = v`, `p = v`) or stored into (`xs.append(v)`).
        case writes
        /// Indexes into the function's locals: those it uses or defines.
        case locals
        /// The locals it gives a value (`let x = …`, `x = …`, `xs.append(…)`, pattern bindings).
        case defines
    }
    static let lists = 6, listShift = 32, valueMask = (1 << 32) - 1

    var view: UnitView {
        var list = UnitList()
        list.append(self)
        return list[0]
    }

    /// Every name of every list, tagged with its list (`list << 32 | value`), in the order added. WHY one
    /// array: six per statement, most holding a name or two, were a third of the cost of building units.
    var entries: [Int] = []
    /// Kept whatever it mentions (closures, reachability-changing bindings, switch headers).
    var always = false
    var isReturn = false
    /// Calls a local (a closure parameter: `completion()`) or an element (`handlers[i]()`).
    var callsLocal = false

    mutating func add(_ list: List, _ value: Int) {
        // Most units list a few names: room for eight at once, not one, two, four, eight.
        if entries.isEmpty { entries.reserveCapacity(8) }
        entries.append(list.rawValue &<< SliceUnit.listShift | value)
    }

    /// Adds `x`'s names, its locals only when `withLocals`.
    mutating func merge(_ x: SliceUnit, withLocals: Bool = false) {
        if withLocals {
            entries += x.entries
        } else {
            for e in x.entries where e &>> SliceUnit.listShift != List.locals.rawValue { entries.append(e) }
        }
        callsLocal = callsLocal || x.callsLocal
    }
}

/// One function's locals: name id → index, in the order they were added. WHY not `[Int: Int]`: hashing
/// each id with the standard library's seeded hasher was 8% of building the units, and a function has
/// a few locals, which a scan finds sooner; past 32 a dictionary takes over.
struct LocalIndex {
    private var ids: [Int] = []
    private var byID: [Int: Int]?
    var count: Int { ids.count }

    subscript(id: Int) -> Int? {
        if let byID { return byID[id] }
        for i in ids.indices where ids[i] == id { return i }
        return nil
    }

    /// Adds `id` as the next local, unless it is one already.
    mutating func add(_ id: Int) {
        guard self[id] == nil else { return }
        ids.append(id)
        if byID != nil {
            byID![id] = ids.count - 1
        } else if ids.count > 32 {
            byID = Dictionary(uniqueKeysWithValues: ids.enumerated().map { ($0.element, $0.offset) })
        }
    }
}

/// Builds the units of bodies: the names each statement mentions, locals apart.
struct UnitBuilder {
    let names: NameTable
    /// Every property name: a local so named may also read the property (`guard let nav = nav`).
    let propertyNames: Set<Int>

    func analyze(_ s: RelevanceSlicer.FunctionSlice) {
        // Locals are keyed by name id: a name is hashed once, to intern it, not again to find its local.
        var locals = LocalIndex()
        for p in s.fn.decl.parameters { locals.add(names.id(p.name)) }
        let body = s.fn.decl.body ?? []
        s.units.reserve(units: body.count + 1)
        collectLocals(body, &locals)
        if body.count == 1, case .expr(let e, _) = body[0], s.fn.decl.returnType != nil {
            // A single-expression body is the function's value (see `invoke`).
            var u = SliceUnit(isReturn: true)
            walk(e, &u, &locals, owned: true)
            s.units.append(u)
        } else {
            units(body, into: &s.units, &locals)
        }
        s.relevant = Array(repeating: false, count: s.units.count)
        s.unitsOfLocal = Array(repeating: [], count: locals.count)
        for i in s.units.indices {
            for l in s.units[i].defines where s.unitsOfLocal[l].last != i { s.unitsOfLocal[l].append(i) }
        }
        s.liveLocal = Array(repeating: false, count: locals.count)
    }

    func collectLocals(_ stmts: [Stmt], _ locals: inout LocalIndex) {
        func add(_ n: String) { locals.add(names.id(n)) }
        // The closures' parameters and locals, in the order `Expr.forEach` would meet them; a closure's
        // body is entered once, by `collectLocals` (through `forEach` it was entered again at each level).
        func expr(_ e: Expr) {
            switch e {
            case .ref, .literal: break
            case .member(let b, _, _): if let b { expr(b) }
            case .call(let c, let args, _): expr(c); for a in args { expr(a.value) }
            case .closure(let c): c.parameters.forEach(add); collectLocals(c.body, &locals)
            case .array(let xs), .choice(let xs), .other(let xs), .dictionary(_, let xs): for x in xs { expr(x) }
            case .tuple(let args): for a in args { expr(a.value) }
            case .cast(let x, _): expr(x)
            case .subscripted(let b, let args): expr(b); for a in args { expr(a.value) }
            }
        }
        for st in stmts {
            switch st {
            case .expr(let e, _): expr(e)
            case .bind(let ns, _, let v, _): ns.forEach(add); if let v { expr(v) }
            case .assign(let l, let r, _): expr(l); expr(r)
            case .ret(let e, _): if let e { expr(e) }
            case .branch(let blocks, _): for b in blocks { collectLocals(b, &locals) }
            case .matchIf(let e, let p, let body, _): expr(e); p.bindings.forEach(add); collectLocals(body, &locals)
            case .switchOn(let e, let cases, _):
                expr(e)
                for c in cases { for p in c.patterns { p.bindings.forEach(add) }; collectLocals(c.body, &locals) }
            }
        }
    }

    /// One unit per statement, in the order `rebuild` visits them.
    func units<Sink: UnitSink>(_ stmts: [Stmt], into units: inout Sink, _ locals: inout LocalIndex) {
        for st in stmts {
            switch st {
            case .expr(let e, _):
                var u = SliceUnit()
                walk(e, &u, &locals, owned: true)
                units.append(u)
            case .bind(let ns, let type, let value, _):
                var u = SliceUnit()
                for n in ns { if let l = locals[names.id(n)] { u.add(.locals, l); u.add(.defines, l) } }
                if let type { typeNames(type, &u) }
                if let value {
                    walk(value, &u, &locals, owned: true)
                    if RelevanceSlicer.bindingCanEndItsBlock(value) { u.always = true }
                }
                units.append(u)
            case .assign(let l, let r, _):
                var u = SliceUnit()
                written(l, &u)
                defined(l, &u, locals)
                walk(l, &u, &locals, owned: true)
                walk(r, &u, &locals, owned: true)
                units.append(u)
            case .ret(let e, _):
                var u = SliceUnit(isReturn: true)
                if let e { walk(e, &u, &locals, owned: true) }
                units.append(u)
            case .branch(let blocks, _):
                for b in blocks { self.units(b, into: &units, &locals) }
            case .matchIf(let e, let p, let body, _):
                var u = SliceUnit(always: true)
                walk(e, &u, &locals, owned: true)
                pattern(p, &u, locals)
                units.append(u)
                self.units(body, into: &units, &locals)
            case .switchOn(let e, let cases, _):
                var u = SliceUnit(always: true)
                walk(e, &u, &locals, owned: true)
                for c in cases { for p in c.patterns { pattern(p, &u, locals) } }
                units.append(u)
                for c in cases { self.units(c.body, into: &units, &locals) }
            }
        }
    }

    func pattern(_ p: CasePattern, _ u: inout SliceUnit, _ locals: LocalIndex) {
        if let c = p.caseName { u.add(.globals, names.id(c)) }
        if let t = p.typeName { typeNames(t, &u) }
        if let t = p.castType { typeNames(t, &u) }
        for b in p.bindings { if let l = locals[names.id(b)] { u.add(.locals, l); u.add(.defines, l) } }
    }

    func written(_ e: Expr, _ u: inout SliceUnit) {
        RelevanceSlicer.writtenNames(e) { u.add(.writes, names.id($0)) }
    }

    func defined(_ e: Expr, _ u: inout SliceUnit, _ locals: LocalIndex) {
        RelevanceSlicer.definedNames(e) { if let l = locals[names.id($0)] { u.add(.defines, l) } }
    }

    func typeNames(_ t: String, _ u: inout SliceUnit) {
        for n in RelevanceSlicer.typeNames(t) { u.add(.globals, names.id(n)) }
    }

    /// Every name in a getter, closures included; every plain name counts as global.
    func walkAll(_ body: [Stmt], _ u: inout SliceUnit) {
        var all: [SliceUnit] = []
        var none = LocalIndex()
        units(body, into: &all, &none)
        for x in all { u.merge(x) }
    }

    /// Where an expression stands: a function named by a plain value (`#selector(f)`, `handler: f`) may
    /// be called later; one named as a member base (`tableView.register`) is an object.
    enum Role { case value, base, callee }

    /// The names an expression mentions. `owned`: locals are the function's (`locals`); otherwise every
    /// plain name counts as global.
    func walk(_ e: Expr, _ u: inout SliceUnit, _ locals: inout LocalIndex, owned: Bool, role: Role = .value) {
        switch e {
        case .ref(let n):
            let id = names.id(n)
            let local = owned ? locals[id] : nil
            if let l = local { u.add(.locals, l) }
            // A local named like a property may be read before it is bound (`guard let nav = nav`): both.
            if local == nil || !RelevanceSlicer.isPlainLocalName(n) || propertyNames.contains(id) {
                u.add(.globals, id)
                if role == .value { u.add(.callees, id) }
            }
        case .member(let base, let n, _):
            let id = names.id(n)
            u.add(.globals, id)
            if role == .value { u.add(.callees, id) }
            switch base {
            // `self.x` is `x`; `self` and `super` as bases do not make a statement navigate.
            case .ref(SwiftName.selfValue.name)?, .ref(SwiftName.superValue.name)?: break
            case let b?: walk(b, &u, &locals, owned: owned, role: .base)
            case nil: break
            }
        case .call(let callee, let args, _):
            switch callee {
            case .ref(let n):
                let id = names.id(n)
                u.add(.callees, id)
                u.add(.calls, id)
                if owned, locals[id] != nil { u.callsLocal = true }
            case .member(let base, let n, _):
                let id = names.id(n)
                u.add(.callees, id)
                u.add(.calls, id)
                if Interpreter.collectionStores.contains(n), let b = base { written(b, &u); defined(b, &u, locals) }
            case .closure: break
            default: u.callsLocal = true
            }
            walk(callee, &u, &locals, owned: owned, role: .callee)
            for a in args { walk(a.value, &u, &locals, owned: owned) }
        case .closure(let c):
            // A closure in a body may be stored and called later as a handler: kept. In a property
            // initializer only its names count (`let formatter: DateFormatter = { … }()`).
            if owned { u.always = true }
            var inner: [SliceUnit] = []
            if owned { units(c.body, into: &inner, &locals) } else {
                var scratch = LocalIndex()
                units(c.body, into: &inner, &scratch)
            }
            for x in inner { u.merge(x, withLocals: owned) }
            for p in c.parameters { if owned, let l = locals[names.id(p)] { u.add(.locals, l); u.add(.defines, l) } }
        case .literal:
            break
        case .other(let xs) where Interpreter.selectorName(xs) != nil:
            // `#selector(showLogin)`: the method the code it is handed to may call (see `Interpreter.eval`).
            u.add(.calls, names.id(Interpreter.selectorName(xs)!))
            walk(xs[0], &u, &locals, owned: owned)
        case .array(let xs), .choice(let xs), .other(let xs), .dictionary(_, let xs):
            for x in xs { walk(x, &u, &locals, owned: owned) }
        case .tuple(let args):
            for a in args { walk(a.value, &u, &locals, owned: owned) }
        case .cast(let x, let t):
            walk(x, &u, &locals, owned: owned)
            typeNames(t, &u)
        case .subscripted(let b, let args):
            walk(b, &u, &locals, owned: owned, role: .base)
            for a in args { walk(a.value, &u, &locals, owned: owned) }
        }
    }
}

/// What waits on each name: the keys are a name's id (mentioned), `~id` (called) and
/// `RelevanceSlicer.effectKey + id` (turned effectful), three slots per id.
///
/// WHY not a `[Int: [Int]]` and a `Set<Int>` per registration: at 100k lines registering every
/// function's keys took 60M instructions, half of the fixpoint, most of it hashing small integers.
struct WaitLists {
    private var lists: [[Int]] = []
    /// The registration that last added to each slot: a function is added once per key.
    private var stamps: [Int] = []

    /// A key's name id and kind: 0 mentioned (`id`), 1 called (`~id`), 2 turned effectful (`effectKey + id`).
    static func nameAndKind(_ key: Int) -> (id: Int, kind: Int) {
        if key < 0 { return (~key, 1) }
        if key >= RelevanceSlicer.effectKey { return (key - RelevanceSlicer.effectKey, 2) }
        return (key, 0)
    }

    /// The key of a name id and kind (`nameAndKind` the other way).
    static func key(id: Int, kind: Int) -> Int {
        switch kind {
        case 0: return id
        case 1: return ~id
        default: return RelevanceSlicer.effectKey + id
        }
    }

    private static func slot(_ key: Int) -> Int {
        let (id, kind) = nameAndKind(key)
        return 3 * id + kind
    }

    mutating func register(_ item: Int, on key: Int, _ registration: Int) {
        let slot = WaitLists.slot(key)
        if slot >= lists.count {
            let n = max(slot + 1, lists.count * 2)
            lists += Array(repeating: [], count: n - lists.count)
            stamps += Array(repeating: 0, count: n - stamps.count)
        }
        guard stamps[slot] != registration else { return }
        stamps[slot] = registration
        lists[slot].append(item)
    }

    /// Each key something waits on, with what waits.
    func forEach(_ body: (_ key: Int, _ items: [Int]) -> Void) {
        for slot in lists.indices where !lists[slot].isEmpty {
            body(WaitLists.key(id: slot / 3, kind: slot % 3), lists[slot])
        }
    }

    /// The items waiting on `key`, which no longer wait.
    mutating func take(_ key: Int) -> [Int] {
        let slot = WaitLists.slot(key)
        guard slot < lists.count, !lists[slot].isEmpty else { return [] }
        let items = lists[slot]
        lists[slot] = []
        return items
    }
}
