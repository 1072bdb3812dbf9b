import Foundation
import NavGraphPresent
import XCTest

/// `Output/` must be what `make output` produces from the samples today.
final class OutputFreshnessTests: XCTestCase {
    func testOutputIsFresh() throws {
        for sample in Repo.samples {
            let name = sample.replacingOccurrences(of: "/", with: "-")
            let report = try analyzeSample(sample)
            let expected: [(String, Data)] = [
                ("svg", try GraphvizRenderer.render(report.graph, format: "svg")),
                ("png", try GraphvizRenderer.render(report.graph, format: "png")),
                ("json", Data(JSONRenderer.render(report).utf8)),
            ]
            for (ext, data) in expected {
                let url = Repo.root.appendingPathComponent("Output/\(name).\(ext)")
                let onDisk = try? Data(contentsOf: url)
                XCTAssertTrue(onDisk == data, "Output/\(name).\(ext) is stale or missing: run `make output`")
            }
        }
    }
}
