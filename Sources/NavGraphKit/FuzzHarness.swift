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
        _ = [UInt8](bytes).withUnsafeBufferPointer { ResultCodec.decode($0) }  // the result cache's payload, past its checksum
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
        let key = FactsCache.Digest(a: 1, b: 2)
        let notes = Dictionary(facts.map { ($0.path, CachedResult.FileNotes(diagnostics: Pipeline.diagnostics(of: $0), suppressions: $0.suppressions)) }) { a, _ in a }
        let cached = ResultCache.decode(ResultCache.encode(key, CachedResult(graph: graph, diagnostics: resolved.diagnostics, files: notes)), key: key)
        precondition(cached.map { $0.graph.nodes == graph.nodes && $0.graph.edges == graph.edges && $0.graph.paths == graph.paths
                        && $0.graph.roots == graph.roots && $0.graph.families == graph.families && $0.diagnostics == resolved.diagnostics
                        && $0.files == notes } == true, "the result cache codec changed the result")
        let findings = RuleRegistry.check(graph)
        let report = AnalysisReport(graph: graph, findings: findings, diagnostics: resolved.diagnostics)
        let json = JSONRenderer.render(report)
        precondition((try? JSONRenderer.decode(Data(json.utf8))) != nil, "the JSON output does not parse")
        _ = TextRenderer.render(report)
    }
}
