import NavGraphKit
import NavGraphModel
import NavGraphPresent
import XCTest

/// F2 (ApplicationCoordinator) on small inline apps: factories returning protocol types and tuples,
/// `toPresent()`, closures assigned by coordinators (actions and finishes), closures returned by methods,
/// and deep-link options forwarded to children.
final class ApplicationCoordinatorFamilyTests: XCTestCase {
    /// The F2 core every app here shares: `BaseCoordinator`, `Presentable`, `Router`/`RouterImp`.
    static let core = """
    import UIKit
    protocol Coordinator: AnyObject {
        func start()
        func start(with option: DeepLink?)
    }
    class BaseCoordinator: Coordinator {
        var childCoordinators: [Coordinator] = []
        func start() { start(with: nil) }
        func start(with option: DeepLink?) {}
        func addDependency(_ coordinator: Coordinator) { childCoordinators.append(coordinator) }
        func removeDependency(_ coordinator: Coordinator?) { childCoordinators.removeAll { $0 === coordinator } }
    }
    protocol Presentable { func toPresent() -> UIViewController? }
    extension UIViewController: Presentable { func toPresent() -> UIViewController? { return self } }
    protocol Router: Presentable {
        func setRootModule(_ module: Presentable?)
        func present(_ module: Presentable?)
        func dismissModule()
    }
    final class RouterImp: NSObject, Router {
        private weak var rootController: UINavigationController?
        init(rootController: UINavigationController) { self.rootController = rootController }
        func toPresent() -> UIViewController? { return rootController }
        func setRootModule(_ module: Presentable?) {
            guard let controller = module?.toPresent() else { return }
            rootController?.setViewControllers([controller], animated: false)
        }
        func present(_ module: Presentable?) {
            guard let controller = module?.toPresent() else { return }
            rootController?.present(controller, animated: true, completion: nil)
        }
        func dismissModule() { rootController?.dismiss(animated: true, completion: nil) }
    }
    """

    static let app = """
    import UIKit
    enum DeepLink { case checkout }
    @main final class AppDelegate: UIResponder, UIApplicationDelegate {
        var window: UIWindow?
        lazy var appCoordinator: Coordinator = makeCoordinator()
        func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
            appCoordinator.start(with: .checkout)
            return true
        }
        private func makeCoordinator() -> Coordinator {
            return AppCoordinator(router: RouterImp(rootController: window!.rootViewController as! UINavigationController),
                                  factory: FactoryImp())
        }
    }
    protocol HomeView: BaseView { var onCheckout: (() -> Void)? { get set } }
    protocol BaseView: Presentable {}
    final class HomeController: UIViewController, HomeView {
        var onCheckout: (() -> Void)?
        @IBAction func checkoutTapped() { onCheckout?() }
    }
    protocol CheckoutView: BaseView { var onDone: (() -> Void)? { get set } }
    final class CheckoutController: UIViewController, CheckoutView {
        var onDone: (() -> Void)?
        @IBAction func doneTapped() { onDone?() }
    }
    protocol CheckoutCoordinatorOutput: AnyObject { var finishFlow: (() -> Void)? { get set } }
    protocol Factory {
        func makeHomeOutput() -> HomeView
        func makeCheckoutBox() -> (configurator: Coordinator & CheckoutCoordinatorOutput, toPresent: Presentable?)
    }
    final class FactoryImp: Factory {
        func makeHomeOutput() -> HomeView { return HomeController() }
        func makeCheckoutBox() -> (configurator: Coordinator & CheckoutCoordinatorOutput, toPresent: Presentable?) {
            let modalRouter = RouterImp(rootController: UINavigationController())
            let coordinator = CheckoutCoordinator(router: modalRouter)
            return (coordinator, modalRouter)
        }
    }
    final class AppCoordinator: BaseCoordinator {
        private let router: Router
        private let factory: Factory
        init(router: Router, factory: Factory) {
            self.router = router
            self.factory = factory
        }
        override func start(with option: DeepLink?) {
            let home = factory.makeHomeOutput()
            home.onCheckout = { [weak self] in self?.runCheckout() }
            router.setRootModule(home)
            if let option = option {
                switch option {
                case .checkout: runCheckout()
                }
            }
        }
        private func runCheckout() {
            let (coordinator, module) = factory.makeCheckoutBox()
            coordinator.finishFlow = { [weak self, weak coordinator] in
                self?.router.dismissModule()
                self?.removeDependency(coordinator)
            }
            addDependency(coordinator)
            router.present(module)
            coordinator.start()
        }
    }
    final class CheckoutCoordinator: BaseCoordinator, CheckoutCoordinatorOutput {
        var finishFlow: (() -> Void)?
        private let router: Router
        init(router: Router) { self.router = router }
        override func start() {
            let checkout = CheckoutController()
            checkout.onDone = { [weak self] in self?.finishFlow?() }
            router.setRootModule(checkout)
        }
    }
    """

    func testFactoriesTuplesToPresentAndFinishClosures() throws {
        let report = try analyzeSources(["Core.swift": Self.core, "App.swift": Self.app])
        let e = edgeList(report)
        let at = { (needle: String) in "App.swift:\(lineOf(needle, Self.app))" }
        // Router calls reach RouterImp through `Router`; the edge is where the coordinator called the router.
        XCTAssertTrue(e.contains("coordinator:AppCoordinator -shows-> screen:HomeController [setViewControllers] @\(at("router.setRootModule(home)"))"), e.joined(separator: "\n"))
        // `let (coordinator, module) = factory.makeCheckoutBox()`: the tuple's parts, from FactoryImp's body.
        XCTAssertTrue(e.contains("coordinator:AppCoordinator -starts-> coordinator:CheckoutCoordinator [start()] @\(at("coordinator.start()"))"))
        // Presenting the child's router (a Presentable whose toPresent() is its navigation controller) presents the child.
        XCTAssertTrue(e.contains("coordinator:AppCoordinator -presents-> coordinator:CheckoutCoordinator [present] @\(at("router.present(module)"))"))
        XCTAssertTrue(e.contains("coordinator:CheckoutCoordinator -shows-> screen:CheckoutController [setViewControllers] @\(at("router.setRootModule(checkout)"))"))
        // The child invokes the closure its parent assigned: an action the parent handles, and a finish.
        XCTAssertTrue(e.contains("coordinator:CheckoutCoordinator -sends-> action:CheckoutCoordinatorOutput.finishFlow @\(at("self?.finishFlow?()"))"))
        XCTAssertTrue(e.contains("action:CheckoutCoordinatorOutput.finishFlow -handles-> coordinator:AppCoordinator @\(at("coordinator.finishFlow = {"))"))
        XCTAssertTrue(e.contains("coordinator:CheckoutCoordinator -finishes-> coordinator:AppCoordinator [closure] @\(at("self?.finishFlow?()"))"))
        XCTAssertTrue(e.contains("action:HomeView.onCheckout -handles-> coordinator:AppCoordinator @\(at("home.onCheckout = {"))"))
        // The abstract BaseCoordinator is not a coordinator of its own.
        XCTAssertNil(report.graph.node("coordinator:BaseCoordinator"))
        XCTAssertEqual(report.graph.families, ["applicationcoordinator"])
        XCTAssertEqual(findingList(report), [])
    }

    /// A helper `start()` calls, in a coordinator whose `start(with:)` calls `start()`: `start(with:)` never
    /// runs reachably, so it is run once more as unreachable code, outside any route; the helper it reaches
    /// ran reachably already (under the route that started the coordinator) and is no dead route.
    func testAHelperThatRanReachablyIsNoDeadRouteWhenUnreachableCodeReachesItAgain() throws {
        let app = Self.app.replacingOccurrences(of: """
            override func start() {
                let checkout = CheckoutController()
        """, with: """
            override func start(with option: DeepLink?) { start() }
            override func start() { showCheckout() }
            private func showCheckout() {
                let checkout = CheckoutController()
        """)
        XCTAssertNotEqual(app, Self.app)
        let report = try analyzeSources(["Core.swift": Self.core, "App.swift": app])
        let base = try analyzeSources(["Core.swift": Self.core, "App.swift": Self.app])
        XCTAssertFalse(findingList(report).contains { $0.contains("showCheckout") }, findingList(report).joined(separator: "\n"))
        XCTAssertEqual(findingList(report), findingList(base))
        XCTAssertTrue(edgeList(report).contains { $0.contains("-shows-> screen:CheckoutController") && !$0.contains("unreachable") }, edgeList(report).joined(separator: "\n"))
    }

    func testFinishClosureNobodyAssignsIsUnhandled() throws {
        let app = Self.app.replacingOccurrences(of: """
                coordinator.finishFlow = { [weak self, weak coordinator] in
                    self?.router.dismissModule()
                    self?.removeDependency(coordinator)
                }

        """, with: "")
        XCTAssertNotEqual(app, Self.app)
        let report = try analyzeSources(["Core.swift": Self.core, "App.swift": app])
        XCTAssertEqual(findingList(report), [
            "unhandled-action CheckoutCoordinatorOutput.finishFlow @App.swift:\(lineOf("self?.finishFlow?()", app))",
        ])
        XCTAssertFalse(report.graph.edges.contains { $0.kind == .finishes })
    }

    /// `let box = factory.makeCheckoutBox()` used through its labels instead of destructuring.
    func testTupleLabelsFromTheDeclaredReturnType() throws {
        let app = Self.app.replacingOccurrences(of: """
                let (coordinator, module) = factory.makeCheckoutBox()
        """, with: """
                let box = factory.makeCheckoutBox()
                let coordinator = box.configurator
                let module = box.1
        """)
        let report = try analyzeSources(["Core.swift": Self.core, "App.swift": app])
        let e = edgeList(report)
        XCTAssertTrue(e.contains("coordinator:AppCoordinator -starts-> coordinator:CheckoutCoordinator [start()] @App.swift:\(lineOf("coordinator.start()", app))"))
        XCTAssertTrue(e.contains("coordinator:AppCoordinator -presents-> coordinator:CheckoutCoordinator [present] @App.swift:\(lineOf("router.present(module)", app))"))
        XCTAssertEqual(findingList(report), [])
    }

    /// Tabs: `tabView.onFirstTab = runFirstFlow()` assigns a closure a method returns; the child is created
    /// inside it when the tab bar calls it.
    func testClosuresReturnedByMethodsAreFollowed() throws {
        let app = """
        import UIKit
        struct DeepLink {}
        @main final class AppDelegate: UIResponder, UIApplicationDelegate {
            var window: UIWindow?
            lazy var coordinator = TabCoordinator(tabView: TabController())
            func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                window?.rootViewController = coordinator.tabView
                coordinator.start()
                return true
            }
        }
        protocol TabView: AnyObject { var onFirstTab: ((UINavigationController) -> Void)? { get set } }
        final class TabController: UITabBarController, TabView {
            var onFirstTab: ((UINavigationController) -> Void)?
            override func viewDidLoad() {
                super.viewDidLoad()
                if let nav = viewControllers?.first as? UINavigationController { onFirstTab?(nav) }
            }
        }
        final class FeedController: UIViewController {}
        final class TabCoordinator: BaseCoordinator {
            let tabView: TabController
            init(tabView: TabController) { self.tabView = tabView }
            override func start() {
                tabView.onFirstTab = runFirstFlow()
            }
            private func runFirstFlow() -> ((UINavigationController) -> Void) {
                return { [unowned self] navController in
                    let feed = FeedCoordinator(router: RouterImp(rootController: navController))
                    self.addDependency(feed)
                    feed.start()
                }
            }
        }
        final class FeedCoordinator: BaseCoordinator {
            private let router: Router
            init(router: Router) { self.router = router }
            override func start() { router.setRootModule(FeedController()) }
        }
        """
        let report = try analyzeSources(["Core.swift": Self.core, "App.swift": app])
        let e = edgeList(report)
        XCTAssertTrue(e.contains("coordinator:TabCoordinator -starts-> coordinator:FeedCoordinator [start()] @App.swift:\(lineOf("feed.start()", app))"), e.joined(separator: "\n"))
        XCTAssertTrue(e.contains("coordinator:FeedCoordinator -shows-> screen:FeedController [setViewControllers] @App.swift:\(lineOf("router.setRootModule(FeedController())", app))"))
        XCTAssertTrue(e.contains("action:TabView.onFirstTab -handles-> coordinator:TabCoordinator @App.swift:\(lineOf("return { [unowned self] navController in", app))"))
        XCTAssertEqual(findingList(report), [])
    }

    /// `default:` forwards the option to the children; a child that only overrides `start()` runs the
    /// base class's empty `start(with:)`, so the option is dead. A child overriding `start(with:)` keeps it alive.
    func testDeepLinksForwardedToChildrenWithTheEmptyBaseAreDead() throws {
        func app(childHandlesLinks: Bool) -> String {
            """
            import UIKit
            enum DeepLink { case feed, item }
            @main final class AppDelegate: UIResponder, UIApplicationDelegate {
                lazy var coordinator: Coordinator = AppCoordinator(router: RouterImp(rootController: UINavigationController()))
                func application(_ application: UIApplication, continue userActivity: NSUserActivity) -> Bool {
                    coordinator.start(with: userActivity.title == "feed" ? .feed : .item)
                    return true
                }
            }
            final class FeedController: UIViewController {}
            final class ItemController: UIViewController {}
            final class AppCoordinator: BaseCoordinator {
                private let router: Router
                init(router: Router) { self.router = router }
                override func start(with option: DeepLink?) {
                    guard let option = option else { return }
                    switch option {
                    case .feed:
                        let feed = FeedCoordinator(router: router)
                        addDependency(feed)
                        feed.start()
                    default:
                        childCoordinators.forEach { $0.start(with: option) }
                    }
                }
            }
            final class FeedCoordinator: BaseCoordinator {
                private let router: Router
                init(router: Router) { self.router = router }
                override func start() { router.setRootModule(FeedController()) }
            \(childHandlesLinks ? "    override func start(with option: DeepLink?) { router.setRootModule(ItemController()) }" : "")
            }
            """
        }
        let dead = try analyzeSources(["Core.swift": Self.core, "App.swift": app(childHandlesLinks: false)])
        XCTAssertEqual(findingList(dead), [
            "dead-route DeepLink.item @App.swift:2",
            "unreachable-screen ItemController @App.swift:\(lineOf("class ItemController", app(childHandlesLinks: false)))",
        ])
        let alive = try analyzeSources(["Core.swift": Self.core, "App.swift": app(childHandlesLinks: true)])
        XCTAssertEqual(findingList(alive), [])
        XCTAssertTrue(edgeList(alive).contains { $0.hasPrefix("coordinator:FeedCoordinator -shows-> screen:ItemController") })
    }

    /// Names alone do not make a family: a `BaseCoordinator` class without dependencies and a `Router`
    /// protocol of another shape leave an F5 app an F5 app.
    func testDetectionIsByDeclarationNotByName() throws {
        let report = try analyzeSources(["App.swift": """
        import UIKit
        protocol Coordinator: AnyObject { var childCoordinators: [Coordinator] { get set }; var navigationController: UINavigationController { get set }; func start() }
        protocol Router { func route(to path: String) }
        class BaseCoordinator {}
        @main class AppDelegate: UIResponder, UIApplicationDelegate {
            let coordinator = MainCoordinator(navigationController: UINavigationController())
            func application() { coordinator.start() }
        }
        final class MainCoordinator: BaseCoordinator, Coordinator {
            var childCoordinators: [Coordinator] = []
            var navigationController: UINavigationController
            init(navigationController: UINavigationController) { self.navigationController = navigationController }
            func start() { navigationController.pushViewController(HomeViewController(), animated: false) }
        }
        final class HomeViewController: UIViewController {}
        """])
        XCTAssertEqual(report.graph.families, ["hackingwithswift"])
        XCTAssertEqual(findingList(report), [])
    }
}

/// Every edge as `from -kind-> to [mechanism] (unreachable) @file:line`.
func edgeList(_ report: AnalysisReport) -> [String] {
    report.graph.edges.map { e in
        var l = "\(e.from) -\(e.kind.rawValue)-> \(e.to)"
        if let m = e.mechanism { l += " [\(m)]" }
        if !e.reachable { l += " (unreachable)" }
        return l + " @\(e.file):\(e.line)"
    }
}

/// The 1-based line of the first line containing `needle`.
func lineOf(_ needle: String, _ source: String) -> Int {
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
    guard let i = lines.firstIndex(where: { $0.contains(needle) }) else {
        XCTFail("`\(needle)` not found")
        return 0
    }
    return i + 1
}
