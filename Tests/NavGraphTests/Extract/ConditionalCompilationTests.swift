import NavGraphExtract
import NavGraphKit
import NavGraphModel
import XCTest

/// navgraph does not know a build's flags: every `#if` clause may be compiled. Members inside one, types
/// declared inside one, and statements inside one all count; a type each clause declares is kept once.
final class ConditionalCompilationTests: XCTestCase {
    func testEveryClauseOfAnIfConfigCounts() throws {
        let report = try analyzeSources(["App.swift": sceneApp("""
            final class MainCoordinator: Coordinator {
                let navigationController: UINavigationController
                init(navigationController: UINavigationController) { self.navigationController = navigationController }
                func start() {
                    #if DEBUG
                    navigationController.pushViewController(DiagnosticsViewController(), animated: false)
                    #else
                    navigationController.pushViewController(WelcomeViewController(), animated: false)
                    #endif
                    showVault()
                }
                #if MAIN_APP
                func showVault() { navigationController.pushViewController(VaultViewController(), animated: true) }
                #endif
            }
            final class WelcomeViewController: UIViewController {}
            #if os(iOS)
            final class DiagnosticsViewController: UIViewController { let mode = 1 }
            #else
            final class DiagnosticsViewController: UIViewController { let mode = 2 }
            #endif
            final class VaultViewController: UIViewController {}
            """)])
        XCTAssertEqual(report.graph.nodes.filter { $0.kind == .screen }.map { "\($0.name) \($0.reachable)" }, [
            "DiagnosticsViewController true", "VaultViewController true", "WelcomeViewController true",
        ])
        XCTAssertEqual(report.findings.map(\.rule), [])
        let facts = Extractor.extract(path: "A.swift", source: "#if os(iOS)\nfinal class A {}\n#else\nfinal class A {}\n#endif\n")
        XCTAssertEqual(facts.types.filter { $0.name == "A" }.map(\.line), [2])
    }

    /// Swift reads `` `public` `` as the name `public`: a case declared escaped is the case code builds as `.public`.
    func testEscapedIdentifiersAreTheBareNames() {
        let facts = Extractor.extract(path: "A.swift", source: "enum Access { case `public`, `private`; func `default`() {} }\nlet a = Access.`public`\n")
        XCTAssertEqual(facts.types.first?.cases.map(\.name), ["public", "private"])
        XCTAssertEqual(facts.types.first?.functions.map(\.name), ["default"])
    }
}
