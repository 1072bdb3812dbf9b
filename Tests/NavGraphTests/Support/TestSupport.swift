import Foundation
import NavGraphCheck
import NavGraphDiscovery
import NavGraphExtract
import NavGraphKit
import NavGraphModel
import NavGraphPresent
import NavGraphResolve
import XCTest

/// Paths inside the repository.
enum Repo {
    static let root: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        fatalError("Package.swift not found above \(#filePath)")
    }()

    static func sample(_ name: String) -> URL { root.appendingPathComponent("Samples").appendingPathComponent(name) }

    /// Every sample app: `family/App`.
    static var samples: [String] {
        let samplesDir = root.appendingPathComponent("Samples")
        let families = (try? FileManager.default.contentsOfDirectory(atPath: samplesDir.path)) ?? []
        return families.sorted().flatMap { f -> [String] in
            let apps = (try? FileManager.default.contentsOfDirectory(atPath: samplesDir.appendingPathComponent(f).path)) ?? []
            return apps.sorted().filter { !$0.hasPrefix(".") }.map { "\(f)/\($0)" }
        }
    }

    static var binary: URL { root.appendingPathComponent(".build/debug/navgraph") }
}

/// Runs the whole pipeline on a folder.
func analyze(_ path: URL, configure: (inout AnalysisOptions) -> Void = { _ in }) throws -> Analysis {
    var options = AnalysisOptions(path: path.path)
    configure(&options)
    return try Pipeline.analyze(options)
}

func analyzeSample(_ name: String) throws -> AnalysisReport {
    try analyze(Repo.sample(name)).report
}

/// Writes sources (relative path → text) to a fresh temporary folder and returns it.
func temporaryApp(_ files: [String: String]) throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("navgraph-test-\(UUID().uuidString)")
    for (path, text) in files {
        let url = dir.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }
    return dir
}

/// Analyzes an app given as sources. Swift files that discovery would all keep are analyzed in memory
/// (`Pipeline.analyze(sources:)`); an app with other files (storyboards, test folders, skipped folders) is
/// written to a temporary folder first. Every app a test writes is also analyzed with every statement
/// interpreted and every unreachable switch arm run each time, and must give the same report: the
/// statements `RelevanceSlicer` drops and the arms `Interpreter.runDeadArm` replays never matter.
func analyzeSources(_ files: [String: String], file: StaticString = #filePath, line: UInt = #line) throws -> AnalysisReport {
    let inMemory = files.keys.allSatisfy { path in
        let parts = path.split(separator: "/").map(String.init)
        return path.hasSuffix(".swift") && !Discovery.isTestFile(parts.last!) && parts.allSatisfy { !$0.hasPrefix(".") }
            && parts.dropLast().allSatisfy { !Discovery.isTestFolder($0) && !DiscoveryOptions().skippedFolders.contains($0) }
    }
    func run(_ configure: (inout AnalysisOptions) -> Void) throws -> AnalysisReport {
        if inMemory {
            var options = AnalysisOptions(path: "App")
            configure(&options)
            return try Pipeline.analyze(sources: files, options: options).report
        }
        let dir = try temporaryApp(files)
        defer { try? FileManager.default.removeItem(at: dir) }
        return try analyze(dir) { configure(&$0) }.report
    }
    let report = try run { $0.cacheLocation = nil }
    let whole = try run { $0.cacheLocation = nil; $0.sliceBodies = false; $0.replayDeadArms = false }
    XCTAssertEqual(JSONRenderer.render(report), JSONRenderer.render(whole), "sliced and whole bodies (every dead arm run) differ", file: file, line: line)
    return report
}

/// An app whose scene delegate starts `MainCoordinator(navigationController:)`, with a minimal
/// `Coordinator` protocol; `rest` declares `MainCoordinator` and what it shows.
func sceneApp(_ rest: String) -> String {
    """
    import UIKit
    final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
        var coordinator: MainCoordinator?
        func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
            coordinator = MainCoordinator(navigationController: UINavigationController())
            coordinator?.start()
        }
    }
    protocol Coordinator: AnyObject { var navigationController: UINavigationController { get }; func start() }

    """ + rest
}

/// Resolves sources (path → text) in memory and returns the interpreter, for tests of its internals.
func resolveSources(_ files: [String: String]) -> Interpreter {
    let facts = files.sorted { $0.key < $1.key }.map { Extractor.extract(path: $0.key, source: $0.value) }
    return Resolver.resolve(facts).interpreter
}

/// `sceneApp` with a `MainCoordinator` that starts on `HomeViewController`, whose `tapped()` calls
/// `showDetail()`; `members` declares the rest of the coordinator (`showDetail` included), `beforeHome`
/// what `start()` does first.
func homeDetailApp(members: String, beforeHome: String = "") -> String {
    sceneApp("""
    final class MainCoordinator: Coordinator {
        let navigationController: UINavigationController
        init(navigationController: UINavigationController) { self.navigationController = navigationController }
        func start() {
            \(beforeHome)
            let vc = HomeViewController()
            vc.coordinator = self
            navigationController.pushViewController(vc, animated: false)
        }
        \(members)
    }
    final class HomeViewController: UIViewController {
        weak var coordinator: MainCoordinator?
        @objc func tapped() { coordinator?.showDetail() }
    }
    final class DetailViewController: UIViewController {}
    """)
}

/// A canonical, line-per-fact listing of a graph: the exact nodes, edges, action paths and findings.
/// Sample tests compare it with `Samples/<family>/<App>/expected-graph.txt`.
func graphListing(_ report: AnalysisReport) -> String {
    var lines: [String] = []
    for n in report.graph.nodes {
        lines.append("node \(n.id) \(n.reachable ? "reachable" : "unreachable") @\(n.file):\(n.line)")
    }
    for e in report.graph.edges {
        var l = "edge \(e.from) -\(e.kind.rawValue)-> \(e.to)"
        if let m = e.mechanism { l += " [\(m)]" }
        if let v = e.via { l += " via \(v)" }
        l += e.reachable ? "" : " (unreachable)"
        l += " @\(e.file):\(e.line)"
        lines.append(l)
    }
    for p in report.graph.paths {
        lines.append("path \(p.sender) -> \(p.action) => \(p.handledBy ?? p.handledWithin.map { "within:\($0)" } ?? "UNHANDLED")\(p.reachable ? "" : " (unreachable)") @\(p.file):\(p.line)")
    }
    for f in report.findings {
        lines.append("finding \(f.rule) \(f.severity.rawValue) \(f.symbol) @\(f.file):\(f.line)")
    }
    return lines.joined(separator: "\n") + "\n"
}

/// The 1-based line of the first line of `text` containing `needle` (0 when absent), for tests on inline apps.
func lineNumber(of needle: String, in text: String) -> Int {
    for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where line.contains(needle) { return i + 1 }
    return 0
}

/// The action paths of a graph with each responder step: `Samples/<family>/<App>/expected-paths.txt`.
func pathListing(_ report: AnalysisReport) -> String {
    var lines: [String] = []
    for p in report.graph.paths {
        var l = "path \(p.sender) -> \(p.action) @\(p.file):\(p.line)\(p.reachable ? "" : " (unreachable)")"
        if let c = p.carries { l += " carries \(c.joined(separator: ","))" }
        lines.append(l)
        for s in p.steps ?? [] {
            lines.append("  \(s.role.rawValue) \(s.responder)" + (s.file.map { " @\($0):\(s.line ?? 0)" } ?? ""))
        }
        lines.append("  => " + (p.handledBy ?? "UNHANDLED: \(p.note ?? "")"))
    }
    return lines.joined(separator: "\n") + "\n"
}

/// Compares with a stored expectation; `NAVGRAPH_RECORD=1` rewrites it (review the diff with git).
func assertMatchesFile(_ actual: String, _ url: URL, file: StaticString = #filePath, line: UInt = #line) {
    let record = ProcessInfo.processInfo.environment["NAVGRAPH_RECORD"] == "1"
    let expected = try? String(contentsOf: url, encoding: .utf8)
    if record || expected == nil {
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? Data(actual.utf8).write(to: url)
        if !record { XCTFail("recorded \(url.path); run again", file: file, line: line) }
        return
    }
    if actual != expected {
        let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let e = expected!.split(separator: "\n", omittingEmptySubsequences: false)
        let missing = e.filter { !a.contains($0) }.prefix(20)
        let extra = a.filter { !e.contains($0) }.prefix(20)
        XCTFail("\(url.lastPathComponent) differs (NAVGRAPH_RECORD=1 to re-record)\nmissing:\n  \(missing.joined(separator: "\n  "))\nunexpected:\n  \(extra.joined(separator: "\n  "))",
                file: file, line: line)
    }
}

/// The findings of a report as `rule symbol @file:line`, sorted.
func findingList(_ report: AnalysisReport) -> [String] {
    report.findings.map { "\($0.rule) \($0.symbol) @\($0.file):\($0.line)" }.sorted()
}

/// Runs the built `navgraph` binary.
struct CommandResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// The `shows` and `presents` edges of a report: target, the route they happen under, and whether
/// they are reachable; sorted.
func shownScreens(_ report: AnalysisReport) -> [String] {
    report.graph.edges.filter { $0.kind == .shows || $0.kind == .presents }
        .map { "\($0.to) via \($0.via ?? "-")\($0.reachable ? "" : " (unreachable)")" }.sorted()
}

func runNavgraph(_ arguments: [String], cwd: URL? = nil, environment: [String: String] = [:]) throws -> CommandResult {
    let process = Process()
    process.executableURL = Repo.binary
    process.arguments = arguments
    if let cwd { process.currentDirectoryURL = cwd }
    var env = ProcessInfo.processInfo.environment.merging(environment) { _, given in given }
    env["COLUMNS"] = environment["COLUMNS"] ?? "100"
    process.environment = env
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let o = out.fileHandleForReading.readDataToEndOfFile()
    let e = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return CommandResult(status: process.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
}
