import NavGraphKit
import NavGraphModel
import XCTest

/// F2 (ApplicationCoordinator) as real apps extend it: view-model outputs a coordinator subscribes to
/// (RxSwift subjects), a module factory loading screens from storyboards through a generic helper, and a
/// router that wraps another router.
final class ApplicationCoordinatorIdiomTests: XCTestCase {
    static let app = """
    import UIKit
    import RxSwift
    @main final class AppDelegate: UIResponder, UIApplicationDelegate {
        var window: UIWindow?
        lazy var appCoordinator = GardenCoordinator(router: FadingRouter(wrapping: RouterImp(rootController: UINavigationController())),
                                                    modules: ModuleFactoryImp())
        func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
            appCoordinator.start()
            return true
        }
    }
    enum Boards: String { case beds = "Beds", plant = "Plant" }
    extension UIViewController {
        static func fromBoard(_ board: Boards) -> Self {
            let storyboard = UIStoryboard(name: board.rawValue, bundle: nil)
            return storyboard.instantiateViewController(withIdentifier: String(describing: self)) as! Self
        }
    }
    // Wraps another router: every call goes through to it.
    final class FadingRouter: Router {
        private let wrapped: Router
        init(wrapping wrapped: Router) { self.wrapped = wrapped }
        func toPresent() -> UIViewController? { wrapped.toPresent() }
        func setRootModule(_ module: Presentable?) { wrapped.setRootModule(module) }
        func present(_ module: Presentable?) { wrapped.present(module) }
        func dismissModule() { wrapped.dismissModule() }
    }
    final class BedsViewModel {
        let plantTapped = PublishSubject<String>()
        let helpTapped = PublishSubject<Void>()
    }
    final class BedsController: UIViewController {
        var viewModel: BedsViewModel!
        @IBAction func plantButton() { viewModel.plantTapped.onNext("fern") }
    }
    final class PlantController: UIViewController {}
    final class HelpController: UIViewController {}
    final class ModuleFactoryImp {
        func makeBeds(viewModel: BedsViewModel) -> BedsController {
            let controller = BedsController.fromBoard(.beds)
            controller.viewModel = viewModel
            return controller
        }
        func makePlant() -> PlantController { PlantController.fromBoard(.plant) }
    }
    final class GardenCoordinator: BaseCoordinator {
        private let router: Router
        private let modules: ModuleFactoryImp
        private let bag = DisposeBag()
        init(router: Router, modules: ModuleFactoryImp) {
            self.router = router
            self.modules = modules
        }
        override func start() {
            let viewModel = BedsViewModel()
            viewModel.plantTapped
                .subscribe(onNext: { [weak self] _ in self?.showPlant() })
                .disposed(by: bag)
            router.setRootModule(modules.makeBeds(viewModel: viewModel))
        }
        private func showPlant() {
            router.present(modules.makePlant())
        }
        // Nothing subscribes to `helpTapped`: no code shows it.
        private func showHelp() {
            router.present(HelpController())
        }
    }
    """

    func testOutputsStoryboardFactoriesAndWrappedRouters() throws {
        let report = try analyzeSources(["Core.swift": ApplicationCoordinatorFamilyTests.core, "App.swift": Self.app])
        XCTAssertEqual(graphListing(report), """
        node app:AppDelegate reachable @App.swift:3
        node coordinator:GardenCoordinator reachable @App.swift:46
        node screen:BedsController reachable @App.swift:32
        node screen:HelpController unreachable @App.swift:37
        node screen:PlantController reachable @App.swift:36
        node route:GardenCoordinator.showHelp() unreachable @App.swift:65
        node route:GardenCoordinator.showPlant() reachable @App.swift:61
        edge app:AppDelegate -starts-> coordinator:GardenCoordinator [start()] @App.swift:8
        edge coordinator:GardenCoordinator -shows-> screen:BedsController [setViewControllers] @App.swift:59
        edge coordinator:GardenCoordinator -presents-> screen:HelpController [present] via GardenCoordinator.showHelp() (unreachable) @App.swift:66
        edge coordinator:GardenCoordinator -presents-> screen:PlantController [present] via GardenCoordinator.showPlant() @App.swift:62
        edge route:GardenCoordinator.showHelp() -route-> screen:HelpController [present] (unreachable) @App.swift:66
        edge route:GardenCoordinator.showPlant() -route-> screen:PlantController [present] @App.swift:62
        finding unreachable-screen warning HelpController @App.swift:37
        finding dead-route warning GardenCoordinator.showHelp() @App.swift:65

        """)
    }
}
