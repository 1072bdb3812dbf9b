import Foundation
import XCTest

/// Swift seeds each process's hashing anew, so anything taken in a dictionary's or set's order changes
/// from run to run. Two such places made the JSON of field-corpus apps differ between runs of one binary.
final class DeterminismTests: XCTestCase {
    /// Runs the CLI five times on `files` and checks the JSON is one.
    func assertOneOutput(_ files: [String: String], file: StaticString = #filePath, line: UInt = #line) throws {
        let dir = try temporaryApp(files)
        defer { try? FileManager.default.removeItem(at: dir) }
        var outputs = Set<String>()
        for _ in 0..<5 {
            let run = try runNavgraph(["analyze", dir.path, "--format", "json", "--no-cache"])
            XCTAssertEqual(run.status, 0, run.stderr, file: file, line: line)
            outputs.insert(run.stdout)
        }
        XCTAssertEqual(outputs.count, 1, "the JSON differs between runs", file: file, line: line)
    }

    /// An F5 app's root and main coordinator; each app adds its methods and types.
    static let header = """
    protocol Coordinator: AnyObject { var childCoordinators: [Coordinator] { get set }; var navigationController: UINavigationController { get set }; func start() }
    class SceneDelegate: UIResponder, UIWindowSceneDelegate {
        var coordinator: MainCoordinator?
        func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
            coordinator = MainCoordinator(navigationController: UINavigationController())
            coordinator?.start()
        }
    }
    final class MainCoordinator: Coordinator {
        var childCoordinators: [Coordinator] = []
        var navigationController: UINavigationController
        init(navigationController: UINavigationController) { self.navigationController = navigationController }
        func start() { let vc = HomeViewController(); vc.coordinator = self; navigationController.pushViewController(vc, animated: false) }

    """

    /// A route method whose helper starts a child coordinator and presents it at one line gives two edges
    /// to that child (starts, presents) and one route edge, whose mechanism was taken from a dictionary's
    /// order (element-ios, AllChatsCoordinator.swift:587). The route edges are made in the graph's order.
    static let app = ["App.swift": header + """
        func showArchive() {
            ArchiveFlow(host: navigationController).begin()
        }
    }
    final class ArchiveFlow {
        let host: UINavigationController
        init(host: UINavigationController) { self.host = host }
        func begin() {
            let child = ArchiveCoordinator(navigationController: UINavigationController())
            child.start()
            host.present(child.navigationController, animated: true)
        }
    }
    final class ArchiveCoordinator: Coordinator {
        var childCoordinators: [Coordinator] = []
        var navigationController: UINavigationController
        init(navigationController: UINavigationController) { self.navigationController = navigationController }
        func start() { navigationController.pushViewController(ArchiveViewController(), animated: false) }
    }
    final class HomeViewController: UIViewController {
        weak var coordinator: MainCoordinator?
        @IBAction func archiveTapped() { coordinator?.showArchive() }
    }
    final class ArchiveViewController: UIViewController {}

    """]

    func testARouteEdgeKeepsTheSameMechanismInEveryProcess() throws {
        let report = try analyzeSources(Self.app)
        let routeEdges = graphListing(report).split(separator: "\n").filter { $0.contains("-route->") }
        XCTAssertEqual(routeEdges, [
            "edge route:MainCoordinator.showArchive() -route-> coordinator:ArchiveCoordinator [start()] @App.swift:15",
            "edge route:MainCoordinator.showArchive() -route-> screen:ArchiveViewController [push] @App.swift:31",
        ])
        try assertOneOutput(Self.app)
    }

    static let twoSenders = ["App.swift": header + """
        func showInvite() { navigationController.pushViewController(InviteViewController(), animated: true) }
        func showBlock() { navigationController.pushViewController(BlockViewController(), animated: true) }
    }
    protocol PickerDelegate: AnyObject { func picked(id: Int) }
    class PeoplePickerViewController: UIViewController {
        weak var pickerDelegate: PickerDelegate?
        func didSelect(_ id: Int) { pickerDelegate?.picked(id: id) }
    }
    final class InviteViewController: PeoplePickerViewController {}
    final class BlockViewController: PeoplePickerViewController {}
    final class HomeViewController: UIViewController {
        weak var coordinator: MainCoordinator?
        @IBAction func inviteTapped() { coordinator?.showInvite() }
        @IBAction func blockTapped() { coordinator?.showBlock() }
    }

    """]

    /// Two screens inherit one send of a delegate nobody assigns: two findings with one file, line, rule
    /// and symbol, told apart by their message only, came in a set's order (deltachat,
    /// GroupMembersViewController.swift:393). Findings are ordered by message too.
    func testFindingsAtOnePlaceComeInTheSameOrderInEveryProcess() throws {
        let report = try analyzeSources(Self.twoSenders)
        XCTAssertEqual(report.findings.map(\.message), [
            "BlockViewController sends 'PickerDelegate.picked(id:)' but nothing handles it because `pickerDelegate` is never assigned on BlockViewController where it is created",
            "InviteViewController sends 'PickerDelegate.picked(id:)' but nothing handles it because `pickerDelegate` is never assigned on InviteViewController where it is created",
        ])
        let send = lineNumber(of: "pickerDelegate?.picked", in: Self.twoSenders["App.swift"]!)
        XCTAssertEqual(Set(report.findings.map { "\($0.file):\($0.line) \($0.rule) \($0.severity.rawValue)" }), ["App.swift:\(send) unhandled-action error"])
        try assertOneOutput(Self.twoSenders)
    }
}
