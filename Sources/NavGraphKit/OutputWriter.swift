import Foundation
import NavGraphDiscovery
import NavGraphModel

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

/// Writes outputs atomically (temporary file, then rename), creating parent folders. One rule for every
/// command: an output may go anywhere, inside the analyzed folder too, except over a file navgraph reads
/// as input (`inputKind`) or over the analyzed file itself.
public enum OutputWriter {
    /// What navgraph would read as input at `path`, judged by its name: a Swift source, a storyboard or
    /// xib, an Xcode project, a package manifest, a configuration file or an XcodeGen spec. WHY: an output
    /// written there would replace the app's code, or be read back as input by the next run.
    public static func inputKind(_ path: String) -> String? {
        let name = URL(fileURLWithPath: path).lastPathComponent
        switch URL(fileURLWithPath: path).pathExtension.lowercased() {
        case "swift": return name == "Package.swift" ? "a package manifest" : "a .swift file"
        case "storyboard": return "a storyboard"
        case "xib": return "a .xib file"
        default: break
        }
        switch name {
        case "project.pbxproj": return "an Xcode project file"
        case Configuration.fileName: return "navgraph's configuration file"
        case "project.yml": return "an XcodeGen project spec"
        default: return nil
        }
    }

    /// `analyzed`: the paths the command read (PATH, or diff's operands); an output may not replace one
    /// that is a file.
    public static func write(_ data: Data, to path: String, analyzed: [String] = []) throws {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        if let kind = inputKind(path) {
            throw OutputError.refused("refusing to write \(visibleControlCharacters(path)): it is \(kind), which navgraph reads as input")
        }
        for root in analyzed {
            let rootURL = URL(fileURLWithPath: root).standardizedFileURL.resolvingSymlinksInPath()
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: rootURL.path, isDirectory: &isDir), !isDir.boolValue,
               realPath(url.deletingLastPathComponent()) + "/" + url.lastPathComponent == rootURL.path {
                throw OutputError.refused("refusing to write \(visibleControlCharacters(path)): it is the analyzed file")
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
    /// so `-o link/new/x` would not be recognised as the analyzed file.
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
