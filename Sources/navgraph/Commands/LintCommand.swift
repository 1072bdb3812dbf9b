import ArgumentParser
import Foundation
import NavGraphKit
import NavGraphModel

struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Report dead routes, unreachable screens and coordinators, and unhandled actions.",
        discussion: """
        Prints one line per finding in the form Xcode and most CI systems understand:
          path/File.swift:12:1: warning: route 'Main.showSettings()' is dead: nothing ever calls it [dead-route]
        Exits with 1 when a finding has error severity (or any finding, with --strict).

        Examples:
          navgraph lint MyApp
          navgraph lint MyApp --strict
        """
    )

    @OptionGroup var input: InputOptions

    @Flag(help: "Fail on warnings too.")
    var strict = false

    func run() throws {
        let analysis = try input.analyze()
        let findings = analysis.report.findings
        for f in findings {
            Console.out("\(f.file):\(f.line):1: \(f.severity.rawValue): \(f.message) [\(f.rule)]\n")
        }
        let errors = findings.filter { $0.severity == .error }.count
        let warnings = findings.filter { $0.severity == .warning }.count
        Console.error("navgraph: \(analysis.fileCount) files, \(errors) errors, \(warnings) warnings")
        if errors > 0 || (strict && warnings > 0) { throw ExitCode(ExitCodes.findings) }
    }
}
