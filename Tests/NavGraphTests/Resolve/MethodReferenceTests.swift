import NavGraphKit
import NavGraphModel
import NavGraphPresent
import XCTest

/// A method used as a closure (`vc.onAdd = handleAdd`, `self.close`, `coordinator.finish`) is called when
/// the closure is: the screen's action is handled, and the method is no dead route.
final class MethodReferenceTests: XCTestCase {
    func testAMethodAssignedToAClosurePropertyHandlesTheAction() throws {
        let report = try analyzeSources(["App.swift": sceneApp("""
            final class MainCoordinator: Coordinator {
                let navigationController: UINavigationController
                let child = ChildCoordinator()
                init(navigationController: UINavigationController) { self.navigationController = navigationController }
                func start() {
                    let vc = ListViewController()
                    vc.onAdd = handleAdd
                    vc.onHelp = self.showHelp
                    vc.onSelect = showDetail(id:)
                    vc.onClose = child.close
                    navigationController.pushViewController(vc, animated: false)
                }
                private func handleAdd() { navigationController.present(EditorViewController(), animated: true) }
                private func showHelp() { navigationController.pushViewController(HelpViewController(), animated: true) }
                private func showDetail(id: Int) { navigationController.pushViewController(DetailViewController(), animated: true) }
                private func showUnused() { navigationController.pushViewController(UnusedViewController(), animated: true) }
            }
            final class ChildCoordinator {
                func close() {}
            }
            final class ListViewController: UIViewController {
                var onAdd: (() -> Void)?
                var onHelp: (() -> Void)?
                var onSelect: ((Int) -> Void)?
                var onClose: (() -> Void)?
                var onShare: (() -> Void)?
                @objc func addTapped() { onAdd?() }
                @objc func helpTapped() { onHelp?() }
                @objc func rowTapped() { onSelect?(1) }
                @objc func closeTapped() { onClose?() }
                @objc func shareTapped() { onShare?() }
            }
            final class EditorViewController: UIViewController {}
            final class HelpViewController: UIViewController {}
            final class DetailViewController: UIViewController {}
            final class UnusedViewController: UIViewController {}
            """)])
        XCTAssertEqual(shownScreens(report), [
            "screen:DetailViewController via MainCoordinator.showDetail(id:)",
            "screen:EditorViewController via MainCoordinator.handleAdd()",
            "screen:HelpViewController via MainCoordinator.showHelp()",
            "screen:ListViewController via -",
            "screen:UnusedViewController via MainCoordinator.showUnused() (unreachable)",
        ])
        XCTAssertEqual(report.findings.map { "\($0.rule) \($0.symbol)" }, [
            "dead-route MainCoordinator.showUnused()",
            "unhandled-action ListViewController.onShare",
            "unreachable-screen UnusedViewController",
        ])
    }
}
