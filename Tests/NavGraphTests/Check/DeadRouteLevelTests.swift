import NavGraphKit
import NavGraphModel
import NavGraphPresent
import XCTest

/// `dead-route`'s "never constructed" level: a route that nothing anywhere builds or calls is dead whatever
/// reaches its coordinator, so it is reported even when that coordinator is unreachable (whose other
/// routes are reported once, as the unreachable coordinator). Used means what it always meant: built or
/// called by any code (through a protocol, `#selector`, a method reference), named by live code, or a
/// member the system may call (`@objc`, an override).
final class DeadRouteLevelTests: XCTestCase {
    func testARouteNothingBuildsOrCallsIsReportedBesideItsUnreachableCoordinator() throws {
        let report = try analyzeSources(["App.swift": sceneApp("""
            protocol SharingFlow: AnyObject { func showShare() }
            final class MainCoordinator: Coordinator {
                let navigationController: UINavigationController
                init(navigationController: UINavigationController) { self.navigationController = navigationController }
                func start() { navigationController.pushViewController(HomeViewController(), animated: false) }
            }
            final class ImportCoordinator: Coordinator, SharingFlow {
                enum Step {
                    case pick
                    case review
                    case retired
                }
                let navigationController: UINavigationController
                init(navigationController: UINavigationController) { self.navigationController = navigationController }
                func start() {
                    show(.pick)
                    showHelp()
                    let vc = ImportViewController()
                    vc.flow = self
                    navigationController.pushViewController(vc, animated: true)
                }
                func show(_ step: Step) {
                    switch step {
                    case .pick: navigationController.pushViewController(PickViewController(), animated: true)
                    case .review: navigationController.pushViewController(ReviewViewController(), animated: true)
                    case .retired: navigationController.pushViewController(ReviewViewController(), animated: true)
                    }
                }
                func picked() { show(.review) }
                func showHelp() { navigationController.pushViewController(HelpViewController(), animated: true) }
                func showPreview() { navigationController.pushViewController(PreviewViewController(), animated: true) }
                @objc func showLegal() { navigationController.pushViewController(LegalViewController(), animated: true) }
                func showShare() { navigationController.present(ShareViewController(), animated: true) }
            }
            final class HomeViewController: UIViewController {}
            final class ImportViewController: UIViewController {
                weak var flow: SharingFlow?
                @objc func shareTapped() { flow?.showShare() }
            }
            final class PickViewController: UIViewController {}
            final class ReviewViewController: UIViewController {}
            final class HelpViewController: UIViewController {}
            final class PreviewViewController: UIViewController {}
            final class LegalViewController: UIViewController {}
            final class ShareViewController: UIViewController {}
            """)])
        XCTAssertEqual(report.findings.filter { $0.rule != "unreachable-screen" }.map { "\($0.rule) \($0.severity.rawValue) \($0.symbol) @\($0.line): \($0.message)" }, [
            "unreachable-coordinator warning ImportCoordinator @16: coordinator 'ImportCoordinator' is unreachable because nothing creates and starts it",
            "dead-route warning ImportCoordinator.Step.retired @20: route 'ImportCoordinator.Step.retired' is dead because it is never constructed anywhere",
            "dead-route warning ImportCoordinator.showPreview() @40: route 'ImportCoordinator.showPreview()' is dead because nothing ever calls it",
        ])
        XCTAssertEqual(report.findings.filter { $0.rule == "dead-route" }.map(\.evidence), [
            Evidence(because: "it is never constructed anywhere", searched: ["constructions of `.retired` in the whole app", "live code naming `retired`"]),
            Evidence(because: "nothing ever calls it", searched: ["calls of `showPreview()` in the whole app", "live code naming `showPreview()`"]),
        ])
        // Built or called by its own code, called through a protocol, or called by the system: used.
        let routes = report.graph.nodes.filter { $0.kind == .route }
            .map { "\($0.name) \($0.reachable ? "reachable" : "unreachable") \(($0.attributes ?? [:]).sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " "))" }
        XCTAssertEqual(routes, [
            "ImportCoordinator.Step.pick unreachable constructed=true style=enum",
            "ImportCoordinator.Step.retired unreachable constructed=false style=enum",
            "ImportCoordinator.Step.review unreachable constructed=true style=enum",
            "ImportCoordinator.showHelp() unreachable called=true style=method",
            "ImportCoordinator.showLegal() unreachable called=false namedBy=the system style=method",
            "ImportCoordinator.showPreview() unreachable called=false style=method",
            "ImportCoordinator.showShare() unreachable called=true style=method",
        ])
    }
}
