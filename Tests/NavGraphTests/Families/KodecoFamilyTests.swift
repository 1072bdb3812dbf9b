import NavGraphKit
import NavGraphModel
import NavGraphPresent
@testable import NavGraphResolve
import XCTest

/// F3 (Kodeco) on small inline apps: what a router's `present` means, delegate actions (handled, never
/// injected, empty), implicit finishes, and Kodeco routers under F5 coordinators.
final class KodecoFamilyTests: XCTestCase {
    /// The Kodeco routers, as the book writes them.
    static let routers = """
    import UIKit
    protocol Router: AnyObject {
        func present(_ viewController: UIViewController, animated: Bool, onDismissed: (() -> Void)?)
        func dismiss(animated: Bool)
    }
    extension Router {
        func present(_ viewController: UIViewController, animated: Bool) {
            present(viewController, animated: animated, onDismissed: nil)
        }
    }
    final class AppDelegateRouter: Router {
        let window: UIWindow
        init(window: UIWindow) { self.window = window }
        func present(_ viewController: UIViewController, animated: Bool, onDismissed: (() -> Void)?) {
            window.rootViewController = viewController
            window.makeKeyAndVisible()
        }
        func dismiss(animated: Bool) {}
    }
    final class NavigationRouter: NSObject, Router {
        private let navigationController: UINavigationController
        private var onDismissForViewController: [UIViewController: () -> Void] = [:]
        init(navigationController: UINavigationController) { self.navigationController = navigationController }
        func present(_ viewController: UIViewController, animated: Bool, onDismissed: (() -> Void)?) {
            onDismissForViewController[viewController] = onDismissed
            navigationController.pushViewController(viewController, animated: animated)
        }
        func dismiss(animated: Bool) { navigationController.popToRootViewController(animated: animated) }
    }
    final class ModalNavigationRouter: NSObject, Router {
        unowned let parentViewController: UIViewController
        private let navigationController = UINavigationController()
        private var onDismissForViewController: [UIViewController: () -> Void] = [:]
        init(parentViewController: UIViewController) { self.parentViewController = parentViewController }
        func present(_ viewController: UIViewController, animated: Bool, onDismissed: (() -> Void)?) {
            onDismissForViewController[viewController] = onDismissed
            if navigationController.viewControllers.isEmpty {
                presentModally(viewController, animated: animated)
            } else {
                navigationController.pushViewController(viewController, animated: animated)
            }
        }
        func dismiss(animated: Bool) {
            if let first = navigationController.viewControllers.first { performOnDismissed(for: first) }
            parentViewController.dismiss(animated: animated)
        }
        private func presentModally(_ viewController: UIViewController, animated: Bool) {
            viewController.navigationItem.leftBarButtonItem = UIBarButtonItem(title: "Cancel", style: .plain, target: self, action: #selector(cancelPressed))
            navigationController.setViewControllers([viewController], animated: false)
            parentViewController.present(navigationController, animated: animated)
        }
        @objc private func cancelPressed() { dismiss(animated: true) }
        private func performOnDismissed(for viewController: UIViewController) {
            guard let onDismiss = onDismissForViewController[viewController] else { return }
            onDismiss()
        }
    }
    """

    static let coordinator = """
    import UIKit
    protocol Coordinator: AnyObject {
        var children: [Coordinator] { get set }
        var router: Router { get }
        func present(animated: Bool, onDismissed: (() -> Void)?)
        func dismiss(animated: Bool)
        func presentChild(_ child: Coordinator, animated: Bool, onDismissed: (() -> Void)?)
    }
    extension Coordinator {
        func dismiss(animated: Bool) { router.dismiss(animated: animated) }
        func presentChild(_ child: Coordinator, animated: Bool, onDismissed: (() -> Void)? = nil) {
            children.append(child)
            child.present(animated: animated, onDismissed: { [weak self, unowned child] in
                self?.children.removeAll { $0 === child }
                onDismissed?()
            })
        }
    }
    """

    static let app = """
    import UIKit
    @main final class AppDelegate: UIResponder, UIApplicationDelegate {
        var window: UIWindow? = UIWindow(frame: UIScreen.main.bounds)
        lazy var router = AppDelegateRouter(window: window!)
        lazy var coordinator = HomeCoordinator(router: router)
        func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
            coordinator.present(animated: true, onDismissed: nil)
            return true
        }
    }
    protocol HomeViewControllerDelegate: AnyObject {
        func homeViewControllerDidTapShop(_ vc: HomeViewController)
        func homeViewControllerDidTapHelp(_ vc: HomeViewController)
    }
    final class HomeViewController: UIViewController {
        weak var delegate: HomeViewControllerDelegate?
        @IBAction func shopTapped() { delegate?.homeViewControllerDidTapShop(self) }
        @IBAction func helpTapped() { delegate?.homeViewControllerDidTapHelp(self) }
    }
    protocol ShelfViewControllerDelegate: AnyObject { func shelfViewController(_ vc: ShelfViewController, didPick item: String) }
    final class ShelfViewController: UIViewController {
        weak var delegate: ShelfViewControllerDelegate?
        @IBAction func itemTapped() { delegate?.shelfViewController(self, didPick: "tea") }
    }
    protocol ItemViewControllerDelegate: AnyObject { func itemViewControllerDidTapBuy(_ vc: ItemViewController) }
    final class ItemViewController: UIViewController {
        weak var delegate: ItemViewControllerDelegate?
        @IBAction func buyTapped() { delegate?.itemViewControllerDidTapBuy(self) }
    }
    final class HomeCoordinator: Coordinator {
        var children: [Coordinator] = []
        let router: Router
        private lazy var home: HomeViewController = {
            let vc = HomeViewController()
            vc.delegate = self
            return vc
        }()
        init(router: Router) { self.router = router }
        func present(animated: Bool, onDismissed: (() -> Void)?) {
            router.present(home, animated: animated, onDismissed: onDismissed)
        }
    }
    extension HomeCoordinator: HomeViewControllerDelegate {
        func homeViewControllerDidTapShop(_ vc: HomeViewController) {
            presentChild(ShopCoordinator(router: ModalNavigationRouter(parentViewController: vc)), animated: true)
        }
        func homeViewControllerDidTapHelp(_ vc: HomeViewController) {
            // Not built yet.
        }
    }
    final class ShopCoordinator: Coordinator {
        var children: [Coordinator] = []
        let router: Router
        init(router: Router) { self.router = router }
        func present(animated: Bool, onDismissed: (() -> Void)?) {
            let shelf = ShelfViewController()
            shelf.delegate = self
            router.present(shelf, animated: animated, onDismissed: onDismissed)
        }
    }
    extension ShopCoordinator: ShelfViewControllerDelegate, ItemViewControllerDelegate {
        func shelfViewController(_ vc: ShelfViewController, didPick item: String) {
            let itemViewController = ItemViewController()
            router.present(itemViewController, animated: true)
        }
        func itemViewControllerDidTapBuy(_ vc: ItemViewController) {
            dismiss(animated: true)
        }
    }
    """

    func testRouterKindsDelegatesAndImplicitFinishes() throws {
        let report = try analyzeSources(["Routers.swift": Self.routers, "Coordinator.swift": Self.coordinator, "App.swift": Self.app])
        let e = edgeList(report)
        let at = { (needle: String) in "App.swift:\(lineOf(needle, Self.app))" }
        XCTAssertEqual(report.graph.families, ["kodeco"])
        XCTAssertTrue(e.contains("app:AppDelegate -starts-> coordinator:HomeCoordinator [present(animated:onDismissed:)] @\(at("coordinator.present(animated: true"))"), e.joined(separator: "\n"))
        // AppDelegateRouter: window root. The edge is at the coordinator's router call.
        XCTAssertTrue(e.contains("coordinator:HomeCoordinator -shows-> screen:HomeViewController [window-root] @\(at("router.present(home"))"))
        // presentChild (a protocol-extension default) starts the child at the app's call.
        XCTAssertTrue(e.contains("coordinator:HomeCoordinator -starts-> coordinator:ShopCoordinator [present(animated:onDismissed:)] @\(at("presentChild(ShopCoordinator"))"))
        // ModalNavigationRouter: the coordinator's first screen is modal, later ones are pushed.
        XCTAssertTrue(e.contains("coordinator:ShopCoordinator -presents-> screen:ShelfViewController [present] @\(at("router.present(shelf"))"))
        XCTAssertTrue(e.contains("coordinator:ShopCoordinator -shows-> screen:ItemViewController [push] @\(at("router.present(itemViewController"))"))
        XCTAssertFalse(e.contains { $0.contains("-shows-> screen:ShelfViewController") || $0.contains("-presents-> screen:ItemViewController") })
        // The Cancel button finishes the flow with no app code.
        XCTAssertTrue(e.contains("coordinator:ShopCoordinator -finishes-> coordinator:HomeCoordinator [implicit] @Routers.swift:\(lineOf("@objc private func cancelPressed", Self.routers))"))
        XCTAssertTrue(e.contains("action:ShelfViewControllerDelegate.shelfViewController(_:didPick:) -handles-> coordinator:ShopCoordinator @\(at("didPick item: String) {"))"))
        // Two defects: a delegate never injected, and an empty implementation.
        XCTAssertEqual(findingList(report), [
            "unhandled-action HomeViewControllerDelegate.homeViewControllerDidTapHelp(_:) @\(at("delegate?.homeViewControllerDidTapHelp(self)"))",
            "unhandled-action ItemViewControllerDelegate.itemViewControllerDidTapBuy(_:) @\(at("delegate?.itemViewControllerDidTapBuy(self)"))",
        ])
        let notes = report.graph.paths.filter { $0.handledBy == nil }.compactMap(\.note).sorted()
        XCTAssertEqual(notes.count, 2)
        XCTAssertTrue(notes[0].contains("`delegate` is never assigned on ItemViewController"), notes[0])
        XCTAssertTrue(notes[1].contains("is empty"), notes[1])
    }

    /// Injecting the delegate and dismissing explicitly: the buy action is handled and finishes the flow
    /// through `router.dismiss` → `onDismissed` → `presentChild`'s closure.
    func testExplicitDismissFinishesThroughOnDismissed() throws {
        let app = Self.app.replacingOccurrences(of: """
                let itemViewController = ItemViewController()

        """, with: """
                let itemViewController = ItemViewController()
                itemViewController.delegate = self

        """)
        XCTAssertNotEqual(app, Self.app)
        let report = try analyzeSources(["Routers.swift": Self.routers, "Coordinator.swift": Self.coordinator, "App.swift": app])
        XCTAssertTrue(edgeList(report).contains("coordinator:ShopCoordinator -finishes-> coordinator:HomeCoordinator [closure] @App.swift:\(lineOf("dismiss(animated: true)", app))"))
        XCTAssertEqual(findingList(report), [
            "unhandled-action HomeViewControllerDelegate.homeViewControllerDidTapHelp(_:) @App.swift:\(lineOf("delegate?.homeViewControllerDidTapHelp(self)", app))",
        ])
    }

    /// A router that takes the stored closure out with `removeValue(forKey:)` instead of reading it with a
    /// subscript: the element taken out is the closure, and the flow still finishes through it.
    func testOnDismissedTakenOutWithRemoveValueStillFinishes() throws {
        let routers = Self.routers.replacingOccurrences(of: """
                guard let onDismiss = onDismissForViewController[viewController] else { return }
        """, with: """
                guard let onDismiss = onDismissForViewController.removeValue(forKey: viewController) else { return }
        """)
        XCTAssertNotEqual(routers, Self.routers)
        let report = try analyzeSources(["Routers.swift": routers, "Coordinator.swift": Self.coordinator, "App.swift": Self.app])
        let e = edgeList(report)
        XCTAssertTrue(e.contains("coordinator:ShopCoordinator -finishes-> coordinator:HomeCoordinator [implicit] @Routers.swift:\(lineOf("@objc private func cancelPressed", routers))"), e.joined(separator: "\n"))
        let subscripted = try analyzeSources(["Routers.swift": Self.routers, "Coordinator.swift": Self.coordinator, "App.swift": Self.app])
        XCTAssertEqual(e, edgeList(subscripted))
    }

    /// F5 coordinators that present through Kodeco routers: both families are active, each by its own
    /// declarations, and the routers keep their meaning (push, and modal for a child's first screen).
    func testKodecoRoutersUnderHackingWithSwiftCoordinators() throws {
        let app = """
        import UIKit
        protocol Coordinator: AnyObject {
            var childCoordinators: [Coordinator] { get set }
            var navigationController: UINavigationController { get set }
            func start()
        }
        class SceneDelegate: UIResponder, UIWindowSceneDelegate {
            var coordinator: MainCoordinator?
            func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
                let nav = UINavigationController()
                coordinator = MainCoordinator(navigationController: nav)
                coordinator?.start()
            }
        }
        final class MainCoordinator: Coordinator {
            var childCoordinators: [Coordinator] = []
            var navigationController: UINavigationController
            private lazy var router: Router = NavigationRouter(navigationController: navigationController)
            init(navigationController: UINavigationController) { self.navigationController = navigationController }
            func start() {
                let vc = ListViewController()
                vc.coordinator = self
                router.present(vc, animated: false)
            }
            func showSettings(from vc: UIViewController) {
                let child = SettingsCoordinator(navigationController: navigationController,
                                                router: ModalNavigationRouter(parentViewController: vc))
                childCoordinators.append(child)
                child.start()
            }
        }
        final class SettingsCoordinator: Coordinator {
            var childCoordinators: [Coordinator] = []
            var navigationController: UINavigationController
            let router: Router
            init(navigationController: UINavigationController, router: Router) {
                self.navigationController = navigationController
                self.router = router
            }
            func start() { router.present(SettingsViewController(), animated: true) }
        }
        final class ListViewController: UIViewController {
            weak var coordinator: MainCoordinator?
            @IBAction func settingsTapped() { coordinator?.showSettings(from: self) }
        }
        final class SettingsViewController: UIViewController {}
        """
        let report = try analyzeSources(["Routers.swift": Self.routers, "App.swift": app])
        XCTAssertEqual(report.graph.families, ["hackingwithswift", "kodeco"])
        let e = edgeList(report)
        XCTAssertTrue(e.contains("coordinator:MainCoordinator -shows-> screen:ListViewController [push] @App.swift:\(lineOf("router.present(vc, animated: false)", app))"), e.joined(separator: "\n"))
        XCTAssertTrue(e.contains("coordinator:MainCoordinator -starts-> coordinator:SettingsCoordinator [start()] @App.swift:\(lineOf("child.start()", app))"))
        XCTAssertTrue(e.contains("coordinator:SettingsCoordinator -presents-> screen:SettingsViewController [present] @App.swift:\(lineOf("router.present(SettingsViewController()", app))"))
        XCTAssertTrue(e.contains("coordinator:SettingsCoordinator -finishes-> coordinator:MainCoordinator [implicit] @Routers.swift:\(lineOf("@objc private func cancelPressed", Self.routers))"))
        XCTAssertEqual(Set(report.graph.nodes.filter { $0.kind == .coordinator }.map { "\($0.name) \($0.family ?? "-")" }),
                       ["MainCoordinator hackingwithswift", "SettingsCoordinator hackingwithswift"])
        XCTAssertEqual(findingList(report), [])
    }

    /// Home presents flow 0 and each flow the next, each with a `ModalNavigationRouter` of its own; each
    /// flow's Done button dismisses it, which runs the `onDismissed` its router keeps.
    static func flowsApp(_ flows: Int) -> String {
        let ids = 0..<flows
        return """
        import UIKit
        @main final class AppDelegate: UIResponder, UIApplicationDelegate {
            var window: UIWindow? = UIWindow(frame: UIScreen.main.bounds)
            lazy var coordinator = HomeCoordinator(router: AppDelegateRouter(window: window!))
            func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                coordinator.present(animated: true, onDismissed: nil)
                return true
            }
        }
        protocol HomeViewControllerDelegate: AnyObject { func homeViewControllerDidTapStart(_ vc: HomeViewController) }
        final class HomeViewController: UIViewController {
            weak var delegate: HomeViewControllerDelegate?
            @IBAction func startTapped() { delegate?.homeViewControllerDidTapStart(self) }
        }
        final class HomeCoordinator: Coordinator, HomeViewControllerDelegate {
            var children: [Coordinator] = []
            let router: Router
            init(router: Router) { self.router = router }
            func present(animated: Bool, onDismissed: (() -> Void)?) {
                let home = HomeViewController()
                home.delegate = self
                router.present(home, animated: animated, onDismissed: onDismissed)
            }
            func homeViewControllerDidTapStart(_ vc: HomeViewController) {
                presentChild(Flow0Coordinator(router: ModalNavigationRouter(parentViewController: vc)), animated: true)
            }
        }
        \(ids.map { i in """
        protocol Flow\(i)ViewControllerDelegate: AnyObject {
            func flow\(i)ViewControllerDidTapDone(_ vc: Flow\(i)ViewController)
            func flow\(i)ViewControllerDidTapNext(_ vc: Flow\(i)ViewController)
        }
        final class Flow\(i)ViewController: UIViewController {
            weak var delegate: Flow\(i)ViewControllerDelegate?
            @IBAction func doneTapped() { delegate?.flow\(i)ViewControllerDidTapDone(self) }
            @IBAction func nextTapped() { delegate?.flow\(i)ViewControllerDidTapNext(self) }
        }
        final class Flow\(i)Coordinator: Coordinator, Flow\(i)ViewControllerDelegate {
            var children: [Coordinator] = []
            let router: Router
            init(router: Router) { self.router = router }
            func present(animated: Bool, onDismissed: (() -> Void)?) {
                let vc = Flow\(i)ViewController()
                vc.delegate = self
                router.present(vc, animated: animated, onDismissed: onDismissed)
            }
            func flow\(i)ViewControllerDidTapDone(_ vc: Flow\(i)ViewController) { dismiss(animated: true) }
            func flow\(i)ViewControllerDidTapNext(_ vc: Flow\(i)ViewController) {
                \(i + 1 < flows ? "presentChild(Flow\(i + 1)Coordinator(router: ModalNavigationRouter(parentViewController: vc)), animated: true)" : "")
            }
        }
        """ }.joined(separator: "\n"))
        """
    }

    /// A router class every flow makes keeps each flow's `onDismissed` apart: a flow's Done action reaches
    /// its own coordinator and the one that presented it, not every flow's. (With one set of property
    /// values per type, each chain listed all the flows, and an app of N flows did N² to N³ calls.)
    func testEachRouterInstanceKeepsItsOwnDismissHandlers() throws {
        let flows = 6
        let report = try analyzeSources(["Routers.swift": Self.routers, "Coordinator.swift": Self.coordinator, "App.swift": Self.flowsApp(flows)])
        let chains = report.graph.paths.filter { $0.action.hasSuffix("DidTapDone(_:)") }.map { "\($0.sender) \($0.chain)" }.sorted()
        func parent(_ i: Int) -> String { i == 0 ? "HomeCoordinator" : "Flow\(i - 1)Coordinator" }
        XCTAssertEqual(chains, (0..<flows).map { "screen:Flow\($0)ViewController [\"Flow\($0)ViewController\", \"Flow\($0)Coordinator\", \"\(parent($0))\"]" }.sorted())
        let finishes = edgeList(report).filter { $0.contains("-finishes->") }.map { $0.components(separatedBy: " @")[0] }.sorted()
        // Done finishes a flow through its router's `onDismissed` (closure), Cancel with no app code (implicit).
        XCTAssertEqual(finishes, (0..<flows).flatMap { i in ["closure", "implicit"].map { "coordinator:Flow\(i)Coordinator -finishes-> coordinator:\(parent(i)) [\($0)]" } }.sorted())
        XCTAssertEqual(findingList(report), ["unhandled-action Flow\(flows - 1)ViewControllerDelegate.flow\(flows - 1)ViewControllerDidTapNext(_:) @App.swift:\(lineOf("@IBAction func nextTapped() { delegate?.flow\(flows - 1)ViewControllerDidTapNext", Self.flowsApp(flows)))"])

        let interp = resolveSources(["Routers.swift": Self.routers, "Coordinator.swift": Self.coordinator, "App.swift": Self.flowsApp(flows)])
        XCTAssertEqual(interp.sitedTypes, ["AppDelegateRouter", "ModalNavigationRouter", "NavigationRouter"])
        // One instance per constructor call that ran: the app delegate's router and each flow's.
        let app = Self.flowsApp(flows)
        let calls = ["AppDelegateRouter(window: window!)", "Flow0Coordinator(router: ModalNavigationRouter("]
            + (1..<flows).map { "Flow\($0)Coordinator(router: ModalNavigationRouter(" }
        // Each made outside any other helper instance.
        XCTAssertEqual(interp.objectSites.keys.map { "\($0.call.description) in \($0.enclosing?.description ?? "-")" }.sorted(),
                       calls.map { "App.swift:\(lineOf($0, app)) in -" }.sorted())
        // Each flow's router, by the call that made it, holds exactly the view controller that presented it.
        var parentByCall: [String: Values] = [:]
        for (cell, values) in interp.heap where cell.first.hasPrefix("ModalNavigationRouter@") && cell.second == "parentViewController" {
            let call = Int(cell.first.dropFirst("ModalNavigationRouter@".count)).map { interp.siteCalls[$0].description } ?? cell.first
            parentByCall[call] = values
        }
        XCTAssertEqual(parentByCall, Dictionary(uniqueKeysWithValues: (0..<flows).map { i in
            ("App.swift:\(lineOf("Flow\(i)Coordinator(router: ModalNavigationRouter(", app))",
             [Value.object(i == 0 ? "HomeViewController" : "Flow\(i - 1)ViewController")])
        }))
    }
}
