import Foundation
@testable import NavGraphKit
import NavGraphExtract
import NavGraphModel
import NavGraphPresent
import NavGraphResolve
import XCTest

/// The whole-analysis result cache: a run whose facts, storyboards and options are unchanged reuses the
/// last graph and diagnostics instead of resolving again, with byte-identical output.
final class ResultCacheTests: XCTestCase {
    // MARK: - Codec

    func testTheCodecKnowsEveryFieldOfTheModel() {
        // A failure here means a field was added to (or removed from) the graph model: teach
        // `ResultCodec` (encode, decode, `knownFields`) and bump `ResultCache.format`. Until then the
        // result cache is off (`isCompatible`), so results stay right.
        XCTAssertEqual(ResultCodec.currentFields, ResultCodec.knownFields)
        XCTAssertTrue(ResultCodec.isCompatible)
    }

    /// A rebuilt navgraph may resolve differently under the same version: the key names the executable.
    func testTheKeyNamesTheRunningExecutable() throws {
        let path = try XCTUnwrap(Bundle.main.executablePath)
        XCTAssertTrue(FileManager.default.fileExists(atPath: path), path)
        // The path (its length, then its bytes), the size and the modification time in nanoseconds, as
        // little-endian 64-bit numbers; the size and time as the file system reports them.
        let identity = ResultCache.executableIdentity
        XCTAssertEqual(identity.count, 8 + path.utf8.count + 16)
        func number(at offset: Int) -> UInt64 {
            (0..<8).reduce(UInt64(0)) { $0 | UInt64(identity[offset + $1]) << (8 * UInt64($1)) }
        }
        XCTAssertEqual(number(at: 0), UInt64(path.utf8.count))
        XCTAssertEqual(Array(identity[8..<(8 + path.utf8.count)]), Array(path.utf8))
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        XCTAssertEqual(number(at: 8 + path.utf8.count), try XCTUnwrap(attributes[.size] as? NSNumber).uint64Value)
        let modified = try XCTUnwrap(attributes[.modificationDate] as? Date).timeIntervalSince1970
        // `Date` keeps about a microsecond of precision this far from 2001.
        XCTAssertEqual(Double(Int64(bitPattern: number(at: 16 + path.utf8.count))) / 1e9, modified, accuracy: 1e-5)
    }

    /// Every field of the resolve options is in the key, by name and value, the ones added later too.
    func testEveryResolveOptionIsPartOfTheKey() {
        let files = [(path: "A.swift", factsDigest: FactsCache.Digest(a: 1, b: 2))]
        /// The key of a run of `files` with these storyboards and options.
        func runKey(_ files: [(path: String, factsDigest: FactsCache.Digest)], _ storyboards: RunKey, _ options: ResolveOptions) -> FactsCache.Digest {
            ResultCache.key(CachedResult.Inputs(rest: ResultCache.restKey(storyboards: storyboards, options: options),
                                                files: files.map { CachedResult.Inputs.File(path: $0.path, factsDigest: $0.factsDigest) }))
        }
        func key(_ change: (inout ResolveOptions) -> Void) -> FactsCache.Digest {
            var options = ResolveOptions()
            change(&options)
            return runKey(files, RunKey(), options)
        }
        let plain = key { _ in }
        XCTAssertEqual(key { _ in }, plain)
        let changes: [(String, (inout ResolveOptions) -> Void)] = [
            ("roots", { $0.roots = ["A"] }), ("coordinatorTypes", { $0.coordinatorTypes = ["A"] }),
            ("screenTypes", { $0.screenTypes = ["A"] }), ("routerTypes", { $0.routerTypes = ["A"] }),
            ("confirmFixpoint", { $0.confirmFixpoint.toggle() }),
            // The same strings in another field, or split differently, are another key.
            ("roots and screens", { $0.roots = ["A"]; $0.screenTypes = ["A"] }), ("two roots", { $0.roots = ["A", "B"] }),
            ("one root with a comma", { $0.roots = ["A\", \"B"] }),
        ]
        var keys = Set([plain])
        for (name, change) in changes { XCTAssertTrue(keys.insert(key(change)).inserted, name) }
        let fields = Mirror(reflecting: ResolveOptions()).children.compactMap(\.label)
        XCTAssertTrue(Set(["roots", "coordinatorTypes", "screenTypes", "routerTypes", "confirmFixpoint"]).isSubset(of: Set(fields)), "\(fields)")
        var storyboards = RunKey()
        storyboards.string("Main.storyboard")
        XCTAssertNotEqual(runKey(files, storyboards, ResolveOptions()), plain)
        XCTAssertNotEqual(runKey([], RunKey(), ResolveOptions()), plain)
        XCTAssertNotEqual(runKey([(path: "B.swift", factsDigest: FactsCache.Digest(a: 1, b: 2))], RunKey(), ResolveOptions()), plain)
        XCTAssertNotEqual(runKey([(path: "A.swift", factsDigest: FactsCache.Digest(a: 1, b: 3))], RunKey(), ResolveOptions()), plain)
    }

    func testEverySampleGraphAndItsDiagnosticsRoundTrip() throws {
        for sample in Repo.samples {
            let report = try analyzeSample(sample)
            XCTAssertFalse(report.graph.nodes.isEmpty, sample)
            let key = FactsCache.Digest(a: 1, b: 2)
            let bytes = ResultCache.encode(key, CachedResult(graph: report.graph, diagnostics: report.diagnostics))
            let decoded = try XCTUnwrap(ResultCache.decode(bytes, key: key), sample)
            XCTAssertEqual(try Self.json(decoded.graph), try Self.json(report.graph), sample)
            XCTAssertEqual(try Self.json(decoded.diagnostics), try Self.json(report.diagnostics), sample)
            XCTAssertEqual(JSONRenderer.render(AnalysisReport(graph: decoded.graph, findings: report.findings, diagnostics: decoded.diagnostics)),
                           JSONRenderer.render(report), sample)
            XCTAssertNil(ResultCache.decode(bytes, key: FactsCache.Digest(a: 1, b: 3)), "\(sample): another key")
        }
    }

    /// Every field, optional or not, set and unset, with text the samples do not have.
    func testEveryFieldRoundTrips() throws {
        var attributed = Node(kind: .screen, name: "Détail «1»", location: SourceLocation(file: "A/ü.swift", line: 7), reachable: false,
                              family: "radianttap", owner: "Owner")
        attributed.attributes = ["generic": "true", "": "empty key", "target": "line\nbreak"]
        var emptyAttributes = Node(kind: .route, name: "R.r", location: SourceLocation(file: "", line: -3), reachable: true)
        emptyAttributes.attributes = [:]
        let odd = Node(kind: .action, name: String(repeating: "x", count: 300), location: SourceLocation(file: "b", line: Int.max), reachable: true)
        var oddID = Node(kind: .coordinator, name: "C", location: SourceLocation(file: "c", line: 0), reachable: true)
        oddID.id = "not-derived-from-kind-and-name"
        let nodes = [attributed, emptyAttributes, odd, oddID]
        let edges = [
            Edge(from: attributed.id, to: odd.id, kind: .handles, via: "V.v()", mechanism: "push", location: SourceLocation(file: "e", line: Int.min), reachable: true),
            Edge(from: odd.id, to: "missing:node", kind: .finishes, location: SourceLocation(file: "e", line: 1), reachable: false),
        ]
        var full = ActionPath(sender: "S", action: "a(_:)", chain: ["x", "y", "x"], handledBy: "H", note: "n", reachable: true,
                              location: SourceLocation(file: "p", line: 2), handledWithin: "W")
        var step = ChainStep(responder: "z", role: .passThrough)
        step.file = "only-a-file"
        var lineOnly = ChainStep(responder: "z", role: .deferred)
        lineOnly.line = 9
        full.steps = [ChainStep(responder: "S", role: .sender, location: SourceLocation(file: "f", line: 3)), step, lineOnly, ChainStep(responder: "", role: .end)]
        full.carries = ["A.B.c", ""]
        var empties = ActionPath(sender: "S", action: "b", chain: [], handledBy: nil, reachable: false, location: SourceLocation(file: "p", line: 1))
        empties.steps = []
        empties.carries = []
        let bare = ActionPath(sender: "T", action: "c", chain: ["only"], handledBy: nil, reachable: true, location: SourceLocation(file: "q", line: 5))
        let graph = NavGraph(roots: [oddID.id, "app:Z"], nodes: nodes, edges: edges, paths: [full, empties, bare], families: ["b", "a"])
        let diagnostics = [Diagnostic(.warning, "w", file: "f", line: 1), Diagnostic(.error, "e\u{1B}[31m"), Diagnostic(.warning, "", file: "g")]

        let key = FactsCache.Digest(a: 0, b: .max)
        let files = [
            "A/ü.swift": CachedResult.FileNotes(diagnostics: [Diagnostic(.warning, "expected '}'", file: "A/ü.swift", line: 3)],
                                                suppressions: [Suppression(scope: .next, rules: ["dead-route", "x"], line: 4, reason: "why"),
                                                               Suppression(scope: .file, rules: [], line: -1, reason: nil)]),
            "b": CachedResult.FileNotes(diagnostics: [], suppressions: [Suppression(scope: .enable, rules: ["r"], line: 1, reason: "")]),
            "c": CachedResult.FileNotes(diagnostics: [Diagnostic(.error, "e")], suppressions: []),
        ]
        let decoded = try XCTUnwrap(ResultCache.decode(ResultCache.encode(key, CachedResult(graph: graph, diagnostics: diagnostics, files: files)), key: key))
        XCTAssertEqual(decoded.files, files)
        XCTAssertEqual(decoded.graph.nodes, graph.nodes)
        XCTAssertEqual(decoded.graph.edges, graph.edges)
        XCTAssertEqual(decoded.graph.paths, graph.paths)
        XCTAssertEqual(decoded.graph.roots, graph.roots)
        XCTAssertEqual(decoded.graph.families, graph.families)
        XCTAssertEqual(decoded.diagnostics, diagnostics)
        XCTAssertEqual(decoded.graph.node(oddID.id), oddID)
        XCTAssertEqual(decoded.graph.outgoing(attributed.id), graph.outgoing(attributed.id))
        XCTAssertEqual(decoded.graph.incoming("missing:node"), graph.incoming("missing:node"))
        XCTAssertEqual(try Self.json(decoded.graph), try Self.json(graph))
    }

    /// Damaged bytes never decode to a graph, and never crash: cut at every length, every byte changed.
    func testDamagedBytesDoNotDecode() throws {
        let report = try analyzeSample("hackingwithswift/RecipeBox")
        let key = FactsCache.Digest(a: 5, b: 6)
        let notes = ["f": CachedResult.FileNotes(diagnostics: [Diagnostic(.warning, "w", file: "f", line: 2)],
                                                 suppressions: [Suppression(scope: .this, rules: ["a"], line: 2, reason: nil)])]
        let result = CachedResult(graph: report.graph, diagnostics: report.diagnostics, files: notes)
        let good = ResultCache.encode(key, result)
        XCTAssertNotNil(ResultCache.decode(good, key: key))
        for n in stride(from: 0, to: good.count, by: max(1, good.count / 300)) {
            XCTAssertNil(ResultCache.decode(Array(good.prefix(n)), key: key), "cut at \(n)")
        }
        for i in stride(from: 0, to: good.count, by: max(1, good.count / 500)) {
            var bad = good
            bad[i] ^= 0x5A
            XCTAssertNil(ResultCache.decode(bad, key: key), "byte \(i) changed")
        }
        XCTAssertNil(ResultCache.decode(good + [0], key: key))
        XCTAssertNil(ResultCache.decode([], key: key))
        // The payload alone, damaged past the checksum: the decoder itself stays in bounds.
        let payload = ResultCodec.encode(result)
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            var bad = payload
            for _ in 0..<3 { bad[Int.random(in: 0..<bad.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng) }
            _ = bad.withUnsafeBufferPointer { ResultCodec.decode($0) }
            _ = Array(bad.prefix(Int.random(in: 0..<bad.count, using: &rng))).withUnsafeBufferPointer { ResultCodec.decode($0) }
        }
        XCTAssertNil([UInt8](repeating: 0xFF, count: 64).withUnsafeBufferPointer { ResultCodec.decode($0) })
    }

    // MARK: - Pipeline

    /// A comment-only edit keeps every file's facts: the warm run reuses the result and its output is
    /// byte-identical to a cold run without the cache.
    func testACommentEditIsServedFromTheResultCache() throws {
        let (app, cache) = try Self.copy("hackingwithswift/RecipeBox")
        defer { Self.remove(app, cache) }
        let cold = try Self.run(app, cache: nil)
        XCTAssertFalse(cold.hit)
        let first = try Self.run(app, cache: cache)
        XCTAssertFalse(first.hit, "nothing was cached yet")
        XCTAssertEqual(first.json, cold.json)
        XCTAssertTrue(FileManager.default.fileExists(atPath: FactsCache(location: cache, root: app.path).resultURL.path))
        let same = try Self.run(app, cache: cache)
        XCTAssertTrue(same.hit)
        XCTAssertEqual(same.json, cold.json)
        XCTAssertTrue(same.analysis.timings.contains { $0.stage == "  (cached result)" })
        XCTAssertFalse(same.analysis.timings.contains { $0.stage.trimmingCharacters(in: .whitespaces).hasPrefix("round ") })

        try Self.append("\n// just a comment\n", to: app.appendingPathComponent("Coordinators/MainCoordinator.swift"))
        let commented = try Self.run(app, cache: cache)
        XCTAssertTrue(commented.hit, "a comment does not change facts")
        XCTAssertEqual(commented.json, cold.json)
        XCTAssertEqual(commented.json, try Self.run(app, cache: nil).json)
        // Every format comes from the same report: text output too.
        XCTAssertEqual(TextRenderer.render(commented.analysis.report), TextRenderer.render(cold.analysis.report))
    }

    /// An edit that changes facts resolves again: the new screen is in the graph, as in a cold run, and
    /// the result saved for it is used next time.
    func testACodeEditIsNotServedFromTheResultCache() throws {
        let (app, cache) = try Self.copy("hackingwithswift/RecipeBox")
        defer { Self.remove(app, cache) }
        let before = try Self.run(app, cache: cache)
        XCTAssertTrue(try Self.run(app, cache: cache).hit)

        let file = app.appendingPathComponent("Coordinators/MainCoordinator.swift")
        var text = try String(contentsOf: file, encoding: .utf8)
        text = text.replacingOccurrences(of: "func showSearch() {\n",
                                         with: "func showSearch() {\n        navigationController.pushViewController(ExtraViewController(), animated: true)\n")
        XCTAssertTrue(text.contains("ExtraViewController()"))
        text += "\nfinal class ExtraViewController: UIViewController {}\n"
        try Data(text.utf8).write(to: file)

        let after = try Self.run(app, cache: cache)
        XCTAssertFalse(after.hit)
        XCTAssertNotEqual(after.json, before.json)
        XCTAssertTrue(after.analysis.report.graph.edges.contains { $0.from == "coordinator:MainCoordinator" && $0.to == "screen:ExtraViewController" && $0.reachable })
        XCTAssertEqual(after.json, try Self.run(app, cache: nil).json)
        let again = try Self.run(app, cache: cache)
        XCTAssertTrue(again.hit)
        XCTAssertEqual(again.json, after.json)

        // A file deleted, or added with facts, is a miss too.
        try FileManager.default.removeItem(at: app.appendingPathComponent("Features/Recipes/NutritionInfoViewController.swift"))
        let deleted = try Self.run(app, cache: cache)
        XCTAssertFalse(deleted.hit)
        XCTAssertEqual(deleted.json, try Self.run(app, cache: nil).json)
        try Data("final class Lone {}\n".utf8).write(to: app.appendingPathComponent("Lone.swift"))
        XCTAssertFalse(try Self.run(app, cache: cache).hit)
        XCTAssertTrue(try Self.run(app, cache: cache).hit)
    }

    // MARK: - Moved lines

    // MARK: - Inert edits

    /// Code moved above other code, or changed, resolves again; so does a changed file whose old facts
    /// are no longer in the pack.
    func testEditsThatReorderOrChangeCodeResolveAgain() throws {
        let (app, cache) = try Self.copy("hackingwithswift/RecipeBox")
        defer { Self.remove(app, cache) }
        let file = app.appendingPathComponent("Coordinators/MainCoordinator.swift")
        _ = try Self.run(app, cache: cache)
        let text = try String(contentsOf: file, encoding: .utf8)

        // Two methods swap places: the same facts but for lines, which no longer keep their order.
        let first = try XCTUnwrap(text.range(of: "    func showSearch() {"))
        let firstEnd = try XCTUnwrap(text.range(of: "\n    }\n", range: first.upperBound..<text.endIndex))
        let method = String(text[first.lowerBound..<firstEnd.upperBound])
        var swapped = text.replacingCharacters(in: first.lowerBound..<firstEnd.upperBound, with: "")
        let close = try XCTUnwrap(swapped.range(of: "\n}\n", options: .backwards))
        swapped.insert(contentsOf: "\n" + method, at: close.lowerBound)
        try Data(swapped.utf8).write(to: file)
        let reordered = try Self.run(app, cache: cache)
        XCTAssertFalse(reordered.hit)
        XCTAssertTrue(reordered.analysis.timings.contains { $0.stage.trimmingCharacters(in: .whitespaces).hasPrefix("round ") })
        XCTAssertEqual(reordered.json, try Self.run(app, cache: nil).json)

        // A line moved and a call added in the same edit.
        try Data(("\n" + swapped.replacingOccurrences(of: "func showSearch() {\n", with: "func showSearch() {\n        showTimerSettings()\n")).utf8).write(to: file)
        let changed = try Self.run(app, cache: cache)
        XCTAssertFalse(changed.hit)
        XCTAssertEqual(changed.json, try Self.run(app, cache: nil).json)

        // The pack no longer holds the old facts (a damaged pack reads as empty): resolve again.
        try Data(("\n\n" + swapped).utf8).write(to: file)
        let pack = FactsCache(location: cache, root: app.path).packURL
        try Data("damaged".utf8).write(to: pack)
        let withoutOldFacts = try Self.run(app, cache: cache)
        XCTAssertFalse(withoutOldFacts.hit)
        XCTAssertEqual(withoutOldFacts.json, try Self.run(app, cache: nil).json)
    }

    /// The configuration's resolve settings and `confirmFixpoint` are part of the key; rule settings are
    /// not (checking runs on every run).
    func testTheConfigurationIsPartOfTheKey() throws {
        let (app, cache) = try Self.copy("hackingwithswift/RecipeBox")
        defer { Self.remove(app, cache) }
        _ = try Self.run(app, cache: cache)
        XCTAssertTrue(try Self.run(app, cache: cache).hit)

        let configFile = app.appendingPathComponent(Configuration.fileName)
        try Data("roots:\n  - NutritionInfoViewController\n".utf8).write(to: configFile)
        let withRoot = try Self.run(app, cache: cache, configFile: configFile)
        XCTAssertFalse(withRoot.hit)
        XCTAssertEqual(withRoot.json, try Self.run(app, cache: nil, configFile: configFile).json)
        XCTAssertTrue(try Self.run(app, cache: cache, configFile: configFile).hit)

        for yaml in ["coordinator_types:\n  - Coordinator\n", "screen_types:\n  - UIViewController\n", "router_types:\n  - Coordinator\n"] {
            try Data(yaml.utf8).write(to: configFile)
            let configured = try Self.run(app, cache: cache, configFile: configFile)
            XCTAssertFalse(configured.hit, yaml)
            XCTAssertEqual(configured.json, try Self.run(app, cache: nil, configFile: configFile).json, yaml)
        }

        // Rule settings only change the check stage, which always runs.
        try Data("router_types:\n  - Coordinator\ndisabled_rules:\n  - dead-route\n".utf8).write(to: configFile)
        let rulesOnly = try Self.run(app, cache: cache, configFile: configFile)
        XCTAssertTrue(rulesOnly.hit)
        XCTAssertEqual(rulesOnly.json, try Self.run(app, cache: nil, configFile: configFile).json)

        let confirmed = try analyze(app) { $0.cacheLocation = cache; $0.confirmFixpoint = true }
        XCTAssertFalse(confirmed.resultCacheHit)
    }

    func testAStoryboardEditIsNotServedFromTheResultCache() throws {
        let (app, cache) = try Self.copy("companystyle/Knowledge")
        defer { Self.remove(app, cache) }
        _ = try Self.run(app, cache: cache)
        XCTAssertTrue(try Self.run(app, cache: cache).hit)
        let storyboard = app.appendingPathComponent("Resources/Onboarding.storyboard")
        let original = try String(contentsOf: storyboard, encoding: .utf8)
        let edited = original.replacingOccurrences(of: "storyboardIdentifier=\"WelcomeViewController\"", with: "storyboardIdentifier=\"Welcome2\"")
        XCTAssertNotEqual(edited, original)
        try Data(edited.utf8).write(to: storyboard)
        let afterEdit = try Self.run(app, cache: cache)
        XCTAssertFalse(afterEdit.hit)
        XCTAssertEqual(afterEdit.json, try Self.run(app, cache: nil).json)

        try FileManager.default.removeItem(at: storyboard)
        let removed = try Self.run(app, cache: cache)
        XCTAssertFalse(removed.hit)
        XCTAssertEqual(removed.json, try Self.run(app, cache: nil).json)
    }

    /// A damaged result file is a miss: the run resolves, gives the cold output, and writes a good file.
    func testADamagedResultFileIsIgnored() throws {
        let (app, cache) = try Self.copy("hackingwithswift/RecipeBox")
        defer { Self.remove(app, cache) }
        let cold = try Self.run(app, cache: nil)
        _ = try Self.run(app, cache: cache)
        let url = FactsCache(location: cache, root: app.path).resultURL
        let good = try Data(contentsOf: url)
        var flipped = good
        flipped[good.count / 2] ^= 0x01
        var otherFormat = good
        otherFormat[4] = 99
        for (i, bytes) in [good.prefix(good.count / 2), good.prefix(3), Data(repeating: 0x7F, count: good.count), Data(), flipped, otherFormat].enumerated() {
            try bytes.write(to: url)
            let damaged = try Self.run(app, cache: cache)
            XCTAssertFalse(damaged.hit, "damage \(i)")
            XCTAssertEqual(damaged.json, cold.json, "damage \(i)")
            let rewritten = try Self.run(app, cache: cache)
            XCTAssertTrue(rewritten.hit, "damage \(i): the file was not written again")
            XCTAssertEqual(rewritten.json, cold.json, "damage \(i)")
        }
        // A folder where the file should be: no cache, no crash.
        try FileManager.default.removeItem(at: url)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        XCTAssertEqual(try Self.run(app, cache: cache).json, cold.json)
        XCTAssertFalse(try Self.run(app, cache: cache).hit)
    }

    /// A run served from the result cache decodes no facts from the pack: the parse warnings and the
    /// suppression comments of those files come from the result file, and give the same output.
    func testParseWarningsAndSuppressionsSurviveAHit() throws {
        let (app, cache) = try Self.copy("hackingwithswift/RecipeBox")
        defer { Self.remove(app, cache) }
        let coordinator = app.appendingPathComponent("Coordinators/MainCoordinator.swift")
        var text = try String(contentsOf: coordinator, encoding: .utf8)
        text = text.replacingOccurrences(of: "    func showTimerSettings() {", with: "    // navgraph:disable:next dead-route - kept for the tests\n    func showTimerSettings() {")
        try Data(text.utf8).write(to: coordinator)
        try Data("final class Broken {\n    func f( {\n}\n".utf8).write(to: app.appendingPathComponent("Broken.swift"))
        let cold = try Self.run(app, cache: nil)
        XCTAssertTrue(cold.analysis.report.diagnostics.contains { $0.file == "Broken.swift" }, "\(cold.analysis.report.diagnostics)")
        XCTAssertFalse(cold.analysis.report.findings.contains { $0.rule == "dead-route" && $0.symbol.contains("showTimerSettings") })
        XCTAssertTrue(try Self.unsuppressedFindings(app).contains { $0.rule == "dead-route" && $0.symbol.contains("showTimerSettings") })

        XCTAssertFalse(try Self.run(app, cache: cache).hit)
        try Self.append("// elsewhere\n", to: app.appendingPathComponent("App/AppDelegate.swift"))
        let warm = try Self.run(app, cache: cache)
        XCTAssertTrue(warm.hit)
        XCTAssertEqual(warm.json, cold.json)
        XCTAssertEqual(warm.analysis.report.diagnostics, cold.analysis.report.diagnostics)
        XCTAssertEqual(warm.analysis.report.findings, cold.analysis.report.findings)
        // The files with warnings and suppressions edited by a comment: their facts are extracted now.
        try Self.append("// here\n", to: coordinator)
        try Self.append("// here\n", to: app.appendingPathComponent("Broken.swift"))
        let edited = try Self.run(app, cache: cache)
        XCTAssertTrue(edited.hit)
        XCTAssertEqual(edited.json, cold.json)
    }

    static func unsuppressedFindings(_ app: URL) throws -> [Finding] {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("navgraph-rc-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: app, to: dir)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("Coordinators/MainCoordinator.swift")
        try Data(try String(contentsOf: file, encoding: .utf8).replacingOccurrences(of: "navgraph:disable:next", with: "nothing").utf8).write(to: file)
        return try analyze(dir).report.findings
    }

    /// When the result is not cached, the facts left in the pack are decoded for resolving; facts that
    /// do not decode are extracted again, and the output is the cold one.
    func testDamagedFactsAreExtractedAgainWhenTheResultIsNotCached() throws {
        let (app, cache) = try Self.copy("hackingwithswift/RecipeBox")
        defer { Self.remove(app, cache) }
        let cold = try Self.run(app, cache: nil)
        _ = try Self.run(app, cache: cache)
        let probe = FactsCache(location: cache, root: app.path)
        try FileManager.default.removeItem(at: probe.resultURL)
        var bytes = try Data(contentsOf: probe.packURL)
        for e in try CacheTests.pack(cache).entries { bytes.replaceSubrange(e.facts, with: [UInt8](repeating: 0x7F, count: e.facts.count)) }
        try bytes.write(to: probe.packURL)
        let damaged = try Self.run(app, cache: cache)
        XCTAssertFalse(damaged.hit)
        XCTAssertEqual(damaged.json, cold.json)
        XCTAssertTrue(damaged.analysis.timings.contains { $0.stage == "decode" })
        let warm = try Self.run(app, cache: cache)
        XCTAssertTrue(warm.hit)
        XCTAssertEqual(warm.json, cold.json)
        let repaired = FactsCache(location: cache, root: app.path)
        var extracted: [String] = []
        for f in try NavGraphDiscoveryProbe.swiftFiles(app) { _ = repaired.facts(for: f) { extracted.append(f.relativePath); return (nil, []) } }
        XCTAssertEqual(extracted, [], "the pack was not repaired")
    }

    /// One bit flipped inside a file's packed facts, where the facts still decode (a letter of a screen's
    /// name): the entry's digest no longer matches, so the file is extracted again and the graph is the
    /// cold one, not a graph with a renamed screen.
    func testABitFlippedInPackedFactsIsExtractedAgain() throws {
        let (app, cache) = try Self.copy("hackingwithswift/RecipeBox")
        defer { Self.remove(app, cache) }
        let cold = try Self.run(app, cache: nil)
        _ = try Self.run(app, cache: cache)
        let probe = FactsCache(location: cache, root: app.path)
        try FileManager.default.removeItem(at: probe.resultURL)
        var bytes = [UInt8](try Data(contentsOf: probe.packURL))
        let name = [UInt8]("RecipeDetailViewController".utf8)
        let entry = try XCTUnwrap(try CacheTests.pack(cache).entries.first { e in
            e.isCurrent && e.path.hasSuffix("RecipeDetailViewController.swift")
        })
        let slice = Array(bytes[entry.facts])
        // The type's declared name, not the file's path (the first occurrence, after a `/`).
        let at = try XCTUnwrap((0...(slice.count - name.count)).first { $0 > 0 && slice[$0 - 1] != UInt8(ascii: "/") && Array(slice[$0..<($0 + name.count)]) == name })
        bytes[entry.facts.lowerBound + at] ^= 0x01  // "R" becomes "S"
        try Data(bytes).write(to: probe.packURL)
        let damaged = try Self.run(app, cache: cache)
        XCTAssertFalse(damaged.hit)
        XCTAssertFalse(damaged.json.contains("SecipeDetailViewController"))
        XCTAssertEqual(damaged.json, cold.json)
    }

    /// A file that is not valid UTF-8 is never put in the facts pack, but its facts still have a digest,
    /// so the result cache works for the app.
    func testAFileThatIsNotUTF8DoesNotTurnTheResultCacheOff() throws {
        let (app, cache) = try Self.copy("hackingwithswift/RecipeBox")
        defer { Self.remove(app, cache) }
        var bytes = [UInt8]("final class Latin1 {\n    // caf".utf8)
        bytes += [0xE9]
        bytes += [UInt8]("\n}\n".utf8)
        try Data(bytes).write(to: app.appendingPathComponent("Latin1.swift"))
        let cold = try Self.run(app, cache: nil)
        XCTAssertTrue(cold.analysis.report.diagnostics.contains { $0.message.contains("UTF-8") })
        XCTAssertFalse(try Self.run(app, cache: cache).hit)
        let warm = try Self.run(app, cache: cache)
        XCTAssertTrue(warm.hit)
        XCTAssertEqual(warm.json, cold.json)
    }

    /// The command line: `--timings` says the result was cached, and the output equals `--no-cache`'s.
    func testTheCommandLineUsesTheResultCache() throws {
        let (app, cache) = try Self.copy("hackingwithswift/RecipeBox")
        defer { Self.remove(app, cache) }
        let cold = try runNavgraph(["analyze", app.path, "--format", "json", "--no-cache"])
        XCTAssertEqual(cold.status, 0, cold.stderr)
        let first = try runNavgraph(["analyze", app.path, "--format", "json", "--cache-path", cache.path, "--timings"])
        XCTAssertFalse(first.stderr.contains("(cached result)"))
        try Self.append("// edited\n", to: app.appendingPathComponent("App/AppDelegate.swift"))
        let warm = try runNavgraph(["analyze", app.path, "--format", "json", "--cache-path", cache.path, "--timings"])
        XCTAssertEqual(warm.status, 0, warm.stderr)
        XCTAssertTrue(warm.stderr.contains("(cached result)"), warm.stderr)
        XCTAssertEqual(warm.stdout, cold.stdout)
        for command in [["lint"], ["routes"], ["render", "--format", "dot", "-o", "-"]] {
            let c = try runNavgraph(command + [app.path, "--no-cache"])
            let w = try runNavgraph(command + [app.path, "--cache-path", cache.path, "--timings"])
            XCTAssertTrue(w.stderr.contains("(cached result)"), "\(command): \(w.stderr)")
            XCTAssertEqual(w.stdout, c.stdout, "\(command)")
            XCTAssertEqual(w.status, c.status, "\(command)")
        }

        // A comment line above the delegate's code moves it: its facts change, so the app is resolved
        // again, and that result is saved under the new key: the next run is an exact hit.
        let delegate = app.appendingPathComponent("App/AppDelegate.swift")
        try Data(("// moved down\n" + String(contentsOf: delegate, encoding: .utf8)).utf8).write(to: delegate)
        for (command, cached) in [(["analyze", "--format", "json"], false), (["lint", "--reporter", "github-actions"], true)] {
            let c = try runNavgraph(command + [app.path, "--no-cache"])
            let w = try runNavgraph(command + [app.path, "--cache-path", cache.path, "--timings"])
            XCTAssertEqual(w.stderr.contains("(cached result)"), cached, "\(command): \(w.stderr)")
            XCTAssertEqual(w.stdout, c.stdout, "\(command)")
            XCTAssertEqual(w.status, c.status, "\(command)")
        }
    }

    // MARK: - Helpers

    struct Run {
        var analysis: Analysis
        var json: String
        var hit: Bool { analysis.resultCacheHit }
    }

    static func run(_ app: URL, cache: URL?, configFile: URL? = nil) throws -> Run {
        let analysis = try analyze(app) { o in
            o.cacheLocation = cache
            if let configFile { o.configuration = try! ConfigurationLoader.load(configFile.path) }
        }
        return Run(analysis: analysis, json: JSONRenderer.render(analysis.report))
    }

    /// A copy of a sample (every file, storyboards included) and a fresh cache folder, both temporary.
    static func copy(_ sample: String) throws -> (app: URL, cache: URL) {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("navgraph-rc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        let app = base.appendingPathComponent("app")
        try FileManager.default.copyItem(at: Repo.sample(sample), to: app)
        return (app, base.appendingPathComponent("cache"))
    }

    /// Each sample copied with a fresh cache, analyzed once (a miss, which fills the cache), then handed to
    /// `body` with its Swift files; the copy is removed afterwards.
    static func forEachSampleWithAFilledCache(_ body: (_ sample: String, _ app: URL, _ cache: URL, _ sources: [URL]) throws -> Void) throws {
        for sample in Repo.samples {
            let (app, cache) = try copy(sample)
            defer { remove(app, cache) }
            XCTAssertFalse(try run(app, cache: cache).hit, sample)
            try body(sample, app, cache, try swiftFiles(in: app))
        }
    }

    static func swiftFiles(in app: URL) throws -> [URL] {
        let all = FileManager.default.enumerator(at: app, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        return all.filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
    }

    static func remove(_ app: URL, _ cache: URL) {
        try? FileManager.default.removeItem(at: app.deletingLastPathComponent())
    }

    static func append(_ text: String, to file: URL) throws {
        let handle = try FileHandle(forWritingTo: file)
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(text.utf8))
    }

    static func json<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}

/// A small deterministic generator (SplitMix64), so a failing edit sequence is the same on every run.
struct SeededRandom {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    /// A number in `0..<bound`.
    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}
