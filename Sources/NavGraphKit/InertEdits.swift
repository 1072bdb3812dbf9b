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
/// Functions with a return type (a one-expression body is its value), `interceptEvent` overrides (the
/// Coordinate family evaluates them whole) and the methods of presenters (a presenter method that only
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
                if facts.types[t].properties[p].getter != nil { facts.types[t].properties[p].getter = [.expr(.literal(""), line: 0)] }
            }
            for f in facts.types[t].functions.indices {
                let fn = facts.types[t].functions[f]
                guard let body = fn.body, !body.isEmpty, fn.returnType == nil, fn.name != "interceptEvent" else { continue }
                var stripper = Stripper(vocabulary: vocabulary, fn: fn)
                var stripped = stripper.strip(body)
                // An empty method is not run (`Interpreter`): whether a body has statements is kept.
                if stripped.isEmpty { stripped = [.expr(.literal(""), line: 0)] }
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
        return !m.computedCallee && m.calls.isDisjoint(with: v.acting) && m.writes.isDisjoint(with: v.acting) && m.all.isDisjoint(with: v.naming)
    }

    /// Every name some code mentions, calls or writes, closures included, as the slicer reads a property's
    /// code (every plain name counts as global).
    struct CodeMentions {
        var all = Set<String>()
        var calls = Set<String>()
        var writes = Set<String>()
        /// A call of something other than a name or member (`handlers[0]()`): the slicer counts it as acting.
        var computedCallee = false

        mutating func stmts(_ list: [Stmt]) {
            for st in list {
                switch st {
                case .expr(let e, _): expr(e)
                case .bind(let ns, let type, let v, _):
                    all.formUnion(ns)
                    if let type { all.formUnion(RelevanceSlicer.typeNames(type)) }
                    if let v { expr(v) }
                case .assign(let l, let r, _): InertEdits.written(l, &writes); expr(l); expr(r)
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
                case .ref(let n): calls.insert(n)
                case .member(let base, let n, _):
                    calls.insert(n)
                    if InertEdits.collectionStores.contains(n), let base { InertEdits.written(base, &writes) }
                case .closure: break
                default: computedCallee = true
                }
                expr(callee)
                for a in args { expr(a.value); if let l = a.label { all.insert(l) } }
            case .closure(let c): all.formUnion(c.parameters); stmts(c.body)
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
        let fn: FunctionDecl
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
            self.fn = fn
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
                    if let c = candidate(st) { candidates[position] = c } else { [st].forEachExpr { InertEdits.note($0, into: &kept) }; bindNames(st, into: &kept) }
                    position += 1
                case .ret(let e, _):
                    if let e { names(e, into: &kept) }
                    position += 1
                case .branch(let blocks, _):
                    for b in blocks { survey(b, &position) }
                case .matchIf(let e, let p, let body, _):
                    names(e, into: &kept); pattern(p, into: &kept)
                    survey(body, &position)
                case .switchOn(let e, let arms, _):
                    names(e, into: &kept)
                    for a in arms { a.patterns.forEach { pattern($0, into: &kept) } }
                    for a in arms { survey(a.body, &position) }
                }
            }
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

        /// What a statement mentions, as the slicer reads it.
        struct Mentions {
            var all = Set<String>()
            var calls = Set<String>()
            var writes = Set<String>()
            var defines = Set<String>()
        }

        /// A simple statement's names and the names it gives a value, when nothing about it can matter by
        /// itself; nil otherwise.
        private func candidate(_ st: Stmt) -> (names: Set<String>, defines: Set<String>)? {
            var m = Mentions()
            switch st {
            case .expr(let e, _):
                guard check(e, &m) else { return nil }
            case .bind(let ns, let type, let value, _):
                m.all.formUnion(ns); m.defines.formUnion(ns)
                if let type { m.all.formUnion(RelevanceSlicer.typeNames(type)) }
                if let value {
                    // `guard let x = y` and `let x = y as? T` can end their block: the slicer always keeps them.
                    switch value {
                    case .cast, .ref, .member(.ref("self")?, _, _): return nil
                    default: guard check(value, &m) else { return nil }
                    }
                }
            case .assign(let l, let r, _):
                InertEdits.written(l, &m.writes)
                InertEdits.defined(l, &m.defines)
                guard check(l, &m), check(r, &m) else { return nil }
            default:
                return nil
            }
            let v = vocabulary
            guard m.calls.isDisjoint(with: v.acting), m.writes.isDisjoint(with: v.acting), m.defines.isDisjoint(with: v.acting),
                  m.all.isDisjoint(with: v.naming) else { return nil }
            return (m.all, m.defines)
        }

        /// Collects `e`'s names; false when `e` holds something that matters whatever its names: a closure,
        /// a call of a local or of a computed callee.
        private func check(_ e: Expr, _ m: inout Mentions) -> Bool {
            switch e {
            case .ref(let n):
                m.all.insert(n)
                return true
            case .member(let base, let n, _):
                m.all.insert(n)
                switch base {
                case .ref("self")?, .ref("super")?, nil: return true
                case let b?: return check(b, &m)
                }
            case .call(let callee, let args, _):
                switch callee {
                case .ref(let n):
                    if locals.contains(n) { return false }
                    m.calls.insert(n)
                case .member(let base, let n, _):
                    m.calls.insert(n)
                    if InertEdits.collectionStores.contains(n), let base { InertEdits.written(base, &m.writes); InertEdits.defined(base, &m.defines) }
                default: return false
                }
                guard check(callee, &m) else { return false }
                for a in args {
                    guard check(a.value, &m) else { return false }
                    if let l = a.label { m.all.insert(l) }
                }
                return true
            case .closure:
                return false
            case .literal:
                return true
            case .array(let xs), .choice(let xs), .other(let xs):
                return xs.allSatisfy { check($0, &m) }
            case .tuple(let args):
                return args.allSatisfy { check($0.value, &m) }
            case .cast(let x, let t):
                m.all.formUnion(RelevanceSlicer.typeNames(t))
                return check(x, &m)
            case .subscripted(let b, let args):
                return check(b, &m) && args.allSatisfy { check($0.value, &m) }
            }
        }

        private func names(_ e: Expr, into set: inout Set<String>) {
            e.forEach { InertEdits.note($0, into: &set) }
        }

        private func bindNames(_ st: Stmt, into set: inout Set<String>) {
            if case .bind(let ns, let type, _, _) = st {
                set.formUnion(ns)
                if let type { set.formUnion(RelevanceSlicer.typeNames(type)) }
            }
        }

        private func pattern(_ p: CasePattern, into set: inout Set<String>) {
            if let c = p.caseName { set.insert(c) }
            if let t = p.typeName { set.formUnion(RelevanceSlicer.typeNames(t)) }
            if let t = p.castType { set.formUnion(RelevanceSlicer.typeNames(t)) }
            set.formUnion(p.bindings)
        }
    }

    /// The name a write lands in, as the slicer counts it: `a.b.c = v` writes `c`, `p = v` writes `p`,
    /// `xs[i] = v` writes `xs`.
    static func written(_ e: Expr, _ out: inout Set<String>) {
        switch e {
        case .ref(let n), .member(_, let n, _): out.insert(n)
        case .subscripted(let b, _): written(b, &out)
        case .tuple(let parts): for p in parts { written(p.value, &out) }
        case .other(let xs), .choice(let xs): for x in xs { written(x, &out) }
        case .cast(let x, _): written(x, &out)
        default: break
        }
    }

    /// The locals a write may give a value, as the slicer counts them: `x = v`, `(a, b) = v`, `xs[i] = v`.
    static func defined(_ e: Expr, _ out: inout Set<String>) {
        switch e {
        case .ref(let n): out.insert(n)
        case .tuple(let parts): for p in parts { defined(p.value, &out) }
        case .other(let xs), .choice(let xs): for x in xs { defined(x, &out) }
        case .subscripted(let b, _): defined(b, &out)
        default: break
        }
    }

    /// The names one expression node mentions (not its sub-expressions').
    static func note(_ x: Expr, into set: inout Set<String>) {
        switch x {
        case .ref(let n), .member(_, let n, _): set.insert(n)
        case .cast(_, let t): set.formUnion(RelevanceSlicer.typeNames(t))
        case .closure(let c): set.formUnion(c.parameters)
        case .call(_, let args, _): for a in args { if let l = a.label { set.insert(l) } }
        default: break
        }
    }

    static let collectionStores = RelevanceSlicer.collectionStores
}
