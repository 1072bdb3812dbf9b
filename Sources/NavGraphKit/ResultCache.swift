import Foundation
import NavGraphDiscovery
import NavGraphExtract
import NavGraphModel
import NavGraphResolve

/// The graph and diagnostics of the last analysis of a root, kept next to the facts pack and reused when
/// nothing the resolve stage reads has changed: a warm run after an edit that leaves every file's facts
/// as they were (a comment's text) skips resolving the app, and decoding the facts the pack holds.
///
/// Besides the graph and the resolver's warnings, the file holds what the later stages take from the
/// facts: each file's parse warnings and suppression comments (for the files that have any), so a run
/// served from this cache needs no facts but those of the files it extracted anew.
///
/// The key of a run is a digest of everything `Resolver.resolve` is given or depends on: the facts of
/// each file in the order they are passed (path and the digest of the encoded facts), the storyboards
/// the index is made of (path and bytes), every field of the resolve options, and the versions of the facts codec, of
/// navgraph, of this file's format and the identity of the running executable (a rebuilt navgraph with
/// the same version string may resolve differently). The file is one header, the key, and the result in
/// a compact binary form; anything that does not match or decode is ignored, never a crash.
///
///     "NGRC"  u32 format  u64 u64 run key  u64 payload length  u64 payload checksum  payload
final class ResultCache: @unchecked Sendable {
    static let magic: [UInt8] = Array("NGRC".utf8)
    /// Bump whenever the payload's layout or what the key covers changes.
    static let format: UInt32 = 7
    static let headerLength = 4 + 4 + 16 + 8 + 8

    let url: URL
    /// The file as read and decoded on a background thread from `init`, while discovery and extraction
    /// run: a hit then costs no time on the main path, and a miss wastes a fraction of what resolving
    /// costs anyway.
    private var loaded: (key: FactsCache.Digest, result: CachedResult)?
    private let loading = DispatchGroup()
    private var saving: Thread?
    private let saved = DispatchSemaphore(value: 0)

    init(url: URL) {
        self.url = url
        let path = url.path
        loading.enter()
        Thread { [self] in
            loaded = ResultCache.decode((try? FileBytes.read(path, limit: Int(Int32.max)).get()) ?? [])
            loading.leave()
        }.start()
    }

    deinit { finishSaving() }

    /// The key of a run (see the type's comment): the digest of everything but the files (`restKey`), then
    /// the facts given to the resolver, in order.
    static func key(_ inputs: CachedResult.Inputs) -> FactsCache.Digest {
        var k = RunKey()
        k.digest(inputs.rest)
        k.u64(UInt64(inputs.files.count))
        for f in inputs.files {
            k.string(f.path)
            k.digest(f.factsDigest)
        }
        return k.digest
    }

    /// The digest of what a run's key covers besides its files' facts: formats, versions, the
    /// executable, the options and the storyboards.
    static func restKey(storyboards: RunKey, options: ResolveOptions) -> FactsCache.Digest {
        var k = RunKey()
        k.bytes.append(contentsOf: magic)
        k.u64(UInt64(format))
        k.u64(UInt64(FactsCodec.version))
        k.string(NavGraphVersion.current)
        k.bytes.append(contentsOf: executableIdentity)
        // Every field of the options, by name and value, so a new option is in the key without a change here.
        for field in Mirror(reflecting: options).children {
            k.string(field.label ?? "")
            k.string(String(reflecting: field.value))
        }
        k.digest(storyboards.digest)
        return k.digest
    }

    /// The running executable's path, size and modification time.
    static let executableIdentity: [UInt8] = {
        var k = RunKey()
        let path = Bundle.main.executablePath ?? CommandLine.arguments.first ?? ""
        k.string(path)
        if let st = FactsCache.stat(path) {
            k.u64(UInt64(bitPattern: st.size))
            k.u64(UInt64(bitPattern: st.mtime))
        }
        return k.bytes
    }()

    // MARK: - Lookup

    /// The stored key and result, whatever the key (the caller compares it with the run's); once per
    /// run, so a stale result is not kept while resolving.
    func take() -> (key: FactsCache.Digest, result: CachedResult)? {
        loading.wait()
        defer { loaded = nil }
        return loaded
    }

    /// The result the file holds when it decodes under `key`.
    static func decode(_ bytes: [UInt8], key: FactsCache.Digest) -> CachedResult? {
        guard let file = decode(bytes), file.key == key else { return nil }
        return file.result
    }

    /// The key and result the file holds; nil when it is damaged or of another format.
    static func decode(_ bytes: [UInt8]) -> (key: FactsCache.Digest, result: CachedResult)? {
        guard ResultCodec.isCompatible, bytes.count >= headerLength else { return nil }
        return bytes.withUnsafeBufferPointer { buffer -> (FactsCache.Digest, CachedResult)? in
            var r = ResultReader(bytes: buffer)
            guard Array(r.raw(4)) == magic, r.u32() == format else { return nil }
            let key = FactsCache.Digest(a: r.u64(), b: r.u64())
            guard let length = Int(exactly: r.u64()), length == buffer.count - headerLength else { return nil }
            let checksum = r.u64()
            let payload = UnsafeBufferPointer(rebasing: buffer[headerLength...])
            guard !r.failed, ResultCodec.checksum(payload) == checksum, let result = ResultCodec.decode(payload) else { return nil }
            return (key, result)
        }
    }

    // MARK: - Saving

    /// Writes the result under `key` (atomically) on a background thread; `finishSaving` waits for it.
    func save(_ key: FactsCache.Digest, _ result: CachedResult) { save { (key, result) } }

    /// Like `save`, with the key and result made on the writing thread by `make` (nil: nothing is
    /// written), for a key that waits on facts still being encoded (`FactsCache.encodePending`).
    func save(making make: @escaping () -> (key: FactsCache.Digest, result: CachedResult)?) {
        guard saving == nil, ResultCodec.isCompatible else { return }
        // Not at a lower priority: it starts when resolution ends, and the process waits for it.
        let thread = Thread { [self] in
            if let made = make() { write(ResultCache.encode(made.key, made.result)) }
            saved.signal()
        }
        saving = thread
        thread.start()
    }

    /// Waits until the file started by `save` is written.
    func finishSaving() {
        guard saving != nil else { return }
        saved.wait()
        saving = nil
    }

    static func encode(_ key: FactsCache.Digest, _ result: CachedResult) -> [UInt8] {
        let payload = ResultCodec.encode(result)
        var out = ResultWriter()
        out.bytes.reserveCapacity(headerLength + payload.count)
        out.bytes.append(contentsOf: magic)
        out.u32(format)
        out.u64(key.a)
        out.u64(key.b)
        out.u64(UInt64(payload.count))
        out.u64(payload.withUnsafeBufferPointer { ResultCodec.checksum($0) })
        out.bytes.append(contentsOf: payload)
        return out.bytes
    }

    private func write(_ bytes: [UInt8]) {
        let directory = url.deletingLastPathComponent()
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let tmp = directory.appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).\(UInt32.random(in: 0...UInt32.max)).tmp")
        guard FactsCache.writeFile(tmp.path, bytes), rename(tmp.path, url.path) == 0 else {
            try? FileManager.default.removeItem(at: tmp)
            return
        }
    }
}

/// What the result cache keeps of a run.
struct CachedResult {
    var graph: NavGraph
    /// The resolver's warnings.
    var diagnostics: [Diagnostic]
    /// By path, for each file whose facts have any: the warnings its facts give and its suppressions.
    var files: [String: FileNotes]

    struct FileNotes: Equatable {
        var diagnostics: [Diagnostic]
        var suppressions: [Suppression]
    }

    /// The parts of a run's key: the digest of everything but the files (`ResultCache.restKey`), and each
    /// file given to the resolver with the digest of its facts, in order.
    struct Inputs: Equatable {
        var rest: FactsCache.Digest
        var files: [File]

        struct File: Equatable {
            var path: String
            var factsDigest: FactsCache.Digest
        }
    }

    init(graph: NavGraph, diagnostics: [Diagnostic], files: [String: FileNotes] = [:]) {
        self.graph = graph
        self.diagnostics = diagnostics
        self.files = files
    }
}

/// The bytes a run's result depends on, length-prefixed so no two different inputs give the same bytes;
/// `digest` is the key.
struct RunKey {
    var bytes: [UInt8] = []

    mutating func u64(_ v: UInt64) { for i in 0..<8 { bytes.append(UInt8(truncatingIfNeeded: v >> (8 * i))) } }
    mutating func string(_ s: String) {
        u64(UInt64(s.utf8.count))
        bytes.append(contentsOf: s.utf8)
    }
    mutating func strings(_ list: [String]) {
        u64(UInt64(list.count))
        for s in list { string(s) }
    }
    mutating func digest(_ d: FactsCache.Digest) { u64(d.a); u64(d.b) }
    var digest: FactsCache.Digest { ContentHash.digest(bytes) }
}

/// A compact binary form of a `NavGraph` and the resolver's diagnostics: a string table, then varints
/// (string indexes, counts, zigzag lines), one byte per flag and optional. Enum values are their raw
/// values in the string table, so a new case needs no change here; a new field does (`isCompatible`
/// turns the result cache off until this codec knows it, and a test says so).
enum ResultCodec {
    /// The stored fields of each type this codec writes, as it knows them.
    static let knownFields: [String: [String]] = [
        "NavGraph": ["roots", "nodes", "edges", "paths", "families", "nodeIndex", "outgoingIndex", "incomingIndex"],
        "Node": ["id", "kind", "name", "file", "line", "reachable", "family", "owner", "attributes"],
        "Edge": ["from", "to", "kind", "via", "mechanism", "file", "line", "reachable"],
        "ActionPath": ["sender", "action", "chain", "handledBy", "note", "handledWithin", "reachable", "file", "line", "steps", "carries", "unknown"],
        "ChainStep": ["responder", "role", "file", "line"],
        "Diagnostic": ["level", "file", "line", "message", "code"],
        "Suppression": ["scope", "rules", "line", "reason"],
    ]

    /// The stored fields of each type as compiled now.
    static var currentFields: [String: [String]] {
        func labels(_ value: Any) -> [String] { Mirror(reflecting: value).children.compactMap(\.label) }
        let location = SourceLocation(file: "", line: 0)
        return [
            "NavGraph": labels(NavGraph(roots: [], nodes: [], edges: [])),
            "Node": labels(Node(kind: .app, name: "", location: location, reachable: false)),
            "Edge": labels(Edge(from: "", to: "", kind: .starts, location: location, reachable: false)),
            "ActionPath": labels(ActionPath(sender: "", action: "", chain: [], handledBy: nil, reachable: false, location: location)),
            "ChainStep": labels(ChainStep(responder: "", role: .end)),
            "Diagnostic": labels(Diagnostic(.warning, "")),
            "Suppression": labels(Suppression(scope: .next, rules: [], line: 0, reason: nil)),
        ]
    }

    /// Whether the model has exactly the fields this codec writes.
    static let isCompatible = currentFields == knownFields

    static func encode(_ result: CachedResult) -> [UInt8] {
        let graph = result.graph
        var w = ResultWriter()
        w.strings(graph.roots)
        w.strings(graph.families)
        w.list(graph.nodes) { w, n in
            w.string(n.id); w.string(n.kind.rawValue); w.string(n.name); w.string(n.file); w.int(n.line); w.bool(n.reachable)
            w.optString(n.family); w.optString(n.owner)
            if let attributes = n.attributes {
                w.bytes.append(1)
                w.list(attributes.sorted { $0.key < $1.key }) { w, a in w.string(a.key); w.string(a.value) }
            } else {
                w.bytes.append(0)
            }
        }
        w.list(graph.edges) { w, e in
            w.string(e.from); w.string(e.to); w.string(e.kind.rawValue); w.optString(e.via); w.optString(e.mechanism)
            w.string(e.file); w.int(e.line); w.bool(e.reachable)
        }
        w.list(graph.paths) { w, p in
            w.string(p.sender); w.string(p.action); w.strings(p.chain); w.optString(p.handledBy); w.optString(p.note)
            w.optString(p.handledWithin); w.bool(p.reachable); w.string(p.file); w.int(p.line)
            if let steps = p.steps {
                w.bytes.append(1)
                w.list(steps) { w, s in w.string(s.responder); w.string(s.role.rawValue); w.optString(s.file); w.optInt(s.line) }
            } else {
                w.bytes.append(0)
            }
            if let carries = p.carries { w.bytes.append(1); w.strings(carries) } else { w.bytes.append(0) }
            w.bytes.append(p.unknown == true ? 1 : 0)
        }
        w.list(result.diagnostics) { $0.diagnostic($1) }
        w.list(result.files.sorted { $0.key < $1.key }) { w, file in
            w.string(file.key)
            w.list(file.value.diagnostics) { $0.diagnostic($1) }
            w.list(file.value.suppressions) { w, s in w.string(s.scope.rawValue); w.strings(s.rules); w.int(s.line); w.optString(s.reason) }
        }

        var out = ResultWriter()
        out.uint(UInt64(w.strings.count))
        for s in w.strings { out.rawString(s) }
        out.bytes.reserveCapacity(out.bytes.count + w.bytes.count)
        out.bytes.append(contentsOf: w.bytes)
        return out.bytes
    }

    static func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> CachedResult? {
        var r = ResultReader(bytes: bytes)
        let stringCount = r.count()
        r.strings.reserveCapacity(stringCount)
        for _ in 0..<stringCount where !r.failed { r.strings.append(r.rawString()) }
        // Each enum is made once per distinct raw value.
        var nodeKinds = [NodeKind?](repeating: nil, count: r.strings.count)
        var edgeKinds = [EdgeKind?](repeating: nil, count: r.strings.count)
        var roles = [ChainStep.Role?](repeating: nil, count: r.strings.count)
        var levels = [Diagnostic.Level?](repeating: nil, count: r.strings.count)
        var scopes = [Suppression.Scope?](repeating: nil, count: r.strings.count)

        let roots = r.stringList()
        let families = r.stringList()
        let nodes = r.list { r -> Node? in
            let id = r.string()
            guard let kind = r.enumValue(&nodeKinds) else { return nil }
            let name = r.string(), file = r.string(), line = r.int(), reachable = r.bool()
            let family = r.optString(), owner = r.optString()
            var n = Node(kind: kind, name: name, location: SourceLocation(file: file, line: line), reachable: reachable, family: family, owner: owner)
            n.id = id
            if r.byte() == 1 {
                let count = r.count()
                var attributes: [String: String] = [:]
                attributes.reserveCapacity(count)
                for _ in 0..<count where !r.failed {
                    let key = r.string()
                    attributes[key] = r.string()
                }
                n.attributes = attributes
            }
            return n
        }
        let edges = r.list { r -> Edge? in
            let from = r.string(), to = r.string()
            guard let kind = r.enumValue(&edgeKinds) else { return nil }
            let via = r.optString(), mechanism = r.optString(), file = r.string(), line = r.int(), reachable = r.bool()
            return Edge(from: from, to: to, kind: kind, via: via, mechanism: mechanism, location: SourceLocation(file: file, line: line), reachable: reachable)
        }
        let paths = r.list { r in decodePath(&r, &roles) }
        func diagnostic(_ r: inout ResultReader) -> Diagnostic? {
            guard let level = r.enumValue(&levels) else { return nil }
            let file = r.optString(), line = r.optInt(), message = r.string()
            return Diagnostic(level, message, file: file, line: line, code: r.optString())
        }
        let diagnostics = r.list(diagnostic)
        var files: [String: CachedResult.FileNotes] = [:]
        for (path, notes) in r.list({ r -> (String, CachedResult.FileNotes)? in
            let path = r.string()
            let diagnostics = r.list(diagnostic)
            let suppressions = r.list { r -> Suppression? in
                guard let scope = r.enumValue(&scopes) else { return nil }
                let rules = r.stringList(), line = r.int()
                return Suppression(scope: scope, rules: rules, line: line, reason: r.optString())
            }
            return (path, CachedResult.FileNotes(diagnostics: diagnostics, suppressions: suppressions))
        }) {
            guard files.updateValue(notes, forKey: path) == nil else { return nil }
        }
        guard !r.failed, r.pos == bytes.count else { return nil }
        // Written from a graph, so in its order already.
        return CachedResult(graph: NavGraph(inOrder: roots, nodes: nodes, edges: edges, paths: paths, families: families),
                            diagnostics: diagnostics, files: files)
    }

    private static func decodePath(_ r: inout ResultReader, _ roles: inout [ChainStep.Role?]) -> ActionPath? {
        let sender = r.string(), action = r.string(), chain = r.stringList()
        let handledBy = r.optString(), note = r.optString(), handledWithin = r.optString()
        let reachable = r.bool(), file = r.string(), line = r.int()
        var p = ActionPath(sender: sender, action: action, chain: chain, handledBy: handledBy, note: note, reachable: reachable,
                           location: SourceLocation(file: file, line: line), handledWithin: handledWithin)
        if r.byte() == 1 {
            p.steps = r.list { r -> ChainStep? in
                let responder = r.string()
                guard let role = r.enumValue(&roles) else { return nil }
                var s = ChainStep(responder: responder, role: role)
                s.file = r.optString()
                s.line = r.optInt()
                return s
            }
        }
        if r.byte() == 1 { p.carries = r.stringList() }
        if r.byte() == 1 { p.unknown = true }
        return p
    }

    /// A 64-bit checksum of the payload, a word at a time (a damaged file must not decode to another graph).
    static func checksum(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var h: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
        let raw = UnsafeRawBufferPointer(bytes)
        let words = bytes.count / 8
        for i in 0..<words {
            h = (h ^ raw.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self)) &* 0x0000_0100_0000_01B3
            h ^= h >> 29
        }
        for i in (words * 8)..<bytes.count {
            h = (h ^ UInt64(bytes[i])) &* 0x0000_0100_0000_01B3
            h ^= h >> 29
        }
        return h
    }
}

struct ResultWriter: BinaryWriting {
    var bytes: [UInt8] = []
    var strings: [String] = []
    var stringIndex: NameMap<Int> = [:]

    mutating func diagnostic(_ d: Diagnostic) { string(d.level.rawValue); optString(d.file); optInt(d.line); string(d.message); optString(d.code) }
}

/// Reads what `ResultWriter` wrote. Every read is bounds-checked: past the end or an index out of range
/// sets `failed` and returns a placeholder, and the caller discards everything.
struct ResultReader: BinaryReading {
    let bytes: UnsafeBufferPointer<UInt8>
    var pos = 0
    var strings: [String] = []
    var failed = false

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    mutating func stringList() -> [String] {
        let n = count()
        var out: [String] = []
        out.reserveCapacity(n)
        for _ in 0..<n where !failed { out.append(string()) }
        return out
    }
    /// A list of items; an item that cannot be made (nil) fails the whole read.
    mutating func list<T>(_ f: (inout ResultReader) -> T?) -> [T] {
        let n = count()
        var out: [T] = []
        out.reserveCapacity(n)
        for _ in 0..<n where !failed {
            guard let item = f(&self) else { failed = true; break }
            out.append(item)
        }
        return out
    }
    /// The enum whose raw value is the next string, made once per string (`memo` is indexed like `strings`).
    mutating func enumValue<E: RawRepresentable>(_ memo: inout [E?]) -> E? where E.RawValue == String {
        let i = Int(clamping: uint())
        guard i < strings.count else { failed = true; return nil }
        if let e = memo[i] { return e }
        guard let e = E(rawValue: strings[i]) else { failed = true; return nil }
        memo[i] = e
        return e
    }
}
