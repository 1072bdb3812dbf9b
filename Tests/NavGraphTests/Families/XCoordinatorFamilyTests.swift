import NavGraphKit
import NavGraphModel
import XCTest

/// F6 XCoordinator: transitions built in `prepareTransition(for:)` arms, triggers through routers, route
/// entry points (initial routes, deep links, `.trigger(_:on:)`, interactive transitions), finishes.
final class XCoordinatorFamilyTests: XCTestCase {
    static let scene = scene(root: "ShopCoordinator")

    /// A scene delegate that makes `root` the window's root through its router (`setRoot(for:)`).
    static func scene(root: String) -> String {
        """
        import UIKit
        import XCoordinator
        final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
            var window: UIWindow?
            let router = \(root)().strongRouter
            func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                router.setRoot(for: window!)
            }
        }
        """
    }

    /// A shop app; `arms` replaces the body of `ShopCoordinator.prepareTransition(for:)`'s switch.
    static func app(arms: String, extra: [String: String] = [:]) -> [String: String] {
        var files = [
            "SceneDelegate.swift": scene,
            "Shop.swift": """
            import UIKit
            import XCoordinator
            enum ShopRoute: Route {
                case list
                case item(String)
                case cart
                case close
            }
            final class ShopCoordinator: NavigationCoordinator<ShopRoute> {
                init() { super.init(initialRoute: .list) }
                override func prepareTransition(for route: ShopRoute) -> NavigationTransition {
                    switch route {
            \(arms)
                    }
                }
            }
            final class ListViewModel {
                private let router: UnownedRouter<ShopRoute>
                init(router: UnownedRouter<ShopRoute>) { self.router = router }
                func select(_ id: String) { router.trigger(.item(id)) }
                func openCart() { router.trigger(.cart) }
            }
            final class ListViewController: UIViewController {
                var viewModel: ListViewModel!
                @objc func tapped() { viewModel.select("1") }
                @objc func cartTapped() { viewModel.openCart() }
            }
            final class ItemViewController: UIViewController {}
            """,
        ]
        files.merge(extra) { $1 }
        return files
    }

    static let listArm = """
            case .list:
                let vc = ListViewController()
                vc.viewModel = ListViewModel(router: unownedRouter)
                return .set([vc])
    """

    func testTransitionsInArmsAndTriggersFromViewModels() throws {
        let report = try analyzeSources(Self.app(arms: Self.listArm + """

                case .item:
                    return .push(ItemViewController())
                case .cart:
                    return .multiple(.popToRoot(), .present(CartCoordinator()))
                case .close:
                    return .dismiss()
        """, extra: ["Cart.swift": """
            import XCoordinator
            enum CartRoute: Route { case overview }
            final class CartCoordinator: ViewCoordinator<CartRoute> {
                init() { super.init(rootViewController: CartViewController(), initialRoute: nil) }
                override func prepareTransition(for route: CartRoute) -> ViewTransition { .none() }
            }
            final class CartViewController: UIViewController {}
            """]))
        let g = report.graph
        XCTAssertEqual(g.families, ["xcoordinator"])
        let edges = Set(g.edges.map { "\($0.from) -\($0.kind.rawValue)-> \($0.to) [\($0.mechanism ?? "")] \($0.via ?? "")" })
        XCTAssertTrue(edges.contains("app:SceneDelegate -starts-> coordinator:ShopCoordinator [setRoot] "), "\(edges)")
        XCTAssertTrue(edges.contains("coordinator:ShopCoordinator -shows-> screen:ListViewController [set] ShopRoute.list"))
        XCTAssertTrue(edges.contains("coordinator:ShopCoordinator -shows-> screen:ItemViewController [push] ShopRoute.item"))
        XCTAssertTrue(edges.contains("coordinator:ShopCoordinator -presents-> coordinator:CartCoordinator [present] ShopRoute.cart"))
        XCTAssertTrue(edges.contains("screen:ListViewController -sends-> action:trigger(ShopRoute.item) [] "))
        XCTAssertTrue(edges.contains("action:trigger(ShopRoute.cart) -handles-> coordinator:ShopCoordinator [] "))
        // A coordinator's own `rootViewController:` screen is shown with it.
        XCTAssertTrue(edges.contains("coordinator:CartCoordinator -shows-> screen:CartViewController [root] ShopRoute.cart"))
        // `.close` is never triggered; CartRoute.overview's only arm is `.none()`.
        XCTAssertEqual(findingList(report), [
            "dead-route CartRoute.overview @Cart.swift:2",
            "dead-route ShopRoute.close @Shop.swift:7",
        ])
    }

    func testInertArmAndMissingOverrideLeaveTheTriggerUnhandled() throws {
        let report = try analyzeSources(Self.app(arms: Self.listArm + """

                case .item:
                    return .none()
                case .cart, .close:
                    fatalError("not yet")
        """, extra: ["Settings.swift": """
            import XCoordinator
            enum SettingsRoute: Route { case about }
            final class SettingsCoordinator: NavigationCoordinator<SettingsRoute> {
                init() {
                    let vc = SettingsViewController()
                    super.init(root: vc)
                    vc.router = unownedRouter
                }
            }
            final class SettingsViewController: UIViewController {
                var router: UnownedRouter<SettingsRoute>!
                @objc func aboutTapped() { router.trigger(.about) }
            }
            final class Holder {
                let settings = SettingsCoordinator()
            }
            """]))
        let paths = Dictionary(uniqueKeysWithValues: report.graph.paths.map { ($0.action, $0) })
        XCTAssertNil(paths["action:trigger(ShopRoute.item)"]?.handledBy)
        XCTAssertTrue(paths["action:trigger(ShopRoute.item)"]?.note?.contains("does nothing") ?? false)
        XCTAssertNil(paths["action:trigger(ShopRoute.cart)"]?.handledBy)
        let findings = findingList(report)
        XCTAssertTrue(findings.contains("dead-route ShopRoute.item @Shop.swift:5"), "\(findings)")
        XCTAssertTrue(findings.contains("dead-route ShopRoute.cart @Shop.swift:6"))
        XCTAssertTrue(findings.contains { $0.hasPrefix("unhandled-action trigger(ShopRoute.item) @Shop.swift:") })
        XCTAssertTrue(findings.contains { $0.hasPrefix("unhandled-action trigger(ShopRoute.cart) @Shop.swift:") })
    }

    func testTriggerWithoutOverrideNamesTheCoordinator() throws {
        let report = try analyzeSources(Self.app(arms: Self.listArm + """

                case .item:
                    let settings = SettingsCoordinator()
                    return .present(settings)
                case .cart, .close:
                    return .none()
        """, extra: ["Settings.swift": """
            import XCoordinator
            enum SettingsRoute: Route { case about }
            final class SettingsCoordinator: NavigationCoordinator<SettingsRoute> {
                init() {
                    let vc = SettingsViewController()
                    super.init(root: vc)
                    vc.router = unownedRouter
                }
            }
            final class SettingsViewController: UIViewController {
                var router: UnownedRouter<SettingsRoute>!
                @objc func aboutTapped() { router.trigger(.about) }
            }
            """]))
        let path = try XCTUnwrap(report.graph.paths.first { $0.action == "action:trigger(SettingsRoute.about)" })
        XCTAssertEqual(path.sender, "screen:SettingsViewController")
        XCTAssertNil(path.handledBy)
        XCTAssertTrue(path.note?.contains("SettingsCoordinator does not override prepareTransition(for:)") ?? false, path.note ?? "")
        XCTAssertTrue(findingList(report).contains("unhandled-action trigger(SettingsRoute.about) @Settings.swift:12"))
        XCTAssertTrue(findingList(report).contains("dead-route SettingsRoute.about @Settings.swift:2"))
        XCTAssertEqual(report.graph.node("screen:SettingsViewController")?.reachable, true)
    }

    func testAppDefinedTransitionTriggerOnDeepLinkAndInteractiveEntries() throws {
        let report = try analyzeSources(Self.app(arms: Self.listArm + """

                case .item(let id):
                    let vc = ItemViewController()
                    registerInteractiveTransition(for: .close, triggeredBy: UIPanGestureRecognizer(), progress: nil, shouldFinish: nil, completion: nil)
                    return .sheet(vc)
                case .cart:
                    let cart = CartCoordinator()
                    return .multiple(.present(cart), .trigger(.item("y"), on: self), deepLink(.item("z"), CartRoute.overview))
                case .close:
                    return .dismiss()
        """, extra: [
            "Transition+App.swift": """
            import XCoordinator
            extension Transition {
                static func sheet(_ presentable: Presentable) -> Transition {
                    presentable.viewController?.modalPresentationStyle = .pageSheet
                    return .present(presentable)
                }
            }
            """,
            "Cart.swift": """
            import XCoordinator
            enum CartRoute: Route { case overview }
            final class CartCoordinator: ViewCoordinator<CartRoute> {
                override func prepareTransition(for route: CartRoute) -> ViewTransition { .show(CartViewController()) }
            }
            final class CartViewController: UIViewController {}
            """,
        ]))
        let edges = Set(report.graph.edges.map { "\($0.from) -\($0.kind.rawValue)-> \($0.to) [\($0.mechanism ?? "")] @\($0.file):\($0.line)" })
        // The app's `.sheet` is drawn where the arm uses it, not inside the extension.
        XCTAssertTrue(edges.contains("coordinator:ShopCoordinator -presents-> screen:ItemViewController [present] @Shop.swift:20"), "\(edges)")
        XCTAssertTrue(edges.contains("route:ShopRoute.cart -route-> route:ShopRoute.item [] @Shop.swift:23"))
        XCTAssertTrue(edges.contains("route:ShopRoute.cart -route-> route:CartRoute.overview [] @Shop.swift:23"))
        XCTAssertTrue(edges.contains("coordinator:CartCoordinator -shows-> screen:CartViewController [show] @Cart.swift:4"))
        XCTAssertEqual(report.graph.node("route:ShopRoute.close")?.reachable, true)
        XCTAssertEqual(report.graph.node("route:CartRoute.overview")?.reachable, true)
        XCTAssertEqual(findingList(report), [])
    }

    func testOwnDismissFinishesAPresentedFlow() throws {
        let report = try analyzeSources(Self.app(arms: Self.listArm + """

                case .item, .close:
                    return .none()
                case .cart:
                    return .present(CartCoordinator())
        """, extra: ["Cart.swift": """
            import XCoordinator
            enum CartRoute: Route { case overview, done }
            final class CartCoordinator: NavigationCoordinator<CartRoute> {
                init() { super.init(initialRoute: .overview) }
                override func prepareTransition(for route: CartRoute) -> NavigationTransition {
                    switch route {
                    case .overview:
                        let vc = CartViewController()
                        vc.router = unownedRouter
                        return .push(vc)
                    case .done:
                        return .dismiss()
                    }
                }
            }
            final class CartViewController: UIViewController {
                var router: UnownedRouter<CartRoute>!
                @objc func doneTapped() { router.trigger(.done) }
            }
            """]))
        XCTAssertTrue(report.graph.edges.contains { $0.from == "coordinator:CartCoordinator" && $0.to == "coordinator:ShopCoordinator"
            && $0.kind == .finishes && $0.file == "Cart.swift" && $0.line == 12 })
        // ShopCoordinator presents the cart, so its own `.dismiss()` would close that, not ShopCoordinator.
        XCTAssertFalse(report.graph.edges.contains { $0.from == "coordinator:ShopCoordinator" && $0.kind == .finishes })
    }

    func testARouterKnownOnlyByItsTypeReachesTheCoordinatorServingItsRoute() throws {
        // `.close` is a case of two enums; the view model's `UnownedRouter<ShopRoute>` says which. The router
        // value is not traced here (it comes from a factory navgraph cannot see), so the route type decides.
        let report = try analyzeSources(Self.app(arms: Self.listArm + """

                case .item, .cart:
                    return .none()
                case .close:
                    return .popToRoot()
        """, extra: ["Help.swift": """
            import XCoordinator
            enum HelpRoute: Route { case close }
            final class HelpViewModel {
                private let router: UnownedRouter<ShopRoute>
                init(router: UnownedRouter<ShopRoute>) { self.router = router }
                func done() { router.trigger(.close) }
            }
            final class HelpViewController: UIViewController {
                let viewModel = HelpViewModel(router: Factory.router())
                @objc func doneTapped() { viewModel.done() }
            }
            """, "Shop+Help.swift": """
            extension ListViewController {
                @objc func helpTapped() { present(HelpViewController(), animated: true) }
            }
            """]))
        let path = try XCTUnwrap(report.graph.paths.first { $0.sender == "screen:HelpViewController" })
        XCTAssertEqual(path.action, "action:trigger(ShopRoute.close)")
        XCTAssertEqual(path.handledBy, "coordinator:ShopCoordinator")
        XCTAssertEqual(report.graph.node("route:ShopRoute.close")?.reachable, true)
        XCTAssertEqual(report.graph.node("route:HelpRoute.close")?.reachable, false)
    }

    func testNotDetectedWithoutTheImport() throws {
        let g = try analyzeSources(["App.swift": """
            enum AppRoute { case home }
            class BaseCoordinator { func start() {} }
            @main final class AppDelegate: UIResponder, UIApplicationDelegate {}
            """]).graph
        XCTAssertFalse(g.families.contains("xcoordinator"))
    }
}

/// XCoordinatorRx's `router.rx.trigger(.x)` and XCoordinatorCombine's `router.publishers.trigger(.x)` from a
/// view model trigger the route where they are written: what subscribes to the observable or future is
/// code navgraph does not follow, so it is assumed to.
final class XCoordinatorReactiveTests: XCTestCase {
    static let source = """
        import UIKit
        import Combine
        import RxSwift
        import XCoordinator
        import XCoordinatorRx
        import XCoordinatorCombine

        final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
            var window: UIWindow?
            let router = GardenCoordinator().strongRouter
            func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                router.setRoot(for: window!)
            }
        }
        enum GardenRoute: Route {
            case beds
            case plant(String)
            case journal
            case weather
        }
        final class GardenCoordinator: NavigationCoordinator<GardenRoute> {
            init() { super.init(initialRoute: .beds) }
            override func prepareTransition(for route: GardenRoute) -> NavigationTransition {
                switch route {
                case .beds:
                    let vc = BedsViewController()
                    vc.viewModel = BedsViewModel(router: weakRouter)
                    return .set([vc])
                case .plant:
                    return .push(PlantViewController())
                case .journal:
                    return .present(JournalViewController())
                case .weather:
                    return .push(WeatherViewController())
                }
            }
        }
        final class BedsViewModel {
            private let router: WeakRouter<GardenRoute>
            private let bag = DisposeBag()
            var cancellables = Set<AnyCancellable>()
            init(router: WeakRouter<GardenRoute>) { self.router = router }
            func open(_ id: String) {
                router.rx.trigger(.plant(id)).subscribe().disposed(by: bag)
            }
            func openJournal() {
                router.publishers.trigger(.journal).sink { }.store(in: &cancellables)
            }
        }
        final class BedsViewController: UIViewController {
            var viewModel: BedsViewModel!
            @objc func bedTapped() { viewModel.open("tomato") }
            @objc func journalTapped() { viewModel.openJournal() }
        }
        final class PlantViewController: UIViewController {}
        final class JournalViewController: UIViewController {}
        final class WeatherViewController: UIViewController {}
        """

    func testRxAndCombineTriggersAreSends() throws {
        let report = try analyzeSources(["App.swift": Self.source])
        XCTAssertEqual(graphListing(report), """
            node app:SceneDelegate reachable @App.swift:8
            node coordinator:GardenCoordinator reachable @App.swift:21
            node screen:BedsViewController reachable @App.swift:50
            node screen:JournalViewController reachable @App.swift:56
            node screen:PlantViewController reachable @App.swift:55
            node screen:WeatherViewController unreachable @App.swift:57
            node route:GardenRoute.beds reachable @App.swift:16
            node route:GardenRoute.journal reachable @App.swift:18
            node route:GardenRoute.plant reachable @App.swift:17
            node route:GardenRoute.weather unreachable @App.swift:19
            node action:trigger(GardenRoute.journal) reachable @App.swift:47
            node action:trigger(GardenRoute.plant) reachable @App.swift:44
            edge action:trigger(GardenRoute.journal) -handles-> coordinator:GardenCoordinator @App.swift:23
            edge action:trigger(GardenRoute.plant) -handles-> coordinator:GardenCoordinator @App.swift:23
            edge app:SceneDelegate -starts-> coordinator:GardenCoordinator [setRoot] @App.swift:12
            edge coordinator:GardenCoordinator -shows-> screen:BedsViewController [set] via GardenRoute.beds @App.swift:28
            edge coordinator:GardenCoordinator -presents-> screen:JournalViewController [present] via GardenRoute.journal @App.swift:32
            edge coordinator:GardenCoordinator -shows-> screen:PlantViewController [push] via GardenRoute.plant @App.swift:30
            edge coordinator:GardenCoordinator -shows-> screen:WeatherViewController [push] via GardenRoute.weather (unreachable) @App.swift:34
            edge route:GardenRoute.beds -route-> screen:BedsViewController [set] @App.swift:28
            edge route:GardenRoute.journal -route-> screen:JournalViewController [present] @App.swift:32
            edge route:GardenRoute.plant -route-> screen:PlantViewController [push] @App.swift:30
            edge route:GardenRoute.weather -route-> screen:WeatherViewController [push] (unreachable) @App.swift:34
            edge screen:BedsViewController -sends-> action:trigger(GardenRoute.journal) @App.swift:47
            edge screen:BedsViewController -sends-> action:trigger(GardenRoute.plant) @App.swift:44
            path screen:BedsViewController -> action:trigger(GardenRoute.journal) => coordinator:GardenCoordinator @App.swift:47
            path screen:BedsViewController -> action:trigger(GardenRoute.plant) => coordinator:GardenCoordinator @App.swift:44
            finding dead-route warning GardenRoute.weather @App.swift:19
            finding unreachable-screen warning WeatherViewController @App.swift:57

            """)
    }
}
