import NavGraphKit
import NavGraphModel
import NavGraphPresent
import XCTest

/// An enum whose cases a coordinator dispatches on is a route enum however the dispatch is written: a
/// `switch` with only `default:`, `if case` / `guard case`, or a dictionary of handlers keyed by its cases.
/// As for a switch, it takes an arm that navigates: an enum dispatched on only to log, count or keep state
/// is no route enum, and a table navgraph cannot read whole says nothing.
final class RouteEnumDispatchTests: XCTestCase {
    /// `switch shortcut { default: … }`: every case goes through the arm, which runs under the route of
    /// each case the caller built, with the subject holding only that case. A case nothing builds is dead.
    /// An enum switched on the same way only to log is no route enum.
    func testASwitchWithOnlyADefaultArm() throws {
        let report = try analyzeSources(["App.swift": sceneApp("""
            enum Shortcut { case orders, archive, legacy }
            enum AnalyticsEvent { case opened, closed }
            final class Analytics { func track(_ name: String) { print(name) } }
            final class MainCoordinator: Coordinator {
                let navigationController: UINavigationController
                let analytics = Analytics()
                init(navigationController: UINavigationController) { self.navigationController = navigationController }
                func start() {
                    log(.opened)
                    let vc = HomeViewController()
                    vc.coordinator = self
                    navigationController.pushViewController(vc, animated: false)
                }
                func open(_ shortcut: Shortcut) {
                    switch shortcut {
                    default:
                        let vc = DetailViewController()
                        vc.shortcut = shortcut
                        navigationController.pushViewController(vc, animated: true)
                    }
                }
                func log(_ event: AnalyticsEvent) {
                    switch event {
                    default: analytics.track("\\(event)")
                    }
                }
            }
            final class HomeViewController: UIViewController {
                weak var coordinator: MainCoordinator?
                @objc func ordersTapped() { coordinator?.open(.orders) }
                @objc func archiveTapped() { coordinator?.open(.archive) }
            }
            final class DetailViewController: UIViewController { var shortcut: Shortcut? }
            """)])
        XCTAssertEqual(graphListing(report), """
            node app:SceneDelegate reachable @App.swift:2
            node coordinator:MainCoordinator reachable @App.swift:13
            node screen:DetailViewController reachable @App.swift:42
            node screen:HomeViewController reachable @App.swift:37
            node route:Shortcut.archive reachable @App.swift:10
            node route:Shortcut.legacy unreachable @App.swift:10
            node route:Shortcut.orders reachable @App.swift:10
            node action:MainCoordinator.open(_:) reachable @App.swift:23
            edge action:MainCoordinator.open(_:) -handles-> coordinator:MainCoordinator @App.swift:23
            edge app:SceneDelegate -starts-> coordinator:MainCoordinator [start()] @App.swift:6
            edge coordinator:MainCoordinator -shows-> screen:DetailViewController [push] via Shortcut.archive @App.swift:28
            edge coordinator:MainCoordinator -shows-> screen:DetailViewController [push] via Shortcut.orders @App.swift:28
            edge coordinator:MainCoordinator -shows-> screen:HomeViewController [push] @App.swift:21
            edge route:Shortcut.archive -route-> screen:DetailViewController [push] @App.swift:28
            edge route:Shortcut.orders -route-> screen:DetailViewController [push] @App.swift:28
            edge screen:HomeViewController -sends-> action:MainCoordinator.open(_:) @App.swift:39
            edge screen:HomeViewController -sends-> action:MainCoordinator.open(_:) @App.swift:40
            path screen:HomeViewController -> action:MainCoordinator.open(_:) => coordinator:MainCoordinator @App.swift:39
            path screen:HomeViewController -> action:MainCoordinator.open(_:) => coordinator:MainCoordinator @App.swift:40
            finding dead-route warning Shortcut.legacy @App.swift:10

            """)
        XCTAssertEqual(report.findings.map(\.message), ["route 'Shortcut.legacy' is dead because it is never constructed anywhere"])
    }

    /// `if case .inbox = link { … } else if case .settings = link { … }` and `guard case .message(let id) =
    /// link else { return }` followed by what the method does for it: each pattern's body is the arm of its
    /// case. A state enum tested the same way only to log is no route enum.
    func testIfCaseAndGuardCaseChains() throws {
        let report = try analyzeSources(["App.swift": sceneApp("""
            enum Link { case inbox, message(id: Int), settings, retired }
            enum SyncState { case idle, failed }
            final class MainCoordinator: Coordinator {
                let navigationController: UINavigationController
                var state = SyncState.idle
                init(navigationController: UINavigationController) { self.navigationController = navigationController }
                func start() {
                    report(.failed)
                    let vc = HomeViewController()
                    vc.coordinator = self
                    navigationController.pushViewController(vc, animated: false)
                }
                func handle(_ link: Link) {
                    if case .inbox = link {
                        navigationController.pushViewController(InboxViewController(), animated: true)
                    } else if case .settings = link {
                        navigationController.pushViewController(SettingsViewController(), animated: true)
                    }
                }
                func open(_ link: Link) {
                    guard case .message(let id) = link else { return }
                    let vc = MessageViewController()
                    vc.messageID = id
                    navigationController.pushViewController(vc, animated: true)
                }
                func report(_ newState: SyncState) {
                    guard case .failed = newState else { return }
                    state = newState
                    print("sync failed")
                }
            }
            final class HomeViewController: UIViewController {
                weak var coordinator: MainCoordinator?
                @objc func inboxTapped() { coordinator?.handle(.inbox) }
                @objc func settingsTapped() { coordinator?.handle(.settings) }
                @objc func messageTapped() { coordinator?.open(.message(id: 7)) }
            }
            final class InboxViewController: UIViewController {}
            final class SettingsViewController: UIViewController {}
            final class MessageViewController: UIViewController { var messageID = 0 }
            """)])
        XCTAssertEqual(graphListing(report), """
            node app:SceneDelegate reachable @App.swift:2
            node coordinator:MainCoordinator reachable @App.swift:12
            node screen:HomeViewController reachable @App.swift:41
            node screen:InboxViewController reachable @App.swift:47
            node screen:MessageViewController reachable @App.swift:49
            node screen:SettingsViewController reachable @App.swift:48
            node route:Link.inbox reachable @App.swift:10
            node route:Link.message reachable @App.swift:10
            node route:Link.retired unreachable @App.swift:10
            node route:Link.settings reachable @App.swift:10
            node action:MainCoordinator.handle(_:) reachable @App.swift:22
            node action:MainCoordinator.open(_:) reachable @App.swift:29
            edge action:MainCoordinator.handle(_:) -handles-> coordinator:MainCoordinator @App.swift:22
            edge action:MainCoordinator.open(_:) -handles-> coordinator:MainCoordinator @App.swift:29
            edge app:SceneDelegate -starts-> coordinator:MainCoordinator [start()] @App.swift:6
            edge coordinator:MainCoordinator -shows-> screen:HomeViewController [push] @App.swift:20
            edge coordinator:MainCoordinator -shows-> screen:InboxViewController [push] via Link.inbox @App.swift:24
            edge coordinator:MainCoordinator -shows-> screen:MessageViewController [push] via Link.message @App.swift:33
            edge coordinator:MainCoordinator -shows-> screen:SettingsViewController [push] via Link.settings @App.swift:26
            edge route:Link.inbox -route-> screen:InboxViewController [push] @App.swift:24
            edge route:Link.message -route-> screen:MessageViewController [push] @App.swift:33
            edge route:Link.settings -route-> screen:SettingsViewController [push] @App.swift:26
            edge screen:HomeViewController -sends-> action:MainCoordinator.handle(_:) @App.swift:43
            edge screen:HomeViewController -sends-> action:MainCoordinator.handle(_:) @App.swift:44
            edge screen:HomeViewController -sends-> action:MainCoordinator.open(_:) @App.swift:45
            path screen:HomeViewController -> action:MainCoordinator.handle(_:) => coordinator:MainCoordinator @App.swift:43
            path screen:HomeViewController -> action:MainCoordinator.handle(_:) => coordinator:MainCoordinator @App.swift:44
            path screen:HomeViewController -> action:MainCoordinator.open(_:) => coordinator:MainCoordinator @App.swift:45
            finding dead-route warning Link.retired @App.swift:10

            """)
    }

    /// A `guard` matching an optional (`guard case let link? = pending`), not a case, guards nothing: what
    /// follows it runs for whatever the optional holds.
    func testAGuardOnAnOptionalIsNoArm() throws {
        let report = try analyzeSources(["App.swift": sceneApp("""
            enum Link { case inbox, archive }
            final class MainCoordinator: Coordinator {
                let navigationController: UINavigationController
                var pending: Link?
                init(navigationController: UINavigationController) { self.navigationController = navigationController }
                func start() {
                    pending = .archive
                    navigationController.pushViewController(InboxViewController(), animated: false)
                    resume()
                }
                func resume() {
                    guard case let link? = pending else { return }
                    open(link)
                }
                func open(_ link: Link) {
                    switch link {
                    case .inbox: navigationController.pushViewController(InboxViewController(), animated: true)
                    case .archive: navigationController.pushViewController(ArchiveViewController(), animated: true)
                    }
                }
            }
            final class InboxViewController: UIViewController {}
            final class ArchiveViewController: UIViewController {}
            """)])
        XCTAssertEqual(shownScreens(report), [
            "screen:ArchiveViewController via Link.archive", "screen:InboxViewController via -", "screen:InboxViewController via Link.inbox (unreachable)",
        ])
        // `.inbox` is never built: the only finding.
        XCTAssertEqual(findingList(report), ["dead-route Link.inbox @App.swift:10"])
    }

    /// `let handlers: [Tab: () -> Void] = [.feed: showFeed, .search: { … }]` then `handlers[tab]?()`: each
    /// entry is the arm of its case (a closure written there runs under the case's route), and a case with
    /// no entry is handled by none. A table filled in a loop from data navgraph cannot read, or one code
    /// adds to after the literal, says nothing of the cases it holds.
    func testADictionaryOfHandlersKeyedByTheCases() throws {
        let report = try analyzeSources(["App.swift": sceneApp("""
            enum Tab { case feed, search, profile, legacy }
            enum Panel { case help, about }
            enum Sheet { case share, print }
            final class PanelRegistry { var panels: [Panel] = [] }
            final class MainCoordinator: Coordinator {
                let navigationController: UINavigationController
                let registry = PanelRegistry()
                init(navigationController: UINavigationController) { self.navigationController = navigationController }
                func start() {
                    let vc = HomeViewController()
                    vc.coordinator = self
                    navigationController.pushViewController(vc, animated: false)
                }
                func showFeed() { navigationController.pushViewController(FeedViewController(), animated: true) }
                func select(_ tab: Tab) {
                    let handlers: [Tab: () -> Void] = [
                        .feed: showFeed,
                        .search: { self.navigationController.pushViewController(SearchViewController(), animated: true) },
                    ]
                    handlers[tab]?()
                }
                func openPanel(_ panel: Panel) {
                    var handlers: [Panel: () -> Void] = [:]
                    for p in registry.panels { handlers[p] = { self.navigationController.pushViewController(PanelViewController(), animated: true) } }
                    handlers[panel]?()
                }
                func openSheet(_ sheet: Sheet) {
                    var handlers: [Sheet: () -> Void] = [.share: { self.navigationController.present(ShareViewController(), animated: true) }]
                    handlers[.print] = { self.navigationController.present(PrintViewController(), animated: true) }
                    handlers[sheet]?()
                }
            }
            final class HomeViewController: UIViewController {
                weak var coordinator: MainCoordinator?
                @objc func feedTapped() { coordinator?.select(.feed) }
                @objc func searchTapped() { coordinator?.select(.search) }
                @objc func profileTapped() { coordinator?.select(.profile) }
                @objc func helpTapped() { coordinator?.openPanel(.help) }
                @objc func printTapped() { coordinator?.openSheet(.print) }
            }
            final class FeedViewController: UIViewController {}
            final class SearchViewController: UIViewController {}
            final class PanelViewController: UIViewController {}
            final class ShareViewController: UIViewController {}
            final class PrintViewController: UIViewController {}
            """)])
        XCTAssertEqual(graphListing(report), """
            node app:SceneDelegate reachable @App.swift:2
            node coordinator:MainCoordinator reachable @App.swift:14
            node screen:FeedViewController reachable @App.swift:50
            node screen:HomeViewController reachable @App.swift:42
            node screen:PanelViewController reachable @App.swift:52
            node screen:PrintViewController reachable @App.swift:54
            node screen:SearchViewController reachable @App.swift:51
            node screen:ShareViewController reachable @App.swift:53
            node route:MainCoordinator.openPanel(_:) reachable @App.swift:31
            node route:MainCoordinator.openSheet(_:) reachable @App.swift:36
            node route:Tab.feed reachable @App.swift:10
            node route:Tab.legacy unreachable @App.swift:10
            node route:Tab.profile reachable @App.swift:10
            node route:Tab.search reachable @App.swift:10
            node action:MainCoordinator.openPanel(_:) reachable @App.swift:31
            node action:MainCoordinator.openSheet(_:) reachable @App.swift:36
            node action:MainCoordinator.select(_:) reachable @App.swift:24
            edge action:MainCoordinator.openPanel(_:) -handles-> coordinator:MainCoordinator @App.swift:31
            edge action:MainCoordinator.openSheet(_:) -handles-> coordinator:MainCoordinator @App.swift:36
            edge action:MainCoordinator.select(_:) -handles-> coordinator:MainCoordinator @App.swift:24
            edge app:SceneDelegate -starts-> coordinator:MainCoordinator [start()] @App.swift:6
            edge coordinator:MainCoordinator -shows-> screen:FeedViewController [push] via Tab.feed @App.swift:23
            edge coordinator:MainCoordinator -shows-> screen:HomeViewController [push] @App.swift:21
            edge coordinator:MainCoordinator -shows-> screen:PanelViewController [push] via MainCoordinator.openPanel(_:) @App.swift:33
            edge coordinator:MainCoordinator -presents-> screen:PrintViewController [present] via MainCoordinator.openSheet(_:) @App.swift:38
            edge coordinator:MainCoordinator -shows-> screen:SearchViewController [push] via Tab.search @App.swift:27
            edge coordinator:MainCoordinator -presents-> screen:ShareViewController [present] via MainCoordinator.openSheet(_:) @App.swift:37
            edge route:MainCoordinator.openPanel(_:) -route-> screen:PanelViewController [push] @App.swift:33
            edge route:MainCoordinator.openSheet(_:) -route-> screen:PrintViewController [present] @App.swift:38
            edge route:MainCoordinator.openSheet(_:) -route-> screen:ShareViewController [present] @App.swift:37
            edge route:Tab.feed -route-> screen:FeedViewController [push] @App.swift:23
            edge route:Tab.search -route-> screen:SearchViewController [push] @App.swift:27
            edge screen:HomeViewController -sends-> action:MainCoordinator.openPanel(_:) @App.swift:47
            edge screen:HomeViewController -sends-> action:MainCoordinator.openSheet(_:) @App.swift:48
            edge screen:HomeViewController -sends-> action:MainCoordinator.select(_:) @App.swift:44
            edge screen:HomeViewController -sends-> action:MainCoordinator.select(_:) @App.swift:45
            edge screen:HomeViewController -sends-> action:MainCoordinator.select(_:) @App.swift:46
            path screen:HomeViewController -> action:MainCoordinator.openPanel(_:) => coordinator:MainCoordinator @App.swift:47
            path screen:HomeViewController -> action:MainCoordinator.openSheet(_:) => coordinator:MainCoordinator @App.swift:48
            path screen:HomeViewController -> action:MainCoordinator.select(_:) => coordinator:MainCoordinator @App.swift:44
            path screen:HomeViewController -> action:MainCoordinator.select(_:) => coordinator:MainCoordinator @App.swift:45
            path screen:HomeViewController -> action:MainCoordinator.select(_:) => coordinator:MainCoordinator @App.swift:46
            finding dead-route warning Tab.legacy @App.swift:10
            finding dead-route warning Tab.profile @App.swift:10

            """)
        XCTAssertEqual(report.findings.map(\.message), [
            "route 'Tab.legacy' is dead because it is never constructed anywhere",
            "route 'Tab.profile' is dead because the handler table called at App.swift:29 has no entry for it",
        ])
    }
}
