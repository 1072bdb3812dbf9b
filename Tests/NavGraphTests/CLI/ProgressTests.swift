import Foundation
import NavGraphKit
import XCTest

/// What a run tells the progress line (the command line draws it on a terminal, see `ProgressLine`).
final class ProgressTests: XCTestCase {
    final class Log: @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [String] = []
        func add(_ s: String) { lock.lock(); lines.append(s); lock.unlock() }
        var all: [String] { lock.lock(); defer { lock.unlock() }; return lines }
    }

    func testARunReportsItsStagesFilesAndRounds() throws {
        let dir = try temporaryApp(["App.swift": sceneApp("""
        final class MainCoordinator: Coordinator {
            let navigationController: UINavigationController
            init(navigationController: UINavigationController) { self.navigationController = navigationController }
            func start() { navigationController.pushViewController(HomeViewController(), animated: false) }
        }
        final class HomeViewController: UIViewController {}
        """), "Other.swift": "struct Price { var cents: Int }"])
        defer { try? FileManager.default.removeItem(at: dir) }
        let log = Log()
        var options = AnalysisOptions(path: dir.path)
        options.cacheLocation = nil
        options.progress = { log.add($0) }
        _ = try Pipeline.analyze(options)
        let parsing = log.all.filter { $0.hasPrefix("parsing") }
        XCTAssertEqual(Set(parsing), ["parsing 0/2 files", "parsing 1/2 files", "parsing 2/2 files"])
        XCTAssertEqual(log.all.filter { !$0.hasPrefix("parsing") }, ["finding files", "resolving", "resolving: round 1", "checking"])
    }
}
