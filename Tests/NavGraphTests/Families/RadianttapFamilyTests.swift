import NavGraphKit
import NavGraphModel
import NavGraphPresent
import XCTest

/// F1 radianttap/Coordinator: the ShopFront sample, the coordinatingResponder chain on small apps, and the
/// library vendored instead of imported.
final class RadianttapFamilyTests: XCTestCase {
    // MARK: - ShopFront

    func testShopFrontFindsExactlyItsDeliberateDefects() throws {
        let report = try analyzeSample("radianttap/ShopFront")
        XCTAssertEqual(findingList(report), [
            "dead-route CatalogCoordinator.Page.featured @Catalog/CatalogCoordinator.swift:9",
            "orphan-handler cartRemove(item:sender:) @Account/AccountCoordinator.swift:91",
            "unhandled-action productShare(item:sender:) @Catalog/ProductDetailViewController.swift:63",
            "unreachable-screen GiftCardsViewController @Account/GiftCardsViewController.swift:4",
            "unused-action accountDeleteAccount(sender:) @Actions/UIResponder+ShopActions.swift:69",
        ])
        let dead = report.findings.first { $0.rule == "dead-route" }
        XCTAssertEqual(dead?.message, "route 'CatalogCoordinator.Page.featured' is dead because it is never constructed anywhere")
        let unhandled = report.findings.first { $0.rule == "unhandled-action" }
        XCTAssertEqual(unhandled?.message, "ProductDetailViewController sends 'productShare(item:sender:)' but nothing handles it because CatalogCoordinator only passes it on and nothing above handles it (ProductDetailViewController → CatalogCoordinator → AppCoordinator → AppDelegate)")
    }

    func testShopFrontGraphAndActionPaths() throws {
        let report = try analyzeSample("radianttap/ShopFront")
        assertMatchesFile(graphListing(report), Repo.sample("radianttap/ShopFront").appendingPathComponent("expected-graph.txt"))
        assertMatchesFile(pathListing(report), Repo.sample("radianttap/ShopFront").appendingPathComponent("expected-paths.txt"))
    }

    func testShopFrontTree() throws {
        let g = try analyzeSample("radianttap/ShopFront").graph
        XCTAssertEqual(g.roots, ["app:AppDelegate"])
        XCTAssertEqual(g.families, ["radianttap"])
        func has(_ from: String, _ kind: EdgeKind, _ to: String, _ mechanism: String?, _ loc: String, via: String? = nil) {
            XCTAssertTrue(g.edges.contains { $0.from == from && $0.kind == kind && $0.to == to && $0.mechanism == mechanism
                    && "\($0.file):\($0.line)" == loc && $0.reachable && $0.via == via },
                          "missing \(from) -\(kind)-> \(to) [\(mechanism ?? "")] via \(via ?? "-") @\(loc)")
        }
        has("app:AppDelegate", .starts, "coordinator:AppCoordinator", "start()", "App/AppDelegate.swift:26")
        has("app:AppDelegate", .shows, "coordinator:AppCoordinator", "window-root", "App/AppDelegate.swift:22")
        has("coordinator:AppCoordinator", .starts, "coordinator:CatalogCoordinator", "startChild", "App/AppCoordinator.swift:30")
        has("coordinator:AppCoordinator", .starts, "coordinator:CartCoordinator", "startChild", "App/AppCoordinator.swift:35")
        has("coordinator:AppCoordinator", .starts, "coordinator:AccountCoordinator", "startChild", "App/AppCoordinator.swift:40")
        has("coordinator:AppCoordinator", .shows, "coordinator:CartCoordinator", "tab", "App/AppCoordinator.swift:43")
        has("coordinator:AccountCoordinator", .starts, "coordinator:LoginCoordinator", "startChild", "Account/AccountCoordinator.swift:53", via: "AccountCoordinator.Page.login")
        has("coordinator:AccountCoordinator", .presents, "coordinator:LoginCoordinator", "present", "Account/AccountCoordinator.swift:55", via: "AccountCoordinator.Page.login")
        has("coordinator:CatalogCoordinator", .shows, "screen:CatalogViewController", "root", "Catalog/CatalogCoordinator.swift:37", via: "CatalogCoordinator.Page.home")
        has("coordinator:CartCoordinator", .shows, "screen:CheckoutViewController", "push", "Cart/CartCoordinator.swift:55", via: "CartCoordinator.Page.checkout")
        has("coordinator:CartCoordinator", .presents, "screen:OrderConfirmationViewController", "present", "Cart/CartCoordinator.swift:60", via: "CartCoordinator.Page.confirmation")
        has("coordinator:LoginCoordinator", .finishes, "coordinator:AccountCoordinator", "coordinatorDidFinish", "Account/Login/LoginCoordinator.swift:41")
        has("route:AppCoordinator.Page.catalog", .route, "route:CatalogCoordinator.Page.home", nil, "App/AppCoordinator.swift:72")
        has("route:AppCoordinator.Page.orders", .route, "route:AccountCoordinator.Page.orders", nil, "App/AppCoordinator.swift:81")
        // A cell's and a view's sends belong to the screen that hosts them.
        has("screen:CatalogViewController", .sends, "action:cartAdd(item:sender:)", nil, "Catalog/ProductCell.swift:68")
        has("screen:CartViewController", .sends, "action:cartCheckout(sender:)", nil, "Cart/CartSummaryView.swift:53")
        has("action:catalogToggleFavorite(item:sender:)", .handles, "screen:CatalogViewController", "terminal", "Catalog/CatalogViewController.swift:50")
        has("action:cartAdd(item:sender:)", .handles, "coordinator:CatalogCoordinator", "pass-through", "Catalog/CatalogCoordinator.swift:62")
        has("action:cartCheckout(sender:)", .handles, "coordinator:CartCoordinator", "deferred", "Cart/CartCoordinator.swift:76")
        has("action:globalDisplay(page:sender:)", .handles, "coordinator:AccountCoordinator", "partial", "Account/AccountCoordinator.swift:80")
        XCTAssertFalse(g.edges.contains { $0.to == "screen:GiftCardsViewController" })
        XCTAssertEqual(Set(g.nodes.filter { $0.kind == .route }.map(\.name)), [
            "AppCoordinator.Page.catalog", "AppCoordinator.Page.cart", "AppCoordinator.Page.login", "AppCoordinator.Page.orders",
            "CatalogCoordinator.Page.home", "CatalogCoordinator.Page.product", "CatalogCoordinator.Page.featured",
            "CartCoordinator.Page.cart", "CartCoordinator.Page.checkout", "CartCoordinator.Page.confirmation",
            "AccountCoordinator.Page.overview", "AccountCoordinator.Page.login", "AccountCoordinator.Page.orders",
            "LoginCoordinator.Page.signIn", "LoginCoordinator.Page.resetPassword",
        ])
        // The page a boxed send carries is recorded, and decides the partial handler.
        let orders = g.paths.first { $0.sender == "screen:AccountViewController" && $0.action == "action:globalDisplay(page:sender:)" }
        XCTAssertEqual(orders?.carries, ["AppCoordinator.Page.orders"])
        XCTAssertEqual(orders?.handledBy, "coordinator:AccountCoordinator")
        let catalog = g.paths.first { $0.sender == "screen:OrderHistoryViewController" && $0.action == "action:globalDisplay(page:sender:)" }
        XCTAssertEqual(catalog?.chain, ["OrderHistoryViewController", "AccountCoordinator", "AppCoordinator"])
        XCTAssertEqual(catalog?.handledBy, "coordinator:AppCoordinator")
    }

    // MARK: - The chain on small apps

    /// An app delegate, an `AppCoordinator: NavigationCoordinator` that starts `ChildCoordinator` on the same
    /// stack, which roots `HomeViewController`, plus whatever `extra` adds.
    func app(actions: String, app appOverrides: String = "", child: String = "", home: String, extra: String = "") -> [String: String] {
        ["App.swift": """
        import UIKit
        import Coordinator

        @main final class AppDelegate: UIResponder, UIApplicationDelegate {
            let coordinator = AppCoordinator(rootViewController: UINavigationController())
            func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                coordinator.start()
                return true
            }
        }
        extension UIResponder {
        \(actions)
        }
        final class AppCoordinator: NavigationCoordinator {
            override func start() {
                super.start()
                let child = ChildCoordinator(rootViewController: rootViewController)
                startChild(coordinator: child)
            }
        \(appOverrides)
        }
        final class ChildCoordinator: NavigationCoordinator {
            override func start() { super.start(); root(HomeViewController()) }
        \(child)
        }
        final class HomeViewController: UIViewController {
        \(home)
        }
        \(extra)
        """]
    }

    func line(_ needle: String, _ files: [String: String]) -> Int { lineNumber(of: needle, in: files["App.swift"] ?? "") }

    func path(_ report: AnalysisReport, _ action: String) -> ActionPath? {
        report.graph.paths.first { $0.action == "action:\(action)" && $0.reachable }
    }

    func roles(_ p: ActionPath?) -> [String] { (p?.steps ?? []).map { "\($0.role.rawValue) \($0.responder)" } }

    func testTerminalOverrideHandlesAndItsEffectsAreReachable() throws {
        let report = try analyzeSources(app(
            actions: "@objc dynamic func finishOrder(sender: Any?) { coordinatingResponder?.finishOrder(sender: sender) }",
            child: "override func finishOrder(sender: Any?) { show(DoneViewController()) }",
            home: "@objc func doneTapped() { finishOrder(sender: self) }",
            extra: "final class DoneViewController: UIViewController {}"))
        let p = path(report, "finishOrder(sender:)")
        XCTAssertEqual(roles(p), ["sender screen:HomeViewController", "terminal coordinator:ChildCoordinator"])
        XCTAssertEqual(p?.handledBy, "coordinator:ChildCoordinator")
        XCTAssertTrue(report.graph.nodes.contains { $0.name == "DoneViewController" && $0.reachable })
        XCTAssertEqual(findingList(report), [])
    }

    func testPassThroughContinuesToTheParentAndIsNotHandlingByItself() throws {
        let actions = "@objc dynamic func share(sender: Any?) { coordinatingResponder?.share(sender: sender) }"
        let passing = "override func share(sender: Any?) { print(\"log\"); coordinatingResponder?.share(sender: sender) }"
        let handled = try analyzeSources(app(actions: actions, app: "override func share(sender: Any?) {}", child: passing,
                                             home: "@objc func tapped() { share(sender: self) }"))
        XCTAssertEqual(roles(path(handled, "share(sender:)")),
                       ["sender screen:HomeViewController", "pass-through coordinator:ChildCoordinator", "terminal coordinator:AppCoordinator"])
        XCTAssertEqual(findingList(handled), [])

        let files = app(actions: actions, child: passing, home: "@objc func tapped() { share(sender: self) }")
        let unhandled = try analyzeSources(files)
        XCTAssertEqual(roles(path(unhandled, "share(sender:)")),
                       ["sender screen:HomeViewController", "pass-through coordinator:ChildCoordinator", "forwards coordinator:AppCoordinator"])
        XCTAssertEqual(findingList(unhandled), ["unhandled-action share(sender:) @App.swift:\(line("share(sender: self)", files))"])
    }

    func testPartialOverrideHandlesOnlyTheCasesItKeeps() throws {
        let extra = """
        extension AppCoordinator {
            enum Section { case help, about }
        }
        final class SectionBox: NSObject {
            let unbox: AppCoordinator.Section
            init(_ value: AppCoordinator.Section) { self.unbox = value }
        }
        final class DoneViewController: UIViewController {}
        """
        let files = app(
            actions: "@objc dynamic func display(section: SectionBox, sender: Any?) { coordinatingResponder?.display(section: section, sender: sender) }",
            child: """
            override func display(section: SectionBox, sender: Any?) {
                switch section.unbox {
                case .help: show(DoneViewController())
                default: coordinatingResponder?.display(section: section, sender: sender)
                }
            }
            """,
            home: """
            @objc func helpTapped() { display(section: SectionBox(.help), sender: self) }
            @objc func aboutTapped() { display(section: SectionBox(.about), sender: self) }
            """, extra: extra)
        let report = try analyzeSources(files)
        let help = report.graph.paths.first { $0.line == line("helpTapped", files) }
        let about = report.graph.paths.first { $0.line == line("aboutTapped", files) }
        XCTAssertEqual(help?.carries, ["AppCoordinator.Section.help"])
        XCTAssertEqual(help?.handledBy, "coordinator:ChildCoordinator")
        XCTAssertEqual(roles(about), ["sender screen:HomeViewController", "partial coordinator:ChildCoordinator", "forwards coordinator:AppCoordinator"])
        XCTAssertNil(about?.handledBy)
        XCTAssertEqual(findingList(report), ["unhandled-action display(section:sender:) @App.swift:\(line("aboutTapped", files))"])
    }

    func testDeferredOverrideCountsAsHandled() throws {
        let report = try analyzeSources(app(
            actions: "@objc dynamic func checkout(sender: Any?) { coordinatingResponder?.checkout(sender: sender) }",
            child: """
            var ready = false
            override func checkout(sender: Any?) {
                guard ready else {
                    enqueueMessage { [unowned self] in self.checkout(sender: sender) }
                    return
                }
                show(DoneViewController())
            }
            """,
            home: "@objc func tapped() { checkout(sender: self) }",
            extra: "final class DoneViewController: UIViewController {}"))
        XCTAssertEqual(roles(path(report, "checkout(sender:)")), ["sender screen:HomeViewController", "deferred coordinator:ChildCoordinator"])
        XCTAssertEqual(findingList(report), [])
        // The queued re-send to self is part of the same delivery, not a send of its own.
        XCTAssertEqual(report.graph.paths.filter { $0.action == "action:checkout(sender:)" }.count, 1)
    }

    func testCellsAndViewsSendOnBehalfOfTheirScreenAndViewControllersCanHandle() throws {
        let report = try analyzeSources(app(
            actions: """
            @objc dynamic func like(sender: Any?) { coordinatingResponder?.like(sender: sender) }
            @objc dynamic func open(sender: Any?) { coordinatingResponder?.open(sender: sender) }
            """,
            child: "override func open(sender: Any?) { show(DoneViewController()) }",
            home: """
            let footer = FooterView()
            func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
                return collectionView.dequeueReusableCell(withReuseIdentifier: "c", for: indexPath) as! LikeCell
            }
            override func like(sender: Any?) {}
            """,
            extra: """
            final class LikeCell: UICollectionViewCell {
                @objc func likeTapped() { like(sender: self) }
            }
            final class FooterView: UIView {
                @objc func openTapped() { open(sender: self) }
            }
            final class DoneViewController: UIViewController {}
            """))
        XCTAssertEqual(roles(path(report, "like(sender:)")), ["sender LikeCell", "terminal screen:HomeViewController"])
        XCTAssertEqual(roles(path(report, "open(sender:)")),
                       ["sender FooterView", "forwards screen:HomeViewController", "terminal coordinator:ChildCoordinator"])
        XCTAssertEqual(path(report, "open(sender:)")?.sender, "screen:HomeViewController")
        XCTAssertEqual(findingList(report), [])
    }

    func testSelectorsMatchWithTheirLabels() throws {
        // `remove(item:)` and `remove(item:sender:)` are different actions; a default `sender` may be left out.
        let files = app(
            actions: """
            @objc dynamic func remove(item: String, sender: Any? = nil) { coordinatingResponder?.remove(item: item, sender: sender) }
            @objc dynamic func remove(item: String) { coordinatingResponder?.remove(item: item) }
            """,
            child: "override func remove(item: String, sender: Any?) {}",
            home: "@objc func tapped() { remove(item: \"a\", sender: self) }\n@objc func other() { remove(item: \"b\") }")
        let report = try analyzeSources(files)
        XCTAssertEqual(path(report, "remove(item:sender:)")?.handledBy, "coordinator:ChildCoordinator")
        XCTAssertNil(path(report, "remove(item:)")?.handledBy)
        XCTAssertEqual(findingList(report), ["unhandled-action remove(item:) @App.swift:\(line("func other()", files))"])
    }

    func testPresentedScreenReachesThePresenterAndTheChainEndsAtTheAppDelegate() throws {
        let report = try analyzeSources(app(
            actions: "@objc dynamic func close(sender: Any?) { coordinatingResponder?.close(sender: sender) }",
            app: "override var coordinatingResponder: UIResponder? { return UIApplication.shared.delegate as? UIResponder }",
            child: "override func start() { super.start(); present(HomeViewController()) }",
            home: "@objc func tapped() { close(sender: self) }",
            extra: "extension AppDelegate { override func close(sender: Any?) {} }"))
        XCTAssertEqual(roles(path(report, "close(sender:)")), [
            "sender screen:HomeViewController", "forwards coordinator:ChildCoordinator", "forwards coordinator:AppCoordinator",
            "terminal app:AppDelegate",
        ])
        XCTAssertEqual(findingList(report), [])
    }

    func testCoordinatorsSendTooAndAScreenMayRedirectItsChain() throws {
        // ChildCoordinator sends `logout` up from its own code; HomeViewController's chain is redirected to
        // AppCoordinator by its coordinatingResponder override, skipping ChildCoordinator's override.
        let files = app(
            actions: """
            @objc dynamic func logout(sender: Any?) { coordinatingResponder?.logout(sender: sender) }
            @objc dynamic func help(sender: Any?) { coordinatingResponder?.help(sender: sender) }
            """,
            app: """
            weak var owner: AppCoordinator?
            override func logout(sender: Any?) {}
            override func help(sender: Any?) {}
            """,
            child: """
            override func help(sender: Any?) {}
            func sessionExpired() { coordinatingResponder?.logout(sender: self) }
            """,
            home: """
            var appCoordinator: AppCoordinator?
            override var coordinatingResponder: UIResponder? { return appCoordinator }
            @objc func helpTapped() { help(sender: self) }
            """)
        let report = try analyzeSources(files)
        let logout = report.graph.paths.first { $0.action == "action:logout(sender:)" }
        XCTAssertEqual(logout?.sender, "coordinator:ChildCoordinator")
        XCTAssertEqual(roles(logout), ["sender coordinator:ChildCoordinator", "terminal coordinator:AppCoordinator"])
        // Nothing assigns appCoordinator, so the override returns nothing: the chain ends at the screen.
        XCTAssertEqual(roles(path(report, "help(sender:)")), ["sender screen:HomeViewController"])
        XCTAssertEqual(findingList(report).filter { $0.hasPrefix("unhandled") }, ["unhandled-action help(sender:) @App.swift:\(line("helpTapped", files))"])

        var assigned = files
        assigned["App.swift"] = files["App.swift"]!.replacingOccurrences(
            of: "override func start() { super.start(); root(HomeViewController()) }",
            with: "override func start() { super.start(); let vc = HomeViewController(); vc.appCoordinator = parent as? AppCoordinator; root(vc) }")
        let redirected = try analyzeSources(assigned)
        XCTAssertEqual(roles(path(redirected, "help(sender:)")), ["sender screen:HomeViewController", "terminal coordinator:AppCoordinator"])
    }

    func testOrphanAndUnusedOnlyWhereTheyAre() throws {
        let files = app(
            actions: """
            @objc dynamic func used(sender: Any?) { coordinatingResponder?.used(sender: sender) }
            @objc dynamic func unused(sender: Any?) { coordinatingResponder?.unused(sender: sender) }
            """,
            app: "override func used(sender: Any?) { print(\"app\") }",
            child: "override func used(sender: Any?) {}\noverride func unused(sender: Any?) {}",
            home: "@objc func tapped() { used(sender: self) }")
        let report = try analyzeSources(files)
        // ChildCoordinator handles `used` first, so AppCoordinator's override is on the chain of no sender.
        XCTAssertEqual(findingList(report), [
            "orphan-handler unused(sender:) @App.swift:\(line("override func unused", files))",
            "orphan-handler used(sender:) @App.swift:\(line("print(\"app\")", files))",
            "unused-action unused(sender:) @App.swift:\(line("dynamic func unused", files))",
        ].sorted())
    }

    // MARK: - Nested route values

    /// A tab coordinator over two navigation children, a responder message carrying `Flow.feed(.item)`-style
    /// nested values, and `FeedCoordinator` overriding it for `.feed(.item)` only (`extra` adds to it).
    func nestedFlowApp(main mainOverride: String, listSends: String, extra: String = "") -> [String: String] {
        ["App.swift": """
        import UIKit
        import Coordinator

        @main final class AppDelegate: UIResponder, UIApplicationDelegate {
            let coordinator = MainCoordinator(rootViewController: UITabBarController())
            func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                coordinator.start()
                return true
            }
        }
        enum Flow { case feed(FeedPage), basket(BasketPage) }
        enum FeedPage { case list, item }
        enum BasketPage { case summary, pay }
        final class FlowBox: NSObject {
            let unbox: Flow
            init(_ flow: Flow) { unbox = flow }
        }
        extension UIResponder {
            @objc dynamic func go(_ flow: FlowBox, sender: Any?) { coordinatingResponder?.go(flow, sender: sender) }
        }
        final class MainCoordinator: Coordinator<UITabBarController> {
            override func start() {
                super.start()
                let feed = FeedCoordinator(rootViewController: UINavigationController())
                startChild(coordinator: feed)
                let basket = BasketCoordinator(rootViewController: UINavigationController())
                startChild(coordinator: basket)
                rootViewController.viewControllers = [feed.rootViewController, basket.rootViewController]
            }
        \(mainOverride)
        }
        final class FeedCoordinator: NavigationCoordinator {
            override func start() { super.start(); display(.list) }
            func display(_ page: FeedPage) {
                switch page {
                case .list: root(FeedListViewController())
                case .item: show(FeedItemViewController())
                }
            }
            override func go(_ flow: FlowBox, sender: Any?) {
                switch flow.unbox {
                case .feed(.item): display(.item)
                default: super.go(flow, sender: sender)
                }
            }
        }
        final class BasketCoordinator: NavigationCoordinator {
            override func start() { super.start(); display(.summary) }
            func display(_ page: BasketPage) {
                switch page {
                case .summary: root(BasketViewController())
                case .pay: show(PayViewController())
                }
            }
        }
        final class FeedListViewController: UIViewController {
        \(listSends)
        }
        final class FeedItemViewController: UIViewController {
            @objc func backToListTapped() { go(FlowBox(.feed(.list)), sender: self) }
        }
        final class BasketViewController: UIViewController {}
        final class PayViewController: UIViewController {}
        \(extra)
        """]
    }

    func testANestedCaseStopsAtThePartialOverrideThatHandlesItAndTheRestGoesOn() throws {
        let files = nestedFlowApp(main: """
            override func go(_ flow: FlowBox, sender: Any?) {
                switch flow.unbox {
                case .feed(let page):
                    childCoordinators.child(matching: FeedCoordinator.self)?.display(page)
                    rootViewController.selectedIndex = 0
                case .basket(let page):
                    childCoordinators.child(matching: BasketCoordinator.self)?.display(page)
                    rootViewController.selectedIndex = 1
                }
            }
            """, listSends: """
            @objc func itemTapped() { go(FlowBox(.feed(.item)), sender: self) }
            @objc func payTapped() { go(FlowBox(.basket(.pay)), sender: self) }
            """)
        let report = try analyzeSources(files)
        let paths = report.graph.paths
        let item = paths.first { $0.line == line("itemTapped", files) }
        XCTAssertEqual(item?.carries, ["FeedPage.item", "Flow.feed"])
        XCTAssertEqual(roles(item), ["sender screen:FeedListViewController", "partial coordinator:FeedCoordinator"])
        XCTAssertEqual(item?.handledBy, "coordinator:FeedCoordinator")
        let pay = paths.first { $0.line == line("payTapped", files) }
        XCTAssertEqual(roles(pay), ["sender screen:FeedListViewController", "partial coordinator:FeedCoordinator", "terminal coordinator:MainCoordinator"])
        XCTAssertEqual(pay?.handledBy, "coordinator:MainCoordinator")
        let list = paths.first { $0.line == line("backToListTapped", files) }
        XCTAssertEqual(roles(list), ["sender screen:FeedItemViewController", "partial coordinator:FeedCoordinator", "terminal coordinator:MainCoordinator"])
        XCTAssertEqual(findingList(report), [])
        // `childCoordinators.child(matching:)` finds the running child: MainCoordinator's `.basket` arm pushes.
        XCTAssertTrue(report.graph.edges.contains { $0.from == "coordinator:BasketCoordinator" && $0.kind == .shows && $0.to == "screen:PayViewController"
                && $0.mechanism == "push" && $0.reachable && $0.line == self.line("case .pay: show(PayViewController())", files) })
        XCTAssertTrue(report.graph.nodes.contains { $0.id == "screen:PayViewController" && $0.reachable })
    }

    func testANestedCaseNavgraphCannotTellIsCountedAsHandledByThePartialOverride() throws {
        // The inner value is unknown (a property nothing assigns): the override may handle it, so no finding;
        // `.basket(.pay)` it passes on, and nothing above handles it.
        let files = nestedFlowApp(main: "", listSends: """
            var requested: FeedPage?
            @objc func itemTapped() { go(FlowBox(.feed(requested!)), sender: self) }
            @objc func payTapped() { go(FlowBox(.basket(.pay)), sender: self) }
            """)
        let report = try analyzeSources(files)
        let item = report.graph.paths.first { $0.line == line("itemTapped", files) }
        XCTAssertEqual(item?.carries, ["Flow.feed"])
        XCTAssertEqual(item?.handledBy, "coordinator:FeedCoordinator")
        XCTAssertEqual(roles(item), ["sender screen:FeedListViewController", "partial coordinator:FeedCoordinator", "forwards coordinator:MainCoordinator"])
        XCTAssertEqual(findingList(report), [
            "unhandled-action go(_:sender:) @App.swift:\(line("payTapped", files))",
            "unhandled-action go(_:sender:) @App.swift:\(line("backToListTapped", files))",
        ].sorted())
    }

    // MARK: - Views and cells

    func testViewsAndCellsReachTheCoordinatorOfTheScreenHostingThemAndAStrayViewIsUnknown() throws {
        let files = ["App.swift": """
        import UIKit
        import Coordinator

        @main final class AppDelegate: UIResponder, UIApplicationDelegate {
            let coordinator = GardenCoordinator(rootViewController: UINavigationController())
            func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                coordinator.start()
                return true
            }
        }
        extension UIResponder {
            @objc dynamic func water(plant: String, sender: Any?) { coordinatingResponder?.water(plant: plant, sender: sender) }
            @objc dynamic func prune(sender: Any?) { coordinatingResponder?.prune(sender: sender) }
            @objc dynamic func harvest(sender: Any?) { coordinatingResponder?.harvest(sender: sender) }
        }
        final class GardenCoordinator: NavigationCoordinator {
            override func start() { super.start(); root(BedsViewController()) }
            override func water(plant: String, sender: Any?) { show(WateringViewController()) }
            override func prune(sender: Any?) { show(PruningViewController()) }
            override func harvest(sender: Any?) { show(HarvestViewController()) }
        }
        final class BedsViewController: UIViewController, UITableViewDataSource {
            let tableView = UITableView()
            let header = BedsHeaderView()
            override func viewDidLoad() {
                super.viewDidLoad()
                tableView.register(PlantCell.self, forCellReuseIdentifier: "plant")
                view.addSubview(header)
            }
            func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 3 }
            func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                tableView.dequeueReusableCell(withIdentifier: "plant", for: indexPath)
            }
        }
        final class PlantCell: UITableViewCell {
            @objc func waterTapped() { coordinatingResponder?.water(plant: "fern", sender: self) }
        }
        final class BedsHeaderView: UIView {
            let toolbar = PruneToolbar()
        }
        final class PruneToolbar: UIView {
            @objc func pruneTapped() { coordinatingResponder?.prune(sender: self) }
        }
        final class StrayBadgeView: UIView {
            @objc func harvestTapped() { coordinatingResponder?.harvest(sender: self) }
        }
        final class WateringViewController: UIViewController {}
        final class PruningViewController: UIViewController {}
        final class HarvestViewController: UIViewController {}
        """]
        let report = try analyzeSources(files)
        // A cell and a view inside a view of the screen: up the superviews to the screen, then its coordinator.
        XCTAssertEqual(roles(path(report, "water(plant:sender:)")),
                       ["sender PlantCell", "forwards screen:BedsViewController", "terminal coordinator:GardenCoordinator"])
        XCTAssertEqual(path(report, "water(plant:sender:)")?.sender, "screen:BedsViewController")
        XCTAssertEqual(roles(path(report, "prune(sender:)")),
                       ["sender PruneToolbar", "forwards screen:BedsViewController", "terminal coordinator:GardenCoordinator"])
        XCTAssertTrue(report.graph.nodes.contains { $0.id == "screen:WateringViewController" && $0.reachable })
        XCTAssertTrue(report.graph.nodes.contains { $0.id == "screen:PruningViewController" && $0.reachable })
        // No screen hosts StrayBadgeView: its superview, so its chain, is unknown. Its action is sent (not
        // unused), and the override its chain may reach is no orphan.
        XCTAssertNil(report.graph.paths.first { $0.action == "action:harvest(sender:)" })
        let harvest = report.graph.nodes.first { $0.id == "action:harvest(sender:)" }
        XCTAssertEqual(harvest?.attributes?["sentBy"], "StrayBadgeView @App.swift:\(line("func harvestTapped", files))")
        XCTAssertEqual(findingList(report), [])
    }

    // MARK: - The library's own calls

    func testContainingCoordinatorClimbsFromAPushedScreenAndAViewButNotFromACoordinator() throws {
        func flow(_ name: String, _ screen: String) -> String {
            """
            final class \(name): NavigationCoordinator {
                override func start() { super.start(); root(\(screen)()) }
            }
            final class \(screen): UIViewController {}
            """
        }
        let files = app(
            actions: "",
            app: "func rescue() { containingCoordinator?.startChild(coordinator: HelpCoordinator(rootViewController: UINavigationController())) }",
            home: """
            let footer = FooterView()
            @objc func doneTapped() { containingCoordinator?.startChild(coordinator: DoneCoordinator(rootViewController: UINavigationController())) }
            """,
            extra: """
            final class FooterView: UIView {
                @objc func notesTapped() { containingCoordinator?.startChild(coordinator: NotesCoordinator(rootViewController: UINavigationController())) }
            }
            \(flow("DoneCoordinator", "DoneViewController"))
            \(flow("NotesCoordinator", "NotesViewController"))
            \(flow("HelpCoordinator", "HelpViewController"))
            """)
        let report = try analyzeSources(files)
        func starts(_ c: String) -> [String] {
            report.graph.edges.filter { $0.kind == .starts && $0.to == "coordinator:\(c)" && $0.reachable }.map { "\($0.from) [\($0.mechanism ?? "")] @\($0.line)" }
        }
        // HomeViewController is rooted (no parentCoordinator of its own) and FooterView is its view: both
        // climb to ChildCoordinator, which starts the child.
        XCTAssertEqual(starts("DoneCoordinator"), ["coordinator:ChildCoordinator [start()] @\(line("func doneTapped", files))"])
        XCTAssertEqual(starts("NotesCoordinator"), ["coordinator:ChildCoordinator [start()] @\(line("func notesTapped", files))"])
        // A coordinator's containingCoordinator is nil.
        XCTAssertEqual(starts("HelpCoordinator"), [])
    }

    func testPopsBackRunTheLibraryHooks() throws {
        let files = ["App.swift": """
        import UIKit
        import Coordinator

        @main final class AppDelegate: UIResponder, UIApplicationDelegate {
            let coordinator = LibraryCoordinator(rootViewController: UINavigationController())
            func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                coordinator.start()
                return true
            }
        }
        final class LibraryCoordinator: NavigationCoordinator {
            override func start() {
                super.start()
                root(ShelvesViewController())
                let shelf = ShelfCoordinator(rootViewController: rootViewController)
                startChild(coordinator: shelf)
                let loans = LoansCoordinator(rootViewController: UINavigationController())
                startChild(coordinator: loans)
                present(loans.rootViewController)
            }
            override func handlePopBack(to vc: UIViewController?) { present(WelcomeBackViewController()) }
            override func coordinatorDidFinish(_ coordinator: Coordinating) {
                super.coordinatorDidFinish(coordinator)
                present(SurveyViewController())
            }
        }
        final class ShelfCoordinator: NavigationCoordinator {
            override func start() {
                super.start()
                show(BookListViewController())
                show(BookViewController())
            }
            override func handlePopBack(to vc: UIViewController?) { present(RatingViewController()) }
        }
        final class LoansCoordinator: NavigationCoordinator {
            override func start() {
                super.start()
                root(LoanListViewController())
            }
            override func handlePopBack(to vc: UIViewController?) { present(LoanReminderViewController()) }
        }
        final class ShelvesViewController: UIViewController {}
        final class BookListViewController: UIViewController {}
        final class BookViewController: UIViewController {}
        final class WelcomeBackViewController: UIViewController {}
        final class SurveyViewController: UIViewController {}
        final class RatingViewController: UIViewController {}
        final class LoanListViewController: UIViewController {}
        final class LoanReminderViewController: UIViewController {}
        """]
        let report = try analyzeSources(files)
        let source = files["App.swift"]!
        let shelfStart = lineNumber(of: "show(BookListViewController())", in: source) - 1
        // ShelfCoordinator pushes onto LibraryCoordinator's stack: a pop below its screens finishes it (from
        // where it became the navigation controller's delegate), and LibraryCoordinator, whose screen is on
        // top again, hears of it. A pop among its own two screens reaches its handlePopBack.
        XCTAssertEqual(report.graph.edges.filter { $0.kind == .finishes }.map { "\($0.from) -> \($0.to) [\($0.mechanism ?? "")] @\($0.line)" },
                       ["coordinator:ShelfCoordinator -> coordinator:LibraryCoordinator [coordinatorDidFinish] @\(shelfStart)"])
        func reachable(_ s: String) -> Bool? { report.graph.nodes.first { $0.id == "screen:\(s)" }?.reachable }
        XCTAssertEqual(reachable("SurveyViewController"), true)
        XCTAssertEqual(reachable("WelcomeBackViewController"), true)
        XCTAssertEqual(reachable("RatingViewController"), true)
        // LoansCoordinator has its own navigation controller and one screen: no pop reaches its hook.
        XCTAssertEqual(reachable("LoanReminderViewController"), false)
        // Named by code that may run (the hook's body), so unknown rather than reported.
        XCTAssertEqual(findingList(report), [])
    }

    // MARK: - Vendored or imported

    func testVendoredLibraryGivesTheSameGraphAsTheImportedOne() throws {
        let appFiles = [
            "App/AppDelegate.swift": """
            import UIKit

            @main final class AppDelegate: UIResponder, UIApplicationDelegate {
                var window: UIWindow?
                let coordinator = AppCoordinator(rootViewController: UINavigationController())
                func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                    window?.rootViewController = coordinator.rootViewController
                    coordinator.start()
                    return true
                }
            }
            """,
            "App/Actions.swift": """
            import UIKit

            extension UIResponder {
                @objc dynamic func openDetail(sender: Any?) { coordinatingResponder?.openDetail(sender: sender) }
                @objc dynamic func share(sender: Any?) { coordinatingResponder?.share(sender: sender) }
            }
            """,
            "App/AppCoordinator.swift": """
            import UIKit

            final class AppCoordinator: NavigationCoordinator {
                enum Page { case list, detail, legacy }
                var page: Page = .list
                override func start() {
                    super.start()
                    setupActivePage()
                }
                func setupActivePage(_ page: Page? = nil) {
                    let p = page ?? self.page
                    self.page = p
                    switch p {
                    case .list: root(ListViewController())
                    case .detail: show(DetailViewController())
                    case .legacy: present(LegacyViewController())
                    }
                }
                override func openDetail(sender: Any?) { setupActivePage(.detail) }
            }
            final class ListViewController: UIViewController {
                @objc func rowTapped() { openDetail(sender: self) }
            }
            final class DetailViewController: UIViewController {
                @objc func shareTapped() { share(sender: self) }
            }
            final class LegacyViewController: UIViewController {}
            """,
        ]
        var imported = appFiles
        for (k, v) in imported { imported[k] = v.replacingOccurrences(of: "import UIKit\n", with: "import UIKit\nimport Coordinator\n") }
        var vendored = appFiles
        for (k, v) in vendored { vendored[k] = v.replacingOccurrences(of: "import UIKit\n", with: "import UIKit\n// Coordinator is vendored\n") }
        vendored["Vendor/Coordinator/Coordinator.swift"] = VendoredLibraries.radianttapCoordinator
        vendored["Vendor/Coordinator/NavigationCoordinator.swift"] = VendoredLibraries.radianttapNavigationCoordinator
        vendored["Vendor/Coordinator/UIKit-CoordExtensions.swift"] = VendoredLibraries.radianttapExtensions

        let a = try analyzeSources(imported)
        let b = try analyzeSources(vendored)
        XCTAssertEqual(b.graph.families, ["radianttap"])
        let source = imported["App/AppCoordinator.swift"]!
        XCTAssertEqual(findingList(a), [
            "dead-route AppCoordinator.Page.legacy @App/AppCoordinator.swift:\(lineNumber(of: "enum Page", in: source))",
            "unhandled-action share(sender:) @App/AppCoordinator.swift:\(lineNumber(of: "share(sender: self)", in: source))",
            "unreachable-screen LegacyViewController @App/AppCoordinator.swift:\(lineNumber(of: "class LegacyViewController", in: source))",
        ])
        XCTAssertEqual(findingList(b), findingList(a))
        XCTAssertEqual(graphListing(b), graphListing(a))
        XCTAssertEqual(pathListing(b), pathListing(a))
        // The vendored library's own types are not the app's coordinators.
        XCTAssertFalse(b.graph.nodes.contains { $0.name == "NavigationCoordinator" || $0.name == "Coordinator" })
    }

    func testNotDetectedWithoutTheLibrary() throws {
        // A class called Coordinator that is not radianttap's (no UIResponder base, no import) is not F1.
        let report = try analyzeSources(["App.swift": """
        import UIKit
        class Coordinator { func start() {} }
        @main final class AppDelegate: UIResponder, UIApplicationDelegate {}
        """])
        XCTAssertFalse(report.graph.families.contains("radianttap"))
    }
}
