import NavGraphKit
import NavGraphModel
import NavGraphPresent
import XCTest

/// A property's `didSet` (and `willSet`, `set`) runs when code assigns the property: what it calls is
/// reached, and a coordinator's observer belongs to the route that assigned it.
final class PropertyObserverTests: XCTestCase {
    func testObserversRunWhenThePropertyIsAssigned() throws {
        let report = try analyzeSources(["App.swift": sceneApp("""
            protocol ResultsShowing: AnyObject { func showResults(_ query: String) }
            final class MainCoordinator: Coordinator, ResultsShowing {
                let navigationController: UINavigationController
                private var signedIn = false {
                    didSet { if signedIn { navigationController.pushViewController(AccountViewController(), animated: true) } }
                }
                init(navigationController: UINavigationController) { self.navigationController = navigationController }
                func start() {
                    let search = SearchViewController()
                    search.results = self
                    navigationController.pushViewController(search, animated: false)
                }
                func showResults(_ query: String) { navigationController.pushViewController(ResultsViewController(), animated: true) }
                func signIn() { signedIn = true }
            }
            final class SearchViewController: UIViewController {
                weak var results: ResultsShowing?
                private var query = "" {
                    didSet { results?.showResults(query) }
                }
                @objc func searchTapped() { query = "shoes" }
            }
            final class ResultsViewController: UIViewController {}
            final class AccountViewController: UIViewController {}
            """)])
        XCTAssertEqual(report.graph.nodes.filter { $0.kind == .screen }.map { "\($0.name) \($0.reachable)" }, [
            "AccountViewController false", "ResultsViewController true", "SearchViewController true",
        ])
        XCTAssertEqual(report.graph.paths.map { "\($0.sender) \($0.action) \($0.handledBy ?? "-")" }, [
            "screen:SearchViewController action:ResultsShowing.showResults(_:) coordinator:MainCoordinator",
        ])
        // The observer is no route of its own: `signIn()` is the route, and nothing calls it.
        XCTAssertEqual(report.findings.map { "\($0.rule) \($0.symbol)" }, [
            "dead-route MainCoordinator.signIn()", "unreachable-screen AccountViewController",
        ])
    }
}
