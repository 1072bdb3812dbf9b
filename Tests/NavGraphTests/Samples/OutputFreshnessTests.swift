import Foundation
import XCTest

/// `Output/` must be exactly what `make output` (scripts/render-samples.sh) produces from the samples
/// today: each file is rendered again with the built binary and compared byte for byte.
final class OutputFreshnessTests: XCTestCase {
    func testOutputIsFresh() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: Repo.binary.path), "build navgraph first")
        let tmp = FileManager.default.temporaryDirectory.appendingPathComponent("navgraph-output-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: tmp) }
        for sample in Repo.samples {
            let name = sample.replacingOccurrences(of: "/", with: "-")
            for ext in ["svg", "png", "html", "json"] {
                let fresh = tmp.appendingPathComponent("\(name).\(ext)")
                let r = try runNavgraph(["render", Repo.sample(sample).path, "-o", fresh.path, "--no-cache"])
                XCTAssertEqual(r.status, 0, r.stderr)
                let onDisk = try? Data(contentsOf: Repo.root.appendingPathComponent("Output/\(name).\(ext)"))
                XCTAssertTrue(onDisk == (try? Data(contentsOf: fresh)), "Output/\(name).\(ext) is stale or missing: run `make output`")
            }
        }
        let expected = Set(Repo.samples.flatMap { s in ["svg", "png", "html", "json"].map { "\(s.replacingOccurrences(of: "/", with: "-")).\($0)" } })
        let present = Set(try FileManager.default.contentsOfDirectory(atPath: Repo.root.appendingPathComponent("Output").path))
        XCTAssertEqual(present.subtracting(expected), [], "Output/ holds files no sample produces")
    }
}
