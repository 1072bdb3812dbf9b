import Foundation
import NavGraphCheck
import NavGraphExtract
import NavGraphModel
import NavGraphPresent
import NavGraphResolve

/// What the fuzz target (Sources/NavGraphFuzz, `make fuzz`) runs on each input; `FuzzRegressionTests`
/// runs it on every saved input in Tests/FuzzRegressions, so a crash the fuzzer found stays fixed.
public enum FuzzHarness {
    public static let separator = "//>> "

    /// Splits the input into files as the separator lines say; text before the first one is `App.swift`.
    public static func files(_ text: String) -> [(path: String, source: String)] {
        var files: [(String, String)] = []
        var path = "App.swift"
        var current: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix(separator) {
                if !current.isEmpty || path != "App.swift" { files.append((path, current.joined(separator: "\n"))) }
                let named = line.dropFirst(separator.count).trimmingCharacters(in: .whitespaces)
                path = named.isEmpty ? "File\(files.count).swift" : named
                current = []
            } else {
                current.append(line)
            }
        }
        files.append((path, current.joined(separator: "\n")))
        return files
    }

    /// Runs one input through every stage, on a large-stack thread as the pipeline does; traps on a bug.
    public static func run(_ bytes: Data) {
        LargeStack.run { stages(bytes) }
    }

    static func stages(_ bytes: Data) {
        // As SourceReader does: a NUL in the first 8 KB makes the file binary, and it is skipped.
        // A corrupt or truncated cache file must decode to nil, never trap.
        _ = FactsCodec.decode([UInt8](bytes))
        if bytes.prefix(8192).contains(0) { return }
        let text = String(decoding: bytes, as: UTF8.self)
        let facts = files(text).map { Extractor.extract(path: $0.path, source: $0.source) }
        for f in facts {
            precondition(FactsCodec.decode(FactsCodec.encode(f)) == f, "the cache codec changed the facts of \(f.path)")
        }

        let resolved = Resolver.resolve(facts)
        let graph = resolved.graph
        let ids = Set(graph.nodes.map(\.id))
        precondition(ids.count == graph.nodes.count, "duplicate node ids")
        for e in graph.edges {
            precondition(ids.contains(e.from) && ids.contains(e.to), "edge \(e.from) -> \(e.to) names a missing node")
        }
        let findings = RuleRegistry.check(graph)
        let report = AnalysisReport(graph: graph, findings: findings, diagnostics: resolved.diagnostics)
        let json = JSONRenderer.render(report)
        precondition((try? JSONRenderer.decode(Data(json.utf8))) != nil, "the JSON output does not parse")
        _ = TextRenderer.render(report)
    }
}
