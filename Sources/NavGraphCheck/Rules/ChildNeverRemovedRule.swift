import NavGraphModel

/// A child coordinator that is added to its parent's children but never finishes back to it.
public struct ChildNeverRemovedRule: Rule {
    public init() {}

    /// Families where the app keeps its own list of children (`childCoordinators.append`, `addDependency`);
    /// elsewhere the library detaches children itself.
    static let explicitBookkeeping: Set<String> = ["hackingwithswift", "applicationcoordinator"]

    public static let description = RuleDescription(
        id: "child-never-removed",
        name: "Child never removed",
        summary: "A child coordinator its parent keeps in a collection (`childCoordinators.append`, `addDependency`) never finishes back to it, so it is never removed. A coordinator only built or started, not kept, and a tab's flow (its container is in a tab bar's list) are not reported.",
        rationale: "The child (and its screens and services) stays in memory after its flow ends, and the next start adds a second copy.",
        howToFix: "Call the parent's `childDidFinish(self)` (or `finishFlow`) when the flow ends, and remove the child there.",
        needsWholeGraph: true,
        triggering: [
            RuleExample("""
            \(RuleExample.coordinatorProtocol)
            @main class AppDelegate: UIResponder, UIApplicationDelegate {
                let coordinator = MainCoordinator(navigationController: UINavigationController())
                func application() { coordinator.start() }
            }
            final class MainCoordinator: Coordinator {
                var childCoordinators: [Coordinator] = []
                var navigationController: UINavigationController
                init(navigationController: UINavigationController) { self.navigationController = navigationController }
                func start() {
                    let child = BuyCoordinator(navigationController: navigationController)
                    childCoordinators.append(child)
            ↓        child.start()
                }
            }
            final class BuyCoordinator: Coordinator {
                var childCoordinators: [Coordinator] = []
                var navigationController: UINavigationController
                init(navigationController: UINavigationController) { self.navigationController = navigationController }
                func start() { navigationController.pushViewController(BuyViewController(), animated: true) }
            }
            final class BuyViewController: UIViewController {}
            """),
        ],
        nonTriggering: [
            RuleExample("""
            \(RuleExample.coordinatorProtocol)
            @main class AppDelegate: UIResponder, UIApplicationDelegate {
                let coordinator = MainCoordinator(navigationController: UINavigationController())
                func application() { coordinator.start() }
            }
            final class MainCoordinator: Coordinator {
                var childCoordinators: [Coordinator] = []
                var navigationController: UINavigationController
                init(navigationController: UINavigationController) { self.navigationController = navigationController }
                func start() {
                    let child = BuyCoordinator(navigationController: navigationController)
                    child.parentCoordinator = self
                    childCoordinators.append(child)
                    child.start()
                }
                func childDidFinish(_ child: Coordinator?) {
                    childCoordinators.removeAll { $0 === child }
                }
            }
            final class BuyCoordinator: Coordinator {
                weak var parentCoordinator: MainCoordinator?
                var childCoordinators: [Coordinator] = []
                var navigationController: UINavigationController
                init(navigationController: UINavigationController) { self.navigationController = navigationController }
                func start() {
                    let vc = BuyViewController()
                    vc.coordinator = self
                    navigationController.pushViewController(vc, animated: true)
                }
                func didFinishBuying() { parentCoordinator?.childDidFinish(self) }
            }
            final class BuyViewController: UIViewController {
                weak var coordinator: BuyCoordinator?
                override func viewDidDisappear(_ animated: Bool) { coordinator?.didFinishBuying() }
            }
            """),
            // F2: a child without a `finishFlow` output (a tab's flow) never ends, so it is kept on purpose.
            RuleExample("""
            protocol Coordinator: AnyObject { func start() }
            class BaseCoordinator: Coordinator {
                var childCoordinators: [Coordinator] = []
                func start() {}
                func addDependency(_ coordinator: Coordinator) { childCoordinators.append(coordinator) }
                func removeDependency(_ coordinator: Coordinator?) { childCoordinators.removeAll { $0 === coordinator } }
            }
            @main class AppDelegate: UIResponder, UIApplicationDelegate {
                let coordinator = TabCoordinator(navigationController: UINavigationController())
                func application() { coordinator.start() }
            }
            final class TabCoordinator: BaseCoordinator {
                let navigationController: UINavigationController
                init(navigationController: UINavigationController) { self.navigationController = navigationController }
                override func start() {
                    let feed = FeedCoordinator(navigationController: navigationController)
                    addDependency(feed)
                    feed.start()
                }
            }
            final class FeedCoordinator: BaseCoordinator {
                let navigationController: UINavigationController
                init(navigationController: UINavigationController) { self.navigationController = navigationController }
                override func start() { navigationController.setViewControllers([FeedViewController()], animated: false) }
            }
            final class FeedViewController: UIViewController {}
            """),
            // A tab's flow: its navigation controller is one of the tab bar's, so it is never meant to finish.
            RuleExample("""
            \(RuleExample.coordinatorProtocol)
            @main class AppDelegate: UIResponder, UIApplicationDelegate {
                let coordinator = AppCoordinator(tabBarController: UITabBarController())
                func application() { coordinator.start() }
            }
            final class AppCoordinator: Coordinator {
                var childCoordinators: [Coordinator] = []
                var navigationController = UINavigationController()
                let tabBarController: UITabBarController
                init(tabBarController: UITabBarController) { self.tabBarController = tabBarController }
                func start() {
                    let feed = FeedCoordinator(navigationController: UINavigationController())
                    let saved = SavedCoordinator(navigationController: UINavigationController())
                    childCoordinators = [feed, saved]
                    feed.start()
                    saved.start()
                    tabBarController.viewControllers = [feed.navigationController, saved.navigationController]
                }
            }
            final class FeedCoordinator: Coordinator {
                var childCoordinators: [Coordinator] = []
                var navigationController: UINavigationController
                init(navigationController: UINavigationController) { self.navigationController = navigationController }
                func start() { navigationController.pushViewController(FeedViewController(), animated: false) }
            }
            final class SavedCoordinator: Coordinator {
                var childCoordinators: [Coordinator] = []
                var navigationController: UINavigationController
                init(navigationController: UINavigationController) { self.navigationController = navigationController }
                func start() { navigationController.pushViewController(SavedViewController(), animated: false) }
            }
            final class FeedViewController: UIViewController {}
            final class SavedViewController: UIViewController {}
            """),
        ]
    )

    public func check(_ context: CheckContext) -> [Finding] {
        let g = context.graph
        return g.edges.filter { $0.kind == .starts && $0.reachable && Node.isID($0.from, of: .coordinator) }.compactMap { e in
            guard let parent = g.node(e.from), let child = g.node(e.to), child.kind == .coordinator,
                  let family = parent.family, Self.explicitBookkeeping.contains(family) else { return nil }
            // Proof it is kept: the parent holds it in a collection it stores (not merely built or started).
            guard parent.attributes?["keeps"]?.components(separatedBy: ", ").contains(child.name) == true else { return nil }
            let finishes = g.outgoing(e.to).contains { $0.kind == .finishes && $0.to == e.from }
            guard !finishes else { return nil }
            // A tab's flow (its container is in a tab bar's list) lasts as long as the tab bar.
            if child.attributes?["container"] == "tab" { return nil }
            // F2 flows end only through their output closure (`finishFlow`): a child that has none is a
            // permanent flow (the main flow, a tab), and one whose closure nobody assigns is already reported
            // as that unhandled action.
            if child.family == "applicationcoordinator", !g.outgoing(e.to).contains(where: { $0.kind == .sends && $0.reachable })
                || g.paths.contains(where: { $0.sender == e.to && $0.reachable && $0.handledBy == nil }) {
                return nil
            }
            return finding(child.name, "\(parent.name) starts '\(child.name)' but never removes it", because: "it never finishes back to \(parent.name)",
                           searched: ["finish calls and callbacks from \(child.name) to \(parent.name)"], at: e.location)
        }
    }
}
