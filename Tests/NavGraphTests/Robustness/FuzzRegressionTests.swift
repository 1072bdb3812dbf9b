import Foundation
import NavGraphKit
import XCTest

/// Every input the fuzzer (`make fuzz`) found a crash, overflow or hang with is saved in
/// Tests/FuzzRegressions and replayed here through the same harness, so each bug stays fixed.
final class FuzzRegressionTests: XCTestCase {
    func testEverySavedFuzzInputRunsThroughEveryStage() throws {
        let dir = Repo.root.appendingPathComponent("Tests/FuzzRegressions")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { !$0.hasPrefix(".") && !$0.hasSuffix(".md") }.sorted()
        XCTAssertFalse(names.isEmpty, "no saved inputs in \(dir.path)")
        for name in names {
            FuzzHarness.run(try Data(contentsOf: dir.appendingPathComponent(name)))
        }
    }

    /// The bounded fuzz run `make test` affords without a second, instrumented build of SwiftSyntax: every
    /// sample app (its files joined as the fuzzer's seeds are) through the harness, then 80 mutations of
    /// sample files from a fixed seed (bytes dropped, code fragments inserted, files cut short). `make fuzz` runs libFuzzer itself, coverage-guided, for as long as you give it.
    func testSeedsAndSeededMutationsRunThroughEveryStage() throws {
        var seeds: [Data] = []
        for sample in Repo.samples {
            let dir = Repo.sample(sample)
            let files = FileManager.default.enumerator(atPath: dir.path)!.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted()
            var app = ""
            for file in files {
                let source = try String(contentsOf: dir.appendingPathComponent(file), encoding: .utf8)
                app += FuzzHarness.separator + file + "\n" + source + "\n"
                seeds.append(Data(source.utf8))
            }
            seeds.insert(Data(app.utf8), at: 0)
        }
        XCTAssertGreaterThan(seeds.count, 50)
        let apps = Repo.samples.count
        for app in seeds.prefix(apps) { FuzzHarness.run(app) }
        var rng = SeededRandom(seed: 1)
        let pieces = ["{", "}", "(", ")", "[", "]", "<", ">", ",", ":", "=", "?", "!", "\"", "\\(", "case ", "let ", "if ", "switch ", "->",
                      ".", "self", "init(", "\n", "\r\n", "é", "\u{0}", "#if ", "/*", "//>> X.swift\n"]
        for _ in 0..<80 {
            var bytes = [UInt8](seeds[apps + rng.next(seeds.count - apps)])
            for _ in 0..<(1 + rng.next(8)) where !bytes.isEmpty {
                let at = rng.next(bytes.count)
                switch rng.next(3) {
                case 0: bytes.removeSubrange(at..<min(bytes.count, at + 1 + rng.next(16)))
                case 1: bytes.insert(contentsOf: Array(pieces[rng.next(pieces.count)].utf8), at: at)
                default: bytes.removeSubrange(at...)
                }
            }
            FuzzHarness.run(Data(bytes))
        }
    }

    func testInputsAreSplitIntoFilesAtSeparatorLines() {
        let files = FuzzHarness.files("class A {}\n//>> Feature/B.swift\nclass B: A {}\n//>> \nlet c = 1")
        XCTAssertEqual(files.map(\.path), ["App.swift", "Feature/B.swift", "File2.swift"])
        XCTAssertEqual(files.map(\.source), ["class A {}", "class B: A {}", "let c = 1"])
    }
}
