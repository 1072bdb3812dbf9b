import Foundation
import NavGraphDiscovery
import NavGraphExtract
import NavGraphModel

/// Per-file facts cached by content hash. A folder per cache format and tool version holds
/// `objects/<hash>` (binary `FileFacts`) and one index per analyzed root mapping each path to its size,
/// modification time and content hash, so an unchanged file is not even read. A changed file (new size,
/// mtime or content) is re-extracted; a new navgraph version starts a new folder.
public final class FactsCache: @unchecked Sendable {
    public let directory: URL
    let objects: URL
    let indexURL: URL
    private let lock = NSLock()
    private var index: [String: Entry] = [:]
    private var updated: [String: Entry] = [:]
    public private(set) var hits = 0
    public private(set) var misses = 0

    struct Entry: Equatable {
        var size: Int64
        var mtime: Int64
        var hash: String
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
        objects = directory.appendingPathComponent("objects")
        let rootPath = URL(fileURLWithPath: root).standardizedFileURL.path
        indexURL = directory.appendingPathComponent("index-\(ContentHash.hex(Array(rootPath.utf8)))")
        loadIndex()
    }

    // MARK: - Lookup

    /// Facts for the file, from the cache or from `extract`, which is called with the file's text.
    public func facts(for file: SourceFile, extract: () -> (FileFacts?, [Diagnostic])) -> (FileFacts?, [Diagnostic]) {
        let stat = FactsCache.stat(file.absolutePath)
        lock.lock()
        let known = index[file.relativePath]
        lock.unlock()
        if let stat, let known, known.size == stat.size, known.mtime == stat.mtime, let cached = load(known.hash) {
            lock.lock(); hits += 1; updated[file.relativePath] = known; lock.unlock()
            return (cached, FactsCache.diagnostics(cached))
        }
        // Read as SourceReader reads: never blocking on a pipe swapped in after discovery.
        guard let data = try? FileBytes.read(file.absolutePath, limit: Int(Int32.max)).get() else { return extract() }
        let hash = ContentHash.hex(Array(file.relativePath.utf8) + [0] + data)
        if let cached = load(hash) {
            lock.lock(); hits += 1; if let stat { updated[file.relativePath] = Entry(size: stat.size, mtime: stat.mtime, hash: hash) }; lock.unlock()
            return (cached, FactsCache.diagnostics(cached))
        }
        let result = extract()
        lock.lock(); misses += 1; lock.unlock()
        // Only clean results are cached: a file that needed a warning at read time is read again next time.
        if let facts = result.0, result.1.allSatisfy({ $0.message != SourceReader.notUTF8 }) {
            store(hash, facts)
            if let stat {
                lock.lock(); updated[file.relativePath] = Entry(size: stat.size, mtime: stat.mtime, hash: hash); lock.unlock()
            }
        }
        return result
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

    func load(_ hash: String) -> FileFacts? {
        guard let data = FileManager.default.contents(atPath: objects.appendingPathComponent(hash).path) else { return nil }
        return FactsCodec.decode([UInt8](data))
    }

    func store(_ hash: String, _ facts: FileFacts) {
        let url = objects.appendingPathComponent(hash)
        try? FileManager.default.createDirectory(at: objects, withIntermediateDirectories: true)
        let tmp = objects.appendingPathComponent(".\(hash).\(ProcessInfo.processInfo.processIdentifier).\(UInt32.random(in: 0...UInt32.max)).tmp")
        guard (try? Data(FactsCodec.encode(facts)).write(to: tmp)) != nil else { return }
        if rename(tmp.path, url.path) != 0 { try? FileManager.default.removeItem(at: tmp) }
    }

    // MARK: - Index

    func loadIndex() {
        guard let text = try? String(contentsOf: indexURL, encoding: .utf8) else { return }
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "\t", maxSplits: 3, omittingEmptySubsequences: false)
            guard parts.count == 4, let size = Int64(parts[0]), let mtime = Int64(parts[1]) else { continue }
            index[String(parts[3])] = Entry(size: size, mtime: mtime, hash: String(parts[2]))
        }
    }

    /// Writes the index of this run (only the files seen now), atomically.
    public func save() {
        lock.lock()
        let entries = updated
        lock.unlock()
        guard entries != index else { return }
        var text = ""
        for (path, e) in entries.sorted(by: { $0.key < $1.key }) where !path.contains("\n") && !path.contains("\t") {
            text += "\(e.size)\t\(e.mtime)\t\(e.hash)\t\(path)\n"
        }
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let tmp = indexURL.appendingPathExtension("\(ProcessInfo.processInfo.processIdentifier).tmp")
        guard (try? Data(text.utf8).write(to: tmp)) != nil else { return }
        if rename(tmp.path, indexURL.path) != 0 { try? FileManager.default.removeItem(at: tmp) }
    }
}

/// `stat(2)`, named apart from the struct of the same name.
private func Glibc_or_Darwin_stat(_ path: String, _ st: inout Foundation.stat) -> Int32 {
    let statFunction: (UnsafePointer<CChar>, UnsafeMutablePointer<Foundation.stat>) -> Int32 = stat
    return path.withCString { statFunction($0, &st) }
}

/// 128-bit content hash (two FNV-1a 64 lanes with different seeds); not cryptographic, only an identity.
enum ContentHash {
    static func hex(_ bytes: [UInt8]) -> String {
        var a: UInt64 = 0xcbf2_9ce4_8422_2325
        var b: UInt64 = 0x8422_2325_cbf2_9ce4
        bytes.withUnsafeBufferPointer { buf in
            for byte in buf {
                a = (a ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
                b = (b ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 ^ (b >> 29)
            }
        }
        a ^= UInt64(bytes.count)
        return String(a, radix: 16).leftPad(16) + String(b, radix: 16).leftPad(16)
    }
}

private extension String {
    func leftPad(_ n: Int) -> String { count >= n ? self : String(repeating: "0", count: n - count) + self }
}
