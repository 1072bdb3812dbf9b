import Foundation

public enum GitSnapshotError: Error, CustomStringConvertible {
    case notARepository(String)
    case badRevision(String, String)
    case failed(String)

    public var description: String {
        switch self {
        case .notARepository(let p): return "\(p) is not inside a git repository"
        case .badRevision(let r, let why): return "unknown git revision '\(r)'" + (why.isEmpty ? "" : ": \(why)")
        case .failed(let m): return m
        }
    }
}

/// A folder as it was at a git revision, extracted with `git archive` into a temporary directory.
/// The user's working tree, index and refs are only read, never changed (no checkout, no worktree).
public struct GitSnapshot {
    /// The snapshot of the requested folder (same relative paths as in the working tree).
    public let folder: URL
    let temporary: URL
    /// One line per committed symbolic link that pointed outside the snapshot and was removed, naming it
    /// by its path in the repository (`App/Leak.swift: warning: …`).
    public var warnings: [String] = []

    public func remove() { try? FileManager.default.removeItem(at: temporary) }

    public static func extract(revision: String, path: String) throws -> GitSnapshot {
        // A revision is never taken as an option of git.
        guard !revision.isEmpty, !revision.hasPrefix("-") else { throw GitSnapshotError.badRevision(revision, "") }
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else { throw GitSnapshotError.failed("\(path) does not exist") }
        let dir = isDir.boolValue ? URL(fileURLWithPath: path) : URL(fileURLWithPath: path).deletingLastPathComponent()
        let top = try git(["rev-parse", "--show-toplevel"], in: dir)
        guard top.status == 0 else { throw GitSnapshotError.notARepository(path) }
        let prefix = try git(["rev-parse", "--show-prefix"], in: dir).text.trimmingCharacters(in: .whitespacesAndNewlines)
        let verify = try git(["rev-parse", "--verify", "--quiet", "\(revision)^{commit}"], in: dir)
        guard verify.status == 0 else { throw GitSnapshotError.badRevision(revision, verify.errors.trimmingCharacters(in: .whitespacesAndNewlines)) }
        let commit = verify.text.trimmingCharacters(in: .whitespacesAndNewlines)

        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("navgraph-rev-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let archive = try git(["archive", "--format=tar", commit] + (prefix.isEmpty ? [] : ["--", prefix]), in: URL(fileURLWithPath: top.text.trimmingCharacters(in: .whitespacesAndNewlines)))
        guard archive.status == 0 else {
            try? FileManager.default.removeItem(at: temporary)
            // The folder did not exist at that revision: an empty snapshot.
            if archive.errors.contains("did not match any files") {
                let folder = temporary.appendingPathComponent(prefix)
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                return GitSnapshot(folder: folder, temporary: temporary, warnings: [])
            }
            throw GitSnapshotError.failed("git archive failed: \(archive.errors)")
        }
        let tar = try run("/usr/bin/env", ["tar", "-x", "-f", "-", "-C", temporary.path], in: temporary, input: archive.data)
        guard tar.status == 0 else {
            try? FileManager.default.removeItem(at: temporary)
            throw GitSnapshotError.failed("tar failed: \(tar.errors)")
        }
        let warnings = removeLinksOut(of: temporary, revision: revision)
        var folder = temporary.appendingPathComponent(prefix)
        if !isDir.boolValue { folder = folder.appendingPathComponent(URL(fileURLWithPath: path).lastPathComponent) }
        return GitSnapshot(folder: folder, temporary: temporary, warnings: warnings)
    }

    /// Removes every symbolic link in `root` whose target is outside it, and says which. WHY: a commit can
    /// hold a link to any absolute path (`Leak.swift -> /etc/…`); the working tree's discovery skips such
    /// links, and the base revision's must not read them either. Links inside the snapshot stay (the
    /// discovery reads their targets at their own paths).
    static func removeLinksOut(of root: URL, revision: String) -> [String] {
        let fm = FileManager.default
        let top = root.resolvingSymlinksInPath().standardizedFileURL.path
        var warnings: [String] = []
        var pending = [top]
        while let dir = pending.popLast() {
            guard let names = try? fm.contentsOfDirectory(atPath: dir) else { continue }
            for name in names.sorted() {
                let path = dir + "/" + name
                if let destination = try? fm.destinationOfSymbolicLink(atPath: path) {
                    let target = destination.hasPrefix("/") ? destination : dir + "/" + destination
                    let resolved = URL(fileURLWithPath: target).standardizedFileURL.resolvingSymlinksInPath().path
                    guard resolved != top, !resolved.hasPrefix(top + "/") else { continue }
                    try? fm.removeItem(atPath: path)
                    let relative = String(path.dropFirst(top.count + 1))
                    warnings.append("\(relative): warning: skipping symbolic link to a file outside the snapshot of '\(revision)' (\(destination))")
                    continue
                }
                var isDir: ObjCBool = false
                if fm.fileExists(atPath: path, isDirectory: &isDir), isDir.boolValue { pending.append(path) }
            }
        }
        return warnings.sorted()
    }

    struct Result {
        var status: Int32
        var data: Data
        var errors: String
        var text: String { String(decoding: data, as: UTF8.self) }
    }

    static func git(_ args: [String], in dir: URL) throws -> Result {
        try run("/usr/bin/env", ["git"] + args, in: dir)
    }

    static func run(_ tool: String, _ args: [String], in dir: URL, input: Data? = nil) throws -> Result {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: tool)
        p.arguments = args
        p.currentDirectoryURL = dir
        var env = ProcessInfo.processInfo.environment
        env["GIT_TERMINAL_PROMPT"] = "0"
        p.environment = env
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        let inPipe = input.map { _ in Pipe() }
        if let inPipe { p.standardInput = inPipe } else { p.standardInput = FileHandle.nullDevice }
        do { try p.run() } catch { throw GitSnapshotError.failed("cannot run \(args.first ?? tool): \(error.localizedDescription)") }
        // Feed stdin and drain stderr on their own threads so no pipe fills up and blocks.
        let group = DispatchGroup()
        if let inPipe, let input {
            DispatchQueue.global().async(group: group) {
                inPipe.fileHandleForWriting.write(input)
                try? inPipe.fileHandleForWriting.close()
            }
        }
        final class Box: @unchecked Sendable { var data = Data() }
        let errBox = Box()
        DispatchQueue.global().async(group: group) { errBox.data = err.fileHandleForReading.readDataToEndOfFile() }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        p.waitUntilExit()
        return Result(status: p.terminationStatus, data: data, errors: String(decoding: errBox.data, as: UTF8.self))
    }
}
