import ArgumentParser
import NavGraphCheck

struct RulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "List the lint rules, or explain one.",
        discussion: """
        Examples:
          navgraph rules
          navgraph rules dead-route
          navgraph rules --markdown       the table in the README
        """
    )

    @Argument(help: "A rule id to explain.")
    var id: String?

    @Flag(help: "Print the rules as the Markdown table the README uses.")
    var markdown = false

    func validate() throws {
        if let id, RuleRegistry.rule(id) == nil {
            throw ValidationError("unknown rule '\(id)'; known rules: \(RuleRegistry.all.map { $0.description.id }.joined(separator: ", ")).")
        }
    }

    func run() throws {
        if markdown {
            print(RuleRegistry.markdownTable, terminator: "")
            return
        }
        if let id, let rule = RuleRegistry.rule(id) {
            let d = rule.description
            print("\(d.id): \(d.name) (default severity: \(d.defaultSeverity.rawValue))\n")
            print(d.summary + "\n")
            print("Why it matters: " + d.rationale + "\n")
            print("How to fix: " + d.howToFix)
            return
        }
        let width = RuleRegistry.all.map { $0.description.id.count }.max() ?? 0
        for rule in RuleRegistry.all {
            let d = rule.description
            print(d.id.padding(toLength: width + 2, withPad: " ", startingAt: 0) + d.defaultSeverity.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0) + d.summary)
        }
    }
}
