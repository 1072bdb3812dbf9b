import NavGraphExtract
import NavGraphKit
import NavGraphModel
import NavGraphPresent
import NavGraphResolve
import XCTest

/// Instantiation skips the round that would only confirm the fixpoint when nothing a round read grew after
/// it was read (`RoundReads`). These tests check that the skip never changes a result, and that it happens.
final class FixpointTests: XCTestCase {
    func testSkippingTheConfirmingRoundChangesNoSampleResult() throws {
        for sample in Repo.samples {
            let fast = try analyze(Repo.sample(sample)) { $0.cacheLocation = nil }.report
            let confirmed = try analyze(Repo.sample(sample)) { $0.cacheLocation = nil; $0.confirmFixpoint = true }.report
            XCTAssertEqual(JSONRenderer.render(fast), JSONRenderer.render(confirmed), sample)
            XCTAssertEqual(graphListing(fast), graphListing(confirmed), sample)
        }
    }

    func testAnAppWhoseReadsNeverGoStaleRunsOneRound() {
        let interpreter = resolve([
            "App.swift": """
            import UIKit
            final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                var window: UIWindow?
                var coordinator: MainCoordinator?
                func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
                    let nav = UINavigationController()
                    coordinator = MainCoordinator(navigationController: nav)
                    coordinator?.start()
                }
            }
            protocol Coordinator: AnyObject { var navigationController: UINavigationController { get }; func start() }
            final class MainCoordinator: Coordinator {
                let navigationController: UINavigationController
                init(navigationController: UINavigationController) { self.navigationController = navigationController }
                func start() {
                    let vc = HomeViewController()
                    vc.coordinator = self
                    navigationController.pushViewController(vc, animated: false)
                }
                func showDetail() { navigationController.pushViewController(DetailViewController(), animated: true) }
            }
            final class HomeViewController: UIViewController {
                weak var coordinator: MainCoordinator?
                @objc func tapped() { coordinator?.showDetail() }
            }
            final class DetailViewController: UIViewController {}
            """,
        ])
        XCTAssertEqual(interpreter.roundsRun, 1)
        XCTAssertTrue(interpreter.edges.contains { $0.from == "coordinator:MainCoordinator" && $0.to == "screen:DetailViewController" })
    }

    func testAReadThatGrowsLaterRunsAnotherRound() {
        // `start` reads `shown` before Home's action appends to it: what round one read is not final, and
        // only the second round shows DetailViewController.
        let interpreter = resolve([
            "App.swift": sceneApp("""
            final class MainCoordinator: Coordinator {
                let navigationController: UINavigationController
                var shown: [UIViewController] = []
                init(navigationController: UINavigationController) { self.navigationController = navigationController }
                func start() {
                    for s in shown { navigationController.pushViewController(s, animated: false) }
                    let vc = HomeViewController()
                    vc.coordinator = self
                    navigationController.pushViewController(vc, animated: false)
                }
                func showDetail() { shown.append(DetailViewController()) }
            }
            final class HomeViewController: UIViewController {
                weak var coordinator: MainCoordinator?
                @objc func tapped() { coordinator?.showDetail() }
            }
            final class DetailViewController: UIViewController {}
            """),
        ])
        XCTAssertGreaterThan(interpreter.roundsRun, 1)
        XCTAssertTrue(interpreter.edges.contains { $0.from == "coordinator:MainCoordinator" && $0.to == "screen:DetailViewController" })
    }

    private func resolve(_ files: [String: String]) -> Interpreter {
        let facts = files.sorted { $0.key < $1.key }.map { Extractor.extract(path: $0.key, source: $0.value) }
        return Resolver.resolve(facts).interpreter
    }
}
