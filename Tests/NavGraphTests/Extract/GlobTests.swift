import NavGraphDiscovery
import XCTest

/// Globs come with the analyzed repository (`.navgraph.yml`'s `excluded:`, XcodeGen excludes): `*` stays
/// within a path component, `**` crosses them, and a pattern of many stars against a long name is
/// decided without trying every split again.
final class GlobTests: XCTestCase {
    func testStarsAndDoubleStars() {
        XCTAssertTrue(Glob.matches("*.swift", "Flow.swift"))
        XCTAssertFalse(Glob.matches("*.swift", "App/Flow.swift"))
        XCTAssertTrue(Glob.matches("**/Legacy/*", "App/Old/Legacy/Flow.swift"))
        XCTAssertFalse(Glob.matches("**/Legacy/*", "App/Legacy/Old/Flow.swift"))
        XCTAssertTrue(Glob.matches("App/**", "App/Legacy/Old/Flow.swift"))
    }

    func testManyStarsAgainstALongNameEnd() {
        let pattern = String(repeating: "*a", count: 16) + "*b"
        let name = String(repeating: "a", count: 400) + ".swift"
        XCTAssertFalse(Glob.matches(pattern, name))
        XCTAssertTrue(Glob.matches(pattern, String(repeating: "a", count: 400) + "b"))
    }
}
