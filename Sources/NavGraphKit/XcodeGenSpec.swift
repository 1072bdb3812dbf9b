import Foundation
import NavGraphDiscovery
import Yams

/// XcodeGen specs read as projects: the targets a spec and the specs it includes declare, each with the
/// folders it compiles (minus its excludes). A spec is a YAML file with a top-level `name` and `targets`
/// (or `include`), whatever it is called (`project.yml`, `project-app.yml`); a spec another includes is
/// part of that one's project.
///
/// WHY all or nothing: a file is left out when no target compiles it, so a partial picture (an include
/// that cannot be read, a template the specs do not define, a path built from a variable) would drop code
/// the app compiles. Such a spec describes no project, and its files are kept as without one.
enum XcodeGenSpec {
    /// Larger YAML is no project spec (and is not read).
    static let maximumSize = 256 << 10
    /// Nodes walked per spec, aliases included: a spec of aliases of aliases describes nothing.
    static let nodeBudget = 200_000

    /// The projects `files` (YAML files found under `root`) describe.
    static func projects(_ files: [SourceFile], root: String) -> [ProjectMembership.Project] {
        var specs: [String: Spec] = [:]
        var included = Set<String>()
        for file in files.sorted(by: { $0.relativePath < $1.relativePath }) {
            guard let spec = Spec.read(file.relativePath, root: root), spec.isSpec else { continue }
            specs[file.relativePath] = spec
            included.formUnion(spec.includes.map(\.path))
        }
        return specs.keys.sorted().compactMap { path in
            guard !included.contains(path), specs[path]!.named else { return nil }
            return project(path, root: root)
        }
    }

    /// The project of the spec at `path` with everything it includes, or nil when the picture is partial.
    static func project(_ path: String, root: String) -> ProjectMembership.Project? {
        var targets: [(name: String, node: Node, folder: String)] = []
        var templates: [String: (node: Node, folder: String)] = [:]
        var seen = Set<String>()
        // Includes first: XcodeGen merges the including spec over them.
        func load(_ path: String, relativePaths: Bool, rootFolder: String, depth: Int) -> Bool {
            guard depth < 16 else { return false }
            guard !seen.contains(path) else { return true }
            seen.insert(path)
            guard let spec = Spec.read(path, root: root) else { return false }
            for i in spec.includes { guard load(i.path, relativePaths: i.relativePaths, rootFolder: rootFolder, depth: depth + 1) else { return false } }
            let folder = relativePaths ? (path as NSString).deletingLastPathComponent : rootFolder
            for (name, node) in spec.targets { targets.append((name, node, folder)) }
            for (name, node) in spec.templates { templates[name] = (node, folder) }
            return !spec.partial
        }
        let folder = (path as NSString).deletingLastPathComponent
        guard load(path, relativePaths: true, rootFolder: folder, depth: 0) else { return nil }
        var result: [ProjectMembership.Target] = []
        for t in targets {
            guard let target = self.target(t.name, t.node, folder: t.folder, templates) else { return nil }
            result.append(target)
        }
        guard !result.isEmpty else { return nil }
        return ProjectMembership.Project(folder: folder, relativePath: path, fileNames: [], synchronizedFolders: [], targets: result)
    }

    /// One target, its templates' sources added, or nil when a template or a path cannot be read.
    static func target(_ name: String, _ node: Node, folder: String, _ templates: [String: (node: Node, folder: String)]) -> ProjectMembership.Target? {
        var paths: [ProjectMembership.SourcePath] = []
        var type = node["type"]?.string
        var platform = strings(node["platform"])
        var pending = strings(node["templates"]).map { ($0, 0) }
        guard sources(node["sources"], folder: folder, target: name, into: &paths) else { return nil }
        while let (template, depth) = pending.popLast() {
            guard depth < 16, let t = templates[template] else { return nil }
            type = type ?? t.node["type"]?.string
            if platform.isEmpty { platform = strings(t.node["platform"]) }
            guard sources(t.node["sources"], folder: t.folder, target: name, into: &paths) else { return nil }
            pending += strings(t.node["templates"]).map { ($0, depth + 1) }
        }
        let sdk = platform.isEmpty || platform.contains("iOS") ? "" : platform == ["macOS"] ? "macosx" : platform[0].lowercased()
        return ProjectMembership.Target(name: name, productType: "com.apple.product-type." + (type ?? "unknown"), sdk: sdk,
                                        fileNames: [], synchronizedFolders: [], sourcePaths: paths)
    }

    /// `sources:` as a path, a list of paths, or a list of `{path, excludes, includes, buildPhase}`; false
    /// when a path cannot be read (a variable other than the target's name; a path outside the analyzed
    /// folder is skipped).
    static func sources(_ node: Node?, folder: String, target: String, into paths: inout [ProjectMembership.SourcePath]) -> Bool {
        guard let node else { return true }
        let entries = node.sequence.map(Array.init) ?? [node]
        for e in entries {
            guard var raw = e.string ?? e["path"]?.string else { return false }
            raw = raw.replacingOccurrences(of: "${target_name}", with: target)
            guard !raw.contains("$") else { return false }
            // Files in no build phase, or copied as resources, are not compiled.
            if let phase = e["buildPhase"]?.string ?? e["buildPhase"]?.mapping.map({ _ in "copyFiles" }), phase != "sources" { continue }
            guard let path = join(folder, raw) else { continue }
            paths.append(ProjectMembership.SourcePath(path: path, excludes: strings(e["excludes"]), includes: strings(e["includes"])))
        }
        return true
    }

    /// `folder/path` with `.` and `..` resolved, relative to the analyzed root; nil when outside it.
    static func join(_ folder: String, _ path: String) -> String? {
        guard !path.hasPrefix("/") else { return nil }
        var parts: [Substring] = folder.split(separator: "/")
        for p in path.split(separator: "/") {
            if p == "." || p.isEmpty { continue }
            if p == ".." { guard !parts.isEmpty else { return nil }; parts.removeLast() } else { parts.append(p) }
        }
        return parts.joined(separator: "/")
    }

    static func strings(_ node: Node?) -> [String] {
        guard let node else { return [] }
        if let s = node.string { return [s] }
        return node.sequence?.compactMap(\.string) ?? []
    }

    /// One YAML file's part of a spec.
    struct Spec {
        var named = false
        var includes: [(path: String, relativePaths: Bool)] = []
        var targets: [(String, Node)] = []
        var templates: [(String, Node)] = []
        /// Something it says cannot be read (an include path with a variable, an alias bomb).
        var partial = false
        var isSpec: Bool { named && (!targets.isEmpty || !includes.isEmpty) }

        static func read(_ path: String, root: String) -> Spec? {
            let url = URL(fileURLWithPath: root).appendingPathComponent(path)
            guard let size = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int, size <= maximumSize,
                  let text = try? String(contentsOf: url, encoding: .utf8),
                  text.contains("targets:") || text.contains("include:"),
                  flowDepth(text) <= 64,
                  let node = try? Yams.compose(yaml: text), let top = node.mapping else { return nil }
            var spec = Spec()
            var budget = nodeBudget
            guard fits(node, &budget) else { spec.partial = true; return spec }
            spec.named = top["name"]?.string != nil
            let folder = (path as NSString).deletingLastPathComponent
            for i in top["include"].map({ $0.sequence.map(Array.init) ?? [$0] }) ?? [] {
                guard let raw = i.string ?? i["path"]?.string, !raw.contains("$"), let p = XcodeGenSpec.join(folder, raw) else { spec.partial = true; continue }
                spec.includes.append((p, i["relativePaths"]?.bool ?? true))
            }
            for (k, v) in top["targets"]?.mapping ?? [:] { if let name = k.string { spec.targets.append((name, v)) } }
            for (k, v) in top["targetTemplates"]?.mapping ?? [:] { if let name = k.string { spec.templates.append((name, v)) } }
            return spec
        }

        /// How deep `[` and `{` nest (the YAML reader recurses once per level; a spec nests a few).
        static func flowDepth(_ text: String) -> Int {
            var depth = 0, deepest = 0
            for b in text.utf8 {
                if b == UInt8(ascii: "[") || b == UInt8(ascii: "{") { depth += 1; deepest = max(deepest, depth) }
                else if b == UInt8(ascii: "]") || b == UInt8(ascii: "}") { depth = max(0, depth - 1) }
            }
            return deepest
        }

        private static func fits(_ node: Node, _ budget: inout Int) -> Bool {
            budget -= 1
            guard budget > 0 else { return false }
            if let m = node.mapping { for (k, v) in m { guard fits(k, &budget), fits(v, &budget) else { return false } } }
            if let s = node.sequence { for v in s { guard fits(v, &budget) else { return false } } }
            return true
        }
    }
}
