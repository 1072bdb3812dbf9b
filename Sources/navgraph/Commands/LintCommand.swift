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
        Reporters (--reporter ID or ID:FILE, repeatable): \(ReporterRegistry.all.map { $0.id }.joined(separator: ", ")). \
        Without a file a reporter writes to standard output; the summary goes to standard error. \
        Exit codes: 0 clean, 1 findings fail the build (errors; warnings too with --strict), \
        64 usage or configuration error, 70 internal error — the same for every reporter.

        `baseline:`, `strict:` and `reporters:` in .navgraph.yml give the defaults (paths relative to \
        that file); --baseline, --strict/--no-strict and --reporter override them. Reports and \
        baselines may be written inside PATH, never over a file navgraph reads (exit 64).

        Examples:
          navgraph lint MyApp
          navgraph lint MyApp --reporter xcode          in an Xcode build phase
          navgraph lint MyApp --reporter github-actions --reporter sarif:nav.sarif
          navgraph lint MyApp --write-baseline navgraph-baseline.json
          navgraph lint MyApp --baseline navgraph-baseline.json --strict
        """
    )

    @OptionGroup var input: InputOptions

    @Option(name: .customLong("reporter"), help: ArgumentHelp("A reporter, optionally with a file: ID or ID:FILE. Repeatable.", valueName: "id[:file]"))
    var reporters: [String] = []

    @Flag(inversion: .prefixedNo, help: "Fail on warnings too (default: `strict:` in .navgraph.yml, else no).")
    var strict: Bool?

    @Option(help: "Hide findings recorded in this baseline file; list entries that no longer occur (default: `baseline:` in .navgraph.yml).", completion: .file())
    var baseline: String?

    @Option(name: .customLong("write-baseline"), help: "Write all current findings to this baseline file and exit 0.", completion: .file())
    var writeBaseline: String?

    struct ReporterSpec {
        var reporter: any LintReporter.Type
        var file: String?
    }

    /// The reporters: --reporter, else `reporters:` in the configuration, else the text reporter.
    func specs(_ configured: [String] = []) throws -> [ReporterSpec] {
        let reporters = self.reporters.isEmpty ? configured : self.reporters
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
        Recognised.report(analysis, input: input, checking: "lint checked nothing navigable")
        var findings = analysis.report.findings
        let config = try input.configuration()

        if let path = writeBaseline {
            let data = Baseline(findings: findings).encoded()
            try emit(data, to: path, analyzed: [input.path], quiet: input.quiet, what: counted(findings.count, "finding"))
            return
        }
        // Flags win over the configuration file.
        let specs = try specs(config.reporters)
        let reporters = self.reporters.isEmpty ? config.reporters : self.reporters
        let strict = self.strict ?? config.strict ?? false
        let baseline = self.baseline ?? config.baseline

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
        for spec in specs {
            let text = spec.reporter.render(report, colors: spec.file == nil && colors)
            try emit(Data(text.utf8), to: spec.file, analyzed: [input.path], quiet: input.quiet, what: counted(report.findings.count, "finding"))
        }
        if !(reporters.isEmpty) || report.stale.count > 0 {
            for s in report.stale where !reporters.isEmpty { Console.error("stale baseline entry: \(s.rule) \(s.symbol) (\(s.file))") }
        }
        if !reporters.isEmpty { Console.error("navgraph: \(report.summary)") }
        if report.errorCount > 0 || (strict && report.warningCount > 0) { throw ExitCode(ExitCodes.findings) }
    }
}
