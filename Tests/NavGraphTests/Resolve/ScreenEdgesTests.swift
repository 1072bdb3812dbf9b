import NavGraphKit
import NavGraphModel
import XCTest

/// Edges that start at a screen rather than a coordinator: a screen that creates and starts a coordinator
/// (`spawns`), a screen presenting another screen directly, and child view controllers a screen embeds.
final class ScreenEdgesTests: XCTestCase {
    static let root = """
    protocol Coordinator: AnyObject { var childCoordinators: [Coordinator] { get set }; var navigationController: UINavigationController { get set }; func start() }
    @main class AppDelegate: UIResponder, UIApplicationDelegate {
        let coordinator = MainCoordinator(navigationController: UINavigationController())
        func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
            coordinator.start()
            return true
        }
    }
    final class MainCoordinator: Coordinator {
        var childCoordinators: [Coordinator] = []
        var navigationController: UINavigationController
        init(navigationController: UINavigationController) { self.navigationController = navigationController }
        func start() { navigationController.pushViewController(HomeViewController(), animated: false) }
    }
    """

    func edges(_ g: NavGraph) -> Set<String> {
        Set(g.edges.map { "\($0.from) -\($0.kind.rawValue)-> \($0.to) @\($0.file):\($0.line)\($0.reachable ? "" : " (unreachable)")" })
    }

    func testAScreenThatStartsACoordinatorSpawnsItAndKeepsItReachable() throws {
        let report = try analyzeSources(["App.swift": Self.root, "Home.swift": """
            final class HomeViewController: UIViewController {
                private var checkout: CheckoutCoordinator?
                @objc func buyTapped() {
                    let c = CheckoutCoordinator(navigationController: navigationController!)
                    checkout = c
                    c.start()
                }
            }
            final class CheckoutCoordinator: Coordinator {
                var childCoordinators: [Coordinator] = []
                var navigationController: UINavigationController
                init(navigationController: UINavigationController) { self.navigationController = navigationController }
                func start() { navigationController.pushViewController(PaymentViewController(), animated: true) }
            }
            final class PaymentViewController: UIViewController {}
            """])
        let e = edges(report.graph)
        XCTAssertTrue(e.contains("screen:HomeViewController -spawns-> coordinator:CheckoutCoordinator @Home.swift:6"), "\(e)")
        XCTAssertTrue(e.contains("coordinator:CheckoutCoordinator -shows-> screen:PaymentViewController @Home.swift:13"))
        XCTAssertEqual(report.graph.node("coordinator:CheckoutCoordinator")?.reachable, true)
        XCTAssertEqual(findingList(report), [])
    }

    func testAScreenPresentingAnotherScreenDirectlyIsAnEdge() throws {
        let report = try analyzeSources(["App.swift": Self.root, "Home.swift": """
            final class HomeViewController: UIViewController {
                @objc func helpTapped() {
                    present(HelpViewController(), animated: true)
                }
                @objc func aboutTapped() {
                    navigationController?.pushViewController(AboutViewController(), animated: true)
                }
            }
            final class HelpViewController: UIViewController {}
            final class AboutViewController: UIViewController {}
            """])
        let e = edges(report.graph)
        XCTAssertTrue(e.contains("screen:HomeViewController -presents-> screen:HelpViewController @Home.swift:3"), "\(e)")
        XCTAssertTrue(e.contains("screen:HomeViewController -shows-> screen:AboutViewController @Home.swift:6"))
        XCTAssertEqual(findingList(report), [])
    }

    func testChildViewControllersEmbeddedByAScreenAreReachableThroughIt() throws {
        let report = try analyzeSources(["App.swift": Self.root, "Home.swift": """
            final class ContainerView: UIView {
                func set(_ viewController: UIViewController) {}
            }
            final class HomeViewController: UIViewController {
                private let summary = SummaryViewController()
                override func viewDidLoad() {
                    super.viewDidLoad()
                    addChild(summary)
                    view.addSubview(summary.view)
                    summary.didMove(toParent: self)
                    embed(ChartViewController())
                }
                private func embed(_ child: UIViewController) {
                    addChild(child)
                    child.didMove(toParent: self)
                }
            }
            final class SummaryViewController: UIViewController {}
            final class ChartViewController: UIViewController {}
            final class UnusedViewController: UIViewController {}
            """])
        let e = edges(report.graph)
        XCTAssertTrue(e.contains("screen:HomeViewController -shows-> screen:SummaryViewController @Home.swift:8"), "\(e)")
        XCTAssertTrue(e.contains("screen:HomeViewController -shows-> screen:ChartViewController @Home.swift:14"))
        XCTAssertEqual(findingList(report), ["unreachable-screen UnusedViewController @Home.swift:20"])
    }

    func testAContainerSetMethodThatEmbedsIsFollowed() throws {
        // F4 containers embed with `container.set(vc)`; the container's `set` adds the child.
        let report = try analyzeSources(["App.swift": Self.root, "Home.swift": """
            final class ContainerViewController: UIViewController {
                func set(_ viewController: UIViewController) {
                    addChild(viewController)
                    view.addSubview(viewController.view)
                    viewController.didMove(toParent: self)
                }
            }
            final class HomeViewController: UIViewController {
                let container = ContainerViewController()
                override func viewDidLoad() {
                    super.viewDidLoad()
                    addChild(container)
                    container.set(FeedViewController())
                }
            }
            final class FeedViewController: UIViewController {}
            """])
        let e = edges(report.graph)
        XCTAssertTrue(e.contains("screen:HomeViewController -shows-> screen:ContainerViewController @Home.swift:12"), "\(e)")
        XCTAssertTrue(e.contains("screen:ContainerViewController -shows-> screen:FeedViewController @Home.swift:3"), "\(e)")
        XCTAssertEqual(report.graph.node("screen:FeedViewController")?.reachable, true)
        XCTAssertEqual(findingList(report), [])
    }
}
