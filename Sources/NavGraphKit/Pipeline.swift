import Foundation
import NavGraphCheck
import NavGraphDiscovery
import NavGraphExtract
import NavGraphModel
import NavGraphPresent
import NavGraphResolve

public struct AnalysisOptions: Sendable {
    public var path: String
    public var discovery = DiscoveryOptions()
    public var threads = ProcessInfo.processInfo.activeProcessorCount
    public var rules: [any Rule.Type] = RuleRegistry.all
    /// `.navgraph.yml`, already loaded (see `Configuration.find`).
    public var configuration = Configuration()
    /// Keep the Swift files no target of the app's Xcode projects compiles (`--all-files`).
    public var allFiles = false
    /// Where per-file facts and the last result are cached; nil disables both.
    public var cacheLocation: URL? = nil
    /// Seconds a file may take to be read and parsed before it is skipped with a warning (`--parse-time-limit`).
    public var parseTimeLimit: Double = AnalysisOptions.defaultParseTimeLimit
    /// Far more than any real file takes (a million lines parse in about a second on two cores), so only
    /// code SwiftParser recovers from quadratically (see `ParallelJobs.map`) reaches it.
    public static let defaultParseTimeLimit = 20.0
    /// Runs the instantiation round that confirms the fixpoint even when it can be skipped (tests compare).
    public var confirmFixpoint = false
    /// Returns before the caches are written, leaving them to `CacheWrites.finish()` (the command line
    /// calls it before the process exits), so that writing them overlaps with rendering the output.
    public var finishCacheWritesLater = false
    /// Interprets only statements that can navigate (`NAVGRAPH_NO_SLICE=1` turns it off, for comparisons).
    public var sliceBodies = ProcessInfo.processInfo.environment["NAVGRAPH_NO_SLICE"] == nil
    /// Replays an unreachable switch arm already run in the same context instead of running it again
    /// (`NAVGRAPH_NO_ARM_REPLAY=1` turns it off, for comparisons).
    public var replayDeadArms = ProcessInfo.processInfo.environment["NAVGRAPH_NO_ARM_REPLAY"] == nil

    /// Resolution's budget (see `ResolveBudget`).
    public var budget = ResolveBudget()

    /// Told what the run is doing (stage, files parsed, round), for a progress line; never part of a key.
    public var progress: (@Sendable (String) -> Void)?

    public init(path: String) { self.path = path }

    /// What resolving is told: the configuration's roots and types, and the switches above.
    var resolveOptions: ResolveOptions {
        var r = ResolveOptions()
        r.roots = configuration.roots
        r.coordinatorTypes = configuration.coordinatorTypes
        r.screenTypes = configuration.screenTypes
        r.routerTypes = configuration.routerTypes
        r.confirmFixpoint = confirmFixpoint
        r.sliceBodies = sliceBodies
        r.deferUnreachableScreens = sliceBodies
        r.replayDeadArms = replayDeadArms
        r.budget = budget
        return r
    }

    /// Discovery options with the configuration's paths folded in.
    var effectiveDiscovery: DiscoveryOptions {
        var d = discovery
        d.included = configuration.included + d.included
        d.excluded = configuration.excluded + d.excluded
        d.includeTests = d.includeTests || configuration.includeTests
        return d
    }
}

public enum AnalysisError: Error, CustomStringConvertible {
    case input(String)
    /// No Swift file to analyze; `skipped` are the warnings about the ones that were found but not read.
    case noSwiftFiles(String, skipped: [Diagnostic] = [])

    public var description: String {
        switch self {
        case .input(let m): return m
        case .noSwiftFiles(let p, let skipped):
            if skipped.isEmpty { return "no Swift files found under \(p)" }
            return "no Swift file under \(p) could be analyzed (\(skipped.count) skipped: \(skipped.compactMap(\.file).joined(separator: ", ")))"
        }
    }
}

public struct Analysis: Sendable {
    public var report: AnalysisReport
    public var fileCount: Int
    public var timings: [(stage: String, seconds: Double)]
    /// Whether the graph and the resolver's diagnostics came from the result cache (resolve was skipped).
    public var resultCacheHit = false
    /// The five functions whose runs took the most resolution steps (none when resolve was skipped).
    public var costliest: [FunctionCost] = []
}

/// The stages, top to bottom: discover → extract → resolve (or the cached result) → check → report.
/// The caches sit at the edges: per-file facts by content hash (`FactsCache`), and the last result by
/// the exact key of everything resolving reads (`ResultCache`).
public enum Pipeline {
    public static func analyze(_ options: AnalysisOptions) throws -> Analysis {
        var timings: [(String, Double)] = []
        func timed<T>(_ stage: String, _ body: () throws -> T) rethrows -> T {
            let start = Date()
            defer { timings.append((stage, Date().timeIntervalSince(start))) }
            return try body()
        }
        // The cache starts reading its pack now, in the background, while discovery runs. Facts extracted
        // now are encoded when the pack is written, unless the result cache's key needs their digests.
        let cache = options.cacheLocation.map { FactsCache(location: $0, root: options.path) }
        cache?.defersEncoding = true
        let resultCache = cache.map { ResultCache(url: $0.resultURL) }

        options.progress?("finding files")
        let (files, discoveryDiagnostics) = try timed("discover") {
            do { return try Discovery.discover(root: options.path, options: options.effectiveDiscovery) }
            catch let e as DiscoveryError { throw AnalysisError.input(e.description) }
        }
        // Files on disk that no target of the app's Xcode projects compiles (a stale copy) are not the app.
        let membership = ProjectMembership(projects: files, root: options.path)
        let (swiftFiles, membershipDiagnostics) = options.allFiles
            ? (files.filter { $0.kind == .swift }, []) : membership.compiled(files.filter { $0.kind == .swift })
        // Files of other products (widgets, watch and example apps, tools): their entry points are not the
        // app's roots (the resolver names them) and their code gets no finding.
        let foreignFiles = membership.foreignEntryFiles(swiftFiles).sorted()
        func noFiles(_ unread: [Diagnostic]) -> AnalysisError {
            .noSwiftFiles(options.path, skipped: (discoveryDiagnostics + unread).filter { $0.file?.hasSuffix(".swift") == true })
        }
        guard !swiftFiles.isEmpty else { throw noFiles([]) }
        var extracted = timed("extract") { extractAll(swiftFiles, options, cache) }
        guard extracted.contains(where: \.hasFacts) else { throw noFiles(extracted.flatMap(\.diagnostics)) }
        var storyboardDiagnostics: [Diagnostic] = []
        // What resolving reads besides the Swift files: storyboards and Objective-C files, by path and bytes.
        var sideInputs = RunKey()
        let storyboards = timed("storyboards") {
            StoryboardReader.read(files.filter { $0.kind == .storyboard || $0.kind == .xib }, diagnostics: &storyboardDiagnostics, fingerprint: &sideInputs)
        }
        let objectiveC = timed("objective-c") {
            ObjectiveCNames.read(files.filter { $0.kind == .objectiveC }, maxFileSize: options.effectiveDiscovery.maxFileSize, fingerprint: &sideInputs)
        }
        var resolveOptions = options.resolveOptions
        resolveOptions.foreignEntryFiles = foreignFiles
        let restKey = ResultCache.restKey(storyboards: sideInputs, options: resolveOptions)

        // The last result, when it was made from exactly these inputs.
        var cached: CachedResult?
        if let cache, let stored = resultCache?.take() {
            completeDigests(&extracted, swiftFiles, cache, options.threads)
            let start = Date()
            if let inputs = Pipeline.inputs(inputFiles(extracted, swiftFiles), rest: restKey), stored.key == ResultCache.key(inputs) { cached = stored.result }
            let seconds = Date().timeIntervalSince(start)
            if cached != nil { timings += [("resolve", seconds), ("  (cached result)", seconds)] }
        }
        if cached == nil, let cache, extracted.contains(where: { $0.packed != nil }) {
            // Resolution needs every file's facts: decode those the pack holds (a fact that does not
            // decode is extracted again, with a digest of its own).
            extracted = timed("decode") { decodePacked(extracted, swiftFiles, cache, options) }
        }
        cache?.save()  // in the background, while the next stages run

        let perFile = FileNotesByPath(extracted, swiftFiles, cached: cached)
        var diagnostics = discoveryDiagnostics + membershipDiagnostics + perFile.diagnostics
        let facts = perFile.facts
        // Every file's facts were in the pack, and none decodes nor can be read any more.
        guard cached != nil || !facts.isEmpty else { throw noFiles(extracted.flatMap(\.diagnostics)) }
        diagnostics.append(contentsOf: storyboardDiagnostics)

        let resolved: CachedResult
        var costliest: [FunctionCost] = []
        if let cached {
            resolved = cached
        } else {
            var phases: [(String, Double)] = []
            resolved = timed("resolve") {
                // The interpreter recurses over the facts as deep as the code nests: give it the large stack too.
                options.progress?("resolving")
                let result = LargeStack.run { Resolver.resolve(facts, storyboards: storyboards, foreignNames: objectiveC, options: resolveOptions, progress: options.progress) }
                phases = result.phases.map { ("  " + $0.step, $0.seconds) }
                costliest = result.interpreter.costliestFunctions(5)
                return CachedResult(graph: result.graph, diagnostics: result.diagnostics, files: perFile.notes)
            }
            timings.append(contentsOf: phases)
            if let resultCache, let cache { save(resolved, inputFiles(extracted, swiftFiles), rest: restKey, resultCache, cache) }
        }
        diagnostics.append(contentsOf: resolved.diagnostics)
        options.progress?("checking")
        var findings = timed("check") { check(resolved.graph, options, suppressions: perFile.suppressions, resolveDiagnostics: resolved.diagnostics) }
        // Code only another product compiles (a network or widget extension) runs from that product's entry
        // point, which is no root here: what is unreachable from the app's roots says nothing about it.
        if !foreignFiles.isEmpty {
            let foreign = Set(foreignFiles)
            findings.removeAll { foreign.contains($0.file) }
        }
        let report = timed("report") { AnalysisReport(graph: resolved.graph, findings: findings, diagnostics: diagnostics.sorted()) }
        if options.finishCacheWritesLater {
            CacheWrites.add { cache?.finishSaving(); resultCache?.finishSaving() }
        } else {
            cache?.finishSaving()
            resultCache?.finishSaving()
        }
        return Analysis(report: report, fileCount: swiftFiles.count, timings: timings, resultCacheHit: cached != nil, costliest: costliest)
    }

    /// Analyzes Swift sources held in memory (relative path → text) as the files of a folder, every one of
    /// them: no discovery (nor its filters), no caches, no storyboards. The resolve stage's tests use it,
    /// and so can a tool that has the code already.
    public static func analyze(sources: [String: String], options: AnalysisOptions) throws -> Analysis {
        let swiftFiles = sources.keys.sorted().map { SourceFile(relativePath: $0, absolutePath: $0, kind: .swift) }
        let extracted = swiftFiles.map { Extracted(extract($0, bytes: Array(sources[$0.relativePath]!.utf8))) }
        let perFile = FileNotesByPath(extracted, swiftFiles, cached: nil)
        guard !perFile.facts.isEmpty else { throw AnalysisError.noSwiftFiles(options.path, skipped: perFile.diagnostics) }
        let result = LargeStack.run { Resolver.resolve(perFile.facts, options: options.resolveOptions) }
        let findings = check(result.graph, options, suppressions: perFile.suppressions, resolveDiagnostics: result.diagnostics)
        let report = AnalysisReport(graph: result.graph, findings: findings, diagnostics: (perFile.diagnostics + result.diagnostics).sorted())
        return Analysis(report: report, fileCount: swiftFiles.count, timings: [])
    }

    /// The Swift files that gave facts, with their facts' digests: what the result cache's key is made of.
    private static func inputFiles(_ extracted: [Extracted], _ swiftFiles: [SourceFile]) -> [(path: String, factsDigest: FactsCache.Digest?)] {
        extracted.indices.filter { extracted[$0].hasFacts }.map { (swiftFiles[$0].relativePath, extracted[$0].factsDigest) }
    }

    /// Saves the result under its key. The key waits for the facts the pack's thread encodes (nothing is
    /// saved if a file's facts have no digest).
    private static func save(_ resolved: CachedResult, _ inputs: [(path: String, factsDigest: FactsCache.Digest?)], rest restKey: FactsCache.Digest,
                             _ resultCache: ResultCache, _ cache: FactsCache) {
        resultCache.save {
            guard let inputs = Pipeline.inputs(inputs, rest: restKey, encoded: cache.encodePending(threads: 1)) else { return nil }
            return (ResultCache.key(inputs), resolved)
        }
    }

    /// The findings of the enabled rules, less those suppressed in the source or by the configuration, in
    /// file and line order. A graph resolution did not finish (out of budget) gets only the rules that do
    /// not need the whole graph, and no comment is called unused.
    static func check(_ graph: NavGraph, _ options: AnalysisOptions, suppressions: [String: [Suppression]],
                      resolveDiagnostics: [Diagnostic]) -> [Finding] {
        let config = options.configuration
        let enabled = options.rules.filter { !config.disabledRules.contains($0.description.id) }
        let wholeGraph = !resolveDiagnostics.contains { $0.code == Diagnostic.resolveBudgetCode }
        var found = RuleRegistry.check(graph, rules: enabled, wholeGraph: wholeGraph)
        found = SuppressionFilter.apply(found, suppressions: suppressions, reportUnused: wholeGraph)
        let settings = RuleSettingsFilter(disabled: Set(config.disabledRules),
                                          severities: config.rules.compactMapValues(\.severity),
                                          ignored: config.rules.mapValues(\.ignore))
        return settings.apply(found).sorted(by: Finding.order)
    }

    /// Every Swift file's facts: extracted, or, with the cache, found in the pack by content hash (left
    /// there until resolution needs them). A file not parsed within the time limit is skipped with a warning.
    static func extractAll(_ swiftFiles: [SourceFile], _ options: AnalysisOptions, _ cache: FactsCache?) -> [Extracted] {
        let limit = options.effectiveDiscovery.maxFileSize
        let timeLimit = options.parseTimeLimit
        let parsed = ProgressCounter(total: swiftFiles.count, stage: "parsing", report: options.progress)
        let results = ParallelJobs.map(swiftFiles.count, threads: options.threads, timeLimit: timeLimit) { i, givenUp -> Extracted in
            let file = swiftFiles[i]
            defer { parsed.step() }
            guard let cache else { return Extracted(extract(file, limit: limit)) }
            // A file given up on is not cached: a run without the cache would skip it too. The cache reads
            // the file to hash it: extraction reuses the bytes.
            let unlessGivenUp = { (bytes: [UInt8]?) in givenUp() ? (nil, []) : extractor(file, limit)(bytes) }
            switch cache.lookup(for: file, limit: limit, extract: unlessGivenUp) {
            case .packed(let entry, let factsDigest):
                return Extracted(facts: nil, diagnostics: [], factsDigest: factsDigest, packed: entry)
            case .extracted(let facts, let diagnostics, let factsDigest):
                return Extracted(facts: facts, diagnostics: diagnostics, factsDigest: factsDigest)
            }
        }
        return results.enumerated().map { i, result in
            result ?? Extracted(facts: nil, diagnostics: [Pipeline.tooSlow(swiftFiles[i], timeLimit)], factsDigest: nil)
        }
    }

    static func extractor(_ file: SourceFile, _ limit: Int) -> ([UInt8]?) -> (FileFacts?, [Diagnostic]) {
        { bytes in bytes.map { extract(file, bytes: $0) } ?? extract(file, limit: limit) }
    }

    /// The facts the pack holds, decoded (extracted again where they do not decode).
    static func decodePacked(_ extracted: [Extracted], _ swiftFiles: [SourceFile], _ cache: FactsCache, _ options: AnalysisOptions) -> [Extracted] {
        let limit = options.effectiveDiscovery.maxFileSize
        return ParallelJobs.map(extracted.count, threads: options.threads) { i -> Extracted in
            let e = extracted[i]
            guard let entry = e.packed else { return e }
            let found = cache.facts(of: swiftFiles[i], entry: entry, limit: limit, extract: extractor(swiftFiles[i], limit))
            return Extracted(facts: found.facts, diagnostics: found.diagnostics, factsDigest: found.factsDigest)
        }
    }

    /// The digests of the facts extracted now, which `FactsCache.defersEncoding` left for later: only a
    /// last result to compare with needs them now (an edit of a few files: a few to encode).
    static func completeDigests(_ extracted: inout [Extracted], _ swiftFiles: [SourceFile], _ cache: FactsCache, _ threads: Int) {
        guard cache.hasUnencodedFacts else { return }
        let digests = cache.encodePending(threads: threads)
        for i in extracted.indices where extracted[i].facts != nil && extracted[i].factsDigest == nil {
            extracted[i].factsDigest = digests[swiftFiles[i].relativePath]
        }
    }

    /// The result cache's inputs: each file given to the resolver and the digest of its facts (from
    /// `encoded` while they waited to be encoded; nil when a file's facts have none, which turns the
    /// result cache off), then everything else resolving reads (`rest`).
    static func inputs(_ files: [(path: String, factsDigest: FactsCache.Digest?)], rest: FactsCache.Digest,
                       encoded: [String: FactsCache.Digest] = [:]) -> CachedResult.Inputs? {
        var result: [CachedResult.Inputs.File] = []
        result.reserveCapacity(files.count)
        for f in files {
            guard let digest = f.factsDigest ?? encoded[f.path] else { return nil }
            result.append(CachedResult.Inputs.File(path: f.path, factsDigest: digest))
        }
        return CachedResult.Inputs(rest: rest, files: result)
    }

    /// The warning for a file given up on after `seconds`.
    static func tooSlow(_ file: SourceFile, _ seconds: Double) -> Diagnostic {
        let shown = seconds == seconds.rounded() && seconds < 1e9 ? String(Int(seconds)) : String(seconds)
        return Diagnostic(.warning, "not parsed within \(shown) s (SwiftParser recovers very slowly from broken code like this file's); skipped. Fix or exclude the file, or raise --parse-time-limit", file: file.relativePath)
    }

    static func extract(_ file: SourceFile, limit: Int = DiscoveryOptions().maxFileSize) -> (FileFacts?, [Diagnostic]) {
        extract(file, SourceReader.read(file, limit: limit))
    }

    static func extract(_ file: SourceFile, bytes: [UInt8]) -> (FileFacts?, [Diagnostic]) {
        extract(file, SourceReader.outcome(bytes, file))
    }

    private static func extract(_ file: SourceFile, _ outcome: SourceReader.Outcome) -> (FileFacts?, [Diagnostic]) {
        switch outcome {
        case .skipped(let d):
            return (nil, [d])
        case .text(let text, let warning):
            let facts = Extractor.extract(path: file.relativePath, source: text)
            return (facts, (warning.map { [$0] } ?? []) + diagnostics(of: facts))
        }
    }

    /// The parse warnings a file's facts carry (`"line: message"`), as diagnostics naming the file.
    static func diagnostics(of facts: FileFacts) -> [Diagnostic] {
        facts.diagnostics.map { d in
            let parts = d.split(separator: ":", maxSplits: 1)
            let line = parts.count == 2 ? Int(parts[0]) : nil
            return Diagnostic(.warning, line != nil ? parts[1].trimmingCharacters(in: .whitespaces) : d, file: facts.path, line: line)
        }
    }
}

/// One file's extraction: its facts (nil when it was skipped, or while they are still in the pack), its
/// warnings, the digest of its facts' encoded bytes when the cache is on, and the pack entry that holds
/// its facts when they have not been decoded.
struct Extracted {
    var facts: FileFacts?
    var diagnostics: [Diagnostic]
    var factsDigest: FactsCache.Digest?
    var packed: Int?

    init(facts: FileFacts?, diagnostics: [Diagnostic], factsDigest: FactsCache.Digest?, packed: Int? = nil) {
        self.facts = facts
        self.diagnostics = diagnostics
        self.factsDigest = factsDigest
        self.packed = packed
    }

    init(_ result: (FileFacts?, [Diagnostic])) { self.init(facts: result.0, diagnostics: result.1, factsDigest: nil) }

    var hasFacts: Bool { facts != nil || packed != nil }
}

/// Each file's warnings and suppressions: from its facts, or, for facts left in the pack (a run served
/// from the result cache), as the result cache kept them; and the facts to resolve.
struct FileNotesByPath {
    var facts: [FileFacts] = []
    var diagnostics: [Diagnostic] = []
    var suppressions: [String: [Suppression]] = [:]
    /// What the result cache keeps for the files whose facts give any.
    var notes: [String: CachedResult.FileNotes] = [:]

    init(_ extracted: [Extracted], _ swiftFiles: [SourceFile], cached: CachedResult?) {
        for (i, e) in extracted.enumerated() {
            let path = swiftFiles[i].relativePath
            let fileNotes: CachedResult.FileNotes
            if let f = e.facts {
                facts.append(f)
                fileNotes = CachedResult.FileNotes(diagnostics: e.diagnostics, suppressions: f.suppressions)
                if !f.diagnostics.isEmpty || !f.suppressions.isEmpty {
                    notes[path] = CachedResult.FileNotes(diagnostics: Pipeline.diagnostics(of: f), suppressions: f.suppressions)
                }
            } else if e.packed != nil, let kept = cached?.files[path] {
                fileNotes = kept
            } else {
                fileNotes = CachedResult.FileNotes(diagnostics: e.diagnostics, suppressions: [])
            }
            diagnostics.append(contentsOf: fileNotes.diagnostics)
            if !fileNotes.suppressions.isEmpty, suppressions[path] == nil { suppressions[path] = fileNotes.suppressions }
        }
    }
}

/// Cache files still being written in the background (see `AnalysisOptions.finishCacheWritesLater`).
public enum CacheWrites {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var pending: [() -> Void] = []

    static func add(_ wait: @escaping () -> Void) {
        lock.lock()
        pending.append(wait)
        lock.unlock()
    }

    /// Waits until every cache file started so far is written (each is written to a temporary file and
    /// renamed, so one a process left unfinished is never read).
    public static func finish() {
        lock.lock()
        let waits = pending
        pending = []
        lock.unlock()
        for wait in waits { wait() }
    }
}

/// Counts finished jobs for the progress line: "parsing 1,200/5,000 files".
final class ProgressCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var done = 0
    private let total: Int
    private let stage: String
    private let report: (@Sendable (String) -> Void)?

    init(total: Int, stage: String, report: (@Sendable (String) -> Void)?) {
        (self.total, self.stage, self.report) = (total, stage, report)
        report?("\(stage) 0/\(total) files")
    }

    func step() {
        guard let report else { return }
        lock.lock()
        done += 1
        let n = done
        lock.unlock()
        report("\(stage) \(n)/\(total) files")
    }
}
