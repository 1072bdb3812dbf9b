import Foundation
import NavGraphCheck
import XCTest

/// The README's generated parts stay in step with the code.
final class DocumentationTests: XCTestCase {
    func testReadmeRulesTableIsFresh() throws {
        let readme = try String(contentsOf: Repo.root.appendingPathComponent("README.md"), encoding: .utf8)
        guard let start = readme.range(of: "<!-- rules:begin -->\n"), let end = readme.range(of: "<!-- rules:end -->") else {
            return XCTFail("README.md has no rules table markers")
        }
        XCTAssertEqual(String(readme[start.upperBound..<end.lowerBound]), RuleRegistry.markdownTable,
                       "README rules table is stale: replace it with `navgraph rules --markdown`")
    }

    func testReadmeListsEveryReporter() throws {
        let readme = try String(contentsOf: Repo.root.appendingPathComponent("README.md"), encoding: .utf8)
        for id in ["text", "xcode", "json", "sarif", "github-actions", "junit", "checkstyle", "markdown"] {
            XCTAssertTrue(readme.contains("| `\(id)` |"), "README lacks reporter \(id)")
        }
    }
}
