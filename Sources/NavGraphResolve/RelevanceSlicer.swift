import Foundation
import NavGraphExtract
import NavGraphModel

/// Finds the statements of app function bodies that cannot change what the interpreter records, so it
/// does not evaluate them. WHY: most of a screen is layout and formatting code (`content.text = …`,
/// `let item = items[i]`), and evaluating every statement of every shown screen in every round was most
/// of the instantiation's cost.
///
/// A statement is kept when it mentions a name that may carry navigation: a type, function or enum case
/// the app declares, anything the framework knowledge or a family's library declares or mentions, a name
/// the interpreter or an adapter looks for by spelling (`builtinNames`), a closure property (calling one
/// sends an action), `self` as a value, or a closure.
/// Then, to a fixpoint:
/// - every name a kept statement mentions becomes such a name too, so values flow between kept statements
///   only: a property read by kept code is written by kept code (`vc.onClose = handler` → `onClose?()`);
/// - a local a kept statement uses keeps the statements that give it a value (`let vc = …`; not
///   `vc.title = …`, which writes a property, kept only if kept code reads that property);
/// - `return` is kept when the function's name is mentioned by kept code (a caller uses the value);
/// - a property whose initializer or getter mentions such a name becomes one (reading it runs that code).
/// Statements that change reachability (`guard let x = y as? T`, `if let r = optionalRoute`) and switch /
/// `if case` headers are always kept. What is dropped only moves values between names no kept code reads.
public struct RelevanceSlicer {
    /// Names the interpreter looks for by spelling (string literals in its code), plus `self`/`Self`/`super`;
    /// each family lists its own (`FamilyAdapter.spelledNames`). `RelevanceSlicerTests` checks that every
    /// such literal in the resolver's sources is in `builtinNames`.
    static let interpreterNames: Set<String> = [
        "self", "Self", "super", "UIResponder", "UIView", "UIViewController", "UINavigationController",
        "UITabBarController", "UISplitViewController", "UIWindow", "UIApplicationDelegate", "UIApplicationMain",
        "UISceneDelegate", "UIWindowSceneDelegate", "configurator", "dismiss", "finish", "instantiate",
        "instantiateInitialViewController", "instantiateViewController", "performSegue", "present",
        "rootViewController", "setViewControllers", "show", "start", "toPresent", "viewControllers", "delegate",
    ]
    /// The names the interpreter and every family look for by spelling.
    public static let builtinNames: Set<String> = FamilyRegistry.all.reduce(into: interpreterNames) { $0.formUnion($1.spelledNames) }
    /// Collection methods that store into their receiver (`xs.append(x)` gives `xs` a value).
    public static var collectionStores: NameSet { Interpreter.collectionStores }
    /// Collection methods the interpreter models (`append` stores, `forEach` runs its closure): they move
    /// values between names the rules already follow, so they keep nothing by themselves; a function so
    /// named still has its `return`s kept.
    public static let modelledCollectionNames = Set(Interpreter.collectionStoreNames + Interpreter.collectionIterationNames
        + Interpreter.collectionReadNames)

    final class FunctionSlice {
        let fn: FunctionRef
        var units = UnitList()
        var relevant: [Bool] = []
        /// Per local, the units that define it.
        var unitsOfLocal: [[Int]] = []
        var liveLocal: [Bool] = []
        init(fn: FunctionRef) { self.fn = fn }
    }

    /// An app property's initializer and getter: reading the property runs them.
    struct PropertyCode {
        var name: Int
        /// Laid out once, as the fixpoint reads it.
        var unit: UnitView
        /// Its code is kept: reading the property runs it (its name is mentioned), or it acts.
        var relevant = false
        /// Its code acts, so its name is effectful (see `evaluateProperty`).
        var acting = false
        /// Waits on what could make it act (registered once: names only grow).
        var waits = false
    }

    private let names = NameTable()
    private var caseNames: [Int] = []
    private var codeProperties: [Int] = []
    private var libraryCode: [Int] = []
    /// Names whose mere reading does something: enum cases (building one is recorded), framework
    /// properties with code, and app properties whose initializer or getter acts (reading runs it). Keyed `effectKey + id` in `waiting`.
    private var effectful: [Bool] = []
    /// App properties with an initializer or getter (the only names that can become effectful later).
    private var hasCode: [Bool] = []
    static let effectKey = 1 << 40
    /// Names that make a statement kept: declared by the app (types, functions, cases) or the frameworks.
    private var seed: [Bool] = []
    /// Names kept code, framework code and the interpreter mention: also make a statement kept.
    private var mentioned: [Bool] = []
    /// Function names kept code calls or passes on (`#selector(f)`, `handler: f`): their `return`s are kept.
    private var called: [Bool] = []
    private var slices: [FunctionSlice] = []
    private var properties: [PropertyCode] = []
    private var propertiesByName: [Int: [Int]] = [:]
    /// Functions and properties to look at again when a name becomes mentioned (or called: `~id`).
    private var waiting = WaitLists()
    private var waitingProperties = WaitLists()
    /// Tells one registration's keys apart (see `WaitLists.register`).
    private var registration = 0
    /// Names newly mentioned (`id`) or called (`~id`).
    private var queue: [Int] = []

    /// Slices every app function body in `index` and stores the result in `FunctionRef.runBody`. Returns
    /// the slicer's steps and their times.
    static func slice(_ index: TypeIndex) -> [(step: String, seconds: Double)] {
        var s = RelevanceSlicer()
        s.solve(s.declare(index))
        s.finish()
        return s.phases
    }

    /// The slicer's steps and their times, for `--timings`.
    private var phases: [(step: String, seconds: Double)] = []
    private var phaseStart = Date()

    private mutating func phase(_ step: String) {
        let now = Date()
        phases.append((step, now.timeIntervalSince(phaseStart)))
        phaseStart = now
    }

    /// Interns every declared name and marks the seeds, lists the functions to slice, and lays out the
    /// code of app properties.
    private mutating func declare(_ index: TypeIndex) -> Set<Int> {
        var seen = Set<ObjectIdentifier>()
        var propertyNames = Set<Int>()
        for t in index.types.values { for p in t.properties.keys { propertyNames.insert(names.id(p)) } }
        let builder = UnitBuilder(names: names, propertyNames: propertyNames)
        for n in RelevanceSlicer.builtinNames { markSeed(names.id(n)); addName(names.id(n)); addCalled(names.id(n)) }
        for n in RelevanceSlicer.modelledCollectionNames { addCalled(names.id(n)) }
        for t in index.types.values {
            // Most names have no dot: splitting walks Characters (grapheme breaking), 10,000 instructions a name.
            if t.name.utf8.contains(UInt8(ascii: ".")) {
                for part in t.name.split(separator: ".") { markSeed(names.id(String(part))) }
            } else if !t.name.isEmpty {
                markSeed(names.id(t.name))
            }
            for c in t.cases { markSeed(names.id(c.name)); caseNames.append(names.id(c.name)) }
            for fn in t.functions {
                markSeed(names.id(fn.decl.name))
                if fn.origin == .library {
                    fn.decl.body?.forEachExpr { addMentioned($0) }
                } else if fn.decl.body != nil, seen.insert(ObjectIdentifier(fn)).inserted {
                    slices.append(FunctionSlice(fn: fn))
                }
                for p in fn.decl.parameters { p.defaultValue?.forEach { addMentioned($0) } }
            }
            for p in t.properties.values {
                // Calling a closure property sends an action (`onShowSettings?()`), assigned or not.
                if p.decl.type.map(TypeIndex.isFunctionType) == true { markSeed(names.id(p.decl.name)) }
                if case .closure? = p.decl.initializer { markSeed(names.id(p.decl.name)) }
                if p.origin == .library {
                    markSeed(names.id(p.decl.name))
                    // Reading it runs framework code (`rootViewController`, `strongRouter`): that may act.
                    if p.decl.getter != nil || p.decl.initializer != nil { libraryCode.append(names.id(p.decl.name)) }
                    p.decl.initializer?.forEach { addMentioned($0) }
                    p.decl.getter?.forEachExpr { addMentioned($0) }
                } else if p.decl.initializer != nil || p.decl.getter != nil {
                    var u = SliceUnit()
                    var locals = LocalIndex()
                    if let e = p.decl.initializer { builder.walk(e, &u, &locals, owned: false) }
                    if let g = p.decl.getter { builder.walkAll(g, &u) }
                    let name = names.id(p.decl.name)
                    codeProperties.append(name)
                    propertiesByName[name, default: []].append(properties.count)
                    properties.append(PropertyCode(name: name, unit: u.view))
                }
            }
        }
        grow()
        for c in caseNames { effectful[c] = true }
        for p in codeProperties { hasCode[p] = true }
        for p in libraryCode { effectful[p] = true }
        phase("declarations")
        return propertyNames
    }

    /// Builds every function's units and runs the fixpoint.
    private mutating func solve(_ propertyNames: Set<Int>) {
        analyzeInParallel(propertyNames)
        grow()
        phase("units")
        // Names so far are where the analysis starts, not news: nothing waits on them yet.
        queue.removeAll()
        // Reading a property runs its getter or initializer: those of names already read (by framework code,
        // or by the interpreter and adapters: `coordinatingResponder`) count from the start.
        for (name, list) in propertiesByName where mentioned[name] { for i in list { markProperty(i) } }
        for i in properties.indices { evaluateProperty(i) }
        for i in slices.indices { evaluate(i, registering: true) }
        while let item = queue.popLast() {
            if item >= 0 && item < RelevanceSlicer.effectKey {
                for i in propertiesByName[item] ?? [] { markProperty(i) }
            }
            for i in waitingProperties.take(item) { evaluateProperty(i) }
            for i in waiting.take(item) { evaluate(i, registering: false) }
        }
        phase("fixpoint")
    }

    /// Sets each function's `runBody` from what is kept.
    private mutating func finish() {
        // Each slice's body is rebuilt on its own (every function object is written once): on two threads.
        if slices.count < 64 {
            for slice in slices { slice.fn.runBody = rebuild(slice) }
        } else {
            let slicer = self
            _ = LargeStack.map(2, threads: 2) { w in
                for k in stride(from: w, to: slicer.slices.count, by: 2) { slicer.slices[k].fn.runBody = slicer.rebuild(slicer.slices[k]) }
            }
        }
        phase("rebuild")
        traceIfAsked()
    }

    /// A line on standard error under `NAVGRAPH_TRACE_SLICE`.
    static func trace(_ line: @autoclosure () -> String) {
        guard ProcessInfo.processInfo.environment["NAVGRAPH_TRACE_SLICE"] != nil else { return }
        FileHandle.standardError.write(Data(("slice: " + line() + "\n").utf8))
    }

    /// `NAVGRAPH_TRACE_SLICE` (with `_DROPPED` and `_FUNCTION`, see the README): what was kept, on standard error.
    private func traceIfAsked() {
        guard ProcessInfo.processInfo.environment["NAVGRAPH_TRACE_SLICE"] != nil else { return }
        let total = slices.reduce(0) { $0 + $1.relevant.count }, kept = slices.reduce(0) { $0 + $1.relevant.filter { $0 }.count }
        FileHandle.standardError.write(Data("slice: \(slices.count) functions, \(kept) of \(total) statements kept\n".utf8))
        if ProcessInfo.processInfo.environment["NAVGRAPH_TRACE_SLICE_DROPPED"] != nil {
            for slice in slices where slice.relevant.contains(false) {
                FileHandle.standardError.write(Data("dropped in \(slice.fn.owner).\(slice.fn.selector): \(slice.relevant.enumerated().filter { !$0.element }.map(\.offset))\n".utf8))
            }
        }
        if let only = ProcessInfo.processInfo.environment["NAVGRAPH_TRACE_SLICE_FUNCTION"] {
            for slice in slices where "\(slice.fn.owner).\(slice.fn.selector)" == only {
                FileHandle.standardError.write(Data("\(only): \(slice.fn.runBody ?? [])\n".utf8))
                for i in slice.units.indices {
                    let u = slice.units[i]
                    FileHandle.standardError.write(Data("  unit \(i) kept=\(slice.relevant[i]) writes=\(u.writes.map { names.name($0) }) calls=\(u.calls.map { names.name($0) }) keeping=\(u.writes.map { isKeeping($0) })\n".utf8))
                }
            }
        }
    }

    /// Builds every function's units on two threads. Each interns into its own copy of the name table (the
    /// names declared so far keep their ids); names new to a copy get global ids afterwards.
    private func analyzeInParallel(_ propertyNames: Set<Int>) {
        let workers = slices.count < 64 ? 1 : 2
        let base = names.count
        let slices = self.slices
        let table = names
        let tables = LargeStack.map(workers, threads: workers) { (w: Int) -> NameTable in
            let local = table.copy()
            let builder = UnitBuilder(names: local, propertyNames: propertyNames)
            for k in stride(from: w, to: slices.count, by: workers) { builder.analyze(slices[k]) }
            return local
        }
        for (w, local) in tables.enumerated() where local.count > base {
            let global = (base..<local.count).map { names.id(local.name($0)) }
            for k in stride(from: w, to: slices.count, by: workers) {
                let s = slices[k]
                s.units.remapNames { $0 >= base ? global[$0 - base] : $0 }
            }
        }
    }

    /// Sizes the flag arrays to the names interned so far.
    private mutating func grow() {
        let n = names.count
        if seed.count < n {
            seed += Array(repeating: false, count: n - seed.count)
            mentioned += Array(repeating: false, count: n - mentioned.count)
            called += Array(repeating: false, count: n - called.count)
            effectful += Array(repeating: false, count: n - effectful.count)
            hasCode += Array(repeating: false, count: n - hasCode.count)
        }
    }

    private mutating func markSeed(_ id: Int) { grow(); seed[id] = true }

    private mutating func addName(_ id: Int) {
        grow()
        if !mentioned[id] { mentioned[id] = true; queue.append(id) }
    }

    private mutating func addCalled(_ id: Int) {
        grow()
        if !called[id] { called[id] = true; queue.append(~id) }
    }

    private func isKeeping(_ id: Int) -> Bool { seed[id] || mentioned[id] }

    private mutating func markEffectful(_ id: Int) {
        if !effectful[id] { effectful[id] = true; queue.append(RelevanceSlicer.effectKey + id) }
    }

    /// Whether a statement does something the interpreter records, or moves values where kept code reads:
    /// calls a navigating name or a local closure, writes a name kept code reads, builds an enum case or
    /// reads a property whose initializer acts. A statement that only reads is kept for its local's users.
    private func acts(_ u: UnitView) -> Bool {
        u.callsLocal || u.any(u.callsRange, isKeeping) || u.any(u.writesRange, isKeeping) || u.any(u.globalsRange) { effectful[$0] }
    }

    /// Registers `item` to be looked at again when a name whose change could make `u` act changes: its
    /// calls and writes, and properties it reads that may turn effectful.
    private mutating func wait(_ u: UnitView, _ item: Int, property: Bool) {
        func register(_ key: Int) {
            if property { waitingProperties.register(item, on: key, registration) } else { waiting.register(item, on: key, registration) }
        }
        for k in u.callsRange where !isKeeping(u.ids[k]) { register(u.ids[k]) }
        for k in u.writesRange where !isKeeping(u.ids[k]) { register(u.ids[k]) }
        for k in u.globalsRange {
            let g = u.ids[k]
            if hasCode[g] && !effectful[g] { register(RelevanceSlicer.effectKey + g) }
        }
    }

    private mutating func keep(_ u: UnitView) {
        for k in u.globalsRange { addName(u.ids[k]) }
        for k in u.calleesRange { addCalled(u.ids[k]) }
    }

    /// Framework code and defaults: every name they mention counts, as mentioned and as called.
    private mutating func addMentioned(_ e: Expr) {
        switch e {
        case .ref(let n), .member(_, let n, _): let id = names.id(n); addName(id); addCalled(id)
        case .cast(_, let t): for n in RelevanceSlicer.typeNames(t) { addName(names.id(n)) }
        default: break
        }
    }

    // MARK: - Properties

    /// Whether the property's code acts, which makes reading it act. WHY apart from `relevant`: a property
    /// whose name kept code read first was kept but never asked whether it acts, so whether reading it
    /// counted as acting depended on which came first, that is on dictionary order: from run to run the
    /// same app kept different statements (RecipeBox: 389, 394 or 404 of 514).
    private mutating func evaluateProperty(_ i: Int) {
        guard !properties[i].acting else { return }
        let u = properties[i].unit
        if acts(u) {
            properties[i].acting = true
            markProperty(i)
            markEffectful(properties[i].name)
        } else if !properties[i].waits {
            properties[i].waits = true
            registration += 1
            wait(u, i, property: true)
        }
    }

    private mutating func markProperty(_ i: Int) {
        guard !properties[i].relevant else { return }
        properties[i].relevant = true
        keep(properties[i].unit)
    }

    // MARK: - Functions

    private mutating func evaluate(_ index: Int, registering: Bool) {
        let s = slices[index]
        let name = names.id(s.fn.decl.name)
        // Keeping a statement can make its own function's names navigate (`super.init(tabs: [router])`
        // mentions `router`, which `self.router = router` writes): look again until nothing changes.
        var returns = false
        var changed = true
        while changed {
            returns = called[name]
            var newly: [Int] = []
            for i in s.units.indices where !s.relevant[i] {
                let u = s.units[i]
                if u.always || (u.isReturn && returns) || acts(u) {
                    s.relevant[i] = true
                    newly.append(i)
                }
            }
            // A local a kept statement uses keeps the statements that give it a value.
            var work = newly
            while let i = work.popLast() {
                for l in s.units[i].locals where !s.liveLocal[l] {
                    s.liveLocal[l] = true
                    for j in s.unitsOfLocal[l] where !s.relevant[j] {
                        s.relevant[j] = true
                        newly.append(j)
                        work.append(j)
                    }
                }
            }
            for i in newly { keep(s.units[i]) }
            changed = !newly.isEmpty
        }
        // What would keep the rest later (names only grow, so the first registration covers every later one).
        guard registering else { return }
        registration += 1
        for i in s.units.indices where !s.relevant[i] {
            wait(s.units[i], index, property: false)
            if s.units[i].isReturn && !returns { waiting.register(index, on: ~name, registration) }
        }
    }

    // MARK: - Rebuilding

    private func rebuild(_ s: FunctionSlice) -> [Stmt] {
        let body = s.fn.decl.body ?? []
        if s.relevant.allSatisfy({ $0 }) { return body }
        if body.count == 1, case .expr = body[0], s.fn.decl.returnType != nil { return s.relevant[0] ? body : [] }
        var next = 0
        return filter(body, s, &next)
    }

    private func filter(_ stmts: [Stmt], _ s: FunctionSlice, _ next: inout Int) -> [Stmt] {
        var out: [Stmt] = []
        out.reserveCapacity(stmts.count)
        for st in stmts {
            switch st {
            case .expr, .bind, .assign, .ret:
                if s.relevant[next] { out.append(st) }
                next += 1
            case .branch(let blocks, let line):
                let kept = blocks.map { filter($0, s, &next) }
                if kept.contains(where: { !$0.isEmpty }) { out.append(.branch(kept, line: line)) }
            case .matchIf(let e, let p, let body, let line):
                next += 1
                out.append(.matchIf(e, p, filter(body, s, &next), line: line))
            case .switchOn(let e, let cases, let line):
                next += 1
                let kept = cases.map { SwitchCase(patterns: $0.patterns, isDefault: $0.isDefault, body: filter($0.body, s, &next), line: $0.line) }
                out.append(.switchOn(e, kept, line: line))
            }
        }
        return out
    }
}

extension RelevanceSlicer {
    /// The name a write lands in: `a.b.c = v` writes `c`, `p = v` writes `p`, `xs[i] = v` writes `xs`.
    public static func writtenNames(_ e: Expr, _ visit: (String) -> Void) {
        switch e {
        case .ref(let n), .member(_, let n, _): visit(n)
        case .subscripted(let b, _): writtenNames(b, visit)
        case .tuple(let parts): for p in parts { writtenNames(p.value, visit) }
        case .other(let xs), .choice(let xs): for x in xs { writtenNames(x, visit) }
        case .cast(let x, _): writtenNames(x, visit)
        default: break
        }
    }

    /// The names a write may give a value as locals: `x = v`, `(a, b) = v`, `xs[i] = v` (not `x.p = v`,
    /// which writes a property).
    public static func definedNames(_ e: Expr, _ visit: (String) -> Void) {
        switch e {
        case .ref(let n): visit(n)
        case .tuple(let parts): for p in parts { definedNames(p.value, visit) }
        case .other(let xs), .choice(let xs): for x in xs { definedNames(x, visit) }
        case .subscripted(let b, _): definedNames(b, visit)
        default: break
        }
    }

    /// Whether binding `value` can make the rest of its block unreachable (`guard let x = y`,
    /// `let x = y as? T`; see `exec`): such bindings are always kept.
    public static func bindingCanEndItsBlock(_ value: Expr) -> Bool {
        switch value {
        case .cast, .ref, .member(.ref("self")?, _, _): return true
        default: return false
        }
    }

    /// Locals never shadow these: they are always read as what they name.
    static func isPlainLocalName(_ n: String) -> Bool { n != "self" && n != "Self" && n != "super" }

    /// The identifiers in a written type (`[Feature.Item]?` → `Feature`, `Item`).
    public static func typeNames(_ t: String) -> [String] {
        // ASCII text (nearly every type) is split on its bytes. WHY: asking each scalar's Unicode
        // properties, and building each name a scalar at a time, was a sixth of the slicer's own thread.
        var text = t
        if let names = text.withUTF8({ b -> [String]? in
            var result: [String] = []
            var start = -1
            for i in b.indices {
                let c = b[i]
                if c >= 0x80 { return nil }
                if c == UInt8(ascii: "_") || (c | 0x20 >= UInt8(ascii: "a") && c | 0x20 <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) {
                    if start < 0 { start = i }
                } else if start >= 0 {
                    result.append(String(decoding: UnsafeBufferPointer(rebasing: b[start..<i]), as: UTF8.self))
                    start = -1
                }
            }
            if start >= 0 { result.append(String(decoding: UnsafeBufferPointer(rebasing: b[start...]), as: UTF8.self)) }
            return result
        }) { return names }
        var result: [String] = []
        var current = ""
        for ch in t.unicodeScalars {
            if ch == "_" || ch.properties.isAlphabetic || ("0"..."9").contains(ch) { current.unicodeScalars.append(ch) }
            else if !current.isEmpty { result.append(current); current = "" }
        }
        if !current.isEmpty { result.append(current) }
        return result
    }
}

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
            case .array(let xs), .choice(let xs), .other(let xs): for x in xs { expr(x) }
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
            case .ref("self")?, .ref("super")?: break
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
        case .array(let xs), .choice(let xs), .other(let xs):
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
