import NavGraphExtract
import NavGraphKit
import NavGraphModel
import NavGraphPresent
@testable import NavGraphResolve
import XCTest

/// F1b Coordinate: the RideShare sample, events and their interceptors on small apps, nested routes, and the
/// library vendored instead of imported.
final class CoordinateFamilyTests: XCTestCase {
    // MARK: - RideShare

    func testRideShareFindsExactlyItsDeliberateDefects() throws {
        let report = try analyzeSample("coordinate/RideShare")
        XCTAssertEqual(findingList(report), [
            "dead-route RidesCoordinator.Route.lastRide @Rides/RidesCoordinator.swift:49",
            "unhandled-action AppEvents.Rides.didTapReportIssue @Rides/RideDetailViewController.swift:59",
            "unreachable-coordinator PromotionsCoordinator @Profile/PromotionsCoordinator.swift:6",
            "unreachable-screen PromotionsViewController @Profile/PromotionsViewController.swift:4",
        ])
        XCTAssertEqual(report.findings.first { $0.rule == "dead-route" }?.message,
                       "route 'RidesCoordinator.Route.lastRide' is dead because it is never constructed anywhere")
        XCTAssertEqual(report.findings.first { $0.rule == "unhandled-action" }?.message,
                       "RideDetailViewController sends 'AppEvents.Rides.didTapReportIssue' but nothing handles it because no coordinator on its path (RideDetailCoordinator → RidesCoordinator → MainTabCoordinator → AppCoordinator) returns true for AppEvents.Rides.didTapReportIssue")
    }

    func testRideShareGraphAndEventPaths() throws {
        let report = try analyzeSample("coordinate/RideShare")
        assertMatchesFile(graphListing(report), Repo.sample("coordinate/RideShare").appendingPathComponent("expected-graph.txt"))
        assertMatchesFile(pathListing(report), Repo.sample("coordinate/RideShare").appendingPathComponent("expected-paths.txt"))
    }

    func testRideShareTree() throws {
        let g = try analyzeSample("coordinate/RideShare").graph
        XCTAssertEqual(g.families, ["coordinate"])
        func has(_ from: String, _ kind: EdgeKind, _ to: String, _ mechanism: String?, _ loc: String, via: String? = nil) {
            XCTAssertTrue(g.edges.contains { $0.from == from && $0.kind == kind && $0.to == to && $0.mechanism == mechanism
                    && "\($0.file):\($0.line)" == loc && $0.reachable && $0.via == via },
                          "missing \(from) -\(kind)-> \(to) [\(mechanism ?? "")] via \(via ?? "-") @\(loc)")
        }
        // The generic argument is the screen.
        has("coordinator:AppCoordinator", .shows, "screen:SplashViewController", "root", "App/AppCoordinator.swift:6")
        has("coordinator:RideDetailCoordinator", .shows, "screen:RideDetailViewController", "root", "Rides/RideDetailCoordinator.swift:4")
        has("coordinator:AppCoordinator", .starts, "coordinator:MainTabCoordinator", "root", "App/AppCoordinator.swift:60", via: "AppCoordinator.Route.main")
        // Tabs attached by setCoordinators belong to the container, and are selected by routes.
        has("coordinator:MainTabCoordinator", .starts, "coordinator:RidesCoordinator", "setCoordinators", "Main/MainTabCoordinator.swift:11")
        has("coordinator:MainTabCoordinator", .starts, "coordinator:RidesCoordinator", "select", "Main/MainTabCoordinator.swift:88", via: "MainTabCoordinator.Route.rides")
        has("coordinator:RideRequestCoordinator", .presents, "coordinator:DestinationSearchCoordinator", "present", "Request/RideRequestCoordinator.swift:60", via: "RideRequestCoordinator.Route.searchDestination")
        has("coordinator:RidesCoordinator", .starts, "coordinator:RideDetailCoordinator", "push", "Rides/RidesCoordinator.swift:57", via: "RidesCoordinator.Route.detail")
        // The dead route's arm leads to `.detail`; that edge is as unreachable as the route.
        XCTAssertTrue(g.edges.contains { $0.from == "route:RidesCoordinator.Route.lastRide" && $0.to == "route:RidesCoordinator.Route.detail"
            && $0.kind == .route && "\($0.file):\($0.line)" == "Rides/RidesCoordinator.swift:61" && !$0.reachable })
        has("coordinator:SignInCoordinator", .finishes, "coordinator:AppCoordinator", "root", "App/AppCoordinator.swift:60")
        has("coordinator:DestinationSearchCoordinator", .finishes, "coordinator:RideRequestCoordinator", "dismiss", "Request/RideRequestCoordinator.swift:35")
        has("screen:RideDetailViewController", .sends, "action:AppEvents.Rides.didTapReportIssue", nil, "Rides/RideDetailViewController.swift:59")
        // The private overload `interceptEvent(_: AppEvents.Rides)` is where MainTabCoordinator matches the case.
        has("action:AppEvents.Rides.didTapDriver", .handles, "coordinator:MainTabCoordinator", "terminal", "Main/MainTabCoordinator.swift:61")
        has("action:AppEvents.Profile.didTapSignOut", .handles, "coordinator:ProfileCoordinator", "pass-through", "Profile/ProfileCoordinator.swift:23")
        XCTAssertFalse(g.edges.contains { $0.to == "coordinator:PromotionsCoordinator" })
        // getCached(X.self) ?? X() is one child, not two.
        XCTAssertEqual(g.nodes.filter { $0.kind == .coordinator }.count, 11)
        XCTAssertEqual(Set(g.nodes.filter { $0.kind == .route }.map(\.name)), [
            "AppCoordinator.Route.signIn", "AppCoordinator.Route.main", "MainTabCoordinator.Route.request",
            "MainTabCoordinator.Route.rides", "MainTabCoordinator.Route.drivers", "MainTabCoordinator.Route.profile",
            "RideRequestCoordinator.Route.searchDestination", "RidesCoordinator.Route.detail", "RidesCoordinator.Route.lastRide",
            "DriversCoordinator.Route.profile",
        ])
        XCTAssertEqual(g.nodes.filter { $0.kind == .action }.count, 14)
    }

    // MARK: - Events on small apps

    /// `AppCoordinator` roots `ChildCoordinator`, whose screen is `HomeViewController`.
    func app(events: String, app appBody: String = "", child: String = "", home: String, extra: String = "") -> [String: String] {
        ["App.swift": """
        import UIKit
        import Coordinate

        @main final class AppDelegate: UIResponder, UIApplicationDelegate {
            lazy var root = AppCoordinator()
            func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                root.start()
                return true
            }
        }
        \(events)
        final class AppCoordinator: NavigationCoordinator<SplashViewController> {
            override func start(with completion: @escaping () -> Void = {}) {
                super.start(with: completion)
                root(ChildCoordinator())
            }
        \(appBody)
        }
        final class ChildCoordinator: NavigationCoordinator<HomeViewController> {
        \(child)
        }
        final class SplashViewController: UIViewController, Coordinated {
            weak var parentCoordinator: ContainerCoordinator?
        }
        final class HomeViewController: UIViewController, Coordinated {
            weak var parentCoordinator: ContainerCoordinator?
        \(home)
        }
        \(extra)
        """]
    }

    func steps(_ report: AnalysisReport, _ event: String) -> [String] {
        let p = report.graph.paths.first { $0.action == "action:\(event)" && $0.reachable }
        return (p?.steps ?? []).map { "\($0.role.rawValue) \($0.responder)" } + [p?.handledBy ?? "UNHANDLED"]
    }

    func testFalseLetsTheEventContinueAndTrueStopsIt() throws {
        let files = app(
            events: "enum Shop: CoordinateEvents { case didPick(String), didClose, didShare }",
            app: """
            override func interceptEvent(_ event: CoordinateEvents) -> Bool {
                if let e = event as? Shop, case .didPick = e { return true }
                return false
            }
            """,
            child: """
            override func interceptEvent(_ event: CoordinateEvents) -> Bool {
                guard let e = event as? Shop else { return false }
                switch e {
                case .didPick: return false
                case .didClose: return true
                default: return false
                }
            }
            """,
            home: """
            @objc func pick() { emitEvent(Shop.didPick("a")) }
            @objc func close() { emitEvent(Shop.didClose) }
            @objc func share() { emitEvent(Shop.didShare) }
            """)
        let report = try analyzeSources(files)
        XCTAssertEqual(steps(report, "Shop.didPick"), [
            "sender screen:HomeViewController", "pass-through coordinator:ChildCoordinator", "terminal coordinator:AppCoordinator", "coordinator:AppCoordinator",
        ])
        XCTAssertEqual(steps(report, "Shop.didClose"), ["sender screen:HomeViewController", "terminal coordinator:ChildCoordinator", "coordinator:ChildCoordinator"])
        XCTAssertEqual(steps(report, "Shop.didShare"), [
            "sender screen:HomeViewController", "forwards coordinator:ChildCoordinator", "forwards coordinator:AppCoordinator", "UNHANDLED",
        ])
        XCTAssertEqual(findingList(report), ["unhandled-action Shop.didShare @App.swift:\(lineNumber(of: "func share()", in: files["App.swift"]!))"])
    }

    func testEventOfAnotherEnumWithTheSameCaseNameIsNotMatched() throws {
        let files = app(
            events: """
            enum Rides: CoordinateEvents { case didPick }
            enum Drivers: CoordinateEvents { case didPick }
            """,
            child: """
            override func interceptEvent(_ event: CoordinateEvents) -> Bool {
                if let e = event as? Rides {
                    switch e { case .didPick: return true }
                }
                return false
            }
            """,
            home: """
            @objc func ride() { emitEvent(Rides.didPick) }
            @objc func driver() { emitEvent(Drivers.didPick) }
            """)
        let report = try analyzeSources(files)
        XCTAssertEqual(steps(report, "Rides.didPick").last, "coordinator:ChildCoordinator")
        XCTAssertEqual(steps(report, "Drivers.didPick").last, "UNHANDLED")
        XCTAssertEqual(findingList(report), ["unhandled-action Drivers.didPick @App.swift:\(lineNumber(of: "func driver()", in: files["App.swift"]!))"])
    }

    /// Events no chain brings to a coordinator are matched against its interceptor by kind: the event types
    /// it names (here `Rides`), a case name it spells on another type (`Drivers.didPick`), and every other
    /// event, which a catch-all interceptor (`AppCoordinator`) handles.
    func testInterceptorsMatchEventsNoChainBringsByTypeByCaseNameAndAll() throws {
        let files = app(
            events: """
            enum Rides: CoordinateEvents { case didPick, didClose }
            enum Drivers: CoordinateEvents { case didPick, didRate }
            enum Billing: CoordinateEvents { case didPay }
            """,
            app: """
            override func interceptEvent(_ event: CoordinateEvents) -> Bool {
                return true
            }
            """,
            child: """
            override func interceptEvent(_ event: CoordinateEvents) -> Bool {
                if let e = event as? Rides {
                    switch e {
                    case .didPick: return true
                    case .didClose: return false
                    }
                }
                return false
            }
            """,
            home: "@objc func pick() { emitEvent(Rides.didPick) }")
        let report = try analyzeSources(files)
        let source = files["App.swift"]!
        // AppCoordinator's interceptor comes first in the file; it matches at its declaration.
        let catchAll = lineNumber(of: "override func interceptEvent", in: source)
        let handles = report.graph.edges.filter { $0.kind == .handles && !$0.reachable }
            .map { "\($0.from) -> \($0.to) \($0.mechanism ?? "") \($0.file):\($0.line)" }.sorted()
        XCTAssertEqual(handles, [
            "action:Billing.didPay -> coordinator:AppCoordinator terminal App.swift:\(catchAll)",
            "action:Drivers.didPick -> coordinator:AppCoordinator terminal App.swift:\(catchAll)",
            "action:Drivers.didRate -> coordinator:AppCoordinator terminal App.swift:\(catchAll)",
            "action:Rides.didClose -> coordinator:AppCoordinator terminal App.swift:\(catchAll)",
            "action:Rides.didClose -> coordinator:ChildCoordinator pass-through App.swift:\(lineNumber(of: "case .didClose: return false", in: source))",
            "action:Rides.didPick -> coordinator:AppCoordinator terminal App.swift:\(catchAll)",
        ])
        XCTAssertEqual(steps(report, "Rides.didPick"), ["sender screen:HomeViewController", "terminal coordinator:ChildCoordinator", "coordinator:ChildCoordinator"])
    }

    func testOverloadByParameterTypeAndOrphanInterceptor() throws {
        let files = app(
            events: "enum Feed: CoordinateEvents { case didRefresh, didOpen }\nenum Other: CoordinateEvents { case didPing }",
            app: """
            override func interceptEvent(_ event: CoordinateEvents) -> Bool {
                if let e = event as? Other, case .didPing = e { return true }
                return false
            }
            """,
            child: """
            override func interceptEvent(_ event: CoordinateEvents) -> Bool {
                if let e = event as? Feed { return interceptEvent(e) }
                return false
            }
            private func interceptEvent(_ event: Feed) -> Bool {
                switch event {
                case .didRefresh: return true
                case .didOpen: return true
                }
            }
            """,
            home: "@objc func refresh() { emitEvent(Feed.didRefresh) }\n@objc func open() { emitEvent(Feed.didOpen) }")
        let report = try analyzeSources(files)
        let source = files["App.swift"]!
        XCTAssertEqual(steps(report, "Feed.didRefresh"), [
            "sender screen:HomeViewController", "terminal coordinator:ChildCoordinator", "coordinator:ChildCoordinator",
        ])
        // Nothing emits Other.didPing: the case is unused and AppCoordinator's interceptor for it is on no chain.
        XCTAssertEqual(findingList(report), [
            "orphan-handler Other.didPing @App.swift:\(lineNumber(of: "case .didPing = e", in: source))",
            "unused-action Other.didPing @App.swift:\(lineNumber(of: "enum Other", in: source))",
        ])
    }

    func testNestedRouteReachesTheChildAndDeadRoutesSayWhy() throws {
        let files = app(
            events: "enum Home: CoordinateEvents { case didTapDetail }",
            app: """
            override func interceptEvent(_ event: CoordinateEvents) -> Bool {
                if let e = event as? Home, case .didTapDetail = e { goTo(.child(.detail)); return true }
                return false
            }
            """,
            home: "@objc func tapped() { emitEvent(Home.didTapDetail) }",
            extra: """
            extension AppCoordinator: HasRoutes {
                enum Route { case child(ChildCoordinator.Route?) }
                func goTo(_ route: Route) {
                    switch route {
                    case .child(let sub):
                        let c = getCached(ChildCoordinator.self) ?? ChildCoordinator()
                        c.activeRoute = sub
                        root(c)
                    }
                }
            }
            extension ChildCoordinator: HasRoutes {
                enum Route { case detail, settings, legacy }
                func goTo(_ route: Route) {
                    switch route {
                    case .detail: show(DetailCoordinator(), sender: nil)
                    case .settings: show(SettingsCoordinator(), sender: nil)
                    case .legacy: break
                    }
                }
            }
            final class DetailCoordinator: Coordinator<DetailViewController> {}
            final class SettingsCoordinator: Coordinator<SettingsViewController> {}
            final class DetailViewController: UIViewController, Coordinated { weak var parentCoordinator: ContainerCoordinator? }
            final class SettingsViewController: UIViewController, Coordinated { weak var parentCoordinator: ContainerCoordinator? }
            final class Unused {
                func make() -> ChildCoordinator.Route { return .settings }
            }
            """)
        var source = files["App.swift"]!
        // The child consumes the nested route when it starts or is activated.
        source = source.replacingOccurrences(of: "final class ChildCoordinator: NavigationCoordinator<HomeViewController> {\n", with: """
        final class ChildCoordinator: NavigationCoordinator<HomeViewController> {
            var activeRoute: Route?
            override func start(with completion: @escaping () -> Void = {}) {
                super.start(with: completion)
                if let route = activeRoute { activeRoute = nil; goTo(route) }
            }

        """)
        let report = try analyzeSources(["App.swift": source])
        let g = report.graph
        XCTAssertTrue(g.nodes.contains { $0.name == "DetailViewController" && $0.reachable })
        XCTAssertTrue(g.nodes.contains { $0.name == "SettingsViewController" && !$0.reachable })
        let dead = report.findings.filter { $0.rule == "dead-route" }.map(\.message)
        XCTAssertEqual(dead.sorted(), [
            "route 'ChildCoordinator.Route.legacy' is dead because it is never constructed anywhere",
            "route 'ChildCoordinator.Route.settings' is dead because it is only constructed on paths that no root reaches",
        ])
    }

    // MARK: - Vendored or imported

    func testVendoredLibraryGivesTheSameGraphAsTheImportedOne() throws {
        let files = app(
            events: "enum Home: CoordinateEvents { case didTapNext, didTapHelp }",
            app: """
            override func interceptEvent(_ event: CoordinateEvents) -> Bool {
                guard let e = event as? Home else { return false }
                switch e {
                case .didTapNext:
                    present(NextCoordinator(), animated: true)
                    return true
                default:
                    return false
                }
            }
            """,
            home: "@objc func next() { emitEvent(Home.didTapNext) }\n@objc func help() { emitEvent(Home.didTapHelp) }",
            extra: """
            final class NextCoordinator: Coordinator<NextViewController> {}
            final class NextViewController: UIViewController, Coordinated { weak var parentCoordinator: ContainerCoordinator? }
            final class OldCoordinator: Coordinator<OldViewController> {}
            final class OldViewController: UIViewController, Coordinated { weak var parentCoordinator: ContainerCoordinator? }
            """)
        let imported = files
        let vendored = ["App.swift": files["App.swift"]!.replacingOccurrences(of: "import Coordinate\n", with: "// Coordinate is vendored\n"),
                        "Vendor/Coordinate/Coordinate.swift": VendoredLibraries.coordinate]
        let a = try analyzeSources(imported)
        let b = try analyzeSources(vendored)
        XCTAssertEqual(b.graph.families, ["coordinate"])
        let source = files["App.swift"]!
        XCTAssertEqual(findingList(a), [
            "unhandled-action Home.didTapHelp @App.swift:\(lineNumber(of: "func help()", in: source))",
            "unreachable-coordinator OldCoordinator @App.swift:\(lineNumber(of: "class OldCoordinator", in: source))",
            "unreachable-screen OldViewController @App.swift:\(lineNumber(of: "class OldViewController", in: source))",
        ])
        XCTAssertEqual(graphListing(b), graphListing(a))
        XCTAssertEqual(pathListing(b), pathListing(a))
        XCTAssertFalse(b.graph.nodes.contains { ["Coordinator", "ContainerCoordinator", "NavigationCoordinator"].contains($0.name) })
    }
}

/// An event travels through every coordinator above its sender, and a memo hit replays what the call met:
/// both must stay in proportion to the app, not to everything met so far in the round.
final class CoordinateEventCostTests: XCTestCase {
    func resolveRideShare() throws -> Interpreter {
        let root = Repo.sample("coordinate/RideShare")
        let files = FileManager.default.enumerator(atPath: root.path)!.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted()
        let facts = try files.map { Extractor.extract(path: $0, source: try String(contentsOf: root.appendingPathComponent($0), encoding: .utf8)) }
        return Resolver.resolve(facts).interpreter
    }

    func testAnEventsHandlersDoNotStayInTheLogAfterIt() throws {
        // What an emitted event reached is its own, as for any other action: no interceptor stays in the log.
        let interp = try resolveRideShare()
        let interceptors = Set(interp.index.types.values.flatMap { $0.functions.filter { $0.decl.name == "interceptEvent" && $0.origin == .app }.map(\.location) })
        XCTAssertGreaterThan(interceptors.count, 3)
        XCTAssertFalse(interp.sends.isEmpty)
        let log = interp.handlerLog.map { interp.handlerNotes[$0] }
        XCTAssertEqual(log.filter { interceptors.contains($0.location) }.count, 0, "\(log.prefix(5))")
    }

    func testATraceListsEachHandlerOnce() throws {
        let interp = try resolveRideShare()
        let traces = interp.memo.values.map(\.trace.handlers)
        XCTAssertTrue(traces.contains { !$0.isEmpty })
        for handlers in traces { XCTAssertEqual(Set(handlers).count, handlers.count) }
    }
}

/// Coordinate as its 1.0.0 source declares it (Tests/LibraryAPI/coordinate.api): `root(_:animated:completion:)`
/// with its defaults, a tab tap going through an overridden `tabTapped(for:)`, a route enum of any name
/// that `goTo(_:)` takes, and `emitEvent` on any responder: a view of a coordinated screen reaches that
/// screen's coordinator, while an embedded child screen of none travels through UIKit containment, which
/// navgraph does not follow (unknown: no finding).
final class CoordinateLibraryAPITests: XCTestCase {
    static let source = """
        import UIKit
        import Coordinate

        @main final class AppDelegate: UIResponder, UIApplicationDelegate {
            lazy var root = AppCoordinator()
            func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                root.start()
                return true
            }
        }
        final class AppCoordinator: NavigationCoordinator<ShellViewController> {
            override func start(with completion: @escaping () -> Void = {}) {
                super.start(with: completion)
                root(TabsCoordinator(), animated: true)
            }
        }
        enum Destination { case feed, archive }
        final class TabsCoordinator: TabBarCoordinator<TabsViewController>, HasRoutes {
            var activeRoute: Destination = .feed
            var signedIn = false
            override func start(with completion: @escaping () -> Void = {}) {
                super.start(with: completion)
                setCoordinators([FeedCoordinator(), AccountCoordinator()])
                goTo(activeRoute)
            }
            override func tabTapped(for coordinator: Coordinating) {
                if coordinator is AccountCoordinator, !signedIn {
                    present(SignInCoordinator(), animated: true, completion: nil)
                    return
                }
                select(coordinator)
            }
            func goTo(_ route: Destination) {
                switch route {
                case .feed: select(getCached(FeedCoordinator.self) ?? FeedCoordinator())
                case .archive: select(getCached(ArchiveCoordinator.self) ?? ArchiveCoordinator())
                }
            }
        }
        enum FeedEvent: CoordinateEvents { case refresh, nextPage }
        final class FeedCoordinator: Coordinator<FeedViewController> {
            override func interceptEvent(_ event: CoordinateEvents) -> Bool {
                if case .refresh? = event as? FeedEvent { return true }
                return false
            }
        }
        final class AccountCoordinator: Coordinator<AccountViewController> {}
        final class ArchiveCoordinator: Coordinator<ArchiveViewController> {}
        final class SignInCoordinator: Coordinator<SignInViewController> {}
        final class ShellViewController: UINavigationController, Coordinated { weak var parentCoordinator: Coordinating? }
        final class TabsViewController: UITabBarController, Coordinated { weak var parentCoordinator: Coordinating? }
        final class FeedViewController: UIViewController, Coordinated {
            weak var parentCoordinator: Coordinating?
            let header = FeedHeaderView()
            let pager = PagerViewController()
            override func viewDidLoad() {
                super.viewDidLoad()
                addChild(pager)
                view.addSubview(pager.view)
            }
        }
        final class FeedHeaderView: UIView {
            @objc func refreshTapped() { emitEvent(FeedEvent.refresh) }
        }
        final class PagerViewController: UIViewController {
            @objc func nextTapped() { emitEvent(FeedEvent.nextPage) }
        }
        final class AccountViewController: UIViewController, Coordinated { weak var parentCoordinator: Coordinating? }
        final class ArchiveViewController: UIViewController, Coordinated { weak var parentCoordinator: Coordinating? }
        final class SignInViewController: UIViewController, Coordinated { weak var parentCoordinator: Coordinating? }
        """

    /// `start()` on a coordinator whose `start(with:)` override has no default (as the library's own
    /// `NavigationCoordinator` override has none) binds to `Coordinator.start(with:)` and runs the
    /// override; a navigation coordinator with two screens stacked hears of the user's pops back.
    static func stackApp(_ stacking: String) -> String {
        """
        import UIKit
        import Coordinate

        @main final class AppDelegate: UIResponder, UIApplicationDelegate {
            lazy var root: Coordinator<ShellViewController> = AppCoordinator()
            func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                root.start()
                return true
            }
        }
        final class AppCoordinator: NavigationCoordinator<ShellViewController> {
            override func start(with completion: @escaping () -> Void) {
                super.start(with: completion)
        \(stacking)
            }
            override func poppedBack(to coordinator: Coordinating?) {
                super.poppedBack(to: coordinator)
                present(RatingCoordinator(), animated: true, completion: nil)
            }
        }
        final class RecipesCoordinator: Coordinator<RecipesViewController> {}
        final class RecipeCoordinator: Coordinator<RecipeViewController> {}
        final class RatingCoordinator: Coordinator<RatingViewController> {}
        final class ShellViewController: UINavigationController, Coordinated { weak var parentCoordinator: Coordinating? }
        final class RecipesViewController: UIViewController, Coordinated { weak var parentCoordinator: Coordinating? }
        final class RecipeViewController: UIViewController, Coordinated { weak var parentCoordinator: Coordinating? }
        final class RatingViewController: UIViewController, Coordinated { weak var parentCoordinator: Coordinating? }
        """
    }

    func testStartRunsAnOverrideWithoutDefaultAndPopsBackReachPoppedBack() throws {
        let source = Self.stackApp("        root(RecipesCoordinator(), animated: true)\n        show(RecipeCoordinator(), sender: nil)")
        let report = try analyzeSources(["App.swift": source])
        let popped = lineNumber(of: "present(RatingCoordinator()", in: source)
        XCTAssertEqual(report.graph.edges.filter { $0.from == "coordinator:AppCoordinator" }.map { "\($0.kind) \($0.to) [\($0.mechanism ?? "")] via \($0.via ?? "-") @\($0.line) \($0.reachable)" }.sorted(), [
            "presents coordinator:RatingCoordinator [present] via AppCoordinator.poppedBack(to:) @\(popped) true",
            "starts coordinator:RecipeCoordinator [push] via - @\(lineNumber(of: "show(RecipeCoordinator()", in: source)) true",
            "starts coordinator:RecipesCoordinator [root] via - @\(lineNumber(of: "root(RecipesCoordinator()", in: source)) true",
        ])
        XCTAssertEqual(findingList(report), [])
    }

    func testOneScreenStackedIsNeverPoppedBackTo() throws {
        // A modal is not stacked: one screen in the stack, nothing to pop back to.
        let source = Self.stackApp("        root(RecipesCoordinator(), animated: true)\n        present(RecipeCoordinator(), animated: true, completion: nil)")
        let report = try analyzeSources(["App.swift": source])
        XCTAssertFalse(report.graph.edges.contains { $0.to == "coordinator:RatingCoordinator" && $0.reachable })
        XCTAssertEqual(report.graph.nodes.first { $0.id == "coordinator:RatingCoordinator" }?.reachable, false)
        // Named by the hook's code, which may run: unknown, not reported.
        XCTAssertEqual(findingList(report), [])
    }

    func testTheLibrarysSignaturesHooksAndResponders() throws {
        let report = try analyzeSources(["App.swift": Self.source])
        let pager = try XCTUnwrap(report.graph.paths.first { $0.sender == "screen:PagerViewController" })
        XCTAssertEqual([pager.reachable, pager.unknown == true], [true, true])
        XCTAssertEqual(graphListing(report), """
            node app:AppDelegate reachable @App.swift:4
            node coordinator:AccountCoordinator reachable @App.swift:47
            node coordinator:AppCoordinator reachable @App.swift:11
            node coordinator:ArchiveCoordinator unreachable @App.swift:48
            node coordinator:FeedCoordinator reachable @App.swift:41
            node coordinator:SignInCoordinator reachable @App.swift:49
            node coordinator:TabsCoordinator reachable @App.swift:18
            node screen:AccountViewController reachable @App.swift:68
            node screen:ArchiveViewController unreachable @App.swift:69
            node screen:FeedViewController reachable @App.swift:52
            node screen:PagerViewController reachable @App.swift:65
            node screen:SignInViewController reachable @App.swift:70
            node screen:TabsViewController reachable @App.swift:51
            node route:Destination.archive unreachable @App.swift:17
            node route:Destination.feed reachable @App.swift:17
            node action:FeedEvent.nextPage reachable @App.swift:40
            node action:FeedEvent.refresh reachable @App.swift:40
            edge action:FeedEvent.nextPage -handles-> coordinator:FeedCoordinator [terminal] (unreachable) @App.swift:42
            edge action:FeedEvent.refresh -handles-> coordinator:FeedCoordinator [terminal] @App.swift:42
            edge app:AppDelegate -starts-> coordinator:AppCoordinator [start()] @App.swift:7
            edge coordinator:AccountCoordinator -shows-> screen:AccountViewController [root] @App.swift:47
            edge coordinator:AppCoordinator -starts-> coordinator:TabsCoordinator [root] @App.swift:14
            edge coordinator:ArchiveCoordinator -shows-> screen:ArchiveViewController [root] (unreachable) @App.swift:48
            edge coordinator:FeedCoordinator -shows-> screen:FeedViewController [root] @App.swift:41
            edge coordinator:SignInCoordinator -shows-> screen:SignInViewController [root] @App.swift:49
            edge coordinator:TabsCoordinator -starts-> coordinator:AccountCoordinator [setCoordinators] @App.swift:23
            edge coordinator:TabsCoordinator -starts-> coordinator:AccountCoordinator [select] via TabsCoordinator.tabTapped(for:) @App.swift:31
            edge coordinator:TabsCoordinator -starts-> coordinator:ArchiveCoordinator [select] via Destination.archive (unreachable) @App.swift:36
            edge coordinator:TabsCoordinator -starts-> coordinator:FeedCoordinator [setCoordinators] @App.swift:23
            edge coordinator:TabsCoordinator -starts-> coordinator:FeedCoordinator [select] via Destination.feed @App.swift:35
            edge coordinator:TabsCoordinator -starts-> coordinator:FeedCoordinator [select] via TabsCoordinator.tabTapped(for:) @App.swift:31
            edge coordinator:TabsCoordinator -presents-> coordinator:SignInCoordinator [present] via TabsCoordinator.tabTapped(for:) @App.swift:28
            edge coordinator:TabsCoordinator -shows-> screen:TabsViewController [root] @App.swift:18
            edge route:Destination.archive -route-> coordinator:ArchiveCoordinator [select] (unreachable) @App.swift:36
            edge route:Destination.feed -route-> coordinator:FeedCoordinator [select] @App.swift:35
            edge screen:FeedViewController -sends-> action:FeedEvent.refresh @App.swift:63
            edge screen:FeedViewController -shows-> screen:PagerViewController [embed] @App.swift:58
            edge screen:PagerViewController -sends-> action:FeedEvent.nextPage @App.swift:66
            path screen:FeedViewController -> action:FeedEvent.refresh => coordinator:FeedCoordinator @App.swift:63
            path screen:PagerViewController -> action:FeedEvent.nextPage => UNHANDLED @App.swift:66
            finding dead-route warning Destination.archive @App.swift:17
            finding unreachable-coordinator warning ArchiveCoordinator @App.swift:48
            finding unreachable-screen warning ArchiveViewController @App.swift:69

            """)
    }
}
