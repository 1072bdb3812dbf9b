import NavGraphExtract
import NavGraphModel

/// An abstract value: what an expression may evaluate to, at the level of types.
public enum Value: Hashable, Sendable {
    /// An instance of a type (coordinator, screen, router, presenter, UIKit object…). `site` tells apart
    /// instances of an app helper class made by different constructor calls (see `Interpreter.objectSite`):
    /// 0 for every other type, whose instances share one set of property values.
    case object(String, site: Int = 0)
    case metatype(String)
    case enumCase(String, String)
    /// Index into the interpreter's closure table.
    case closure(Int)
    case string(String)
    /// A storyboard by name (from `UIStoryboard(name:bundle:)`).
    case storyboard(String)
    /// A tuple, element by element (labels as declared or written), so `let (a, b) = f()` and `box.label`
    /// can take it apart. Evaluating a tuple also yields the union of its elements, as before.
    case tuple([String?], [Values])
}

public extension Value {
    /// A short, stable text for memo keys and ordering (string interpolation of enums uses reflection: slow).
    var key: String {
        switch self {
        case .object(let t, let site): return site == 0 ? "o:" + t : "o:" + t + "@" + String(site)
        case .metatype(let t): return "m:" + t
        case .enumCase(let t, let c): return "e:" + t + "." + c
        case .closure(let id): return "c:" + String(id)
        case .string(let s): return "s:" + s
        case .storyboard(let s): return "b:" + s
        case .tuple(let labels, let parts):
            return "t:(" + zip(labels, parts).map { ($0 ?? "_") + "=" + $1.key }.joined(separator: ";") + ")"
        }
    }
}

public typealias Values = Set<Value>

public extension Set where Element == Value {
    /// Order-independent key of a value set.
    var key: String { map(\.key).sorted().joined(separator: ",") }
}

extension Set where Element == Value {
    /// `cell.formUnion(v)`; an empty cell takes `v` itself (no element hashed again). Returns whether
    /// the cell grew.
    @discardableResult
    @inline(__always) static func union(_ cell: inout Values, _ v: Values) -> Bool {
        let before = cell.count
        if cell.isEmpty { cell = v } else { cell.formUnion(v) }
        return cell.count != before
    }
}

extension Dictionary where Value == Set<NavGraphResolve.Value> {
    /// `self[key, default: []].formUnion(v)` in one lookup, without unioning into a new empty set.
    @inline(__always) mutating func formUnion(_ key: Key, with v: Value) {
        Set<NavGraphResolve.Value>.union(&self[key, default: []], v)
    }
}

extension Value: WordHashed {
    /// Names by `String.wordHash`: value sets are hashed on every union (see `WordHashed`).
    public var wordHash: UInt64 {
        var w = WordHasher()
        switch self {
        case .object(let t, let site): w.combine(1); w.combine(t); w.combine(site)
        case .metatype(let t): w.combine(2); w.combine(t)
        case .enumCase(let t, let c): w.combine(3); w.combine(t); w.combine(c)
        case .closure(let id): w.combine(4); w.combine(id)
        case .string(let s): w.combine(5); w.combine(s)
        case .storyboard(let s): w.combine(6); w.combine(s)
        case .tuple(let labels, let parts):
            w.combine(7)
            for l in labels { w.combine(l) }
            for p in parts { w.combine(word: p.wordHash) }
        }
        return w.value
    }

    var isEnumCase: Bool { if case .enumCase = self { return true } else { return false } }
    var isClosure: Bool { if case .closure = self { return true } else { return false } }
}

/// The node on whose behalf code runs (a coordinator's method, a screen's action, the app delegate).
public struct Owner: WordHashed, Sendable {
    public var kind: NodeKind
    public var name: String
    public var id: String { Node.id(kind, name) }

    public var wordHash: UInt64 {
        var w = WordHasher()
        w.combine(kind.rawValue)
        w.combine(name)
        return w.value
    }
}

struct CapturedClosure {
    var closure: Closure
    var frame: Frame
}

/// Who runs code and under what: what a call's effects depend on besides its arguments and the state
/// rounds share. One value serves as a frame's context and as the memo key of a call (`FunctionCallKey`)
/// and, without its route, of a dead switch arm (`DeadArmContext`): the three cannot disagree on it.
struct CallContext: WordHashed {
    var selfType: String?
    /// Which instance `self` is, for app helper classes (see `Value.object`); 0 otherwise.
    var selfSite = 0
    var isStatic = false
    var owner: Owner?
    /// The route or action this code runs under; edges record it as `via`.
    var via: String?
    var reachable: Bool
    /// For library code and other transparent code (protocol-extension defaults, helper types such as
    /// routers and factories): the app call site that edges are attributed to.
    var site: SourceLocation?
    /// For library code: who runs the app line that called into it (the screen whose view model calls
    /// `trigger`, the delegate calling `setRoot(for:)`), and that line itself, even inside transparent code.
    var siteOwner: Owner?
    var callSite: SourceLocation?

    var wordHash: UInt64 {
        var w = WordHasher()
        w.combine(selfType)
        w.combine(selfSite)
        w.combine(isStatic)
        w.combine(owner?.name)
        w.combine(via)
        w.combine(reachable)
        w.combine(site?.file)
        w.combine(site?.line ?? -1)
        w.combine(siteOwner?.name)
        w.combine(callSite?.file)
        w.combine(callSite?.line ?? -1)
        return w.value
    }
}

/// One activation of a function body or closure: its context, where its code is, and its locals.
/// A dictionary literal bound to a local: its keys and values as written, and the values the binding gave.
struct HandlerTable {
    var keys: [Expr]
    var values: [Expr]
    var bound: Values
}

struct Frame {
    var context: CallContext
    /// The type whose declaration holds the running code (for `super` and nested type lookup).
    var codeOwner: String?
    var file: String
    var origin: DeclOrigin
    var env: Locals<Values> = [:]
    var localTypes: Locals<String> = [:]
    var returnType: String?
    var returns: Values = []
    var depth: Int
    /// The selector of the function whose body runs (closures keep their enclosing function's), so
    /// families can tell a handler forwarding its own message from a new send.
    var function: String? = nil
    /// Locals given a dictionary literal (`let handlers: [Route: () -> Void] = [.a: showA, …]`), with the
    /// values it gave them: a call through one (`handlers[route]?()`) dispatches on the keys.
    var handlerTables: [String: HandlerTable]? = nil

    init(context: CallContext, codeOwner: String?, file: String, origin: DeclOrigin, env: Locals<Values> = [:],
         localTypes: Locals<String> = [:], returnType: String? = nil, depth: Int) {
        self.context = context
        self.codeOwner = codeOwner
        self.file = file
        self.origin = origin
        self.env = env
        self.localTypes = localTypes
        self.returnType = returnType
        self.depth = depth
    }

    init(selfType: String?, selfSite: Int = 0, isStatic: Bool = false, codeOwner: String?, file: String, origin: DeclOrigin,
         env: Locals<Values> = [:], localTypes: Locals<String> = [:], owner: Owner?, via: String? = nil, reachable: Bool,
         site: SourceLocation? = nil, siteOwner: Owner? = nil, callSite: SourceLocation? = nil, returnType: String? = nil, depth: Int) {
        self.init(context: CallContext(selfType: selfType, selfSite: selfSite, isStatic: isStatic, owner: owner, via: via, reachable: reachable,
                                       site: site, siteOwner: siteOwner, callSite: callSite),
                  codeOwner: codeOwner, file: file, origin: origin, env: env, localTypes: localTypes, returnType: returnType, depth: depth)
    }

    var selfType: String? { get { context.selfType } set { context.selfType = newValue } }
    var selfSite: Int { get { context.selfSite } set { context.selfSite = newValue } }
    var isStatic: Bool { get { context.isStatic } set { context.isStatic = newValue } }
    var owner: Owner? { get { context.owner } set { context.owner = newValue } }
    var via: String? { get { context.via } set { context.via = newValue } }
    var reachable: Bool { get { context.reachable } set { context.reachable = newValue } }
    var site: SourceLocation? { get { context.site } set { context.site = newValue } }
    var siteOwner: Owner? { get { context.siteOwner } set { context.siteOwner = newValue } }
    var callSite: SourceLocation? { get { context.callSite } set { context.callSite = newValue } }

    func location(_ line: Int) -> SourceLocation {
        if let site { return site }
        return SourceLocation(file: file, line: line)
    }
}
