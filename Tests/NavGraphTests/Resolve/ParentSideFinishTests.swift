import NavGraphKit
import NavGraphModel
import NavGraphPresent
import XCTest

/// A parent that removes a child itself, as hackingwithswift's navigation controller delegate does
/// (`childDidFinish(buyViewController.coordinator)` in `didShow`, after a back pop), records the child
/// finishing back to it, unless the child already says so itself.
final class ParentSideFinishTests: XCTestCase {
    /// The tutorial's app: `MainCoordinator` starts `BuyCoordinator` and removes it in `didShow`;
    /// `childSays` is added to `BuyCoordinator` (a way for the child to finish by itself).
    func app(childSays: String = "") -> [String: String] {
        ["App.swift": """
            protocol Coordinator: AnyObject {
                var childCoordinators: [Coordinator] { get set }
                var navigationController: UINavigationController { get set }
                func start()
            }
            @main final class AppDelegate: UIResponder, UIApplicationDelegate {
                var coordinator: MainCoordinator?
                func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                    coordinator = MainCoordinator(navigationController: UINavigationController())
                    coordinator?.start()
                    return true
                }
            }
            final class MainCoordinator: NSObject, Coordinator, UINavigationControllerDelegate {
                var childCoordinators = [Coordinator]()
                var navigationController: UINavigationController
                init(navigationController: UINavigationController) { self.navigationController = navigationController }
                func start() {
                    navigationController.delegate = self
                    let vc = HomeViewController()
                    vc.coordinator = self
                    navigationController.pushViewController(vc, animated: false)
                }
                func buy() {
                    let child = BuyCoordinator(navigationController: navigationController)
                    child.parentCoordinator = self
                    childCoordinators.append(child)
                    child.start()
                }
                func childDidFinish(_ child: Coordinator?) {
                    childCoordinators.removeAll { $0 === child }
                }
                func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool) {
                    guard let from = navigationController.transitionCoordinator?.viewController(forKey: .from) else { return }
                    if navigationController.viewControllers.contains(from) { return }
                    if let buyViewController = from as? BuyViewController {
                        childDidFinish(buyViewController.coordinator)
                    }
                }
            }
            final class BuyCoordinator: Coordinator {
                weak var parentCoordinator: MainCoordinator?
                var childCoordinators = [Coordinator]()
                var navigationController: UINavigationController
                init(navigationController: UINavigationController) { self.navigationController = navigationController }
                func start() {
                    let vc = BuyViewController()
                    vc.coordinator = self
                    navigationController.pushViewController(vc, animated: true)
                }
                \(childSays)
            }
            final class HomeViewController: UIViewController {
                weak var coordinator: MainCoordinator?
                @IBAction func buyTapped(_ sender: Any) { coordinator?.buy() }
            }
            final class BuyViewController: UIViewController {
                weak var coordinator: BuyCoordinator?
                @IBAction func doneTapped(_ sender: Any) { coordinator?.done() }
            }
            """]
    }

    func finishes(_ report: AnalysisReport) -> [String] {
        report.graph.edges.filter { $0.kind == .finishes }.map { "\($0.from) -> \($0.to) [\($0.mechanism ?? "")] @\($0.line)" }
    }

    func testANavigationDelegateThatRemovesTheChildFinishesIt() throws {
        let report = try analyzeSources(app(childSays: "func done() {}"))
        XCTAssertEqual(finishes(report), ["coordinator:BuyCoordinator -> coordinator:MainCoordinator [childDidFinish] @37"])
        XCTAssertEqual(report.findings.filter { $0.rule == "child-never-removed" }.map { $0.symbol }, [String]())
    }

    func testAChildThatFinishesItselfKeepsItsOwnEdgeOnly() throws {
        let report = try analyzeSources(app(childSays: "func done() { parentCoordinator?.childDidFinish(self) }"))
        XCTAssertEqual(finishes(report), ["coordinator:BuyCoordinator -> coordinator:MainCoordinator [childDidFinish] @51"])
    }
}
