import NavGraphExtract
import NavGraphKnowledge
import NavGraphModel

/// The switch arms (and `if case` bodies) that provably do nothing, read from whole bodies. WHY: the
/// interpreter runs sliced bodies, so an arm that works on data (`return makeViewModel(movie)`,
/// `store.refresh()`) looks as empty as `case .legacy: break`; only the second proves "its switch arm does
/// nothing". An arm does nothing when every statement of its whole body is a bare `return`, a log call, a
/// trap (`fatalError`), or a value a library declares empty (XCoordinator's `.none()`), and it names its cases: a `default:`
/// arm names none, so it proves nothing about one case.
struct InertArms {
    private struct Site: Hashable {
        let file: String
        let line: Int
    }

    private var inert: Set<Site> = []
    private var acting: Set<Site> = []
    /// Arms whose whole body is one call (`children.forEach { $0.start(with: link) }`): inert when a
    /// family proves every call it made reaches an empty body.
    private var singleCall: Set<Site> = []

    /// Calls without arguments to these give a value the library declares empty (a body-less model
    /// function with a result, such as `Transition.none()`).
    let emptyValues: Set<String>

    init(_ index: TypeIndex) {
        var empty: Set<String> = []
        for info in index.types.values where info.origin == .library {
            for fn in info.functions where fn.decl.parameters.isEmpty && fn.decl.returnType != nil && fn.decl.body?.isEmpty == true {
                empty.insert(fn.decl.name)
            }
        }
        emptyValues = empty
        for info in index.types.values where info.origin == .app {
            for fn in info.functions where fn.origin == .app && fn.owner == info.name {
                fn.decl.body?.forEachStatement { note($0, file: fn.file) }
            }
            for p in info.properties.values where p.origin == .app && p.owner == info.name {
                p.decl.getter?.forEachStatement { note($0, file: p.file) }
                if let i = p.decl.initializer { [Stmt.expr(i, line: p.decl.line)].forEachStatement { note($0, file: p.file) } }
            }
        }
    }

    private mutating func note(_ s: Stmt, file: String) {
        switch s {
        case .switchOn(_, let cases, _):
            for c in cases { mark(Site(file: file, line: c.line), inert: !c.isDefault && isInert(c.body), c.body) }
        case .matchIf(_, _, let body, let line):
            mark(Site(file: file, line: line), inert: isInert(body), body)
        default: break
        }
    }

    /// Two arms on one line (one-line switches) prove nothing unless both do nothing.
    private mutating func mark(_ site: Site, inert isInert: Bool, _ body: [Stmt]) {
        if isInert { inert.insert(site) } else { acting.insert(site) }
        if body.count == 1, case .expr(.call, _) = body[0] { singleCall.insert(site) }
    }

    func isSingleCall(file: String, line: Int) -> Bool { singleCall.contains(Site(file: file, line: line)) }

    /// Whether the arm at `line` of `file` (as the interpreter sees it: `SwitchCase.line`, or the `if
    /// case` statement's line) provably does nothing.
    func contains(file: String, line: Int) -> Bool {
        let site = Site(file: file, line: line)
        return inert.contains(site) && !acting.contains(site)
    }

    func isInert(_ body: [Stmt]) -> Bool {
        body.allSatisfy { s in
            switch s {
            case .ret(nil, _): return true
            case .ret(let e?, _), .expr(let e, _): return isEmptyValue(e) || isTrap(e) || Interpreter.isLogging(s)
            default: return false
            }
        }
    }

    private func isTrap(_ e: Expr) -> Bool {
        guard case .call(.ref(let name), _, _) = e else { return false }
        return Heuristics.trappingFunctions.contains(name)
    }

    private func isEmptyValue(_ e: Expr) -> Bool {
        guard case .call(.member(_, let name, _), let args, _) = e, args.isEmpty else { return false }
        return emptyValues.contains(name)
    }
}
