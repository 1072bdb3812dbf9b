import NavGraphModel

/// An action a reachable screen sends that no coordinator (or delegate) handles on its path.
public struct UnhandledActionRule: Rule {
    public init() {}
    public static let description = RuleDescription(
        id: "unhandled-action",
        name: "Unhandled action",
        summary: "A reachable screen sends an action (coordinator call, delegate method, closure, responder message or event) that nothing handles.",
        rationale: "The user taps and nothing happens: the coordinator was never injected, the closure never assigned, or the handler is empty.",
        howToFix: "Inject the coordinator or delegate where the screen is created, assign the closure, or implement the handler.",
        defaultSeverity: .error,
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
                func showProfile() { navigationController.pushViewController(ProfileViewController(), animated: true) }
            }
            final class HomeViewController: UIViewController {
                weak var coordinator: MainCoordinator?
                @IBAction func profileTapped() {
            ↓        coordinator?.showProfile()
                }
            }
            final class ProfileViewController: UIViewController {}
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
                    let vc = HomeViewController()
                    vc.coordinator = self
                    vc.onLogout = { [weak self] in self?.navigationController.popToRootViewController(animated: true) }
                    navigationController.pushViewController(vc, animated: false)
                }
                func showProfile() { navigationController.pushViewController(ProfileViewController(), animated: true) }
            }
            final class HomeViewController: UIViewController {
                weak var coordinator: MainCoordinator?
                var onLogout: (() -> Void)?
                @IBAction func profileTapped() { coordinator?.showProfile() }
                @IBAction func logoutTapped() { onLogout?() }
            }
            final class ProfileViewController: UIViewController {}
            """),
        ]
    )

    public func check(_ context: CheckContext) -> [Finding] {
        // With no coordinator recognised, "nothing handles it" proves nothing: the app navigates some way
        // navgraph does not model (analyze says so).
        guard context.graph.nodes.contains(where: { $0.kind == .coordinator }) else { return [] }
        return context.graph.paths.filter { $0.reachable && $0.handledBy == nil && $0.handledWithin == nil && $0.unknown != true }.map { path in
            let action = context.graph.node(path.action)?.name ?? path.action
            let sender = context.graph.node(path.sender)?.name ?? path.sender
            let why = path.note ?? "no handler on its path"
            return finding(action, "\(sender) sends '\(action)' but nothing handles it", because: why,
                           searched: ["every responder, delegate and closure on its chain"], chain: path.chain,
                           at: SourceLocation(file: path.file, line: path.line))
        }
    }
}
