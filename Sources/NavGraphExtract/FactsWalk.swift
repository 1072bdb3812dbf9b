/// Read-only traversal of the facts IR, for whole-program queries (which types are constructed, which
/// enum cases are referenced) that do not need interpretation.
public extension Expr {
    /// Calls `visit` on this expression and every sub-expression, including closure bodies.
    func forEach(_ visit: (Expr) -> Void) {
        visit(self)
        switch self {
        case .ref, .literal: break
        case .member(let b, _, _): b?.forEach(visit)
        case .call(let c, let args, _): c.forEach(visit); args.forEach { $0.value.forEach(visit) }
        case .closure(let c): c.body.forEachExpr(visit)
        case .array(let xs), .choice(let xs), .other(let xs), .dictionary(_, let xs): xs.forEach { $0.forEach(visit) }
        case .tuple(let args): args.forEach { $0.value.forEach(visit) }
        case .cast(let x, _): x.forEach(visit)
        case .subscripted(let b, let args): b.forEach(visit); args.forEach { $0.value.forEach(visit) }
        }
    }
}

public extension Array where Element == Stmt {
    func forEachExpr(_ visit: (Expr) -> Void) {
        for s in self {
            switch s {
            case .expr(let e, _): e.forEach(visit)
            case .bind(_, _, let v, _): v?.forEach(visit)
            case .assign(let l, let r, _): l.forEach(visit); r.forEach(visit)
            case .ret(let e, _): e?.forEach(visit)
            case .branch(let blocks, _): blocks.forEach { $0.forEachExpr(visit) }
            case .matchIf(let e, _, let body, _): e.forEach(visit); body.forEachExpr(visit)
            case .switchOn(let e, let cases, _): e.forEach(visit); cases.forEach { $0.body.forEachExpr(visit) }
            }
        }
    }
}

public extension Array where Element == Stmt {
    /// Calls `visit` on every statement, nested blocks and closure bodies included.
    func forEachStatement(_ visit: (Stmt) -> Void) {
        forEachBlockStatement(visit)
        // `forEachExpr` reaches every closure, nested ones too: each body's own blocks are enough.
        forEachExpr { if case .closure(let c) = $0 { c.body.forEachBlockStatement(visit) } }
    }

    private func forEachBlockStatement(_ visit: (Stmt) -> Void) {
        for s in self {
            visit(s)
            switch s {
            case .branch(let blocks, _): for b in blocks { b.forEachBlockStatement(visit) }
            case .matchIf(_, _, let body, _): body.forEachBlockStatement(visit)
            case .switchOn(_, let cases, _): for c in cases { c.body.forEachBlockStatement(visit) }
            case .expr, .bind, .assign, .ret: break
            }
        }
    }

    /// Statements, with those of nested blocks and closures: the program size resolution's budget grows with.
    var statementCount: Int {
        var n = blockStatementCount
        forEachExpr { if case .closure(let c) = $0 { n += c.body.blockStatementCount } }
        return n
    }

    private var blockStatementCount: Int {
        var n = count
        for s in self {
            switch s {
            case .branch(let blocks, _): for b in blocks { n += b.blockStatementCount }
            case .matchIf(_, _, let body, _): n += body.blockStatementCount
            case .switchOn(_, let cases, _): for c in cases { n += c.body.blockStatementCount }
            case .expr, .bind, .assign, .ret: break
            }
        }
        return n
    }
}

public extension FileFacts {
    /// Statements of the file's code (see `statementCount`), each property initializer and default value
    /// counting as one.
    var statementCount: Int {
        var n = topLevel.statementCount
        for t in types {
            for p in t.properties {
                if p.initializer != nil { n += 1 }
                n += p.getter?.statementCount ?? 0
            }
            for fn in t.functions {
                n += fn.body?.statementCount ?? 0
                n += fn.parameters.filter { $0.defaultValue != nil }.count
            }
        }
        return n
    }

    /// Every expression in the file: method bodies, property initializers and getters, defaults, top level.
    func forEachExpr(_ visit: (Expr) -> Void) {
        topLevel.forEachExpr(visit)
        for t in types {
            for p in t.properties {
                p.initializer?.forEach(visit)
                p.getter?.forEachExpr(visit)
            }
            for fn in t.functions {
                fn.body?.forEachExpr(visit)
                for p in fn.parameters { p.defaultValue?.forEach(visit) }
            }
        }
    }
}
