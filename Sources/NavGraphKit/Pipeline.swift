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

    public init(path: String) { self.path = path }

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
    /// Whether that cached result had its locations moved to this run's lines (`LineShift`).
    public var resultLinesMoved = false
    /// Whether that result was reused across an edit of statements that cannot navigate (`InertEdits`).
    public var resultInertEdit = false
}

/// The stages, top to bottom: discover → extract → resolve/instantiate → check.
public enum Pipeline {
    public static func analyze(_ options: AnalysisOptions) throws -> Analysis {
        var timings: [(String, Double)] = []
        func timed<T>(_ stage: String, _ body: () throws -> T) rethrows -> T {
            let start = Date()
            defer { timings.append((stage, Date().timeIntervalSince(start))) }
            return try body()
        }

        // The cache starts reading its pack now, in the background, while discovery runs.
        let cache = options.cacheLocation.map { FactsCache(location: $0, root: options.path) }
        // Facts extracted now are encoded when the pack is written, unless a result to compare with needs their digests.
        cache?.defersEncoding = true
        let resultCache = cache.map { ResultCache(url: $0.resultURL) }
        let (files, discoveryDiagnostics) = try timed("discover") {
            do { return try Discovery.discover(root: options.path, options: options.effectiveDiscovery) }
            catch let e as DiscoveryError { throw AnalysisError.input(e.description) }
        }
        let swiftFiles = files.filter { $0.kind == .swift }
        guard !swiftFiles.isEmpty else {
            throw AnalysisError.noSwiftFiles(options.path, skipped: discoveryDiagnostics.filter { $0.file?.hasSuffix(".swift") == true })
        }
        var diagnostics = discoveryDiagnostics

        // The big intermediate results live in `held`, so they can be freed on another thread at the end.
        let held = Held()
        let limit = options.effectiveDiscovery.maxFileSize
        func extractor(_ file: SourceFile) -> ([UInt8]?) -> (FileFacts?, [Diagnostic]) {
            { bytes in bytes.map { extract(file, bytes: $0) } ?? extract(file, limit: limit) }
        }
        let timeLimit = options.parseTimeLimit
        held.extracted = timed("extract") {
            let results = ParallelJobs.map(swiftFiles.count, threads: options.threads, timeLimit: timeLimit) { i, givenUp -> Extracted in
                let file = swiftFiles[i]
                guard let cache else { return Extracted(extract(file, limit: limit)) }
                // A file given up on is not cached: a run without the cache would skip it too.
                let extract = extractor(file)
                let unlessGivenUp = { (bytes: [UInt8]?) in givenUp() ? (nil, []) : extract(bytes) }
                // The cache reads the file to hash it: extraction reuses the bytes. Facts found in the pack
                // are decoded later, only when resolution needs them.
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
        guard held.extracted.contains(where: \.hasFacts) else {
            let unread = held.extracted.flatMap(\.diagnostics)
            throw AnalysisError.noSwiftFiles(options.path, skipped: (discoveryDiagnostics + unread).filter { $0.file?.hasSuffix(".swift") == true })
        }
        var storyboardDiagnostics: [Diagnostic] = []
        var storyboardInputs = RunKey()
        let storyboards = timed("storyboards") {
            StoryboardReader.read(files.filter { $0.kind != .swift }, diagnostics: &storyboardDiagnostics, fingerprint: &storyboardInputs)
        }

        let config = options.configuration
        var resolveOptions = ResolveOptions()
        resolveOptions.roots = config.roots
        resolveOptions.coordinatorTypes = config.coordinatorTypes
        resolveOptions.screenTypes = config.screenTypes
        resolveOptions.routerTypes = config.routerTypes
        resolveOptions.confirmFixpoint = options.confirmFixpoint
        resolveOptions.sliceBodies = options.sliceBodies
        resolveOptions.deferUnreachableScreens = options.sliceBodies
        resolveOptions.replayDeadArms = options.replayDeadArms
        let restKey = ResultCache.restKey(storyboards: storyboardInputs, options: resolveOptions)
        /// Each file given to the resolver and the digest of its facts (nil while they wait to be encoded).
        func inputFiles() -> [(path: String, factsDigest: FactsCache.Digest?)] {
            held.extracted.indices.filter { held.extracted[$0].hasFacts }.map { (swiftFiles[$0].relativePath, held.extracted[$0].factsDigest) }
        }
        func runInputs() -> CachedResult.Inputs? { Pipeline.inputs(inputFiles(), rest: restKey) }

        /// The digests of the facts extracted now, which `FactsCache.defersEncoding` left for later.
        func completeDigests() {
            guard let cache, cache.hasUnencodedFacts else { return }
            let digests = cache.encodePending(threads: options.threads)
            for i in held.extracted.indices where held.extracted[i].facts != nil && held.extracted[i].factsDigest == nil {
                held.extracted[i].factsDigest = digests[swiftFiles[i].relativePath]
            }
        }
        let stored = resultCache?.take()
        // Only a last result to compare with needs the digests now (an edit of a few files: a few to encode).
        if stored != nil { completeDigests() }
        var inputs = resultCache != nil ? runInputs() : nil
        var cached: CachedResult?
        /// Whether `cached` is the last result with lines moved (`LineShift`): saved again under this run's key.
        var moved = false
        /// Whether some changed file changed in statements that cannot navigate (`InertEdits`), not only in lines.
        var inert = false
        if let runInputs = inputs {
            let start = Date()
            if let stored {
                if stored.key == ResultCache.key(runInputs) {
                    cached = stored.result
                } else if let cache, let reused = Pipeline.moveLines(of: stored.result, to: runInputs, held.extracted, swiftFiles, files, cache: cache) {
                    cached = reused.result
                    moved = true
                    inert = reused.inert
                }
            }
            let seconds = Date().timeIntervalSince(start)
            let how = inert ? "  (cached result, inert edit)" : moved ? "  (cached result, lines moved)" : "  (cached result)"
            if cached != nil { timings += [("resolve", seconds), (how, seconds)] }
        }
        if cached == nil, let cache, held.extracted.contains(where: { $0.packed != nil }) {
            // Resolution needs every file's facts: decode those the pack holds.
            let packed = held.extracted.map(\.factsDigest)
            held.extracted = timed("decode") {
                ParallelJobs.map(held.extracted.count, threads: options.threads) { i -> Extracted in
                    let e = held.extracted[i]
                    guard let entry = e.packed else { return e }
                    let found = cache.facts(of: swiftFiles[i], entry: entry, limit: limit, extract: extractor(swiftFiles[i]))
                    return Extracted(facts: found.facts, diagnostics: found.diagnostics, factsDigest: found.factsDigest)
                }
            }
            // Facts that did not decode were extracted again: the inputs are computed again only then.
            if stored != nil { completeDigests() }
            if inputs != nil, !zip(packed, held.extracted).allSatisfy({ $0 == $1.factsDigest }) { inputs = runInputs() }
        }
        // After decoding, which extracts again facts that do not decode.
        cache?.save()  // in the background, while the next stages run

        // Each file's warnings and suppressions: from its facts, or, for facts left in the pack (served
        // from the result cache), as the result cache kept them.
        var suppressions: [String: [Suppression]] = [:]
        held.facts.reserveCapacity(held.extracted.count)
        for (i, e) in held.extracted.enumerated() {
            if let f = e.facts {
                diagnostics.append(contentsOf: e.diagnostics)
                held.facts.append(f)
                if !f.suppressions.isEmpty, suppressions[f.path] == nil { suppressions[f.path] = f.suppressions }
            } else if e.packed != nil, let notes = cached?.files[swiftFiles[i].relativePath] {
                diagnostics.append(contentsOf: notes.diagnostics)
                if !notes.suppressions.isEmpty, suppressions[swiftFiles[i].relativePath] == nil { suppressions[swiftFiles[i].relativePath] = notes.suppressions }
            } else {
                diagnostics.append(contentsOf: e.diagnostics)
            }
        }
        guard cached != nil || !held.facts.isEmpty else {
            // Every file's facts were in the pack, and none decodes nor can be read any more.
            throw AnalysisError.noSwiftFiles(options.path, skipped: (discoveryDiagnostics + held.extracted.flatMap(\.diagnostics)).filter { $0.file?.hasSuffix(".swift") == true })
        }
        diagnostics.append(contentsOf: storyboardDiagnostics)

        var phases: [(String, Double)] = []
        let resolved: CachedResult
        if let cached {
            resolved = cached
        } else {
            resolved = timed("resolve") {
                // The interpreter recurses over the facts as deep as the code nests: give it the large stack too.
                let reuse = Pipeline.sliceReuse(stored?.result, inputs)
                let result = LargeStack.run { Resolver.resolve(held.facts, storyboards: storyboards, options: resolveOptions, reuse: reuse) }
                held.resolved = result
                phases = result.phases.map { ("  " + $0.step, $0.seconds) }
                return CachedResult(graph: result.graph, diagnostics: result.diagnostics, vocabulary: result.vocabulary, sliceState: result.sliceState)
            }
        }
        // The slicer state the result file keeps is made while the rules run and the output is written.
        if resultCache != nil, cached == nil { resolved.sliceState?.makeInBackground() }
        if let resultCache, let cache, cached == nil || moved {
            // Each file's warnings and suppressions: from its facts, or as the last result kept them.
            var files: [String: CachedResult.FileNotes] = [:]
            for (i, e) in held.extracted.enumerated() {
                let path = swiftFiles[i].relativePath
                if let f = e.facts {
                    if !f.diagnostics.isEmpty || !f.suppressions.isEmpty {
                        files[path] = CachedResult.FileNotes(diagnostics: Pipeline.diagnostics(of: f), suppressions: f.suppressions)
                    }
                } else if e.packed != nil, let notes = resolved.files[path] {
                    files[path] = notes
                }
            }
            var saved = resolved
            saved.files = files
            // A result reused across an edit keeps the last slicer state, made from the facts before it:
            // kept for lines moved (no statement changed), dropped for an inert edit (statements did).
            if inert { saved.sliceState = nil }
            if let inputs {
                saved.inputs = inputs
                resultCache.save(ResultCache.key(inputs), saved)  // in the background
            } else {
                // The key waits for the facts the pack's thread encodes (nothing is saved if a file's facts
                // have no digest, as before).
                let files = inputFiles()
                resultCache.save {
                    guard let inputs = Pipeline.inputs(files, rest: restKey, encoded: cache.encodePending(threads: 1)) else { return nil }
                    saved.inputs = inputs
                    return (ResultCache.key(inputs), saved)
                }
            }
        }
        timings.append(contentsOf: phases)
        diagnostics.append(contentsOf: resolved.diagnostics)
        let findings = timed("check") { () -> [Finding] in
            let enabled = options.rules.filter { !config.disabledRules.contains($0.description.id) }
            var found = RuleRegistry.check(resolved.graph, rules: enabled)
            found = SuppressionFilter.apply(found, suppressions: suppressions)
            let settings = RuleSettingsFilter(disabled: Set(config.disabledRules),
                                              severities: config.rules.compactMapValues(\.severity),
                                              ignored: config.rules.mapValues(\.ignore))
            return settings.apply(found).sorted { ($0.file, $0.line, $0.rule, $0.symbol) < ($1.file, $1.line, $1.rule, $1.symbol) }
        }
        let report = timed("report") { AnalysisReport(graph: resolved.graph, findings: findings, diagnostics: diagnostics.sorted()) }
        // The facts and the resolver's indexes are millions of small objects: freeing them takes a second
        // at a million lines. Nothing needs to wait for that, so another thread does it (a command-line
        // run ends before it is done, which is as good).
        ReleaseInBackground.release(held)
        if options.finishCacheWritesLater {
            CacheWrites.add { cache?.finishSaving(); resultCache?.finishSaving() }
        } else {
            cache?.finishSaving()
            resultCache?.finishSaving()
        }
        return Analysis(report: report, fileCount: swiftFiles.count, timings: timings, resultCacheHit: cached != nil, resultLinesMoved: moved, resultInertEdit: inert)
    }

    /// The last result's slicer fixpoint and the files changed since, when everything else it was made
    /// from is the same (options, storyboards, navgraph): see `RelevanceSlicer.Reuse`. Nil on a first run, or
    /// when the last result was not sliced.
    static func sliceReuse(_ last: CachedResult?, _ now: CachedResult.Inputs?) -> RelevanceSlicer.Reuse? {
        guard let last, let state = last.sliceState?.state, let was = last.inputs, let now, was.rest == now.rest else { return nil }
        var before: [String: FactsCache.Digest] = [:]
        for f in was.files { before[f.path] = f.factsDigest }
        var changed = Set<String>()
        for f in now.files where before.removeValue(forKey: f.path) != f.factsDigest { changed.insert(f.path) }
        changed.formUnion(before.keys)  // removed since
        return RelevanceSlicer.Reuse(state: state, changedFiles: changed)
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

/// The big intermediate results of an analysis: per-file facts and the resolver's indexes.
private final class Held: @unchecked Sendable {
    var extracted: [Extracted] = []
    var facts: [FileFacts] = []
    var resolved: Any?
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

/// Frees an analysis's intermediate results on a background thread, so their deallocation (millions of
/// small objects, a second at a million lines) does not hold up the caller.
private enum ReleaseInBackground {
    static func release(_ held: Held) {
        DispatchQueue.global(qos: .utility).async {
            held.extracted = []
            held.facts = []
            held.resolved = nil
        }
    }
}
