import Foundation
import XCTest

/// A route method whose helper starts a child coordinator and presents it at one line gives two edges to
/// that child (starts, presents) and one route edge. Which mechanism the route edge keeps was taken from
/// a dictionary's order, which Swift seeds per process: the JSON changed from run to run (seen on a
/// 167k-line app of the field corpus). The route edges are now made in the graph's order.
final class RouteEdgeDeterminismTests: XCTestCase {
    static let app = ["App.swift": """
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
        let dir = try temporaryApp(Self.app)
        defer { try? FileManager.default.removeItem(at: dir) }
        let report = try analyzeSources(Self.app)
        let routeEdges = graphListing(report).split(separator: "\n").filter { $0.contains("-route->") }
        XCTAssertEqual(routeEdges, [
            "edge route:MainCoordinator.showArchive() -route-> coordinator:ArchiveCoordinator [start()] @App.swift:15",
            "edge route:MainCoordinator.showArchive() -route-> screen:ArchiveViewController [push] @App.swift:31",
        ])
        // Each process seeds its dictionaries anew: five runs, one output.
        var outputs = Set<String>()
        for _ in 0..<5 {
            let run = try runNavgraph(["analyze", dir.path, "--format", "json", "--no-cache"])
            XCTAssertEqual(run.status, 0, run.stderr)
            outputs.insert(run.stdout)
        }
        XCTAssertEqual(outputs.count, 1, "the JSON differs between runs")
    }
}
