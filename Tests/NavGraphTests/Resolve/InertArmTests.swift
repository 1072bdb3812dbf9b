import NavGraphKit
import NavGraphModel
import NavGraphPresent
import XCTest

/// "Its switch arm does nothing" is said only of an arm whose whole body proves it: empty (`break`), a
/// bare `return`, or only logging. An arm that works on data, a `default:` arm, and an arm that falls
/// through into a navigating one say nothing of the kind.
final class InertArmTests: XCTestCase {
    func testOnlyArmsThatProvablyDoNothingAreDeadRoutes() throws {
        let report = try analyzeSources(["App.swift": sceneApp("""
            enum ShortcutLink { case orders, archive, retiredInbox, retiredPromo, badge, clearDrafts }
            enum Pane { case orders, help, legal }
            final class BadgeCounter { var count = 0; func bump() { count += 1 } }
            final class MainCoordinator: Coordinator {
                let navigationController: UINavigationController
                let badges = BadgeCounter()
                init(navigationController: UINavigationController) { self.navigationController = navigationController }
                func start() {
                    navigationController.pushViewController(OrdersViewController(), animated: false)
                    for link in [ShortcutLink.orders, .archive, .retiredInbox, .retiredPromo, .badge, .clearDrafts] { open(link) }
                    for pane in [Pane.orders, .help, .legal] { show(pane) }
                }
                func open(_ link: ShortcutLink) {
                    switch link {
                    case .orders:
                        navigationController.pushViewController(OrdersViewController(), animated: true)
                    case .archive:
                        fallthrough
                    case .clearDrafts:
                        navigationController.pushViewController(ArchiveViewController(), animated: true)
                    case .retiredInbox:
                        break
                    case .retiredPromo:
                        print("promotions are gone")
                        return
                    case .badge:
                        badges.bump()
                    }
                }
                func show(_ pane: Pane) {
                    switch pane {
                    case .orders: navigationController.pushViewController(OrdersViewController(), animated: true)
                    default: break
                    }
                }
            }
            final class OrdersViewController: UIViewController {}
            final class ArchiveViewController: UIViewController {}
            """)])
        let routes = report.graph.nodes.filter { $0.kind == .route }.map { "\($0.name) \($0.attributes?["target"] ?? "-")" }
        XCTAssertEqual(routes, [
            "Pane.help -", "Pane.legal -", "Pane.orders -",
            "ShortcutLink.archive -", "ShortcutLink.badge -", "ShortcutLink.clearDrafts -", "ShortcutLink.orders -",
            "ShortcutLink.retiredInbox none", "ShortcutLink.retiredPromo none",
        ])
        // The arm that falls through shows what the next arm shows.
        XCTAssertEqual(report.graph.edges.filter { $0.from == "route:ShortcutLink.archive" }.map(\.to), ["screen:ArchiveViewController"])
        XCTAssertEqual(report.findings.map { "\($0.rule) \($0.symbol) \($0.message)" }, [
            "dead-route ShortcutLink.retiredInbox route 'ShortcutLink.retiredInbox' is dead: its switch arm does nothing",
            "dead-route ShortcutLink.retiredPromo route 'ShortcutLink.retiredPromo' is dead: its switch arm does nothing",
        ])
    }
}
