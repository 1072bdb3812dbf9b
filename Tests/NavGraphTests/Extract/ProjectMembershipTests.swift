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
                       ["1 Swift file is in no target of this project and not analyzed (a copy left on disk): Lumen/OldMainFlow.swift"])
    }

    func testWithoutAProjectFileEveryFileIsAnalyzed() throws {
        let report = try analyzeSources(app(withProject: false))
        XCTAssertTrue(report.diagnostics.contains { $0.message.contains("declared in 2 files") }, "\(report.diagnostics)")
    }
}
