import Foundation
import NavGraphDiscovery
import NavGraphExtract
import NavGraphModel

/// Which Swift files the app's Xcode projects compile. A file under a project's folder that no target
/// names (by file name, in any of the projects covering it), that is under no folder the project
/// synchronizes with the disk (Xcode 16's `PBXFileSystemSynchronizedRootGroup`) and that no target of a
/// local Swift package compiles (`PackageManifest`), is a copy left on disk: one app target cannot
/// compile two declarations of a type, and the stale one must not stand for the real one. Files no
/// project covers are kept. An XcodeGen spec (`XcodeGenSpec`) stands for the project it generates when
/// that project is not in the tree.
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
        /// The native targets, from the property list (empty when it does not parse).
        var targets: [Target] = []
    }

    /// One native target: what it builds and which Swift files (by name) and synchronized folders it compiles.
    struct Target {
        var name: String
        var productType: String
        var sdk: String
        var fileNames: Set<String>
        var synchronizedFolders: [String]
        /// Folders (or files) an XcodeGen spec compiles, relative to the analyzed root.
        var sourcePaths: [SourcePath] = []
        /// An iOS app (not a watch, Mac or TV app, an extension, a framework or tests).
        var isIOSApplication: Bool { productType == Self.application && (sdk.isEmpty || sdk == "iphoneos") }
        static let application = "com.apple.product-type.application"
        /// A product of its own rather than code linked into an app: an app, an extension, a watch app, a
        /// command-line tool, tests.
        var isOtherProduct: Bool { ["application", "extension", "watch", "tool", "test", "xpc"].contains { productType.contains($0) } }

        func compiles(_ f: SourceFile) -> Bool {
            fileNames.contains((f.relativePath as NSString).lastPathComponent) || ProjectMembership.isIn(f, synchronizedFolders)
                || sourcePaths.contains { $0.contains(f.relativePath) }
        }
    }

    /// A folder or file a target compiles, but what its excludes (globs relative to it) name, and only
    /// what its includes name when it has some.
    struct SourcePath {
        var path: String
        var excludes: [String]
        var includes: [String] = []

        func contains(_ relativePath: String) -> Bool {
            let inner: Substring
            if path.isEmpty { inner = Substring(relativePath) }
            else if relativePath == path { return true }
            else if relativePath.hasPrefix(path + "/") { inner = relativePath.dropFirst(path.count + 1) }
            else { return false }
            guard !excludes.isEmpty || !includes.isEmpty else { return true }
            return !Self.names(excludes, inner) && (includes.isEmpty || Self.names(includes, inner))
        }

        /// Whether one of `globs` names `path` or a folder above it (everything under a folder is in it);
        /// `**/` also matches no folder.
        static func names(_ globs: [String], _ path: Substring) -> Bool {
            let parts = path.split(separator: "/")
            for end in 1...max(1, parts.count) {
                let prefix = parts[..<min(end, parts.count)].joined(separator: "/")
                for g in globs where Glob.matches(g, prefix) || (g.hasPrefix("**/") && Glob.matches(String(g.dropFirst(3)), prefix)) {
                    return true
                }
            }
            return false
        }
    }

    let projects: [Project]

    /// The projects of `files`: Xcode projects, and XcodeGen specs (see `XcodeGenSpec`) in folders no Xcode
    /// project speaks for (a generated project, when committed, is what Xcode builds).
    init(projects files: [SourceFile], root: String) {
        let xcode = files.filter { $0.kind == .project }.compactMap { file -> Project? in
            guard let text = try? String(contentsOfFile: file.absolutePath, encoding: .utf8) else { return nil }
            let xcodeproj = (file.relativePath as NSString).deletingLastPathComponent
            let folder = (xcodeproj as NSString).deletingLastPathComponent
            return ProjectMembership.parse(text, folder: folder, path: file.relativePath)
        }
        let folders = Set(xcode.map(\.folder))
        let generated = XcodeGenSpec.projects(files.filter { $0.kind == .projectSpec }, root: root).filter { !folders.contains($0.folder) }
        projects = xcode + generated
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
        return Project(folder: folder, relativePath: path, fileNames: names, synchronizedFolders: synchronized, targets: targets(text))
    }

    /// The native targets of a project file, read with Foundation's property-list reader.
    static func targets(_ text: String) -> [Target] {
        guard let data = text.data(using: .utf8),
              let plist = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any],
              let objects = plist["objects"] as? [String: [String: Any]] else { return [] }
        func object(_ id: Any?) -> [String: Any]? { (id as? String).flatMap { objects[$0] } }
        func ids(_ v: Any?) -> [String] { v as? [String] ?? [] }
        let projectSDK = objects.values.first { $0["isa"] as? String == "PBXProject" }.flatMap { sdk(of: $0["buildConfigurationList"], object) } ?? ""
        var result: [Target] = []
        for (_, t) in objects.sorted(by: { $0.key < $1.key }) where t["isa"] as? String == "PBXNativeTarget" {
            var names = Set<String>()
            for phase in ids(t["buildPhases"]).compactMap({ objects[$0] }) where phase["isa"] as? String == "PBXSourcesBuildPhase" {
                for file in ids(phase["files"]).compactMap({ objects[$0] }) {
                    if let ref = object(file["fileRef"]), let path = (ref["path"] ?? ref["name"]) as? String, path.hasSuffix(".swift") {
                        names.insert((path as NSString).lastPathComponent)
                    }
                }
            }
            let folders = ids(t["fileSystemSynchronizedGroups"]).compactMap { objects[$0]?["path"] as? String }
            result.append(Target(name: t["name"] as? String ?? "", productType: t["productType"] as? String ?? "",
                                 sdk: sdk(of: t["buildConfigurationList"], object) ?? projectSDK, fileNames: names, synchronizedFolders: folders))
        }
        return result
    }

    /// The `SDKROOT` a configuration list sets (its first configuration that sets one).
    private static func sdk(of list: Any?, _ object: (Any?) -> [String: Any]?) -> String? {
        guard let configurations = object(list)?["buildConfigurations"] as? [String] else { return nil }
        for c in configurations { if let s = (object(c)?["buildSettings"] as? [String: Any])?["SDKROOT"] as? String { return s } }
        return nil
    }

    /// Files that belong to another product than the app, whose entry points (`@main`, app and scene
    /// delegates) are therefore no roots and whose code gets no finding: files only targets other than
    /// the app's main target compile (widgets, watch apps, extensions, a bundled example app's own
    /// project), and files of a local package's executable, macro or plugin targets (when its manifest
    /// does not say, of a package that builds a tool, a macro or a plugin and no iOS app).
    /// The main target is the iOS application target compiling the most Swift files; without one, none.
    func foreignEntryFiles(_ files: [SourceFile]) -> [String] {
        var main: (project: Project, target: Target)?
        var mainSize = -1
        for p in projects {
            for t in p.targets where t.isIOSApplication {
                let size = files.filter(t.compiles).count
                if size > mainSize { main = (p, t); mainSize = size }
            }
        }
        guard let main else { return [] }
        var packages = Packages()
        return files.compactMap { f in
            // The deepest project whose folder holds the file speaks for it.
            guard let project = covering(f).max(by: { $0.folder.count < $1.folder.count }) else { return nil }
            let compiling = project.targets.filter { $0.compiles(f) }
            let isMain = project.relativePath == main.project.relativePath && compiling.contains { $0.name == main.target.name }
            // A framework or library the file is in is linked into the app: its code is the app's.
            if !compiling.isEmpty { return !isMain && compiling.allSatisfy(\.isOtherProduct) ? f.relativePath : nil }
            guard let package = packages.package(of: f, below: []) else { return nil }
            if let manifest = package.manifest {
                // Only an executable, a macro or a plugin is a product of its own; a library is linked into the app.
                let targets = manifest.targets(compiling: package.path(of: f))
                return !targets.isEmpty && !targets.contains(where: \.isLibrary) ? f.relativePath : nil
            }
            return package.text.map(Self.buildsNoApp) == true ? f.relativePath : nil
        }
    }

    /// A package manifest declaring a macro, a plugin or an executable, and no iOS app.
    static func buildsNoApp(_ manifest: String) -> Bool {
        !manifest.contains(".iOSApplication") && [".macro(", ".plugin(", ".executableTarget("].contains { manifest.contains($0) }
    }

    /// The projects whose folder holds `f`.
    private func covering(_ f: SourceFile) -> [Project] {
        projects.filter { $0.folder.isEmpty || f.relativePath.hasPrefix($0.folder + "/") }
    }

    /// Whether `f` lies in one of `folders` (as written in a project: matched as a run of path components).
    static func isIn(_ f: SourceFile, _ folders: [String]) -> Bool {
        folders.contains { ("/" + f.relativePath).contains("/" + $0 + "/") }
    }

    /// The files a target compiles (or that no project speaks for), and one warning per project that
    /// leaves some out.
    func compiled(_ files: [SourceFile]) -> ([SourceFile], [Diagnostic]) {
        guard !projects.isEmpty else { return (files, []) }
        var kept: [SourceFile] = []
        var left: [String: [String]] = [:]
        var packages = Packages()
        // A project may compile a file outside its folder (`../Shared/Formatting.swift`): any project's
        // names count.
        let allNames = projects.reduce(into: Set<String>()) { $0.formUnion($1.fileNames) }
        let allSynchronized = projects.flatMap(\.synchronizedFolders)
        let allSourcePaths = projects.flatMap { $0.targets.flatMap(\.sourcePaths) }
        for f in files {
            let covering = covering(f)
            let name = (f.relativePath as NSString).lastPathComponent
            if covering.isEmpty || allNames.contains(name) || Self.isIn(f, allSynchronized)
                || allSourcePaths.contains(where: { $0.contains(f.relativePath) }) {
                kept.append(f)
            } else if let package = packages.package(of: f, below: covering.map(\.folder)) {
                // A local package compiles what its targets hold, whatever the project lists; all of it
                // when its manifest does not say.
                let path = package.path(of: f)
                if path == "Package.swift" || package.manifest.map({ !$0.targets(compiling: path).isEmpty }) ?? true {
                    kept.append(f)
                } else {
                    left[package.relativePath + "/Package.swift", default: []].append(f.relativePath)
                }
            } else {
                left[covering[0].relativePath, default: []].append(f.relativePath)
            }
        }
        let diagnostics = left.sorted { $0.key < $1.key }.map { project, paths in
            let shown = paths.prefix(3).joined(separator: ", ") + (paths.count > 3 ? ", …" : "")
            let package = project.hasSuffix("/Package.swift")
            let why = package ? "in no target of this package" : "in no target of this project"
            let what = package ? "outside its targets' folders" : "a copy left on disk"
            return Diagnostic(.warning, "\(paths.count) Swift file\(paths.count == 1 ? " is" : "s are") \(why) and not analyzed (\(what); --all-files keeps them): \(shown)", file: project)
        }
        return (kept, diagnostics)
    }

    /// Local packages, found by walking up from files and read once each.
    struct Packages {
        struct Package {
            /// The package's folder, relative to the analyzed root.
            var relativePath: String
            var text: String?
            var manifest: PackageManifest?
            /// `f`'s path inside the package's folder.
            func path(of f: SourceFile) -> String { String(f.relativePath.dropFirst(relativePath.count + 1)) }
        }
        private var holds: [String: Bool] = [:]
        private var read: [String: Package] = [:]

        /// The nearest package whose folder holds `f`, below any of `roots` (a local package, compiled by
        /// SwiftPM whatever the project lists).
        mutating func package(of f: SourceFile, below roots: [String]) -> Package? {
            var dir = (f.absolutePath as NSString).deletingLastPathComponent
            var rel = (f.relativePath as NSString).deletingLastPathComponent
            while !rel.isEmpty && !roots.contains(rel) {
                if holds[dir] == nil { holds[dir] = FileManager.default.fileExists(atPath: dir + "/Package.swift") }
                if holds[dir] == true {
                    if let known = read[dir] { return known }
                    let text = try? String(contentsOfFile: dir + "/Package.swift", encoding: .utf8)
                    let package = Package(relativePath: rel, text: text, manifest: text.flatMap(PackageManifest.read))
                    read[dir] = package
                    return package
                }
                dir = (dir as NSString).deletingLastPathComponent
                rel = (rel as NSString).deletingLastPathComponent
            }
            return nil
        }
    }
}
