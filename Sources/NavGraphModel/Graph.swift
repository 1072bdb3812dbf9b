import Foundation
/// A position in an analyzed source file. `file` is relative to the analyzed folder; `line` is 1-based.
public struct SourceLocation: Codable, WordHashed, Comparable, Sendable {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int = 1) {
        self.file = file
        self.line = line
        self.column = column
    }

    public var wordHash: UInt64 {
        var w = WordHasher()
        w.combine(file)
        w.combine(line)
        w.combine(column)
        return w.value
    }

    public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        (a.file, a.line, a.column) < (b.file, b.line, b.column)
    }

    public var description: String { "\(file):\(line)" }
}

public enum NodeKind: String, Codable, CaseIterable, Sendable, Comparable {
    case app, coordinator, screen, route, action

    /// Declaration order (`allCases.firstIndex` built an array per comparison: seconds when sorting 100k nodes).
    var rank: Int {
        switch self {
        case .app: return 0
        case .coordinator: return 1
        case .screen: return 2
        case .route: return 3
        case .action: return 4
        }
    }

    public static func < (a: NodeKind, b: NodeKind) -> Bool { a.rank < b.rank }
}

public enum EdgeKind: String, Codable, CaseIterable, Sendable, Comparable {
    case starts, spawns, shows, presents, route, sends, handles, finishes

    /// Declaration order, without building `allCases` per comparison.
    var rank: Int {
        switch self {
        case .starts: return 0
        case .spawns: return 1
        case .shows: return 2
        case .presents: return 3
        case .route: return 4
        case .sends: return 5
        case .handles: return 6
        case .finishes: return 7
        }
    }

    public static func < (a: EdgeKind, b: EdgeKind) -> Bool { a.rank < b.rank }
}

/// One node of the navigation graph. `id` is `kind:name`, stable across runs.
public struct Node: Codable, Hashable, Sendable {
    public var id: String
    public var kind: NodeKind
    public var name: String
    public var file: String
    public var line: Int
    public var reachable: Bool
    /// The coordinator family that produced the node (`hackingwithswift`, `radianttap`, …), when known.
    public var family: String?
    /// For routes and actions: the coordinator or type that owns them.
    public var owner: String?
    /// Extra facts rules and renderers use (`constructed`, `target`, `generic`, …).
    public var attributes: [String: String]?

    public init(kind: NodeKind, name: String, location: SourceLocation, reachable: Bool,
                family: String? = nil, owner: String? = nil) {
        self.id = Node.id(kind, name)
        self.kind = kind
        self.name = name
        self.file = location.file
        self.line = location.line
        self.reachable = reachable
        self.family = family
        self.owner = owner
    }

    public static func id(_ kind: NodeKind, _ name: String) -> String {
        // Instantiation builds an id for every edge it records (see `String.joined(_:_:_:)`).
        String.joined(kind.rawValue, UInt8(ascii: ":"), name)
    }
    public var location: SourceLocation { SourceLocation(file: file, line: line) }

    /// Whether `id` is the id of a node of `kind` (`coordinator:Main` of `.coordinator`). Ids are split
    /// here and nowhere else.
    public static func isID(_ id: String, of kind: NodeKind) -> Bool {
        var bytes = id.utf8.makeIterator()
        for b in kind.rawValue.utf8 { guard bytes.next() == b else { return false } }
        return bytes.next() == UInt8(ascii: ":")
    }

    /// The kind of node an id names (`coordinator:Main` → `.coordinator`); nil when it names none.
    public static func kind(ofID id: String) -> NodeKind? {
        guard let colon = id.firstIndex(of: ":") else { return nil }
        return NodeKind(rawValue: String(id[..<colon]))
    }

    /// What follows the kind in an id (`coordinator:Main` → `Main`); the id itself when it has no colon.
    public static func name(ofID id: String) -> String {
        guard let colon = id.firstIndex(of: ":"), id.index(after: colon) < id.endIndex else { return id }
        return String(id[id.index(after: colon)...])
    }
}

/// One edge. `file`/`line` is the call that makes the edge.
public struct Edge: Codable, WordHashed, Sendable {
    public var from: String
    public var to: String
    public var kind: EdgeKind
    /// The route or action this edge happens under, e.g. `MainCoordinator.showRecipe(_:)`.
    public var via: String?
    /// How the edge is made: `push`, `present`, `setViewControllers`, `tab`, `window-root`, `start`, …
    public var mechanism: String?
    public var file: String
    public var line: Int
    public var reachable: Bool

    public init(from: String, to: String, kind: EdgeKind, via: String? = nil, mechanism: String? = nil,
                location: SourceLocation, reachable: Bool) {
        self.from = from
        self.to = to
        self.kind = kind
        self.via = via
        self.mechanism = mechanism
        self.file = location.file
        self.line = location.line
        self.reachable = reachable
    }

    public var location: SourceLocation { SourceLocation(file: file, line: line) }

    public var wordHash: UInt64 {
        var w = WordHasher()
        w.combine(from)
        w.combine(to)
        w.combine(kind.rawValue)
        w.combine(via)
        w.combine(mechanism)
        w.combine(file)
        w.combine(line)
        w.combine(reachable)
        return w.value
    }
}

public enum Severity: String, Codable, Sendable, Comparable, CaseIterable {
    case note, warning, error

    private var rank: Int {
        switch self {
        case .note: return 0
        case .warning: return 1
        case .error: return 2
        }
    }

    public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
}

public struct Finding: Codable, Hashable, Sendable {
    public var rule: String
    public var severity: Severity
    public var symbol: String
    public var message: String
    public var file: String
    public var line: Int
    /// What proves it (see `Evidence`); nil for findings about the input rather than the app.
    public var evidence: Evidence?

    public init(rule: String, severity: Severity, symbol: String, message: String, location: SourceLocation, evidence: Evidence? = nil) {
        self.rule = rule
        self.severity = severity
        self.symbol = symbol
        self.message = message
        self.file = location.file
        self.line = location.line
        self.evidence = evidence
    }

    /// The order findings are reported in: by file, line, rule and symbol, then message and severity, so
    /// that two findings at one place (two screens sending one action) never come in a run's own order.
    public static func order(_ a: Finding, _ b: Finding) -> Bool {
        (a.file, a.line, a.rule, a.symbol, a.message, a.severity.rawValue) < (b.file, b.line, b.rule, b.symbol, b.message, b.severity.rawValue)
    }
}

/// Why a finding holds, for tools and reviewers: the fact its message gives after "because", what
/// navgraph searched and found nothing in (a finding of absence), and an action's chain.
public struct Evidence: Codable, Hashable, Sendable {
    public var because: String
    /// Each search that came back empty ("code that shows or presents it from a reached coordinator or screen").
    public var searched: [String]
    /// For an action: the path its send took, from the sender to where it stopped.
    public var chain: [String]

    public init(because: String, searched: [String] = [], chain: [String] = []) {
        self.because = because
        self.searched = searched
        self.chain = chain
    }

    private enum CodingKeys: String, CodingKey { case because, searched, chain }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        because = try c.decode(String.self, forKey: .because)
        searched = try c.decodeIfPresent([String].self, forKey: .searched) ?? []
        chain = try c.decodeIfPresent([String].self, forKey: .chain) ?? []
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(because, forKey: .because)
        if !searched.isEmpty { try c.encode(searched, forKey: .searched) }
        if !chain.isEmpty { try c.encode(chain, forKey: .chain) }
    }
}

/// A recorded responder-chain / delegate path for one sender and action.
public struct ActionPath: Codable, Hashable, Sendable {
    public var sender: String
    public var action: String
    public var chain: [String]
    public var handledBy: String?
    /// Why the action goes unhandled, when it does.
    public var note: String?
    /// The type (a presenter) that handles the action itself without navigating, when no coordinator does.
    public var handledWithin: String?
    public var reachable: Bool
    public var file: String
    public var line: Int
    /// Each responder on the chain and what it does with the message, when known (responder chains, events).
    public var steps: [ChainStep]?
    /// Route values the message carries (`AppCoordinator.Page.cart` in `globalDisplay(page: PageBox(.cart))`).
    public var carries: [String]?
    /// True when navgraph could not tell who handles the action (a budget ran out on its path; `note`
    /// says which): no finding is reported for it.
    public var unknown: Bool?

    public init(sender: String, action: String, chain: [String], handledBy: String?, note: String? = nil,
                reachable: Bool, location: SourceLocation, handledWithin: String? = nil) {
        self.sender = sender
        self.action = action
        self.chain = chain
        self.handledBy = handledBy
        self.note = note
        self.handledWithin = handledWithin
        self.reachable = reachable
        self.file = location.file
        self.line = location.line
    }
}

extension ActionPath {
    /// Where an action is sent from: the sender, the action, and the send's file and line. Word-hashed, as
    /// the assembler and the text tree key every path by it.
    public struct Site: WordHashed {
        public var sender: String
        public var action: String
        public var file: String
        public var line: Int

        public init(sender: String, action: String, file: String, line: Int) {
            (self.sender, self.action, self.file, self.line) = (sender, action, file, line)
        }

        public init(_ p: ActionPath) { self.init(sender: p.sender, action: p.action, file: p.file, line: p.line) }

        public var wordHash: UInt64 {
            var w = WordHasher()
            w.combine(sender)
            w.combine(action)
            w.combine(file)
            w.combine(line)
            return w.value
        }
    }

    public var site: Site { Site(self) }
}

/// One responder on an action's chain: a node id (or a view's type name), what it does with the message,
/// and where (its override, for handlers).
public struct ChainStep: Codable, Hashable, Sendable {
    public enum Role: String, Codable, Sendable {
        /// The view or screen the message starts from.
        case sender
        /// No override: the library's default forwards to the next responder.
        case forwards
        /// An override that always forwards (`coordinatingResponder?.m(…)`, `return false`).
        case passThrough = "pass-through"
        /// An override that handles some values and forwards others.
        case partial
        /// An override that handles the message.
        case terminal
        /// An override that queues the message to handle it later (`enqueueMessage`); counts as handled.
        case deferred
        /// The end of the chain: nothing above.
        case end
    }
    public var responder: String
    public var role: Role
    public var file: String?
    public var line: Int?

    public init(responder: String, role: Role, location: SourceLocation? = nil) {
        self.responder = responder
        self.role = role
        self.file = location?.file
        self.line = location?.line
    }
}

/// The navigation graph: read-only storage with indexes by id, so rules and renderers look nodes and
/// edges up in constant time instead of scanning.
public struct NavGraph: Codable, Sendable {
    public private(set) var roots: [String]
    public private(set) var nodes: [Node]
    public private(set) var edges: [Edge]
    public private(set) var paths: [ActionPath]
    public private(set) var families: [String]
    // By node id: `NameMap`, built for every graph (see `WordMap`).
    private var nodeIndex: NameMap<Int> = [:]
    private var outgoingIndex: NameMap<[Int]> = [:]
    private var incomingIndex: NameMap<[Int]> = [:]

    enum CodingKeys: String, CodingKey { case roots, nodes, edges, paths, families }

    /// How many records make a graph big enough to build, sort or check on two threads (below it, starting
    /// a thread costs more than it saves).
    public static let parallelSize = 20_000

    public init(roots: [String], nodes: [Node], edges: [Edge], paths: [ActionPath] = [], families: [String] = []) {
        self.roots = roots.sorted()
        // A big graph's edges sort on one thread while its nodes and paths sort on another.
        if edges.count + paths.count > NavGraph.parallelSize {
            let (e, np) = LargeStack.both({ NavGraph.sortedEdges(edges) }, { (NavGraph.sortedNodes(nodes), NavGraph.sortedPaths(paths)) })
            (self.edges, self.nodes, self.paths) = (e, np.0, np.1)
        } else {
            (self.edges, self.nodes, self.paths) = (NavGraph.sortedEdges(edges), NavGraph.sortedNodes(nodes), NavGraph.sortedPaths(paths))
        }
        self.families = families.sorted()
        buildIndexes()
    }

    /// A graph whose lists are already in the order `init(roots:nodes:edges:paths:families:)` puts them
    /// in (a graph read back as it was written, or one whose order nothing changed): not sorted again.
    public init(inOrder roots: [String], nodes: [Node], edges: [Edge], paths: [ActionPath], families: [String]) {
        (self.roots, self.nodes, self.edges, self.paths, self.families) = (roots, nodes, edges, paths, families)
        buildIndexes()
    }

    static func sortedNodes(_ nodes: [Node]) -> [Node] {
        NavGraph.sorted(nodes, keys: nodes.map { n in var k = ByteSortKey(strings: n.name.utf8.count + 2); k.add(UInt8(n.kind.rank)); k.add(n.name); return k }) {
            ($0.kind, $0.name) < ($1.kind, $1.name)
        }
    }

    /// Ties broken on every field, so output never depends on the order the records were made in.
    static func sortedEdges(_ edges: [Edge]) -> [Edge] {
        NavGraph.sorted(edges, keys: edges.map { e in
            var k = ByteSortKey(strings: e.from.utf8.count + e.to.utf8.count + (e.via?.utf8.count ?? 0) + e.file.utf8.count
                                  + (e.mechanism?.utf8.count ?? 0) + 8, numbers: 1)
            k.add(e.from); k.add(e.to); k.add(UInt8(e.kind.rank)); k.add(e.via ?? ""); k.add(e.file); k.add(e.line)
            k.add(e.mechanism ?? ""); k.add(e.reachable ? 1 : 0)
            return k
        }, by: NavGraph.edgeOrder)
    }

    static func sortedPaths(_ paths: [ActionPath]) -> [ActionPath] {
        // Each chain joined once, not once per comparison (100,000s of paths in a big app).
        let chains = paths.map { $0.chain.joined(separator: ">") }
        let pathKeys = paths.indices.map { i in
            var k = ByteSortKey(strings: paths[i].sender.utf8.count + paths[i].action.utf8.count + paths[i].file.utf8.count
                                  + chains[i].utf8.count + (paths[i].handledBy?.utf8.count ?? 0) + 5, numbers: 1)
            k.add(paths[i].sender); k.add(paths[i].action); k.add(paths[i].file); k.add(paths[i].line); k.add(chains[i]); k.add(paths[i].handledBy ?? "")
            return k
        }
        return paths.withUnsafeBufferPointer { p in
            NavGraph.sorted(Array(p.indices), keys: pathKeys) { (i: Int, j: Int) -> Bool in
                let a = p[i], b = p[j]
                let ka: (String, String, String, Int, String, String) = (a.sender, a.action, a.file, a.line, chains[i], a.handledBy ?? "")
                let kb: (String, String, String, Int, String, String) = (b.sender, b.action, b.file, b.line, chains[j], b.handledBy ?? "")
                return ka < kb
            }.map { p[$0] }
        }
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(roots: try c.decode([String].self, forKey: .roots), nodes: try c.decode([Node].self, forKey: .nodes),
                  edges: try c.decode([Edge].self, forKey: .edges), paths: try c.decodeIfPresent([ActionPath].self, forKey: .paths) ?? [],
                  families: try c.decodeIfPresent([String].self, forKey: .families) ?? [])
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(roots, forKey: .roots)
        try c.encode(nodes, forKey: .nodes)
        try c.encode(edges, forKey: .edges)
        try c.encode(paths, forKey: .paths)
        try c.encode(families, forKey: .families)
    }

    /// Edges by from, to, kind, via, file, line, mechanism, reachability: field by field, stopping at the
    /// first difference (building two 6-tuples per comparison was most of sorting 100k edges).
    public static func edgeOrder(_ a: Edge, _ b: Edge) -> Bool {
        if a.from != b.from { return a.from < b.from }
        if a.to != b.to { return a.to < b.to }
        if a.kind != b.kind { return a.kind < b.kind }
        let av = a.via ?? "", bv = b.via ?? ""
        if av != bv { return av < bv }
        if a.file != b.file { return a.file < b.file }
        if a.line != b.line { return a.line < b.line }
        let am = a.mechanism ?? "", bm = b.mechanism ?? ""
        if am != bm { return am < bm }
        return !a.reachable && b.reachable
    }

    /// Sorts by byte keys compared with `memcmp` when every key is `exact` (ASCII without zero bytes: the
    /// keys then order as the fields' tuples do), by `less` otherwise. WHY: comparing Swift strings field
    /// by field was most of assembling a million-line app's graph.
    public static func sorted<T>(_ items: [T], keys: [ByteSortKey], by less: (T, T) -> Bool) -> [T] {
        guard keys.allSatisfy(\.exact) else { return sortedByIndex(items, by: less) }
        let order = sortedByIndex(Array(keys.indices)) { ByteSortKey.less(keys[$0], keys[$1]) }
        return order.map { items[$0] }
    }

    /// Sorts positions rather than the records (nodes and edges are large structs: moving them while
    /// sorting 100k of them was most of the sort), with the same comparisons, hence the same order.
    /// Already-sorted input (a graph read back from the result cache) is returned as it is.
    static func sortedByIndex<T>(_ items: [T], by less: (T, T) -> Bool) -> [T] {
        items.withUnsafeBufferPointer { p in
            if p.indices.dropFirst().allSatisfy({ !less(p[$0], p[$0 - 1]) }) { return items }
            return Array(p.indices).sorted { less(p[$0], p[$1]) }.map { p[$0] }
        }
    }

    private mutating func buildIndexes() {
        nodeIndex.reserveCapacity(nodes.count)
        outgoingIndex.reserveCapacity(nodes.count)
        incomingIndex.reserveCapacity(nodes.count)
        for (i, n) in nodes.enumerated() { nodeIndex[n.id] = i }
        for (i, e) in edges.enumerated() {
            outgoingIndex[e.from, default: []].append(i)
            incomingIndex[e.to, default: []].append(i)
        }
    }

    public func node(_ id: String) -> Node? { nodeIndex[id].map { nodes[$0] } }
    public func outgoing(_ id: String) -> [Edge] { (outgoingIndex[id] ?? []).map { edges[$0] } }
    public func incoming(_ id: String) -> [Edge] { (incomingIndex[id] ?? []).map { edges[$0] } }
}

/// A problem with the input (unreadable file, parse error) that does not stop the analysis.
public struct Diagnostic: Codable, Hashable, Sendable, Comparable {
    public enum Level: String, Codable, Sendable { case warning, error }
    public var level: Level
    public var file: String?
    public var line: Int?
    public var message: String
    /// What kind of problem, for tools and the stages after resolution: `resolveBudgetCode`, else nil.
    public var code: String?

    public init(_ level: Level, _ message: String, file: String? = nil, line: Int? = nil, code: String? = nil) {
        self.level = level
        self.message = message
        self.file = file
        self.line = line
        self.code = code
    }

    /// Resolution ran out of its step budget: the graph is partial (see NavGraphResolve's `ResolveBudget`).
    public static let resolveBudgetCode = "resolve-budget"

    public static func < (a: Diagnostic, b: Diagnostic) -> Bool {
        (a.file ?? "", a.line ?? 0, a.message) < (b.file ?? "", b.line ?? 0, b.message)
    }

    public var rendered: String {
        var where_ = ""
        if let file { where_ = line.map { "\(visibleControlCharacters(file)):\($0): " } ?? "\(visibleControlCharacters(file)): " }
        return "\(where_)\(level.rawValue): \(visibleControlCharacters(message))"
    }
}

/// An in-source suppression comment: `// navgraph:disable:next dead-route - reason`.
public struct Suppression: Codable, Hashable, Sendable {
    public enum Scope: String, Codable, Sendable { case next, this, file, enable }
    public var scope: Scope
    /// Rule ids; empty means every rule.
    public var rules: [String]
    public var line: Int
    public var reason: String?

    public init(scope: Scope, rules: [String], line: Int, reason: String?) {
        self.scope = scope
        self.rules = rules
        self.line = line
        self.reason = reason
    }
}

/// A record's sort key as bytes: each string followed by a zero byte, integers as 8 big-endian bytes
/// (offset so negatives come first), small ranks as one byte.
public struct ByteSortKey {
    var bytes: [UInt8] = []
    /// False when a string is not ASCII or holds a zero byte: then byte order need not be string order.
    public private(set) var exact = true

    public init() {}

    /// Room for `strings` bytes of names and `numbers` integers (each name also takes a terminator):
    /// a key grown as it is built was copied three or four times.
    public init(strings: Int, numbers: Int = 0) {
        bytes.reserveCapacity(strings + 8 * numbers + 8)
    }

    public mutating func add(_ s: String) {
        // A native string's bytes are appended at once and checked in one pass. WHY: appended one at a
        // time, with the check, a name cost some 1,400 instructions (a fifth of assembling a graph).
        let done: Void? = s.utf8.withContiguousStorageIfAvailable { p in
            var ok = true
            for b in p where b == 0 || b >= 0x80 { ok = false; break }
            if !ok { exact = false }
            bytes.append(contentsOf: p)
        }
        if done == nil {
            for b in s.utf8 {
                if b == 0 || b >= 0x80 { exact = false }
                bytes.append(b)
            }
        }
        bytes.append(0)
    }

    public mutating func add(_ n: Int) {
        let u = UInt64(bitPattern: Int64(n)) ^ (1 << 63)
        for i in (0..<8).reversed() { bytes.append(UInt8(truncatingIfNeeded: u >> (8 * i))) }
    }

    public mutating func add(_ b: UInt8) { bytes.append(b) }

    static func less(_ a: ByteSortKey, _ b: ByteSortKey) -> Bool {
        a.bytes.withUnsafeBufferPointer { pa in
            b.bytes.withUnsafeBufferPointer { pb in
                let n = min(pa.count, pb.count)
                let c = n == 0 ? 0 : memcmp(pa.baseAddress!, pb.baseAddress!, n)
                return c != 0 ? c < 0 : pa.count < pb.count
            }
        }
    }
}

extension String {
    /// `a`, the `separator` byte, then `b`. WHY: node ids and qualified names (`Type.member`) are built on
    /// instantiation's hot paths, where appending cost several times as much, and interpolation more still.
    public static func joined(_ a: String, _ separator: UInt8, _ b: String) -> String {
        assembled(utf8Count: a.utf8.count + 1 + b.utf8.count) { w in
            w.append(a)
            w.append(separator)
            w.append(b)
        }
    }

    /// `Type.member`: a qualified name, a route (`Coordinator.show(_:)`) or a case (`Route.home`).
    public static func qualified(_ type: String, _ member: String) -> String { joined(type, UInt8(ascii: "."), member) }

    /// A string of exactly `utf8Count` bytes, which `fill` writes: one allocation, bytes copied.
    @inlinable public static func assembled(utf8Count: Int, _ fill: (inout UTF8Writer) -> Void) -> String {
        String(unsafeUninitializedCapacity: utf8Count) { buffer in
            var writer = UTF8Writer(buffer)
            fill(&writer)
            precondition(writer.count == utf8Count, "assembled string of the wrong length")
            return writer.count
        }
    }
}

/// Writes strings' bytes one after another into a buffer (see `String.assembled`).
public struct UTF8Writer {
    @usableFromInline let buffer: UnsafeMutableBufferPointer<UInt8>
    /// Bytes written so far.
    @usableFromInline var written = 0
    public var count: Int { written }

    @usableFromInline init(_ buffer: UnsafeMutableBufferPointer<UInt8>) { self.buffer = buffer }

    @inlinable public mutating func append(_ s: String) {
        var s = s
        s.withUTF8 { bytes in
            guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
            precondition(written + bytes.count <= buffer.count, "assembled string longer than its count")
            (buffer.baseAddress! + written).initialize(from: source, count: bytes.count)
            written += bytes.count
        }
    }

    @inlinable public mutating func append(_ byte: UInt8) {
        precondition(written < buffer.count, "assembled string longer than its count")
        buffer[written] = byte
        written += 1
    }
}
