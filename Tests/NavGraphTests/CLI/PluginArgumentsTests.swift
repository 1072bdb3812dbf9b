import Foundation
import XCTest

/// The plugins' argument mapping (Plugins/NavGraphPlugin/PluginArguments.swift, compiled here through a
/// symbolic link): what `swift package navgraph …` and the build tool plugin pass to navgraph.
final class PluginArgumentsTests: XCTestCase {
    private let root = "/work/MyApp"
    private let cache = ["--cache-path", "/work/plugin/cache"]

    private func mapped(_ arguments: [String], paths: Set<String> = []) -> [String] {
        PluginArguments.command(arguments, root: root, cache: "/work/plugin/cache") { paths.contains($0) }
    }

    func testChainWithoutPathAnalyzesThePackageAndKeepsTheScreen() {
        XCTAssertEqual(mapped(["chain", "CartViewController"]), ["chain", root, "CartViewController"] + cache)
        XCTAssertEqual(mapped(["chain", "CartViewController", "cartRemove"]),
                       ["chain", root, "CartViewController", "cartRemove"] + cache)
        XCTAssertEqual(mapped(["chain", "--include-tests", "CartViewController"]),
                       ["chain", root, "--include-tests", "CartViewController"] + cache)
    }

    func testChainWithAnExistingPathKeepsIt() {
        XCTAssertEqual(mapped(["chain", "Sources/App", "CartViewController"], paths: ["Sources/App"]),
                       ["chain", "Sources/App", "CartViewController"] + cache)
    }

    func testRoutesAnalyzesThePackageOrTheGivenPathAndCachesInThePluginFolder() {
        XCTAssertEqual(mapped(["routes"]), ["routes", root] + cache)
        XCTAssertEqual(mapped(["routes", "--exclude", "Legacy"]), ["routes", root, "--exclude", "Legacy"] + cache)
        XCTAssertEqual(mapped(["routes", "Sources/App", "--no-cache"]), ["routes", "Sources/App", "--no-cache"])
        XCTAssertEqual(mapped(["routes", "--cache-path=/tmp/c"]), ["routes", root, "--cache-path=/tmp/c"])
    }

    func testWritingCommandsMayWriteInsideThePackage() {
        XCTAssertEqual(mapped([]), ["lint", root] + cache)
        XCTAssertEqual(mapped(["render", "-o", "docs/navigation.svg"]),
                       ["render", root, "-o", "docs/navigation.svg"] + cache)
        XCTAssertEqual(mapped(["lint", "Sources/App", "--reporter", "xcode"]),
                       ["lint", "Sources/App", "--reporter", "xcode"] + cache)
        XCTAssertEqual(mapped(["diff", "--base", "origin/main"]), ["diff", root, "--base", "origin/main"])
        XCTAssertEqual(mapped(["rules", "dead-route"]), ["rules", "dead-route"])
    }

    func testXcodeTargetArgumentsAreDropped() {
        XCTAssertEqual(PluginArguments.removingTargets(["--target", "MyApp", "chain", "--target=Kit", "CartViewController"]),
                       ["chain", "CartViewController"])
    }

    func testBuildToolPluginLintsWithTheXcodeReporterAndItsOwnCache() {
        XCTAssertEqual(PluginArguments.lint(root: root, cache: "/work/plugin/cache"),
                       ["lint", root, "--reporter", "xcode", "--cache-path", "/work/plugin/cache"])
    }

    func testExistsResolvesRelativeToTheRoot() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("navgraph-plugin-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Sources/App"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        XCTAssertTrue(PluginArguments.exists("Sources/App", root: folder.path))
        XCTAssertTrue(PluginArguments.exists(folder.path, root: "/nonexistent"))
        XCTAssertFalse(PluginArguments.exists("CartViewController", root: folder.path))
    }
}
