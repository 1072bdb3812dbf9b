import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import NavGraphCheck
import NavGraphDiscovery
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

    /// What an input exercises, chosen by its first line (`//fuzz: storyboard`); an input without such a
    /// line is Swift sources (`swift`). One libFuzzer binary covers every target, and the fuzzer carries a
    /// header over from the seeds to its mutations.
    public enum Target: String, CaseIterable, Sendable {
        /// Swift sources through every stage (`stages`).
        case swift
        /// The rest of the input is a `.navgraph.yml`.
        case configuration
        /// The first line of the rest is a glob pattern, the second a path (`Glob.matches`).
        case glob
        /// The rest is a `.storyboard` (`StoryboardReader`), indexed and resolved against a small app.
        case storyboard
        /// The rest is Swift sources, analyzed, then drawn in every render format and reported by every
        /// lint reporter.
        case outputs
    }

    public static let headerPrefix = "//fuzz: "

    /// The target an input names and the bytes after its header line.
    public static func target(of bytes: Data) -> (Target, Data) {
        let prefix = Data(headerPrefix.utf8)
        guard bytes.starts(with: prefix) else { return (.swift, bytes) }
        let afterPrefix = bytes.index(bytes.startIndex, offsetBy: prefix.count)
        let end = bytes[afterPrefix...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
        let name = String(decoding: bytes[afterPrefix..<end], as: UTF8.self).trimmingCharacters(in: .whitespaces)
        guard let target = Target(rawValue: name) else { return (.swift, bytes) }
        return (target, Data(bytes[(end < bytes.endIndex ? bytes.index(after: end) : end)...]))
    }

    /// Runs one input through the target its header names, on a large-stack thread as the pipeline does;
    /// traps on a bug.
    public static func run(_ bytes: Data) {
        let (target, body) = target(of: bytes)
        LargeStack.run {
            switch target {
            case .swift: stages(body)
            case .configuration: configuration(body)
            case .glob: glob(body)
            case .storyboard: storyboard(body)
            case .outputs: outputs(body)
            }
        }
    }

    /// A configuration file parses, or its error names the file; a parsed one's patterns can be matched.
    static func configuration(_ bytes: Data) {
        let file = ".navgraph.yml"
        do {
            let config = try ConfigurationLoader.parse(String(decoding: bytes, as: UTF8.self), file: file)
            for pattern in config.excluded + config.included { _ = Glob.matches(pattern, "App/Screens/HomeViewController.swift") }
        } catch let e as ConfigurationError {
            precondition(e.description.hasPrefix(file), "a configuration error does not name the file: \(e.description)")
        } catch {
            preconditionFailure("the configuration loader threw something other than a ConfigurationError: \(error)")
        }
    }

    /// A pattern and a path: matching terminates, and a pattern without stars matches itself, `**` anything.
    static func glob(_ bytes: Data) {
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
        let pattern = String(lines.first ?? "")
        // A path is at most PATH_MAX long; the matcher's table is pattern × path.
        let path = String(String(lines.count > 1 ? lines[1] : "").utf8.prefix(4096)) ?? ""
        _ = Glob.matches(pattern, path)
        if !path.contains("*") { precondition(Glob.matches(path, path), "a path without stars does not match itself: \(path)") }
        precondition(Glob.matches("**", path), "** does not match \(path)")
    }

    /// A storyboard parses or is refused with a message; a parsed one's segues start at its scenes, and
    /// every lookup and a resolution with it end.
    static func storyboard(_ bytes: Data) {
        switch StoryboardReader.parse(bytes, path: "Main.storyboard", name: "Main") {
        case .failure(let e):
            precondition(!e.message.isEmpty, "a storyboard error without a message")
        case .success(let index):
            let ids = Set(index.scenes.map(\.objectID))
            for seg in index.segues { precondition(ids.contains(seg.sourceID), "segue from \(seg.sourceID), which is no scene") }
            _ = index.initialScreens
            for scene in index.scenes {
                _ = index.contents(of: scene)
                if let c = scene.customClass { _ = index.segues(from: c) }
                if let id = scene.identifier { _ = index.instantiate(storyboard: scene.storyboard, identifier: id) }
            }
            let classes = Set(index.scenes.compactMap(\.customClass)).sorted().filter { $0.allSatisfy { $0.isLetter || $0.isNumber } }
            let app = "import UIKit\n" + classes.map { "final class \($0): UIViewController {}" }.joined(separator: "\n")
            let resolved = Resolver.resolve([Extractor.extract(path: "App.swift", source: app)], storyboards: index)
            checkGraph(resolved.graph)
        }
    }

    /// Every render format and lint reporter on the input's analysis: text output is UTF-8 without raw
    /// control characters (names from the code are escaped), JSON parses, XML is well-formed.
    static func outputs(_ bytes: Data) {
        if bytes.prefix(8192).contains(0) { return }
        let facts = files(String(decoding: bytes, as: UTF8.self)).map { Extractor.extract(path: $0.path, source: $0.source) }
        let resolved = Resolver.resolve(facts)
        checkGraph(resolved.graph)
        let findings = RuleRegistry.check(resolved.graph)
        let report = AnalysisReport(graph: resolved.graph, findings: findings, diagnostics: resolved.diagnostics)
        for format in FormatRegistry.all {
            guard let result = try? RenderPlan.run(report, format: format) else { continue }
            // PNG and PDF are binary; every other format is text.
            guard format.id != "png" && format.id != "pdf" else { continue }
            checkText(result.data, format.id, json: format.id == "json", xml: format.id == "svg")
        }
        let rules = RuleRegistry.all.map { r in
            RuleMetadata(id: r.description.id, name: r.description.name, summary: r.description.summary,
                         howToFix: r.description.howToFix, defaultSeverity: r.description.defaultSeverity)
        }
        let lint = LintReport(findings: findings.sorted(by: Finding.order), root: "App",
                              fileCount: facts.count, rules: rules, toolVersion: "fuzz")
        for reporter in ReporterRegistry.all {
            let id = reporter.id
            checkText(Data(reporter.render(lint, colors: false).utf8), id, json: id == "json" || id == "sarif",
                      xml: id == "junit" || id == "checkstyle")
        }
    }

    static func checkGraph(_ graph: NavGraph) {
        let ids = Set(graph.nodes.map(\.id))
        precondition(ids.count == graph.nodes.count, "duplicate node ids")
        for e in graph.edges {
            precondition(ids.contains(e.from) && ids.contains(e.to), "edge \(e.from) -> \(e.to) names a missing node")
        }
    }

    static func checkText(_ data: Data, _ format: String, json: Bool, xml: Bool) {
        guard let text = String(data: data, encoding: .utf8) else { preconditionFailure("\(format) output is not UTF-8") }
        let control = text.unicodeScalars.first { $0.value < 0x20 && $0 != "\n" && $0 != "\t" && $0 != "\r" || $0.value == 0x7F }
        precondition(control == nil, "\(format) output holds a raw control character U+\(String(control?.value ?? 0, radix: 16))")
        if json { precondition((try? JSONSerialization.jsonObject(with: data)) != nil, "\(format) output does not parse as JSON") }
        if xml {
            let parser = XMLParser(data: data)
            parser.shouldResolveExternalEntities = false
            precondition(parser.parse(), "\(format) output is not well-formed XML")
        }
    }

    /// A valid facts pack of the input's files with one bit flipped (where, from the input's size): it
    /// loads or counts as empty, and every entry that still decodes has exactly its file's facts.
    static func packBitFlip(_ facts: [FileFacts], seed: Int) {
        var records: [String: FactsCache.Record] = [:]
        var byPath: [String: FileFacts] = [:]
        for f in facts {
            let encoded = FactsCodec.encode(f)
            records[f.path] = FactsCache.Record(size: Int64(encoded.count), mtime: 0, digest: ContentHash.digest(f.path, encoded),
                                                facts: .encoded(encoded), factsDigest: ContentHash.digest(encoded))
            byPath[f.path] = f
        }
        var pack = Pack([])!.merged(with: records)
        guard !pack.isEmpty else { return }
        pack[(seed &* 7_919) % pack.count] ^= UInt8(1 << (seed % 8))
        guard let damaged = Pack(pack) else { return }
        for i in damaged.entries.indices {
            guard let decoded = damaged.facts(i), let original = byPath[damaged.entries[i].path] else { continue }
            precondition(decoded == original, "a damaged pack gave other facts for \(damaged.entries[i].path)")
        }
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
        packBitFlip(facts, seed: bytes.count)

        let resolved = Resolver.resolve(facts)
        let graph = resolved.graph
        checkGraph(graph)
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
