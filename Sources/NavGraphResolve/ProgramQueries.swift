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
    /// For each function name called (`x.show(animated: true)`, `show()`), the argument labels of its calls.
    public private(set) var callLabels: [String: Set<[String?]>] = [:]
    /// Names used other than as the callee of a call (`#selector(show)`, `action: self.show`, a local of
    /// that name): whichever overload they name may be called.
    public private(set) var uncalledReferences: NameSet = []

    public init(_ files: [FileFacts]) {
        var references: [String: Int] = [:]
        var callees: [String: Int] = [:]
        for f in files {
            f.forEachExpr { e in
                switch e {
                case .call(.ref(let n), let args, _):
                    constructedNames.insert(n); initializerCalls.insert(n)
                    callLabels[n, default: []].insert(args.map(\.label)); callees[n, default: 0] += 1
                case .call(.member(_, let m, _), let args, _):
                    callLabels[m, default: []].insert(args.map(\.label)); callees[m, default: 0] += 1
                case .ref(let n): references[n, default: 0] += 1
                case .member(.ref(let n)?, _, _): constructedNames.insert(n)
                case .cast(_, let t): constructedNames.insert(TypeIndex.baseName(t))
                default: break
                }
                if case .member(let base, let m, _) = e {
                    referencedMembers.insert(m)
                    references[m, default: 0] += 1
                    if ProgramQueries.isTypeLike(base) { caseReferences.insert(m) }
                }
            }
        }
        for (n, count) in references where count > callees[n, default: 0] { uncalledReferences.insert(n) }
    }

    /// Whether some code calls the function with these parameters: a call whose labels fit them (others
    /// defaulted), or a use of its name that is no call. WHY labels: `show()` is not called because
    /// `show(animated:)` is.
    public func isCalled(_ name: String, parameters: [Parameter]) -> Bool {
        if uncalledReferences.contains(name) { return true }
        return callLabels[name]?.contains { TypeIndex.matches($0, parameters) } ?? false
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
