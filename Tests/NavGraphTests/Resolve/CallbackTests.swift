import NavGraphKit
import NavGraphModel
import NavGraphPresent
import XCTest

/// Code UIKit calls back: a coordinator method named by `#selector` (a notification observer, a target),
/// and a closure a screen hands to a cell of the app, which the cell calls on a tap.
final class CallbackTests: XCTestCase {
    func testSelectorsAndCellClosuresAreCalled() throws {
        let report = try analyzeSources(["App.swift": sceneApp("""
            final class MainCoordinator: NSObject, Coordinator {
                let navigationController: UINavigationController
                init(navigationController: UINavigationController) { self.navigationController = navigationController }
                func start() {
                    NotificationCenter.default.addObserver(self, selector: #selector(showLogin), name: .didLogout, object: nil)
                    let vc = FeedViewController()
                    vc.coordinator = self
                    navigationController.pushViewController(vc, animated: false)
                }
                @objc private func showLogin() { navigationController.present(LoginViewController(), animated: true) }
                @objc private func showUnused() { navigationController.present(UnusedViewController(), animated: true) }
                func showAuthor(_ id: Int) { navigationController.pushViewController(AuthorViewController(), animated: true) }
                func showTags() { navigationController.pushViewController(TagsViewController(), animated: true) }
            }
            final class PostCell: UITableViewCell {
                var onAuthorTapped: (() -> Void)?
                var onTagsTapped: (() -> Void)?
                @objc private func authorTapped() { onAuthorTapped?() }
            }
            final class FeedViewController: UITableViewController {
                weak var coordinator: MainCoordinator?
                override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                    let cell = tableView.dequeueReusableCell(withIdentifier: "Post", for: indexPath) as! PostCell
                    cell.onAuthorTapped = { [weak self] in self?.coordinator?.showAuthor(indexPath.row) }
                    cell.onTagsTapped = { [weak self] in self?.coordinator?.showTags() }
                    return cell
                }
            }
            final class LoginViewController: UIViewController {}
            final class UnusedViewController: UIViewController {}
            final class AuthorViewController: UIViewController {}
            final class TagsViewController: UIViewController {}
            """)])
        XCTAssertEqual(shownScreens(report), [
            "screen:AuthorViewController via MainCoordinator.showAuthor(_:)",
            "screen:FeedViewController via -",
            "screen:LoginViewController via MainCoordinator.showLogin()",
            "screen:TagsViewController via MainCoordinator.showTags() (unreachable)",
            "screen:UnusedViewController via MainCoordinator.showUnused() (unreachable)",
        ])
        // The cell never calls `onTagsTapped`, and nothing names `showUnused`.
        XCTAssertEqual(report.findings.filter { $0.rule == "dead-route" }.map(\.symbol), ["MainCoordinator.showUnused()", "MainCoordinator.showTags()"])
    }
}
