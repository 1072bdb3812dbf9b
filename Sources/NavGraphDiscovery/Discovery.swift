import Foundation
import NavGraphModel

/// A file found under the analyzed folder.
public struct SourceFile: Hashable, Sendable {
    /// Path relative to the analyzed root, with `/` separators.
    public var relativePath: String
    public var absolutePath: String
    public var kind: Kind

    public init(relativePath: String, absolutePath: String, kind: Kind) {
        self.relativePath = relativePath
        self.absolutePath = absolutePath
        self.kind = kind
    }

    /// `project`: an Xcode project's `project.pbxproj`, read for which files its targets compile;
    /// `projectSpec`: a YAML file, which may be an XcodeGen spec read for the same; `objectiveC`: a `.m`
    /// or `.mm` file, read for the names it mentions.
    public enum Kind: String, Sendable { case swift, storyboard, xib, project, projectSpec, objectiveC }
}

public struct DiscoveryOptions: Sendable {
    /// Folder names skipped anywhere in the tree.
    public var skippedFolders: Set<String> = ["Pods", "Carthage", "DerivedData", "build", "node_modules", "Package.swift"]
    public var includeTests = false
    /// Path prefixes (relative) to include; empty means everything.
    public var included: [String] = []
    /// Path prefixes or `*` globs (relative) to exclude.
    public var excluded: [String] = []
    /// Files bigger than this are skipped with a warning.
    public var maxFileSize: Int = 8 << 20

    public init() {}
}

public enum DiscoveryError: Error, CustomStringConvertible {
    case notFound(String)
    case notReadable(String)

    public var description: String {
        switch self {
        case .notFound(let p): return "no such file or folder: \(p)"
        case .notReadable(let p): return "cannot read folder: \(p)"
        }
    }
}

/// Walks a folder and returns the Swift (and storyboard) files navgraph analyzes, sorted by path.
public enum Discovery {
    public static func discover(root: String, options: DiscoveryOptions = DiscoveryOptions()) throws
        -> (files: [SourceFile], diagnostics: [Diagnostic])
    {
        let fm = FileManager.default
        var isDir: ObjCBool = false
        let rootURL = URL(fileURLWithPath: root).standardizedFileURL
        guard fm.fileExists(atPath: rootURL.path, isDirectory: &isDir) else { throw DiscoveryError.notFound(root) }
        var diagnostics: [Diagnostic] = []
        if !isDir.boolValue {
            let name = rootURL.lastPathComponent
            guard let kind = kindOf(name) else { return ([], []) }
            if let skip = skipReason(FileStatus.of(rootURL.path), options) { return ([], [Diagnostic(.warning, skip, file: name)]) }
            return ([SourceFile(relativePath: name, absolutePath: rootURL.path, kind: kind)], [])
        }
        guard fm.isReadableFile(atPath: rootURL.path) else { throw DiscoveryError.notReadable(root) }
        // Breadth-first, one folder level at a time; the folders of a level are listed in parallel.
        // Visited real paths stop symlink loops. Results are sorted, so the order never depends on threads.
        // Links to folders outside PATH are not followed: a link to `/` or to an ancestor would walk the disk.
        let realRoot = rootURL.resolvingSymlinksInPath().path
        var files: [SourceFile] = []
        var visited = Set<String>()
        var level: [Folder] = [Folder(path: rootURL.path, rel: "", real: realRoot)]
        let lock = NSLock()
        while !level.isEmpty {
            var nextLevel: [Folder] = []
            var levelFiles: [SourceFile] = []
            var levelDiagnostics: [Diagnostic] = []
            // Loop detection needs a deterministic winner: claim real paths in sorted order first.
            var claimed: [Folder] = []
            for var folder in level.sorted(by: { $0.rel < $1.rel }) {
                let real = folder.real ?? URL(fileURLWithPath: folder.path).resolvingSymlinksInPath().path
                folder.real = real
                let rel = folder.rel
                if !rel.isEmpty && real != realRoot && !real.hasPrefix(realRoot == "/" ? "/" : realRoot + "/") {
                    diagnostics.append(Diagnostic(.warning, "skipping symbolic link to a folder outside the analyzed folder (\(real))", file: rel))
                } else if visited.insert(real).inserted {
                    claimed.append(folder)
                } else {
                    diagnostics.append(Diagnostic(.warning, "skipping symbolic link to a folder that is already analyzed (a loop, or a second path to it)", file: rel.isEmpty ? "." : rel))
                }
            }
            DispatchQueue.concurrentPerform(iterations: claimed.count) { i in
                let listing = list(claimed[i], realRoot: realRoot, options)
                lock.lock()
                nextLevel.append(contentsOf: listing.folders)
                levelFiles.append(contentsOf: listing.files)
                levelDiagnostics.append(contentsOf: listing.diagnostics)
                lock.unlock()
            }
            files.append(contentsOf: levelFiles)
            diagnostics.append(contentsOf: levelDiagnostics)
            level = nextLevel
        }
        files.sort { $0.relativePath < $1.relativePath }
        diagnostics.sort()
        return (files, diagnostics)
    }

    /// A folder to list: its absolute path, its path relative to the root, and its real path when known
    /// without asking the file system (a folder that is not a symbolic link, inside one whose real path
    /// is known).
    ///
    /// WHY: resolving every folder's real path (a `lstat` per path component) and building `URL`s for
    /// every entry were most of discovery's time on large trees.
    struct Folder {
        var path: String
        var rel: String
        var real: String?
    }

    /// One folder's entries: sub-folders to walk, files to analyze, and what was skipped.
    static func list(_ folder: Folder, realRoot: String, _ options: DiscoveryOptions)
        -> (folders: [Folder], files: [SourceFile], diagnostics: [Diagnostic])
    {
        let fm = FileManager.default
        let (dir, rel) = (folder.path, folder.rel)
        var folders: [Folder] = []
        var files: [SourceFile] = []
        var diagnostics: [Diagnostic] = []
        let names: [String]
        do { names = try fm.contentsOfDirectory(atPath: dir) } catch {
            let why = ((error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError)?.localizedDescription ?? (error as NSError).localizedDescription
            return ([], [], [Diagnostic(.warning, "cannot read folder (\(why)); skipped", file: rel.isEmpty ? "." : rel)])
        }
        for name in names.sorted() {
            if name.hasPrefix(".") { continue }
            let path = dir == "/" ? "/" + name : dir + "/" + name
            let relPath = rel.isEmpty ? name : rel + "/" + name
            if isExcluded(relPath, options) { continue }
            let status = FileStatus.of(path)
            if status == .directory {
                if options.skippedFolders.contains(name) { continue }
                if !options.includeTests && isTestFolder(name) { continue }
                var real: String?
                if let parentReal = folder.real, !isSymbolicLink(path) { real = parentReal == "/" ? "/" + name : parentReal + "/" + name }
                folders.append(Folder(path: path, rel: relPath, real: real))
                continue
            }
            guard let kind = kindOf(name) else { continue }
            if !options.includeTests && kind == .swift && isTestFile(name) { continue }
            if !options.included.isEmpty && !options.included.contains(where: { relPath.hasPrefix($0) }) { continue }
            if let skip = skipReason(status, options) {
                diagnostics.append(Diagnostic(.warning, skip, file: relPath))
                continue
            }
            // A link to a file outside the analyzed folder (`X.swift -> /etc/…`, committed by anyone) is not
            // read, as links to folders outside are not followed; one to a file inside is a second path to it.
            if isSymbolicLink(path) {
                let real = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
                let inside = real.hasPrefix(realRoot == "/" ? "/" : realRoot + "/")
                diagnostics.append(Diagnostic(.warning, inside
                    ? "skipping symbolic link to a file of the analyzed folder (read at its own path, \(real.dropFirst(realRoot.count + 1)))"
                    : "skipping symbolic link to a file outside the analyzed folder (\(real))", file: relPath))
                continue
            }
            files.append(SourceFile(relativePath: relPath, absolutePath: path, kind: kind))
        }
        return (folders, files, diagnostics)
    }

    /// Whether the path itself is a symbolic link (true when it cannot be told: then its real path is asked).
    static func isSymbolicLink(_ path: String) -> Bool {
        var st = stat()
        guard lstat(path, &st) == 0 else { return true }
        return (st.st_mode & S_IFMT) == S_IFLNK
    }

    /// Why a path with a source file's name is not read, or nil when it is a regular file within the limit.
    /// Pipes, sockets and devices are never opened: reading one can block forever or never end.
    static func skipReason(_ status: FileStatus, _ options: DiscoveryOptions) -> String? {
        switch status {
        case .regular(let size) where size > options.maxFileSize:
            let mb = (size + 1_048_575) / 1_048_576
            let shown = String(format: "%.1f", Double(size) / 1_048_576)
            return "skipping file of \(shown) MB, over the \(options.maxFileSize / 1_048_576) MB limit (so big a file is generated code or data, not navigation); --max-file-size \(mb) analyzes it"
        case .regular, .directory: return nil
        case .special(let what): return "skipping: it is \(what), not a regular file"
        case .danglingLink: return "skipping: symbolic link to a file that does not exist"
        case .missing(let why): return "cannot read file (\(why)); skipped"
        }
    }

    static func kindOf(_ name: String) -> SourceFile.Kind? {
        if name.hasSuffix(".swift") { return .swift }
        if name.hasSuffix(".storyboard") { return .storyboard }
        if name.hasSuffix(".xib") { return .xib }
        if name == "project.pbxproj" { return .project }
        if name.hasSuffix(".m") || name.hasSuffix(".mm") { return .objectiveC }
        if !name.hasPrefix("."), name.hasSuffix(".yml") || name.hasSuffix(".yaml") { return .projectSpec }
        return nil
    }

    /// A folder of tests, skipped unless tests are included.
    public static func isTestFolder(_ name: String) -> Bool {
        name.hasSuffix("Tests") || name.hasSuffix("UITests") || name == "Tests" || name.hasSuffix("Specs")
    }

    /// A file of tests, skipped unless tests are included.
    public static func isTestFile(_ name: String) -> Bool {
        name.hasSuffix("Tests.swift") || name.hasSuffix("Test.swift") || name.hasSuffix("Spec.swift")
    }

    static func isExcluded(_ rel: String, _ options: DiscoveryOptions) -> Bool {
        options.excluded.contains { pattern in
            if pattern.contains("*") { return Glob.matches(pattern, rel) }
            return rel == pattern || rel.hasPrefix(pattern.hasSuffix("/") ? pattern : pattern + "/")
        }
    }
}

/// Minimal glob: `*` matches within a path component, `**` across components.
public enum Glob {
    /// WHY remembered: patterns come with the analyzed repository (`.navgraph.yml`, XcodeGen excludes),
    /// and trying every split of `*a*a*a…b` again at each star is exponential; each (pattern, path)
    /// position is decided once.
    /// The memo holds a byte per (pattern, path) position pair, so both are bounded: no path is longer
    /// than 4,096 bytes (PATH_MAX), and a longer pattern can match no path. At most 16 MB a match.
    public static let maxLength = 4_096

    public static func matches(_ pattern: String, _ path: String) -> Bool {
        guard pattern.utf8.count <= maxLength, path.utf8.count <= maxLength else { return false }
        let p = Array(pattern.utf8), s = Array(path.utf8)
        var known = [Int8](repeating: -1, count: (p.count + 1) * (s.count + 1))
        func m(_ i: Int, _ j: Int) -> Bool {
            let slot = i * (s.count + 1) + j
            if known[slot] >= 0 { return known[slot] == 1 }
            let r = decide(i, j)
            known[slot] = r ? 1 : 0
            return r
        }
        func decide(_ i: Int, _ j: Int) -> Bool {
            if i == p.count { return j == s.count }
            if p[i] == UInt8(ascii: "*") {
                let doubleStar = i + 1 < p.count && p[i + 1] == UInt8(ascii: "*")
                let next = doubleStar ? i + 2 : i + 1
                var k = j
                while true {
                    if m(next, k) { return true }
                    if k == s.count { return false }
                    if !doubleStar && s[k] == UInt8(ascii: "/") { return false }
                    k += 1
                }
            }
            return j < s.count && p[i] == s[j] && m(i + 1, j + 1)
        }
        return m(0, 0)
    }
}
