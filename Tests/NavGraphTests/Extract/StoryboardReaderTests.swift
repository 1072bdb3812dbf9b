import Foundation
import NavGraphKit
import NavGraphModel
import NavGraphResolve
import XCTest

/// The storyboard reader: scenes (identifier → custom class), initial controllers and what they contain,
/// segues with the XML line they are on, references to other storyboards, and malformed files.
final class StoryboardReaderTests: XCTestCase {
    /// An app delegate whose window's root is Main.storyboard's initial controller (seven lines).
    static let storyboardRoot = """
    @main class AppDelegate: UIResponder, UIApplicationDelegate {
        var window: UIWindow?
        func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
            window?.rootViewController = UIStoryboard(name: "Main", bundle: nil).instantiateInitialViewController()
            return true
        }
    }
    """

    /// Line numbers matter: each element below is on the line its comment says.
    static let main = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="tab-1">
        <scenes>
            <scene sceneID="s1">
                <objects>
                    <tabBarController id="tab-1" sceneMemberID="viewController">
                        <connections>
                            <segue destination="nav-1" kind="relationship" relationship="viewControllers" id="r1"/>
                            <segue destination="ref-1" kind="relationship" relationship="viewControllers" id="r2"/>
                        </connections>
                    </tabBarController>
                </objects>
            </scene>
            <scene sceneID="s2">
                <objects>
                    <navigationController id="nav-1" sceneMemberID="viewController">
                        <connections>
                            <segue destination="home-1" kind="relationship" relationship="rootViewController" id="r3"/>
                        </connections>
                    </navigationController>
                </objects>
            </scene>
            <scene sceneID="s3">
                <objects>
                    <viewController storyboardIdentifier="Home" id="home-1" customClass="HomeViewController" customModule="App" sceneMemberID="viewController">
                        <view key="view" id="v1">
                            <subviews>
                                <button id="b1">
                                    <connections>
                                        <segue destination="detail-1" kind="show" identifier="showDetail" id="g1"/>
                                    </connections>
                                </button>
                            </subviews>
                        </view>
                        <connections>
                            <segue destination="help-1" kind="presentation" identifier="presentHelp" id="g2"/>
                        </connections>
                    </viewController>
                </objects>
            </scene>
            <scene sceneID="s4">
                <objects>
                    <tableViewController storyboardIdentifier="Detail" id="detail-1" customClass="DetailViewController" sceneMemberID="viewController"/>
                    <viewController storyboardIdentifier="Help" id="help-1" customClass="HelpViewController" sceneMemberID="viewController"/>
                    <viewControllerPlaceholder storyboardName="Settings" id="ref-1" sceneMemberID="viewController"/>
                </objects>
            </scene>
        </scenes>
    </document>
    """

    static let settings = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="set-1">
        <scenes>
            <scene sceneID="t1">
                <objects>
                    <viewController id="set-1" customClass="SettingsViewController" sceneMemberID="viewController"/>
                </objects>
            </scene>
        </scenes>
    </document>
    """

    func parse(_ text: String, name: String = "Main") throws -> StoryboardIndex {
        try StoryboardReader.parse(Data(text.utf8), path: "\(name).storyboard", name: name).get()
    }

    func testScenesIdentifiersAndClasses() throws {
        let index = try parse(Self.main)
        XCTAssertEqual(index.scenes.map(\.objectID), ["tab-1", "nav-1", "home-1", "detail-1", "help-1", "ref-1"])
        XCTAssertEqual(index.screen(storyboard: "Main", identifier: "Home"), "HomeViewController")
        XCTAssertEqual(index.screen(storyboard: "Main", identifier: "Detail"), "DetailViewController")
        XCTAssertNil(index.screen(storyboard: "Other", identifier: "Home"))
        XCTAssertEqual(index.scene("Main", "nav-1")?.className, "UINavigationController")
        XCTAssertEqual(index.scene("Main", "detail-1")?.elementClass, "UITableViewController")
        XCTAssertEqual(index.scene("Main", "home-1")?.location, SourceLocation(file: "Main.storyboard", line: 25))
        XCTAssertEqual(index.scene("Main", "ref-1")?.referencedStoryboard, "Settings")
    }

    func testInitialControllerAndWhatItContains() throws {
        var index = try parse(Self.main)
        let settings = try parse(Self.settings, name: "Settings")
        index.scenes += settings.scenes
        XCTAssertEqual(index.scenes.filter(\.isInitial).map(\.objectID), ["tab-1", "set-1"])
        // The tab bar's tabs: a navigation controller with its root, and a reference to Settings' initial scene.
        XCTAssertEqual(index.initial(storyboard: "Main"),
                       ["UITabBarController", "UINavigationController", "HomeViewController", "SettingsViewController"])
        XCTAssertEqual(index.instantiate(storyboard: "Main", identifier: "Home"), ["HomeViewController"])
        XCTAssertEqual(index.initialScreens, ["UITabBarController", "UINavigationController", "HomeViewController",
                                              "SettingsViewController"])
    }

    func testSeguesWithTheirLineKindAndTrigger() throws {
        let index = try parse(Self.main)
        let leaving = index.segues(from: "HomeViewController")
        XCTAssertEqual(leaving.map(\.segue.kind), ["show", "presentation"])
        XCTAssertEqual(leaving.map(\.segue.location.line), [30, 36])
        XCTAssertEqual(leaving.map(\.segue.identifier), ["showDetail", "presentHelp"])
        // On a button it runs when tapped; on the controller itself only through performSegue.
        XCTAssertEqual(leaving.map(\.segue.isManual), [false, true])
        XCTAssertEqual(leaving.map(\.destination.className), ["DetailViewController", "HelpViewController"])
        XCTAssertEqual(leaving.map(\.segue.edgeKind), [.shows, .presents])
        let relationships = index.segues.filter { $0.kind == "relationship" }
        XCTAssertEqual(relationships.map(\.location.line), [8, 9, 18])
        XCTAssertTrue(relationships.allSatisfy { $0.edgeKind == nil && !$0.isManual })
    }

    func testMalformedXMLIsAnErrorWithItsLine() {
        let broken = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB">
            <scenes>
                <scene sceneID="s1">
            </scenes>
        </document>
        """
        switch StoryboardReader.parse(Data(broken.utf8), path: "Broken.storyboard", name: "Broken") {
        case .success: XCTFail("malformed XML parsed")
        case .failure(let e): XCTAssertEqual(e.line, 5); XCTAssertFalse(e.message.isEmpty)
        }
        if case .success = StoryboardReader.parse(Data("<html></html>".utf8), path: "x.storyboard", name: "x") {
            XCTFail("a document that is not Interface Builder's parsed")
        }
    }

    func testXibTopLevelControllersAreScenes() throws {
        let xib = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0">
            <objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" customClass="ProfileViewController"/>
                <viewController id="vc-1" customClass="BadgeViewController"/>
                <view contentMode="scaleToFill" id="view-1"/>
            </objects>
        </document>
        """
        let index = try StoryboardReader.parse(Data(xib.utf8), path: "Profile.xib", name: "Profile").get()
        XCTAssertEqual(index.scenes.map(\.className), ["BadgeViewController"])
        XCTAssertEqual(index.scenes.first?.location.line, 5)
        XCTAssertTrue(index.segues.isEmpty)
    }

    func testPipelineWarnsAboutABrokenStoryboardAndGoesOn() throws {
        let report = try analyzeSources([
            "App.swift": """
            \(StoryboardReaderTests.storyboardRoot)
            final class HomeViewController: UIViewController {}
            """,
            "Base.lproj/Main.storyboard": "<document><scenes><scene></document>",
        ])
        XCTAssertTrue(report.diagnostics.contains { $0.file == "Base.lproj/Main.storyboard" && $0.level == .warning && $0.message.contains("cannot parse storyboard") },
                      "\(report.diagnostics)")
        XCTAssertNotNil(report.graph.node("app:AppDelegate"))
    }

    func testStoryboardScenesSeguesAndPerformSegueInTheGraph() throws {
        let report = try analyzeSources([
            "App.swift": """
            \(StoryboardReaderTests.storyboardRoot)
            final class HomeViewController: UIViewController {
                @IBAction func helpTapped() {
                    performSegue(withIdentifier: "presentHelp", sender: nil)
                }
                func openSettings() {
                    let vc = UIStoryboard(name: "Settings", bundle: nil).instantiateViewController(withIdentifier: "Prefs")
                    present(vc, animated: true)
                }
            }
            final class DetailViewController: UITableViewController {}
            final class HelpViewController: UIViewController {}
            final class SettingsViewController: UIViewController {}
            final class PrefsViewController: UIViewController {}
            """,
            "Main.storyboard": Self.main,
            "Settings.storyboard": Self.settings.replacingOccurrences(of: "</objects>", with: """
                <viewController storyboardIdentifier="Prefs" id="prefs-1" customClass="PrefsViewController" sceneMemberID="viewController"/>
                </objects>
            """),
        ])
        let edges = Set(report.graph.edges.map { "\($0.from) -\($0.kind.rawValue)-> \($0.to) [\($0.mechanism ?? "")] @\($0.file):\($0.line)" })
        XCTAssertTrue(edges.contains("app:AppDelegate -shows-> screen:HomeViewController [window-root] @App.swift:4"), "\(edges)")
        XCTAssertTrue(edges.contains("app:AppDelegate -shows-> screen:SettingsViewController [window-root] @App.swift:4"))
        XCTAssertTrue(edges.contains("screen:HomeViewController -shows-> screen:DetailViewController [segue:show] @Main.storyboard:30"))
        XCTAssertTrue(edges.contains("screen:HomeViewController -presents-> screen:HelpViewController [performSegue:presentation] @App.swift:10"))
        XCTAssertTrue(edges.contains("screen:HomeViewController -presents-> screen:PrefsViewController [present] @App.swift:14"))
        XCTAssertEqual(findingList(report), [])
    }

    func testAManualSegueNobodyPerformsLeavesItsDestinationUnreachable() throws {
        let report = try analyzeSources([
            "App.swift": """
            \(StoryboardReaderTests.storyboardRoot)
            final class HomeViewController: UIViewController {}
            final class DetailViewController: UITableViewController {}
            final class HelpViewController: UIViewController {}
            final class SettingsViewController: UIViewController {}
            """,
            "Main.storyboard": Self.main,
            "Settings.storyboard": Self.settings,
        ])
        XCTAssertEqual(findingList(report), ["unreachable-screen HelpViewController @App.swift:10"])
    }
}
