import NavGraphKit
import NavGraphModel
import XCTest

/// Each block is a scope: a local declared in one block is not the one a sibling block declares under the
/// same name, and a declaration shadows what an outer scope bound rather than adding to it.
final class BlockScopeTests: XCTestCase {
    func testSiblingBlocksAndAnEarlyReturnKeepTheirOwnLocals() throws {
        let report = try analyzeSources(["App.swift": sceneApp("""
            final class MainCoordinator: Coordinator {
                let navigationController: UINavigationController
                init(navigationController: UINavigationController) { self.navigationController = navigationController }
                func start() {
                    do {
                        let vc = InboxViewController()
                        navigationController.pushViewController(vc, animated: false)
                    }
                    do {
                        let vc = ComposeViewController()
                        navigationController.present(vc, animated: true)
                    }
                    for _ in 0..<2 {
                        let vc = DraftsViewController()
                        navigationController.showDetailViewController(vc, sender: nil)
                    }
                    openHelp()
                }
                func openHelp() {
                    if let vc = navigationController.viewControllers.first as? HelpViewController {
                        navigationController.popToViewController(vc, animated: true)
                        return
                    }
                    let vc = SettingsViewController()
                    navigationController.show(vc, sender: nil)
                }
            }
            final class InboxViewController: UIViewController {}
            final class ComposeViewController: UIViewController {}
            final class DraftsViewController: UIViewController {}
            final class HelpViewController: UIViewController {}
            final class SettingsViewController: UIViewController {}
            """)])
        let edges = report.graph.edges.filter { $0.from == "coordinator:MainCoordinator" && $0.to.hasPrefix("screen:") }
            .map { "\($0.mechanism ?? "-") \($0.to)" }.sorted()
        XCTAssertEqual(edges, [
            "present screen:ComposeViewController",
            "push screen:InboxViewController",
            "show screen:SettingsViewController",
            "showDetail screen:DraftsViewController",
        ])
    }
}
