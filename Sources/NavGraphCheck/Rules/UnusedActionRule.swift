import NavGraphModel

/// An action screens could send (a coordinatingResponder method, an event case) that nothing sends.
public struct UnusedActionRule: Rule {
    public init() {}
    public static let description = RuleDescription(
        id: "unused-action",
        name: "Unused action",
        summary: "An action declared for screens to send (a method of `extension UIResponder`, an event case) that no code sends.",
        rationale: "An unused action is a button someone removed or a flow never wired; its handlers are dead code that still looks live.",
        howToFix: "Send it from the screen that should trigger it, or delete the declaration and its overrides.",
        needsWholeGraph: true,
        triggering: [
            RuleExample("""
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
                @objc dynamic func showHelp(sender: Any?) { coordinatingResponder?.showHelp(sender: sender) }
            ↓    @objc dynamic func deleteAccount(sender: Any?) { coordinatingResponder?.deleteAccount(sender: sender) }
            }
            final class AppCoordinator: NavigationCoordinator {
                override func start() { super.start(); root(HomeViewController()) }
                override func showHelp(sender: Any?) { show(HelpViewController()) }
            }
            final class HomeViewController: UIViewController {
                @objc func helpTapped() { showHelp(sender: self) }
            }
            final class HelpViewController: UIViewController {}
            """),
        ],
        nonTriggering: [
            RuleExample("""
            import UIKit
            import Coordinate

            @main final class AppDelegate: UIResponder, UIApplicationDelegate {
                lazy var root = AppCoordinator()
                func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                    root.start()
                    return true
                }
            }
            enum HomeEvents: CoordinateEvents { case didTapHelp }
            final class AppCoordinator: NavigationCoordinator<HomeViewController> {
                override func interceptEvent(_ event: CoordinateEvents) -> Bool {
                    guard let e = event as? HomeEvents else { return false }
                    switch e { case .didTapHelp: return true }
                }
            }
            final class HomeViewController: UIViewController, Coordinated {
                weak var parentCoordinator: ContainerCoordinator?
                @objc func helpTapped() { emitEvent(HomeEvents.didTapHelp) }
            }
            """),
        ]
    )

    public func check(_ context: CheckContext) -> [Finding] {
        // A recorded send is proof it is sent, even when its sender is drawn as another node (a hosting
        // controller merged into the SwiftUI view it hosts) and so has no `sends` edge.
        let sent = Set(context.graph.edges.filter { $0.kind == .sends }.map(\.to)).union(context.graph.paths.map(\.action))
        // `sentBy`: sent from code navgraph cannot place on a chain (a view no screen hosts).
        return context.graph.nodes.filter { $0.kind == .action && !sent.contains($0.id) && $0.attributes?["sentBy"] == nil }.map { action in
            finding(action.name, "action '\(action.name)' is declared but never sent", because: "nothing sends it",
                    searched: ["sends of '\(action.name)' from every screen and coordinator"], at: action.location)
        }
    }
}
