import NavGraphExtract
import NavGraphModel

/// Whole-program syntactic facts gathered once from the IR.
public struct ProgramQueries: Sendable {
    /// Simple names called like initializers or factories: `X(…)`, `X.instantiate()`, `X.self`.
    public private(set) var constructedNames: NameSet = []
    /// Member names referenced outside patterns: `.payment`, `Page.payment` → `payment`.
    public private(set) var referencedMembers: NameSet = []
    /// Simple names called like initializers only: `X(…)` (not `X.self`, not casts).
    public private(set) var initializerCalls: NameSet = []
    /// Of the member names, those read as an enum case can be: `.payment`, `Page.payment` (not
    /// `remote.payment(…)`, a method of a value).
    public private(set) var caseReferences: NameSet = []

    public init(_ files: [FileFacts]) {
        for f in files {
            f.forEachExpr { e in
                switch e {
                case .call(.ref(let n), _, _): constructedNames.insert(n); initializerCalls.insert(n)
                case .member(.ref(let n)?, _, _): constructedNames.insert(n)
                case .cast(_, let t): constructedNames.insert(TypeIndex.baseName(t))
                default: break
                }
                if case .member(let base, let m, _) = e {
                    referencedMembers.insert(m)
                    if ProgramQueries.isTypeLike(base) { caseReferences.insert(m) }
                }
            }
        }
    }
}

extension ProgramQueries {
    /// No base (`.x`), or one naming a type (`Page`, `Module.Page`, `Self`).
    static func isTypeLike(_ base: Expr?) -> Bool {
        switch base {
        case nil: return true
        case .ref(let n)?: return n.first?.isUppercase == true
        case .member(_, let n, _)?: return n.first?.isUppercase == true
        default: return false
        }
    }
}

extension Interpreter {
    func constructedTypeNames() -> Set<String> {
        Set(index.types.keys.filter { self.queries.constructedNames.contains(TypeIndex.simpleName($0)) })
    }

    func mentions(_ body: [Stmt], anyOf types: Set<String>) -> Bool {
        var found = false
        body.forEachExpr { e in
            if case .ref(let n) = e, let t = index.resolve(n), types.contains(t) { found = true }
        }
        return found
    }
}
