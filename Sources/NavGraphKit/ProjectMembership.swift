import Foundation
import NavGraphDiscovery
import NavGraphModel

/// Which Swift files the app's Xcode projects compile. A file under a project's folder that no target
/// names (by file name, in any of the projects covering it), that is under no folder the project
/// synchronizes with the disk (Xcode 16's `PBXFileSystemSynchronizedRootGroup`) and in no local Swift
/// package, is a copy left on disk: one app target cannot compile two declarations of a type, and the
/// stale one must not stand for the real one. Files no project covers, and every file of an app whose
/// projects are generated (XcodeGen, no `project.pbxproj` in the tree), are kept.
/// WHY file names, not the group tree: resolving each reference's path through its groups is exact but
/// long; a stale copy that shares a compiled file's name is kept, which costs nothing but precision.
struct ProjectMembership {
    struct Project {
        /// The folder holding the `.xcodeproj`, relative to the analyzed root ("" at the root).
        var folder: String
        var relativePath: String
        var fileNames: Set<String>
        /// Folders Xcode keeps in step with the disk, as written (relative to a group, so matched as a
        /// run of path components anywhere in a file's path).
        var synchronizedFolders: [String]
    }

    let projects: [Project]

    init(projects files: [SourceFile]) {
        projects = files.compactMap { file in
            guard let text = try? String(contentsOfFile: file.absolutePath, encoding: .utf8) else { return nil }
            let xcodeproj = (file.relativePath as NSString).deletingLastPathComponent
            let folder = (xcodeproj as NSString).deletingLastPathComponent
            return ProjectMembership.parse(text, folder: folder, path: file.relativePath)
        }
    }

    static func parse(_ text: String, folder: String, path: String) -> Project {
        var names = Set<String>()
        var synchronized: [String] = []
        var inSynchronizedGroup = false
        for raw in text.split(separator: "\n") {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.contains("isa = PBXFileSystemSynchronizedRootGroup") { inSynchronizedGroup = true }
            for key in ["path = ", "name = "] {
                guard let r = line.range(of: key) else { continue }
                var value = line[r.upperBound...]
                if let semicolon = value.firstIndex(of: ";") { value = value[..<semicolon] }
                let v = value.trimmingCharacters(in: CharacterSet(charactersIn: "\" "))
                if v.hasSuffix(".swift") { names.insert((v as NSString).lastPathComponent) }
                if key == "path = ", inSynchronizedGroup {
                    synchronized.append(v)
                    inSynchronizedGroup = false
                }
            }
            if line == "};" { inSynchronizedGroup = false }
        }
        return Project(folder: folder, relativePath: path, fileNames: names, synchronizedFolders: synchronized)
    }

    /// The files a target compiles (or that no project speaks for), and one warning per project that
    /// leaves some out.
    func compiled(_ files: [SourceFile]) -> ([SourceFile], [Diagnostic]) {
        guard !projects.isEmpty else { return (files, []) }
        var kept: [SourceFile] = []
        var left: [String: [String]] = [:]
        var packageFolders: [String: Bool] = [:]
        // A project may compile a file outside its folder (`../Shared/Formatting.swift`): any project's
        // names count.
        let allNames = projects.reduce(into: Set<String>()) { $0.formUnion($1.fileNames) }
        let allSynchronized = projects.flatMap(\.synchronizedFolders)
        for f in files {
            let covering = projects.filter { $0.folder.isEmpty || f.relativePath.hasPrefix($0.folder + "/") }
            let name = (f.relativePath as NSString).lastPathComponent
            if covering.isEmpty || allNames.contains(name) || allSynchronized.contains(where: { ("/" + f.relativePath).contains("/" + $0 + "/") })
                || inPackage(f, below: covering.map(\.folder), &packageFolders) {
                kept.append(f)
            } else {
                left[covering[0].relativePath, default: []].append(f.relativePath)
            }
        }
        let diagnostics = left.sorted { $0.key < $1.key }.map { project, paths in
            let shown = paths.prefix(3).joined(separator: ", ") + (paths.count > 3 ? ", …" : "")
            return Diagnostic(.warning, "\(paths.count) Swift file\(paths.count == 1 ? " is" : "s are") in no target of this project and not analyzed (a copy left on disk): \(shown)", file: project)
        }
        return (kept, diagnostics)
    }

    /// Whether a folder between the file and its project's folder holds a `Package.swift` (a local
    /// package, compiled by SwiftPM whatever the project lists).
    private func inPackage(_ f: SourceFile, below roots: [String], _ known: inout [String: Bool]) -> Bool {
        var dir = (f.absolutePath as NSString).deletingLastPathComponent
        var rel = (f.relativePath as NSString).deletingLastPathComponent
        while !rel.isEmpty && !roots.contains(rel) {
            if let k = known[dir] { if k { return true } } else {
                let has = FileManager.default.fileExists(atPath: dir + "/Package.swift")
                known[dir] = has
                if has { return true }
            }
            dir = (dir as NSString).deletingLastPathComponent
            rel = (rel as NSString).deletingLastPathComponent
        }
        return false
    }
}
