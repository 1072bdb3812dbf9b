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
        Without a file (or with FILE -) a reporter writes to standard output; only one may.

        The summary and stale baseline entries go to standard error, whatever the reporters. \
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
        let onStdout = try specs().filter { $0.file == nil || $0.file == "-" }.map { $0.reporter.id }
        if onStdout.count > 1 {
            throw ValidationError("reporters \(onStdout.joined(separator: " and ")) would both write to standard output; give all but one a file (ID:FILE).")
        }
        if baseline != nil && writeBaseline != nil { throw ValidationError("--baseline and --write-baseline cannot be used together.") }
    }

    func run() throws {
        let analysis = try input.analyze()
        Recognised.report(analysis, input: input, checking: "lint checked nothing navigable")
        var findings = analysis.report.findings
        let config = try input.configuration()

        let lines = SourceLines(root: input.path)
        if let path = writeBaseline {
            let data = Baseline(findings: findings, text: lines.text).encoded()
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
                         howToFix: r.description.howToFix, defaultSeverity: r.description.defaultSeverity,
                         helpURI: r.description.helpURI)
        }
        var report = LintReport(findings: findings, root: input.path, fileCount: analysis.fileCount, rules: rules,
                                toolVersion: NavGraphVersion.current)
        report.absoluteRoot = lines.absoluteRoot
        report.sourceRoot = lines.absoluteRoot.map(SourceLines.repositoryRoot)
        if let path = baseline {
            guard let data = FileManager.default.contents(atPath: path) else {
                Console.error("error: cannot read the baseline \(path)")
                throw ExitCode(ExitCodes.usage)
            }
            let base: Baseline
            do { base = try Baseline.decode(data) } catch let error as Baseline.DecodeError {
                Console.error("error: cannot use the baseline \(path): \(error)")
                throw ExitCode(ExitCodes.usage)
            } catch {
                Console.error("error: \(path) is not a navgraph baseline: \(error)")
                throw ExitCode(ExitCodes.usage)
            }
            let comparison = base.compare(findings, text: lines.text)
            findings = comparison.new
            report.findings = findings
            report.baselined = comparison.baselined
            report.stale = comparison.stale.map { LintReport.StaleEntry(rule: $0.rule, symbol: $0.symbol, file: $0.file) }
            report.baselineCount = base.entries.count
        }

        for f in report.findings where report.lineTexts[f] == nil {
            if let text = lines.text(f) { report.lineTexts[f] = Baseline.normalised(text) }
        }
        let colors = isatty(STDOUT_FILENO) != 0 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
        for spec in specs {
            let text = spec.reporter.render(report, colors: spec.file == nil && colors)
            try emit(Data(text.utf8), to: spec.file, analyzed: [input.path], quiet: input.quiet, what: counted(report.findings.count, "finding"))
        }
        for s in report.stale { Console.error("stale baseline entry: \(s.rule) \(s.symbol) (\(s.file))") }
        if !input.quiet { Console.error("navgraph: \(report.summary)") }
        if report.errorCount > 0 || (strict && report.warningCount > 0) { throw ExitCode(ExitCodes.findings) }
    }
}

/// The analyzed files' lines, read once per file, for the baseline's fingerprints; and the roots SARIF's
/// URIs are relative to.
final class SourceLines {
    let root: String
    /// The analyzed folder as an absolute, standardised path; nil when PATH is not a folder.
    let absoluteRoot: String?
    private var files: [String: [Substring]] = [:]

    init(root: String) {
        self.root = root
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue {
            absoluteRoot = URL(fileURLWithPath: root).standardizedFileURL.path
        } else {
            absoluteRoot = nil
        }
    }

    /// The text of a finding's line; nil without a location or when the file cannot be read.
    func text(_ f: Finding) -> String? {
        guard !f.file.isEmpty, f.line >= 1, let absoluteRoot else { return nil }
        if files[f.file] == nil {
            let data = FileManager.default.contents(atPath: absoluteRoot + "/" + f.file) ?? Data()
            files[f.file] = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        }
        guard let lines = files[f.file], f.line <= lines.count else { return nil }
        return String(lines[f.line - 1])
    }

    /// The nearest folder at or above `folder` that holds `.git`; `folder` itself when none does.
    static func repositoryRoot(_ folder: String) -> String {
        var url = URL(fileURLWithPath: folder)
        while true {
            if FileManager.default.fileExists(atPath: url.appendingPathComponent(".git").path) { return url.path }
            let parent = url.deletingLastPathComponent()
            if parent.path == url.path || url.path == "/" { return folder }
            url = parent
        }
    }
}
