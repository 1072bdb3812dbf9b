import NavGraphModel

/// A coordinator that is never created and started on a path from the app's root.
public struct UnreachableCoordinatorRule: Rule {
    public init() {}
    public static let description = RuleDescription(
        id: "unreachable-coordinator",
        name: "Unreachable coordinator",
        summary: "A coordinator that no root, coordinator or screen reachable from the app's root creates and starts, and that no code that may run names (one that such code names is unknown: its node says who names it).",
        rationale: "A flow nobody starts is a feature users cannot reach, or dead code that still costs maintenance.",
        howToFix: "Start it from the parent flow that should own it, or delete it.",
        needsWholeGraph: true,
        triggering: [
            RuleExample("""
            \(RuleExample.coordinatorProtocol)
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
            ↓final class ImportCoordinator: Coordinator {
                var childCoordinators: [Coordinator] = []
                var navigationController: UINavigationController
                init(navigationController: UINavigationController) { self.navigationController = navigationController }
                func start() {}
            }
            final class HomeViewController: UIViewController {}
            """),
        ],
        nonTriggering: [
            RuleExample("""
            \(RuleExample.coordinatorProtocol)
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
                func start() {
                    let child = ImportCoordinator(navigationController: navigationController)
                    childCoordinators.append(child)
                    child.start()
                }
            }
            final class ImportCoordinator: Coordinator {
                var childCoordinators: [Coordinator] = []
                var navigationController: UINavigationController
                init(navigationController: UINavigationController) { self.navigationController = navigationController }
                func start() { navigationController.pushViewController(HomeViewController(), animated: false) }
            }
            final class HomeViewController: UIViewController {}
            """),
        ]
    )

    public func check(_ context: CheckContext) -> [Finding] {
        context.graph.nodes.filter { $0.kind == .coordinator && !$0.reachable && $0.attributes?["namedBy"] == nil }.map { c in
            let startedFrom = context.graph.incoming(c.id).filter { [.starts, .spawns, .presents, .route].contains($0.kind) }
            let why = startedFrom.isEmpty ? "nothing creates and starts it" : "it is only started from code no root reaches"
            return finding(c.name, "coordinator '\(c.name)' is unreachable", because: why,
                           searched: ["code that creates and starts it from a reached coordinator or screen", "live code naming `\(c.name)`"],
                           at: c.location)
        }
    }
}
