import NavGraphKit
import NavGraphModel
import XCTest

/// A copy of a coordinator left on disk, in no target of the Xcode project, must not stand for the one
/// the app compiles; files in a folder the project synchronizes, or in a local package, are compiled.
final class ProjectMembershipTests: XCTestCase {
    static let project = """
        // !$*UTF8*$!
        {
            objects = {
                A1 /* AppDelegate.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = AppDelegate.swift; sourceTree = "<group>"; };
                A2 /* MainFlow.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = "Flows/MainFlow.swift"; sourceTree = "<group>"; };
                A3 /* Screens */ = {
                    isa = PBXFileSystemSynchronizedRootGroup;
                    exceptions = (
                        B1 /* Exceptions */,
                    );
                    path = Screens;
                    sourceTree = "<group>";
                };
            };
        }
        """

    func app(withProject: Bool) -> [String: String] {
        var files = [
            "Lumen/AppDelegate.swift": """
                import UIKit
                @main final class AppDelegate: UIResponder, UIApplicationDelegate {
                    var window: UIWindow?
                    let flow = MainFlow()
                    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                        window?.rootViewController = flow.navigation
                        flow.start()
                        return true
                    }
                }
                """,
            "Lumen/Flows/MainFlow.swift": """
                import UIKit
                final class MainFlow {
                    let navigation = UINavigationController()
                    func start() { navigation.pushViewController(LampViewController(), animated: false) }
                }
                """,
            // The same class, before it moved to Flows/: on disk, in no target.
            "Lumen/OldMainFlow.swift": """
                import UIKit
                final class MainFlow {
                    let navigation = UINavigationController()
                    func start() {}
                }
                """,
            "Lumen/Screens/LampViewController.swift": "import UIKit\nfinal class LampViewController: UIViewController {}\n",
            "Packages/Glow/Sources/Glow/GlowView.swift": "import UIKit\nfinal class GlowViewController: UIViewController {}\n",
            "Packages/Glow/Package.swift": "// swift-tools-version:5.9\n",
        ]
        if withProject { files["Lumen.xcodeproj/project.pbxproj"] = Self.project }
        return files
    }

    func testAFileInNoTargetIsNotAnalyzed() throws {
        let report = try analyzeSources(app(withProject: true))
        XCTAssertEqual(report.graph.edges.filter { $0.kind == .shows }.map { "\($0.from) -> \($0.to) @\($0.file):\($0.line)" },
                       ["coordinator:MainFlow -> screen:LampViewController @Lumen/Flows/MainFlow.swift:4"])
        XCTAssertEqual(report.graph.nodes.filter { $0.kind == .screen }.map(\.name), ["GlowViewController", "LampViewController"])
        XCTAssertEqual(report.diagnostics.filter { $0.file == "Lumen.xcodeproj/project.pbxproj" }.map(\.message),
                       ["1 Swift file is in no target of this project and not analyzed (a copy left on disk; --all-files keeps them): Lumen/OldMainFlow.swift"])
    }

    /// `--all-files` keeps the copy: both declarations are analyzed, and no file is named as left out.
    func testAllFilesKeepsTheFilesNoTargetCompiles() throws {
        let dir = try temporaryApp(app(withProject: true))
        defer { try? FileManager.default.removeItem(at: dir) }
        let report = try analyze(dir) { $0.allFiles = true; $0.cacheLocation = nil }.report
        XCTAssertFalse(report.diagnostics.contains { $0.message.contains("in no target") }, "\(report.diagnostics)")
        XCTAssertTrue(report.diagnostics.contains { $0.message.contains("declared in 2 files") }, "\(report.diagnostics)")
    }

    func testWithoutAProjectFileEveryFileIsAnalyzed() throws {
        let report = try analyzeSources(app(withProject: false))
        XCTAssertTrue(report.diagnostics.contains { $0.message.contains("declared in 2 files") }, "\(report.diagnostics)")
    }

    /// An app target, a widget extension target and a framework target in the same project, an example app
    /// in a project of its own, and a package that builds a tool: only the app target's entry point is a
    /// root, and the widget's code gets no finding.
    static let targetsProject = """
        // !$*UTF8*$!
        {
            objects = {
                F1 = {isa = PBXFileReference; path = AppDelegate.swift; sourceTree = "<group>"; };
                F2 = {isa = PBXFileReference; path = TrailFlow.swift; sourceTree = "<group>"; };
                F3 = {isa = PBXFileReference; path = GlanceWidgets.swift; sourceTree = "<group>"; };
                F4 = {isa = PBXFileReference; path = MapKitScreens.swift; sourceTree = "<group>"; };
                B4 = {isa = PBXBuildFile; fileRef = F4; };
                S3 = {isa = PBXSourcesBuildPhase; files = (B4); };
                T3 = {isa = PBXNativeTarget; buildConfigurationList = L1; buildPhases = (S3); name = TrailMaps; productType = "com.apple.product-type.framework"; };
                B1 = {isa = PBXBuildFile; fileRef = F1; };
                B2 = {isa = PBXBuildFile; fileRef = F2; };
                B3 = {isa = PBXBuildFile; fileRef = F3; };
                S1 = {isa = PBXSourcesBuildPhase; files = (B1, B2); };
                S2 = {isa = PBXSourcesBuildPhase; files = (B3); };
                C1 = {isa = XCBuildConfiguration; buildSettings = {SDKROOT = iphoneos; }; name = Debug; };
                L1 = {isa = XCConfigurationList; buildConfigurations = (C1); };
                T1 = {isa = PBXNativeTarget; buildConfigurationList = L1; buildPhases = (S1); name = Trails; productType = "com.apple.product-type.application"; };
                T2 = {isa = PBXNativeTarget; buildConfigurationList = L1; buildPhases = (S2); name = Glance; productType = "com.apple.product-type.app-extension"; };
                P1 = {isa = PBXProject; buildConfigurationList = L1; targets = (T1, T2, T3); };
            };
        }
        """

    static let exampleProject = """
        // !$*UTF8*$!
        {
            objects = {
                F1 = {isa = PBXFileReference; path = AppDelegate.swift; sourceTree = "<group>"; };
                B1 = {isa = PBXBuildFile; fileRef = F1; };
                S1 = {isa = PBXSourcesBuildPhase; files = (B1); };
                T1 = {isa = PBXNativeTarget; buildPhases = (S1); name = KitDemo; productType = "com.apple.product-type.application"; };
                P1 = {isa = PBXProject; targets = (T1); };
            };
        }
        """

    func testEntryPointsOfOtherProductsAreNotRoots() throws {
        let delegate = { (name: String) in """
            import UIKit
            @main final class \(name): UIResponder, UIApplicationDelegate {
                var window: UIWindow?
                func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                    window?.rootViewController = TrailListViewController()
                    return true
                }
            }
            """ }
        let report = try analyzeSources([
            "Trails.xcodeproj/project.pbxproj": Self.targetsProject,
            "Trails/AppDelegate.swift": delegate("TrailsAppDelegate"),
            "Trails/TrailFlow.swift": "import UIKit\nfinal class TrailListViewController: UIViewController {}\n",
            "Glance/GlanceWidgets.swift": "import SwiftUI\n@main struct GlanceWidgets: WidgetBundle { var body: some Widget { EmptyWidget() } }\nfinal class GlanceViewController: UIViewController {}\n",
            "TrailMaps/MapKitScreens.swift": "import UIKit\nfinal class TrailMapViewController: UIViewController {}\n",
            "Kit/Example/KitDemo.xcodeproj/project.pbxproj": Self.exampleProject,
            "Kit/Example/AppDelegate.swift": delegate("KitDemoAppDelegate"),
            "Tools/Package.swift": "// swift-tools-version:5.9\nlet package = Package(name: \"Tools\", targets: [.executableTarget(name: \"Lint\")])\n",
            "Tools/Sources/Lint/Lint.swift": "@main struct LintTool { static func main() {} }\n",
        ])
        XCTAssertEqual(report.graph.roots, ["app:TrailsAppDelegate"])
        // The widget's code belongs to the widget: no finding; the framework's is the app's.
        XCTAssertEqual(report.findings.filter { $0.rule == "unreachable-screen" }.map(\.symbol), ["TrailMapViewController"])
        XCTAssertEqual(report.diagnostics.filter { $0.message.hasPrefix("not roots") }.map(\.message),
                       ["not roots: GlanceWidgets, KitDemoAppDelegate, LintTool, entry points of another product than the app (a target other than the app's main iOS target compiles their files, or a package builds a tool, macro or plugin from it)"])
    }

    /// An XcodeGen spec (any name) and the spec it includes: the app target compiles its folder but an
    /// excluded one, a framework target in the included spec compiles a folder relative to that spec, an
    /// extension target is another product; a file no target compiles is left out, named at the spec.
    func xcodeGenApp(include: String) -> [String: String] {
        let delegate = { (name: String, screen: String) in """
            import UIKit
            @main final class \(name): UIResponder, UIApplicationDelegate {
                var window: UIWindow?
                func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                    window?.rootViewController = \(screen)()
                    return true
                }
            }
            """ }
        return [
            "beacon-app.yml": """
                name: Beacon
                include:
                  - path: \(include)
                targets:
                  Beacon:
                    type: application
                    platform: iOS
                    sources:
                      - path: Beacon
                        excludes:
                          - "Legacy/**"
                          - "**/Fixtures/*"
                      - path: Beacon
                        buildPhase: none
                  BeaconTests:
                    type: bundle.unit-test
                    platform: iOS
                    sources:
                      - path: Beacon
                        includes: ["**/Fixtures/*"]
                  Pulse:
                    type: app-extension
                    platform: iOS
                    sources: [Pulse]
                """,
            "Kits/kit.yml": """
                name: Kits
                targets:
                  SignalKit:
                    type: framework
                    platform: iOS
                    sources:
                      - Sources
                """,
            "Beacon/AppDelegate.swift": delegate("BeaconAppDelegate", "SignalListViewController"),
            "Beacon/Legacy/SignalListViewController.swift": "import UIKit\nfinal class SignalListViewController: UIViewController {}\n",
            "Beacon/SignalListViewController.swift": "import UIKit\nfinal class SignalListViewController: UIViewController {}\n",
            "Beacon/Support/Fixtures/FixtureAppDelegate.swift": delegate("FixtureAppDelegate", "SignalListViewController"),
            "Pulse/PulseExtension.swift": delegate("PulseAppDelegate", "PulseViewController") + "\nfinal class PulseViewController: UIViewController {}\n",
            "Kits/Sources/SignalMapViewController.swift": "import UIKit\nfinal class SignalMapViewController: UIViewController {}\n",
            "Scratch/Stale.swift": "import UIKit\nfinal class StaleViewController: UIViewController {}\n",
            ".github/workflows/ci.yml": "name: CI\ntargets: [nothing]\n",
        ]
    }

    func testAnXcodeGenSpecDecidesWhatTheAppCompiles() throws {
        let report = try analyzeSources(xcodeGenApp(include: "Kits/kit.yml"))
        XCTAssertEqual(report.graph.roots, ["app:BeaconAppDelegate"])
        XCTAssertEqual(report.diagnostics.filter { $0.message.hasPrefix("not roots") }.map(\.message).first?.prefix(47), "not roots: FixtureAppDelegate, PulseAppDelegate")
        // The extension's code is analyzed, as another product's: its screen is no finding.
        XCTAssertEqual(report.graph.nodes.filter { $0.kind == .screen }.map(\.name), ["PulseViewController", "SignalListViewController", "SignalMapViewController"])
        XCTAssertEqual(report.findings.map { "\($0.rule) \($0.symbol) \($0.file)" }, ["unreachable-screen SignalMapViewController Kits/Sources/SignalMapViewController.swift"])
        XCTAssertEqual(report.diagnostics.filter { $0.message.contains("in no target") }.map { "\($0.file ?? "-"): \($0.message)" }, [
            "beacon-app.yml: 2 Swift files are in no target of this project and not analyzed (a copy left on disk; --all-files keeps them): Beacon/Legacy/SignalListViewController.swift, Scratch/Stale.swift",
        ])
    }

    /// A spec whose include cannot be read is a partial picture: it leaves nothing out.
    func testAnXcodeGenSpecWithAnUnreadableIncludeLeavesNothingOut() throws {
        let report = try analyzeSources(xcodeGenApp(include: "Kits/${KIT_SPEC}"))
        XCTAssertFalse(report.diagnostics.contains { $0.message.contains("in no target") }, "\(report.diagnostics)")
        XCTAssertTrue(report.diagnostics.contains { $0.message.contains("declared in 2 files") }, "\(report.diagnostics)")
    }

    /// A local package below the project: its library target's folder (with `path:` and an `exclude:`) is
    /// compiled and is the app's code, its executable target is another product, and its example app,
    /// which no target holds, is left out, named at the manifest.
    func packageApp(manifest: String) -> [String: String] {
        [
            "Trails.xcodeproj/project.pbxproj": Self.targetsProject,
            "Trails/AppDelegate.swift": """
                import UIKit
                @main final class TrailsAppDelegate: UIResponder, UIApplicationDelegate {
                    var window: UIWindow?
                    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                        window?.rootViewController = TrailListViewController()
                        return true
                    }
                }
                """,
            "Trails/TrailFlow.swift": "import UIKit\nfinal class TrailListViewController: UIViewController {}\n",
            "Compass/Package.swift": manifest,
            "Compass/Kit/Classes/CompassViewController.swift": "import UIKit\nfinal class CompassViewController: UIViewController {}\n",
            "Compass/Kit/Classes/Drafts/OldCompassViewController.swift": "import UIKit\nfinal class OldCompassViewController: UIViewController {}\n",
            "Compass/Sources/Calibrate/main.swift": "@main struct CalibrateTool { static func main() {} }\n",
            "Compass/Demo/DemoAppDelegate.swift": """
                import UIKit
                @main final class DemoAppDelegate: UIResponder, UIApplicationDelegate {
                    var window: UIWindow?
                    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                        window?.rootViewController = DemoViewController()
                        return true
                    }
                }
                final class DemoViewController: UIViewController {}
                """,
        ]
    }

    static let compassManifest = """
        // swift-tools-version:5.9
        import PackageDescription
        let package = Package(
            name: "Compass",
            products: [.library(name: "CompassKit", targets: ["CompassKit"])],
            targets: [
                .target(name: "CompassKit", path: "./Kit/Classes", exclude: ["Drafts"]),
                .executableTarget(name: "Calibrate"),
                .testTarget(name: "CompassKitTests", dependencies: ["CompassKit"]),
            ]
        )
        """

    func testAPackageManifestDecidesWhatItsFolderCompiles() throws {
        let report = try analyzeSources(packageApp(manifest: Self.compassManifest))
        XCTAssertEqual(report.graph.roots, ["app:TrailsAppDelegate"])
        XCTAssertEqual(report.graph.nodes.filter { $0.kind == .screen }.map(\.name), ["CompassViewController", "TrailListViewController"])
        // The library's screen is the app's code: unreachable, as no code names it.
        XCTAssertEqual(report.findings.map { "\($0.rule) \($0.symbol)" }, ["unreachable-screen CompassViewController"])
        XCTAssertEqual(report.diagnostics.filter { $0.message.contains("in no target") }.map { "\($0.file ?? "-"): \($0.message)" }, [
            "Compass/Package.swift: 2 Swift files are in no target of this package and not analyzed (outside its targets' folders; --all-files keeps them): Compass/Demo/DemoAppDelegate.swift, Compass/Kit/Classes/Drafts/OldCompassViewController.swift",
        ])
        XCTAssertEqual(report.diagnostics.filter { $0.message.hasPrefix("not roots") }.map(\.message), [
            "not roots: CalibrateTool, entry point of another product than the app (a target other than the app's main iOS target compiles its file, or a package builds a tool, macro or plugin from it)",
        ])
    }

    /// A manifest that builds its targets in code says nothing of its folders: every file is kept.
    func testAPackageManifestBuildingTargetsInCodeLeavesNothingOut() throws {
        let manifest = """
            // swift-tools-version:5.9
            import PackageDescription
            let kits = ["CompassKit"]
            let package = Package(name: "Compass", targets: kits.map { .target(name: $0, path: "Kit/\\($0)") })
            """
        let report = try analyzeSources(packageApp(manifest: manifest))
        XCTAssertFalse(report.diagnostics.contains { $0.message.contains("in no target") }, "\(report.diagnostics)")
        XCTAssertEqual(report.graph.nodes.filter { $0.kind == .screen }.map(\.name),
                       ["CompassViewController", "DemoViewController", "OldCompassViewController", "TrailListViewController"])
    }
}
