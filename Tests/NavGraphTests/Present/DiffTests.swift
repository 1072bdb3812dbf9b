import Foundation
import NavGraphKit
import NavGraphModel
import NavGraphPresent
import XCTest

/// `navgraph diff` on two versions of a small app: exact additions and removals, the reports, the
/// coloured drawing, and the git mode that analyzes a revision without touching the working tree.
final class DiffTests: XCTestCase {
    func diff() throws -> GraphDiff {
        GraphDiff(old: try analyzeSources(SmallApps.v1), new: try analyzeSources(SmallApps.v2))
    }

    func testExactAdditionsAndRemovals() throws {
        let d = try diff()
        XCTAssertEqual(d.nodeLines, [
            "+ screen ProfileViewController",
            "+ route MainCoordinator.showProfile()",
            "+ action MainCoordinator.showProfile()",
            "- screen HelpViewController",
            "- route MainCoordinator.showHelp()",
        ])
        XCTAssertEqual(d.edgeLines, [
            "+ MainCoordinator.showProfile() -handles-> MainCoordinator",
            "+ MainCoordinator -shows-> ProfileViewController via MainCoordinator.showProfile()",
            "+ MainCoordinator.showProfile() -route-> ProfileViewController",
            "+ HomeViewController -sends-> MainCoordinator.showProfile()",
            "- MainCoordinator -presents-> HelpViewController via MainCoordinator.showHelp()",
            "- MainCoordinator.showHelp() -route-> HelpViewController",
        ])
        XCTAssertEqual(d.findingLines, [
            "- dead-route MainCoordinator.showHelp()",
            "- unreachable-screen HelpViewController",
        ])
        XCTAssertEqual(d.reachabilityLines, [])
        XCTAssertTrue(GraphDiff(old: try analyzeSources(SmallApps.v1), new: try analyzeSources(SmallApps.v1)).isEmpty)
    }

    func testReverseDiffAddsFindingsAndLinesDoNotMatter() throws {
        // v2 → v1 brings the dead route back; shifting every line by one changes nothing else.
        let shifted = SmallApps.v1.mapValues { "// moved down a line\n" + $0 }
        let d = GraphDiff(old: try analyzeSources(SmallApps.v2), new: try analyzeSources(shifted))
        XCTAssertEqual(d.findingLines, ["+ dead-route MainCoordinator.showHelp()", "+ unreachable-screen HelpViewController"])
        XCTAssertEqual(d.addedFindings.map(\.line), [16, 23])
        let same = GraphDiff(old: try analyzeSources(SmallApps.v1), new: try analyzeSources(shifted))
        XCTAssertTrue(same.isEmpty, same.nodeLines.joined(separator: "\n") + same.edgeLines.joined(separator: "\n"))
    }

    func testTextAndMarkdownReports() throws {
        let d = try diff()
        let text = DiffReporter.text(d)
        XCTAssertTrue(text.hasPrefix("navgraph diff: +1 screen, −1 screen, +1 route, −1 route, +1 action, +4 edges, −2 edges, −2 findings\n"), text)
        XCTAssertTrue(text.contains("Screens:\n  + ProfileViewController  App.swift:23\n  - HelpViewController  (was App.swift:22)\n"), text)
        XCTAssertTrue(text.contains("  - App.swift:15: warning: route 'MainCoordinator.showHelp()' is dead because nothing ever calls it [dead-route] (fixed)\n"), text)
        let md = DiffReporter.markdown(d)
        XCTAssertTrue(md.contains("| ➕ | screen | `ProfileViewController` | `App.swift:23` |\n"), md)
        XCTAssertTrue(md.contains("| ➖ | route | `MainCoordinator.showHelp()` | `App.swift:15` (removed) |\n"), md)
        XCTAssertTrue(md.contains("- ➕ `MainCoordinator` —shows→ `ProfileViewController` via `MainCoordinator.showProfile()` (`App.swift:15`)\n"), md)
        XCTAssertTrue(md.contains("- ✅ fixed **dead-route** `MainCoordinator.showHelp()`"), md)
        XCTAssertEqual(DiffReporter.markdown(GraphDiff(old: try analyzeSources(SmallApps.v1), new: try analyzeSources(SmallApps.v1))),
                       "### Navigation changes\n\nNo navigation changes.\n")
        let json = try JSONSerialization.jsonObject(with: Data(DiffReporter.json(d).utf8)) as! [String: Any]
        XCTAssertEqual((json["removedNodes"] as! [[String: Any]]).map { $0["name"] as! String }, ["HelpViewController", "MainCoordinator.showHelp()"])
    }

    func testMarkdownCannotBeBrokenByNames() {
        XCTAssertEqual(DiffReporter.code("a`b|c"), "``a`b\\|c``")
        XCTAssertEqual(DiffReporter.markdownText("<script>*x*</script>"), "&lt;script&gt;\\*x\\*&lt;/script&gt;")
    }

    func testDrawingColoursAdditionsAndRemovals() throws {
        let (merged, marks) = try diff().merged()
        let drawing = Drawing(merged.graph, marks: marks)
        XCTAssertEqual(drawing.node("screen:ProfileViewController")?.mark, .added)
        XCTAssertEqual(drawing.node("screen:HelpViewController")?.mark, .removed)
        XCTAssertNil(drawing.node("screen:SettingsViewController")?.mark)
        let profile = drawing.edges.first { $0.to == "screen:ProfileViewController" }
        XCTAssertEqual(profile?.mark, .added)
        XCTAssertEqual(profile?.labels, ["showProfile()"])
        XCTAssertEqual(drawing.edges.first { $0.to == "screen:HelpViewController" }?.mark, .removed)
        var options = RenderOptions()
        options.marks = marks
        let svg = String(decoding: try GraphvizRenderer.render(merged.graph, format: "svg", options: options), as: UTF8.self)
        XCTAssertTrue(svg.contains("class=\"node node&#45;screen added\""), "added class in SVG")
        XCTAssertTrue(svg.contains("class=\"node node&#45;screen unreachable removed\""), "removed class in SVG")
        XCTAssertTrue(svg.contains("green: added"))
    }

    func testCLIDiffBetweenSavedJSONGraphs() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: Repo.binary.path), "build navgraph first")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("navgraph-diff-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let old = dir.appendingPathComponent("old.json"), new = dir.appendingPathComponent("new.json")
        try Data(JSONRenderer.render(try analyzeSources(SmallApps.v1)).utf8).write(to: old)
        try Data(JSONRenderer.render(try analyzeSources(SmallApps.v2)).utf8).write(to: new)
        let r = try runNavgraph(["diff", old.path, new.path, "--format", "markdown", "--graph", dir.appendingPathComponent("diff.svg").path, "--exit-code"])
        XCTAssertEqual(r.status, 1, "--exit-code: changes")
        XCTAssertTrue(r.stdout.hasPrefix("### Navigation changes\n\n**+1 screen, −1 screen"), r.stdout)
        XCTAssertTrue(try String(contentsOf: dir.appendingPathComponent("diff.svg"), encoding: .utf8).contains("added"))
        let same = try runNavgraph(["diff", old.path, old.path, "--exit-code"])
        XCTAssertEqual(same.status, 0)
        XCTAssertEqual(same.stdout, "navgraph diff: no navigation changes\n")
    }

    func testCLIDiffAgainstAGitRevisionLeavesTheWorkingTreeAlone() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: Repo.binary.path), "build navgraph first")
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: "/usr/bin/git"), "git is not installed")
        let repo = try temporaryApp(["App/" + "App.swift": SmallApps.v1["App.swift"]!, "README.md": "demo\n"])
        defer { try? FileManager.default.removeItem(at: repo) }
        func git(_ args: String...) throws -> String {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/git")
            p.arguments = ["-C", repo.path, "-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false"] + args
            let out = Pipe()
            p.standardOutput = out
            p.standardError = FileHandle.nullDevice
            try p.run()
            let data = out.fileHandleForReading.readDataToEndOfFile()
            p.waitUntilExit()
            return String(decoding: data, as: UTF8.self)
        }
        _ = try git("init", "-q")
        _ = try git("add", ".")
        _ = try git("commit", "-q", "-m", "v1")
        try Data(SmallApps.v2["App.swift"]!.utf8).write(to: repo.appendingPathComponent("App/App.swift"))
        let statusBefore = try git("status", "--porcelain")
        let headBefore = try git("rev-parse", "HEAD")
        let worktreesBefore = try git("worktree", "list")

        let r = try runNavgraph(["diff", "--base", "HEAD", repo.appendingPathComponent("App").path])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("Screens:\n  + ProfileViewController  App.swift:23\n  - HelpViewController  (was App.swift:22)\n"), r.stdout)

        XCTAssertEqual(try git("status", "--porcelain"), statusBefore)
        XCTAssertEqual(statusBefore, " M App/App.swift\n")
        XCTAssertEqual(try git("rev-parse", "HEAD"), headBefore)
        XCTAssertEqual(try git("worktree", "list"), worktreesBefore)
        XCTAssertEqual(try String(contentsOf: repo.appendingPathComponent("App/App.swift"), encoding: .utf8), SmallApps.v2["App.swift"]!)

        let bad = try runNavgraph(["diff", "--base", "no-such-branch", repo.appendingPathComponent("App").path])
        XCTAssertEqual(bad.status, 64)
        XCTAssertTrue(bad.stderr.contains("unknown git revision 'no-such-branch'"), bad.stderr)
        let option = try runNavgraph(["diff", "--base=--output=/tmp/x", repo.appendingPathComponent("App").path])
        XCTAssertEqual(option.status, 64, "a revision is never passed to git as an option")
    }

    /// A committed symbolic link to a file outside the repository (`Leak.swift -> /elsewhere/Secret.swift`)
    /// is removed from the base revision's snapshot before it is analyzed, and a warning names it: the
    /// working tree's discovery skips such links, and `diff --base` must not read them either.
    func testCLIDiffBaseSkipsCommittedLinksOutOfTheSnapshot() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: Repo.binary.path), "build navgraph first")
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: "/usr/bin/git"), "git is not installed")
        let outside = try temporaryApp(["Secret.swift": "import UIKit\nfinal class LeakViewController: UIViewController {}\n"])
        defer { try? FileManager.default.removeItem(at: outside) }
        let repo = try temporaryApp(["App/App.swift": SmallApps.v1["App.swift"]!, "App/Inner.swift": "final class InnerViewController: UIViewController {}\n"])
        defer { try? FileManager.default.removeItem(at: repo) }
        let target = outside.appendingPathComponent("Secret.swift").resolvingSymlinksInPath().path
        try FileManager.default.createSymbolicLink(atPath: repo.appendingPathComponent("App/Leak.swift").path, withDestinationPath: target)
        // A link inside the snapshot stays: discovery reads its target at its own path.
        try FileManager.default.createSymbolicLink(atPath: repo.appendingPathComponent("App/Again.swift").path, withDestinationPath: "Inner.swift")
        func git(_ args: String...) throws {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/git")
            p.arguments = ["-C", repo.path, "-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false"] + args
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            try p.run()
            p.waitUntilExit()
        }
        try git("init", "-q")
        try git("add", ".")
        try git("commit", "-q", "-m", "with a link out")
        // The working tree no longer has the link: read at the base, its class would be a removed screen.
        try FileManager.default.removeItem(at: repo.appendingPathComponent("App/Leak.swift"))

        let r = try runNavgraph(["diff", "--base", "HEAD", repo.appendingPathComponent("App").path])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, "navgraph diff: no navigation changes\n", "the base graph has no LeakViewController")
        XCTAssertEqual(r.stderr, "App/Leak.swift: warning: skipping symbolic link to a file outside the snapshot of 'HEAD' (\(target))\n")
        // The target is only read, never changed.
        XCTAssertEqual(try String(contentsOf: outside.appendingPathComponent("Secret.swift"), encoding: .utf8),
                       "import UIKit\nfinal class LeakViewController: UIViewController {}\n")
    }
}
