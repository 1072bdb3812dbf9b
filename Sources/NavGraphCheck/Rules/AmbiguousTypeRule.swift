import NavGraphModel

/// A coordinator or screen whose name another file declares too (two modules, or a stale copy).
public struct AmbiguousTypeRule: Rule {
    public init() {}
    public static let description = RuleDescription(
        id: "ambiguous-type",
        name: "Ambiguous type",
        summary: "A coordinator or screen whose type name is declared in more than one file; navgraph keeps them apart and links each reference to the nearest folder's declaration.",
        rationale: "navgraph does not know the app's module boundaries: it guesses, by folder, which of two same-name types a reference means. The guess is usually right for feature modules and wrong for stale copies.",
        howToFix: "Rename one of them, delete the stale copy, or exclude the folder that is not part of the app (`--exclude`, `excluded:`).",
        defaultSeverity: .note,
        triggering: [
            RuleExample([
                "Auth/LoginViewController.swift": """
                import UIKit
                ↓final class LoginViewController: UIViewController {}
                """,
                "Onboarding/LoginViewController.swift": """
                import UIKit
                ↓final class LoginViewController: UIViewController {}
                """,
            ]),
        ],
        nonTriggering: [
            RuleExample([
                "Auth/LoginViewController.swift": """
                import UIKit
                final class LoginViewController: UIViewController {}
                """,
                "Onboarding/WelcomeViewController.swift": """
                import UIKit
                final class WelcomeViewController: UIViewController {}
                extension LoginViewController { func prefill() {} }
                """,
            ]),
        ]
    )

    public func check(_ context: CheckContext) -> [Finding] {
        context.graph.nodes.compactMap { node in
            guard let others = node.attributes?["sameNameAs"], let files = node.attributes?["sameNameFiles"] else { return nil }
            return finding(node.name, "'\(node.name)' shares its type name with \(others) (\(files)); navgraph keeps them apart and links each reference to the declaration in the nearest folder",
                           at: node.location)
        }
    }
}
