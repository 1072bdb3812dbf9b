import Foundation
import NavGraphExtract
@testable import NavGraphKit
import NavGraphPresent
import XCTest

final class CacheTests: XCTestCase {
    func testBinaryFactsRoundTripForEverySampleFile() throws {
        for sample in Repo.samples {
            let dir = Repo.sample(sample)
            let files = FileManager.default.enumerator(atPath: dir.path)!.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
            for file in files {
                let text = try String(contentsOf: dir.appendingPathComponent(file), encoding: .utf8)
                let facts = Extractor.extract(path: file, source: text)
                XCTAssertEqual(FactsCodec.decode(FactsCodec.encode(facts)), facts, "\(sample)/\(file)")
            }
        }
        XCTAssertNil(FactsCodec.decode([0x7F, 0x01, 0x02]), "garbage must not decode")
        XCTAssertNil(FactsCodec.decode(Array(FactsCodec.encode(Extractor.extract(path: "a.swift", source: "class A {}")).dropLast(3))))
    }

    func testCachedRunIsByteIdenticalToAColdOneAndAnEditInvalidatesOnlyThatFile() throws {
        let (app, cache) = try Self.recipeBoxWithCache()
        defer { try? FileManager.default.removeItem(at: app); try? FileManager.default.removeItem(at: cache) }
        func run(_ useCache: Bool) throws -> (String, Analysis) {
            let a = try analyze(app) { if useCache { $0.cacheLocation = cache } }
            return (JSONRenderer.render(a.report), a)
        }
        let (cold, _) = try run(false)
        let (first, _) = try run(true)
        let (warm, _) = try run(true)
        XCTAssertEqual(first, cold)
        XCTAssertEqual(warm, cold)

        let c = FactsCache(location: cache, root: app.path)
        XCTAssertEqual(c.hits + c.misses, 0)
        // Edit one file: a new screen appears, and only that file is extracted again.
        let edited = app.appendingPathComponent("Features/Recipes/NutritionInfoViewController.swift")
        try (try String(contentsOf: edited, encoding: .utf8) + "\nfinal class ExtraViewController: UIViewController {}\n").write(to: edited, atomically: true, encoding: .utf8)
        var options = AnalysisOptions(path: app.path)
        options.cacheLocation = cache
        let probe = FactsCache(location: cache, root: app.path)
        let files = try NavGraphDiscoveryProbe.swiftFiles(app)
        var extracted: [String] = []
        for f in files { _ = probe.facts(for: f) { extracted.append(f.relativePath); return (nil, []) } }
        XCTAssertEqual(extracted, ["Features/Recipes/NutritionInfoViewController.swift"])
        let (afterEdit, _) = try run(true)
        XCTAssertTrue(afterEdit.contains("screen:ExtraViewController"))
        XCTAssertEqual(afterEdit, try run(false).0)
    }

    /// Which files a fresh cache would extract again (nothing is saved by the probe).
    func reextracted(_ app: URL, _ cache: URL) throws -> [String] {
        let probe = FactsCache(location: cache, root: app.path)
        var extracted: [String] = []
        for f in try NavGraphDiscoveryProbe.swiftFiles(app) { _ = probe.facts(for: f) { extracted.append(f.relativePath); return (nil, []) } }
        return extracted
    }

    func json(_ app: URL, cache: URL?) throws -> String {
        JSONRenderer.render(try analyze(app) { $0.cacheLocation = cache }.report)
    }

    /// A touched file (same bytes, new modification time) is not parsed again, and the pack learns its
    /// new time so the next run does not even read it; a file put back to an earlier version is found
    /// among the earlier versions the pack keeps; a deleted file leaves the pack.
    func testTouchedRevertedAndDeletedFiles() throws {
        let (app, cache) = try Self.recipeBoxWithCache()
        defer { try? FileManager.default.removeItem(at: app); try? FileManager.default.removeItem(at: cache) }
        let cold = try json(app, cache: nil)
        XCTAssertEqual(try json(app, cache: cache), cold)
        XCTAssertEqual(try reextracted(app, cache), [])

        let file = app.appendingPathComponent("Features/Recipes/NutritionInfoViewController.swift")
        let original = try Data(contentsOf: file)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 3600)], ofItemAtPath: file.path)
        let touched = FactsCache(location: cache, root: app.path)
        var parsed = false
        for f in try NavGraphDiscoveryProbe.swiftFiles(app) where f.relativePath.hasSuffix("NutritionInfoViewController.swift") {
            XCTAssertNotNil(touched.facts(for: f) { parsed = true; return (nil, []) }.0)
        }
        XCTAssertFalse(parsed, "a touched file was parsed again")
        XCTAssertEqual(touched.hits, 1)
        XCTAssertEqual(try json(app, cache: cache), cold)

        // An edit, then back to the original bytes: the original's facts are still in the pack.
        try (String(decoding: original, as: UTF8.self) + "\nfinal class ExtraViewController: UIViewController {}\n").write(to: file, atomically: true, encoding: .utf8)
        XCTAssertEqual(try reextracted(app, cache), ["Features/Recipes/NutritionInfoViewController.swift"])
        let edited = try json(app, cache: cache)
        XCTAssertTrue(edited.contains("screen:ExtraViewController"))
        XCTAssertEqual(edited, try json(app, cache: nil))
        try original.write(to: file)
        XCTAssertEqual(try reextracted(app, cache), [], "the earlier version was not found")
        XCTAssertEqual(try json(app, cache: cache), cold)

        try FileManager.default.removeItem(at: file)
        let withoutFile = try json(app, cache: nil)
        XCTAssertEqual(try json(app, cache: cache), withoutFile)
        let pack = try Self.pack(cache)
        XCTAssertFalse(pack.byPath.keys.contains("Features/Recipes/NutritionInfoViewController.swift"))
        XCTAssertEqual(pack.byPath.count, try NavGraphDiscoveryProbe.swiftFiles(app).count)
    }

    /// A damaged pack (cut short, overwritten, or from another format) is an empty cache: every file
    /// is extracted again, the results are the same, and the next run writes a good pack.
    func testADamagedPackIsAnEmptyCache() throws {
        let (app, cache) = try Self.recipeBoxWithCache()
        defer { try? FileManager.default.removeItem(at: app); try? FileManager.default.removeItem(at: cache) }
        let cold = try json(app, cache: nil)
        XCTAssertEqual(try json(app, cache: cache), cold)
        let packURL = FactsCache(location: cache, root: app.path).packURL
        let good = try Data(contentsOf: packURL)
        let files = try NavGraphDiscoveryProbe.swiftFiles(app).count
        var damaged: [Data] = [good.prefix(good.count / 2), good.prefix(10), Data(repeating: 0xFF, count: good.count), Data()]
        var otherFormat = good
        otherFormat[4] = 99  // the pack format
        damaged.append(otherFormat)
        var wrongOffset = good
        wrongOffset.replaceSubrange(20..<28, with: [UInt8](repeating: 0xFF, count: 8))
        damaged.append(wrongOffset)
        // One bit of the count of the last run's entries (bytes 16..<20): it sized a table of 26 GB.
        var hugeCurrent = good
        hugeCurrent[19] ^= 0x20
        damaged.append(hugeCurrent)
        for (i, bytes) in damaged.enumerated() {
            try bytes.write(to: packURL)
            XCTAssertEqual(try reextracted(app, cache).count, files, "damage \(i)")
            XCTAssertEqual(try json(app, cache: cache), cold, "damage \(i)")
            XCTAssertEqual(try reextracted(app, cache), [], "damage \(i): the pack was not written again")
        }
        // Facts that do not decode are extracted again, however the index looks.
        var badFacts = good
        let pack = try Self.pack(cache)
        for e in pack.entries { badFacts.replaceSubrange(e.facts, with: [UInt8](repeating: 0x7F, count: e.facts.count)) }
        try badFacts.write(to: packURL)
        XCTAssertEqual(try reextracted(app, cache).count, files)
        XCTAssertEqual(try json(app, cache: cache), cold)
    }

    /// A run leaves the facts it extracts unencoded until the pack is written (`defersEncoding`): its
    /// pack is byte for byte the one facts encoded at once make, and the result it saves meanwhile is
    /// keyed on the same digests (the next run is served from it).
    func testFactsEncodedLaterMakeTheSamePackAndResultKey() throws {
        for sample in Repo.samples {
            let app = Repo.sample(sample)
            let root = FileManager.default.temporaryDirectory.appendingPathComponent("navgraph-cache-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: root) }
            let later = root.appendingPathComponent("later"), atOnce = root.appendingPathComponent("at-once")
            let first = try analyze(app) { $0.cacheLocation = later }
            XCTAssertFalse(first.resultCacheHit, sample)
            let eager = FactsCache(location: atOnce, root: app.path)
            XCTAssertFalse(eager.defersEncoding)
            var digests: [String: FactsCache.Digest] = [:]
            for f in try NavGraphDiscoveryProbe.swiftFiles(app) {
                digests[f.relativePath] = eager.facts(for: f, limit: Int(Int32.max)) { _ in Pipeline.extract(f) }.factsDigest
            }
            eager.save()
            eager.finishSaving()
            let packLater = try Data(contentsOf: FactsCache(location: later, root: app.path).packURL)
            XCTAssertEqual(packLater, try Data(contentsOf: eager.packURL), "\(sample): the pack differs")
            XCTAssertEqual(Dictionary(uniqueKeysWithValues: try Self.pack(later).entries.map { ($0.path, $0.factsDigest) }), digests, sample)
            let second = try analyze(app) { $0.cacheLocation = later }
            XCTAssertTrue(second.resultCacheHit, "\(sample): the result saved by the first run is not found")
            XCTAssertEqual(JSONRenderer.render(second.report), JSONRenderer.render(first.report), sample)
        }
    }

    /// After an edit, a run with a last result to compare with encodes the edited file's facts at once;
    /// facts it extracts again later, because their pack entry does not decode, are encoded too: the
    /// pack it writes holds both files, and the result it saves serves the next run.
    func testFactsExtractedAgainAfterTheDigestsWereTakenAreCachedToo() throws {
        let (app, cache) = try Self.recipeBoxWithCache()
        defer { try? FileManager.default.removeItem(at: app); try? FileManager.default.removeItem(at: cache) }
        _ = try json(app, cache: cache)
        let edited = app.appendingPathComponent("Features/Recipes/NutritionInfoViewController.swift")
        try (try String(contentsOf: edited, encoding: .utf8) + "\nfinal class ExtraViewController: UIViewController {}\n").write(to: edited, atomically: true, encoding: .utf8)
        // Another file's facts no longer decode; the pack's index still finds them.
        let packURL = FactsCache(location: cache, root: app.path).packURL
        var bytes = try Data(contentsOf: packURL)
        let damaged = try XCTUnwrap(try Self.pack(cache).entries.first { $0.isCurrent && !$0.path.hasSuffix("NutritionInfoViewController.swift") })
        bytes.replaceSubrange(damaged.facts, with: [UInt8](repeating: 0x7F, count: damaged.facts.count))
        try bytes.write(to: packURL)

        let first = try analyze(app) { $0.cacheLocation = cache }
        XCTAssertFalse(first.resultCacheHit)
        XCTAssertEqual(JSONRenderer.render(first.report), try json(app, cache: nil))
        XCTAssertEqual(try reextracted(app, cache), [], "the pack lacks a file extracted in that run")
        let second = try analyze(app) { $0.cacheLocation = cache }
        XCTAssertTrue(second.resultCacheHit, "the result of that run was not saved")
        XCTAssertEqual(JSONRenderer.render(second.report), JSONRenderer.render(first.report))
    }

    /// Another navgraph version or facts format reads and writes another folder.
    func testVersionsHaveTheirOwnFolder() throws {
        let cache = URL(fileURLWithPath: "/tmp/c")
        XCTAssertEqual(FactsCache(location: cache, root: "/a").directory.lastPathComponent, "v\(FactsCodec.version)-\(NavGraphVersion.current)")
        XCTAssertNotEqual(FactsCache(location: cache, root: "/a").packURL, FactsCache(location: cache, root: "/b").packURL)
    }

    static func pack(_ cache: URL) throws -> Pack {
        let dir = try FileManager.default.contentsOfDirectory(at: cache, includingPropertiesForKeys: nil).first!
        let file = try FileManager.default.contentsOfDirectory(at: dir, includingPropertiesForKeys: nil).first { $0.lastPathComponent.hasPrefix("pack-") }!
        return try XCTUnwrap(Pack([UInt8](try Data(contentsOf: file))))
    }

    /// A copy of RecipeBox in a temporary folder, and a cache folder of its own (neither exists yet for the cache).
    static func recipeBoxWithCache() throws -> (app: URL, cache: URL) {
        let app = try temporaryApp(Dictionary(uniqueKeysWithValues: try copyOf("hackingwithswift/RecipeBox")))
        return (app, FileManager.default.temporaryDirectory.appendingPathComponent("navgraph-cache-\(UUID().uuidString)"))
    }

    static func copyOf(_ sample: String) throws -> [(String, String)] {
        let dir = Repo.sample(sample)
        return try FileManager.default.enumerator(atPath: dir.path)!.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.map {
            ($0, try String(contentsOf: dir.appendingPathComponent($0), encoding: .utf8))
        }
    }
}
