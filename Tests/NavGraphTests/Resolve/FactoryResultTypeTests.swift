import NavGraphKit
import NavGraphModel
import XCTest

/// A value a factory returns has the type the factory declares: a coordinator's method assigned to its
/// closure property (`model.openHelp = showHelp`) is a method reference there, as Swift reads it.
final class FactoryResultTypeTests: XCTestCase {
    static func app(making model: String) -> [String: String] {
        ["App.swift": """
        import UIKit
        import RxSwift
        @main
        final class AppDelegate: UIResponder, UIApplicationDelegate {
            var window: UIWindow?
            lazy var coordinator = GateCoordinator(nav: UINavigationController(), models: ModelFactory())
            func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                coordinator.start()
                return true
            }
        }
        final class GateCoordinator {
            let nav: UINavigationController
            let models: ModelFactory
            init(nav: UINavigationController, models: ModelFactory) { self.nav = nav; self.models = models }
            func start() {
                let model = \(model)
                model.openHelp = showHelp
                let vc = GateViewController()
                vc.model = model
                nav.setViewControllers([vc], animated: false)
            }
            private func showHelp() {
                nav.pushViewController(HelpViewController(), animated: true)
            }
        }
        enum Models {
            static func makeGate() -> GateModel { GateModel(client: Client()) }
        }
        final class ModelFactory {
            func makeGate() -> GateModel { GateModel(client: Client()) }
        }
        final class Client {}
        final class GateModel {
            let helpTaps = PublishSubject<Void>()
            let bag = DisposeBag()
            var client: Client
            var openHelp: (() -> Void)?
            init(client: Client) {
                self.client = client
                // The subscription runs the closure later, once `openHelp` is set.
                helpTaps.subscribe(onNext: { [weak self] in self?.openHelp!() }).disposed(by: bag)
            }
        }
        final class GateViewController: UIViewController {
            var model: GateModel!
        }
        final class HelpViewController: UIViewController {}
        """]
    }

    // The subscription is taken as firing while `start` runs (code navgraph does not follow calls it), so
    // the help screen is shown under `start`'s route.
    static let expected = """
    node app:AppDelegate reachable @App.swift:3
    node coordinator:GateCoordinator reachable @App.swift:12
    node screen:GateViewController reachable @App.swift:45
    node screen:HelpViewController reachable @App.swift:48
    node route:GateCoordinator.start() reachable @App.swift:16
    edge app:AppDelegate -starts-> coordinator:GateCoordinator [start()] @App.swift:8
    edge coordinator:GateCoordinator -shows-> screen:GateViewController [setViewControllers] via GateCoordinator.start() @App.swift:21
    edge coordinator:GateCoordinator -shows-> screen:HelpViewController [push] via GateCoordinator.start() @App.swift:24
    edge route:GateCoordinator.start() -route-> screen:GateViewController [setViewControllers] @App.swift:21
    edge route:GateCoordinator.start() -route-> screen:HelpViewController [push] @App.swift:24

    """

    func testAStaticFactorysResultHasItsDeclaredType() throws {
        XCTAssertEqual(graphListing(try analyzeSources(Self.app(making: "Models.makeGate()"))), Self.expected)
    }

    func testAFactoryMethodsResultHasItsDeclaredType() throws {
        XCTAssertEqual(graphListing(try analyzeSources(Self.app(making: "models.makeGate()"))), Self.expected)
    }
}
