import NavGraphModel

/// Per-file facts: a small, Codable intermediate form of the declarations and method bodies that
/// navigation analysis needs. Pure data, so it can be produced in parallel and cached by content hash.
public struct FileFacts: Codable, Hashable, Sendable {
    public var path: String
    public var imports: [String] = []
    public var types: [TypeDecl] = []
    /// Free functions and top-level statements are rare in apps; top-level code is kept for `main.swift`.
    public var topLevel: [Stmt] = []
    /// Enum case references outside patterns (`.payment`, `Page.payment`), used to tell "never constructed".
    public var caseReferences: [String] = []
    /// In-source suppression comments: `navgraph:disable…`.
    public var suppressions: [Suppression] = []
    public var diagnostics: [String] = []
    public var isPartial = false

    public init(path: String) { self.path = path }
}

public enum DeclKind: String, Codable, Sendable {
    case `class`, `struct`, `enum`, `protocol`, `extension`, `actor`
}

public struct TypeDecl: Codable, Hashable, Sendable {
    public var kind: DeclKind
    /// Qualified name (`Outer.Inner`); for an extension, the extended type as written.
    public var name: String
    public var inherited: [String] = []
    public var genericParameters: [String] = []
    public var attributes: [String] = []
    public var cases: [EnumCase] = []
    public var properties: [PropertyDecl] = []
    public var functions: [FunctionDecl] = []
    /// `typealias Name = Type` inside the type (and at top level, under the pseudo type "").
    public var typealiases: [String: String] = [:]
    public var line: Int
}

public struct EnumCase: Codable, Hashable, Sendable {
    public var name: String
    public var associatedTypes: [String]
    public var line: Int
}

public struct PropertyDecl: Codable, Hashable, Sendable {
    public var name: String
    public var type: String?
    public var initializer: Expr?
    /// Getter body of a computed property.
    public var getter: [Stmt]?
    public var isStatic = false
    public var isLazy = false
    public var isWeak = false
    public var isOverride = false
    public var line: Int
}

public struct Parameter: Codable, Hashable, Sendable {
    /// The argument label (`nil` when `_`).
    public var label: String?
    public var name: String
    public var type: String?
    public var defaultValue: Expr?

    public static let variadicSuffix = "..."
    /// `_ routes: Route...`: takes the argument at its place and every unlabelled one after it.
    public var isVariadic: Bool { type?.hasSuffix(Parameter.variadicSuffix) ?? false }
}

public struct FunctionDecl: Codable, Hashable, Sendable {
    public var name: String
    public var parameters: [Parameter]
    public var returnType: String?
    public var body: [Stmt]?
    public var isStatic = false
    public var isOverride = false
    public var attributes: [String] = []
    public var modifiers: [String] = []
    public var line: Int

    /// `name(label:_:)`, the selector used for matching calls.
    public var selector: String { FunctionDecl.selector(name, parameters.lazy.map { $0.label }) }

    @inlinable public static func selector<Labels: Collection>(_ name: String, _ labels: Labels) -> String where Labels.Element == String? {
        // One allocation, bytes copied: every function is indexed by its selector, and building it by
        // appending cost more than the rest of indexing it.
        var count = name.utf8.count + 2
        for l in labels { count += (l?.utf8.count ?? 1) + 1 }
        return String.assembled(utf8Count: count) { w in
            w.append(name)
            w.append(UInt8(ascii: "("))
            for l in labels {
                if let l { w.append(l) } else { w.append(UInt8(ascii: "_")) }
                w.append(UInt8(ascii: ":"))
            }
            w.append(UInt8(ascii: ")"))
        }
    }

    public var isEmpty: Bool { body?.isEmpty ?? true }
}

public struct Argument: Codable, Hashable, Sendable {
    public var label: String?
    public var value: Expr

    public init(label: String?, value: Expr) {
        self.label = label
        self.value = value
    }
}

public struct Closure: Codable, Hashable, Sendable {
    public var parameters: [String]
    public var body: [Stmt]
    public var line: Int

    public init(parameters: [String], body: [Stmt], line: Int) {
        self.parameters = parameters
        self.body = body
        self.line = line
    }
}

/// Expressions, reduced to what navigation needs. Operators other than `??` and `? :` become `.other`
/// holding their operands, so calls inside them are still seen.
public indirect enum Expr: Codable, Hashable, Sendable {
    case ref(String)
    /// `base.name`; `base == nil` is an implicit member (`.push`).
    case member(Expr?, String, line: Int)
    case call(Expr, [Argument], line: Int)
    case closure(Closure)
    case literal(String)
    case array([Expr])
    /// `[key: value, …]`: the keys, then the values, position by position. Only the values are
    /// expressions that run (a key names what a value is kept for, as a pattern does).
    case dictionary([Expr], [Expr])
    case tuple([Argument])
    /// `x as! T`, `x as? T`.
    case cast(Expr, String)
    case subscripted(Expr, [Argument])
    /// `a ?? b`, `c ? a : b`: any of the alternatives.
    case choice([Expr])
    case other([Expr])
}

public struct CasePattern: Codable, Hashable, Sendable {
    /// The enum case matched (`article` in `.article(let a)`); nil for `default`, `_`, casts.
    public var caseName: String?
    /// The type written before the case (`AppEvents.Shop` in `AppEvents.Shop.didPick`).
    public var typeName: String?
    /// A type tested with `as`/`is` (`let e as AppEvents.Shop`).
    public var castType: String?
    public var bindings: [String] = []
    /// The enum case each payload position matches (`second` in `.orders(.second)`), nil where it binds or
    /// matches anything; empty when no position names one.
    public var payloadCases: [String?] = []

    public init(caseName: String?, typeName: String? = nil, castType: String? = nil, bindings: [String] = [], payloadCases: [String?] = []) {
        self.caseName = caseName
        self.typeName = typeName
        self.castType = castType
        self.bindings = bindings
        self.payloadCases = payloadCases
    }
}

public struct SwitchCase: Codable, Hashable, Sendable {
    public var patterns: [CasePattern]
    public var isDefault: Bool
    public var body: [Stmt]
    public var line: Int

    public init(patterns: [CasePattern], isDefault: Bool, body: [Stmt], line: Int) {
        self.patterns = patterns
        self.isDefault = isDefault
        self.body = body
        self.line = line
    }
}

public indirect enum Stmt: Codable, Hashable, Sendable {
    case expr(Expr, line: Int)
    /// `let x = v`, `var (a, b) = v`, `if let x = v`, `guard let x = v as? T`.
    case bind(names: [String], type: String?, value: Expr?, line: Int)
    case assign(Expr, Expr, line: Int)
    case ret(Expr?, line: Int)
    /// if/else, guard, loops, do/catch: the blocks, all of which may run.
    case branch([[Stmt]], line: Int)
    /// `if case .x = v` / `guard case`: the pattern guards the body.
    case matchIf(Expr, CasePattern, [Stmt], line: Int)
    case switchOn(Expr, [SwitchCase], line: Int)
}
