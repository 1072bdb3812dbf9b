import NavGraphModel

/// A compact binary form of `FileFacts` for the cache: varints, a per-file string table, one tag byte
/// per enum case. Several times faster to read than JSON (and than re-parsing), which is the point of
/// the cache. Bump `version` whenever the IR changes; `FactsCodecTests` round-trips every sample.
public enum FactsCodec {
    /// 2: extraction keeps the `case` patterns of `if` condition lists (`if let e = x as? E, case .c = e`),
    /// so facts cached by version 1 are stale though their format is the same.
    /// 3: explicit parser nesting bound (debug builds stopped at 20 levels), blocks count towards the depth
    /// bound, deep square brackets are read as parentheses: facts of deeply nested files changed.
    /// 5: a `case` that ends in `fallthrough` carries the next case's body.
    /// 6: a case pattern's bindings keep their payload positions (`_` for a skipped value), and `case let
    /// .x(a)` binds `a`; declarations and statements inside `#if` clauses are kept.
    /// 7: a property's `willSet`/`set`/`didSet` code is the method `__navgraph_set_<name>`; escaped
    /// identifiers lose their backticks.
    /// 9: a dictionary literal keeps its keys (`.dictionary`), `guard case .x = v else { … }` guards the
    /// statements after it as `if case` guards its body, and a variadic parameter's type keeps its `...`.
    /// 10: a case pattern keeps the case each payload position names (`.orders(.second)`), and suppression
    /// comments are found on lines ended by "\r\n" or "\r" too.
    /// 11: a suppression comment's rule list ends at a word not shaped like a rule id (see
    /// `SuppressionScanner.ruleList`): text without ` - ` is not read as rule ids.
    public static let version: UInt32 = 11

    public static func encode(_ facts: FileFacts) -> [UInt8] {
        var w = Writer()
        w.facts(facts)
        return assemble(w)
    }

    private static func assemble(_ w: Writer) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(w.bytes.count + w.stringBytes + 16)
        var header = Writer()
        header.uint(UInt64(version))
        header.uint(UInt64(w.strings.count))
        for s in w.strings { header.rawString(s) }
        out.append(contentsOf: header.bytes)
        out.append(contentsOf: w.bytes)
        return out
    }

    public static func decode(_ bytes: [UInt8]) -> FileFacts? {
        bytes.withUnsafeBufferPointer { decode($0) }
    }

    /// Decodes facts from part of a larger buffer (the cache's pack) without copying them out first.
    public static func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> FileFacts? {
        var r = Reader(bytes: bytes)
        guard r.uint() == UInt64(version) else { return nil }
        let count = Int(clamping: r.uint())  // a corrupt file must not trap on a huge varint
        guard count >= 0, count < bytes.count + 1 else { return nil }
        r.strings.reserveCapacity(count)
        for _ in 0..<count { r.strings.append(r.rawString()) }
        r.sharedExprs = [Expr?](repeating: nil, count: 2 * r.strings.count)
        let facts = r.facts()
        return r.failed ? nil : facts
    }
}

private struct Writer: BinaryWriting {
    var bytes: [UInt8] = []
    var strings: [String] = []
    // Word-hashed (see `WordMap`): a `Dictionary` here took three fifths of encoding a file's facts.
    var stringIndex: NameMap<Int> = [:]
    var stringBytes = 0
    mutating func lineNumber(_ v: Int) { int(v) }

    mutating func string(_ s: String) {
        if let i = stringIndex[s] { uint(UInt64(i)); return }
        stringIndex[s] = strings.count
        uint(UInt64(strings.count))
        strings.append(s)
        stringBytes += s.utf8.count + 2
    }

    mutating func facts(_ f: FileFacts) {
        string(f.path)
        strings(f.imports)
        list(f.types) { $0.type($1) }
        list(f.topLevel) { $0.stmt($1) }
        list(f.suppressions) { w, s in
            w.string(s.scope.rawValue); w.strings(s.rules); w.lineNumber(s.line); w.optString(s.reason)
        }
        strings(f.diagnostics)
        bool(f.isPartial)
    }

    mutating func type(_ t: TypeDecl) {
        string(t.kind.rawValue)
        string(t.name)
        strings(t.inherited)
        strings(t.genericParameters)
        strings(t.attributes)
        list(t.cases) { w, c in w.string(c.name); w.strings(c.associatedTypes); w.lineNumber(c.line) }
        list(t.properties) { $0.property($1) }
        list(t.functions) { $0.function($1) }
        let aliases = t.typealiases.sorted { $0.key < $1.key }
        list(aliases) { w, a in w.string(a.key); w.string(a.value) }
        lineNumber(t.line)
    }

    mutating func property(_ p: PropertyDecl) {
        string(p.name)
        optString(p.type)
        optExpr(p.initializer)
        if let g = p.getter { bytes.append(1); list(g) { $0.stmt($1) } } else { bytes.append(0) }
        bytes.append((p.isStatic ? 1 : 0) | (p.isLazy ? 2 : 0) | (p.isWeak ? 4 : 0) | (p.isOverride ? 8 : 0))
        lineNumber(p.line)
    }

    mutating func function(_ f: FunctionDecl) {
        string(f.name)
        list(f.parameters) { w, p in w.optString(p.label); w.string(p.name); w.optString(p.type); w.optExpr(p.defaultValue) }
        optString(f.returnType)
        if let b = f.body { bytes.append(1); list(b) { $0.stmt($1) } } else { bytes.append(0) }
        bytes.append((f.isStatic ? 1 : 0) | (f.isOverride ? 2 : 0))
        strings(f.attributes)
        strings(f.modifiers)
        lineNumber(f.line)
    }

    mutating func optExpr(_ e: Expr?) {
        if let e { bytes.append(1); expr(e) } else { bytes.append(0) }
    }

    mutating func args(_ a: [Argument]) { list(a) { w, arg in w.optString(arg.label); w.expr(arg.value) } }
    mutating func exprs(_ a: [Expr]) { list(a) { $0.expr($1) } }

    mutating func expr(_ e: Expr) {
        switch e {
        case .ref(let n): bytes.append(0); string(n)
        case .member(let b, let n, let line): bytes.append(1); optExpr(b); string(n); lineNumber(line)
        case .call(let c, let a, let line): bytes.append(2); expr(c); args(a); lineNumber(line)
        case .closure(let c): bytes.append(3); strings(c.parameters); list(c.body) { $0.stmt($1) }; lineNumber(c.line)
        case .literal(let s): bytes.append(4); string(s)
        case .array(let xs): bytes.append(5); exprs(xs)
        case .tuple(let a): bytes.append(6); args(a)
        case .cast(let x, let t): bytes.append(7); expr(x); string(t)
        case .subscripted(let b, let a): bytes.append(8); expr(b); args(a)
        case .choice(let xs): bytes.append(9); exprs(xs)
        case .other(let xs): bytes.append(10); exprs(xs)
        case .dictionary(let ks, let vs): bytes.append(11); exprs(ks); exprs(vs)
        }
    }

    mutating func pattern(_ p: CasePattern) {
        optString(p.caseName); optString(p.typeName); optString(p.castType); strings(p.bindings)
        strings(p.payloadCases.map { $0 ?? "" })
    }

    mutating func stmt(_ s: Stmt) {
        switch s {
        case .expr(let e, let line): bytes.append(0); expr(e); lineNumber(line)
        case .bind(let names, let type, let value, let line): bytes.append(1); strings(names); optString(type); optExpr(value); lineNumber(line)
        case .assign(let l, let r, let line): bytes.append(2); expr(l); expr(r); lineNumber(line)
        case .ret(let e, let line): bytes.append(3); optExpr(e); lineNumber(line)
        case .branch(let blocks, let line): bytes.append(4); list(blocks) { w, b in w.list(b) { $0.stmt($1) } }; lineNumber(line)
        case .matchIf(let e, let p, let body, let line): bytes.append(5); expr(e); pattern(p); list(body) { $0.stmt($1) }; lineNumber(line)
        case .switchOn(let e, let cases, let line):
            bytes.append(6); expr(e)
            list(cases) { w, c in w.list(c.patterns) { $0.pattern($1) }; w.bool(c.isDefault); w.list(c.body) { $0.stmt($1) }; w.lineNumber(c.line) }
            lineNumber(line)
        }
    }
}

private struct Reader: BinaryReading {
    let bytes: UnsafeBufferPointer<UInt8>
    var pos = 0
    var strings: [String] = []
    /// `.ref(strings[i])` at `2i` and `.literal(strings[i])` at `2i + 1`, made once per file and shared:
    /// references are a good part of all expressions, and a shared value is one allocation (and no
    /// memory) per occurrence.
    var sharedExprs: [Expr?] = []
    var failed = false

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// One past what is left is accepted, as it always was (the list reads then fail on their own).
    mutating func count() -> Int {
        let n = Int(clamping: uint())
        if n > bytes.count - pos + 1 { failed = true; return 0 }
        return n
    }
    mutating func stringList() -> [String] { (0..<count()).map { _ in string() } }
    mutating func list<T>(_ f: (inout Reader) -> T) -> [T] {
        let n = count()
        var out: [T] = []
        out.reserveCapacity(n)
        for _ in 0..<n where !failed { out.append(f(&self)) }
        return out
    }

    mutating func facts() -> FileFacts {
        var f = FileFacts(path: string())
        f.imports = stringList()
        f.types = list { $0.type() }
        f.topLevel = list { $0.stmt() }
        f.suppressions = list { r in
            let scope = Suppression.Scope(rawValue: r.string()) ?? .this
            return Suppression(scope: scope, rules: r.stringList(), line: r.int(), reason: r.optString())
        }
        f.diagnostics = stringList()
        f.isPartial = bool()
        return f
    }

    mutating func type() -> TypeDecl {
        let kind = DeclKind(rawValue: string()) ?? .extension
        var t = TypeDecl(kind: kind, name: string(), line: 0)
        t.inherited = stringList()
        t.genericParameters = stringList()
        t.attributes = stringList()
        t.cases = list { r in EnumCase(name: r.string(), associatedTypes: r.stringList(), line: r.int()) }
        t.properties = list { $0.property() }
        t.functions = list { $0.function() }
        for (k, v) in list({ r in (r.string(), r.string()) }) { t.typealiases[k] = v }
        t.line = int()
        return t
    }

    mutating func property() -> PropertyDecl {
        let name = string()
        let type = optString()
        let initializer = optExpr()
        let getter: [Stmt]? = byte() == 1 ? list { $0.stmt() } : nil
        let flags = byte()
        var p = PropertyDecl(name: name, type: type, line: 0)
        p.initializer = initializer
        p.getter = getter
        p.isStatic = flags & 1 != 0
        p.isLazy = flags & 2 != 0
        p.isWeak = flags & 4 != 0
        p.isOverride = flags & 8 != 0
        p.line = int()
        return p
    }

    mutating func function() -> FunctionDecl {
        let name = string()
        let params = list { r in Parameter(label: r.optString(), name: r.string(), type: r.optString(), defaultValue: r.optExpr()) }
        let returnType = optString()
        let body: [Stmt]? = byte() == 1 ? list { $0.stmt() } : nil
        let flags = byte()
        var f = FunctionDecl(name: name, parameters: params, returnType: returnType, body: body, line: 0)
        f.isStatic = flags & 1 != 0
        f.isOverride = flags & 2 != 0
        f.attributes = stringList()
        f.modifiers = stringList()
        f.line = int()
        return f
    }

    /// `.ref(s)` or `.literal(s)` for the next string, made once per file and string, then shared.
    mutating func shared(_ kind: SharedKind) -> Expr {
        let i = Int(clamping: uint())
        guard i < strings.count else { failed = true; return .ref("") }
        let slot = 2 * i + (kind == .ref ? 0 : 1)
        if let e = sharedExprs[slot] { return e }
        let e: Expr = kind == .ref ? .ref(strings[i]) : .literal(strings[i])
        sharedExprs[slot] = e
        return e
    }

    enum SharedKind { case ref, literal }

    mutating func optExpr() -> Expr? { byte() == 1 ? expr() : nil }
    mutating func args() -> [Argument] { list { r in Argument(label: r.optString(), value: r.expr()) } }
    mutating func exprs() -> [Expr] { list { $0.expr() } }

    mutating func expr() -> Expr {
        switch byte() {
        case 0: return shared(.ref)
        case 1: let b = optExpr(); let n = string(); return .member(b, n, line: int())
        case 2: let c = expr(); let a = args(); return .call(c, a, line: int())
        case 3: let p = stringList(); let body = list { $0.stmt() }; return .closure(Closure(parameters: p, body: body, line: int()))
        case 4: return shared(.literal)
        case 5: return .array(exprs())
        case 6: return .tuple(args())
        case 7: let x = expr(); return .cast(x, string())
        case 8: let b = expr(); return .subscripted(b, args())
        case 9: return .choice(exprs())
        case 10: return .other(exprs())
        case 11: let ks = exprs(); return .dictionary(ks, exprs())
        default: failed = true; return .other([])
        }
    }

    mutating func pattern() -> CasePattern {
        CasePattern(caseName: optString(), typeName: optString(), castType: optString(), bindings: stringList(),
                    payloadCases: stringList().map { $0.isEmpty ? nil : $0 })
    }

    mutating func stmt() -> Stmt {
        switch byte() {
        case 0: let e = expr(); return .expr(e, line: int())
        case 1: let n = stringList(); let t = optString(); let v = optExpr(); return .bind(names: n, type: t, value: v, line: int())
        case 2: let l = expr(); let r = expr(); return .assign(l, r, line: int())
        case 3: let e = optExpr(); return .ret(e, line: int())
        case 4: let blocks = list { r in r.list { $0.stmt() } }; return .branch(blocks, line: int())
        case 5: let e = expr(); let p = pattern(); let body = list { $0.stmt() }; return .matchIf(e, p, body, line: int())
        case 6:
            let e = expr()
            let cases = list { r in
                let patterns = r.list { $0.pattern() }
                let isDefault = r.bool()
                let body = r.list { $0.stmt() }
                return SwitchCase(patterns: patterns, isDefault: isDefault, body: body, line: r.int())
            }
            return .switchOn(e, cases, line: int())
        default: failed = true; return .expr(.other([]), line: 0)
        }
    }
}
