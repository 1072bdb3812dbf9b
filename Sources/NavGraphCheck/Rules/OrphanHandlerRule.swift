import NavGraphModel

/// A handler (responder-method override, event interceptor) that no sender's chain reaches.
public struct OrphanHandlerRule: Rule {
    public init() {}
    public static let description = RuleDescription(
        id: "orphan-handler",
        name: "Orphan handler",
        summary: "An override of an action (a coordinatingResponder method, an `interceptEvent` case) on a responder that is on no sender's chain.",
        rationale: "The handler looks like it does something, but every send of the action stops earlier or goes up another branch of the tree, so it never runs.",
        howToFix: "Move the handling to a responder on the senders' chain, or delete the override.",
        needsWholeGraph: true,
        triggering: [
            RuleExample([
                "App.swift": """
                import UIKit
                import Coordinator

                @main final class AppDelegate: UIResponder, UIApplicationDelegate {
                    let coordinator = AppCoordinator(rootViewController: UITabBarController())
                    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                        coordinator.start()
                        return true
                    }
                }
                extension UIResponder {
                    @objc dynamic func cartRemove(sender: Any?) { coordinatingResponder?.cartRemove(sender: sender) }
                }
                final class AppCoordinator: Coordinator<UITabBarController> {
                    override func start() {
                        super.start()
                        let cart = CartCoordinator(rootViewController: UINavigationController())
                        let account = AccountCoordinator(rootViewController: UINavigationController())
                        startChild(coordinator: cart)
                        startChild(coordinator: account)
                        rootViewController.viewControllers = [cart.rootViewController, account.rootViewController]
                    }
                }
                final class CartCoordinator: NavigationCoordinator {
                    override func start() { super.start(); root(CartViewController()) }
                    override func cartRemove(sender: Any?) {}
                }
                final class AccountCoordinator: NavigationCoordinator {
                    override func start() { super.start(); root(AccountViewController()) }
                ↓    override func cartRemove(sender: Any?) {}
                }
                final class CartViewController: UIViewController {
                    @objc func removeTapped() { cartRemove(sender: self) }
                }
                final class AccountViewController: UIViewController {}
                """,
            ]),
        ],
        nonTriggering: [
            RuleExample([
                "App.swift": """
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
                    @objc dynamic func cartRemove(sender: Any?) { coordinatingResponder?.cartRemove(sender: sender) }
                }
                final class AppCoordinator: NavigationCoordinator {
                    override func start() {
                        super.start()
                        let cart = CartCoordinator(rootViewController: rootViewController)
                        startChild(coordinator: cart)
                    }
                    override func cartRemove(sender: Any?) {}
                }
                final class CartCoordinator: NavigationCoordinator {
                    override func start() { super.start(); root(CartViewController()) }
                    override func cartRemove(sender: Any?) { coordinatingResponder?.cartRemove(sender: sender) }
                }
                final class CartViewController: UIViewController {
                    @objc func removeTapped() { cartRemove(sender: self) }
                }
                """,
            ]),
        ]
    )

    public func check(_ context: CheckContext) -> [Finding] {
        let g = context.graph
        func name(_ id: String) -> String { g.node(id)?.name ?? Node.name(ofID: id) }
        let pathsByAction = Dictionary(grouping: g.paths, by: \.action)
        // A handler a reachable send reached is on that send's chain, whatever the kept paths show (one
        // path is kept per sender and action): only handling that no root reaches proves the claim.
        return g.edges.filter { $0.kind == .handles && !$0.reachable }.compactMap { edge in
            let paths = pathsByAction[edge.from] ?? []
            let onChain = paths.contains { p in
                (p.steps?.contains { $0.responder == edge.to } ?? false) || p.chain.contains(name(edge.to)) || p.handledBy == edge.to
            }
            // A chain through links navgraph does not follow (UIKit containment, unknown code) may reach it.
            guard !onChain, !paths.contains(where: { $0.unknown == true }), g.node(edge.from)?.attributes?["sentBy"] == nil else { return nil }
            // A handler navgraph did not reach but live code names is made by code it did not follow: unknown.
            if let h = g.node(edge.to), !h.reachable, h.attributes?["namedBy"] != nil { return nil }
            let action = name(edge.from)
            let why: String
            if let p = paths.first {
                why = "its senders' chains do not reach it (\(name(p.sender)): \(p.chain.joined(separator: " → ")))"
            } else {
                why = "nothing sends it"
            }
            return finding(action, "\(name(edge.to)) handles '\(action)' but is on no sender's chain", because: why,
                           searched: ["the chains of every send of '\(action)'"], chain: paths.first?.chain ?? [], at: edge.location)
        }
    }
}
