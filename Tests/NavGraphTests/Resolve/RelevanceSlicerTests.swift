import Foundation
import NavGraphExtract
import NavGraphKit
import NavGraphModel
import NavGraphPresent
@testable import NavGraphResolve
import XCTest

/// The interpreter runs only the statements that can navigate (`RelevanceSlicer`), runs screens shown only
/// by unreachable code after the round, and reads a collection it appends to as a store guard. None of it
/// may change a result: these tests compare with everything run, and check what is dropped and kept.
final class RelevanceSlicerTests: XCTestCase {
    /// `typeNames` splits ASCII types on their bytes and anything else on its scalars' properties: both
    /// give the identifiers, letters, digits and underscores, in order.
    func testTypeNamesAreTheIdentifiersOfAWrittenType() {
        XCTAssertEqual(RelevanceSlicer.typeNames("[Feature.Item]?"), ["Feature", "Item"])
        XCTAssertEqual(RelevanceSlicer.typeNames("Dictionary<String, [Int]>"), ["Dictionary", "String", "Int"])
        XCTAssertEqual(RelevanceSlicer.typeNames("(A & B_1) -> Void"), ["A", "B_1", "Void"])
        XCTAssertEqual(RelevanceSlicer.typeNames("@escaping (Result<T, Error>) -> ()"), ["escaping", "Result", "T", "Error"])
        XCTAssertEqual(RelevanceSlicer.typeNames("Z`[@{"), ["Z"])
        XCTAssertEqual(RelevanceSlicer.typeNames(""), [])
        XCTAssertEqual(RelevanceSlicer.typeNames("Caf\u{E9}.Men\u{FC}<\u{3A9}mega>"), ["Caf\u{E9}", "Men\u{FC}", "\u{3A9}mega"])
    }

    func testSlicingChangesNoSampleResult() throws {
        for sample in Repo.samples {
            let sliced = try analyze(Repo.sample(sample)) { $0.cacheLocation = nil; $0.sliceBodies = true }.report
            let whole = try analyze(Repo.sample(sample)) { $0.cacheLocation = nil; $0.sliceBodies = false }.report
            XCTAssertEqual(JSONRenderer.render(sliced), JSONRenderer.render(whole), sample)
            XCTAssertEqual(graphListing(sliced), graphListing(whole), sample)
        }
    }

    static let app = sceneApp("""
    final class MainCoordinator: Coordinator {
        let navigationController: UINavigationController
        var childCoordinators: [Coordinator] = []
        var pending: UIViewController?
        init(navigationController: UINavigationController) { self.navigationController = navigationController }
        func start() {
            let vc = HomeViewController()
            vc.coordinator = self
            vc.title = "Home"
            navigationController.pushViewController(vc, animated: false)
        }
        func prepareDetail() { pending = DetailViewController() }
        func showPending() { if let p = pending { navigationController.pushViewController(p, animated: true) } }
        func startSettings() {
            let child = SettingsCoordinator(navigationController: navigationController)
            childCoordinators.append(child)
            child.start()
        }
        func startHelp() {
            let child = HelpCoordinator(navigationController: navigationController)
            childCoordinators.append(child)
            child.start()
        }
    }
    final class SettingsCoordinator: Coordinator {
        let navigationController: UINavigationController
        init(navigationController: UINavigationController) { self.navigationController = navigationController }
        func start() { navigationController.pushViewController(SettingsViewController(), animated: true) }
    }
    final class HelpCoordinator: Coordinator {
        let navigationController: UINavigationController
        init(navigationController: UINavigationController) { self.navigationController = navigationController }
        func start() { navigationController.pushViewController(HelpViewController(), animated: true) }
    }
    final class HomeViewController: UIViewController {
        weak var coordinator: MainCoordinator?
        var items: [String] = []
        let formatter: DateFormatter = {
            let f = DateFormatter()
            f.dateStyle = .medium
            return f
        }()
        func configure(_ label: UILabel, at row: Int) {
            let item = items[row % max(items.count, 1)]
            label.text = item + " " + formatter.string(from: Date())
            label.textColor = row.isMultiple(of: 2) ? .label : .secondaryLabel
        }
        @objc func detailTapped() { coordinator?.prepareDetail(); coordinator?.showPending() }
        @objc func settingsTapped() { coordinator?.startSettings() }
        @objc func helpTapped() { coordinator?.startHelp() }
    }
    final class DetailViewController: UIViewController {}
    final class SettingsViewController: UIViewController {}
    final class HelpViewController: UIViewController {}
    """)

    func testLayoutCodeIsDroppedAndWhatNavigatesIsKept() throws {
        let interpreter = resolveSources(["App.swift": Self.app])
        func function(_ type: String, _ name: String) throws -> FunctionRef {
            try XCTUnwrap(interpreter.index[type]?.functions.first { $0.decl.name == name }, "\(type).\(name)")
        }
        XCTAssertEqual(try function("HomeViewController", "configure").interpretedBody, [], "layout only: nothing to run")
        // `vc` is kept for the push that uses it; `vc.title = …` moves a string no kept code reads: exactly
        // that statement goes.
        let start = try function("MainCoordinator", "start")
        let isTitle = { (s: Stmt) -> Bool in if case .assign(.member(_, "title", _), _, _) = s { return true } else { return false } }
        XCTAssertEqual(start.decl.body?.filter(isTitle).count, 1)
        XCTAssertEqual(start.interpretedBody, start.decl.body?.filter { !isTitle($0) })
        // A value reaching navigation through a property: the write is kept because kept code reads it.
        let prepare = try function("MainCoordinator", "prepareDetail")
        XCTAssertEqual(prepare.interpretedBody, prepare.decl.body)
        XCTAssertTrue(interpreter.edges.contains { $0.from == "coordinator:MainCoordinator" && $0.to == "screen:DetailViewController" && $0.reachable })
    }

    func testEveryRunKeepsTheSameStatements() throws {
        // Swift seeds its hashing per process, so dictionary order differs from run to run; what the slicer
        // keeps must not. A property whose name kept code read before its own code was looked at was kept
        // but never counted as acting: in six runs, ShopFront kept five different sets of statements.
        for sample in ["radianttap/ShopFront", "hackingwithswift/RecipeBox", "xcoordinator/NewsReader"] {
            var kept = Set<String>()
            for _ in 0..<6 {
                let run = try runNavgraph(["analyze", Repo.sample(sample).path, "--no-cache", "-o", "/dev/null"],
                                          environment: ["NAVGRAPH_TRACE_SLICE": "1", "NAVGRAPH_TRACE_SLICE_DROPPED": "1"])
                let lines = run.stderr.split(separator: "\n").filter { $0.hasPrefix("slice:") || $0.hasPrefix("dropped in") }
                XCTAssertFalse(lines.isEmpty, run.stderr)
                kept.insert(lines.sorted().joined(separator: "\n"))
            }
            XCTAssertEqual(kept.count, 1, "\(sample) kept different statements in different runs:\n\(kept.sorted().joined(separator: "\n---\n"))")
        }
    }

    func testWhatWaitsOnANameIsTakenOnceInTheOrderItRegistered() {
        var lists = WaitLists()
        // A function registers each of its keys once, however many of its statements name them.
        lists.register(7, on: 3, 1)
        lists.register(7, on: 3, 1)
        lists.register(7, on: ~3, 1)
        lists.register(7, on: RelevanceSlicer.effectKey + 3, 1)
        lists.register(2, on: 3, 2)
        lists.register(9, on: 40_000, 3)
        XCTAssertEqual(lists.take(3), [7, 2], "mentioned: in registration order, once each")
        XCTAssertEqual(lists.take(3), [], "taken: no longer waiting")
        XCTAssertEqual(lists.take(~3), [7], "called")
        XCTAssertEqual(lists.take(RelevanceSlicer.effectKey + 3), [7], "turned effectful")
        XCTAssertEqual(lists.take(40_000), [9], "past the lists' size so far")
        XCTAssertEqual(lists.take(~40_000), [])
        XCTAssertEqual(lists.take(1_000_000), [], "a name nothing waits on")
    }

    func testTimingsListTheSlicersSteps() throws {
        let sample = Repo.sample("hackingwithswift/RecipeBox").path
        let run = try runNavgraph(["analyze", sample, "--no-cache", "-o", "/dev/null", "--timings"])
        let stages = run.stderr.split(separator: "\n").filter { $0.hasPrefix("timing:") }
            .map { $0.dropFirst("timing:".count).split(separator: " ", omittingEmptySubsequences: true).dropLast(2).joined(separator: " ") }
        let slice = try XCTUnwrap(stages.firstIndex(of: "slice+classify"), run.stderr)
        XCTAssertEqual(Array(stages[(slice + 1)...].prefix(5)), ["declarations", "units", "fixpoint", "rebuild", "instantiate"],
                       run.stderr)
        let whole = try runNavgraph(["analyze", sample, "--no-cache", "-o", "/dev/null", "--timings"], environment: ["NAVGRAPH_NO_SLICE": "1"])
        XCTAssertTrue(whole.stderr.contains("slice+classify"))
        XCTAssertFalse(whole.stderr.contains("fixpoint"), "no slicing, no slicer steps")
    }

    func testAppendingToChildCoordinatorsAgainDoesNotForceAnotherRound() throws {
        // `childCoordinators.append(child)` reads the array only to check its elements do not declare
        // `append`: the second append does not make the first a stale read.
        let interpreter = resolveSources(["App.swift": Self.app])
        XCTAssertEqual(interpreter.roundsRun, 1)
        for screen in ["SettingsViewController", "HelpViewController"] {
            XCTAssertTrue(interpreter.edges.contains { $0.to == "screen:\(screen)" && $0.reachable }, screen)
        }
    }

    func testAScreenShownOnlyByAnotherArmStillSendsItsActionsUnreachably() throws {
        let report = try analyzeSources(["App.swift": sceneApp("""
        final class MainCoordinator: Coordinator {
            enum Route { case home, archive }
            let navigationController: UINavigationController
            init(navigationController: UINavigationController) { self.navigationController = navigationController }
            func start() { go(.home) }
            func go(_ route: Route) {
                switch route {
                case .home: navigationController.pushViewController(HomeViewController(), animated: false)
                case .archive:
                    let vc = ArchiveViewController()
                    vc.coordinator = self
                    navigationController.pushViewController(vc, animated: true)
                }
            }
            func openItem() {}
        }
        final class HomeViewController: UIViewController {}
        final class ArchiveViewController: UIViewController {
            weak var coordinator: MainCoordinator?
            @objc func itemTapped() { coordinator?.openItem() }
        }
        """)])
        let archive = report.graph.node("screen:ArchiveViewController")
        XCTAssertEqual(archive?.reachable, false)
        let sends = report.graph.outgoing("screen:ArchiveViewController").filter { $0.kind == .sends }
        XCTAssertEqual(sends.map(\.to), ["action:MainCoordinator.openItem()"])
        XCTAssertEqual(sends.map(\.reachable), [false])
    }

    func testAUnitListGivesBackEachUnitsListsAndRemapsOnlyNames() {
        // Names are added in any order; each list keeps the order of its own.
        var first = SliceUnit(always: true)
        for (l, v) in [(SliceUnit.List.globals, 1), (.locals, 0), (.callees, 3), (.globals, 2), (.defines, 0), (.calls, 3), (.writes, 2)] { first.add(l, v) }
        var third = SliceUnit(isReturn: true, callsLocal: true)
        for (l, v) in [(SliceUnit.List.locals, 1), (.calls, 8), (.globals, 7), (.locals, 2)] { third.add(l, v) }
        var list = UnitList()
        list.append(first)
        list.append(SliceUnit())
        list.append(third)
        XCTAssertEqual(list.count, 3)
        func lists(_ u: UnitView) -> [[Int]] { [Array(u.globals), Array(u.callees), Array(u.calls), Array(u.writes), Array(u.locals), Array(u.defines)] }
        XCTAssertEqual(lists(list[0]), [[1, 2], [3], [3], [2], [0], [0]])
        XCTAssertEqual([list[0].always, list[0].isReturn, list[0].callsLocal], [true, false, false])
        XCTAssertEqual(lists(list[1]), [[], [], [], [], [], []])
        XCTAssertEqual(lists(list[2]), [[7], [], [8], [], [1, 2], []])
        XCTAssertEqual([list[2].always, list[2].isReturn, list[2].callsLocal], [false, true, true])
        // Name ids move (a worker's own name table merged into the global one); locals' indexes do not.
        list.remapNames { $0 + 100 }
        XCTAssertEqual(lists(list[0]), [[101, 102], [103], [103], [102], [0], [0]])
        XCTAssertEqual(lists(list[2]), [[107], [], [108], [], [1, 2], []])

        // Merging a closure's unit adds its names after the unit's own, its locals only when asked.
        var merged = first
        merged.merge(third)
        XCTAssertEqual(lists(merged.view), [[1, 2, 7], [3], [3, 8], [2], [0], [0]])
        XCTAssertEqual([merged.view.always, merged.view.isReturn, merged.view.callsLocal], [true, false, true])
        merged = first
        merged.merge(third, withLocals: true)
        XCTAssertEqual(lists(merged.view), [[1, 2, 7], [3], [3, 8], [2], [0, 1, 2], [0]])
    }

    /// Ids in first-seen order, through the table's growth; a copy goes on from the same ids on its own.
    func testTheNameTableGivesIdsInFirstSeenOrder() {
        let table = NameTable()
        let names = (0..<5_000).map { "name\($0)" } + ["", "é", "a.b", String(repeating: "x", count: 100)]
        XCTAssertEqual(names.map(table.id), Array(names.indices))
        XCTAssertEqual(names.reversed().map(table.id), Array(names.indices.reversed()))
        XCTAssertEqual(table.count, names.count)
        XCTAssertEqual(table.name(4_999), "name4999")
        let copy = table.copy()
        XCTAssertEqual(copy.id("new"), names.count)
        XCTAssertEqual(table.id("other"), names.count)
        XCTAssertEqual([copy.name(names.count), table.name(names.count)], ["new", "other"])
        XCTAssertEqual(copy.id("name17"), 17)
    }
}
