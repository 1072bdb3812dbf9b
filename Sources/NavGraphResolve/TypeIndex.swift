import NavGraphExtract
import NavGraphKnowledge
import NavGraphModel

/// Where a declaration came from: the analyzed app, or navgraph's built-in knowledge of a framework.
public enum DeclOrigin: Sendable { case app, library }

/// A class: it is copied into every frame, memo key and lookup result, and a reference is one retain.
public final class FunctionRef: @unchecked Sendable {
    public let decl: FunctionDecl
    /// The type (or extended type) that declares it.
    public let owner: String
    public let file: String
    public let origin: DeclOrigin
    /// `name(label:_:)`, kept since hot paths ask for it on every call.
    public let selector: String
    /// Parameter types after the selector: overloads differing only by parameter type are different functions.
    public let signature: String
    /// The same for every function of an owner with one signature (so the first declaration stands for
    /// repeats): identifies the function in memo keys without building strings.
    public let memoID: Int
    /// The body the interpreter runs: the statements that can navigate (see `RelevanceSlicer`); the whole
    /// body until the slicer ran. Set once, before the interpreter runs.
    @exclusivity(unchecked) var runBody: [Stmt]?
    /// The protocols the extension declaring it adds (`extension RoomFlow: ChatScreenDelegate`); empty
    /// for a function of the type's own declaration.
    public let conformances: [String]
    /// What the interpreter runs of the body (see `runBody`).
    public var interpretedBody: [Stmt]? { runBody }
    public var location: SourceLocation { SourceLocation(file: file, line: decl.line) }

    /// Selector plus parameter types.
    static func signature(of decl: FunctionDecl, selector: String) -> String {
        guard !decl.parameters.isEmpty else { return selector }
        var count = selector.utf8.count + decl.parameters.count - 1
        for p in decl.parameters { count += p.type?.utf8.count ?? 0 }
        return String.assembled(utf8Count: count) { w in
            w.append(selector)
            for (i, p) in decl.parameters.enumerated() {
                if i > 0 { w.append(UInt8(ascii: ",")) }
                if let t = p.type { w.append(t) }
            }
        }
    }

    init(decl: FunctionDecl, owner: String, file: String, origin: DeclOrigin, selector: String, signature: String, memoID id: Int,
         conformances: [String] = []) {
        self.decl = decl
        self.conformances = conformances
        self.owner = owner
        self.file = file
        self.origin = origin
        self.selector = selector
        self.signature = signature
        self.memoID = id
        self.runBody = decl.body
    }
}

/// A class, like `FunctionRef`: lookups return it and caches hold it by reference, not as a copy of the
/// whole declaration (initializer and getter included).
public final class PropertyRef: Sendable {
    public let decl: PropertyDecl
    public let owner: String
    public let file: String
    public let origin: DeclOrigin

    init(decl: PropertyDecl, owner: String, file: String, origin: DeclOrigin) {
        self.decl = decl
        self.owner = owner
        self.file = file
        self.origin = origin
    }
}

public final class TypeInfo {
    public let name: String
    @exclusivity(unchecked) public internal(set) var kind: DeclKind = .extension
    @exclusivity(unchecked) public internal(set) var inherited: [String] = []
    @exclusivity(unchecked) public internal(set) var genericParameters: [String] = []
    @exclusivity(unchecked) public internal(set) var attributes: [String] = []
    @exclusivity(unchecked) public internal(set) var cases: [EnumCase] = [] {
        didSet { caseIndex = [:]; for (i, c) in cases.enumerated() where caseIndex[c.name] == nil { caseIndex[c.name] = i } }
    }
    /// Each case name's first position in `cases`. WHY: a route switch looks up every arm's case on every
    /// run, and a scan made that quadratic in the enum's size.
    @exclusivity(unchecked) private(set) var caseIndex: NameMap<Int> = [:]
    @exclusivity(unchecked) public internal(set) var functions: [FunctionRef] = []
    @exclusivity(unchecked) public internal(set) var properties: NameMap<PropertyRef> = [:]
    @exclusivity(unchecked) public internal(set) var typealiases: [String: String] = [:]
    @exclusivity(unchecked) public internal(set) var location: SourceLocation?
    @exclusivity(unchecked) public internal(set) var origin: DeclOrigin = .library
    /// Every file that declares (not extends) a type with this name; more than one is an ambiguity.
    @exclusivity(unchecked) public internal(set) var declaringFiles: [String] = []
    @exclusivity(unchecked) var functionsByName: NameMap<[FunctionRef]> = [:]

    init(name: String) { self.name = name }

    public var isDeclared: Bool { kind != .extension }
}

/// All types of the app (and of the frameworks navgraph knows), with lookups that resolve typealiases,
/// nested names, generics, superclasses, protocol conformances and protocol-extension defaults.
///
/// Its stored properties, `TypeInfo`'s and `FunctionRef.runBody` are `@exclusivity(unchecked)`, as the
/// interpreter's are (see `Interpreter`): instantiation reads them on every call. Threads share the index
/// only to read `types` (see `Resolver.resolve`); the checks never covered threads anyway.
public final class TypeIndex {
    @exclusivity(unchecked) public private(set) var types: NameMap<TypeInfo> = [:]
    @exclusivity(unchecked) public private(set) var imports: Set<String> = []
    @exclusivity(unchecked) public private(set) var globalTypealiases: [String: String] = [:]
    /// Names declared in more than one file and merged (nested types of one outer type).
    @exclusivity(unchecked) public private(set) var ambiguities: [(name: String, files: [String])] = []
    /// Top-level names declared in more than one app file, with the key each declaration is kept under.
    @exclusivity(unchecked) public private(set) var sameNameTypes: [(name: String, keys: [String], files: [String])] = []
    /// Plain name → the keys of its same-name declarations (the first keeps the plain name), and each key's file.
    @exclusivity(unchecked) private var twins: [String: [String]] = [:]
    @exclusivity(unchecked) private var twinFile: [String: String] = [:]
    @exclusivity(unchecked) private var twinKeyByFile: [String: [String: String]] = [:]
    @exclusivity(unchecked) private var bySimpleName: NameMap<[String]> = [:]
    @exclusivity(unchecked) private var supertypeCache: NameMap<[String]> = [:]
    /// Types with more than `cachedChainLength` supertypes (see `supertypes`).
    @exclusivity(unchecked) private var longChains: Set<String> = []
    @exclusivity(unchecked) private var directSupertypeCache: NameMap<[String]> = [:]
    @exclusivity(unchecked) private var resolveCache: WordMap<NamePair, String?> = [:]
    /// Names no scope can change (see `resolve`), resolved once: keyed by the written name alone.
    @exclusivity(unchecked) private var contextFreeCache: NameMap<String?> = [:]
    @exclusivity(unchecked) private var scopedNames: Set<String> = []
    @exclusivity(unchecked) private var indexBuilt = false
    @exclusivity(unchecked) private var propertyCache: WordMap<NamePair, PropertyRef?> = [:]
    @exclusivity(unchecked) private var functionCache: WordMap<FunctionLookup, FunctionRef?> = [:]
    @exclusivity(unchecked) private var conformersByBase: [String: Set<String>] = [:]
    @exclusivity(unchecked) private var directSubtypes: [String: [String]]?
    /// `chainContains`'s answers per question, and `isSubtype(_:ofAny:)`'s per set of bases.
    @exclusivity(unchecked) private var chainMemo: [String: NameMap<Bool>] = [:]
    @exclusivity(unchecked) private var anyMemo: [Set<String>: NameMap<Bool>] = [:]
    /// Supertypes visited by the hierarchy's walks (`supertypes`, `chainContains`, `conformers`) and enum
    /// cases looked up: what `LinearCostTests` count, as the interpreter's `evaluationSteps` count statements.
    @exclusivity(unchecked) public internal(set) var indexSteps = 0
    @exclusivity(unchecked) private var functionIDs: NameMap<Int> = [:]
    /// For each name of a typealias declared in a type, whether the aliases of that name are function
    /// types (`[true]`: all are). WHY: a property's written type is read where it is assigned, outside
    /// the type declaring the alias (`screen.actionHandler = handle`, `ActionHandler` nested in the screen).
    @exclusivity(unchecked) private var nestedFunctionAliases: [String: Set<Bool>] = [:]

    public init(app: [FileFacts], library: [FileFacts]) {
        for f in library { add(f, origin: .library) }
        keepSameNameTypesApart(app)
        for f in app {
            imports.formUnion(f.imports)
            add(f, origin: .app)
        }
        addUnseenViewControllerBases()
        for (name, info) in types where info.declaringFiles.count > 1 {
            ambiguities.append((name, info.declaringFiles.sorted()))
        }
        ambiguities.sort { $0.name < $1.name }
        // Names a scope can change the meaning of: nested types' last components and typealiases declared
        // in types. Any other name resolves the same from every context (see `resolve`).
        for (name, info) in types {
            if let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")) { scopedNames.insert(String(name[name.index(after: dot)...])) }
            for (alias, aliased) in info.typealiases {
                scopedNames.insert(alias)
                nestedFunctionAliases[alias, default: []].insert(TypeIndex.isFunctionType(aliased))
            }
        }
        // Sized for what instantiation asks (some three property and function lookups per type in the
        // synthetic apps). WHY: growing a cache rehashes every key's strings; these grew a dozen times.
        propertyCache.reserveCapacity(4 * types.count)
        functionCache.reserveCapacity(3 * types.count)
        indexBuilt = true
    }

    /// Superclasses no Swift file declares (Objective-C, a binary framework) that are named like view
    /// controllers get a stand-in inheriting `UIViewController`, so that their Swift subclasses are screens
    /// (see `Heuristics.isViewControllerName`).
    private func addUnseenViewControllerBases() {
        var unseen = Set<String>()
        for info in types.values where info.origin == .app && info.kind == .class {
            guard let first = info.inherited.first else { continue }
            let base = TypeIndex.baseName(first)
            if types[base] == nil, Heuristics.isViewControllerName(base) { unseen.insert(base) }
        }
        for base in unseen {
            let stub = info(base)
            stub.kind = .class
            stub.origin = .library
            stub.inherited = [UIKitType.viewController.name]
        }
    }

    private func add(_ facts: FileFacts, origin: DeclOrigin) {
        for decl in facts.types {
            if decl.name.isEmpty {
                globalTypealiases.merge(decl.typealiases) { a, _ in a }
                if !decl.functions.isEmpty { merge(decl, into: info(""), file: facts.path, origin: origin) }
                continue
            }
            let written = origin == .app ? keyed(decl.name, file: facts.path) : decl.name
            let name = decl.kind == .extension ? (resolveDeclaredName(written) ?? written) : written
            merge(decl, into: info(name), file: facts.path, origin: origin)
        }
    }

    // MARK: - Same-name types

    /// Two app files that declare the same top-level type are two modules (or a stale copy): one app
    /// target cannot compile both. WHY not merge them: merging mixes their members, so the graph would
    /// show one screen doing what two do. The first declaration (by path) keeps the plain name, each other
    /// one is keyed `Folder/Name` by the folder that tells it apart, and every reference resolves to the
    /// declaration nearest to the referring code's folder (extensions too).
    private func keepSameNameTypesApart(_ app: [FileFacts]) {
        var declarers: [String: [String]] = [:]
        for f in app {
            for d in f.types where d.kind != .extension && !d.name.isEmpty && !d.name.utf8.contains(UInt8(ascii: ".")) {
                if declarers[d.name]?.contains(f.path) != true { declarers[d.name, default: []].append(f.path) }
            }
        }
        for (name, files) in declarers.sorted(by: { $0.key < $1.key }) where files.count > 1 {
            let folders = files.map { $0.split(separator: "/").dropLast().map(String.init) }
            var common = 0
            while folders.allSatisfy({ $0.count > common && $0[common] == folders[0][common] }) { common += 1 }
            var keys: [String] = []
            var used = Set<String>()
            for (i, file) in files.enumerated() {
                var key = name
                if i > 0 {
                    var q = folders[i].dropFirst(common).joined(separator: "/")
                    if q.isEmpty || used.contains(q) {
                        q = file.split(separator: "/").dropFirst(common).joined(separator: "/")
                        if q.hasSuffix(".swift") { q = String(q.dropLast(6)) }
                    }
                    used.insert(q)
                    key = q.replacingOccurrences(of: ".", with: "_") + "/" + name
                }
                keys.append(key)
                twinFile[key] = file
                twinKeyByFile[name, default: [:]][file] = key
            }
            twins[name] = keys
            sameNameTypes.append((name, keys, files))
        }
    }

    /// The key a name written in `file` has: its own declaration's, else the nearest same-name declaration's.
    private func keyed(_ written: String, file: String) -> String {
        let top = TypeIndex.firstPart(written)
        guard let keys = twins[String(top)] else { return written }
        let key = twinKeyByFile[String(top)]?[file] ?? nearest(keys, to: file)
        return key + written[top.endIndex...]
    }

    /// The same-name declaration whose file shares the longest folder prefix with `file` (ties: the first).
    private func nearest(_ keys: [String], to file: String, excluding: String? = nil) -> String {
        let from = file.split(separator: "/").dropLast()
        var best = keys[0], bestScore = -1
        for k in keys where k != excluding {
            let other = (twinFile[k] ?? "").split(separator: "/").dropLast()
            var score = 0
            while score < from.count && score < other.count && from[from.startIndex + score] == other[other.startIndex + score] { score += 1 }
            if score > bestScore { best = k; bestScore = score }
        }
        return best
    }

    /// `base` (a plain name, possibly `Outer.Inner`) as seen from code in `context`, when it has same-name twins.
    /// `excluding` the context itself: `class LoginViewController: LoginViewController` subclasses the other one.
    private func twinSeen(_ base: String, from context: String?, excludingContext: Bool = false) -> String? {
        let top = TypeIndex.firstPart(base)
        guard let keys = twins[String(top)], let c = context, let file = types[c]?.location?.file else { return nil }
        let key = nearest(keys, to: file, excluding: excludingContext ? c : nil) + base[top.endIndex...]
        return types[key] != nil ? key : nil
    }

    /// The type a dotted name is declared in: `Cart.Page` → `Cart`; nil for a top-level name.
    public static func enclosingName(_ name: String) -> String? {
        name.utf8.lastIndex(of: UInt8(ascii: ".")).map { String(name[..<$0]) }
    }

    /// The name up to its first `.` (all of it when there is none), found by UTF-8 bytes: `.` is ASCII, so
    /// the index next to it is a character boundary. WHY: `prefix { $0 != "." }` walks Characters (grapheme
    /// breaking), which made each first resolution of a name cost some 10,000 instructions.
    static func firstPart(_ name: String) -> Substring {
        name[..<(name.utf8.firstIndex(of: UInt8(ascii: ".")) ?? name.endIndex)]
    }

    /// The type name without its enclosing types and same-name qualifier: `Onboarding/Login.Page` → `Page`
    /// (the last non-empty part after a `.`, then of that the last after a `/`).
    public static func simpleName(_ key: String) -> String {
        let last = lastPart(key[...], UInt8(ascii: ".")) ?? key[...]
        return String(lastPart(last, UInt8(ascii: "/")) ?? last)
    }

    /// `s.split(separator:).last` without building the parts: the separators are ASCII, so a UTF-8 index
    /// next to one is a character boundary.
    static func lastPart(_ s: Substring, _ separator: UInt8) -> Substring? {
        let bytes = s.utf8
        var end = bytes.endIndex
        while end > bytes.startIndex, bytes[bytes.index(before: end)] == separator { end = bytes.index(before: end) }
        guard end > bytes.startIndex else { return nil }
        var start = end
        while start > bytes.startIndex, bytes[bytes.index(before: start)] != separator { start = bytes.index(before: start) }
        return s[start..<end]
    }

    private func info(_ name: String) -> TypeInfo {
        if let t = types[name] { return t }
        let t = TypeInfo(name: name)
        types[name] = t
        bySimpleName[String(TypeIndex.lastPart(name[...], UInt8(ascii: ".")) ?? Substring(name)), default: []].append(name)
        return t
    }

    private func merge(_ decl: TypeDecl, into t: TypeInfo, file: String, origin: DeclOrigin) {
        if decl.kind != .extension {
            // An app declaration replaces navgraph's built-in one (a vendored library wins).
            if origin == .app && t.origin == .library && t.isDeclared {
                t.functions.removeAll { $0.origin == .library }
                t.properties = t.properties.filter { $0.value.origin != .library }
                t.functionsByName = [:]
                for f in t.functions { t.functionsByName[f.decl.name, default: []].append(f) }
                t.inherited = []
                t.cases = []
                t.declaringFiles = []
            }
            if origin == .app { t.declaringFiles.append(file) }
            // The declaration is the type's location, even when an extension was indexed first.
            if t.location == nil || !t.isDeclared || origin == .app && t.origin == .library {
                t.location = SourceLocation(file: file, line: decl.line)
            }
            t.kind = decl.kind
            t.origin = origin
            t.genericParameters = decl.genericParameters
            t.cases.append(contentsOf: decl.cases)
        } else if t.location == nil {
            t.location = SourceLocation(file: file, line: decl.line)
            t.origin = origin
        }
        for i in decl.inherited where !t.inherited.contains(i) { t.inherited.append(i) }
        t.attributes.append(contentsOf: decl.attributes)
        t.typealiases.merge(decl.typealiases) { a, _ in a }
        for fn in decl.functions {
            // The selector and signature are built once here (91,000 functions at a million lines).
            let selector = fn.selector
            let signature = FunctionRef.signature(of: fn, selector: selector)
            let signatureKey = String.qualified(t.name, signature)
            let memoID: Int
            if let id = functionIDs[signatureKey] { memoID = id } else { memoID = functionIDs.count; functionIDs[signatureKey] = memoID }
            let ref = FunctionRef(decl: fn, owner: t.name, file: file, origin: origin, selector: selector, signature: signature, memoID: memoID,
                                  conformances: decl.kind == .extension ? decl.inherited : [])
            t.functions.append(ref)
            t.functionsByName[fn.name, default: []].append(ref)
        }
        for p in decl.properties where t.properties[p.name] == nil || origin == .app {
            t.properties[p.name] = PropertyRef(decl: p, owner: t.name, file: file, origin: origin)
        }
    }

    // MARK: - Names

    /// The declared name an extension refers to (`extension Outer.Inner`, `extension Foo` for nested Foo).
    private func resolveDeclaredName(_ written: String) -> String? {
        if types[written] != nil { return written }
        return nil
    }

    /// Strips optionality, `weak`, `any`/`some`, `.Type`, and generic arguments: `StrongRouter<AppRoute>?` → `StrongRouter`.
    public static func baseName(_ type: String) -> String {
        // Most names are already plain (`CartCoordinator`): say so without building substrings.
        if isPlainName(type) { return type }
        var bytes = type  // `withUTF8` makes a bridged string contiguous first; a native one is used as it is
        return bytes.withUTF8 { b in
            let r = baseBounds(b, 0, b.count)
            return r == 0..<b.count ? type : String(decoding: UnsafeBufferPointer(rebasing: b[r]), as: UTF8.self)
        }
    }

    /// The bytes of `b[lo..<hi]` that `baseName` keeps: without trailing `?`/`!`, a leading `any `, `some `
    /// (twice), one pair of parentheses around a type that is neither a function nor a tuple, generic
    /// arguments and `.Type`, in that order. By bytes, since each of these is ASCII. WHY: the same steps on
    /// Characters (grapheme breaking) cost some 1,000 instructions a name, and a resolution asks for
    /// hundreds of thousands of names.
    private static func baseBounds(_ b: UnsafeBufferPointer<UInt8>, _ lo: Int, _ hi: Int) -> Range<Int> {
        var lo = lo, hi = hi
        func has(_ text: StaticString, at i: Int) -> Bool {
            let n = text.utf8CodeUnitCount
            guard i >= lo, hi - i >= n else { return false }
            for k in 0..<n where b[i + k] != text.utf8Start[k] { return false }
            return true
        }
        while hi > lo, b[hi - 1] == UInt8(ascii: "?") || b[hi - 1] == UInt8(ascii: "!") { hi -= 1 }
        if has("any ", at: lo) { lo += 4 }
        if has("some ", at: lo) { lo += 5 }
        if has("some ", at: lo) { lo += 5 }
        if hi > lo, b[lo] == UInt8(ascii: "("), b[hi - 1] == UInt8(ascii: ")") {
            var arrowOrComma = false
            for i in lo..<hi where b[i] == UInt8(ascii: ",") || (b[i] == UInt8(ascii: ">") && i > lo && b[i - 1] == UInt8(ascii: "-")) {
                arrowOrComma = true
                break
            }
            if !arrowOrComma { lo += 1; hi -= 1 }
        }
        if let lt = (lo..<hi).first(where: { b[$0] == UInt8(ascii: "<") }) { hi = lt }
        if hi - lo >= 5, has(".Type", at: hi - 5) { hi -= 5 }
        return lo..<hi
    }

    /// Letters, digits, `_` and `.` only, not ending in `.Type`: `baseName` returns such a name unchanged.
    static func isPlainName(_ type: String) -> Bool {
        var plain = true
        type.utf8.withContiguousStorageIfAvailable { bytes in
            for b in bytes {
                switch b {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                     UInt8(ascii: "_"), UInt8(ascii: "."): continue
                default: plain = false; return
                }
            }
        } ?? { plain = false }()
        return plain && !type.hasSuffix(".Type") && !type.isEmpty
    }

    /// Generic arguments as written: `NavigationCoordinator<CartRoute>` → `["CartRoute"]`.
    public static func genericArguments(_ type: String) -> [String] {
        guard let lt = type.firstIndex(of: "<"), let gt = type.lastIndex(of: ">"), lt < gt else { return [] }
        var args: [String] = []
        var depth = 0
        var current = ""
        for ch in type[type.index(after: lt)..<gt] {
            if ch == "<" || ch == "(" || ch == "[" { depth += 1 }
            if ch == ">" || ch == ")" || ch == "]" { depth -= 1 }
            if ch == "," && depth == 0 { args.append(current); current = ""; continue }
            current.append(ch)
        }
        if !current.isEmpty { args.append(current) }
        return args
    }

    /// Components of a protocol composition `(A & B)?` → `[A, B]`; a plain type gives itself.
    public static func components(_ type: String) -> [String] {
        if isPlainName(type) { return [type] }
        var bytes = type  // see `baseName`
        return bytes.withUTF8 { b in
            var lo = 0, hi = b.count
            while hi > lo, b[hi - 1] == UInt8(ascii: "?") || b[hi - 1] == UInt8(ascii: "!") { hi -= 1 }
            if hi > lo, b[lo] == UInt8(ascii: "("), b[hi - 1] == UInt8(ascii: ")") { lo += 1; hi -= 1 }
            // Split at `&`, empty parts omitted; each part is what `baseName` makes of it.
            var parts: [String] = []
            var start = lo
            for i in lo...hi where i == hi || b[i] == UInt8(ascii: "&") {
                if i > start { parts.append(String(decoding: UnsafeBufferPointer(rebasing: b[baseBounds(b, start, i)]), as: UTF8.self)) }
                start = i + 1
            }
            return parts
        }
    }

    /// Is the type an array (`[X]`), and of what.
    public static func arrayElement(_ type: String) -> String? {
        // Byte scan: `Substring.last` and Foundation's `contains` were most of the cost of this hot helper.
        guard type.utf8.last(where: { $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "!") }) == UInt8(ascii: "]") else { return nil }
        let bytes = Array(type.utf8)
        var end = bytes.count
        while end > 0, bytes[end - 1] == UInt8(ascii: "?") || bytes[end - 1] == UInt8(ascii: "!") { end -= 1 }
        guard end >= 2, bytes[0] == UInt8(ascii: "["), bytes[end - 1] == UInt8(ascii: "]"),
              !bytes[0..<end].contains(UInt8(ascii: ":")) else { return nil }
        return String(decoding: bytes[1..<(end - 1)], as: UTF8.self)
    }

    /// Whether a written type has an arrow (byte scan: Foundation's `contains` bridges to NSString).
    public static func isFunctionType(_ type: String) -> Bool {
        var previous: UInt8 = 0
        for b in type.utf8 {
            if b == UInt8(ascii: ">") && previous == UInt8(ascii: "-") { return true }
            previous = b
        }
        return false
    }

    /// Whether a written type is a function type, also through typealiases (`var onAction: ActionHandler?`
    /// with `typealias ActionHandler = (Action) -> Void`), looked up from `context` outwards.
    public func isFunctionType(_ written: String, from context: String?) -> Bool {
        var t = written
        // A few steps: an alias of an alias is rare, and a cycle must end.
        for _ in 0..<4 {
            if TypeIndex.isFunctionType(t) { return true }
            guard let aliased = aliasedType(t, from: context) else {
                // An alias nested in another type, when every alias of that name is a function type.
                return nestedFunctionAliases[TypeIndex.baseName(String(TypeIndex.withoutAttributes(t)))] == [true]
            }
            t = aliased
        }
        return false
    }

    /// A written type without its leading attributes (`@escaping`, `@Sendable`, …).
    static func withoutAttributes(_ written: String) -> Substring {
        var t = Substring(written).drop { $0 == " " }
        while t.first == "@", let a = SwiftTypeAttribute.allCases.first(where: { t.hasPrefix($0.name) }) {
            t = t.dropFirst(a.name.count).drop { $0 == " " }
        }
        return t
    }

    /// What a typealias a written type names stands for, nil when it names none.
    func aliasedType(_ written: String, from context: String?) -> String? {
        var name = TypeIndex.withoutAttributes(written)
        while let last = name.last, last == "?" || last == "!" || last == " " { name.removeLast() }
        while name.first == "(", name.last == ")" { name = name.dropFirst().dropLast() }
        let key = String(name)
        var scope = context
        while let s = scope, !s.isEmpty {
            if let a = types[s]?.typealiases[key] { return a }
            scope = TypeIndex.enclosingName(s)
        }
        return globalTypealiases[key]
    }

    /// The element labels of a tuple type (`(configurator:Coordinator,toPresent:Presentable?)` →
    /// `["configurator", "toPresent"]`, nil for unlabelled elements); nil when the type is not a tuple.
    public static func tupleLabels(_ type: String) -> [String?]? {
        // Most types are not tuples: a byte tells, before `Character`s are walked.
        guard type.utf8.first == UInt8(ascii: "(") else { return nil }
        var t = Substring(type)
        while let last = t.last, last == "?" || last == "!" { t = t.dropLast() }
        guard t.hasPrefix("("), t.hasSuffix(")"), !isFunctionType(String(t)) else { return nil }
        var elements: [String] = []
        var depth = 0
        var current = ""
        for ch in t.dropFirst().dropLast() {
            if ch == "<" || ch == "(" || ch == "[" { depth += 1 }
            if ch == ">" || ch == ")" || ch == "]" { depth -= 1 }
            if ch == "," && depth == 0 { elements.append(current); current = ""; continue }
            current.append(ch)
        }
        elements.append(current)
        guard elements.count > 1 else { return nil }
        return elements.map { e in
            guard let colon = e.firstIndex(of: ":") else { return nil }
            let label = String(e[..<colon]).filter { !$0.isWhitespace }
            return label.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } && !label.isEmpty ? label : nil
        }
    }

    /// Resolves a written type name to an indexed type, looking through typealiases and enclosing scopes.
    public func resolve(_ written: String, from context: String? = nil) -> String? {
        if indexBuilt, context != nil, let cached = contextFreeCache[written] { return cached }
        // Resolution is asked for the same names from the same places over and over: cache it.
        let key = NamePair(context ?? "", written)
        if let cached = resolveCache[key] { return cached }
        let base = TypeIndex.baseName(written)
        // A name no scope can change and no same-name twin depends on: resolved once for every context,
        // and cached by itself. WHY: a million lines ask it from tens of thousands of contexts; cached per
        // context, it missed each time and grew the cache by a pair per context.
        if indexBuilt, context != nil, !base.isEmpty, !scopedNames.contains(String(TypeIndex.lastPart(base[...], UInt8(ascii: ".")) ?? "")),
           twins[String(TypeIndex.firstPart(base))] == nil {
            let result = resolve(written, from: nil)
            contextFreeCache[written] = result
            return result
        }
        var seen = Set<String>()
        let result = base.isEmpty ? nil : resolveBase(base, from: context, seen: &seen)
        resolveCache[key] = result
        return result
    }

    private func resolveBase(_ base: String, from context: String?, seen: inout Set<String>) -> String? {
        guard seen.insert(base).inserted else { return nil }
        // Nested lookup: `Page` inside `CartCoordinator` is `CartCoordinator.Page`.
        var scope = context
        while let s = scope, !s.isEmpty {
            if let t = types[s], let alias = t.typealiases[base], alias != base {
                return resolveBase(TypeIndex.baseName(alias), from: s, seen: &seen) ?? TypeIndex.baseName(alias)
            }
            let nested = String.qualified(s, base)
            if types[nested]?.isDeclared == true { return nested }
            // Nested types of superclasses are visible too.
            for sup in directSupertypes(s) {
                let inherited = String.qualified(sup, base)
                if types[inherited]?.isDeclared == true { return inherited }
            }
            scope = TypeIndex.enclosingName(s)
        }
        if let twin = twinSeen(base, from: context) { return twin }
        if let t = types[base], t.isDeclared || !t.functions.isEmpty || !t.inherited.isEmpty { return base }
        if let alias = globalTypealiases[base] {
            return resolveBase(TypeIndex.baseName(alias), from: nil, seen: &seen) ?? TypeIndex.baseName(alias)
        }
        if let candidates = bySimpleName[base], candidates.count == 1 { return candidates[0] }
        if types[base] != nil { return base }
        return nil
    }

    public subscript(_ name: String) -> TypeInfo? { types[name] }

    // MARK: - Hierarchy

    /// Superclass and protocols named in the declaration and its extensions, resolved when known.
    public func directSupertypes(_ name: String) -> [String] {
        if let cached = directSupertypeCache[name] { return cached }
        guard let t = types[name] else { return [] }
        let result = t.inherited.map { resolveInheritance($0, of: name) }
        directSupertypeCache[name] = result
        return result
    }

    private func resolveInheritance(_ written: String, of owner: String) -> String {
        let base = TypeIndex.baseName(written)
        if let t = types[owner], let alias = t.typealiases[base] { return TypeIndex.baseName(alias) }
        let outer = TypeIndex.enclosingName(owner)
        // A sibling of the same name is meant, but never the type itself: in `extension Application.Responder:
        // Responder`, `Responder` is the outer protocol (a type cannot inherit from itself).
        if let o = outer, types["\(o).\(base)"]?.isDeclared == true, "\(o).\(base)" != owner { return "\(o).\(base)" }
        if let alias = globalTypealiases[base] { return TypeIndex.baseName(alias) }
        if let twin = twinSeen(base, from: owner, excludingContext: true) { return twin }
        return base
    }

    /// The written inheritance entry (with generic arguments) that names `base`, searched up the chain.
    public func inheritedGenericArguments(_ name: String, base: String) -> [String] {
        var seen = Set<String>()
        var queue = [name]
        while let n = queue.popLast() {
            guard seen.insert(n).inserted, let t = types[n] else { continue }
            for written in t.inherited where TypeIndex.baseName(written) == base { return TypeIndex.genericArguments(written) }
            queue.append(contentsOf: directSupertypes(n))
        }
        return []
    }

    /// The generic arguments `type` gives `base` along its inheritance chain, with parameters substituted on
    /// the way: for `AppCoordinator: NavigationCoordinator<Splash>` and `NavigationCoordinator<T>: Coordinator<T>`,
    /// `genericArguments(AppCoordinator, asInstanceOf: Coordinator)` is `[Splash]`.
    public func genericArguments(_ type: String, asInstanceOf base: String) -> [String]? {
        var seen = Set<String>()
        func visit(_ name: String, _ substitution: [String: String]) -> [String]? {
            guard seen.insert(name).inserted, let t = types[name] else { return nil }
            for written in t.inherited {
                let b = resolveInheritance(written, of: name)
                let args = TypeIndex.genericArguments(written).map { substitution[$0] ?? $0 }
                if b == base { return args }
                var next: [String: String] = [:]
                for (i, p) in (types[b]?.genericParameters ?? []).enumerated() where i < args.count { next[p] = args[i] }
                if let found = visit(b, next) { return found }
            }
            return nil
        }
        return visit(type, [:])
    }

    /// What generic parameter `parameter` of `owner` stands for in `type` (a subtype binding it), if anything.
    public func genericBinding(_ parameter: String, declaredIn owner: String, for type: String) -> String? {
        guard type != owner, let info = types[owner] else { return nil }
        if let i = info.genericParameters.firstIndex(of: parameter) {
            guard let args = genericArguments(type, asInstanceOf: owner), i < args.count else { return nil }
            let arg = args[i]
            return arg == parameter ? nil : arg
        }
        // An associated type of a protocol (`RouteType` of XCoordinator's `Router`, in its extensions): what
        // the conforming type names so, a typealias or a superclass's generic parameter of that name.
        guard info.kind == .protocol else { return nil }
        for s in [type] + supertypes(type) where s != owner {
            if let alias = types[s]?.typealiases[parameter] { return alias == parameter ? nil : alias }
            if s != type, let i = types[s]?.genericParameters.firstIndex(of: parameter), let args = genericArguments(type, asInstanceOf: s), i < args.count {
                return args[i] == parameter ? nil : args[i]
            }
        }
        return nil
    }

    /// All supertypes (classes first, nearest first, then protocols), cycle-safe.
    ///
    /// Kept only for short chains (`cachedChainLength`). WHY: a list per type is quadratic memory in a
    /// deep hierarchy (5,000 classes each inheriting the one before: 12.5 million names, 650 MB); questions
    /// asked of every type go through `chainContains`, which answers each type once from its parents'.
    public func supertypes(_ name: String) -> [String] {
        if let cached = supertypeCache[name] { return cached }
        return walkSupertypes(name, limit: nil) ?? []
    }

    /// `supertypes` when there are at most `cachedChainLength` of them, else nil; found out in at most
    /// that many steps, so asking it of every type of a deep hierarchy stays linear.
    func shortSupertypes(_ name: String) -> [String]? {
        if let cached = supertypeCache[name] { return cached }
        if longChains.contains(name) { return nil }
        return walkSupertypes(name, limit: TypeIndex.cachedChainLength)
    }

    private func walkSupertypes(_ name: String, limit: Int?) -> [String]? {
        var result: [String] = []
        var seen: Set<String> = [name]
        var frontier = [name]
        while !frontier.isEmpty {
            var next: [String] = []
            for n in frontier {
                indexSteps += 1
                for s in directSupertypes(n) where seen.insert(s).inserted {
                    result.append(s)
                    next.append(s)
                }
                if let limit, result.count > limit {
                    longChains.insert(name)
                    return nil
                }
            }
            frontier = next
        }
        if result.count <= TypeIndex.cachedChainLength { supertypeCache[name] = result } else { longChains.insert(name) }
        return result
    }

    /// Supertype lists longer than this are not kept (see `supertypes`): real apps' are under 20.
    static let cachedChainLength = 64

    /// Whether `name` or one of its supertypes satisfies `matches`, memoised per type under `memoKey`
    /// (one key per question: the same key must always come with the same `matches`). Each type's answer
    /// is made from its direct supertypes' answers, so asking it of every type of a hierarchy costs one
    /// step per inheritance edge, however deep. Iterative: a 5,000-deep chain recursing would need a
    /// large stack on every thread that asks.
    public func chainContains(_ name: String, memoKey: String, where matches: (String) -> Bool) -> Bool {
        if let known = chainMemo[memoKey]?[name] { return known }
        var memo = chainMemo.removeValue(forKey: memoKey) ?? [:]
        defer { chainMemo[memoKey] = memo }
        return chainContains(name, memo: &memo, where: matches)
    }

    /// `chainContains` with the memo given: a depth-first walk that answers a type when all its direct
    /// supertypes are answered. A type found again while still open (a cycle) counts as not matching for
    /// now; an answer that relied on that is not memoised, so no type keeps a wrong "no".
    private func chainContains(_ name: String, memo: inout NameMap<Bool>, where matches: (String) -> Bool) -> Bool {
        struct Open { var name: String; var supers: [String]; var next = 0; var found = false; var unsure = false }
        indexSteps += 1
        if let known = memo[name] { return known }
        if matches(name) { memo[name] = true; return true }
        var stack = [Open(name: name, supers: directSupertypes(name))]
        var open: Set<String> = [name]
        var unsure: [String] = []
        var answer = false
        while var top = stack.popLast() {
            if !top.found && top.next < top.supers.count {
                let s = top.supers[top.next]
                top.next += 1
                indexSteps += 1
                if let known = memo[s] {
                    top.found = known
                } else if open.contains(s) {
                    top.unsure = true
                } else if matches(s) {
                    memo[s] = true
                    top.found = true
                } else {
                    stack.append(top)
                    stack.append(Open(name: s, supers: directSupertypes(s)))
                    open.insert(s)
                    continue
                }
                stack.append(top)
                continue
            }
            // All of `top`'s supertypes are answered (or one matched).
            open.remove(top.name)
            if top.found || !top.unsure { memo[top.name] = top.found } else { unsure.append(top.name) }
            if stack.isEmpty {
                answer = top.found
            } else {
                stack[stack.count - 1].found = stack[stack.count - 1].found || top.found
                if top.unsure && !top.found { stack[stack.count - 1].unsure = true }
            }
        }
        // No type the walk reached matches when its start does not (a match anywhere below is found
        // above): what a cycle left open is a "no" too.
        if !answer { for u in unsure { memo[u] = false } }
        return answer
    }

    /// Whether a supertype of `name` (not `name` itself) satisfies `matches`, memoised under `memoKey`.
    public func supertypeContains(_ name: String, memoKey: String, where matches: (String) -> Bool) -> Bool {
        directSupertypes(name).contains { $0 != name && chainContains($0, memoKey: memoKey, where: matches) }
    }

    /// What lets an enum's values be made without naming a case (its raw type, `CaseIterable`,
    /// `Decodable`): nil when its cases must be named to be built.
    public func caseMaker(of enumType: String) -> String? {
        self[enumType]?.inherited.map(TypeIndex.unqualifiedBase).filter(Heuristics.casesMadeWithoutNames.contains).min()
    }

    /// `Swift.Error` → `Error`, `Swift.Codable` → `Codable`: an inherited type as the heuristics name it.
    public static func unqualifiedBase(_ written: String) -> String { simpleName(baseName(written)) }

    public func isSubtype(_ name: String, of base: String) -> Bool {
        if name == base { return true }
        if let chain = shortSupertypes(name) { return chain.contains(base) }
        return chainContains(name, memoKey: "=" + base) { $0 == base }
    }

    public func isSubtype(_ name: String, ofAny bases: Set<String>) -> Bool {
        if bases.contains(name) { return true }
        if let chain = shortSupertypes(name) { return chain.contains { bases.contains($0) } }
        if bases.isEmpty { return false }
        if let known = anyMemo[bases]?[name] { return known }
        var memo = anyMemo.removeValue(forKey: bases) ?? [:]
        defer { anyMemo[bases] = memo }
        return chainContains(name, memo: &memo) { bases.contains($0) }
    }

    /// Declared types (classes, structs, enums) that are subtypes of `base`.
    public func conformers(of base: String) -> Set<String> {
        if let cached = conformersByBase[base] { return cached }
        if directSubtypes == nil {
            // Each type's direct subtypes, in one pass over the types. WHY: a scan of every type per base
            // asked about was quadratic in the app's features, and a map of every type's supertypes to it
            // quadratic in a hierarchy's depth; a walk down from the base costs what it finds.
            var map: [String: [String]] = [:]
            for t in types.values {
                indexSteps += 1
                for s in directSupertypes(t.name) where s != t.name { map[s, default: []].append(t.name) }
            }
            directSubtypes = map
        }
        var found = Set<String>()
        var seen: Set<String> = [base]
        var queue = [base]
        while let n = queue.popLast() {
            indexSteps += 1
            if let t = types[n], t.kind != .protocol, t.isDeclared { found.insert(n) }
            for sub in directSubtypes?[n] ?? [] where seen.insert(sub).inserted { queue.append(sub) }
        }
        conformersByBase[base] = found
        return found
    }

    // MARK: - Members

    /// Finds the implementation `type` uses for `name` with the given call labels: own members first, then
    /// superclasses, then protocol-extension defaults.
    public func function(on type: String, name: String, labels: [String?]) -> FunctionRef? {
        let key = FunctionLookup(type: type, name: name, labels: labels)
        if let cached = functionCache[key] { return cached }
        let result = findFunction(on: type, name: name, labels: labels)
        functionCache[key] = result
        return result
    }

    private func findFunction(on type: String, name: String, labels: [String?]) -> FunctionRef? {
        let chain = [type] + supertypes(type)
        for (i, owner) in chain.enumerated() {
            guard let candidates = types[owner]?.functionsByName[name] else { continue }
            let withBodies = candidates.filter { $0.decl.body != nil }
            // An initializer's trailing closure binds through a typealias (`init(completion: @escaping
            // Completion)`: the screen keeps its callback). A method's does not: matched that way,
            // woocommerce's data layer (`remote.load(…) { result in … }`) ran past 300 s; an unmatched call
            // still calls its closure, as code navgraph cannot see would.
            let isFunction: (String) -> Bool = name == SwiftKeyword.initializer.name ? { self.isFunctionType($0, from: owner) } : TypeIndex.isFunctionType
            if let exact = withBodies.first(where: { TypeIndex.matches(labels, $0.decl.parameters, isFunction: isFunction) }) {
                // Bound through defaults where no overload takes the labels as written (`remove(item:)`
                // beside `remove(item:sender: = nil)` is another method): a subclass's override runs.
                if i == 0 || withBodies.contains(where: { $0.decl.parameters.map(\.label) == labels }) { return exact }
                return overriding(exact, in: chain[..<i])
            }
        }
        return nil
    }

    /// The override a call runs: a class method matched through its default arguments on a superclass
    /// (`start()` binding to `Coordinator.start(with completion: … = {})`) runs the subclass's override of
    /// it, though the override declares no default (Swift takes the defaults from the declaration it
    /// binds to, and dispatches on the object).
    private func overriding(_ fn: FunctionRef, in subclasses: ArraySlice<String>) -> FunctionRef {
        guard fn.decl.name != SwiftKeyword.initializer.name, !fn.decl.isStatic, types[fn.owner]?.kind == .class else { return fn }
        let selector = fn.decl.selector
        for owner in subclasses where types[owner]?.kind == .class {
            if let o = types[owner]?.functionsByName[fn.decl.name]?.first(where: { $0.decl.body != nil && !$0.decl.isStatic && $0.decl.selector == selector }) {
                return o
            }
        }
        return fn
    }

    /// The protocol or type that declares a member (for naming actions): the first in the chain.
    public func declaringType(of name: String, labels: [String?], in type: String) -> String? {
        for owner in [type] + supertypes(type) {
            if let candidates = types[owner]?.functionsByName[name],
               candidates.contains(where: { TypeIndex.matches(labels, $0.decl.parameters) }) {
                // Prefer the outermost protocol that declares the requirement.
                var best = owner
                for sup in supertypes(owner) where types[sup]?.kind == .protocol &&
                    (types[sup]?.functionsByName[name]?.contains { TypeIndex.matches(labels, $0.decl.parameters) } ?? false) {
                    best = sup
                }
                return best
            }
        }
        return nil
    }

    public func allFunctions(named name: String, on type: String) -> [FunctionRef] {
        ([type] + supertypes(type)).flatMap { types[$0]?.functionsByName[name] ?? [] }
    }

    public func property(on type: String, _ name: String) -> PropertyRef? {
        let key = NamePair(type, name)
        if let cached = propertyCache[key] { return cached }
        var result: PropertyRef?
        for owner in [type] + supertypes(type) {
            if let p = types[owner]?.properties[name] { result = p; break }
        }
        propertyCache[key] = result
        return result
    }

    public func enumCase(_ type: String, _ name: String) -> EnumCase? {
        indexSteps += 1
        guard let t = types[type], let i = t.caseIndex[name] else { return nil }
        return t.cases[i]
    }

    /// Call labels match parameters when each parameter is either given (same label) or has a default.
    /// Whether an unlabelled argument at `i` can be a trailing closure: the last argument, or the first of
    /// several trailing closures, which only labelled ones follow.
    public static func isTrailingClosure(at i: Int, _ labels: [String?]) -> Bool {
        i == labels.count - 1 || labels[(i + 1)...].allSatisfy { $0 != nil }
    }

    /// `isFunction` says whether a parameter's written type is a function type (through typealiases where
    /// the caller knows the context).
    public static func matches(_ labels: [String?], _ params: [Parameter], isFunction: (String) -> Bool = isFunctionType) -> Bool {
        var i = 0
        for p in params {
            if i < labels.count && labels[i] == p.label {
                i += 1
                if p.isVariadic { while i < labels.count && labels[i] == nil { i += 1 } }
                continue
            }
            if p.isVariadic { continue }
            // A trailing closure is passed without its label (the first of several too: `f(x) { … } cancel: { … }`).
            if i < labels.count && labels[i] == nil && isTrailingClosure(at: i, labels) && (p.type.map(isFunction) ?? false) { i += 1; continue }
            if p.defaultValue != nil { continue }
            if p.type.map(isFunctionType) ?? false, p.type?.hasSuffix("?") == true || p.type?.hasPrefix("(") == true && p.type?.hasSuffix(")?") == true { continue }
            return false
        }
        return i == labels.count
    }
}

/// Cache keys of `TypeIndex` lookups (two names hashed as they are, no string built).
public struct NamePair: WordHashed, Sendable {
    public var first: String
    public var second: String
    public init(_ first: String, _ second: String) { self.first = first; self.second = second }

    public var wordHash: UInt64 {
        var w = WordHasher()
        w.combine(first)
        w.combine(second)
        return w.value
    }
}

struct FunctionLookup: WordHashed {
    var type: String
    var name: String
    var labels: [String?]

    var wordHash: UInt64 {
        var w = WordHasher()
        w.combine(type)
        w.combine(name)
        for l in labels { w.combine(l) }
        return w.value
    }
}
