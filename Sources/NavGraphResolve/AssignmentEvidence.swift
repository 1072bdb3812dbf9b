import Foundation
import NavGraphExtract
import NavGraphKnowledge
import NavGraphModel

/// Where the app's code gives a property a value, read from whole bodies (not the sliced ones the
/// interpreter runs). WHY: "`onDone` is never assigned where it is created" is proof only when every
/// assignment that could reach the sender was followed to the objects it assigns; one navgraph could not
/// tie to an object (a screen made by a storyboard's creator closure, a delegate forwarded in a method
/// nothing calls) makes the send unknown, not unhandled.
struct AssignmentSites {
    enum Target {
        /// `onDone = …` or `self.onDone = …` in the code of this type (or its extensions).
        case own(String)
        /// `picker.onDone = …` where the written type of `picker` is this type.
        case typed(String)
        /// `make().onDone = …`: any type.
        case any
    }

    struct Site {
        let target: Target
        let location: SourceLocation
        /// Given where the property is declared (`lazy var exit = { … }`): no statement assigns it.
        let declared: Bool
        /// `self.onDone = onDone` from a parameter written `onDone: (() -> Void)? = nil`.
        var fromNilDefault = false
    }

    private(set) var byName: [String: [Site]] = [:]

    init(_ index: TypeIndex) {
        for info in index.types.values where info.origin == .app {
            for p in info.properties.values where p.origin == .app && !p.decl.isStatic {
                if let i = p.decl.initializer, !AssignmentSites.isNil(i) {
                    byName[p.decl.name, default: []].append(Site(target: .own(p.owner), location: SourceLocation(file: p.file, line: p.decl.line), declared: true))
                }
                p.decl.getter?.forEachStatement { collect($0, owner: p.owner, file: p.file, locals: [:], index) }
            }
            for fn in info.functions where fn.origin == .app && fn.owner == info.name {
                guard let body = fn.decl.body else { continue }
                var locals: [String: String?] = [:]
                for param in fn.decl.parameters { locals[param.name] = .some(param.type) }
                body.forEachStatement { s in
                    if case .bind(let names, let type, let value, _) = s, names.count == 1 {
                        // Typed first: `type ?? …` into a `String??` slot would keep a nil `type`.
                        let made: String? = type ?? value.flatMap { AssignmentSites.madeType($0, from: fn.owner, index) }
                        locals[names[0]] = .some(made)
                    }
                }
                let nilDefaults = Set(fn.decl.parameters.filter { $0.defaultValue.map(AssignmentSites.isNil) ?? false }.map(\.name))
                body.forEachStatement { collect($0, owner: fn.owner, file: fn.file, locals: locals, nilDefaults: nilDefaults, index) }
            }
        }
    }

    private mutating func collect(_ s: Stmt, owner: String, file: String, locals: [String: String?], nilDefaults: Set<String> = [], _ index: TypeIndex) {
        guard case .assign(let lhs, let rhs, let line) = s else { return }
        let target: Target
        let name: String
        switch lhs {
        case .ref(let n):
            guard locals[n] == nil, index.property(on: owner, n) != nil else { return }
            name = n; target = .own(owner)
        case .member(.ref(SwiftName.selfValue.name)?, let n, _):
            name = n; target = .own(owner)
        case .member(let base?, let n, _):
            name = n
            var written: String??
            switch base {
            case .ref(let v): written = locals[v] ?? index.property(on: owner, v).map { $0.decl.type }  // a local first
            case .member(.ref(SwiftName.selfValue.name)?, let v, _): written = index.property(on: owner, v).map { $0.decl.type }
            default: written = nil
            }
            if let w = written.flatMap({ $0 }) {
                // A type navgraph does not read (`DefaultAccountManager` from a package) is no screen of the app.
                guard let r = index.resolve(TypeIndex.baseName(w), from: owner) else { return }
                target = .typed(r)
            } else {
                target = .any
            }
        default:
            return
        }
        var site = Site(target: target, location: SourceLocation(file: file, line: line), declared: false)
        if case .ref(let p) = rhs, nilDefaults.contains(p) { site.fromNilDefault = true }
        byName[name, default: []].append(site)
    }

    /// The type a local's value is written to make: `T(…)`, `T.make(…)` giving `Self` or `T`
    /// (`Storyboarded.instantiate()`), `x as? T`.
    static func madeType(_ e: Expr, from context: String, _ index: TypeIndex) -> String? {
        switch e {
        case .call(.ref(let t), _, _):
            return t
        case .call(.member(.ref(let t)?, let m, _), let args, _):
            guard let r = index.resolve(t, from: context), let fn = index.function(on: r, name: m, labels: args.map(\.label)),
                  let returned = fn.decl.returnType.map(TypeIndex.baseName) else { return nil }
            return returned == SwiftName.selfType.name || index.resolve(returned, from: fn.owner) == r ? r : nil
        case .cast(_, let t):
            return t
        default:
            return nil
        }
    }

    static func isOptional(_ written: String) -> Bool {
        let t = written.trimmingCharacters(in: .whitespaces)
        return t.hasSuffix("?") || t.hasSuffix("!") || t.hasPrefix("Optional<")
    }

    static func isNil(_ e: Expr) -> Bool { if case .literal(let l) = e { return l == SwiftName.nilValue.name } else { return false } }
}

/// What an empty read of a property a send goes through tells.
enum EmptyRead {
    /// It may hold a value navgraph could not follow: no proof either way.
    case unknown(String)
    /// Its creator left out an optional callback its initializer defaults to nil: the API's choice.
    case optedOut(String)
}

/// An assignment the interpreter carried out onto at least one object (or onto `self`).
struct TiedAssignment: Hashable {
    let file: String
    let line: Int
    let name: String
}

extension Interpreter {
    /// Notes that the assignment to `name` at `line` reached an object.
    func tieAssignment(_ name: String, _ f: Frame, line: Int) {
        tiedAssignments.insert(TiedAssignment(file: f.file, line: line, name: name))
    }

    /// `untiedAssignment(_:holder:)` for the property a send's receiver is read from: `delegate`,
    /// `self.delegate` (on the sender), `model.delegate` (on the written type of `model`, any when unknown).
    func untiedAssignment(of base: Expr, _ f: Frame) -> EmptyRead? {
        switch base {
        case .ref(let n):
            guard f.env[n] == nil, let st = f.selfType, index.property(on: st, n) != nil else { return nil }
            return untiedAssignment(n, holder: f.owner?.name ?? st)
        case .member(.ref(SwiftName.selfValue.name)?, let n, _):
            return untiedAssignment(n, holder: f.owner?.name ?? f.selfType)
        case .member(let b?, let n, _):
            return untiedAssignment(n, holder: staticType(b, f).flatMap { index.resolve(TypeIndex.baseName($0), from: f.codeOwner) })
        default:
            return nil
        }
    }

    /// Why a property the sender reads empty may hold a value all the same: an assignment to it that
    /// could reach a `holder` (nil: any type) and that navgraph did not tie to an object, or a value given
    /// where it is declared. Nil when every such assignment was followed.
    func untiedAssignment(_ name: String, holder: String?) -> EmptyRead? {
        func related(_ t: String) -> Bool {
            guard let h = holder else { return true }
            return t == h || index.isSubtype(h, of: t) || index.isSubtype(t, of: h)
        }
        // Swift gives a non-optional stored property a value before the object exists: an empty read of
        // one is a value navgraph could not follow (`ServiceLocator.noticePresenter`, a creator's closure).
        if let h = holder, let p = index.property(on: h, name), p.origin == .app, !p.decl.isWeak,
           let written = p.decl.type, !AssignmentSites.isOptional(written) {
            return .unknown("`\(name)` is a non-optional property (\(p.file):\(p.decl.line)): it holds a value navgraph could not follow")
        }
        let sites = (assignmentSites.byName[name] ?? []).filter { s in
            switch s.target {
            case .own(let t), .typed(let t): return related(t)
            case .any: return true
            }
        }
        let untied = sites.filter { $0.declared || !tiedAssignments.contains(TiedAssignment(file: $0.location.file, line: $0.location.line, name: name)) }
        guard let first = untied.min(by: { $0.location < $1.location }) else {
            guard let optional = sites.filter(\.fromNilDefault).min(by: { $0.location < $1.location }) else { return nil }
            return .optedOut("`\(name)` comes from a parameter whose default is nil (\(optional.location.file):\(optional.location.line)): its creator chose no callback")
        }
        let place = "\(first.location.file):\(first.location.line)"
        return .unknown(first.declared ? "`\(name)` is given a value where it is declared (\(place)), which navgraph could not follow"
            : "`\(name)` is assigned at \(place), which navgraph could not tie to the object that sends it")
    }
}
