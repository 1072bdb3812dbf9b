import NavGraphKit
import NavGraphModel
import NavGraphPresent
import XCTest

/// View controllers a framework supplies (an alert, a share sheet, Safari, a SwiftUI host) get no node,
/// but showing one is navigating: a route arm or coordinator method that does it is not dead.
final class SystemScreenTests: XCTestCase {
    func testShowingASystemScreenIsWhatARouteDoes() throws {
        let report = try analyzeSources(["App.swift": sceneApp("""
            final class MainCoordinator: Coordinator {
                enum Route { case share(String), about, nothing }
                let navigationController: UINavigationController
                init(navigationController: UINavigationController) { self.navigationController = navigationController }
                func start() {
                    let vc = HomeViewController()
                    vc.coordinator = self
                    navigationController.pushViewController(vc, animated: false)
                }
                func navigate(to route: Route) {
                    switch route {
                    case .share(let text):
                        navigationController.present(UIActivityViewController(activityItems: [text], applicationActivities: nil), animated: true)
                    case .about:
                        navigationController.pushViewController(UIHostingController(rootView: AboutView()), animated: true)
                    case .nothing:
                        break
                    }
                }
                func openHelp() { navigationController.present(SFSafariViewController(url: URL(string: "https://example.com")!), animated: true) }
                func openTerms() { navigationController.present(SFSafariViewController(url: URL(string: "https://example.com/terms")!), animated: true) }
            }
            final class HomeViewController: UIViewController {
                weak var coordinator: MainCoordinator?
                @objc func shareTapped() { coordinator?.navigate(to: .share("hi")) }
                @objc func aboutTapped() { coordinator?.navigate(to: .about) }
                @objc func nothingTapped() { coordinator?.navigate(to: .nothing) }
                @objc func helpTapped() { coordinator?.openHelp() }
            }
            struct AboutView {}
            """)])
        XCTAssertEqual(report.findings.map { "\($0.rule) \($0.symbol) @\($0.line)" }, [
            // `sceneApp` puts `MainCoordinator` at line 10.
            "dead-route MainCoordinator.Route.nothing @11",
            "dead-route MainCoordinator.openTerms() @30",
        ])
        XCTAssertEqual(report.findings.map(\.message).filter { $0.contains("openTerms") }, ["route 'MainCoordinator.openTerms()' is dead because nothing ever calls it"])
        // No screen node for a framework's view controller.
        XCTAssertEqual(report.graph.nodes.filter { $0.kind == .screen }.map(\.name), ["HomeViewController"])
    }
}
