import Foundation
import NavGraphExtract
import NavGraphKit
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
        let app = try temporaryApp(Dictionary(uniqueKeysWithValues: try Self.copyOf("hackingwithswift/RecipeBox")))
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("navgraph-cache-\(UUID().uuidString)")
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

    static func copyOf(_ sample: String) throws -> [(String, String)] {
        let dir = Repo.sample(sample)
        return try FileManager.default.enumerator(atPath: dir.path)!.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.map {
            ($0, try String(contentsOf: dir.appendingPathComponent($0), encoding: .utf8))
        }
    }
}
