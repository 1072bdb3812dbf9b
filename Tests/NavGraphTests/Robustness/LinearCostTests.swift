import Foundation
import NavGraphExtract
import NavGraphKit
import NavGraphModel
@testable import NavGraphResolve
import XCTest

/// Hostile inputs that cost quadratic time where linear is possible (navgraph issue 37): each is made
/// by code at two sizes, n and 4n, and the work counted (statements run, `Interpreter.evaluationSteps`;
/// supertypes visited and cases looked up, `TypeIndex.indexSteps`; storyboard entries indexed and
/// returned, `StoryboardIndex.lookupSteps`) must grow at most about linearly: steps(4n) ≤ 5 × steps(n).
/// Quadratic, it grows 16 times. Each test also checks the exact result, so a cheap wrong answer fails.
final class LinearCostTests: XCTestCase {
    /// `class C1: UIViewController {}`, `class C2: C1 {}` … `Cn`, and a coordinator that pushes the deepest.
    static func deepHierarchyApp(_ n: Int) -> [String: String] {
        var classes = "class C1: UIViewController {}\n"
        for i in 2...n { classes += "class C\(i): C\(i - 1) {}\n" }
        return ["App.swift": sceneApp("""
        final class MainCoordinator: Coordinator {
            let navigationController: UINavigationController
            init(navigationController: UINavigationController) { self.navigationController = navigationController }
            func start() { navigationController.pushViewController(C\(n)(), animated: false) }
        }
        """), "Classes.swift": "import UIKit\n" + classes]
    }

    func hierarchySteps(_ n: Int) throws -> Int {
        let interpreter = resolveSources(LinearCostTests.deepHierarchyApp(n))
        return interpreter.evaluationSteps + interpreter.index.indexSteps
    }

    /// 5,000 classes each inheriting the one before took 149 s in a debug build (21 s and 650 MB in
    /// release): every type's list of supertypes was built and kept, and classification and each type's
    /// inherited functions walked the whole chain again.
    func testADeepClassHierarchyCostsLinearSteps() throws {
        let n = 150
        let small = try hierarchySteps(n), large = try hierarchySteps(4 * n)
        XCTAssertLessThanOrEqual(large, 5 * small, "steps: \(small) for \(n) classes, \(large) for \(4 * n)")

        let report = try analyzeSources(LinearCostTests.deepHierarchyApp(4 * n))
        // The deepest class is the one screen: shown at start. Its superclasses are view controllers no
        // code makes, so they are not drawn.
        XCTAssertEqual(report.graph.nodes.filter { $0.kind == .screen }.map(\.name), ["C\(4 * n)"], graphListing(report))
        let shown = report.graph.edges.filter { $0.from == "coordinator:MainCoordinator" && $0.kind == .shows }.map(\.to)
        XCTAssertEqual(shown, ["screen:C\(4 * n)"], graphListing(report))
        XCTAssertTrue(report.graph.node("screen:C\(4 * n)")?.reachable ?? false, graphListing(report))
    }

    /// A hierarchy whose chain of superclasses is a cycle (`C1: Cn`), which the compiler rejects: the
    /// memoised answers stay right (a type met again while its answer is open is no "no" kept for good).
    func testADeepInheritanceCycleKeepsItsAnswersRight() throws {
        let n = 300
        var app = LinearCostTests.deepHierarchyApp(n)
        app["Classes.swift"] = app["Classes.swift"]!.replacingOccurrences(of: "class C1: UIViewController {}", with: "class C1: C\(n), Marked {}\nprotocol Marked {}")
        let index = resolveSources(app).index
        XCTAssertFalse(index.isSubtype("C\(n / 2)", of: "UIViewController"), "no class of the cycle is a view controller")
        // Asked first of a class in the middle: the walk meets it again through C1, and each class of the
        // cycle still conforms to what C1 adopts, and inherits every other class.
        XCTAssertTrue(index.isSubtype("C\(n / 2)", ofAny: ["Marked"]))
        XCTAssertTrue(index.isSubtype("C\(n / 2 + 1)", ofAny: ["Marked"]))
        XCTAssertTrue(index.isSubtype("C2", ofAny: ["Marked"]))
        XCTAssertTrue(index.isSubtype("C\(n / 2)", of: "C\(n / 2 + 1)"))
        XCTAssertTrue(index.isSubtype("C1", of: "C2"))
        XCTAssertFalse(index.isSubtype("C1", ofAny: ["Unrelated"]))
    }

    /// A route enum of n cases, and a coordinator whose `navigate(to:)` switches over all of them, each
    /// arm pushing one of four screens. A scan of the cases for every arm made it quadratic (a 10,000-case
    /// enum took 43 s in release).
    static func routeEnumApp(_ n: Int) -> [String: String] {
        let cases = (0..<n).map { "case r\($0)" }.joined(separator: "; ")
        let arms = (0..<n).map { "        case .r\($0): navigationController.pushViewController(Screen\($0 % 4)ViewController(), animated: true)" }
            .joined(separator: "\n")
        return ["App.swift": sceneApp("""
        final class MainCoordinator: Coordinator {
            enum Route { \(cases) }
            let navigationController: UINavigationController
            init(navigationController: UINavigationController) { self.navigationController = navigationController }
            func start() { navigate(to: .r0) }
            func navigate(to route: Route) {
                switch route {
        \(arms)
                }
            }
        }
        final class Screen0ViewController: UIViewController {}
        final class Screen1ViewController: UIViewController {}
        final class Screen2ViewController: UIViewController {}
        final class Screen3ViewController: UIViewController {}
        """)]
    }

    func testAHugeRouteEnumCostsLinearSteps() throws {
        func steps(_ n: Int) -> Int {
            let interpreter = resolveSources(LinearCostTests.routeEnumApp(n))
            return interpreter.evaluationSteps + interpreter.index.indexSteps
        }
        let n = 250
        let small = steps(n), large = steps(4 * n)
        XCTAssertLessThanOrEqual(large, 5 * small, "steps: \(small) for \(n) cases, \(large) for \(4 * n)")

        let report = try analyzeSources(LinearCostTests.routeEnumApp(4 * n))
        let routes = report.graph.nodes.filter { $0.kind == .route }.map(\.name)
        XCTAssertEqual(routes.count, 4 * n, graphListing(report))
        XCTAssertTrue(routes.contains("MainCoordinator.Route.r\(4 * n - 1)"))
        XCTAssertEqual(report.graph.nodes.filter { $0.kind == .screen }.map(\.name).sorted(),
                       (0..<4).map { "Screen\($0)ViewController" })
        XCTAssertTrue(report.graph.node("screen:Screen0ViewController")?.reachable ?? false, graphListing(report))
    }

    /// Main.storyboard: a navigation controller (initial) whose root is scene 0, then n scenes, each of
    /// one of eight classes, each with a button segue to the next scene (the last back to scene 0).
    static func storyboard(_ n: Int) -> String {
        var xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="nav">
            <scenes>
                <scene sceneID="n"><objects>
                    <navigationController id="nav" sceneMemberID="viewController">
                        <connections><segue destination="s0" kind="relationship" relationship="rootViewController" id="root"/></connections>
                    </navigationController>
                </objects></scene>

        """
        for i in 0..<n {
            xml += """
                    <scene sceneID="x\(i)"><objects>
                        <viewController id="s\(i)" customClass="Screen\(i % 8)ViewController" sceneMemberID="viewController">
                            <view key="view" id="v\(i)"><subviews><button id="b\(i)"><connections>
                                <segue destination="s\((i + 1) % n)" kind="show" identifier="next\(i)" id="g\(i)"/>
                            </connections></button></subviews></view>
                        </viewController>
                    </objects></scene>

            """
        }
        return xml + "    </scenes>\n</document>\n"
    }

    static let storyboardScreens = (0..<8).map { "final class Screen\($0)ViewController: UIViewController {}" }.joined(separator: "\n")

    /// Reads and resolves the storyboard app; the index's lookups' steps and the interpreter's.
    func storyboardRun(_ n: Int) throws -> (steps: Int, index: StoryboardIndex) {
        guard case .success(let index) = StoryboardReader.parse(Data(LinearCostTests.storyboard(n).utf8), path: "Main.storyboard", name: "Main") else {
            XCTFail("the generated storyboard parses")
            return (0, StoryboardIndex())
        }
        let sources = ["App.swift": "import UIKit\n" + StoryboardReaderTests.storyboardRoot + "\n" + LinearCostTests.storyboardScreens]
        let facts = sources.map { Extractor.extract(path: $0.key, source: $0.value) }
        let interpreter = Resolver.resolve(facts, storyboards: index).interpreter
        return (index.lookupSteps + interpreter.evaluationSteps + interpreter.index.indexSteps, index)
    }

    /// 20,000 segues took 8.5 s in release: each screen's segues were found by scanning every segue, and
    /// each segue's destination by scanning every scene.
    func testAHugeStoryboardCostsLinearSteps() throws {
        let n = 400
        let (small, _) = try storyboardRun(n)
        let (large, index) = try storyboardRun(4 * n)
        XCTAssertLessThanOrEqual(large, 5 * small, "steps: \(small) for \(n) segues, \(large) for \(4 * n)")
        XCTAssertEqual(index.scenes.count, 4 * n + 1)
        XCTAssertEqual(index.segues.count, 4 * n + 1)
        let leaving = index.segues(from: "Screen3ViewController")
        XCTAssertEqual(leaving.count, 4 * n / 8)
        XCTAssertEqual(Set(leaving.map { $0.destination.className }), ["Screen4ViewController"])
        XCTAssertEqual(leaving.first?.segue.identifier, "next3")

        let dir = try temporaryApp([
            "App.swift": "import UIKit\n" + StoryboardReaderTests.storyboardRoot + "\n" + LinearCostTests.storyboardScreens,
            "Main.storyboard": LinearCostTests.storyboard(4 * n),
        ])
        defer { try? FileManager.default.removeItem(at: dir) }
        let report = try analyze(dir) { $0.cacheLocation = nil }.report
        for k in 0..<8 {
            XCTAssertTrue(report.graph.node("screen:Screen\(k)ViewController")?.reachable ?? false, graphListing(report))
            let next = report.graph.edges.filter { $0.from == "screen:Screen\(k)ViewController" && $0.kind == .shows }.map(\.to)
            XCTAssertEqual(Set(next), ["screen:Screen\((k + 1) % 8)ViewController"], graphListing(report))
        }
    }

    /// A local reused in n sibling blocks (`do { let vc = ScreenK(); push(vc) }`): every block gave every
    /// other block's value (1,200 blocks made 721,801 edges and 330 MB of JSON; 3,000 ran past 5 minutes
    /// and 5 GB). Each block keeps its own `vc`: n edges, and steps linear in n.
    static func siblingScopesApp(_ n: Int) -> [String: String] {
        let blocks = (0..<n).map { "        do { let vc = Screen\($0 % 8)ViewController(); navigationController.pushViewController(vc, animated: true) }" }
            .joined(separator: "\n")
        let screens = (0..<8).map { "final class Screen\($0)ViewController: UIViewController {}" }.joined(separator: "\n")
        return ["App.swift": sceneApp("""
        final class MainCoordinator: Coordinator {
            let navigationController: UINavigationController
            init(navigationController: UINavigationController) { self.navigationController = navigationController }
            func start() {
        \(blocks)
            }
        }
        \(screens)
        """)]
    }

    func testSiblingScopesCostLinearSteps() throws {
        let n = 200
        let steps = { (n: Int) -> Int in resolveSources(LinearCostTests.siblingScopesApp(n)).evaluationSteps }
        let small = steps(n), large = steps(4 * n)
        XCTAssertLessThanOrEqual(large, 5 * small, "steps: \(small) for \(n) blocks, \(large) for \(4 * n)")

        let report = try analyzeSources(LinearCostTests.siblingScopesApp(4 * n))
        let pushes = report.graph.edges.filter { $0.from == "coordinator:MainCoordinator" && $0.kind == .shows }
        // One push per block, at its line, of its own screen: block k pushes Screen(k % 8).
        let byLine = pushes.sorted { $0.line < $1.line }
        XCTAssertEqual(byLine.count, 4 * n)
        XCTAssertEqual(Set(byLine.map(\.line)).count, 4 * n, "one edge per block line")
        XCTAssertEqual(byLine.map(\.to), (0..<(4 * n)).map { "screen:Screen\($0 % 8)ViewController" })
        XCTAssertTrue(report.graph.nodes.filter { $0.kind == .screen }.allSatisfy(\.reachable), graphListing(report))
    }

    /// n helper classes each inheriting the one before (no screens, no views), the deepest held by the
    /// coordinator: recognition read every supertype's bodies again for each class, and listed every
    /// supertype of each when looking for a shared base (5,000 took 93 s in release).
    static func deepHelperApp(_ n: Int) -> [String: String] {
        var classes = "class H1 { func prepare() { _ = DetailViewController() } }\n"
        for i in 2...n { classes += "class H\(i): H\(i - 1) {}\n" }
        return ["App.swift": sceneApp("""
        final class MainCoordinator: Coordinator {
            let navigationController: UINavigationController
            let helper = H\(n)()
            init(navigationController: UINavigationController) { self.navigationController = navigationController }
            func start() { navigationController.pushViewController(HomeViewController(), animated: false) }
        }
        final class HomeViewController: UIViewController {}
        final class DetailViewController: UIViewController {}
        """), "Helpers.swift": "import UIKit\n" + classes]
    }

    func testADeepHelperHierarchyCostsLinearReads() throws {
        let n = 150
        let reads = { (n: Int) -> Int in
            let interpreter = resolveSources(LinearCostTests.deepHelperApp(n))
            return interpreter.index.indexSteps + interpreter.evaluationSteps
        }
        let small = reads(n), large = reads(4 * n)
        XCTAssertLessThanOrEqual(large, 5 * small, "steps: \(small) for \(n) classes, \(large) for \(4 * n)")

        // None of the helpers navigates, so none is a coordinator; the screens are as the code says.
        let report = try analyzeSources(LinearCostTests.deepHelperApp(4 * n))
        XCTAssertEqual(report.graph.nodes.filter { $0.kind == .coordinator }.map(\.name), ["MainCoordinator"], graphListing(report))
        XCTAssertEqual(report.graph.nodes.filter { $0.kind == .screen && $0.reachable }.map(\.name), ["HomeViewController"], graphListing(report))
    }
}
