import NavGraphModel
import XCTest

/// Whether a navigation method is called tells overloads apart by their labels (defaults count): nothing
/// calls `showHelp()` though `showHelp(topic:)` is called, and a bare call (`showAbout()` inside the
/// coordinator) calls `showAbout(animated:)`. An `@objc` overload the system may call stays unknown.
final class OverloadCallTests: XCTestCase {
    static let source = """
        import UIKit
        final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
            var coordinator: MainCoordinator?
            func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
                coordinator = MainCoordinator(navigationController: UINavigationController())
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
            func showHelp() { navigationController.pushViewController(HelpViewController(), animated: true) }
            func showHelp(topic: String) { navigationController.pushViewController(HelpViewController(), animated: true) }
            func showAbout(animated: Bool = true) { navigationController.pushViewController(AboutViewController(), animated: animated) }
            func legacyMenu() { showAbout() }
            @objc func showTerms() { navigationController.pushViewController(TermsViewController(), animated: true) }
            func showTerms(section: Int) { navigationController.pushViewController(TermsViewController(), animated: true) }
        }
        final class HomeViewController: UIViewController {
            weak var coordinator: MainCoordinator?
            @objc func helpTapped() { coordinator?.showHelp(topic: "start") }
            @objc func termsTapped() { coordinator?.showTerms(section: 2) }
        }
        final class HelpViewController: UIViewController {}
        final class AboutViewController: UIViewController {}
        final class TermsViewController: UIViewController {}
        """

    func testOverloadsAreCalledByTheirLabels() throws {
        let report = try analyzeSources(["App.swift": Self.source])
        XCTAssertEqual(report.findings.map { "\($0.line) \($0.message)" }, [
            "18 route 'MainCoordinator.showHelp()' is dead because nothing ever calls it",
            "20 route 'MainCoordinator.showAbout(animated:)' is dead because it is only called from code that no root reaches",
            "21 route 'MainCoordinator.legacyMenu()' is dead because nothing ever calls it",
            "31 screen 'AboutViewController' is unreachable because it is only shown from code no root reaches (MainCoordinator.legacyMenu())",
        ])
    }
}
