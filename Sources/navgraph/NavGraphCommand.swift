import ArgumentParser
import Foundation
import NavGraphKit
import NavGraphModel

/// Exit codes, identical for every command and reporter (documented in the README).
enum ExitCodes {
    static let success: Int32 = 0
    /// `lint`: findings that fail the build (errors; warnings too with --strict).
    static let findings: Int32 = 1
    /// Bad flags, a missing PATH, a bad configuration file (sysexits EX_USAGE).
    static let usage: Int32 = 64
    /// PATH holds no Swift files (EX_NOINPUT).
    static let noInput: Int32 = 66
    /// A bug in navgraph or Graphviz (EX_SOFTWARE).
    static let internalError: Int32 = 70
    /// An output file cannot be written (EX_CANTCREAT).
    static let cannotWrite: Int32 = 73
}

@main
struct NavGraphCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "navgraph",
        abstract: "Shows and checks how a UIKit app navigates through its coordinators.",
        discussion: """
        navgraph reads an app's Swift sources (it never compiles them), instantiates the coordinator tree \
        from the app's root, and records every route, screen, child flow and action.

        Examples:
          navgraph analyze MyApp/                 the navigation as a readable tree
          navgraph analyze MyApp/ --format json   the graph as JSON for other tools
          navgraph render MyApp/ -o docs/nav.svg  draw it (svg png pdf dot mermaid)
          navgraph render MyApp/ -o nav.html      a page: search, pan, zoom
          navgraph lint MyApp/                    fail CI on dead routes
          navgraph chain MyApp/ CartViewController
                                                  each action's path from a screen
          navgraph routes MyApp/                  every route path from each root
          navgraph diff --base main MyApp/        what a branch changes
        """,
        version: NavGraphVersion.current,
        subcommands: [AnalyzeCommand.self, RenderCommand.self, LintCommand.self, DiffCommand.self, RulesCommand.self, ChainCommand.self, RoutesCommand.self]
    )

    /// ArgumentParser's `main()`, waiting for the cache files before the process exits, whatever the
    /// command's outcome. WHY: the commands leave them to be written while they render and write their
    /// output (`finishCacheWritesLater`).
    static func main() {
        do {
            var command = try parseAsRoot()
            defer { CacheWrites.finish() }
            try command.run()
        } catch {
            exit(withError: error)
        }
    }
}

/// Flags every analyzing command shares.
struct InputOptions: ParsableArguments {
    @Argument(help: "The folder of the app to analyze (or one Swift file).", completion: .directory)
    var path: String

    @Flag(name: .customLong("include-tests"), help: "Also analyze test targets (skipped by default).")
    var includeTests = false

    @Flag(name: .customLong("all-files"), help: "Also analyze Swift files no target of the app's Xcode projects compiles.")
    var allFiles = false

    @Option(name: .customLong("exclude"), help: "A path or glob, relative to PATH, to skip. Repeatable.")
    var excluded: [String] = []

    @Option(name: .customLong("jobs"), help: "Threads for extraction (default: all cores).")
    var jobs: Int?

    @Option(name: .customLong("config"), help: "The configuration file (default: .navgraph.yml in PATH or its parents).", completion: .file())
    var config: String?

    @Flag(name: .customLong("no-config"), help: "Ignore any .navgraph.yml.")
    var noConfig = false

    @Option(name: .customLong("cache-path"), help: "Where to cache per-file facts (default: ~/.cache/navgraph, or $XDG_CACHE_HOME/navgraph).", completion: .directory)
    var cachePath: String?

    @Flag(name: .customLong("no-cache"), help: "Neither read nor write the cache.")
    var noCache = false

    @Flag(name: .shortAndLong, help: "Print nothing on standard error but warnings and errors: no progress, no summary of what was recognised, no line per written file.")
    var quiet = false

    @Flag(name: .customLong("allow-inside-tree"), help: ArgumentHelp("No longer needed: outputs may be written inside PATH (never over a file navgraph reads).", visibility: .hidden))
    var allowInsideTree = false

    @Flag(name: .customLong("timings"), help: ArgumentHelp("Print how long each stage took, on standard error.", visibility: .hidden))
    var timings = false

    @Option(name: .customLong("max-file-size"), help: ArgumentHelp("Skip source files bigger than this, with a warning (default: 8).", valueName: "MB"))
    var maxFileSize: Int?

    @Option(name: .customLong("parse-time-limit"), help: ArgumentHelp("Skip a source file not parsed within this time, with a warning (default: \(Int(AnalysisOptions.defaultParseTimeLimit))).", valueName: "seconds"))
    var parseTimeLimit: Double?

    func validate() throws {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else {
            throw ValidationError("PATH '\(path)' does not exist.")
        }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1.") }
        if noCache && cachePath != nil { throw ValidationError("--no-cache and --cache-path cannot be used together.") }
        if let maxFileSize, !(1...4096).contains(maxFileSize) { throw ValidationError("--max-file-size must be between 1 and 4096 (MB).") }
        if let parseTimeLimit, !(parseTimeLimit > 0 && parseTimeLimit <= 86_400) { throw ValidationError("--parse-time-limit must be more than 0 and at most 86400 (seconds).") }
    }

    /// The configuration: --config, else the nearest .navgraph.yml, else the defaults.
    func configuration() throws -> Configuration {
        if noConfig { return Configuration() }
        if let config {
            guard FileManager.default.fileExists(atPath: config) else {
                Console.error("error: configuration file '\(config)' does not exist")
                throw ExitCode(ExitCodes.usage)
            }
        }
        guard let file = config ?? Configuration.find(from: path) else { return Configuration() }
        do { return try ConfigurationLoader.load(file) } catch let e as ConfigurationError {
            Console.error(e.description)
            throw ExitCode(ExitCodes.usage)
        }
    }

    func analysisOptions() throws -> AnalysisOptions {
        var o = AnalysisOptions(path: path)
        o.configuration = try configuration()
        o.discovery.includeTests = includeTests
        o.allFiles = allFiles
        o.discovery.excluded = excluded
        if let jobs { o.threads = jobs }
        if !noCache { o.cacheLocation = cachePath.map { URL(fileURLWithPath: $0) } ?? FactsCache.defaultLocation }
        o.finishCacheWritesLater = true
        if let maxFileSize { o.discovery.maxFileSize = maxFileSize << 20 }
        if let parseTimeLimit { o.parseTimeLimit = parseTimeLimit }
        return o
    }

    /// Runs the analysis, printing input warnings to stderr and mapping errors to exit codes.
    func analyze() throws -> Analysis {
        do {
            var options = try analysisOptions()
            let progress = quiet ? nil : ProgressLine.make()
            options.progress = progress.map { line in { line.update($0) } }
            let analysis: Analysis
            do { analysis = try Pipeline.analyze(options); progress?.finish() } catch { progress?.finish(); throw error }
            for d in analysis.report.diagnostics { Console.error(d.rendered) }
            if timings {
                for t in analysis.timings { StageTimings.print(t.stage, t.seconds) }
                for c in analysis.costliest {
                    Console.error("steps: \(c.steps) in \(c.runs) runs of \(c.function)")
                }
                StageTimings.enabled = true
            }
            return analysis
        } catch let e as AnalysisError {
            switch e {
            case .input(let m):
                Console.error("error: \(m)")
                throw ExitCode(ExitCodes.usage)
            case .noSwiftFiles(_, let skipped):
                for d in skipped { Console.error(d.rendered) }
                Console.error("error: \(e.description)")
                throw ExitCode(ExitCodes.noInput)
            }
        }
    }
}

/// What `analyze` and `lint` say first on standard error: the families, coordinators and screens
/// recognised, and, when nothing navigable was, a note saying why the result means "checked nothing".
enum Recognised {
    static func summary(_ graph: NavGraph) -> String {
        let coordinators = graph.nodes.filter { $0.kind == .coordinator }.count
        let screens = graph.nodes.filter { $0.kind == .screen }.count
        let families = graph.families.isEmpty ? "no coordinator library" : graph.families.joined(separator: ", ")
        return "recognised: \(families), \(counted(coordinators, "coordinator")), \(counted(screens, "screen"))"
    }

    /// Nothing navigable: no coordinator, and no screen shown or presented by anything.
    static func nothingNavigable(_ graph: NavGraph) -> Bool {
        !graph.nodes.contains { $0.kind == .coordinator } && !graph.edges.contains { $0.kind == .shows || $0.kind == .presents }
    }

    static func note(_ graph: NavGraph, path: String, fileCount: Int, checking: String) -> String {
        var isDir: ObjCBool = false
        let single = FileManager.default.fileExists(atPath: path, isDirectory: &isDir) && !isDir.boolValue
        let why: String
        if single {
            why = "PATH is a single file; navigation spans the app, so pass the app's folder"
        } else if graph.roots.isEmpty {
            why = "no app root (app or scene delegate, @main type) and no coordinator was found in \(counted(fileCount, "Swift file")); navgraph follows UIKit navigation, not SwiftUI's"
        } else {
            why = "the app's roots start no coordinator and show no screen; navgraph follows UIKit navigation (coordinators, view controllers), not SwiftUI's"
        }
        return "note: nothing navigable was recognised, so \(checking): \(why)"
    }

    /// Prints the summary (unless quiet) and the note (always: a green lint must not hide it).
    static func report(_ analysis: Analysis, input: InputOptions, checking: String) {
        let graph = analysis.report.graph
        if !input.quiet { Console.error(summary(graph)) }
        if nothingNavigable(graph) {
            Console.error(note(graph, path: input.path, fileCount: analysis.fileCount, checking: checking))
        }
    }
}

/// `--timings`: the pipeline's stages, then the command's own (rendering, writing), on standard error.
enum StageTimings {
    static var enabled = false

    static func measure<T>(_ stage: String, _ body: () throws -> T) rethrows -> T {
        guard enabled else { return try body() }
        let start = Date()
        defer { print(stage, Date().timeIntervalSince(start)) }
        return try body()
    }

    static func print(_ stage: String, _ seconds: Double) {
        Console.error(String(format: "timing: %-12@ %8.3f s", stage as NSString, seconds))
    }
}

enum Console {
    /// A message on standard error, one line: every message may quote the analyzed tree (names, paths,
    /// YAML), so all of them leave through `neutralized` here rather than each at its source. If even
    /// standard error cannot be written there is nobody to tell.
    static func error(_ s: String) {
        try? FileHandle.standardError.write(contentsOf: Data((neutralized(s) + "\n").utf8))
    }

    static func out(_ s: String) {
        out(Data(s.utf8))
    }

    /// Standard output that cannot be written (closed, a full disk, a broken pipe with SIGPIPE ignored)
    /// ends the run with exit 73 and says why, as a file that cannot be written does. The non-throwing
    /// `write(_:)` trapped (exit 132).
    static func out(_ data: Data) {
        do { try FileHandle.standardOutput.write(contentsOf: data) } catch {
            let ns = error as NSError
            let why = (ns.userInfo[NSUnderlyingErrorKey] as? NSError)?.localizedDescription ?? String(cString: strerror(errno))
            Console.error("error: cannot write to standard output (\(why))")
            exit(ExitCodes.cannotWrite)
        }
    }
}

/// Writes to stdout when `path` is nil or `-`, else atomically to the file, then says so on standard
/// error (`wrote FILE (what)`) unless `quiet`. The same rule for every command: a file may be written
/// anywhere, inside the analyzed folder too, except over a file navgraph reads as input (exit 64).
func emit(_ data: Data, to path: String?, analyzed: [String], quiet: Bool = false, what: String? = nil) throws {
    guard let path, path != "-" else {
        StageTimings.measure("write") { Console.out(data) }
        return
    }
    do {
        try StageTimings.measure("write") { try OutputWriter.write(data, to: path, analyzed: analyzed) }
    } catch let e as OutputError {
        Console.error("error: \(e.description)")
        if case .refused = e { throw ExitCode(ExitCodes.usage) }
        throw ExitCode(ExitCodes.cannotWrite)
    }
    if !quiet { Console.error("wrote \(path)\(what.map { " (\($0))" } ?? "")") }
}

/// `12 findings`, `1 finding`.
func counted(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }

/// `wrote FILE (N nodes, M edges)`.
func graphCount(nodes: Int, edges: Int) -> String { "\(counted(nodes, "node")), \(counted(edges, "edge"))" }

/// The progress line a long run shows on a terminal: stage, files parsed, round and steps. It appears
/// after a second (a quick run shows nothing), is redrawn a few times a second on standard error, and is
/// erased before anything else is written there. Not shown when standard error is not a terminal, nor on
/// CI, nor with `NAVGRAPH_NO_PROGRESS`.
final class ProgressLine: @unchecked Sendable {
    private let condition = NSCondition()
    private var status = ""
    private var shown = false
    private var finished = false
    private let started = Date()

    static func make() -> ProgressLine? {
        let env = ProcessInfo.processInfo.environment
        guard isatty(2) == 1, env["CI"] == nil, env["NAVGRAPH_NO_PROGRESS"] == nil, env["TERM"] != "dumb" else { return nil }
        let line = ProgressLine()
        Thread.detachNewThread { line.draw() }
        return line
    }

    func update(_ text: String) {
        condition.lock()
        status = text
        condition.unlock()
    }

    /// Erases the line and stops drawing it.
    func finish() {
        condition.lock()
        finished = true
        if shown { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        shown = false
        condition.signal()
        condition.unlock()
    }

    private func draw() {
        condition.lock()
        defer { condition.unlock() }
        while !finished {
            _ = condition.wait(until: Date().addingTimeInterval(0.2))
            guard !finished, Date().timeIntervalSince(started) > 1 else { continue }
            let seconds = Int(Date().timeIntervalSince(started))
            FileHandle.standardError.write(Data("\r\u{1B}[Knavgraph: \(status) (\(seconds) s)".utf8))
            shown = true
        }
    }
}
