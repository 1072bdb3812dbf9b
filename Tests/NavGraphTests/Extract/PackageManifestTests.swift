import NavGraphExtract
import XCTest

/// `Package.swift` read for its targets' folders, without running it; anything written in code instead of
/// literals makes the manifest say nothing.
final class PackageManifestTests: XCTestCase {
    func testTargetsAndTheFoldersTheyCompile() throws {
        let manifest = try XCTUnwrap(PackageManifest.read("""
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(
                name: "Atlas",
                targets: [
                    .target(name: "AtlasCore", dependencies: [], exclude: ["Legacy", "Notes.md"]),
                    .target(name: "AtlasUI", path: "UI/Sources", sources: ["Views", "Theme.swift"]),
                    .executableTarget(name: "atlas-cli"),
                    .macro(name: "AtlasMacros", dependencies: []),
                    .testTarget(name: "AtlasCoreTests", dependencies: ["AtlasCore"]),
                ]
            )
            """))
        XCTAssertEqual(manifest.targets.map { "\($0.kind) \($0.name) \($0.path ?? "-")" }, [
            "target AtlasCore -", "target AtlasUI UI/Sources", "executableTarget atlas-cli -", "macro AtlasMacros -", "testTarget AtlasCoreTests -",
        ])
        func compiling(_ path: String) -> [String] { manifest.targets(compiling: path).map(\.name) }
        XCTAssertEqual(compiling("Sources/AtlasCore/Map.swift"), ["AtlasCore"])
        XCTAssertEqual(compiling("Source/AtlasCore/Map.swift"), ["AtlasCore"])
        XCTAssertEqual(compiling("Sources/AtlasCore/Legacy/OldMap.swift"), [])
        XCTAssertEqual(compiling("UI/Sources/Views/Pin.swift"), ["AtlasUI"])
        XCTAssertEqual(compiling("UI/Sources/Theme.swift"), ["AtlasUI"])
        XCTAssertEqual(compiling("UI/Sources/Scratch.swift"), [])
        XCTAssertEqual(compiling("Sources/atlas-cli/main.swift"), ["atlas-cli"])
        XCTAssertEqual(compiling("Sources/AtlasMacros/Plugin.swift"), ["AtlasMacros"])
        XCTAssertEqual(compiling("Tests/AtlasCoreTests/MapTests.swift"), [])
        XCTAssertEqual(compiling("Example/App.swift"), [])
        XCTAssertEqual(manifest.targets(compiling: "Sources/AtlasCore/Map.swift").map(\.isLibrary), [true])
    }

    func testTargetsWrittenInCodeMakeTheManifestSayNothing() {
        let partial = [
            // A name from a variable.
            "let name = \"Core\"\nlet package = Package(name: \"P\", targets: [.target(name: name)])",
            // A path built by interpolation.
            "let package = Package(name: \"P\", targets: [.target(name: \"Core\", path: \"Sources/\\(1)\")])",
            // The list of targets from code.
            "let targets: [Target] = [.target(name: \"Core\")]\nlet package = Package(name: \"P\", targets: targets)",
            // Targets added after the package is made.
            "let package = Package(name: \"P\", targets: [.target(name: \"Core\")])\npackage.targets.append(.target(name: \"Extra\"))",
            "let package = Package(name: \"P\", targets: [.target(name: \"Core\")])\npackage.targets += [.target(name: \"Extra\")]",
            // No target at all.
            "// swift-tools-version:5.9\n",
        ]
        for text in partial { XCTAssertNil(PackageManifest.read(text), text) }
    }
}
