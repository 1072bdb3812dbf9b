import SwiftParser
import SwiftSyntax

/// A local package's `Package.swift`, read for the folders its targets compile without running it: each
/// target's kind, name, `path:`, `exclude:` and `sources:`, when all are written as literals.
///
/// WHY all or nothing: a file is left out when no target compiles it, so a manifest that builds its
/// targets in code (a name or a path from a variable, targets appended later) describes nothing, and its
/// files are kept as without it.
public struct PackageManifest: Sendable, Equatable {
    public struct Target: Sendable, Equatable {
        /// The declaring call: `target`, `executableTarget`, `testTarget`, `macro`, `plugin`, …
        public var kind: String
        public var name: String
        public var path: String?
        public var exclude: [String] = []
        public var sources: [String]?

        /// Code linked into what imports it (a library target), as opposed to a product of its own.
        public var isLibrary: Bool { kind == "target" }
        /// Swift files SwiftPM builds into a module: every kind but tests, binaries and system libraries.
        public var compilesSwift: Bool { !["testTarget", "binaryTarget", "systemLibrary"].contains(kind) }

        /// The folders SwiftPM looks in for the target's sources when it gives no `path:`.
        public var conventionalFolders: [String] {
            if let path { return [PackageManifest.normalized(path)] }
            switch kind {
            case "testTarget": return ["Tests/\(name)"]
            case "plugin": return ["Plugins/\(name)"]
            default: return ["Sources", "Source", "src", "srcs"].map { "\($0)/\(name)" }
            }
        }

        /// Whether the target compiles the file at `path` (relative to the package folder).
        public func compiles(_ path: String) -> Bool {
            guard compilesSwift else { return false }
            for folder in conventionalFolders {
                guard let inner = PackageManifest.inside(path, folder) else { continue }
                if exclude.contains(where: { PackageManifest.inside(inner, PackageManifest.normalized($0)) != nil }) { return false }
                if let sources { return sources.contains { PackageManifest.inside(inner, PackageManifest.normalized($0)) != nil } }
                return true
            }
            return false
        }
    }

    public var targets: [Target]

    /// The targets compiling `path` (relative to the package folder).
    public func targets(compiling path: String) -> [Target] { targets.filter { $0.compiles(path) } }

    /// The manifest's targets, or nil when it does not declare them all as literals.
    public static func read(_ text: String) -> PackageManifest? {
        let tree = Parser.parse(source: text)
        let reader = Reader(viewMode: .sourceAccurate)
        reader.walk(tree)
        guard !reader.partial, !reader.targets.isEmpty else { return nil }
        return PackageManifest(targets: reader.targets)
    }

    static let targetKinds: Set<String> = ["target", "executableTarget", "testTarget", "macro", "plugin", "binaryTarget", "systemLibrary"]

    private final class Reader: SyntaxVisitor {
        var targets: [Target] = []
        var partial = false

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            let callee = node.calledExpression
            if let ref = callee.as(DeclReferenceExprSyntax.self), ref.baseName.text == "Package" {
                // The package's targets must be one written list.
                if let t = node.arguments.first(where: { $0.label?.text == "targets" }), t.expression.as(ArrayExprSyntax.self) == nil { partial = true }
            }
            guard let member = callee.as(MemberAccessExprSyntax.self), PackageManifest.targetKinds.contains(member.declName.baseName.text) else {
                return .visitChildren
            }
            if let base = member.base, base.as(DeclReferenceExprSyntax.self)?.baseName.text != "Target" { return .visitChildren }
            var target = Target(kind: member.declName.baseName.text, name: "")
            var named = false
            for a in node.arguments {
                switch a.label?.text {
                case "name": if let s = Self.string(a.expression) { target.name = s; named = true } else { partial = true }
                case "path": if let s = Self.string(a.expression) { target.path = s } else { partial = true }
                case "exclude": if let l = Self.strings(a.expression) { target.exclude = l } else { partial = true }
                case "sources": if let l = Self.strings(a.expression) { target.sources = l } else { partial = true }
                default: break
                }
            }
            if named { targets.append(target) } else { partial = true }
            return .skipChildren
        }

        override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
            // `package.targets += […]`, `package.targets = …` (unfolded, as the parser gives them): targets
            // the written list does not show.
            let elements = Array(node.elements)
            for (i, e) in elements.enumerated().dropLast() {
                guard let lhs = e.as(MemberAccessExprSyntax.self), lhs.declName.baseName.text == "targets" else { continue }
                let op = elements[i + 1]
                if op.is(AssignmentExprSyntax.self) || op.is(BinaryOperatorExprSyntax.self) { partial = true }
            }
            return .visitChildren
        }

        override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
            // `package.targets.append(…)`.
            if node.declName.baseName.text == "append" || node.declName.baseName.text == "insert",
               let base = node.base?.as(MemberAccessExprSyntax.self), base.declName.baseName.text == "targets" { partial = true }
            return .visitChildren
        }

        static func string(_ e: ExprSyntax) -> String? {
            guard let lit = e.as(StringLiteralExprSyntax.self) else { return nil }
            var s = ""
            for seg in lit.segments {
                guard let text = seg.as(StringSegmentSyntax.self) else { return nil }
                s += text.content.text
            }
            return s
        }

        static func strings(_ e: ExprSyntax) -> [String]? {
            guard let array = e.as(ArrayExprSyntax.self) else { return nil }
            var result: [String] = []
            for element in array.elements {
                guard let s = string(element.expression) else { return nil }
                result.append(s)
            }
            return result
        }
    }

    /// `./Sources/App/` as `Sources/App`.
    static func normalized(_ path: String) -> String {
        var parts = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        parts.removeAll { $0 == "." }
        return parts.joined(separator: "/")
    }

    /// `path` relative to `folder` when it lies in it (or is it: ""), else nil.
    static func inside(_ path: String, _ folder: String) -> String? {
        if folder.isEmpty { return path }
        if path == folder { return "" }
        return path.hasPrefix(folder + "/") ? String(path.dropFirst(folder.count + 1)) : nil
    }
}
