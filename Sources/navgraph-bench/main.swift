import Foundation
import NavGraphModel
import NavGraphPresent

// navgraph-bench: times rendering of synthetic apps to SVG (the lead's benchmark calls it).
//
//   swift run -c release navgraph-bench                 100, 1,000 and 5,000 screens
//   swift run -c release navgraph-bench 1000 --layout dot --format html --view collapse --out /tmp/bench
//
// Each synthetic app is shaped like a real one: an app root starting a main coordinator, a tree of
// child coordinators (fan-out 4) with 10 screens each, a method route per screen, an action per screen
// that asks the coordinator for the next screen, a child-start route per child, finishes back to the
// parent, 1% unreachable screens and dead routes, and one unhandled action per 50 screens.
// The render goes through the same `RenderPlan` as `navgraph render` (including the big-graph choice).

struct Arguments {
    var sizes: [Int] = []
    var layout: String?
    var format = "svg"
    var view = ViewOptions()
    var out: String?
    var repeats = 1

    init(_ args: [String]) {
        var i = 0
        while i < args.count {
            let a = args[i]
            func value() -> String { i += 1; return i < args.count ? args[i] : "" }
            switch a {
            case "--layout": layout = value()
            case "--format": format = value()
            case "--out": out = value()
            case "--repeat": repeats = max(1, Int(value()) ?? 1)
            case "--view":
                switch value() {
                case "collapse": view.collapse = true
                case "hide-actions": view.hide = [.action]
                default: break
                }
            case "-h", "--help":
                print("usage: navgraph-bench [SCREENS...] [--layout dot|sfdp|neato] [--format svg|png|html|...] [--view collapse|hide-actions] [--repeat N] [--out DIR]")
                exit(0)
            default:
                if let n = Int(a.replacingOccurrences(of: ",", with: "")) { sizes.append(n) }
                else { FileHandle.standardError.write(Data("unknown argument \(a)\n".utf8)); exit(64) }
            }
            i += 1
        }
        if sizes.isEmpty { sizes = [100, 1_000, 5_000] }
    }
}

enum SyntheticApp {
    static func graph(screens: Int) -> NavGraph {
        let perFlow = 10
        let flows = max(1, (screens + perFlow - 1) / perFlow)
        var nodes: [Node] = [], edges: [Edge] = [], paths: [ActionPath] = []
        func loc(_ file: String, _ line: Int) -> SourceLocation { SourceLocation(file: file, line: line) }
        nodes.append(Node(kind: .app, name: "SceneDelegate", location: loc("App/SceneDelegate.swift", 3), reachable: true))
        var screenCount = 0
        for f in 0..<flows {
            let coord = "Flow\(f)Coordinator"
            let file = "Flows/Flow\(f)/\(coord).swift"
            let reachable = true
            nodes.append(Node(kind: .coordinator, name: coord, location: loc(file, 3), reachable: reachable, family: "synthetic"))
            if f == 0 {
                edges.append(Edge(from: "app:SceneDelegate", to: "coordinator:\(coord)", kind: .starts, mechanism: "start()", location: loc("App/SceneDelegate.swift", 17), reachable: true))
            } else {
                let parent = "Flow\((f - 1) / 4)Coordinator"
                let route = "\(parent).startFlow\(f)()"
                let pfile = "Flows/Flow\((f - 1) / 4)/\(parent).swift"
                nodes.append(Node(kind: .route, name: route, location: loc(pfile, 100 + f), reachable: true, owner: parent))
                edges.append(Edge(from: "coordinator:\(parent)", to: "coordinator:\(coord)", kind: .starts, via: route, mechanism: "start()", location: loc(pfile, 101 + f), reachable: true))
                edges.append(Edge(from: "route:\(route)", to: "coordinator:\(coord)", kind: .route, mechanism: "start()", location: loc(pfile, 101 + f), reachable: true))
                edges.append(Edge(from: "coordinator:\(coord)", to: "coordinator:\(parent)", kind: .finishes, mechanism: "childDidFinish", location: loc(file, 90), reachable: true))
            }
            for s in 0..<perFlow where screenCount < screens {
                screenCount += 1
                let screen = "Flow\(f)Screen\(s)ViewController"
                let sfile = "Flows/Flow\(f)/\(screen).swift"
                let unreachable = screenCount % 100 == 99
                nodes.append(Node(kind: .screen, name: screen, location: loc(sfile, 3), reachable: !unreachable))
                let route = "\(coord).show\(screen)()"
                nodes.append(Node(kind: .route, name: route, location: loc(file, 20 + s), reachable: !unreachable, owner: coord))
                let mechanism = s == 0 ? "setViewControllers" : "push"
                let kind: EdgeKind = s % 5 == 4 ? .presents : .shows
                edges.append(Edge(from: "coordinator:\(coord)", to: "screen:\(screen)", kind: kind, via: route, mechanism: kind == .presents ? "present" : mechanism, location: loc(file, 21 + s), reachable: !unreachable))
                edges.append(Edge(from: "route:\(route)", to: "screen:\(screen)", kind: .route, mechanism: mechanism, location: loc(file, 21 + s), reachable: !unreachable))
                // Each screen asks its coordinator for the next one.
                if s + 1 < perFlow {
                    let action = "\(coord).showFlow\(f)Screen\(s + 1)ViewController()"
                    let actionID = "action:\(action)"
                    nodes.append(Node(kind: .action, name: action, location: loc(file, 21 + s + 1), reachable: !unreachable, owner: coord))
                    edges.append(Edge(from: "screen:\(screen)", to: actionID, kind: .sends, location: loc(sfile, 40), reachable: !unreachable))
                    let unhandled = screenCount % 50 == 25
                    if !unhandled {
                        edges.append(Edge(from: actionID, to: "coordinator:\(coord)", kind: .handles, location: loc(file, 21 + s + 1), reachable: !unreachable))
                    }
                    paths.append(ActionPath(sender: "screen:\(screen)", action: actionID, chain: [], handledBy: unhandled ? nil : "coordinator:\(coord)",
                                            reachable: !unreachable, location: loc(sfile, 40)))
                }
            }
        }
        return NavGraph(roots: ["app:SceneDelegate"], nodes: nodes, edges: edges, paths: paths, families: ["synthetic"])
    }
}

/// CPU time of this process (Graphviz is single-threaded, so on a busy machine this is the fairer figure).
func cpuSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

let args = Arguments(Array(CommandLine.arguments.dropFirst()))
guard let format = FormatRegistry.format(args.format) else {
    FileHandle.standardError.write(Data("unknown format \(args.format)\n".utf8))
    exit(64)
}
print("navgraph-bench: render to \(format.id), \(ProcessInfo.processInfo.activeProcessorCount) cores")
print("screens  graph-nodes  drawn-nodes  drawn-edges  layout  seconds  cpu-seconds  bytes")
for size in args.sizes {
    let graph = SyntheticApp.graph(screens: size)
    let report = AnalysisReport(graph: graph, findings: [], diagnostics: [])
    var options = RenderOptions()
    if let layout = args.layout { options.layout = layout }
    var best = Double.infinity, bestCPU = Double.infinity
    var last: RenderPlan.Result?
    for _ in 0..<args.repeats {
        let start = DispatchTime.now()
        let cpuStart = cpuSeconds()
        do {
            last = try RenderPlan.run(report, format: format, view: args.view, options: options, layoutChosen: args.layout != nil)
        } catch {
            print("\(size): failed: \(error)")
            break
        }
        best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9)
        bestCPU = min(bestCPU, cpuSeconds() - cpuStart)
    }
    guard let result = last else { continue }
    print(String(format: "%7d  %11d  %11d  %11d  %6@  %7.2f  %11.2f  %d", size, graph.nodes.count, result.drawnNodes, result.drawnEdges,
                 result.layout as NSString, best, bestCPU, result.data.count))
    for note in result.notes { print("         " + note) }
    if !result.warnings.isEmpty { print("         graphviz warnings: \(result.warnings.count) (first: \(result.warnings[0]))") }
    if let out = args.out {
        try? FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let path = URL(fileURLWithPath: out).appendingPathComponent("synthetic-\(size).\(format.extensions[0])")
        try? result.data.write(to: path)
    }
}
