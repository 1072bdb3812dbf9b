import Foundation
import NavGraphDiscovery

public enum OutputError: Error, CustomStringConvertible {
    case refused(String)
    case cannotWrite(String, String)

    public var description: String {
        switch self {
        case .refused(let m): return m
        case .cannotWrite(let p, let why): return "cannot write \(p): \(why)"
        }
    }
}

/// Writes outputs atomically (temporary file, then rename), creating parent folders. Refuses to
/// overwrite Swift sources or to write inside the analyzed tree unless `allowInsideTree` is set.
public enum OutputWriter {
    public static func write(_ data: Data, to path: String, analyzedRoot: String?, allowInsideTree: Bool = false) throws {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        if url.pathExtension.lowercased() == "swift" {
            throw OutputError.refused("refusing to write \(path): it is a .swift file")
        }
        if let root = analyzedRoot, !allowInsideTree {
            let rootPath = URL(fileURLWithPath: root).standardizedFileURL.resolvingSymlinksInPath().path
            let parent = realPath(url.deletingLastPathComponent())
            if parent == rootPath || parent.hasPrefix(rootPath == "/" ? "/" : rootPath + "/") {
                throw OutputError.refused("refusing to write \(path) inside the analyzed folder \(root) (pass --allow-inside-tree to allow it)")
            }
        }
        // A device or a pipe (`-o /dev/null`, `-o /dev/stdout`, a FIFO) is written to, not replaced: the
        // rename below would put a regular file in its place (as root, even over /dev/null).
        if case .special = FileStatus.of(url.path) {
            try writeInPlace(data, to: url.path, shown: path)
            return
        }
        let dir = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            let tmp = dir.appendingPathComponent(".\(url.lastPathComponent).navgraph-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max)).tmp")
            try data.write(to: tmp)
            // rename(2) replaces the target atomically: readers see the old file or the new one, never half.
            if rename(tmp.path, url.path) != 0 {
                let why = String(cString: strerror(errno))
                try? FileManager.default.removeItem(at: tmp)
                throw OutputError.cannotWrite(path, why)
            }
        } catch let e as OutputError {
            throw e
        } catch {
            throw OutputError.cannotWrite(path, (error as NSError).localizedDescription)
        }
    }

    static func writeInPlace(_ data: Data, to path: String, shown: String) throws {
        let fd = open(path, O_WRONLY | O_CLOEXEC)
        if fd < 0 { throw OutputError.cannotWrite(shown, String(cString: strerror(errno))) }
        defer { close(fd) }
        try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < buffer.count {
                let n = Foundation.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    throw OutputError.cannotWrite(shown, String(cString: strerror(errno)))
                }
                offset += n
            }
        }
    }

    /// The real path of a folder that may not exist yet: its deepest existing ancestor with symbolic
    /// links resolved, plus the rest. WHY: `resolvingSymlinksInPath` leaves a missing path unresolved,
    /// so `-o link-to-tree/new/x.svg` would slip past the inside-the-tree check.
    static func realPath(_ dir: URL) -> String {
        var existing = dir.standardizedFileURL
        var rest: [String] = []
        while !FileManager.default.fileExists(atPath: existing.path) && existing.path != "/" {
            rest.insert(existing.lastPathComponent, at: 0)
            existing.deleteLastPathComponent()
        }
        var real = existing.resolvingSymlinksInPath()
        for r in rest { real.appendPathComponent(r) }
        return real.path
    }
}
