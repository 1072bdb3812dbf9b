import Foundation
import NavGraphExtract
import NavGraphKnowledge
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
    /// The names the interpreter (`Vocabulary`, from NavGraphKnowledge's constants) and every family
    /// (`FamilyAdapter.spelledNames`) look for by spelling.
    public static let builtinNames: Set<String> = FamilyRegistry.all.reduce(into: Vocabulary.names) { $0.formUnion($1.spelledNames) }
    /// Collection methods that store into their receiver (`xs.append(x)` gives `xs` a value).
    public static var collectionStores: NameSet { Interpreter.collectionStores }
    /// Collection methods the interpreter models (`append` stores, `forEach` runs its closure): they move
    /// values between names the rules already follow, so they keep nothing by themselves; a function so
    /// named still has its `return`s kept.
    public static let modelledCollectionNames = CollectionMethod.all

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
                // Storing into a property with observers (`didSet`) runs them: its writes are kept.
                if fn.decl.name.hasPrefix(UIKitKnowledge.setterPrefix) { markSeed(names.id(String(fn.decl.name.dropFirst(UIKitKnowledge.setterPrefix.count)))) }
                if fn.origin == .library {
                    fn.decl.body?.forEachExpr { addMentioned($0) }
                } else if fn.decl.body != nil, seen.insert(ObjectIdentifier(fn)).inserted {
                    slices.append(FunctionSlice(fn: fn))
                }
                for p in fn.decl.parameters { p.defaultValue?.forEach { addMentioned($0) } }
            }
            for p in t.properties.values {
                // Calling a closure property sends an action (`onShowSettings?()`), assigned or not.
                if p.decl.type.map({ index.isFunctionType($0, from: t.name) }) == true { markSeed(names.id(p.decl.name)) }
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
        case .cast, .ref, .member(.ref(SwiftName.selfValue.name)?, _, _): return true
        default: return false
        }
    }

    /// Locals never shadow these: they are always read as what they name.
    static func isPlainLocalName(_ n: String) -> Bool { n != SwiftName.selfValue.name && n != SwiftName.selfType.name && n != SwiftName.superValue.name }

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
