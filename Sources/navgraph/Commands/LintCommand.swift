import ArgumentParser
import Foundation
import NavGraphCheck
import NavGraphKit
import NavGraphModel
import NavGraphPresent

struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Report dead routes, unreachable screens and coordinators, and unhandled actions.",
        discussion: """
        Reporters (--reporter ID or ID:FILE, repeatable): \(ReporterRegistry.all.map { $0.id }.joined(separator: ", ")).
        Without a file a reporter writes to standard output; the summary goes to standard error.
        Exit codes: 0 clean, 1 findings fail the build (errors; warnings too with --strict),
        64 usage or configuration error, 70 internal error — the same for every reporter.

        Examples:
          navgraph lint MyApp
          navgraph lint MyApp --reporter xcode                         in an Xcode build phase
          navgraph lint MyApp --reporter github-actions --reporter sarif:navgraph.sarif
          navgraph lint MyApp --write-baseline navgraph-baseline.json  accept today's findings
          navgraph lint MyApp --baseline navgraph-baseline.json --strict
        """
    )

    @OptionGroup var input: InputOptions

    @Option(name: .customLong("reporter"), help: ArgumentHelp("A reporter, optionally with a file: ID or ID:FILE. Repeatable.", valueName: "id[:file]"))
    var reporters: [String] = []

    @Flag(help: "Fail on warnings too.")
    var strict = false

    @Option(help: "Hide findings recorded in this baseline file; list entries that no longer occur.", completion: .file())
    var baseline: String?

    @Option(name: .customLong("write-baseline"), help: "Write all current findings to this baseline file and exit 0.", completion: .file())
    var writeBaseline: String?

    @Flag(name: .customLong("allow-inside-tree"), help: "Allow writing reports inside the analyzed folder.")
    var allowInsideTree = false

    struct ReporterSpec {
        var reporter: any LintReporter.Type
        var file: String?
    }

    func specs() throws -> [ReporterSpec] {
        if reporters.isEmpty { return [ReporterSpec(reporter: TextReporter.self, file: nil)] }
        return try reporters.map { spec in
            let parts = spec.split(separator: ":", maxSplits: 1).map(String.init)
            guard let r = ReporterRegistry.reporter(parts[0]) else {
                throw ValidationError("unknown reporter '\(parts[0])'; known: \(ReporterRegistry.all.map { $0.id }.joined(separator: ", ")).")
            }
            return ReporterSpec(reporter: r, file: parts.count > 1 ? parts[1] : nil)
        }
    }

    func validate() throws {
        _ = try specs()
        if baseline != nil && writeBaseline != nil { throw ValidationError("--baseline and --write-baseline cannot be used together.") }
    }

    func run() throws {
        let analysis = try input.analyze()
        var findings = analysis.report.findings

        if let path = writeBaseline {
            let data = Baseline(findings: findings).encoded()
            try emit(data, to: path, analyzedRoot: input.path, allowInsideTree: allowInsideTree)
            Console.error("navgraph: wrote \(findings.count) findings to the baseline \(path)")
            return
        }

        let rules = RuleRegistry.all.map { r in
            RuleMetadata(id: r.description.id, name: r.description.name, summary: r.description.summary,
                         howToFix: r.description.howToFix, defaultSeverity: r.description.defaultSeverity)
        }
        var report = LintReport(findings: findings, root: input.path, fileCount: analysis.fileCount, rules: rules,
                                toolVersion: NavGraphVersion.current)
        if let path = baseline {
            guard let data = FileManager.default.contents(atPath: path) else {
                Console.error("error: cannot read the baseline \(path)")
                throw ExitCode(ExitCodes.usage)
            }
            let base: Baseline
            do { base = try Baseline.decode(data) } catch {
                Console.error("error: \(path) is not a navgraph baseline: \(error)")
                throw ExitCode(ExitCodes.usage)
            }
            let comparison = base.compare(findings)
            findings = comparison.new
            report.findings = findings
            report.baselined = comparison.baselined
            report.stale = comparison.stale.map { LintReport.StaleEntry(rule: $0.rule, symbol: $0.symbol, file: $0.file) }
            report.baselineCount = base.entries.count
        }

        let colors = isatty(STDOUT_FILENO) != 0 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
        for spec in try specs() {
            let text = spec.reporter.render(report, colors: spec.file == nil && colors)
            try emit(Data(text.utf8), to: spec.file, analyzedRoot: input.path, allowInsideTree: allowInsideTree)
        }
        if !(reporters.isEmpty) || report.stale.count > 0 {
            for s in report.stale where !reporters.isEmpty { Console.error("stale baseline entry: \(s.rule) \(s.symbol) (\(s.file))") }
        }
        if !reporters.isEmpty { Console.error("navgraph: \(report.summary)") }
        if report.errorCount > 0 || (strict && report.warningCount > 0) { throw ExitCode(ExitCodes.findings) }
    }
}
