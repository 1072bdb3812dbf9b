import NavGraphDiscovery
import NavGraphKit
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

    /// The memo is a byte per (pattern, path) position pair: a 1 MB pattern would take 4 GB against one
    /// path. Patterns and paths past 4,096 bytes (PATH_MAX) match nothing, and `.navgraph.yml` refuses
    /// such a pattern, naming the file.
    func testPatternsLongerThanAnyPathMatchNothingAndTheConfigurationRefusesThem() throws {
        let long = String(repeating: "*a", count: 600_000)
        XCTAssertFalse(Glob.matches(long, "aaaa"))
        XCTAssertTrue(Glob.matches(String(repeating: "*a", count: 2_000) + "*", String(repeating: "a", count: 2_000)))
        XCTAssertThrowsError(try ConfigurationLoader.parse("excluded:\n  - \"\(long)\"\n", file: "App/.navgraph.yml")) { error in
            XCTAssertEqual("\(error)", "App/.navgraph.yml:1: error: a pattern in 'excluded' is 1200000 bytes long; no path is longer than 4096")
        }
    }
}
