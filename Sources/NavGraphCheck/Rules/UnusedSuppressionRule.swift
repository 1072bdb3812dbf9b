import NavGraphModel

/// A `navgraph:disable` comment that silences nothing. Produced by `SuppressionFilter`; listed here so
/// it can be configured, documented and explained like any other rule.
public struct UnusedSuppressionRule: Rule {
    public init() {}
    public static let description = RuleDescription(
        id: SuppressionFilter.unusedRuleID,
        name: "Unused suppression",
        summary: "A `// navgraph:disable…` comment that suppresses no finding.",
        rationale: "Stale suppressions hide the next real problem at that place and mislead readers.",
        howToFix: "Remove the comment, or move it to the line of the finding it was meant for.",
        needsWholeGraph: true,
        triggering: [
            RuleExample("""
            @main class AppDelegate: UIResponder, UIApplicationDelegate {
                var window: UIWindow?
                func application() { window?.rootViewController = HomeViewController() }
            }
            ↓// navgraph:disable:next unreachable-screen - the home screen is shown at launch
            final class HomeViewController: UIViewController {}
            """),
        ],
        nonTriggering: [
            RuleExample("""
            @main class AppDelegate: UIResponder, UIApplicationDelegate {
                var window: UIWindow?
                func application() { window?.rootViewController = HomeViewController() }
            }
            final class HomeViewController: UIViewController {}
            // navgraph:disable:next unreachable-screen - kept for the spring campaign
            final class PromoViewController: UIViewController {}
            """),
        ]
    )

    public func check(_ context: CheckContext) -> [Finding] { [] }
}
