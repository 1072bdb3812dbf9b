import Foundation
import NavGraphExtract
import NavGraphKnowledge

/// Which of the app's types code that may run names, by name, in the way of Periphery's reference graph
/// but from syntax: a type is live when a live member names it; a member is live when its type is live
/// and its name is named by live code, or when the system calls it (an override, an attribute such as
/// `@objc` or `@IBAction`, a requirement of a protocol navgraph does not read, an initializer). A switch
/// arm counts only once a case it matches is named outside patterns.
///
/// WHY: "screen X is unreachable" is proof only when no code that may run names X. Where navgraph's own
/// instantiation did not reach a screen that live code names (a closure given to a framework, a view
/// model's output), the screen is unknown, not unreachable.
struct NameLiveness {
    private struct Unit {
        let type: String
        /// The member's name (`""` for the type's declaration: its inherited types and attributes).
        let member: String
        let isRoot: Bool
        var mentions: Set<String> = []
        /// What the unit is when it is no member of a type (a file of another language).
        var label: String?
        /// Switch arms: what they name, and the case names that open them.
        var gated: [(gates: [String], mentions: Set<String>)] = []
        var description: String { label ?? (member.isEmpty ? TypeIndex.simpleName(type) : "\(TypeIndex.simpleName(type)).\(member)") }
    }

    /// For each type made live by a name, the first live member that named it.
    private(set) var namedBy: [String: String] = [:]
    private(set) var live: Set<String> = []
    /// Each name live code mentions (a member, an enum case built as `.name`), with the first live member
    /// that mentions it.
    private(set) var liveNames: [String: String] = [:]
    /// Live members as `Type.member`.
    private(set) var liveMembers: Set<String> = []
    /// Members the system may call (`Type.member`): overrides, `@objc`, requirements of unknown protocols.
    private(set) var rootMembers: Set<String> = []

    /// `storyboardClasses`: the custom classes of storyboard scenes, each with the identifier code must name
    /// (a string literal) to make it, or nil when the storyboard makes it itself (an initial scene, a segue's end).
    /// `foreignNames`: files navgraph does not follow (Objective-C), each with the names it mentions: code
    /// that may run, so what they name is live.
    init(index: TypeIndex, roots: [String], storyboardClasses: [(name: String, identifier: String?)],
         foreignNames: [(file: String, names: Set<String>)] = []) {
        var units: [Unit] = []
        var typesBySimple: [String: [String]] = [:]
        var rootTypes = Set(roots)
        for (name, identifier) in storyboardClasses {
            guard let t = index.resolve(name), index[t]?.origin == .app else { continue }
            if let id = identifier { typesBySimple[id, default: []].append(t) } else { rootTypes.insert(t) }
        }
        // In name order, with names handed on sorted: the first namer kept for each type must not depend
        // on a hash seed.
        for info in index.types.values.sorted(by: { $0.name < $1.name }) where info.origin == .app {
            typesBySimple[TypeIndex.simpleName(info.name), default: []].append(info.name)
            if info.attributes.contains(where: { $0.contains(ObjCAttribute.objc.name) }) { rootTypes.insert(info.name) }
            var declaration = Unit(type: info.name, member: "", isRoot: true)
            for w in info.inherited { NameLiveness.words(in: w, into: &declaration.mentions) }
            units.append(declaration)
            // Members the system may call: those a protocol navgraph does not read requires. A class's first
            // inherited type is its superclass, whose methods the system calls only through overrides.
            // A protocol's requirements run when a conformer's method is named: never roots of their own.
            let unknownProtocols = info.kind != .protocol && info.inherited.enumerated().contains { i, w in
                let r = index.resolve(TypeIndex.baseName(w), from: info.name)
                if let r, index[r]?.origin == .app { return false }
                if i == 0, info.kind == .class { return r.map { index[$0]?.kind == .protocol } ?? false }
                return r.map { index[$0]?.kind != .class } ?? true
            }
            for fn in info.functions where fn.origin == .app {
                let fromExtension = fn.conformances.contains { w in index.resolve(TypeIndex.baseName(w), from: info.name).map { index[$0]?.origin != .app } ?? true }
                let isRoot = fn.decl.name == SwiftKeyword.initializer.name || fn.decl.name == SwiftKeyword.deinitializer.name
                    || fn.decl.isOverride || NameLiveness.systemCalls(fn.decl.attributes, fn.decl.modifiers) || fromExtension
                    || (unknownProtocols && fn.conformances.isEmpty && !NameLiveness.isFilePrivate(fn.decl.modifiers))
                // A property's observers live and die with the property.
                let member = fn.decl.name.hasPrefix(UIKitKnowledge.setterPrefix) ? String(fn.decl.name.dropFirst(UIKitKnowledge.setterPrefix.count)) : fn.decl.name
                var u = Unit(type: info.name, member: member, isRoot: isRoot)
                if isRoot { rootMembers.insert("\(info.name).\(member)") }
                for p in fn.decl.parameters {
                    if let t = p.type { NameLiveness.words(in: t, into: &u.mentions) }
                    p.defaultValue.map { NameLiveness.collect($0, into: &u.mentions) }
                }
                if let r = fn.decl.returnType { NameLiveness.words(in: r, into: &u.mentions) }
                if let body = fn.decl.body { NameLiveness.collect(body, into: &u) }
                units.append(u)
            }
            for p in info.properties.values.sorted(by: { $0.decl.name < $1.decl.name }) where p.origin == .app {
                var u = Unit(type: info.name, member: p.decl.name, isRoot: p.decl.isOverride || unknownProtocols)
                if let t = p.decl.type { NameLiveness.words(in: t, into: &u.mentions) }
                p.decl.initializer.map { NameLiveness.collect($0, into: &u.mentions) }
                if let g = p.decl.getter { NameLiveness.collect(g, into: &u) }
                units.append(u)
            }
        }

        let foreignUnits = units.count..<(units.count + foreignNames.count)
        for f in foreignNames {
            units.append(Unit(type: "", member: "", isRoot: true, mentions: f.names, label: "\((f.file as NSString).lastPathComponent) (Objective-C)"))
        }
        var unitsByType: [String: [Int]] = [:]
        var unitsByMember: [String: [Int]] = [:]
        for (i, u) in units.enumerated() {
            unitsByType[u.type, default: []].append(i)
            unitsByMember[u.member, default: []].append(i)
        }
        var liveNames = Set<String>()
        var liveUnits = Set<Int>()
        var pending: [String: [Set<String>]] = [:]
        var work: [(name: String, from: Int?)] = []
        var liveTypes = Set<String>()
        var namedBy: [String: String] = [:]

        func markType(_ t: String, from: Int?) {
            guard liveTypes.insert(t).inserted else { return }
            if let from { namedBy[t] = units[from].description }
            for u in unitsByType[t] ?? [] where units[u].isRoot || liveNames.contains(units[u].member) { markUnit(u) }
        }
        func markUnit(_ u: Int) {
            guard liveUnits.insert(u).inserted else { return }
            for n in units[u].mentions.sorted().reversed() { work.append((n, u)) }
            for g in units[u].gated {
                if g.gates.contains(where: liveNames.contains) { for n in g.mentions.sorted().reversed() { work.append((n, u)) } } else {
                    for gate in g.gates { pending[gate, default: []].append(g.mentions) }
                }
            }
        }
        for t in rootTypes.sorted() { markType(t, from: nil) }
        for u in foreignUnits { markUnit(u) }
        // Cases of an enum whose values are made without naming them (`Tab(rawValue: i)`, decoding) open
        // the switch arms that match them.
        for info in index.types.values.sorted(by: { $0.name < $1.name }) where info.origin == .app && info.kind == .enum
            && index.caseMaker(of: info.name) != nil {
            for c in info.cases.reversed() { work.append((c.name, nil)) }
        }
        var namers: [String: String] = [:]
        while let (n, from) = work.popLast() {
            guard liveNames.insert(n).inserted else { continue }
            namers[n] = from.map { units[$0].description } ?? "a root of the app"
            for t in typesBySimple[n] ?? [] { markType(t, from: from) }
            for u in unitsByMember[n] ?? [] where liveTypes.contains(units[u].type) { markUnit(u) }
            for block in pending.removeValue(forKey: n) ?? [] { for m in block.sorted().reversed() { work.append((m, from)) } }
        }
        self.live = liveTypes
        self.namedBy = namedBy
        self.liveNames = namers
        self.liveMembers = Set(liveUnits.map { "\(units[$0].type).\(units[$0].member)" })
    }

    /// A private or file-private member: it cannot be a framework protocol's requirement (a witness is at
    /// least as visible as the conformance), so only its file's code calls it.
    static func isFilePrivate(_ modifiers: [String]) -> Bool { modifiers.contains { $0 == "private" || $0 == "fileprivate" } }

    /// Whether a member's attributes let code navgraph does not read call it: Interface Builder, Core
    /// Data, and `@objc` on a member Objective-C can see (a private one is reached only through a
    /// `#selector` the app writes, which names it).
    static func systemCalls(_ attributes: [String], _ modifiers: [String]) -> Bool {
        attributes.contains { a in
            let name = a.hasPrefix("@") ? String(a.dropFirst()) : a
            if name.hasPrefix(ObjCAttribute.objc.name) { return !modifiers.contains { $0.hasPrefix("private") || $0.hasPrefix("fileprivate") } }
            return Heuristics.externallyCalledAttributes.contains(String(name.prefix { $0 != "(" }))
        }
    }

    /// The identifiers of a written type (`[String: FeedCoordinator]?` → `String`, `FeedCoordinator`).
    static func words(in written: String, into names: inout Set<String>) {
        var current = ""
        for c in written.unicodeScalars {
            if c == "_" || (c.properties.isAlphabetic) || (!current.isEmpty && c.properties.numericType != nil) { current.unicodeScalars.append(c) } else if !current.isEmpty {
                names.insert(current); current = ""
            }
        }
        if !current.isEmpty { names.insert(current) }
    }

    static func collect(_ e: Expr, into names: inout Set<String>) {
        switch e {
        case .ref(let n):
            // `UseCase<Alerts, Reader>(…)`: a specialised generic names the type and its arguments.
            if n.utf8.contains(UInt8(ascii: "<")) { words(in: n, into: &names) } else { names.insert(n) }
        case .member(let b, let n, _): names.insert(n); b.map { collect($0, into: &names) }
        case .call(let c, let args, _): collect(c, into: &names); for a in args { collect(a.value, into: &names) }
        case .closure(let c): var u = Unit(type: "", member: "", isRoot: false); collect(c.body, into: &u); names.formUnion(u.mentions); for g in u.gated { names.formUnion(g.mentions) }
        case .literal(let l): names.insert(l)  // a storyboard identifier
        case .array(let xs), .choice(let xs), .other(let xs), .dictionary(_, let xs): for x in xs { collect(x, into: &names) }
        case .tuple(let args): for a in args { collect(a.value, into: &names) }
        case .cast(let x, let t): collect(x, into: &names); words(in: t, into: &names)
        case .subscripted(let b, let args): collect(b, into: &names); for a in args { collect(a.value, into: &names) }
        }
    }

    private static func collect(_ body: [Stmt], into u: inout Unit) {
        for s in body {
            switch s {
            case .expr(let e, _): collect(e, into: &u.mentions)
            case .bind(_, let type, let value, _):
                if let t = type { words(in: t, into: &u.mentions) }
                value.map { collect($0, into: &u.mentions) }
            case .assign(let l, .closure(let c), _):
                // `cell.onTagsTapped = { … }`: the closure runs only where its property is called.
                let property: String?
                switch l {
                case .member(let b, let p, _): property = p; b.map { collect($0, into: &u.mentions) }
                case .ref(let p): property = p
                default: property = nil; collect(l, into: &u.mentions)
                }
                var inner = Unit(type: "", member: "", isRoot: false)
                collect(c.body, into: &inner)
                if let p = property {
                    u.gated.append(([p], inner.mentions))
                    for g in inner.gated { u.gated.append(([p] + g.gates, g.mentions)) }
                } else {
                    u.mentions.formUnion(inner.mentions); u.gated += inner.gated
                }
            case .assign(let l, let r, _): collect(l, into: &u.mentions); collect(r, into: &u.mentions)
            case .ret(let e, _): e.map { collect($0, into: &u.mentions) }
            case .branch(let blocks, _): for b in blocks { collect(b, into: &u) }
            case .matchIf(let e, let p, let b, _):
                collect(e, into: &u.mentions)
                for w in [p.typeName, p.castType].compactMap({ $0 }) { words(in: w, into: &u.mentions) }
                collect(b, into: &u)
            case .switchOn(let e, let cases, _):
                collect(e, into: &u.mentions)
                for c in cases {
                    var arm = Unit(type: "", member: "", isRoot: false)
                    collect(c.body, into: &arm)
                    for p in c.patterns { for w in [p.typeName, p.castType].compactMap({ $0 }) { words(in: w, into: &arm.mentions) } }
                    let gates = c.patterns.compactMap(\.caseName)
                    // `default:`, `case let x as T`, a value pattern: opened whenever the switch runs.
                    if c.isDefault || gates.count < c.patterns.count || gates.isEmpty {
                        u.mentions.formUnion(arm.mentions); u.gated += arm.gated
                    } else {
                        u.gated.append((gates, arm.mentions))
                        for g in arm.gated { u.gated.append((gates + g.gates, g.mentions)) }
                    }
                }
            }
        }
    }
}
