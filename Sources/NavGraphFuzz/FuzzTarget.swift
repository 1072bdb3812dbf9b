import Foundation
import NavGraphCheck
import NavGraphExtract
import NavGraphModel
import NavGraphPresent
import NavGraphResolve

// libFuzzer entry point (built with `-sanitize=fuzzer`, see `make fuzz`): one input is an app of one or
// more Swift files. A line `//>> Path/File.swift` starts a new file, so the fuzzer can grow programs
// whose types refer to each other across files and folders, as the seeds (the sample apps) do.
//
// Each input runs the stages navgraph runs on real code, on the large stack the pipeline uses:
// extraction, the facts' Codable round trip (the cache relies on it), indexing and symbolic
// instantiation, every rule, and the JSON and text renderers. Any trap, overflow or hang is a bug.

@_cdecl("LLVMFuzzerTestOneInput")
public func navgraphFuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    LargeStack.run { FuzzHarness.run(bytes) }
    return 0
}

enum FuzzHarness {
    static let separator = "//>> "

    /// Splits the input into files as the separator lines say; text before the first one is `App.swift`.
    static func files(_ text: String) -> [(path: String, source: String)] {
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

    static func run(_ bytes: Data) {
        // As SourceReader does: a NUL in the first 8 KB makes the file binary, and it is skipped.
        if bytes.prefix(8192).contains(0) { return }
        let text = String(decoding: bytes, as: UTF8.self)
        let facts = files(text).map { Extractor.extract(path: $0.path, source: $0.source) }

        // The cache stores facts as JSON: whatever decodes must decode to the same facts.
        if let encoded = try? JSONEncoder().encode(facts), let decoded = try? JSONDecoder().decode([FileFacts].self, from: encoded) {
            precondition(decoded == facts, "FileFacts JSON round trip changed the facts")
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
