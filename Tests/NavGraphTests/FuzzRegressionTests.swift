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

    func testInputsAreSplitIntoFilesAtSeparatorLines() {
        let files = FuzzHarness.files("class A {}\n//>> Feature/B.swift\nclass B: A {}\n//>> \nlet c = 1")
        XCTAssertEqual(files.map(\.path), ["App.swift", "Feature/B.swift", "File2.swift"])
        XCTAssertEqual(files.map(\.source), ["class A {}", "class B: A {}", "let c = 1"])
    }
}
