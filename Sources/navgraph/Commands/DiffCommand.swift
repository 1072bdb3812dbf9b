import ArgumentParser
import Foundation
import NavGraphKit
import NavGraphModel
import NavGraphPresent

struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Show what changed in the navigation: coordinators, screens, routes, actions, edges and findings.",
        discussion: """
        Compares two saved JSON graphs (`navgraph analyze --format json`), two app folders, or, with \
        --base, an app folder at a git revision with the same folder in the working tree. The revision is \
        extracted with `git archive` into a temporary folder and analyzed there; the working tree is only read.

        The report goes to standard output (or -o) as text, markdown (for a pull-request comment) or json; \
        --graph draws the new graph with additions in green and removals in red (any render format).

        Examples:
          navgraph diff before.json after.json
          navgraph diff --base origin/main MyApp -o nav-diff.md --graph nav-diff.svg
          navgraph diff --base HEAD~1 MyApp --exit-code
        """
    )

    @Argument(help: "OLD and NEW: JSON graphs or app folders. With --base, one app folder (its working tree is NEW).", completion: .file())
    var operands: [String] = []

    @Option(help: "A git revision (branch, tag, commit) to compare the folder with.")
    var base: String?

    @Option(name: .shortAndLong, help: "Report format: \(DiffReporter.formats.joined(separator: ", ")). Default: from the extension of --output (.md, .json), else text.")
    var format: String?

    @Option(name: .shortAndLong, help: "Write the report to this file instead of standard output.")
    var output: String?

    @Option(help: "Also draw the merged graph, additions green and removals red, to this file (\(FormatRegistry.ids.filter { $0 != "json" }.joined(separator: ", ")) by extension).")
    var graph: String?

    @Flag(name: .shortAndLong, help: "Print nothing on standard error but warnings and errors (no line per written file).")
    var quiet = false

    @Flag(name: .customLong("exit-code"), help: "Exit with 1 when the navigation changed (like `git diff --exit-code`).")
    var exitCode = false

    @Flag(name: .customLong("include-tests"), help: "Also analyze test targets (skipped by default).")
    var includeTests = false

    @Flag(name: .customLong("all-files"), help: "Also analyze Swift files no target of the app's Xcode projects compiles.")
    var allFiles = false

    @Option(name: .customLong("exclude"), help: "A path or glob, relative to the app folder, to skip. Repeatable.")
    var excluded: [String] = []

    @Option(name: .customLong("config"), help: "The configuration file for both sides (default: .navgraph.yml in the NEW folder or its parents).", completion: .file())
    var config: String?

    @Flag(name: .customLong("no-config"), help: "Ignore any .navgraph.yml.")
    var noConfig = false

    @OptionGroup var drawing: DrawingFlags

    @OptionGroup var view: ViewFlags

    func reportFormat() throws -> String {
        if let format {
            let f = format.lowercased() == "md" ? "markdown" : format.lowercased()
            guard DiffReporter.formats.contains(f) else { throw ValidationError("--format must be \(DiffReporter.formats.joined(separator: ", ")).") }
            return f
        }
        switch URL(fileURLWithPath: output ?? "").pathExtension.lowercased() {
        case "md", "markdown": return "markdown"
        case "json": return "json"
        default: return "text"
        }
    }

    func validate() throws {
        _ = try reportFormat()
        if base != nil {
            guard operands.count == 1 else { throw ValidationError("with --base, pass one app folder: navgraph diff --base REV PATH.") }
        } else {
            guard operands.count == 2 else { throw ValidationError("pass OLD and NEW (JSON graphs or app folders), or --base REV PATH.") }
        }
        for p in operands where !FileManager.default.fileExists(atPath: p) { throw ValidationError("'\(p)' does not exist.") }
        if let graph {
            guard let f = FormatRegistry.format(forPath: graph), f.id != "json" else {
                throw ValidationError("--graph needs a drawing format by extension: \(FormatRegistry.ids.filter { $0 != "json" }.joined(separator: ", ")).")
            }
        }
        try drawing.check()
        try view.check()
    }

    /// One configuration for both sides, found from the NEW side, so the diff shows what the code changed.
    func configuration() throws -> Configuration {
        if noConfig { return Configuration() }
        let newPath = operands.last ?? "."
        if let config, !FileManager.default.fileExists(atPath: config) {
            Console.error("error: configuration file '\(config)' does not exist")
            throw ExitCode(ExitCodes.usage)
        }
        guard let file = config ?? Configuration.find(from: newPath) else { return Configuration() }
        do { return try ConfigurationLoader.load(file) } catch let e as ConfigurationError {
            Console.error(e.description)
            throw ExitCode(ExitCodes.usage)
        }
    }

    func run() throws {
        let old: AnalysisReport, new: AnalysisReport
        if let base {
            let snapshot: GitSnapshot
            do { snapshot = try GitSnapshot.extract(revision: base, path: operands[0]) } catch {
                Console.error("error: \(error)")
                throw ExitCode(ExitCodes.usage)
            }
            defer { snapshot.remove() }
            for w in snapshot.warnings { Console.error(w) }
            old = try load(snapshot.folder.path, emptyIfMissing: true)
            new = try load(operands[0], emptyIfMissing: false)
        } else {
            old = try load(operands[0], emptyIfMissing: false)
            new = try load(operands[1], emptyIfMissing: false)
        }
        let diff = GraphDiff(old: old, new: new)
        let text = DiffReporter.render(diff, format: try reportFormat())
        try emit(Data(text.utf8), to: output, analyzed: operands, quiet: quiet, what: counted(diff.changeCount, "change"))

        if let graph, let format = FormatRegistry.format(forPath: graph) {
            let (merged, marks) = diff.merged()
            var options = drawing.options()
            options.marks = marks
            do {
                let result = try RenderPlan.run(merged, format: format, view: try view.options(rankdirChosen: drawing.rankdir != nil), options: options, layoutChosen: drawing.layout != nil)
                for note in result.notes { Console.error(note) }
                for w in result.warnings { Console.error("warning: graphviz: \(w)") }
                try emit(result.data, to: graph, analyzed: operands, quiet: quiet, what: graphCount(nodes: result.drawnNodes, edges: result.drawnEdges))
            } catch let e as GraphViews.ViewError {
                Console.error("error: \(e.description)")
                throw ExitCode(ExitCodes.usage)
            } catch let e as RenderError {
                Console.error("error: \(e.description)")
                if case .tooBig = e { throw ExitCode(ExitCodes.usage) }
                throw ExitCode(ExitCodes.internalError)
            }
        }
        if exitCode && !diff.isEmpty { throw ExitCode(ExitCodes.findings) }
    }

    /// A JSON graph, or an app folder analyzed now. A folder without Swift files (an app that did not
    /// exist yet at the base revision) is an empty graph when `emptyIfMissing`.
    func load(_ path: String, emptyIfMissing: Bool) throws -> AnalysisReport {
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDir), !isDir.boolValue, path.lowercased().hasSuffix(".json") {
            return try readGraphDocument(path)
        }
        var options = AnalysisOptions(path: path)
        options.configuration = try configuration()
        options.discovery.includeTests = includeTests
        options.allFiles = allFiles
        options.discovery.excluded = excluded
        do {
            let analysis = try Pipeline.analyze(options)
            return analysis.report
        } catch let e as AnalysisError {
            if case .noSwiftFiles = e, emptyIfMissing {
                return AnalysisReport(graph: NavGraph(roots: [], nodes: [], edges: []), findings: [], diagnostics: [])
            }
            Console.error("error: \(e.description)")
            if case .noSwiftFiles = e { throw ExitCode(ExitCodes.noInput) }
            throw ExitCode(ExitCodes.usage)
        }
    }
}

extension GraphDiff {
    /// Every line the diff reports: nodes and edges added or removed, findings, reachability changes.
    var changeCount: Int {
        addedNodes.count + removedNodes.count + addedEdges.count + removedEdges.count + addedFindings.count
            + removedFindings.count + nowUnreachable.count + nowReachable.count
    }
}
