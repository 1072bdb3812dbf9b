import Foundation
import NavGraphModel

/// `navgraph diff` reports: plain text for a terminal, Markdown for a pull-request comment, JSON for tools.
public enum DiffReporter {
    public static let formats = ["text", "markdown", "json"]

    public static func render(_ diff: GraphDiff, format: String) -> String {
        switch format {
        case "markdown": return markdown(diff)
        case "json": return json(diff)
        default: return text(diff)
        }
    }

    static let groups: [(NodeKind, String)] = [(.app, "Entry points"), (.coordinator, "Coordinators"), (.screen, "Screens"),
                                                (.route, "Routes"), (.action, "Actions")]

    public static func summary(_ diff: GraphDiff) -> String {
        var parts: [String] = []
        for (kind, _) in groups {
            let a = diff.addedNodes.filter { $0.kind == kind }.count, r = diff.removedNodes.filter { $0.kind == kind }.count
            if a > 0 { parts.append("+\(a) \(kind.rawValue)\(a == 1 ? "" : "s")") }
            if r > 0 { parts.append("−\(r) \(kind.rawValue)\(r == 1 ? "" : "s")") }
        }
        if !diff.addedEdges.isEmpty { parts.append("+\(diff.addedEdges.count) edge\(diff.addedEdges.count == 1 ? "" : "s")") }
        if !diff.removedEdges.isEmpty { parts.append("−\(diff.removedEdges.count) edge\(diff.removedEdges.count == 1 ? "" : "s")") }
        if !diff.addedFindings.isEmpty { parts.append("+\(diff.addedFindings.count) finding\(diff.addedFindings.count == 1 ? "" : "s")") }
        if !diff.removedFindings.isEmpty { parts.append("−\(diff.removedFindings.count) finding\(diff.removedFindings.count == 1 ? "" : "s")") }
        return parts.isEmpty ? "no navigation changes" : parts.joined(separator: ", ")
    }

    // MARK: - text

    public static func text(_ diff: GraphDiff) -> String {
        var out = "navgraph diff: \(summary(diff))\n"
        // One line per item, through `neutralized`: names and paths come from the analyzed code.
        func line(_ s: String) { out += neutralized(s) + "\n" }
        for (kind, title) in groups {
            let added = diff.addedNodes.filter { $0.kind == kind }, removed = diff.removedNodes.filter { $0.kind == kind }
            if added.isEmpty && removed.isEmpty { continue }
            out += "\n\(title):\n"
            for n in added { line("  + \(n.name)  \(n.file):\(n.line)") }
            for n in removed { line("  - \(n.name)  (was \(n.file):\(n.line))") }
        }
        if !diff.addedEdges.isEmpty || !diff.removedEdges.isEmpty {
            out += "\nEdges:\n"
            for e in diff.addedEdges { line("  + \(diff.describe(e))  \(e.file):\(e.line)") }
            for e in diff.removedEdges { line("  - \(diff.describe(e))  (was \(e.file):\(e.line))") }
        }
        if !diff.nowUnreachable.isEmpty || !diff.nowReachable.isEmpty {
            out += "\nReachability:\n"
            for l in diff.reachabilityLines { line("  ~ \(l)") }
        }
        if !diff.addedFindings.isEmpty || !diff.removedFindings.isEmpty {
            out += "\nFindings:\n"
            for f in diff.addedFindings { line("  + \(f.file):\(f.line): \(f.severity.rawValue): \(f.message) [\(f.rule)]") }
            for f in diff.removedFindings { line("  - \(f.file):\(f.line): \(f.severity.rawValue): \(f.message) [\(f.rule)] (fixed)") }
        }
        return out
    }

    // MARK: - markdown

    public static func markdown(_ diff: GraphDiff) -> String {
        var out = "### Navigation changes\n\n"
        if diff.isEmpty { return out + "No navigation changes.\n" }
        out += "**\(summary(diff))**\n"
        let nodes = diff.addedNodes.map { ("➕", $0, "") } + diff.removedNodes.map { ("➖", $0, " (removed)") }
        if !nodes.isEmpty {
            out += "\n| | kind | name | where |\n|---|---|---|---|\n"
            for (kind, _) in groups {
                for (sign, n, note) in nodes where n.kind == kind {
                    out += "| \(sign) | \(kind.rawValue) | \(code(n.name)) | \(code("\(n.file):\(n.line)"))\(note) |\n"
                }
            }
        }
        if !diff.addedEdges.isEmpty || !diff.removedEdges.isEmpty {
            out += "\n#### Edges\n\n"
            for e in diff.addedEdges { out += "- ➕ " + edge(diff, e) + "\n" }
            for e in diff.removedEdges { out += "- ➖ " + edge(diff, e) + "\n" }
        }
        if !diff.nowUnreachable.isEmpty || !diff.nowReachable.isEmpty {
            out += "\n#### Reachability\n\n"
            for n in diff.nowUnreachable { out += "- ⚠️ \(n.kind.rawValue) \(code(n.name)) is now unreachable\n" }
            for n in diff.nowReachable { out += "- ✅ \(n.kind.rawValue) \(code(n.name)) is now reachable\n" }
        }
        if !diff.addedFindings.isEmpty || !diff.removedFindings.isEmpty {
            out += "\n#### Findings\n\n"
            for f in diff.addedFindings {
                out += "- ➕ \(f.severity == .error ? "❌" : "⚠️") **\(f.rule)** \(code(f.symbol)): \(markdownText(f.message)) (\(code("\(f.file):\(f.line)")))\n"
            }
            for f in diff.removedFindings { out += "- ✅ fixed **\(f.rule)** \(code(f.symbol)): \(markdownText(f.message))\n" }
        }
        return out
    }

    static func edge(_ diff: GraphDiff, _ e: Edge) -> String {
        "\(code(diff.name(e.from))) —\(e.kind.rawValue)→ \(code(diff.name(e.to)))" + (e.via.map { " via \(code($0))" } ?? "")
            + " (\(code("\(e.file):\(e.line)")))"
    }

    /// A Markdown code span that no content can break out of: the fence is longer than any run of
    /// backticks inside; pipes are escaped for tables.
    public static func code(_ s: String) -> String {
        let s = neutralized(s, atLineStart: false).replacingOccurrences(of: "|", with: "\\|")
        var longest = 0, run = 0
        for ch in s { run = ch == "`" ? run + 1 : 0; longest = max(longest, run) }
        let fence = String(repeating: "`", count: longest + 1)
        let pad = s.hasPrefix("`") || s.hasSuffix("`") ? " " : ""
        return fence + pad + s + pad + fence
    }

    /// Markdown text with markup characters and HTML escaped, as the lint report's table cells are.
    public static func markdownText(_ s: String) -> String {
        MarkdownReporter.cell(s)
    }

    // MARK: - json

    struct Document: Encodable {
        struct Item: Encodable { var kind: String; var name: String; var file: String; var line: Int }
        struct EdgeItem: Encodable { var from: String; var to: String; var kind: String; var via: String?; var file: String; var line: Int }
        struct FindingItem: Encodable { var rule: String; var symbol: String; var severity: String; var message: String; var file: String; var line: Int }
        var summary: String
        var addedNodes: [Item], removedNodes: [Item]
        var addedEdges: [EdgeItem], removedEdges: [EdgeItem]
        var addedFindings: [FindingItem], removedFindings: [FindingItem]
        var nowUnreachable: [String], nowReachable: [String]
    }

    public static func json(_ diff: GraphDiff) -> String {
        func item(_ n: Node) -> Document.Item { .init(kind: n.kind.rawValue, name: n.name, file: n.file, line: n.line) }
        func edge(_ e: Edge) -> Document.EdgeItem { .init(from: e.from, to: e.to, kind: e.kind.rawValue, via: e.via, file: e.file, line: e.line) }
        func finding(_ f: Finding) -> Document.FindingItem {
            .init(rule: f.rule, symbol: f.symbol, severity: f.severity.rawValue, message: f.message, file: f.file, line: f.line)
        }
        let doc = Document(summary: summary(diff), addedNodes: diff.addedNodes.map(item), removedNodes: diff.removedNodes.map(item),
                           addedEdges: diff.addedEdges.map(edge), removedEdges: diff.removedEdges.map(edge),
                           addedFindings: diff.addedFindings.map(finding), removedFindings: diff.removedFindings.map(finding),
                           nowUnreachable: diff.nowUnreachable.map(\.id), nowReachable: diff.nowReachable.map(\.id))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return breakingLegacyWorkflowCommands(String(decoding: (try? encoder.encode(doc)) ?? Data("{}".utf8), as: UTF8.self) + "\n", escapedBracket: "\\u005B")
    }
}
