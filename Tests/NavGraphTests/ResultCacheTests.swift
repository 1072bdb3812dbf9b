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
        XCTAssertNil(decoded.vocabulary)

        // The slicer's vocabulary, for inert edits: every list, an empty one too.
        let vocabulary = RelevanceSlicer.Vocabulary(acting: ["show", "é", ""], naming: ["ARoute", "home"], wholeBodyTypes: [],
                                                    libraryFiles: ["Vendor/Coordinator.swift"])
        let withVocabulary = try XCTUnwrap(ResultCache.decode(ResultCache.encode(key, CachedResult(graph: graph, diagnostics: [], vocabulary: vocabulary)), key: key))
        XCTAssertEqual(withVocabulary.vocabulary?.acting, vocabulary.acting)
        XCTAssertEqual(withVocabulary.vocabulary?.naming, vocabulary.naming)
        XCTAssertEqual(withVocabulary.vocabulary?.wholeBodyTypes, vocabulary.wholeBodyTypes)
        XCTAssertEqual(withVocabulary.vocabulary?.libraryFiles, vocabulary.libraryFiles)
    }

    /// Damaged bytes never decode to a graph, and never crash: cut at every length, every byte changed.
    func testDamagedBytesDoNotDecode() throws {
        let report = try analyzeSample("hackingwithswift/RecipeBox")
        let key = FactsCache.Digest(a: 5, b: 6)
        let notes = ["f": CachedResult.FileNotes(diagnostics: [Diagnostic(.warning, "w", file: "f", line: 2)],
                                                 suppressions: [Suppression(scope: .this, rules: ["a"], line: 2, reason: nil)])]
        let vocabulary = RelevanceSlicer.Vocabulary(acting: ["show", "start"], naming: ["Route"], wholeBodyTypes: ["Presenter"], libraryFiles: ["V.swift"])
        let result = CachedResult(graph: report.graph, diagnostics: report.diagnostics, files: notes, vocabulary: vocabulary)
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

    /// An edit of code that navigates resolves again, but slices only the edited file's functions when
    /// the last run's names still are a fixpoint (`RelevanceSlicer.Reuse`); the output is a cold run's.
    func testANavigatingEditSlicesOnlyTheEditedFile() throws {
        let (app, cache) = try Self.copy("hackingwithswift/RecipeBox")
        defer { Self.remove(app, cache) }
        func slicedAgain(_ run: Run) -> Bool { run.analysis.timings.contains { $0.stage == "    units" } }
        func reused(_ run: Run) -> Bool { run.analysis.timings.contains { $0.stage == "    reused" } }
        // A screen writes a property nothing reads yet: the slicer drops the write, which waits on its name.
        let screen = app.appendingPathComponent("Features/Recipes/RecipeListViewController.swift")
        let screenText = try String(contentsOf: screen, encoding: .utf8)
        try Data(screenText.replacingOccurrences(of: "    private let cellIdentifier = \"RecipeCell\"\n",
                                                 with: "    private let cellIdentifier = \"RecipeCell\"\n    var pendingTitle = \"\"\n")
                    .replacingOccurrences(of: "        title = \"Recipes\"\n", with: "        title = \"Recipes\"\n        pendingTitle = \"Recipes\"\n").utf8)
            .write(to: screen)
        let first = try Self.run(app, cache: cache)
        XCTAssertTrue(slicedAgain(first) && !reused(first), "\(first.analysis.timings)")
        let file = app.appendingPathComponent("Coordinators/MainCoordinator.swift")
        func edit(_ old: String, _ new: String) throws {
            let text = try String(contentsOf: file, encoding: .utf8)
            XCTAssertTrue(text.contains(old), old)
            try Data(text.replacingOccurrences(of: old, with: new).utf8).write(to: file)
        }
        let cases: [(what: String, old: String, new: String, reuses: Bool)] = [
            // Names every other file's code already sees: the fixpoint holds.
            ("a push more", "        let vc = TimerSettingsViewController()\n",
             "        let vc = TimerSettingsViewController()\n        navigationController.pushViewController(SearchViewController(), animated: false)\n", true),
            ("a new method", "    func showTimerSettings() {",
             "    func showAboutPage() {\n        navigationController.pushViewController(AboutViewController(), animated: true)\n    }\n\n    func showTimerSettings() {", true),
            // A new property name changes what other functions' locals may read: sliced from scratch.
            ("a new property", "    private let session: UserSession\n", "    private let session: UserSession\n    var lastShown: UIViewController?\n", false),
            // Kept code reads a property another file's dropped statement writes: that statement now
            // matters, so the last names are no fixpoint, and the slicer starts again.
            ("a read of what another file writes", "        let vc = SearchViewController()\n",
             "        let vc = SearchViewController()\n        vc.title = RecipeListViewController.instantiate().pendingTitle\n", false),
        ]
        for c in cases {
            try edit(c.old, c.new)
            let warm = try Self.run(app, cache: cache)
            XCTAssertFalse(warm.hit, c.what)
            XCTAssertEqual(reused(warm), c.reuses, "\(c.what): \(warm.analysis.timings)")
            XCTAssertEqual(slicedAgain(warm), !c.reuses, c.what)
            XCTAssertEqual(warm.json, try Self.run(app, cache: nil).json, c.what)
        }
        let pushed = try Self.run(app, cache: cache)
        XCTAssertTrue(pushed.hit)
        XCTAssertTrue(pushed.analysis.report.graph.edges.contains { $0.to == "screen:SearchViewController" && $0.line > 0 && $0.file.hasSuffix("MainCoordinator.swift") && $0.mechanism == "push" })
    }

    // MARK: - Moved lines

    /// Blank lines and comments added in the middle of files move code to other lines: the warm run
    /// takes the last result with its locations moved (no resolving), and its output is byte-identical to
    /// a cold run's, in every sample, edit after edit, several files at once too.
    func testEditsThatOnlyMoveLinesReuseTheResultWithItsLocationsMoved() throws {
        var rng = SeededRandom(seed: 7)
        var moves = 0
        try Self.forEachSampleWithAFilledCache { sample, app, cache, sources in
            for round in 0..<6 {
                // One file, then two files at once in the last rounds.
                var factsChanged = false
                for file in (0..<(round < 4 ? 1 : 2)).map({ _ in sources[rng.next(sources.count)] }) {
                    let before = try String(contentsOf: file, encoding: .utf8)
                    var lines = before.components(separatedBy: "\n")
                    // Before a line that starts a declaration, a statement's end or a comment: never inside
                    // a string literal.
                    let starts = lines.indices.filter { i in
                        let t = lines[i].trimmingCharacters(in: .whitespaces)
                        return ["func ", "}", "//", "init", "override ", "private ", "let ", "var ", "@", "final "].contains { t.hasPrefix($0) }
                    }
                    let at = starts[rng.next(starts.count)]
                    lines.insert(contentsOf: rng.next(2) == 0 ? [""] : ["", "    // moved \(round)", ""], at: at)
                    let after = lines.joined(separator: "\n")
                    try Data(after.utf8).write(to: file)
                    // Lines added after a file's last fact leave its facts as they were: an exact hit.
                    let path = file.lastPathComponent
                    factsChanged = factsChanged || FactsCodec.encode(Extractor.extract(path: path, source: before)) != FactsCodec.encode(Extractor.extract(path: path, source: after))
                }
                let warm = try Self.run(app, cache: cache)
                let cold = try Self.run(app, cache: nil)
                XCTAssertTrue(warm.hit, "\(sample) round \(round)")
                XCTAssertEqual(warm.analysis.resultLinesMoved, factsChanged, "\(sample) round \(round)")
                XCTAssertFalse(warm.analysis.timings.contains { $0.stage.trimmingCharacters(in: .whitespaces).hasPrefix("round ") }, sample)
                XCTAssertEqual(warm.json, cold.json, "\(sample) round \(round)")
                XCTAssertEqual(TextRenderer.render(warm.analysis.report), TextRenderer.render(cold.analysis.report), sample)
                moves += warm.analysis.resultLinesMoved ? 1 : 0
            }
            // The moved result was saved under the new key: the same files again are an exact hit.
            let again = try Self.run(app, cache: cache)
            XCTAssertTrue(again.hit && !again.analysis.resultLinesMoved, sample)
        }
        // Most edits land before some code (with this seed, all but three of the 42).
        XCTAssertEqual(moves, 6 * Repo.samples.count - 3)
    }

    // MARK: - Inert edits

    /// Statements that cannot navigate (layout, formatting, logging), added to and removed from method
    /// bodies of every sample, edit after edit: each warm run gives the cold run's output byte for byte,
    /// whether it reused the last result (`InertEdits`) or resolved again; statements that can navigate,
    /// mixed in, are never served from the last result.
    func testEditsOfCodeThatCannotNavigateReuseTheResult() throws {
        var rng = SeededRandom(seed: 11)
        let inert = [
            "analytics.track(\"navgraph test edit\")",
            "let navgraphSpacing = 8.0",
            "navgraphTitleLabel.text = \"Edited\"",
            "view.backgroundColor = .systemBackground",
            "formatterForTests.dateStyle = .medium",
        ]
        let navigating = ["dismiss(animated: true)", "navigationController?.popViewController(animated: true)", "start()"]
        var served = 0, resolved = 0
        try Self.forEachSampleWithAFilledCache { sample, app, cache, sources in
            for round in 0..<8 {
                let file = sources[rng.next(sources.count)]
                var lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
                let marker = "// navgraph-test-edit"
                let edited = lines.indices.filter { lines[$0].hasSuffix(marker) }
                let navigates: Bool
                if !edited.isEmpty && rng.next(3) == 0 {
                    // Take an earlier edit out again.
                    navigates = lines[edited[0]].contains("NAV")
                    lines.remove(at: edited[0])
                } else {
                    // First in a method body: after a line that opens a function.
                    let opens = lines.indices.filter { i in
                        let t = lines[i].trimmingCharacters(in: .whitespaces)
                        return t.hasSuffix("{") && (t.contains("func ") || t.hasPrefix("init(")) && !t.contains("->") && !t.contains("protocol")
                    }
                    guard !opens.isEmpty else { continue }
                    navigates = rng.next(4) == 0
                    let statement = navigates ? navigating[rng.next(navigating.count)] : inert[rng.next(inert.count)]
                    lines.insert("        \(statement) \(navigates ? "// NAV " : "")\(marker)", at: opens[rng.next(opens.count)] + 1)
                }
                try Data(lines.joined(separator: "\n").utf8).write(to: file)
                let warm = try Self.run(app, cache: cache)
                let cold = try Self.run(app, cache: nil)
                XCTAssertEqual(warm.json, cold.json, "\(sample) round \(round)")
                XCTAssertEqual(TextRenderer.render(warm.analysis.report), TextRenderer.render(cold.analysis.report), sample)
                if navigates { XCTAssertFalse(warm.analysis.resultInertEdit, "\(sample) round \(round)") }
                if warm.analysis.resultInertEdit {
                    served += 1
                    XCTAssertTrue(warm.hit && warm.analysis.timings.contains { $0.stage == "  (cached result, inert edit)" }, sample)
                } else if !warm.hit {
                    resolved += 1
                }
            }
        }
        // With this seed: most inert statements are served; the rest land where they touch a name that
        // matters in that sample (`view` written by its code, say) and resolve again, as do the navigating ones.
        XCTAssertEqual([served, resolved], [20, 22])
    }

    /// Which edits of one method are served from the last result, and which resolve again.
    func testOnlyStatementsThatCannotMatterAreTakenOut() throws {
        let (app, cache) = try Self.copy("hackingwithswift/RecipeBox")
        defer { Self.remove(app, cache) }
        let file = app.appendingPathComponent("Features/Recipes/RecipeListViewController.swift")
        let original = try String(contentsOf: file, encoding: .utf8)
        _ = try Self.run(app, cache: cache)
        let anchor = "        tableView.estimatedRowHeight = 72\n"
        XCTAssertTrue(original.contains(anchor))
        let cases: [(String, Bool)] = [
            // Layout and logging: names no kept code calls, writes or declares as a type.
            ("        tableView.separatorStyle = .none\n", true),
            ("        let inset = 16.0\n        tableView.contentInset.top = inset\n", true),
            ("        print(\"loaded\", title ?? \"\")\n", true),
            // A type the app declares, a call that navigates, a closure, a local read as the rest of the
            // block's guard, a write to a property kept code reads.
            ("        let store = RecipeStore()\n", false),
            ("        navigationController?.popViewController(animated: true)\n", false),
            ("        DispatchQueue.main.async { print(\"later\") }\n", false),
            ("        let list = recipes\n", false),
            ("        coordinator = nil\n", false),
        ]
        for (edit, inert) in cases {
            try Data(original.replacingOccurrences(of: anchor, with: anchor + edit).utf8).write(to: file)
            let warm = try Self.run(app, cache: cache)
            XCTAssertEqual(warm.analysis.resultInertEdit, inert, edit)
            XCTAssertEqual(warm.hit, inert, edit)
            XCTAssertEqual(warm.json, try Self.run(app, cache: nil).json, edit)
            // Back to the original: the result saved for it is served again.
            try Data(original.utf8).write(to: file)
            _ = try Self.run(app, cache: cache)
        }
    }

    /// Which statements `InertEdits` takes out, given the vocabulary of the program they are in.
    func testInertStatementsAreTheOnesNoVocabularyNameReaches() throws {
        let source = """
        final class AScreen: UIViewController {
            weak var coordinator: ACoordinator?
            var onDone: (() -> Void)?
            override func viewDidLoad() {
                label.text = "x"
                let n = 3
                let m = 4
                coordinator?.show(m)
                onDone?()
                analytics.track(n)
                DispatchQueue.main.async { print("later") }
                let again = coordinator
                helper.coordinator = nil
                let route = ARoute.home
            }
            func layout() {
                view.alpha = 0.5
            }
            func compute() -> Int {
                let z = 1
                return 2
            }
            private let formatter: DateFormatter = {
                let f = DateFormatter()
                f.dateStyle = .medium
                return f
            }()
            func chain() {
                var a = 0
                a = base + 1
                b = a * 2
                c = 5
                coordinator?.show(b)
            }
            var shown = 0
            lazy var initial: ARoute = .home
            func present() { coordinator?.show(shown) }
        }
        final class ACoordinator { func show(_ x: Int) {} }
        enum ARoute { case home }
        """
        let facts = Extractor.extract(path: "A.swift", source: source)
        let vocabulary = try XCTUnwrap(Resolver.resolve([facts]).vocabulary)
        let stripped = InertEdits.strip(facts, vocabulary: InertEdits.Lookup(vocabulary))
        func lines(_ f: FileFacts, _ name: String) -> [Int] {
            let body = f.types[0].functions.first { $0.name == name }?.body ?? []
            return body.map { st -> Int in
                switch st {
                case .expr(_, let l), .bind(_, _, _, let l), .assign(_, _, let l), .ret(_, let l), .branch(_, let l),
                     .matchIf(_, _, _, let l), .switchOn(_, _, let l): return l
                }
            }
        }
        // Out: a label's text, `n` (read only by `track`), `analytics.track(n)` (`print` would stay here:
        // the closure's `print`, kept code, makes it a name that matters). Kept: `m` (kept code reads it), a
        // call of an app method, a closure property called, a closure, a guard-like binding, a write to a
        // property kept code mentions, an enum case the app declares.
        XCTAssertEqual(lines(facts, "viewDidLoad"), [5, 6, 7, 8, 9, 10, 11, 12, 13, 14])
        XCTAssertEqual(lines(stripped, "viewDidLoad"), [7, 8, 9, 11, 12, 13, 14])
        // A body only inert statements fill keeps a mark (an empty method is not run); a function with a
        // return type is compared in full.
        XCTAssertEqual(lines(stripped, "layout"), [0])
        XCTAssertEqual(lines(stripped, "compute"), lines(facts, "compute"))
        // Statements that give values, link by link, to what kept code reads stay; the unrelated one goes.
        let chain = lines(facts, "chain")
        XCTAssertEqual(lines(stripped, "chain"), chain.filter { $0 != chain[3] })
        // A property nothing reads is compared without its code; one kept code reads (`shown`), or whose
        // code names a case the app declares (`initial`), keeps it.
        func property(_ f: FileFacts, _ name: String) -> PropertyDecl? { f.types[0].properties.first { $0.name == name } }
        XCTAssertEqual(property(stripped, "formatter")?.initializer, .literal(""))
        XCTAssertEqual(property(stripped, "shown"), property(facts, "shown"))
        XCTAssertEqual(property(stripped, "initial"), property(facts, "initial"))
        // A vendored library file is compared in full.
        var library = vocabulary
        library.libraryFiles = ["A.swift"]
        XCTAssertEqual(InertEdits.strip(facts, vocabulary: InertEdits.Lookup(library)), facts)
        // Without slicing (`NAVGRAPH_NO_SLICE=1`) there is no vocabulary: every such edit resolves again.
        var unsliced = ResolveOptions()
        unsliced.sliceBodies = false
        XCTAssertNil(Resolver.resolve([facts], options: unsliced).vocabulary)
    }

    /// A property no code the interpreter runs reads is compared without its initializer: the date
    /// formatter a screen builds in a closure is served; a collection view whose closure registers an app
    /// cell type and makes the screen its data source resolves again.
    func testAPropertyNoCodeReadsIsComparedWithoutItsCode() throws {
        let cases: [(sample: String, file: String, old: String, new: String, inert: Bool)] = [
            ("radianttap/ShopFront", "Account/OrderHistoryViewController.swift", "f.dateStyle = .medium\n",
             "f.dateStyle = .long\n        f.locale = Locale(identifier: \"en_US_POSIX\")\n", true),
            ("kodeco/PetAdoption", "Screens/Pets/PetGalleryViewController.swift", "layout.minimumLineSpacing = 0\n",
             "layout.minimumLineSpacing = 4\n", false),
        ]
        for c in cases {
            let (app, cache) = try Self.copy(c.sample)
            defer { Self.remove(app, cache) }
            let file = app.appendingPathComponent(c.file)
            let original = try String(contentsOf: file, encoding: .utf8)
            XCTAssertTrue(original.contains(c.old), c.file)
            _ = try Self.run(app, cache: cache)
            try Data(original.replacingOccurrences(of: c.old, with: c.new).utf8).write(to: file)
            let warm = try Self.run(app, cache: cache)
            XCTAssertEqual(warm.analysis.resultInertEdit, c.inert, c.file)
            XCTAssertEqual(warm.json, try Self.run(app, cache: nil).json, c.file)
        }
    }

    /// A presenter method that only logs handles nothing (`unhandled-action`); one that does work of its own
    /// handles the action. So a statement that cannot navigate still changes the result there: presenters'
    /// methods are compared in full.
    func testAPresenterMethodIsComparedInFull() throws {
        let (app, cache) = try Self.copy("companystyle/Knowledge")
        defer { Self.remove(app, cache) }
        let file = app.appendingPathComponent("Articles/Detail/ArticleDetailPresenter.swift")
        let original = try String(contentsOf: file, encoding: .utf8)
        let before = try Self.run(app, cache: cache)
        XCTAssertTrue(before.json.contains("ArticleDetailPresenter.didTapShare()"))
        let logs = "        logger.debug(\"Share tapped for article \\(self.articleID.rawValue, privacy: .public)\")\n"
        XCTAssertTrue(original.contains(logs))
        try Data(original.replacingOccurrences(of: logs, with: logs + "        shareCount += 1\n").utf8).write(to: file)
        let warm = try Self.run(app, cache: cache)
        let cold = try Self.run(app, cache: nil)
        XCTAssertFalse(warm.hit)
        XCTAssertEqual(warm.json, cold.json)
        // The method now does work of its own: the finding is gone.
        XCTAssertNotEqual(warm.json, before.json)
        XCTAssertEqual(cold.analysis.report.findings.filter { $0.rule == "unhandled-action" && $0.symbol.contains("didTapShare") }.count, 0)
    }

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

        // A line moved and a call added in the same edit (`_ = 1` would be an inert edit, see `InertEdits`).
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

    func testALineMapKeepsTheOrderOfLines() throws {
        func facts(_ source: String) -> FileFacts { Extractor.extract(path: "A.swift", source: source) }
        let base = "final class A: UIViewController {\n    func a() { show(B()) }\n    func b() { show(C()) }\n}\n"
        let moved = "\n// note\nfinal class A: UIViewController {\n\n    func a() { show(B()) }\n    func b() { show(C()) }\n}\n"
        XCTAssertEqual(LineShift.lineMap(from: facts(base), to: facts(moved)), [1: 3, 2: 5, 3: 6])
        let swapped = "final class A: UIViewController {\n    func b() { show(C()) }\n    func a() { show(B()) }\n}\n"
        XCTAssertNil(LineShift.lineMap(from: facts(base), to: facts(swapped)), "the methods swapped: other facts")
        let joined = "final class A: UIViewController {\n    func a() { show(B()) }; func b() { show(C()) }\n}\n"
        XCTAssertNil(LineShift.lineMap(from: facts(base), to: facts(joined)), "two lines became one")
        XCTAssertNil(LineShift.lineMap(from: facts(base), to: facts(base.replacingOccurrences(of: "C()", with: "D()"))))
    }

    /// Locations in texts move too; a location the map does not know, or a changed path that ends another
    /// path, makes the result unusable.
    func testMovingLocationsRewritesTextsAndRefusesWhatItCannotMove() throws {
        var node = Node(kind: .screen, name: "S", location: SourceLocation(file: "A.swift", line: 3), reachable: true)
        node.attributes = ["note": "made at A.swift:3 and B.swift:3, see A.swift.md:3"]
        let edge = Edge(from: node.id, to: node.id, kind: .shows, location: SourceLocation(file: "A.swift", line: 3), reachable: true)
        let result = CachedResult(graph: NavGraph(roots: [], nodes: [node], edges: [edge]),
                                  diagnostics: [Diagnostic(.warning, "S at A.swift:3 is empty", file: "A.swift", line: 3)])
        let moved = try XCTUnwrap(LineShift.apply(["A.swift": [3: 5]], to: result, analyzedPaths: ["A.swift", "B.swift", "A.swift.md"]))
        XCTAssertEqual(moved.graph.nodes.map(\.line), [5])
        XCTAssertEqual(moved.graph.nodes.first?.attributes?["note"], "made at A.swift:5 and B.swift:3, see A.swift.md:3")
        XCTAssertEqual(moved.graph.edges.map(\.line), [5])
        XCTAssertEqual(moved.diagnostics.map(\.message), ["S at A.swift:5 is empty"])
        XCTAssertEqual(moved.diagnostics.map(\.line), [5])
        XCTAssertNil(LineShift.apply(["A.swift": [4: 5]], to: result, analyzedPaths: ["A.swift"]), "line 3 is not in the map")
        XCTAssertNil(LineShift.apply(["A.swift": [3: 5]], to: result, analyzedPaths: ["A.swift", "Sub/A.swift"]), "Sub/A.swift ends with A.swift")
        XCTAssertNil(LineShift.apply(["A.swift": [3: 5]], to: result, analyzedPaths: ["A.swift", "BA.swift"]), "BA.swift ends with A.swift")
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

        // A comment line above the delegate's code moves it: served with its lines moved, as `lint`
        // (findings by line, GitHub annotations) and `analyze` print them after a cold run.
        let delegate = app.appendingPathComponent("App/AppDelegate.swift")
        try Data(("// moved down\n" + String(contentsOf: delegate, encoding: .utf8)).utf8).write(to: delegate)
        // The moved result is saved under the new key: the next run is an exact hit.
        for (command, served) in [(["analyze", "--format", "json"], "(cached result, lines moved)"),
                                  (["lint", "--reporter", "github-actions"], "(cached result)")] {
            let c = try runNavgraph(command + [app.path, "--no-cache"])
            let w = try runNavgraph(command + [app.path, "--cache-path", cache.path, "--timings"])
            XCTAssertTrue(w.stderr.contains(served + " "), "\(command): \(w.stderr)")
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
