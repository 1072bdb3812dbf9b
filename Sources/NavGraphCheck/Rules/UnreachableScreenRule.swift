import NavGraphModel

/// A view controller that no path from the app's root shows.
public struct UnreachableScreenRule: Rule {
    public init() {}
    public static let description = RuleDescription(
        id: "unreachable-screen",
        name: "Unreachable screen",
        summary: "A view controller that no coordinator, route or screen reachable from the app's root ever shows, and that no code that may run names (one that such code names is unknown: its node says who names it).",
        rationale: "An unreachable screen is dead code users cannot see, or a flow someone forgot to wire up.",
        howToFix: "Show it from the coordinator that owns the flow, or delete it.",
        needsWholeGraph: true,
        triggering: [
            RuleExample("""
            \(RuleExample.coordinatorProtocol)
            @main class AppDelegate: UIResponder, UIApplicationDelegate {
                var coordinator: MainCoordinator?
                func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                    coordinator = MainCoordinator(navigationController: UINavigationController())
                    coordinator?.start()
                    return true
                }
            }
            final class MainCoordinator: Coordinator {
                var childCoordinators: [Coordinator] = []
                var navigationController: UINavigationController
                init(navigationController: UINavigationController) { self.navigationController = navigationController }
                func start() { navigationController.pushViewController(HomeViewController(), animated: false) }
            }
            final class HomeViewController: UIViewController {}
            ↓final class LegacyProfileViewController: UIViewController {}
            """),
        ],
        nonTriggering: [
            RuleExample("""
            \(RuleExample.coordinatorProtocol)
            @main class AppDelegate: UIResponder, UIApplicationDelegate {
                var coordinator: MainCoordinator?
                func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                    coordinator = MainCoordinator(navigationController: UINavigationController())
                    coordinator?.start()
                    return true
                }
            }
            final class MainCoordinator: Coordinator {
                var childCoordinators: [Coordinator] = []
                var navigationController: UINavigationController
                init(navigationController: UINavigationController) { self.navigationController = navigationController }
                func start() { navigationController.setViewControllers([HomeViewController(), ProfileViewController()], animated: false) }
            }
            class BaseViewController: UIViewController {}
            final class HomeViewController: BaseViewController {}
            final class ProfileViewController: BaseViewController {}
            """),
        ]
    )

    public func check(_ context: CheckContext) -> [Finding] {
        context.graph.nodes.filter { $0.kind == .screen && !$0.reachable && $0.attributes?["namedBy"] == nil }.map { screen in
            let shownFrom = context.graph.incoming(screen.id).filter { [.shows, .presents, .route].contains($0.kind) }
            // Name the route or method the showing code runs under (the one no root reaches), not the type
            // it is in, which may well be reachable; the type only when the edge is under no route.
            let why = shownFrom.isEmpty
                ? "no coordinator or screen ever shows it"
                : "it is only shown from code no root reaches (\(shownFrom.map { $0.via ?? Node.name(ofID: $0.from) }.sorted().first!))"
            return finding(screen.name, "screen '\(screen.name)' is unreachable", because: why,
                           searched: ["code that shows, presents or routes to it from a reached coordinator or screen", "live code naming `\(screen.name)`"],
                           at: screen.location)
        }
    }
}
