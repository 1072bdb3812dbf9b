import NavGraphExtract
import NavGraphResolve

/// Reuses the last result after edits of code that cannot navigate: a statement added, removed or changed
/// in a method body when it mentions none of the names that can matter (layout and formatting code such as
/// `content.secondaryText = formatter.string(from: item.date)`). Such an edit changes the file's facts, so
/// the result cache's key misses and `LineShift` alone does not apply; but resolving the new facts would
/// give the old result, with locations moved.
///
/// WHY that holds. The last run's slicer reached a fixpoint whose names (`RelevanceSlicer.Vocabulary`)
/// decide which statements the interpreter runs. A statement that calls and writes none of its `acting`
/// names, mentions none of its `naming` ones (types, cases, properties whose reading acts, names looked
/// for by spelling), holds no closure, calls no local, returns nothing, is no reachability-changing
/// binding (`guard let x = y`) and gives a value to no local that other code of its function reads, is
/// dropped under that fixpoint and adds nothing to it. So when each changed file's facts, with such
/// statements taken out of every method body, are the old facts taken out the same way but for line
/// numbers, both programs have the same fixpoint and the same sliced bodies, and the interpreter runs the
/// same code. The code that reads whole bodies besides the slicer (program queries, structure warnings,
/// root screens, view types, the families' checks) looks only for declared names, which such a statement
/// does not mention; bodies that only such statements fill keep a mark, since an empty method is not run.
/// Functions with a return type (a one-expression body is its value), methods a family evaluates whole
/// (`FamilyAdapter.wholeBodyMethods`: Coordinate's `interceptEvent`) and the methods of presenters (a presenter method that only
/// logs does not handle an action, one that does work does) are compared in full, and so are files read as
/// a family's vendored library (every name its bodies mention counts).
///
/// Properties no code the interpreter runs reads (see `isUnread`: `private let titleLabel: UILabel = { … }()`)
/// are compared without their initializer and getter: the interpreter evaluates those only when the
/// property is read.
///
/// Anything else resolves again, as does a result whose locations name a statement taken out.
enum InertEdits {
    /// The vocabulary as sets, made once for all the changed files of a run.
    struct Lookup {
        let acting: Set<String>
        let naming: Set<String>
        let wholeBodyTypes: Set<String>
        let libraryFiles: Set<String>

        init(_ v: RelevanceSlicer.Vocabulary) {
            acting = Set(v.acting)
            naming = Set(v.naming)
            wholeBodyTypes = Set(v.wholeBodyTypes)
            libraryFiles = Set(v.libraryFiles)
        }
    }

    /// What stands for code taken out where whether there was any is kept (a getter, a method body).
    static let mark: [Stmt] = [.expr(.literal(""), line: 0)]

    /// `facts` with the inert statements (see the type's comment) taken out of its method bodies.
    static func strip(_ facts: FileFacts, vocabulary: Lookup) -> FileFacts {
        // A vendored copy of a library is library code: every name its bodies mention counts.
        guard !vocabulary.libraryFiles.contains(facts.path) else { return facts }
        var facts = facts
        for t in facts.types.indices {
            let name = facts.types[t].name
            if vocabulary.wholeBodyTypes.contains(name) || vocabulary.wholeBodyTypes.contains(TypeIndex.simpleName(name)) { continue }
            for p in facts.types[t].properties.indices where InertEdits.isUnread(facts.types[t].properties[p], vocabulary) {
                // Never read, so never run: only whether it has code is kept.
                if facts.types[t].properties[p].initializer != nil { facts.types[t].properties[p].initializer = .literal("") }
                if facts.types[t].properties[p].getter != nil { facts.types[t].properties[p].getter = mark }
            }
            for f in facts.types[t].functions.indices {
                let fn = facts.types[t].functions[f]
                guard let body = fn.body, !body.isEmpty, fn.returnType == nil, !FamilyRegistry.wholeBodyMethods.contains(fn.name) else { continue }
                var stripper = Stripper(vocabulary: vocabulary, fn: fn)
                var stripped = stripper.strip(body)
                // An empty method is not run (`Interpreter`): whether a body has statements is kept.
                if stripped.isEmpty { stripped = mark }
                facts.types[t].functions[f].body = stripped
            }
        }
        return facts
    }

    /// Whether `p`'s initializer and getter can be left out of the comparison: no code the interpreter runs
    /// reads `p` (its name is none the vocabulary holds: kept code, framework code and the interpreter do not
    /// mention it, so the interpreter never evaluates them), its declared type names nothing that matters,
    /// and its code cannot make it matter to the slicer (it calls and writes no `acting` name, mentions no
    /// `naming` one, calls nothing computed, and is no closure: a closure property is an action).
    static func isUnread(_ p: PropertyDecl, _ v: Lookup) -> Bool {
        guard p.initializer != nil || p.getter != nil, !v.acting.contains(p.name), !v.naming.contains(p.name) else { return false }
        if let type = p.type, !Set(RelevanceSlicer.typeNames(type)).isDisjoint(with: v.naming) { return false }
        if case .closure? = p.initializer { return false }
        var m = CodeMentions()
        if let e = p.initializer { m.expr(e) }
        if let g = p.getter { m.stmts(g) }
        return !m.computedCallee && m.isInert(under: v)
    }

    /// Every name some code mentions, calls, writes or gives a value, closures included, as the slicer reads
    /// it; and what in it matters whatever its names.
    struct CodeMentions {
        /// Names a call of which calls a local (`completion()`): in a method, the function's locals.
        var locals = Set<String>()
        var all = Set<String>()
        var calls = Set<String>()
        var writes = Set<String>()
        var defines = Set<String>()
        /// A call of something other than a name or member (`handlers[0]()`): the slicer counts it as acting.
        var computedCallee = false
        var callsLocal = false
        var holdsClosure = false

        /// Calls and writes no `acting` name, and mentions no `naming` one.
        func isInert(under v: Lookup) -> Bool {
            calls.isDisjoint(with: v.acting) && writes.isDisjoint(with: v.acting) && all.isDisjoint(with: v.naming)
        }

        mutating func stmts(_ list: [Stmt]) {
            for st in list {
                switch st {
                case .expr(let e, _): expr(e)
                case .bind(let ns, let type, let v, _):
                    all.formUnion(ns)
                    defines.formUnion(ns)
                    if let type { all.formUnion(RelevanceSlicer.typeNames(type)) }
                    if let v { expr(v) }
                case .assign(let l, let r, _):
                    RelevanceSlicer.writtenNames(l) { writes.insert($0) }
                    RelevanceSlicer.definedNames(l) { defines.insert($0) }
                    expr(l)
                    expr(r)
                case .ret(let e, _): if let e { expr(e) }
                case .branch(let blocks, _): blocks.forEach { stmts($0) }
                case .matchIf(let e, let p, let body, _): expr(e); pattern(p); stmts(body)
                case .switchOn(let e, let arms, _):
                    expr(e)
                    for a in arms { a.patterns.forEach { pattern($0) }; stmts(a.body) }
                }
            }
        }

        mutating func pattern(_ p: CasePattern) {
            if let c = p.caseName { all.insert(c) }
            for t in [p.typeName, p.castType].compactMap({ $0 }) { all.formUnion(RelevanceSlicer.typeNames(t)) }
            all.formUnion(p.bindings)
        }

        mutating func expr(_ e: Expr) {
            switch e {
            case .ref(let n): all.insert(n)
            case .member(let base, let n, _):
                all.insert(n)
                switch base {
                case .ref("self")?, .ref("super")?, nil: break
                case let b?: expr(b)
                }
            case .call(let callee, let args, _):
                switch callee {
                case .ref(let n):
                    calls.insert(n)
                    if locals.contains(n) { callsLocal = true }
                case .member(let base, let n, _):
                    calls.insert(n)
                    if RelevanceSlicer.collectionStores.contains(n), let base {
                        RelevanceSlicer.writtenNames(base) { writes.insert($0) }
                        RelevanceSlicer.definedNames(base) { defines.insert($0) }
                    }
                case .closure: break
                default: computedCallee = true
                }
                expr(callee)
                for a in args { expr(a.value); if let l = a.label { all.insert(l) } }
            case .closure(let c): holdsClosure = true; all.formUnion(c.parameters); stmts(c.body)
            case .literal: break
            case .array(let xs), .choice(let xs), .other(let xs): xs.forEach { expr($0) }
            case .tuple(let args): args.forEach { expr($0.value) }
            case .cast(let x, let t): all.formUnion(RelevanceSlicer.typeNames(t)); expr(x)
            case .subscripted(let b, let args): expr(b); args.forEach { expr($0.value) }
            }
        }
    }

    /// One function's inert statements, found to a fixpoint: a candidate that gives a value to a name other
    /// statements mention is not inert, and then its own names count against the others.
    private struct Stripper {
        let vocabulary: Lookup
        /// The names statements that stay mention, and the parameters.
        var kept = Set<String>()
        /// Per candidate statement (by its position in a walk of the body), its names and the names it defines.
        var candidates: [Int: (names: Set<String>, defines: Set<String>)] = [:]
        var inert = Set<Int>()
        /// Every name the function binds (parameters, `let`, patterns, closure parameters): calling one
        /// calls a local.
        var locals = Set<String>()

        init(vocabulary: Lookup, fn: FunctionDecl) {
            self.vocabulary = vocabulary
            for p in fn.parameters { kept.insert(p.name); locals.insert(p.name) }
        }

        mutating func strip(_ body: [Stmt]) -> [Stmt] {
            collectLocals(body)
            var position = 0
            survey(body, &position)
            inert = Set(candidates.keys)
            // A worklist over names, not passes over the candidates: a chain of assignments each feeding
            // the next would take one pass per link.
            var definers: [String: [Int]] = [:]
            for (i, c) in candidates { for d in c.defines { definers[d, default: []].append(i) } }
            var queue = Array(kept)
            while let name = queue.popLast() {
                for i in definers[name] ?? [] where inert.remove(i) != nil {
                    for n in candidates[i]!.names where kept.insert(n).inserted { queue.append(n) }
                }
            }
            position = 0
            return filter(body, &position)
        }

        private mutating func collectLocals(_ stmts: [Stmt]) {
            for st in stmts {
                switch st {
                case .bind(let names, _, let v, _): locals.formUnion(names); if let v { closureLocals(v) }
                case .expr(let e, _): closureLocals(e)
                case .assign(let l, let r, _): closureLocals(l); closureLocals(r)
                case .ret(let e, _): if let e { closureLocals(e) }
                case .branch(let blocks, _): blocks.forEach { collectLocals($0) }
                case .matchIf(let e, let p, let b, _): closureLocals(e); locals.formUnion(p.bindings); collectLocals(b)
                case .switchOn(let e, let arms, _):
                    closureLocals(e)
                    for a in arms { for p in a.patterns { locals.formUnion(p.bindings) }; collectLocals(a.body) }
                }
            }
        }

        private mutating func closureLocals(_ e: Expr) {
            e.forEach { if case .closure(let c) = $0 { locals.formUnion(c.parameters); collectLocals(c.body) } }
        }

        /// Numbers every simple statement in walk order; notes the candidates, and the names of the rest.
        private mutating func survey(_ stmts: [Stmt], _ position: inout Int) {
            for st in stmts {
                switch st {
                case .expr, .bind, .assign:
                    if let c = candidate(st) { candidates[position] = c } else { keep { $0.stmts([st]) } }
                    position += 1
                case .ret(let e, _):
                    if let e { keep { $0.expr(e) } }
                    position += 1
                case .branch(let blocks, _):
                    for b in blocks { survey(b, &position) }
                case .matchIf(let e, let p, let body, _):
                    keep { $0.expr(e); $0.pattern(p) }
                    survey(body, &position)
                case .switchOn(let e, let arms, _):
                    keep { m in m.expr(e); for a in arms { a.patterns.forEach { m.pattern($0) } } }
                    for a in arms { survey(a.body, &position) }
                }
            }
        }

        /// Adds the names some code that stays mentions to `kept`.
        private mutating func keep(_ walk: (inout CodeMentions) -> Void) {
            var m = CodeMentions()
            walk(&m)
            kept.formUnion(m.all)
        }

        private func filter(_ stmts: [Stmt], _ position: inout Int) -> [Stmt] {
            var out: [Stmt] = []
            for st in stmts {
                switch st {
                case .expr, .bind, .assign, .ret:
                    if !inert.contains(position) { out.append(st) }
                    position += 1
                case .branch(let blocks, let line):
                    out.append(.branch(blocks.map { filter($0, &position) }, line: line))
                case .matchIf(let e, let p, let body, let line):
                    out.append(.matchIf(e, p, filter(body, &position), line: line))
                case .switchOn(let e, let arms, let line):
                    out.append(.switchOn(e, arms.map { SwitchCase(patterns: $0.patterns, isDefault: $0.isDefault, body: filter($0.body, &position), line: $0.line) }, line: line))
                }
            }
            return out
        }

        /// A simple statement's names and the names it gives a value, when nothing about it can matter by
        /// itself (no closure, no call of a local or of a computed callee, no binding that can end its block
        /// (the slicer always keeps those), no `acting` name called, written or given a value, no `naming`
        /// name); nil otherwise.
        private func candidate(_ st: Stmt) -> (names: Set<String>, defines: Set<String>)? {
            if case .bind(_, _, let value?, _) = st, RelevanceSlicer.bindingCanEndItsBlock(value) { return nil }
            var m = CodeMentions(locals: locals)
            m.stmts([st])
            guard !m.holdsClosure, !m.callsLocal, !m.computedCallee, m.isInert(under: vocabulary),
                  m.defines.isDisjoint(with: vocabulary.acting) else { return nil }
            return (m.all, m.defines)
        }
    }
}
