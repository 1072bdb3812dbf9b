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
            "dead-route ShortcutLink.retiredInbox route 'ShortcutLink.retiredInbox' is dead because its switch arm at App.swift:30 does nothing",
            "dead-route ShortcutLink.retiredPromo route 'ShortcutLink.retiredPromo' is dead because its switch arm at App.swift:32 does nothing",
        ])
        XCTAssertEqual(report.findings.map { $0.evidence }, [
            Evidence(because: "its switch arm at App.swift:30 does nothing"),
            Evidence(because: "its switch arm at App.swift:32 does nothing"),
        ])
    }

    /// Swift's switches are exhaustive: an empty arm for a state or an outcome (`case .idle: break`) or for
    /// a case meaning nothing (`.none`) is the design, no dead route; the same arm for a destination is one.
    func testAnEmptyArmForAStateOrANoneCaseIsTheDesign() throws {
        let report = try analyzeSources(["App.swift": sceneApp("""
            enum SyncState { case idle, failed }
            enum Presentation { case sheet, none }
            enum Shortcut { case orders, legacy }
            final class MainCoordinator: Coordinator {
                let navigationController: UINavigationController
                init(navigationController: UINavigationController) { self.navigationController = navigationController }
                func start() {
                    navigationController.pushViewController(UIViewController(), animated: false)
                    for s in [SyncState.idle, .failed] { render(s) }
                    for p in [Presentation.sheet, .none] { display(p) }
                    for s in [Shortcut.orders, .legacy] { open(s) }
                }
                func render(_ state: SyncState) {
                    switch state {
                    case .idle: break
                    case .failed: navigationController.present(SyncErrorViewController(), animated: true)
                    }
                }
                func display(_ presentation: Presentation) {
                    switch presentation {
                    case .sheet: navigationController.present(SheetViewController(), animated: true)
                    case .none: break
                    }
                }
                func open(_ shortcut: Shortcut) {
                    switch shortcut {
                    case .orders: navigationController.pushViewController(OrdersViewController(), animated: true)
                    case .legacy: break
                    }
                }
            }
            final class SyncErrorViewController: UIViewController {}
            final class SheetViewController: UIViewController {}
            final class OrdersViewController: UIViewController {}
            """)])
        XCTAssertEqual(report.findings.map { "\($0.rule) \($0.symbol)" }, ["dead-route Shortcut.legacy"])
    }

    /// A finding of absence says what was searched; an action's finding carries its chain.
    func testFindingsOfAbsenceSayWhatWasSearched() throws {
        let report = try analyzeSources(["App.swift": sceneApp("""
            final class MainCoordinator: Coordinator {
                let navigationController: UINavigationController
                init(navigationController: UINavigationController) { self.navigationController = navigationController }
                func start() { navigationController.pushViewController(InboxViewController(), animated: false) }
                func showArchive() { navigationController.pushViewController(ArchiveViewController(), animated: true) }
            }
            final class InboxViewController: UIViewController {
                var onCompose: (() -> Void)?
                @objc func composeTapped() { onCompose?() }
            }
            final class ArchiveViewController: UIViewController {}
            """)])
        XCTAssertEqual(report.findings.map { "\($0.rule) \($0.message)" }, [
            "dead-route route 'MainCoordinator.showArchive()' is dead because nothing ever calls it",
            "unhandled-action InboxViewController sends 'InboxViewController.onCompose' but nothing handles it because `onCompose` is never assigned on InboxViewController where it is created",
            "unreachable-screen screen 'ArchiveViewController' is unreachable because it is only shown from code no root reaches (MainCoordinator.showArchive())",
        ])
        XCTAssertEqual(report.findings.map { $0.evidence }, [
            Evidence(because: "nothing ever calls it", searched: ["calls of `showArchive()` in the whole app", "live code naming `showArchive()`"]),
            Evidence(because: "`onCompose` is never assigned on InboxViewController where it is created",
                     searched: ["every responder, delegate and closure on its chain"], chain: ["InboxViewController"]),
            Evidence(because: "it is only shown from code no root reaches (MainCoordinator.showArchive())",
                     searched: ["code that shows, presents or routes to it from a reached coordinator or screen", "live code naming `ArchiveViewController`"]),
        ])
        // The JSON carries it.
        let json = JSONRenderer.render(report)
        XCTAssertTrue(json.contains("\"evidence\" : {"), json)
    }

    /// A method of a value that shares a case's name (`store.archive()`, in code no root reaches) does not
    /// construct the case.
    func testAMethodOfTheSameNameDoesNotConstructACase() throws {
        let report = try analyzeSources(["App.swift": sceneApp("""
            enum Shelf { case inbox, archive }
            final class ShelfStore { func archive() {} }
            final class Janitor { let store = ShelfStore(); func sweep() { store.archive() } }
            final class MainCoordinator: Coordinator {
                let navigationController: UINavigationController
                init(navigationController: UINavigationController) { self.navigationController = navigationController }
                func start() { open(.inbox) }
                func open(_ shelf: Shelf) {
                    switch shelf {
                    case .inbox: navigationController.pushViewController(InboxViewController(), animated: false)
                    case .archive: navigationController.pushViewController(ArchiveViewController(), animated: true)
                    }
                }
            }
            final class InboxViewController: UIViewController {}
            final class ArchiveViewController: UIViewController {}
            """)])
        XCTAssertEqual(report.findings.map { "\($0.rule) \($0.symbol) \($0.message)" }, [
            "dead-route Shelf.archive route 'Shelf.archive' is dead because it is never constructed anywhere",
            "unreachable-screen ArchiveViewController screen 'ArchiveViewController' is unreachable because it is only shown from code no root reaches (Shelf.archive)",
        ])
    }
}
