import NavGraphModel

/// A route (route-enum case or navigation method) that no root reaches, or whose arm does nothing. Three
/// levels, told apart by the finding's `because` (README, "What counts as proof"): never constructed
/// ("it is never constructed anywhere", "nothing ever calls it"; reported even when its coordinator is
/// unreachable), not reached (only built or called from code no root reaches; left to the unreachable
/// coordinator's finding when there is one), and handled by nothing (an arm that does nothing, none).
public struct DeadRouteRule: Rule {
    public init() {}
    public static let description = RuleDescription(
        id: "dead-route",
        name: "Dead route",
        summary: "A route case or navigation method that no path from the app's root reaches, or whose handling does nothing.",
        rationale: "Dead routes are deep links and menu entries that silently do nothing, or code that rots because nothing runs it.",
        howToFix: "Remove the route, or construct it from a reachable screen or coordinator; give its switch arm a real transition.",
        needsWholeGraph: true,
        triggering: [
            RuleExample([
                "App.swift": """
                \(RuleExample.coordinatorProtocol)
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
                    init(navigationController: UINavigationController) { self.navigationController = navigationController }
                    func start() { navigationController.pushViewController(HomeViewController(), animated: false) }
                    ↓func showSettings() { navigationController.pushViewController(SettingsViewController(), animated: true) }
                }
                final class HomeViewController: UIViewController {}
                final class SettingsViewController: UIViewController {}
                """,
            ]),
            // A route nothing anywhere builds or calls is dead whatever reaches its coordinator: it is reported
            // beside the unreachable coordinator, as "never constructed".
            RuleExample([
                "App.swift": """
                \(RuleExample.coordinatorProtocol)
                class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                    var coordinator: MainCoordinator?
                    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
                        coordinator = MainCoordinator(navigationController: UINavigationController())
                        coordinator?.start()
                    }
                }
                final class MainCoordinator: Coordinator {
                    var childCoordinators: [Coordinator] = []
                    var navigationController: UINavigationController
                    init(navigationController: UINavigationController) { self.navigationController = navigationController }
                    func start() { navigationController.pushViewController(HomeViewController(), animated: false) }
                }
                final class ImportCoordinator: Coordinator {
                    enum Step {
                        case pick
                    ↓    case review
                    }
                    var childCoordinators: [Coordinator] = []
                    var navigationController: UINavigationController
                    init(navigationController: UINavigationController) { self.navigationController = navigationController }
                    func start() { show(.pick) }
                    func show(_ step: Step) {
                        switch step {
                        case .pick: navigationController.pushViewController(HomeViewController(), animated: false)
                        case .review: navigationController.pushViewController(HomeViewController(), animated: true)
                        }
                    }
                    ↓func showPreview() { navigationController.pushViewController(HomeViewController(), animated: true) }
                }
                final class HomeViewController: UIViewController {}
                """,
            ]),
        ],
        nonTriggering: [
            RuleExample([
                "App.swift": """
                \(RuleExample.coordinatorProtocol)
                class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                    var coordinator: MainCoordinator?
                    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
                        coordinator = MainCoordinator(navigationController: UINavigationController())
                        coordinator?.start()
                    }
                }
                final class MainCoordinator: Coordinator {
                    var childCoordinators: [Coordinator] = []
                    var navigationController: UINavigationController
                    init(navigationController: UINavigationController) { self.navigationController = navigationController }
                    func start() { let vc = HomeViewController(); vc.coordinator = self; navigationController.pushViewController(vc, animated: false) }
                    func showSettings() { navigationController.pushViewController(SettingsViewController(), animated: true) }
                }
                final class HomeViewController: UIViewController {
                    weak var coordinator: MainCoordinator?
                    @IBAction func settingsTapped() { coordinator?.showSettings() }
                }
                final class SettingsViewController: UIViewController {}
                """,
            ]),
            // The routes of a coordinator nobody starts that its own code builds or calls are reported once,
            // as the unreachable coordinator.
            RuleExample([
                "App.swift": """
                \(RuleExample.coordinatorProtocol)
                class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                    var coordinator: MainCoordinator?
                    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
                        coordinator = MainCoordinator(navigationController: UINavigationController())
                        coordinator?.start()
                    }
                }
                final class MainCoordinator: Coordinator {
                    var childCoordinators: [Coordinator] = []
                    var navigationController: UINavigationController
                    init(navigationController: UINavigationController) { self.navigationController = navigationController }
                    func start() { navigationController.pushViewController(HomeViewController(), animated: false) }
                }
                final class ImportCoordinator: Coordinator {
                    enum Step {
                        case pick
                        case review
                    }
                    var childCoordinators: [Coordinator] = []
                    var navigationController: UINavigationController
                    init(navigationController: UINavigationController) { self.navigationController = navigationController }
                    func start() { show(.pick); showPreview() }
                    func show(_ step: Step) {
                        switch step {
                        case .pick: navigationController.pushViewController(HomeViewController(), animated: false)
                        case .review: navigationController.pushViewController(HomeViewController(), animated: true)
                        }
                    }
                    func picked() { show(.review) }
                    func showPreview() { navigationController.pushViewController(HomeViewController(), animated: true) }
                }
                final class HomeViewController: UIViewController {}
                """,
            ]),
        ]
    )

    public func check(_ context: CheckContext) -> [Finding] {
        let graph = context.graph
        // Consequences of defects other rules report: routes of an unreachable coordinator (its
        // unreachable-coordinator finding), and a handler whose only senders reach it through a delegate or
        // coordinator that is never injected (their unhandled-action finding).
        let unreachableCoordinators = Set(graph.nodes.filter { $0.kind == .coordinator && !$0.reachable }.map(\.name))
        let unhandledSelectors = Set(graph.paths.filter { $0.reachable && $0.handledBy == nil }
            .map { DeadRouteRule.selector(graph.node($0.action)?.name ?? $0.action) })
        return graph.nodes.filter { $0.kind == .route }.compactMap { route in
            let attrs = route.attributes ?? [:]
            let isMethod = attrs["style"] == "method"
            // Live code names it (a method reference handed to a view model, a case a presenter builds), or
            // its enum's values are made without naming cases (`init(rawValue:)`, decoding): no proof.
            if !route.reachable, attrs["namedBy"] != nil || attrs["madeWithoutNames"] != nil { return nil }
            let everUsed = isMethod ? attrs["called"] == "true" : attrs["constructed"] == "true"
            let neverUsed = isMethod ? attrs["called"] == "false" : attrs["constructed"] == "false"
            // Only a route some code builds or calls is a consequence of its coordinator being unreachable;
            // one that nothing anywhere builds or calls is dead whatever reaches its coordinator: "never
            // constructed" (see `description`'s levels).
            // (A method that starts its coordinator, never called, is that coordinator never being started.)
            if !route.reachable, !neverUsed || attrs["starts"] == "true", let owner = route.owner, unreachableCoordinators.contains(owner) { return nil }
            if !route.reachable, isMethod, unhandledSelectors.contains(DeadRouteRule.selector(route.name)) { return nil }
            let claim = "route '\(route.name)' is dead"
            let member = isMethod ? DeadRouteRule.selector(route.name) : String(route.name.split(separator: ".").last ?? "")
            if !route.reachable {
                let why = everUsed
                    ? (isMethod ? "it is only called from code that no root reaches" : "it is only constructed on paths that no root reaches")
                    : (isMethod ? "nothing ever calls it" : "it is never constructed anywhere")
                let searched = everUsed
                    ? "paths from the app's roots to the code that \(isMethod ? "calls" : "constructs") it"
                    : isMethod ? "calls of `\(member)` in the whole app" : "constructions of `.\(member)` in the whole app"
                return finding(route.name, claim, because: why, searched: [searched, "live code naming `\(member)`"], at: route.location)
            }
            switch attrs["target"] {
            case "none":
                let arm = attrs["arm"].map { " at \($0)" } ?? ""
                return finding(route.name, claim, because: "its switch arm\(arm) does nothing", at: route.location)
            case "unhandled":
                if let table = attrs["table"] {
                    return finding(route.name, claim, because: "the handler table called at \(table) has no entry for it",
                                   searched: ["the arms of the switches over its enum that ran", "the keys of the handler tables over its enum that ran"], at: route.location)
                }
                return finding(route.name, claim, because: "no switch arm handles it", searched: ["the arms of the switches over its enum that ran"], at: route.location)
            default: return nil
            }
        }
    }

    /// `Owner.method(label:)` → `method(label:)`.
    static func selector(_ name: String) -> String {
        let head = name.prefix { $0 != "(" }
        guard let dot = head.lastIndex(of: ".") else { return name }
        return String(name[name.index(after: dot)...])
    }
}
