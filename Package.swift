// swift-tools-version:6.0
import PackageDescription

// Stages, one module each; data flows one way:
// Discovery → Extract → Resolve (type index + family adapters + instantiation) → Check → Present.
// NavGraphKit wires them into one Pipeline; the `navgraph` executable is a thin CLI on top.
let package = Package(
    name: "navgraph",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "navgraph", targets: ["navgraph"]),
        .library(name: "NavGraphKit", targets: ["NavGraphKit"]),
        .plugin(name: "NavGraphPlugin", targets: ["NavGraphPlugin"]),
        .plugin(name: "NavGraphLintPlugin", targets: ["NavGraphLintPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-syntax", exact: "602.0.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CGraphviz",
            pkgConfig: "libgvc",
            providers: [.apt(["libgraphviz-dev"]), .brew(["graphviz"])]
        ),
        .target(name: "NavGraphModel"),
        .target(name: "NavGraphDiscovery", dependencies: ["NavGraphModel"]),
        .target(
            name: "NavGraphExtract",
            dependencies: [
                "NavGraphModel", "NavGraphKnowledge",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ]
        ),
        // What navgraph knows of UIKit and Swift, and its name heuristics: data the resolver reads.
        .target(name: "NavGraphKnowledge"),
        .target(name: "NavGraphResolve", dependencies: ["NavGraphModel", "NavGraphExtract", "NavGraphKnowledge"]),
        .target(name: "NavGraphCheck", dependencies: ["NavGraphModel"]),
        .target(name: "NavGraphPresent", dependencies: ["NavGraphModel", "CGraphviz"]),
        .target(
            name: "NavGraphKit",
            dependencies: [
                "NavGraphModel", "NavGraphDiscovery", "NavGraphExtract", "NavGraphResolve",
                "NavGraphCheck", "NavGraphPresent",
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        .executableTarget(
            name: "navgraph",
            dependencies: [
                "NavGraphKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .plugin(
            name: "NavGraphPlugin",
            // No permission declared: `lint`, `chain` and `routes` only print, so they must not need a flag (or
            // a yes/no question); `swift package --allow-writing-to-package-directory navgraph render -o …`
            // still writes into the package.
            capability: .command(
                intent: .custom(verb: "navgraph", description: "Analyze, render or lint the package's navigation graph")
            ),
            dependencies: ["navgraph"]
        ),
        // Lints the package or Xcode project on every build of the target it is applied to (README, Xcode).
        .plugin(name: "NavGraphLintPlugin", capability: .buildTool(), dependencies: ["navgraph"]),
        .executableTarget(
            name: "navgraph-parse-floor",
            dependencies: [
                "NavGraphDiscovery", "NavGraphModel",
                .product(name: "SwiftParser", package: "swift-syntax"),
            ]
        ),
        // Times rendering of synthetic 100 / 1,000 / 5,000-screen apps (not a test: timings vary by machine).
        .executableTarget(name: "navgraph-bench", dependencies: ["NavGraphModel", "NavGraphPresent"]),
        .testTarget(
            name: "NavGraphTests",
            dependencies: [
                "NavGraphKit", "navgraph",
                // To check extraction's shortcuts against SwiftSyntax's own answers.
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ]
        ),
    ],
    swiftLanguageModes: [.v5]
)

// The libFuzzer target exists only when asked for (`make fuzz` sets NAVGRAPH_FUZZ=1 and builds into
// .build-fuzz with `--sanitize fuzzer`): its entry point is libFuzzer's, not a `main`, so an ordinary
// `swift build` must not see it.
if Context.environment["NAVGRAPH_FUZZ"] != nil {
    package.targets.append(.executableTarget(
        name: "navgraph-fuzz",
        dependencies: ["NavGraphKit", "NavGraphModel"],
        path: "Sources/NavGraphFuzz",
        swiftSettings: [.unsafeFlags(["-parse-as-library"])]
    ))
}
