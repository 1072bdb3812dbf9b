import NavGraphModel

/// No entry point was found, so nothing can be judged reachable. The finding is about the whole app: it
/// has no location (empty file, line 0), and every reporter shows it without one.
public struct NoRootRule: Rule {
    public init() {}
    public static let description = RuleDescription(
        id: "no-root",
        name: "No root",
        summary: "No app delegate, scene delegate, @main type or configured root was found, so every node looks unreachable.",
        rationale: "Without a root every screen and coordinator would be reported as unreachable; this says why instead.",
        howToFix: "Analyze the folder that contains the app delegate, or name a root in .navgraph.yml (`roots:`).",
        defaultSeverity: .error,
        triggering: [
            // A line holding only the marker: a finding without a location.
            RuleExample("""
            ↓
            final class HomeViewController: UIViewController {}
            """),
        ],
        nonTriggering: [
            RuleExample("""
            @main class AppDelegate: UIResponder, UIApplicationDelegate {}
            """),
        ]
    )

    public func check(_ context: CheckContext) -> [Finding] {
        guard context.graph.roots.isEmpty, !context.graph.nodes.isEmpty else { return [] }
        return [finding("app", "no entry point found: no app delegate, scene delegate, @main type or configured root",
                        at: SourceLocation(file: "", line: 0))]
    }
}
