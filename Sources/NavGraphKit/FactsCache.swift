import Foundation
import NavGraphDiscovery
import NavGraphExtract
import NavGraphModel

/// Per-file facts cached by content hash, in one pack file per analyzed root, in a folder per cache
/// format and tool version (a new navgraph version starts a new folder).
///
/// The pack holds, for each file of the last run, its path, size, modification time, content hash,
/// facts (binary `FileFacts`) and the digest of those facts' bytes, and after them the facts of earlier versions of files (as many as there
/// are files at most), so switching branches back and forth stays warm. A run reads the pack with one
/// read: a file whose size and modification time are unchanged is not even opened; a file whose content
/// hash is known (touched, or reverted to an earlier version) is not parsed; anything else is extracted.
/// Facts found in the pack are decoded only when they are needed (`lookup`, then `facts(of:entry:…)`).
/// When anything changed, the pack is written again (whole, atomically) on a background thread, which
/// `finishSaving` waits for.
///
/// The facts digests identify what the resolve stage is given: `ResultCache` keys a whole run on them,
/// so a file edited without changing its facts (a comment) does not resolve the app again.
///
/// WHY one pack: a warm run at a million lines reads 6,000 entries; as one file per entry that was
/// 6,000 opens and reads and an index to parse, seconds in all.
public final class FactsCache: @unchecked Sendable {
    public let directory: URL
    let packURL: URL
    /// Where `ResultCache` keeps the last run's graph for this root, next to the pack.
    let resultURL: URL
    private let lock = NSLock()
    /// The pack, read on a background thread from `init` (while discovery runs); `pack` waits for it.
    private var loadedPack: Pack?
    private let loading = DispatchGroup()
    private var pack: Pack {
        loading.wait()
        return loadedPack!
    }
    /// This run's entries, by path.
    private var updated: [String: Record] = [:]
    /// Whether facts extracted now are left unencoded until the pack is written (`encodePending`), so
    /// that the extraction workers do not encode them. The pipeline sets it; their digests are then nil
    /// until `encodePending` gives them. WHY: a first run (or one after a cache miss in CI) encoded every
    /// file's facts on the critical path, 0.5 s of CPU at a million lines, for a pack and a result key
    /// only needed once the run is over, while instantiation leaves a core idle.
    var defersEncoding = false
    /// Facts extracted this run and not encoded yet, by path (`defersEncoding`); `record` tells whether
    /// they go into the next pack (as `updated` would have held them).
    private var unencoded: [String: Unencoded] = [:]
    private struct Unencoded {
        var facts: FileFacts
        /// The size, modification time and content digest the file's record takes; nil when it gets none.
        var record: (size: Int64, mtime: Int64, digest: Digest)?
    }
    /// The digests `encodePending` computed so far; a group others wait on while it runs.
    private var encodedDigests: [String: Digest] = [:]
    private var encoding: DispatchGroup?
    private var saving: Thread?
    private let saved = DispatchSemaphore(value: 0)
    public private(set) var hits = 0
    public private(set) var misses = 0

    /// A 128-bit content hash (of a file's path and bytes, of encoded facts, of a run's inputs).
    struct Digest: Hashable {
        var a: UInt64
        var b: UInt64
    }

    /// One file's entry for the next pack: where its facts are (in the pack read, or encoded now).
    struct Record {
        var size: Int64
        var mtime: Int64
        var digest: Digest
        var facts: Blob
        /// The digest of the encoded facts' bytes.
        var factsDigest: Digest
    }

    enum Blob {
        case packed(Range<Int>)
        case encoded([UInt8])
    }

    /// `~/.cache/navgraph` (or `$XDG_CACHE_HOME/navgraph`); `~/Library/Caches/navgraph` on macOS.
    public static var defaultLocation: URL {
        let env = ProcessInfo.processInfo.environment
        if let xdg = env["XDG_CACHE_HOME"], !xdg.isEmpty { return URL(fileURLWithPath: xdg).appendingPathComponent("navgraph") }
        let home = FileManager.default.homeDirectoryForCurrentUser
        #if os(macOS)
        return home.appendingPathComponent("Library/Caches/navgraph")
        #else
        return home.appendingPathComponent(".cache/navgraph")
        #endif
    }

    public init(location: URL, root: String) {
        directory = location.appendingPathComponent("v\(FactsCodec.version)-\(NavGraphVersion.current)")
        let rootPath = URL(fileURLWithPath: root).standardizedFileURL.path
        let rootHash = ContentHash.hex(Array(rootPath.utf8))
        packURL = directory.appendingPathComponent("pack-\(rootHash)")
        resultURL = directory.appendingPathComponent("result-\(rootHash)")
        let path = packURL.path
        loading.enter()
        Thread { [self] in
            let bytes = (try? FileBytes.read(path, limit: Int(Int32.max)).get()) ?? []
            loadedPack = Pack(bytes) ?? Pack([])!
            loading.leave()
        }.start()
    }

    deinit { finishSaving() }

    // MARK: - Lookup

    /// Facts for the file, from the cache or from `extract`.
    public func facts(for file: SourceFile, extract: () -> (FileFacts?, [Diagnostic])) -> (FileFacts?, [Diagnostic]) {
        let found = facts(for: file, limit: Int(Int32.max)) { _ in extract() }
        return (found.facts, found.diagnostics)
    }

    /// What `lookup` knows of a file.
    enum Found {
        /// The pack holds the file's facts (unchanged, or its content seen before): entry `i`, not decoded
        /// yet, and the digest of the facts' bytes.
        case packed(Int, factsDigest: Digest)
        /// Extracted now (or unreadable: no facts), with the digest of the facts' bytes when there are facts.
        case extracted(facts: FileFacts?, diagnostics: [Diagnostic], factsDigest: Digest?)
    }

    /// Facts for the file, from the cache or from `extract`, which is given the file's bytes when the
    /// cache read them (nil when they could not be read within `limit`); with the digest of the facts'
    /// encoded bytes whenever there are facts.
    func facts(for file: SourceFile, limit: Int, extract: ([UInt8]?) -> (FileFacts?, [Diagnostic]))
        -> (facts: FileFacts?, diagnostics: [Diagnostic], factsDigest: Digest?) {
        switch lookup(for: file, limit: limit, extract: extract) {
        case .packed(let i, _): return facts(of: file, entry: i, limit: limit, extract: extract)
        case .extracted(let facts, let diagnostics, let factsDigest): return (facts, diagnostics, factsDigest)
        }
    }

    /// Where the file's facts are: in the pack (found by size and modification time, or by content hash;
    /// nothing is decoded, so a run that does not need the facts does not pay for them), or extracted now.
    func lookup(for file: SourceFile, limit: Int, extract: ([UInt8]?) -> (FileFacts?, [Diagnostic])) -> Found {
        let pack = self.pack
        let stat = FactsCache.stat(file.absolutePath)
        if let stat, let i = pack.byPath[file.relativePath], pack.entries[i].size == stat.size, pack.entries[i].mtime == stat.mtime {
            lock.lock(); hits += 1; updated[file.relativePath] = pack.record(i); lock.unlock()
            return .packed(i, factsDigest: pack.entries[i].factsDigest)
        }
        // Read as SourceReader reads: never blocking on a pipe swapped in after discovery.
        guard let bytes = try? FileBytes.read(file.absolutePath, limit: limit).get() else {
            let result = FactsCache.digested(extract(nil))
            return .extracted(facts: result.facts, diagnostics: result.diagnostics, factsDigest: result.factsDigest)
        }
        let digest = ContentHash.digest(file.relativePath, bytes)
        if let i = pack.byDigest[digest] {
            lock.lock()
            hits += 1
            if let stat {
                let e = pack.record(i)
                updated[file.relativePath] = Record(size: stat.size, mtime: stat.mtime, digest: digest, facts: e.facts, factsDigest: e.factsDigest)
            }
            lock.unlock()
            return .packed(i, factsDigest: pack.entries[i].factsDigest)
        }
        let result = extractAndRecord(file, bytes: bytes, digest: digest, stat: stat, extract: extract)
        return .extracted(facts: result.facts, diagnostics: result.diagnostics, factsDigest: result.factsDigest)
    }

    /// The facts of pack entry `entry`, which `lookup` found for the file. Facts that do not decode (a
    /// damaged pack) are extracted again, and the next pack holds the new ones.
    func facts(of file: SourceFile, entry: Int, limit: Int, extract: ([UInt8]?) -> (FileFacts?, [Diagnostic]))
        -> (facts: FileFacts?, diagnostics: [Diagnostic], factsDigest: Digest?) {
        let pack = self.pack
        if let cached = pack.facts(entry) { return (cached, FactsCache.diagnostics(cached), pack.entries[entry].factsDigest) }
        guard let bytes = try? FileBytes.read(file.absolutePath, limit: limit).get() else {
            lock.lock(); updated[file.relativePath] = nil; lock.unlock()
            return FactsCache.digested(extract(nil))
        }
        return extractAndRecord(file, bytes: bytes, digest: ContentHash.digest(file.relativePath, bytes),
                                stat: FactsCache.stat(file.absolutePath), extract: extract)
    }

    /// Extracts the file from its bytes and records the facts for the next pack.
    private func extractAndRecord(_ file: SourceFile, bytes: [UInt8], digest: Digest, stat: (size: Int64, mtime: Int64)?,
                                  extract: ([UInt8]?) -> (FileFacts?, [Diagnostic])) -> (facts: FileFacts?, diagnostics: [Diagnostic], factsDigest: Digest?) {
        let result = extract(bytes)
        guard let facts = result.0 else {
            lock.lock(); misses += 1; updated[file.relativePath] = nil; unencoded[file.relativePath] = nil; lock.unlock()
            return (nil, result.1, nil)
        }
        // Only clean results are cached: a file that needed a warning at read time is read again next time.
        let clean = result.1.allSatisfy { $0.message != SourceReader.notUTF8 }
        let recorded = stat.flatMap { clean ? (size: $0.size, mtime: $0.mtime, digest: digest) : nil }
        if defersEncoding {
            lock.lock(); misses += 1; updated[file.relativePath] = nil; unencoded[file.relativePath] = Unencoded(facts: facts, record: recorded); lock.unlock()
            return (facts, result.1, nil)
        }
        let encoded = FactsCodec.encode(facts)
        let factsDigest = ContentHash.digest(encoded)
        let record = recorded.map { Record(size: $0.size, mtime: $0.mtime, digest: $0.digest, facts: .encoded(encoded), factsDigest: factsDigest) }
        lock.lock(); misses += 1; updated[file.relativePath] = record; lock.unlock()
        return (facts, result.1, factsDigest)
    }

    /// Encodes the facts `lookup` left unencoded (`defersEncoding`) on up to `threads` threads (at the
    /// caller's priority: threads inherit it), records those that go into the next pack, and returns the digests of
    /// all the facts it encoded in this run, by path. A caller meanwhile waits for it, then encodes what
    /// is still left (facts extracted again after it started: a pack entry that did not decode).
    func encodePending(threads: Int) -> [String: Digest] {
        lock.lock()
        while let running = encoding {
            lock.unlock()
            running.wait()
            lock.lock()
        }
        if unencoded.isEmpty { defer { lock.unlock() }; return encodedDigests }
        let group = DispatchGroup()
        group.enter()
        encoding = group
        let pending = unencoded.sorted { $0.key < $1.key }
        unencoded = [:]
        lock.unlock()
        // On large-stack workers, as extraction's: encoding recurses as deep as the facts nest.
        let encoded = ParallelJobs.map(pending.count, threads: threads) { FactsCodec.encode(pending[$0].value.facts) }
        let digests = pending.indices.map { ContentHash.digest(encoded[$0]) }
        lock.lock()
        for (i, (path, p)) in pending.enumerated() {
            encodedDigests[path] = digests[i]
            if let r = p.record {
                updated[path] = Record(size: r.size, mtime: r.mtime, digest: r.digest, facts: .encoded(encoded[i]), factsDigest: digests[i])
            }
        }
        let all = encodedDigests
        encoding = nil
        lock.unlock()
        group.leave()
        return all
    }

    /// Whether some facts extracted this run wait for `encodePending` (not run, or not finished).
    var hasUnencodedFacts: Bool {
        lock.lock(); defer { lock.unlock() }
        return encoding != nil || !unencoded.isEmpty
    }

    /// An extraction's result with the digest of its facts' encoded bytes (nil without facts).
    static func digested(_ result: (FileFacts?, [Diagnostic])) -> (facts: FileFacts?, diagnostics: [Diagnostic], factsDigest: Digest?) {
        (result.0, result.1, result.0.map { ContentHash.digest(FactsCodec.encode($0)) })
    }

    static func diagnostics(_ facts: FileFacts) -> [Diagnostic] { Pipeline.diagnostics(of: facts) }

    static func stat(_ path: String) -> (size: Int64, mtime: Int64)? {
        var st = Foundation.stat()
        guard Glibc_or_Darwin_stat(path, &st) == 0 else { return nil }
        #if os(macOS)
        let ns = Int64(st.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(st.st_mtimespec.tv_nsec)
        #else
        let ns = Int64(st.st_mtim.tv_sec) * 1_000_000_000 + Int64(st.st_mtim.tv_nsec)
        #endif
        return (Int64(st.st_size), ns)
    }

    // MARK: - Saving

    /// Starts writing the pack of this run (the files seen now, then earlier versions) on a background
    /// thread, when anything changed; `finishSaving` waits for it.
    public func save() {
        guard saving == nil else { return }
        // With facts left to encode, whether the pack differs is known only once they are encoded; without,
        // no thread is started for a pack that does not.
        let encoding = hasUnencodedFacts
        guard encoding || pack.differs(from: records()) else { return }
        let thread = Thread { [self] in
            if encoding {
                // First, at low priority: it runs on the core the next stages leave idle.
                ThreadPriority.lowerCurrent()
                _ = encodePending(threads: 1)
            }
            let current = records()
            if pack.differs(from: current) { write(current) }
            saved.signal()
        }
        saving = thread
        thread.start()
    }

    /// This run's entries so far.
    private func records() -> [String: Record] {
        lock.lock(); defer { lock.unlock() }
        return updated
    }

    /// Waits until the pack started by `save` is written.
    public func finishSaving() {
        guard saving != nil else { return }
        saved.wait()
        saving = nil
    }

    private func write(_ records: [String: Record]) {
        let bytes = self.pack.merged(with: records)
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let tmp = directory.appendingPathComponent(".\(packURL.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).\(UInt32.random(in: 0...UInt32.max)).tmp")
        guard FactsCache.writeFile(tmp.path, bytes), rename(tmp.path, packURL.path) == 0 else {
            try? FileManager.default.removeItem(at: tmp)
            return
        }
    }

    /// Writes a new file (no copy into `Data` of a pack that can be tens of megabytes).
    static func writeFile(_ path: String, _ bytes: [UInt8]) -> Bool {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = Foundation.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return false }
                offset += n
            }
            return true
        }
    }
}

/// The pack file: a header, an index of entries, and the facts of every entry one after another.
///
///     "NGFC"  u32 pack format  u32 codec version  u32 entries  u32 entries of the last run  u64 facts offset
///     per entry: u32 path length, path, i64 size, i64 mtime, u64 u64 digest, u64 facts offset, u64 facts length,
///                u64 u64 facts digest
///     facts…
///
/// Integers are little-endian. The entries of the last run come first (one per path), then earlier
/// versions. Anything inconsistent makes the whole pack unreadable: an empty cache, never a crash.
struct Pack {
    static let magic: [UInt8] = Array("NGFC".utf8)
    /// 2: each entry ends with the digest of its facts' bytes.
    static let format: UInt32 = 2

    struct Entry {
        var path: String
        var size: Int64
        var mtime: Int64
        var digest: FactsCache.Digest
        var facts: Range<Int>
        var factsDigest: FactsCache.Digest
        var isCurrent: Bool
    }

    let bytes: [UInt8]
    var entries: [Entry] = []
    /// The entries of the last run, by path.
    var byPath: [String: Int] = [:]
    var byDigest: [FactsCache.Digest: Int] = [:]

    init?(_ bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.isEmpty { return }
        var r = ByteReader(bytes: bytes)
        guard r.take(4).map(Array.init) == Pack.magic, r.u32() == Pack.format, r.u32() == FactsCodec.version else { return nil }
        let count = Int(r.u32() ?? 0)
        let currentCount = Int(r.u32() ?? 0)
        // Every count read from disk is bounded before it sizes anything: the entries of the last run are
        // among the entries (a flipped bit of this count once asked for a 26 GB table; the fuzzer found it).
        guard let factsStart = r.u64().flatMap({ Int(exactly: $0) }), factsStart <= bytes.count, count <= bytes.count,
              currentCount <= count else { return nil }
        entries.reserveCapacity(count)
        byPath.reserveCapacity(currentCount)
        byDigest.reserveCapacity(count)
        for i in 0..<count {
            guard let pathLength = r.u32(), let path = r.string(Int(pathLength)), let size = r.i64(), let mtime = r.i64(),
                  let a = r.u64(), let b = r.u64(), let offset = r.u64().flatMap({ Int(exactly: $0) }), let length = r.u64().flatMap({ Int(exactly: $0) }),
                  offset <= bytes.count - factsStart, length <= bytes.count - factsStart - offset,
                  let fa = r.u64(), let fb = r.u64() else { return nil }
            let digest = FactsCache.Digest(a: a, b: b)
            let start = factsStart + offset
            entries.append(Entry(path: path, size: size, mtime: mtime, digest: digest, facts: start..<(start + length),
                                 factsDigest: FactsCache.Digest(a: fa, b: fb), isCurrent: i < currentCount))
            if i < currentCount { byPath[path] = i }
            if byDigest[digest] == nil { byDigest[digest] = i }
        }
        guard r.offset <= factsStart else { return nil }
    }

    /// The entry's facts, when their bytes still have the digest the index recorded: a flipped bit that
    /// decodes (a letter of a type's name) would otherwise change the graph, so damage means extracting again.
    func facts(_ i: Int) -> FileFacts? {
        let range = entries[i].facts
        guard ContentHash.digest(Array(bytes[range])) == entries[i].factsDigest,
              let facts = bytes.withUnsafeBufferPointer({ FactsCodec.decode(UnsafeBufferPointer(rebasing: $0[range])) }),
              facts.path == entries[i].path else { return nil }
        return facts
    }

    func record(_ i: Int) -> FactsCache.Record {
        let e = entries[i]
        return FactsCache.Record(size: e.size, mtime: e.mtime, digest: e.digest, facts: .packed(e.facts), factsDigest: e.factsDigest)
    }

    /// Whether a pack of `records` would differ from this one's entries of the last run.
    func differs(from records: [String: FactsCache.Record]) -> Bool {
        if records.count != byPath.count { return true }
        for (path, r) in records {
            guard let i = byPath[path] else { return true }
            let e = entries[i]
            guard e.size == r.size, e.mtime == r.mtime, e.digest == r.digest, e.factsDigest == r.factsDigest,
                  case .packed(let range) = r.facts, range == e.facts else { return true }
        }
        return false
    }

    /// A pack of `records` (sorted by path), then the earlier versions kept: this pack's entries whose
    /// content is not among `records`, newest first, up to as many entries and bytes as `records` have.
    func merged(with records: [String: FactsCache.Record]) -> [UInt8] {
        var current: [(path: String, record: FactsCache.Record)] = records.map { ($0.key, $0.value) }
        current.sort { $0.path < $1.path }
        let digests = Set(current.map { $0.record.digest })
        func length(_ blob: FactsCache.Blob) -> Int {
            switch blob {
            case .packed(let r): return r.count
            case .encoded(let b): return b.count
            }
        }
        let currentBytes = current.reduce(0) { $0 + length($1.record.facts) }
        var earlier: [Entry] = []
        var earlierBytes = 0
        var kept = Set<FactsCache.Digest>()
        for e in entries where !digests.contains(e.digest) && !kept.contains(e.digest) {
            guard earlier.count < current.count, earlierBytes + e.facts.count <= currentBytes else { break }
            earlier.append(e)
            earlierBytes += e.facts.count
            kept.insert(e.digest)
        }

        var index = ByteWriter()
        var offset = 0
        func entry(_ path: String, _ size: Int64, _ mtime: Int64, _ digest: FactsCache.Digest, _ count: Int, _ factsDigest: FactsCache.Digest) {
            let utf8 = Array(path.utf8)
            index.u32(UInt32(utf8.count)); index.bytes(utf8)
            index.i64(size); index.i64(mtime); index.u64(digest.a); index.u64(digest.b)
            index.u64(UInt64(offset)); index.u64(UInt64(count))
            index.u64(factsDigest.a); index.u64(factsDigest.b)
            offset += count
        }
        for (path, r) in current { entry(path, r.size, r.mtime, r.digest, length(r.facts), r.factsDigest) }
        for e in earlier { entry(e.path, e.size, e.mtime, e.digest, e.facts.count, e.factsDigest) }

        var out = ByteWriter()
        out.bytes(Pack.magic)
        out.u32(Pack.format)
        out.u32(FactsCodec.version)
        out.u32(UInt32(current.count + earlier.count))
        out.u32(UInt32(current.count))
        let headerLength = 4 + 4 + 4 + 4 + 4 + 8
        out.u64(UInt64(headerLength + index.data.count))
        out.data.reserveCapacity(headerLength + index.data.count + offset)
        out.bytes(index.data)
        bytes.withUnsafeBufferPointer { old in
            for (_, r) in current {
                switch r.facts {
                case .packed(let range): out.data.append(contentsOf: UnsafeBufferPointer(rebasing: old[range]))
                case .encoded(let b): out.data.append(contentsOf: b)
                }
            }
            for e in earlier { out.data.append(contentsOf: UnsafeBufferPointer(rebasing: old[e.facts])) }
        }
        return out.data
    }
}

private struct ByteReader {
    let bytes: [UInt8]
    var offset = 0

    mutating func take(_ n: Int) -> ArraySlice<UInt8>? {
        guard n >= 0, n <= bytes.count - offset else { return nil }
        defer { offset += n }
        return bytes[offset..<(offset + n)]
    }
    mutating func u32() -> UInt32? {
        take(4).map { $0.reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) } }
    }
    mutating func u64() -> UInt64? {
        take(8).map { $0.reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) } }
    }
    mutating func i64() -> Int64? { u64().map { Int64(bitPattern: $0) } }
    mutating func string(_ n: Int) -> String? { take(n).map { String(decoding: $0, as: UTF8.self) } }
}

private struct ByteWriter {
    var data: [UInt8] = []
    mutating func bytes(_ b: [UInt8]) { data.append(contentsOf: b) }
    mutating func u32(_ v: UInt32) { for i in 0..<4 { data.append(UInt8(truncatingIfNeeded: v >> (8 * i))) } }
    mutating func u64(_ v: UInt64) { for i in 0..<8 { data.append(UInt8(truncatingIfNeeded: v >> (8 * i))) } }
    mutating func i64(_ v: Int64) { u64(UInt64(bitPattern: v)) }
}

/// `stat(2)`, named apart from the struct of the same name.
private func Glibc_or_Darwin_stat(_ path: String, _ st: inout Foundation.stat) -> Int32 {
    let statFunction: (UnsafePointer<CChar>, UnsafeMutablePointer<Foundation.stat>) -> Int32 = stat
    return path.withCString { statFunction($0, &st) }
}

/// 128-bit content hash (two FNV-1a 64 lanes with different seeds); not cryptographic, only an identity.
enum ContentHash {
    static func hex(_ bytes: [UInt8]) -> String {
        let d = digest(bytes)
        return String(d.a, radix: 16).leftPad(16) + String(d.b, radix: 16).leftPad(16)
    }

    /// The hash of a file's relative path, a zero byte, and its bytes.
    static func digest(_ path: String, _ bytes: [UInt8]) -> FactsCache.Digest {
        var h = Hasher128()
        h.add(Array(path.utf8))
        h.add([0])
        h.add(bytes)
        return h.finish()
    }

    static func digest(_ bytes: [UInt8]) -> FactsCache.Digest {
        var h = Hasher128()
        h.add(bytes)
        return h.finish()
    }

    private struct Hasher128 {
        var a: UInt64 = 0xcbf2_9ce4_8422_2325
        var b: UInt64 = 0x8422_2325_cbf2_9ce4
        var count = 0
        mutating func add(_ bytes: [UInt8]) {
            bytes.withUnsafeBufferPointer { buf in
                for byte in buf {
                    a = (a ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
                    b = (b ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 ^ (b >> 29)
                }
            }
            count += bytes.count
        }
        func finish() -> FactsCache.Digest { FactsCache.Digest(a: a ^ UInt64(count), b: b) }
    }
}

private extension String {
    func leftPad(_ n: Int) -> String { count >= n ? self : String(repeating: "0", count: n - count) + self }
}
