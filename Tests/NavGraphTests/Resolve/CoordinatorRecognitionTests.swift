import NavGraphKit
import NavGraphModel
import NavGraphPresent
import XCTest

/// The general layer: coordinators recognised by what their code does, in apps that match no family.
final class CoordinatorRecognitionTests: XCTestCase {
    /// An empty marker protocol, one flow class per feature: flows are built together with their screen,
    /// handed to it, and never started (the screen calls them back).
    static let markerProtocolApp = """
        import UIKit
        protocol Flow: AnyObject {}

        @main final class JournalAppDelegate: UIResponder, UIApplicationDelegate {
            var window: UIWindow?
            var rootFlow: JournalRootFlow?
            func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                let window = UIWindow()
                let flow = JournalRootFlow(window: window)
                flow.start()
                rootFlow = flow
                self.window = window
                return true
            }
        }

        final class JournalRootFlow: NSObject, Flow {
            let window: UIWindow
            let tabs = UITabBarController()
            var flows: [Flow] = []
            lazy var tripsNavigation: UINavigationController = {
                let navigation = UINavigationController()
                let flow = TripsFlow(navigation: navigation)
                flows.append(flow)
                flow.start()
                return navigation
            }()
            init(window: UIWindow) { self.window = window }
            func start() {
                tabs.viewControllers = [tripsNavigation]
                window.rootViewController = tabs
            }
        }

        final class TripsFlow: Flow {
            let navigation: UINavigationController
            init(navigation: UINavigationController) { self.navigation = navigation }
            func start() {
                let list = TripListViewController()
                list.flow = self
                let badge = BadgeFlow()
                badge.trips = self
                list.badge = badge
                navigation.pushViewController(list, animated: false)
            }
            func showTrip() {
                let screen = TripDetailViewController()
                let detail = TripDetailFlow(navigation: navigation)
                screen.flow = detail
                navigation.pushViewController(screen, animated: true)
            }
        }

        /// Shows nothing itself: it asks the trips flow. A coordinator because it adopts the protocol the
        /// other flows adopt.
        final class BadgeFlow: Flow {
            weak var trips: TripsFlow?
            func openLatest() { trips?.showTrip() }
        }

        final class TripDetailFlow: Flow {
            let navigation: UINavigationController
            init(navigation: UINavigationController) { self.navigation = navigation }
            func showMap() { navigation.pushViewController(ScreenFactory().makeMap(), animated: true) }
            func printTrip() { PrintSheet(host: navigation).open() }
        }

        /// Built for one call and dropped: its builder's helper, whose screen its builder shows.
        final class PrintSheet {
            let host: UIViewController
            init(host: UIViewController) { self.host = host }
            func open() { host.present(PrintPreviewViewController(), animated: true) }
        }
        final class PrintPreviewViewController: UIViewController {}

        /// Builds screens, shows none: a factory.
        final class ScreenFactory {
            func makeMap() -> MapViewController { MapViewController() }
        }

        /// Presents a system screen only: a helper.
        final class ShareHelper {
            func share(from screen: UIViewController) {
                screen.present(UIActivityViewController(activityItems: [], applicationActivities: nil), animated: true)
            }
        }

        final class TripListViewController: UIViewController {
            weak var flow: TripsFlow?
            var badge: BadgeFlow?
            @objc func tripTapped() { flow?.showTrip() }
            @objc func badgeTapped() { badge?.openLatest() }
        }
        final class TripDetailViewController: UIViewController {
            weak var flow: TripDetailFlow?
            let share = ShareHelper()
            @objc func mapTapped() { flow?.showMap() }
            @objc func printTapped() { flow?.printTrip() }
            @objc func shareTapped() { share.share(from: self) }
        }
        final class MapViewController: UIViewController {}

        struct RouteMap: UIViewRepresentable {
            func makeCoordinator() -> Coordinator { Coordinator() }
            final class Coordinator: NSObject {
                func present(_ screen: UIViewController, from host: UIViewController) { host.present(MapViewController(), animated: true) }
            }
        }
        """

    func testFlowsBehindAnEmptyMarkerProtocolAreCoordinators() throws {
        let report = try analyzeSources(["App.swift": Self.markerProtocolApp])
        let coordinators = report.graph.nodes.filter { $0.kind == .coordinator }
        XCTAssertEqual(coordinators.map(\.name), ["BadgeFlow", "JournalRootFlow", "TripDetailFlow", "TripsFlow"])
        XCTAssertEqual(coordinators.map { $0.attributes?["recognised"] ?? "-" }, ["shares-base", "starts-coordinator", "shows-screen", "shows-screen"])
        XCTAssertEqual(graphListing(report), """
            node app:JournalAppDelegate reachable @App.swift:4
            node coordinator:BadgeFlow reachable @App.swift:56
            node coordinator:JournalRootFlow reachable @App.swift:17
            node coordinator:TripDetailFlow reachable @App.swift:61
            node coordinator:TripsFlow reachable @App.swift:35
            node screen:MapViewController reachable @App.swift:101
            node screen:PrintPreviewViewController reachable @App.swift:74
            node screen:TripDetailViewController reachable @App.swift:94
            node screen:TripListViewController reachable @App.swift:88
            node route:JournalRootFlow.start() reachable @App.swift:29
            node route:TripDetailFlow.printTrip() reachable @App.swift:65
            node route:TripDetailFlow.showMap() reachable @App.swift:64
            node route:TripsFlow.showTrip() reachable @App.swift:46
            node route:TripsFlow.start() reachable @App.swift:38
            node action:BadgeFlow.openLatest() reachable @App.swift:58
            node action:TripDetailFlow.printTrip() reachable @App.swift:65
            node action:TripDetailFlow.showMap() reachable @App.swift:64
            node action:TripsFlow.showTrip() reachable @App.swift:46
            edge action:BadgeFlow.openLatest() -handles-> coordinator:BadgeFlow @App.swift:58
            edge action:TripDetailFlow.printTrip() -handles-> coordinator:TripDetailFlow @App.swift:65
            edge action:TripDetailFlow.showMap() -handles-> coordinator:TripDetailFlow @App.swift:64
            edge action:TripsFlow.showTrip() -handles-> coordinator:TripsFlow @App.swift:46
            edge app:JournalAppDelegate -starts-> coordinator:JournalRootFlow [start()] @App.swift:10
            edge coordinator:JournalRootFlow -starts-> coordinator:TripsFlow [start()] via JournalRootFlow.start() @App.swift:25
            edge coordinator:TripDetailFlow -shows-> screen:MapViewController [push] via TripDetailFlow.showMap() @App.swift:64
            edge coordinator:TripDetailFlow -presents-> screen:PrintPreviewViewController [present] via TripDetailFlow.printTrip() @App.swift:65
            edge coordinator:TripsFlow -starts-> coordinator:BadgeFlow [build] via TripsFlow.start() @App.swift:41
            edge coordinator:TripsFlow -starts-> coordinator:TripDetailFlow [build] via TripsFlow.showTrip() @App.swift:48
            edge coordinator:TripsFlow -shows-> screen:TripDetailViewController [push] via TripsFlow.showTrip() @App.swift:50
            edge coordinator:TripsFlow -shows-> screen:TripListViewController [push] via TripsFlow.start() @App.swift:44
            edge route:JournalRootFlow.start() -route-> coordinator:TripsFlow [start()] @App.swift:25
            edge route:TripDetailFlow.printTrip() -route-> screen:PrintPreviewViewController [present] @App.swift:65
            edge route:TripDetailFlow.showMap() -route-> screen:MapViewController [push] @App.swift:64
            edge route:TripsFlow.showTrip() -route-> coordinator:TripDetailFlow [build] @App.swift:48
            edge route:TripsFlow.showTrip() -route-> screen:TripDetailViewController [push] @App.swift:50
            edge route:TripsFlow.start() -route-> coordinator:BadgeFlow [build] @App.swift:41
            edge route:TripsFlow.start() -route-> screen:TripListViewController [push] @App.swift:44
            edge screen:TripDetailViewController -sends-> action:TripDetailFlow.printTrip() @App.swift:98
            edge screen:TripDetailViewController -sends-> action:TripDetailFlow.showMap() @App.swift:97
            edge screen:TripListViewController -sends-> action:BadgeFlow.openLatest() @App.swift:92
            edge screen:TripListViewController -sends-> action:TripsFlow.showTrip() @App.swift:91
            path screen:TripDetailViewController -> action:TripDetailFlow.printTrip() => coordinator:TripDetailFlow @App.swift:98
            path screen:TripDetailViewController -> action:TripDetailFlow.showMap() => coordinator:TripDetailFlow @App.swift:97
            path screen:TripListViewController -> action:BadgeFlow.openLatest() => coordinator:BadgeFlow @App.swift:92
            path screen:TripListViewController -> action:TripsFlow.showTrip() => coordinator:TripsFlow @App.swift:91

            """)
    }
}

extension CoordinatorRecognitionTests {
    /// A base class with children and an empty `start()` that each feature's subclass overrides; screens
    /// load themselves through a protocol extension's `instantiate()`.
    static let baseClassApp = """
        import UIKit
        protocol StoryboardLoadable: AnyObject { static var storyboardName: String { get } }
        extension StoryboardLoadable where Self: UIViewController {
            static func instantiate() -> Self {
                let storyboard = UIStoryboard(name: storyboardName, bundle: nil)
                return storyboard.instantiateInitialViewController() as! Self
            }
        }

        class Flow: NSObject {
            private(set) var children: [Flow] = []
            weak var parent: Flow?
            func start() {}
            func finish() {}
            func add(_ child: Flow) { child.parent = self; children.append(child) }
            func childDidFinish(_ child: Flow) { children.removeAll { $0 === child } }
        }

        final class LaunchSceneDelegate: UIResponder, UIWindowSceneDelegate {
            var window: UIWindow?
            var flow: GardenFlow?
            func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                let navigation = UINavigationController()
                window?.rootViewController = navigation
                flow = GardenFlow(navigation: navigation)
                flow?.start()
            }
        }

        final class GardenFlow: Flow {
            let navigation: UINavigationController
            lazy var root: PlantListViewController = PlantListViewController.instantiate()
            init(navigation: UINavigationController) { self.navigation = navigation }
            override func start() {
                root.flow = self
                navigation.setViewControllers([root], animated: false)
            }
            func showWatering() {
                let child = WateringFlow(navigation: navigation)
                add(child)
                child.start()
            }
        }

        final class WateringFlow: Flow {
            let navigation: UINavigationController
            init(navigation: UINavigationController) { self.navigation = navigation }
            override func start() {
                let screen = WateringViewController.instantiate()
                screen.flow = self
                navigation.pushViewController(screen, animated: true)
            }
            override func finish() {
                navigation.popViewController(animated: true)
                parent?.childDidFinish(self)
            }
        }

        final class PlantListViewController: UIViewController, StoryboardLoadable {
            static let storyboardName = "Plants"
            weak var flow: GardenFlow?
            @objc func waterTapped() { flow?.showWatering() }
        }
        final class WateringViewController: UIViewController, StoryboardLoadable {
            static let storyboardName = "Watering"
            weak var flow: WateringFlow?
            @objc func doneTapped() { flow?.finish() }
        }
        """

    func testSubclassesOfAPlainBaseClassAreCoordinators() throws {
        let report = try analyzeSources(["App.swift": Self.baseClassApp])
        XCTAssertEqual(graphListing(report), """
            node app:LaunchSceneDelegate reachable @App.swift:19
            node coordinator:GardenFlow reachable @App.swift:30
            node coordinator:WateringFlow reachable @App.swift:45
            node screen:PlantListViewController reachable @App.swift:59
            node screen:WateringViewController reachable @App.swift:64
            node route:GardenFlow.showWatering() reachable @App.swift:38
            node route:GardenFlow.start() reachable @App.swift:34
            node route:WateringFlow.finish() reachable @App.swift:53
            node route:WateringFlow.start() reachable @App.swift:48
            node action:GardenFlow.showWatering() reachable @App.swift:38
            node action:WateringFlow.finish() reachable @App.swift:53
            edge action:GardenFlow.showWatering() -handles-> coordinator:GardenFlow @App.swift:38
            edge action:WateringFlow.finish() -handles-> coordinator:WateringFlow @App.swift:53
            edge app:LaunchSceneDelegate -starts-> coordinator:GardenFlow [start()] @App.swift:26
            edge coordinator:GardenFlow -starts-> coordinator:WateringFlow [start()] via GardenFlow.showWatering() @App.swift:41
            edge coordinator:GardenFlow -shows-> screen:PlantListViewController [setViewControllers] via GardenFlow.start() @App.swift:36
            edge coordinator:WateringFlow -finishes-> coordinator:GardenFlow [childDidFinish] @App.swift:55
            edge coordinator:WateringFlow -shows-> screen:WateringViewController [push] via WateringFlow.start() @App.swift:51
            edge route:GardenFlow.showWatering() -route-> coordinator:WateringFlow [start()] @App.swift:41
            edge route:GardenFlow.start() -route-> screen:PlantListViewController [setViewControllers] @App.swift:36
            edge route:WateringFlow.start() -route-> screen:WateringViewController [push] @App.swift:51
            edge screen:PlantListViewController -sends-> action:GardenFlow.showWatering() @App.swift:62
            edge screen:WateringViewController -sends-> action:WateringFlow.finish() @App.swift:67
            path screen:PlantListViewController -> action:GardenFlow.showWatering() => coordinator:GardenFlow @App.swift:62
            path screen:WateringViewController -> action:WateringFlow.finish() => coordinator:WateringFlow @App.swift:67

            """)
    }
}

extension CoordinatorRecognitionTests {
    /// Screens from Reusable's `StoryboardBased` through an app extension that also hands them a view
    /// model; the screen's taps go to the view model, which calls the coordinator that built it.
    static let storyboardBasedApp = """
        import UIKit
        import Reusable

        protocol ModelDriven: AnyObject {
            associatedtype Model
            var model: Model! { get set }
        }
        extension ModelDriven where Self: StoryboardBased & UIViewController {
            static func instantiate(model: Model) -> Self {
                let screen = Self.instantiate()
                screen.model = model
                return screen
            }
        }

        class Flow {
            var children: [Flow] = []
            func start() {}
            func add(_ child: Flow) { children.append(child) }
        }

        @main final class HarbourAppDelegate: UIResponder, UIApplicationDelegate {
            var window: UIWindow?
            lazy var flow = DockFlow(navigation: UINavigationController())
            func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                window?.rootViewController = flow.navigation
                flow.start()
                return true
            }
        }

        final class DockFlow: Flow {
            let navigation: UINavigationController
            init(navigation: UINavigationController) { self.navigation = navigation }
            override func start() {
                let model = DockModel(flow: self)
                navigation.pushViewController(DockViewController.instantiate(model: model), animated: false)
            }
            func showTides() {
                let child = TidesFlow(navigation: navigation)
                add(child)
                child.start()
            }
        }

        final class TidesFlow: Flow {
            let navigation: UINavigationController
            init(navigation: UINavigationController) { self.navigation = navigation }
            override func start() { navigation.pushViewController(TidesViewController.instantiate(), animated: true) }
        }

        final class DockModel {
            weak var flow: DockFlow?
            init(flow: DockFlow) { self.flow = flow }
            func tidesTapped() { flow?.showTides() }
        }

        final class DockViewController: UIViewController, StoryboardBased, ModelDriven {
            var model: DockModel!
            @IBAction func tides(_ sender: Any) { model?.tidesTapped() }
        }
        final class TidesViewController: UIViewController, StoryboardBased {}
        """

    func testScreensFromReusableStoryboardsAndActionsThroughViewModels() throws {
        let report = try analyzeSources(["App.swift": Self.storyboardBasedApp])
        XCTAssertEqual(graphListing(report), """
            node app:HarbourAppDelegate reachable @App.swift:22
            node coordinator:DockFlow reachable @App.swift:32
            node coordinator:TidesFlow reachable @App.swift:46
            node screen:DockViewController reachable @App.swift:58
            node screen:TidesViewController reachable @App.swift:62
            node route:DockFlow.showTides() reachable @App.swift:39
            node route:DockFlow.start() reachable @App.swift:35
            node route:TidesFlow.start() reachable @App.swift:49
            node action:DockModel.tidesTapped() reachable @App.swift:55
            edge action:DockModel.tidesTapped() -handles-> coordinator:DockFlow @App.swift:39
            edge app:HarbourAppDelegate -starts-> coordinator:DockFlow [start()] @App.swift:27
            edge coordinator:DockFlow -starts-> coordinator:TidesFlow [start()] via DockFlow.showTides() @App.swift:42
            edge coordinator:DockFlow -shows-> screen:DockViewController [push] via DockFlow.start() @App.swift:37
            edge coordinator:TidesFlow -shows-> screen:TidesViewController [push] via TidesFlow.start() @App.swift:49
            edge route:DockFlow.showTides() -route-> coordinator:TidesFlow [start()] @App.swift:42
            edge route:DockFlow.start() -route-> screen:DockViewController [push] @App.swift:37
            edge route:TidesFlow.start() -route-> screen:TidesViewController [push] @App.swift:49
            edge screen:DockViewController -sends-> action:DockModel.tidesTapped() @App.swift:60
            path screen:DockViewController -> action:DockModel.tidesTapped() => coordinator:DockFlow @App.swift:60

            """)
    }
}

extension CoordinatorRecognitionTests {
    /// One coordinator that builds every screen in a switch over a destination enum, into a local its
    /// `open` then shows: each arm that builds a screen does something, though the showing is after it.
    static let factorySwitchApp = """
        import UIKit
        @main final class AtlasAppDelegate: UIResponder, UIApplicationDelegate {
            var window: UIWindow?
            let navigator = Navigator(navigation: UINavigationController())
            func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                window?.rootViewController = navigator.navigation
                navigator.open(.globe)
                return true
            }
        }
        final class Navigator {
            enum Place { case globe, country(String), legend }
            let navigation: UINavigationController
            init(navigation: UINavigationController) { self.navigation = navigation }
            func open(_ place: Place) {
                guard let screen = screen(for: place) else { return }
                navigation.pushViewController(screen, animated: true)
            }
            func screen(for place: Place) -> UIViewController? {
                let built: UIViewController?
                switch place {
                case .globe:
                    let globe = GlobeViewController()
                    globe.navigator = self
                    built = globe
                case .country(let code):
                    built = CountryViewController(code: code)
                case .legend:
                    built = nil
                }
                return built
            }
        }
        final class GlobeViewController: UIViewController {
            weak var navigator: Navigator?
            @objc func countryTapped() { navigator?.open(.country("IS")) }
        }
        final class CountryViewController: UIViewController {
            init(code: String) { super.init(nibName: nil, bundle: nil) }
        }
        """

    func testArmsThatBuildTheScreenTheirCallerShowsAreNotDead() throws {
        let report = try analyzeSources(["App.swift": Self.factorySwitchApp])
        XCTAssertEqual(graphListing(report), """
            node app:AtlasAppDelegate reachable @App.swift:2
            node coordinator:Navigator reachable @App.swift:11
            node screen:CountryViewController reachable @App.swift:38
            node screen:GlobeViewController reachable @App.swift:34
            node route:Navigator.Place.country reachable @App.swift:12
            node route:Navigator.Place.globe reachable @App.swift:12
            node route:Navigator.Place.legend unreachable @App.swift:12
            node route:Navigator.open(_:) reachable @App.swift:15
            node action:Navigator.open(_:) reachable @App.swift:15
            edge action:Navigator.open(_:) -handles-> coordinator:Navigator @App.swift:15
            edge app:AtlasAppDelegate -starts-> coordinator:Navigator [build] @App.swift:4
            edge coordinator:Navigator -shows-> screen:CountryViewController [push] via Navigator.open(_:) @App.swift:17
            edge coordinator:Navigator -shows-> screen:GlobeViewController [push] via Navigator.open(_:) @App.swift:17
            edge route:Navigator.open(_:) -route-> route:Navigator.Place.country [switch] @App.swift:26
            edge route:Navigator.open(_:) -route-> route:Navigator.Place.globe [switch] @App.swift:22
            edge route:Navigator.open(_:) -route-> route:Navigator.Place.legend [switch] (unreachable) @App.swift:28
            edge route:Navigator.open(_:) -route-> screen:CountryViewController [push] @App.swift:17
            edge route:Navigator.open(_:) -route-> screen:GlobeViewController [push] @App.swift:17
            edge screen:GlobeViewController -sends-> action:Navigator.open(_:) @App.swift:36
            path screen:GlobeViewController -> action:Navigator.open(_:) => coordinator:Navigator @App.swift:36
            finding dead-route warning Navigator.Place.legend @App.swift:12

            """)
    }
}

extension CoordinatorRecognitionTests {
    /// Screens whose superclass is written in Objective-C (no Swift file declares it), and one whose
    /// unseen superclass is not named like a view controller (no screen: nothing says it is one).
    static let objcBaseApp = """
        import UIKit
        @main final class LedgerAppDelegate: UIResponder, UIApplicationDelegate {
            var window: UIWindow?
            let flow = LedgerFlow(navigation: UINavigationController())
            func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                window?.rootViewController = flow.navigation
                flow.start()
                return true
            }
        }
        final class LedgerFlow: NSObject, LedgerListDelegate {
            let navigation: UINavigationController
            init(navigation: UINavigationController) { self.navigation = navigation }
            func start() {
                let list = LedgerListViewController()
                list.ledgerDelegate = self
                navigation.pushViewController(list, animated: false)
            }
            func ledgerList(didPick entry: String) {
                navigation.pushViewController(EntryViewController(), animated: true)
            }
        }
        protocol LedgerListDelegate: AnyObject { func ledgerList(didPick entry: String) }
        final class LedgerListViewController: LegacyTableViewController {
            weak var ledgerDelegate: LedgerListDelegate?
            @objc func rowTapped() { ledgerDelegate?.ledgerList(didPick: "rent") }
        }
        final class EntryViewController: LegacyViewController {}
        final class EntryFormatter: LegacyFormatter {}
        """

    func testSubclassesOfObjectiveCViewControllersAreScreens() throws {
        let report = try analyzeSources(["App.swift": Self.objcBaseApp])
        XCTAssertEqual(graphListing(report), """
            node app:LedgerAppDelegate reachable @App.swift:2
            node coordinator:LedgerFlow reachable @App.swift:11
            node screen:EntryViewController reachable @App.swift:28
            node screen:LedgerListViewController reachable @App.swift:24
            node route:LedgerFlow.ledgerList(didPick:) reachable @App.swift:19
            node route:LedgerFlow.start() reachable @App.swift:14
            node action:LedgerListDelegate.ledgerList(didPick:) reachable @App.swift:23
            edge action:LedgerListDelegate.ledgerList(didPick:) -handles-> coordinator:LedgerFlow @App.swift:19
            edge app:LedgerAppDelegate -starts-> coordinator:LedgerFlow [start()] @App.swift:7
            edge coordinator:LedgerFlow -shows-> screen:EntryViewController [push] via LedgerFlow.ledgerList(didPick:) @App.swift:20
            edge coordinator:LedgerFlow -shows-> screen:LedgerListViewController [push] via LedgerFlow.start() @App.swift:17
            edge route:LedgerFlow.ledgerList(didPick:) -route-> screen:EntryViewController [push] @App.swift:20
            edge route:LedgerFlow.start() -route-> screen:LedgerListViewController [push] @App.swift:17
            edge screen:LedgerListViewController -sends-> action:LedgerListDelegate.ledgerList(didPick:) @App.swift:26
            path screen:LedgerListViewController -> action:LedgerListDelegate.ledgerList(didPick:) => coordinator:LedgerFlow @App.swift:26

            """)
    }
}

extension CoordinatorRecognitionTests {
    /// The root flow comes from a dependency container navgraph cannot see into: a declared type that a
    /// coordinator conforms to stands for it.
    static let containerApp = """
        import UIKit
        import Swinject
        protocol StationFlowing: AnyObject { func begin(in window: UIWindow) }
        final class Services {
            static let shared = Services()
            let container = Container()
            func resolve<T>() -> T { container.resolve(T.self)! }
        }
        @main final class StationAppDelegate: UIResponder, UIApplicationDelegate {
            var window: UIWindow?
            var links: LinkHandling?
            func application(_ application: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any]) -> Bool {
                links = Services.shared.resolve()
                links?.open(url)
                return true
            }
            func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                let flow: StationFlowing = Services.shared.resolve()
                flow.begin(in: window!)
                return true
            }
        }
        final class StationFlow: StationFlowing {
            let alerts: AlertsFlow
            // Run by the container that builds it: the child it starts here is reached.
            init() {
                alerts = AlertsFlow()
                alerts.start()
            }
            func begin(in window: UIWindow) { window.rootViewController = DeparturesViewController() }
        }
        final class AlertsFlow {
            let navigation = UINavigationController()
            func start() { navigation.pushViewController(AlertsViewController(), animated: false) }
        }
        final class DeparturesViewController: UIViewController {}
        final class AlertsViewController: UIViewController {}
        protocol LinkHandling: AnyObject { func open(_ url: URL) }
        final class LinkFlow: LinkHandling {
            let navigation = UINavigationController()
            func open(_ url: URL) { navigation.pushViewController(PlatformViewController(), animated: true) }
        }
        final class PlatformViewController: UIViewController {}
        """

    func testACoordinatorFromADependencyContainerIsReached() throws {
        let report = try analyzeSources(["App.swift": Self.containerApp])
        XCTAssertEqual(graphListing(report), """
            node app:StationAppDelegate reachable @App.swift:9
            node coordinator:AlertsFlow reachable @App.swift:32
            node coordinator:LinkFlow reachable @App.swift:39
            node coordinator:StationFlow reachable @App.swift:23
            node screen:AlertsViewController reachable @App.swift:37
            node screen:DeparturesViewController reachable @App.swift:36
            node screen:PlatformViewController reachable @App.swift:43
            node route:AlertsFlow.start() reachable @App.swift:34
            node route:LinkFlow.open(_:) reachable @App.swift:41
            node route:StationFlow.begin(in:) reachable @App.swift:30
            edge app:StationAppDelegate -starts-> coordinator:LinkFlow [container] @App.swift:13
            edge app:StationAppDelegate -starts-> coordinator:StationFlow [container] @App.swift:18
            edge coordinator:AlertsFlow -shows-> screen:AlertsViewController [push] via AlertsFlow.start() @App.swift:34
            edge coordinator:LinkFlow -shows-> screen:PlatformViewController [push] via LinkFlow.open(_:) @App.swift:41
            edge coordinator:StationFlow -starts-> coordinator:AlertsFlow [start()] @App.swift:28
            edge coordinator:StationFlow -shows-> screen:DeparturesViewController [window-root] via StationFlow.begin(in:) @App.swift:30
            edge route:AlertsFlow.start() -route-> screen:AlertsViewController [push] @App.swift:34
            edge route:LinkFlow.open(_:) -route-> screen:PlatformViewController [push] @App.swift:41
            edge route:StationFlow.begin(in:) -route-> screen:DeparturesViewController [window-root] @App.swift:30

            """)
    }
}

extension CoordinatorRecognitionTests {
    /// SwiftUI views shown through hosting controllers: directly, through a subclass built with its root
    /// view, and through a subclass whose own initializer builds the view. The view is the screen.
    static let hostingApp = """
        import UIKit
        import SwiftUI
        @main final class TillAppDelegate: UIResponder, UIApplicationDelegate {
            var window: UIWindow?
            let flow = TillFlow(navigation: UINavigationController())
            func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                window?.rootViewController = flow.navigation
                flow.start()
                return true
            }
        }
        final class TillFlow {
            let navigation: UINavigationController
            init(navigation: UINavigationController) { self.navigation = navigation }
            func start() {
                let basket = UIHostingController(rootView: BasketView(onPay: { [weak self] in self?.showReceipt() }))
                navigation.pushViewController(basket, animated: false)
            }
            func showReceipt() {
                navigation.pushViewController(ReceiptHost(rootView: ReceiptView()), animated: true)
            }
            func showRefunds() {
                navigation.present(RefundsHost(), animated: true)
            }
        }
        struct BasketView: View {
            var onPay: () -> Void
            var body: some View { Button("Pay") { onPay() } }
        }
        struct ReceiptView: View { var body: some View { Text("Thanks") } }
        struct RefundsView: View { var body: some View { Text("Refunds") } }
        final class ReceiptHost: UIHostingController<ReceiptView> {}
        final class RefundsHost: UIHostingController<RefundsView> {
            init() { super.init(rootView: RefundsView()) }
        }
        """

    func testSwiftUIViewsInHostingControllersAreScreens() throws {
        let report = try analyzeSources(["App.swift": Self.hostingApp])
        XCTAssertEqual(report.graph.nodes.filter { $0.attributes?["ui"] == "swiftui" }.map(\.name), ["BasketView", "ReceiptView", "RefundsView"])
        XCTAssertEqual(graphListing(report), """
            node app:TillAppDelegate reachable @App.swift:3
            node coordinator:TillFlow reachable @App.swift:12
            node screen:BasketView reachable @App.swift:26
            node screen:ReceiptView reachable @App.swift:30
            node screen:RefundsView unreachable @App.swift:31
            node route:TillFlow.showRefunds() unreachable @App.swift:22
            node route:TillFlow.start() reachable @App.swift:15
            edge app:TillAppDelegate -starts-> coordinator:TillFlow [start()] @App.swift:8
            edge coordinator:TillFlow -shows-> screen:BasketView [push] via TillFlow.start() @App.swift:17
            edge coordinator:TillFlow -shows-> screen:ReceiptView [push] via TillFlow.start() @App.swift:20
            edge coordinator:TillFlow -presents-> screen:RefundsView [present] via TillFlow.showRefunds() (unreachable) @App.swift:23
            edge route:TillFlow.showRefunds() -route-> screen:RefundsView [present] (unreachable) @App.swift:23
            edge route:TillFlow.start() -route-> screen:BasketView [push] @App.swift:17
            edge route:TillFlow.start() -route-> screen:ReceiptView [push] @App.swift:20
            finding dead-route warning TillFlow.showRefunds() @App.swift:22
            finding unreachable-screen warning RefundsView @App.swift:31

            """)
    }
}

extension CoordinatorRecognitionTests {
    func testAnalyzeSaysWhatItRecognisedAndWhatItLooksForWhenNothing() throws {
        var text = TextRenderer.render(try analyzeSources(["App.swift": Self.markerProtocolApp]))
        XCTAssertTrue(text.contains("Recognised: 4 coordinators (1 by behaviour (shares-base), 2 by behaviour (shows-screen), 1 by behaviour (starts-coordinator)), 4 screens, 1 roots\n"), text)
        XCTAssertFalse(text.contains("No coordinator found"))
        text = TextRenderer.render(try analyzeSources(["App.swift": Self.hostingApp.replacingOccurrences(of: "final class TillFlow {", with: "final class TillFlow {\n    func unused() {}")
            .replacingOccurrences(of: "navigation.pushViewController", with: "navigation.keep")
            .replacingOccurrences(of: "navigation.present", with: "navigation.keep")]))
        XCTAssertTrue(text.contains("Recognised: 0 coordinators, 3 screens (3 SwiftUI), 1 roots\nNo coordinator found: navgraph looks for types"), text)
        XCTAssertTrue(text.contains("coordinator_types: [MyCoordinator]"))
    }
}

extension CoordinatorRecognitionTests {
    /// A screen that starts a coordinator of its own and later dismisses it talks down to its child:
    /// that call is no action, so nothing is unhandled.
    static let screenChildApp = """
        import UIKit
        @main final class NotesAppDelegate: UIResponder, UIApplicationDelegate {
            var window: UIWindow?
            func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                window?.rootViewController = NotesViewController()
                return true
            }
        }
        final class NotesViewController: UIViewController {
            var children: [TagPickerFlow] = []
            @objc func tagsTapped() {
                let flow = TagPickerFlow()
                flow.onDone = { [weak self] in
                    flow.presentable().dismiss(animated: true)
                    self?.children.removeAll()
                }
                children.append(flow)
                flow.start()
                present(flow.presentable(), animated: true)
            }
        }
        final class TagPickerFlow {
            let navigation = UINavigationController()
            var onDone: (() -> Void)?
            func start() { navigation.pushViewController(TagListViewController(), animated: false) }
            func presentable() -> UIViewController { navigation }
        }
        final class TagListViewController: UIViewController {}
        """

    func testAScreenTalkingToTheCoordinatorItStartedSendsNoAction() throws {
        let report = try analyzeSources(["App.swift": Self.screenChildApp])
        XCTAssertEqual(graphListing(report), """
            node app:NotesAppDelegate reachable @App.swift:2
            node coordinator:TagPickerFlow reachable @App.swift:22
            node screen:NotesViewController reachable @App.swift:9
            node screen:TagListViewController reachable @App.swift:28
            node route:TagPickerFlow.start() reachable @App.swift:25
            edge app:NotesAppDelegate -shows-> screen:NotesViewController [window-root] @App.swift:5
            edge coordinator:TagPickerFlow -shows-> screen:TagListViewController [push] via TagPickerFlow.start() @App.swift:25
            edge route:TagPickerFlow.start() -route-> screen:TagListViewController [push] @App.swift:25
            edge screen:NotesViewController -spawns-> coordinator:TagPickerFlow [start()] @App.swift:18

            """)
    }
}

extension CoordinatorRecognitionTests {
    /// SwiftUI views pushed through a navigator protocol that `UINavigationController` adopts in an
    /// extension (hosting each view), by a coordinator a module factory makes and returns type-erased.
    static let navigatorApp = """
        import UIKit
        import SwiftUI
        protocol Navigating: AnyObject {
            func push<Content: View>(_ view: Content, animated: Bool)
        }
        extension Navigating {
            func show<Content: View>(_ view: Content) { push(view, animated: true) }
        }
        extension UINavigationController: Navigating {
            func push<Content: View>(_ view: Content, animated: Bool) {
                let host = UIHostingController(rootView: view)
                pushViewController(host, animated: animated)
            }
        }
        protocol Steering: AnyObject { func steer() }
        final class AnySteering: Steering {
            private let doSteer: () -> Void
            init(_ wrapped: Steering) { doSteer = { wrapped.steer() } }
            func steer() { doSteer() }
        }
        extension Steering { func erased() -> AnySteering { AnySteering(self) } }

        final class Modules {
            func makeVault(navigator: Navigating) -> AnySteering {
                VaultSteering(navigator: navigator).erased()
            }
            func makeLock(navigator: Navigating) -> AnySteering {
                LockSteering(navigator: navigator).erased()
            }
        }
        final class VaultSteering: Steering {
            weak var navigator: Navigating?
            init(navigator: Navigating) { self.navigator = navigator }
            func steer() {
                navigator?.push(VaultView(), animated: false)
                let keys = KeysView()
                navigator?.show(keys)
            }
        }
        struct VaultView: View { var body: some View { Text("Vault") } }
        struct KeysView: View { var body: some View { Text("Keys") } }
        final class LockSteering: Steering {
            weak var navigator: Navigating?
            init(navigator: Navigating) { self.navigator = navigator }
            func steer() { navigator?.push(LockView(), animated: false) }
        }
        struct LockView: View { var body: some View { Text("Locked") } }

        final class KeySceneDelegate: UIResponder, UIWindowSceneDelegate {
            var window: UIWindow?
            var vault: AnySteering?
            func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                let navigation = UINavigationController()
                window?.rootViewController = navigation
                let steering = Modules().makeVault(navigator: navigation)
                vault = steering
                steering.steer()
                Modules().makeLock(navigator: navigation).steer()
            }
        }
        """

    func testSwiftUIViewsPushedThroughANavigatorByAFactoryMadeCoordinator() throws {
        let report = try analyzeSources(["App.swift": Self.navigatorApp])
        XCTAssertEqual(graphListing(report), """
            node app:KeySceneDelegate reachable @App.swift:49
            node coordinator:AnySteering reachable @App.swift:16
            node coordinator:LockSteering reachable @App.swift:42
            node coordinator:VaultSteering reachable @App.swift:31
            node screen:KeysView reachable @App.swift:41
            node screen:LockView reachable @App.swift:47
            node screen:VaultView reachable @App.swift:40
            node route:LockSteering.steer() reachable @App.swift:45
            node route:VaultSteering.steer() reachable @App.swift:34
            edge app:KeySceneDelegate -starts-> coordinator:LockSteering [build] @App.swift:58
            edge app:KeySceneDelegate -starts-> coordinator:VaultSteering [build] @App.swift:55
            edge coordinator:LockSteering -starts-> coordinator:AnySteering [build] @App.swift:58
            edge coordinator:LockSteering -shows-> screen:LockView [push] via LockSteering.steer() @App.swift:45
            edge coordinator:VaultSteering -starts-> coordinator:AnySteering [build] @App.swift:55
            edge coordinator:VaultSteering -shows-> screen:KeysView [push] via VaultSteering.steer() @App.swift:37
            edge coordinator:VaultSteering -shows-> screen:VaultView [push] via VaultSteering.steer() @App.swift:35
            edge route:LockSteering.steer() -route-> screen:LockView [push] @App.swift:45
            edge route:VaultSteering.steer() -route-> screen:KeysView [push] @App.swift:37
            edge route:VaultSteering.steer() -route-> screen:VaultView [push] @App.swift:35

            """)
    }
}

extension CoordinatorRecognitionTests {
    /// A window flow given a closure that makes its first child: the child is made in the closure and
    /// started by the flow's generic `coordinate(to:)`.
    static let closureMadeChildApp = """
        import UIKit
        class Flow {
            var children: [Flow] = []
            func start() {}
            func coordinate(to child: Flow) { children.append(child); child.start() }
        }
        final class WindowFlow: Flow {
            let window: UIWindow
            let navigation = UINavigationController()
            let makeFirst: (UINavigationController) -> Flow
            init(window: UIWindow, makeFirst: @escaping (UINavigationController) -> Flow) {
                self.window = window
                self.makeFirst = makeFirst
            }
            override func start() {
                window.rootViewController = navigation
                coordinate(to: makeFirst(navigation))
            }
        }
        final class IntroFlow: Flow {
            let navigation: UINavigationController
            init(navigation: UINavigationController) { self.navigation = navigation }
            override func start() {
                let intro = IntroViewController()
                intro.flow = self
                navigation.pushViewController(intro, animated: false)
            }
            func showHelp() { coordinate(to: HelpFlow(navigation: navigation)) }
        }
        final class HelpFlow: Flow {
            let navigation: UINavigationController
            init(navigation: UINavigationController) { self.navigation = navigation }
            override func start() { navigation.pushViewController(HelpViewController(), animated: true) }
        }
        final class IntroViewController: UIViewController {
            weak var flow: IntroFlow?
            @objc func helpTapped() { flow?.showHelp() }
        }
        final class HelpViewController: UIViewController {}
        final class GardenSceneDelegate: UIResponder, UIWindowSceneDelegate {
            var window: UIWindow?
            var flow: WindowFlow?
            func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                flow = WindowFlow(window: window!, makeFirst: { navigation in IntroFlow(navigation: navigation) })
                flow?.start()
            }
        }
        """

    func testAChildMadeByAClosureTheParentCalls() throws {
        let report = try analyzeSources(["App.swift": Self.closureMadeChildApp])
        XCTAssertEqual(graphListing(report), """
            node app:GardenSceneDelegate reachable @App.swift:40
            node coordinator:HelpFlow reachable @App.swift:30
            node coordinator:IntroFlow reachable @App.swift:20
            node coordinator:WindowFlow reachable @App.swift:7
            node screen:HelpViewController reachable @App.swift:39
            node screen:IntroViewController reachable @App.swift:35
            node route:HelpFlow.start() reachable @App.swift:33
            node route:IntroFlow.showHelp() reachable @App.swift:28
            node route:IntroFlow.start() reachable @App.swift:23
            node route:WindowFlow.start() reachable @App.swift:15
            node action:IntroFlow.showHelp() reachable @App.swift:28
            node action:WindowFlow.makeFirst reachable @App.swift:10
            edge action:IntroFlow.showHelp() -handles-> coordinator:IntroFlow @App.swift:28
            edge action:WindowFlow.makeFirst -handles-> coordinator:IntroFlow @App.swift:22
            edge app:GardenSceneDelegate -starts-> coordinator:WindowFlow [start()] @App.swift:45
            edge coordinator:HelpFlow -shows-> screen:HelpViewController [push] via HelpFlow.start() @App.swift:33
            edge coordinator:IntroFlow -starts-> coordinator:HelpFlow [start()] via IntroFlow.showHelp() @App.swift:5
            edge coordinator:IntroFlow -shows-> screen:IntroViewController [push] via IntroFlow.start() @App.swift:26
            edge coordinator:WindowFlow -sends-> action:WindowFlow.makeFirst @App.swift:17
            edge coordinator:WindowFlow -starts-> coordinator:IntroFlow [start()] via WindowFlow.start() @App.swift:5
            edge route:HelpFlow.start() -route-> screen:HelpViewController [push] @App.swift:33
            edge route:IntroFlow.showHelp() -route-> coordinator:HelpFlow [start()] @App.swift:5
            edge route:IntroFlow.start() -route-> screen:IntroViewController [push] @App.swift:26
            edge route:WindowFlow.start() -route-> coordinator:IntroFlow [start()] @App.swift:5
            edge screen:IntroViewController -sends-> action:IntroFlow.showHelp() @App.swift:37
            path coordinator:WindowFlow -> action:WindowFlow.makeFirst => coordinator:IntroFlow @App.swift:17
            path screen:IntroViewController -> action:IntroFlow.showHelp() => coordinator:IntroFlow @App.swift:37

            """)
    }
}

extension CoordinatorRecognitionTests {
    /// A coordinator whose `start` builds its screen in functions nested in it, called before they are
    /// declared, each returning the screen it builds.
    static let nestedFunctionApp = """
        import UIKit
        final class ShelfSceneDelegate: UIResponder, UIWindowSceneDelegate {
            var window: UIWindow?
            var shelf: ShelfCoordinator?
            func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                let navigation = UINavigationController()
                window?.rootViewController = navigation
                shelf = ShelfCoordinator(navigation: navigation, archived: false)
                shelf?.start(animated: false)
            }
        }
        final class ShelfCoordinator {
            let navigation: UINavigationController
            let archived: Bool
            init(navigation: UINavigationController, archived: Bool) {
                self.navigation = navigation
                self.archived = archived
            }
            func start(animated: Bool) {
                let screen: UIViewController
                if archived {
                    screen = makeArchive(title: "Archive")
                } else {
                    screen = makeShelf(count: 3)
                }
                navigation.setViewControllers([screen], animated: animated)

                func makeArchive(title: String) -> ArchiveViewController {
                    let archive = ArchiveViewController()
                    archive.title = title
                    return archive
                }
                func makeShelf(count: Int) -> ShelfViewController {
                    return ShelfViewController()
                }
            }
        }
        final class ArchiveViewController: UIViewController {}
        final class ShelfViewController: UIViewController {}
        """

    func testScreensBuiltInFunctionsNestedInStart() throws {
        let report = try analyzeSources(["App.swift": Self.nestedFunctionApp])
        XCTAssertEqual(graphListing(report), """
            node app:ShelfSceneDelegate reachable @App.swift:2
            node coordinator:ShelfCoordinator reachable @App.swift:12
            node screen:ArchiveViewController reachable @App.swift:38
            node screen:ShelfViewController reachable @App.swift:39
            node route:ShelfCoordinator.start(animated:) reachable @App.swift:19
            edge app:ShelfSceneDelegate -starts-> coordinator:ShelfCoordinator [start(animated:)] @App.swift:9
            edge coordinator:ShelfCoordinator -shows-> screen:ArchiveViewController [setViewControllers] via ShelfCoordinator.start(animated:) @App.swift:26
            edge coordinator:ShelfCoordinator -shows-> screen:ShelfViewController [setViewControllers] via ShelfCoordinator.start(animated:) @App.swift:26
            edge route:ShelfCoordinator.start(animated:) -route-> screen:ArchiveViewController [setViewControllers] @App.swift:26
            edge route:ShelfCoordinator.start(animated:) -route-> screen:ShelfViewController [setViewControllers] @App.swift:26

            """)
    }
}

extension CoordinatorRecognitionTests {
    /// A delegate callback whose parameter is a coordinator that code navgraph cannot see (Objective-C)
    /// builds: calling it is no unhandled action, its value is unknown.
    static let unknownParameterApp = """
        import UIKit
        @main final class InkAppDelegate: UIResponder, UIApplicationDelegate {
            var window: UIWindow?
            func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                window?.rootViewController = PaletteViewController()
                return true
            }
        }
        protocol SwatchPickerDelegate: AnyObject { func swatchPickerDidCancel(_ picker: SwatchPicker) }
        final class SwatchPicker {
            let host: UIViewController
            init(host: UIViewController) { self.host = host }
            func start() { host.present(SwatchViewController(), animated: true) }
            func close() { host.dismiss(animated: true) }
        }
        final class PaletteViewController: UIViewController, SwatchPickerDelegate {
            func swatchPickerDidCancel(_ picker: SwatchPicker) { picker.close() }
        }
        final class SwatchViewController: UIViewController {}
        """

    func testACallOnAParameterOfUnknownValueIsNoUnhandledAction() throws {
        let report = try analyzeSources(["App.swift": Self.unknownParameterApp])
        XCTAssertEqual(graphListing(report), """
            node app:InkAppDelegate reachable @App.swift:2
            node coordinator:SwatchPicker unreachable @App.swift:10
            node screen:PaletteViewController reachable @App.swift:16
            node screen:SwatchViewController unreachable @App.swift:19
            node route:SwatchPicker.close() unreachable @App.swift:14
            node route:SwatchPicker.start() unreachable @App.swift:13
            edge app:InkAppDelegate -shows-> screen:PaletteViewController [window-root] @App.swift:5
            edge coordinator:SwatchPicker -presents-> screen:SwatchViewController [present] via SwatchPicker.start() (unreachable) @App.swift:13
            edge route:SwatchPicker.start() -route-> screen:SwatchViewController [present] (unreachable) @App.swift:13
            finding unreachable-coordinator warning SwatchPicker @App.swift:10
            finding unreachable-screen warning SwatchViewController @App.swift:19

            """)
    }
}

extension CoordinatorRecognitionTests {
    /// A page screen asks through a closure property that the screen holding it presents a viewer: the
    /// holding screen handles that action itself.
    static let pageClosureApp = """
        import UIKit
        @main final class AlbumAppDelegate: UIResponder, UIApplicationDelegate {
            var window: UIWindow?
            func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                window?.rootViewController = AlbumViewController()
                return true
            }
        }
        final class AlbumViewController: UIViewController {
            private lazy var grid: GridViewController = {
                let grid = GridViewController()
                grid.onPresent = { [weak self] viewer in self?.present(viewer, animated: true) }
                return grid
            }()
            override func viewDidLoad() { addChild(grid) }
        }
        final class GridViewController: UIViewController {
            var onPresent: ((UIViewController) -> Void)?
            @objc func photoTapped() { onPresent?(PhotoViewController()) }
        }
        final class PhotoViewController: UIViewController {}
        """

    func testAClosureActionTheHoldingScreenHandles() throws {
        let report = try analyzeSources(["App.swift": Self.pageClosureApp])
        XCTAssertEqual(graphListing(report), """
            node app:AlbumAppDelegate reachable @App.swift:2
            node screen:AlbumViewController reachable @App.swift:9
            node screen:GridViewController reachable @App.swift:17
            node screen:PhotoViewController reachable @App.swift:21
            node action:GridViewController.onPresent reachable @App.swift:18
            edge app:AlbumAppDelegate -shows-> screen:AlbumViewController [window-root] @App.swift:5
            edge screen:AlbumViewController -shows-> screen:GridViewController [embed] @App.swift:15
            edge screen:AlbumViewController -presents-> screen:PhotoViewController [present] @App.swift:12
            edge screen:GridViewController -sends-> action:GridViewController.onPresent @App.swift:19
            path screen:GridViewController -> action:GridViewController.onPresent => within:AlbumViewController @App.swift:19

            """)
    }
}

extension CoordinatorRecognitionTests {
    /// Children opened from publisher chains: through an app operator that pairs `self` into the chain
    /// (`pairWith(self).flatMap { owner, _ in owner.showBook() }`), and from sibling closures that reuse
    /// one local name for different children.
    static let publisherChainApp = """
        import UIKit
        import Combine

        // Combine-style flow base: `open(child:)` keeps the child and returns its start() publisher.
        class Flow<Output>: NSObject {
            let id = UUID()
            var bag = Set<AnyCancellable>()
            private var children = [UUID: Any]()
            func open<C: Flow<R>, R>(child: C) -> AnyPublisher<R, Never> {
                children[child.id] = child
                return child.start()
            }
            func start() -> AnyPublisher<Output, Never> { fatalError("override") }
        }

        extension Publisher {
            // App-declared helper: pairs each element with a weakly held object.
            func pairWith<O: AnyObject>(_ obj: O) -> Publishers.CompactMap<Self, (O, Output)> {
                compactMap { [weak obj] value in
                    guard let obj = obj else { return nil }
                    return (obj, value)
                }
            }
        }

        enum ShelfEvent { case openBook, openAbout, openCredits }
        final class ShelfModel { let events = PassthroughSubject<ShelfEvent, Never>() }
        final class ShelfScreen: UIViewController {}
        final class BookScreen: UIViewController {}
        final class AboutScreen: UIViewController {}
        final class CreditsScreen: UIViewController {}

        final class ShelfFlow: Flow<Void> {
            let nav: UINavigationController
            init(nav: UINavigationController) { self.nav = nav }
            override func start() -> AnyPublisher<Void, Never> {
                let model = ShelfModel()
                nav.pushViewController(ShelfScreen(), animated: false)
                // The child is opened through the closure parameter `owner`, which an app operator pairs in.
                model.events.filter { $0 == .openBook }.pairWith(self)
                    .flatMap { owner, _ in owner.showBook() }
                    .sink { _ in }.store(in: &bag)
                // Two closures bind a local of the same name to different children: both are kept.
                model.events.filter { $0 == .openAbout }
                    .flatMap { [weak self] _ -> AnyPublisher<Void, Never> in
                        let child = AboutFlow(nav: self!.nav)
                        return self!.present(child)
                    }.sink { _ in }.store(in: &bag)
                model.events.filter { $0 == .openCredits }
                    .flatMap { [weak self] _ -> AnyPublisher<Void, Never> in
                        let child = CreditsFlow(nav: self!.nav)
                        return self!.present(child)
                    }.sink { _ in }.store(in: &bag)
                return Empty().eraseToAnyPublisher()
            }
            private func showBook() -> AnyPublisher<Void, Never> { open(child: BookFlow(nav: nav)) }
            private func present(_ child: Flow<Void>) -> AnyPublisher<Void, Never> { open(child: child) }
        }

        final class BookFlow: Flow<Void> {
            let nav: UINavigationController
            init(nav: UINavigationController) { self.nav = nav }
            override func start() -> AnyPublisher<Void, Never> {
                nav.pushViewController(BookScreen(), animated: true); return Empty().eraseToAnyPublisher()
            }
        }
        final class AboutFlow: Flow<Void> {
            let nav: UINavigationController
            init(nav: UINavigationController) { self.nav = nav }
            override func start() -> AnyPublisher<Void, Never> {
                nav.pushViewController(AboutScreen(), animated: true); return Empty().eraseToAnyPublisher()
            }
        }
        final class CreditsFlow: Flow<Void> {
            let nav: UINavigationController
            init(nav: UINavigationController) { self.nav = nav }
            override func start() -> AnyPublisher<Void, Never> {
                nav.pushViewController(CreditsScreen(), animated: true); return Empty().eraseToAnyPublisher()
            }
        }

        @main
        final class AppDelegate: UIResponder, UIApplicationDelegate {
            var window: UIWindow?
            var running: AnyCancellable?
            func application(_ application: UIApplication,
                             didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                let nav = UINavigationController()
                window = UIWindow(frame: UIScreen.main.bounds)
                window?.rootViewController = nav
                window?.makeKeyAndVisible()
                running = ShelfFlow(nav: nav).start().sink { _ in }
                return true
            }
        }
        """

    func testChildrenOpenedFromPublisherChainsAreReached() throws {
        let report = try analyzeSources(["App.swift": Self.publisherChainApp])
        XCTAssertEqual(graphListing(report), """
            node app:AppDelegate reachable @App.swift:82
            node coordinator:AboutFlow reachable @App.swift:67
            node coordinator:BookFlow reachable @App.swift:60
            node coordinator:CreditsFlow reachable @App.swift:74
            node coordinator:ShelfFlow reachable @App.swift:33
            node screen:AboutScreen reachable @App.swift:30
            node screen:BookScreen reachable @App.swift:29
            node screen:CreditsScreen reachable @App.swift:31
            node screen:ShelfScreen reachable @App.swift:28
            node route:AboutFlow.start() reachable @App.swift:70
            node route:BookFlow.start() reachable @App.swift:63
            node route:CreditsFlow.start() reachable @App.swift:77
            node route:ShelfFlow.start() reachable @App.swift:36
            edge app:AppDelegate -starts-> coordinator:ShelfFlow [start()] @App.swift:92
            edge coordinator:AboutFlow -shows-> screen:AboutScreen [push] via AboutFlow.start() @App.swift:71
            edge coordinator:BookFlow -shows-> screen:BookScreen [push] via BookFlow.start() @App.swift:64
            edge coordinator:CreditsFlow -shows-> screen:CreditsScreen [push] via CreditsFlow.start() @App.swift:78
            edge coordinator:ShelfFlow -starts-> coordinator:AboutFlow [start()] via ShelfFlow.start() @App.swift:11
            edge coordinator:ShelfFlow -starts-> coordinator:BookFlow [start()] via ShelfFlow.start() @App.swift:11
            edge coordinator:ShelfFlow -starts-> coordinator:CreditsFlow [start()] via ShelfFlow.start() @App.swift:11
            edge coordinator:ShelfFlow -shows-> screen:ShelfScreen [push] via ShelfFlow.start() @App.swift:38
            edge route:AboutFlow.start() -route-> screen:AboutScreen [push] @App.swift:71
            edge route:BookFlow.start() -route-> screen:BookScreen [push] @App.swift:64
            edge route:CreditsFlow.start() -route-> screen:CreditsScreen [push] @App.swift:78
            edge route:ShelfFlow.start() -route-> coordinator:AboutFlow [start()] @App.swift:11
            edge route:ShelfFlow.start() -route-> coordinator:BookFlow [start()] @App.swift:11
            edge route:ShelfFlow.start() -route-> coordinator:CreditsFlow [start()] @App.swift:11
            edge route:ShelfFlow.start() -route-> screen:ShelfScreen [push] @App.swift:38

            """)
    }
}

extension CoordinatorRecognitionTests {
    /// A screen made by a static factory giving `Self` (`DockViewController.instantiate()`) whose router a
    /// container hands over, and a builder that makes and starts the tabs from a static method only.
    static let staticBuilderApp = """
        import UIKit
        protocol Storyboarded { static func instantiate() -> Self }
        extension Storyboarded where Self: UIViewController {
            static func instantiate() -> Self { UIStoryboard(name: "Main", bundle: nil).instantiateInitialViewController() as! Self }
        }
        protocol Routing: AnyObject { func begin(from screen: UIViewController) }
        final class Services {
            static let shared = Services()
            func resolve<T>() -> T { fatalError("registered elsewhere") }
        }
        @main final class HarborAppDelegate: UIResponder, UIApplicationDelegate {
            var window: UIWindow?
            func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                let dock = DockViewController.instantiate()
                dock.router = Services.shared.resolve()
                window?.rootViewController = dock
                return true
            }
        }
        final class DockViewController: UIViewController, Storyboarded {
            var router: Routing?
            override func viewDidLoad() {
                super.viewDidLoad()
                router?.begin(from: self)
            }
        }
        final class HarborRouter: Routing {
            var tabs: [TabFlow] = []
            func begin(from screen: UIViewController) {
                tabs = TabsBuilder.makeTabs()
                let bar = HarborTabBarController()
                bar.viewControllers = tabs.map { $0.navigation }
                screen.present(bar, animated: true)
            }
        }
        /// Builds and starts the tabs from a static method: no instance is ever made.
        final class TabsBuilder {
            static func makeTabs() -> [TabFlow] {
                let boats = BoatsFlow()
                boats.start()
                let berths = BerthsFlow()
                berths.start()
                return [boats, berths]
            }
        }
        class TabFlow {
            let navigation = UINavigationController()
            func start() {}
        }
        final class BoatsFlow: TabFlow {
            override func start() { navigation.pushViewController(BoatListViewController(), animated: false) }
        }
        final class BerthsFlow: TabFlow {
            override func start() { navigation.pushViewController(BerthListViewController(), animated: false) }
        }
        final class BoatListViewController: UIViewController {}
        final class BerthListViewController: UIViewController {}
        final class HarborTabBarController: UITabBarController {}
        """

    func testAStaticBuilderAndAScreenFromAStaticFactoryAreFollowed() throws {
        let report = try analyzeSources(["App.swift": Self.staticBuilderApp])
        XCTAssertEqual(graphListing(report), """
            node app:HarborAppDelegate reachable @App.swift:11
            node coordinator:BerthsFlow reachable @App.swift:53
            node coordinator:BoatsFlow reachable @App.swift:50
            node coordinator:HarborRouter reachable @App.swift:27
            node coordinator:TabsBuilder reachable @App.swift:37
            node screen:BerthListViewController reachable @App.swift:57
            node screen:BoatListViewController reachable @App.swift:56
            node screen:DockViewController reachable @App.swift:20
            node screen:HarborTabBarController reachable @App.swift:58
            node route:BerthsFlow.start() reachable @App.swift:54
            node route:BoatsFlow.start() reachable @App.swift:51
            node route:HarborRouter.begin(from:) reachable @App.swift:29
            node route:TabsBuilder.makeTabs() reachable @App.swift:38
            node action:Routing.begin(from:) reachable @App.swift:6
            edge action:Routing.begin(from:) -handles-> coordinator:HarborRouter @App.swift:29
            edge app:HarborAppDelegate -starts-> coordinator:HarborRouter [container] @App.swift:15
            edge app:HarborAppDelegate -shows-> screen:DockViewController [window-root] @App.swift:16
            edge coordinator:BerthsFlow -shows-> screen:BerthListViewController [push] via BerthsFlow.start() @App.swift:54
            edge coordinator:BoatsFlow -shows-> screen:BoatListViewController [push] via BoatsFlow.start() @App.swift:51
            edge coordinator:HarborRouter -starts-> coordinator:TabsBuilder [makeTabs()] via HarborRouter.begin(from:) @App.swift:30
            edge coordinator:TabsBuilder -starts-> coordinator:BerthsFlow [start()] via TabsBuilder.makeTabs() @App.swift:42
            edge coordinator:TabsBuilder -starts-> coordinator:BoatsFlow [start()] via TabsBuilder.makeTabs() @App.swift:40
            edge route:BerthsFlow.start() -route-> screen:BerthListViewController [push] @App.swift:54
            edge route:BoatsFlow.start() -route-> screen:BoatListViewController [push] @App.swift:51
            edge route:HarborRouter.begin(from:) -route-> coordinator:TabsBuilder [makeTabs()] @App.swift:30
            edge route:HarborRouter.begin(from:) -route-> screen:HarborTabBarController [present] @App.swift:33
            edge route:TabsBuilder.makeTabs() -route-> coordinator:BerthsFlow [start()] @App.swift:42
            edge route:TabsBuilder.makeTabs() -route-> coordinator:BoatsFlow [start()] @App.swift:40
            edge screen:DockViewController -sends-> action:Routing.begin(from:) @App.swift:24
            edge screen:DockViewController -presents-> screen:HarborTabBarController [present] via HarborRouter.begin(from:) @App.swift:33
            path screen:DockViewController -> action:Routing.begin(from:) => coordinator:HarborRouter @App.swift:24

            """)
    }
}

extension CoordinatorRecognitionTests {
    /// A call with several trailing closures (`present(from:) { … } cancel: { … }`): the first, passed
    /// without its label, binds the first function parameter, so the call resolves and its child is reached.
    static let trailingClosuresApp = """
        import UIKit
        @main final class LockAppDelegate: UIResponder, UIApplicationDelegate {
            var window: UIWindow?
            let flow = VaultFlow()
            func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                window?.rootViewController = flow.navigation
                flow.start()
                return true
            }
        }
        final class VaultFlow {
            let navigation = UINavigationController()
            var setup: PinSetupPresenter?
            func start() {
                navigation.pushViewController(VaultViewController(), animated: false)
                let presenter = PinSetupPresenter()
                setup = presenter
                // Several trailing closures: the first is passed without its label.
                presenter.present(from: navigation) { [weak self] in
                    self?.navigation.popToRootViewController(animated: true)
                } cancel: {
                    print("cancelled")
                }
            }
        }
        /// Builds and starts its flow when asked to present, with a callback for each outcome.
        final class PinSetupPresenter {
            var flow: PinFlow?
            func present(from navigation: UINavigationController, done: @escaping () -> Void, cancel: @escaping () -> Void) {
                let flow = PinFlow(navigation: navigation)
                flow.onDone = done
                self.flow = flow
                flow.start()
            }
        }
        final class PinFlow {
            let navigation: UINavigationController
            var onDone: (() -> Void)?
            init(navigation: UINavigationController) { self.navigation = navigation }
            func start() { navigation.pushViewController(PinViewController(), animated: true) }
        }
        final class VaultViewController: UIViewController {}
        final class PinViewController: UIViewController {}
        """

    func testACallWithSeveralTrailingClosuresResolves() throws {
        let report = try analyzeSources(["App.swift": Self.trailingClosuresApp])
        XCTAssertEqual(graphListing(report), """
            node app:LockAppDelegate reachable @App.swift:2
            node coordinator:PinFlow reachable @App.swift:36
            node coordinator:PinSetupPresenter reachable @App.swift:27
            node coordinator:VaultFlow reachable @App.swift:11
            node screen:PinViewController reachable @App.swift:43
            node screen:VaultViewController reachable @App.swift:42
            node route:PinFlow.start() reachable @App.swift:40
            node route:PinSetupPresenter.present(from:done:cancel:) reachable @App.swift:29
            node route:VaultFlow.start() reachable @App.swift:14
            edge app:LockAppDelegate -starts-> coordinator:VaultFlow [start()] @App.swift:7
            edge coordinator:PinFlow -shows-> screen:PinViewController [push] via PinFlow.start() @App.swift:40
            edge coordinator:PinSetupPresenter -starts-> coordinator:PinFlow [start()] via PinSetupPresenter.present(from:done:cancel:) @App.swift:33
            edge coordinator:VaultFlow -starts-> coordinator:PinSetupPresenter [build] via VaultFlow.start() @App.swift:16
            edge coordinator:VaultFlow -shows-> screen:VaultViewController [push] via VaultFlow.start() @App.swift:15
            edge route:PinFlow.start() -route-> screen:PinViewController [push] @App.swift:40
            edge route:PinSetupPresenter.present(from:done:cancel:) -route-> coordinator:PinFlow [start()] @App.swift:33
            edge route:VaultFlow.start() -route-> coordinator:PinSetupPresenter [build] @App.swift:16
            edge route:VaultFlow.start() -route-> screen:VaultViewController [push] @App.swift:15

            """)
    }
}

extension CoordinatorRecognitionTests {
    /// A generated storyboard accessor (`Boards.Garden.initialScene.instantiate()`) whose method gives the
    /// type's generic parameter makes the screen written as its type argument. The screen's calls to a
    /// banner helper behind a `…Presenting` protocol and to a framework button cast to an app protocol
    /// are no unhandled actions: the helper does its own work, and the button is a subclass navgraph
    /// does not know.
    static let genericSceneApp = """
        import UIKit
        struct SceneRef<T: UIViewController> {
            let storyboard: String
            func instantiate() -> T { UIStoryboard(name: storyboard, bundle: nil).instantiateInitialViewController() as! T }
        }
        enum Boards {
            enum Garden {
                static let initialScene = SceneRef<GardenViewController>(storyboard: "Garden")
            }
        }
        @main final class GardenAppDelegate: UIResponder, UIApplicationDelegate {
            var window: UIWindow?
            let flow = GardenFlow()
            func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                window?.rootViewController = flow.navigation
                flow.start()
                return true
            }
        }
        protocol Tinted: AnyObject { func tint(_ color: UIColor) }
        final class GardenFlow: Tinted {
            let navigation = UINavigationController()
            func start() {
                let screen = Boards.Garden.initialScene.instantiate()
                screen.flow = self
                navigation.pushViewController(screen, animated: false)
            }
            func showHelp() { navigation.pushViewController(HelpViewController(), animated: true) }
            func tint(_ color: UIColor) { navigation.navigationBar.tintColor = color }
        }
        protocol BannerPresenterProtocol { func present(_ text: String) }
        final class BannerPresenter: BannerPresenterProtocol {
            weak var host: UIViewController?
            init(host: UIViewController) { self.host = host }
            func present(_ text: String) { host?.view.addSubview(UILabel()) }
        }
        final class GardenViewController: UIViewController {
            @IBOutlet weak var closeButton: UIButton!
            weak var flow: GardenFlow?
            private var banners: BannerPresenterProtocol!
            override func viewDidLoad() {
                super.viewDidLoad()
                banners = BannerPresenter(host: self)
                if let tinted = closeButton as? Tinted { tinted.tint(.green) }
            }
            func save() { banners.present("Saved") }
            @IBAction func helpTapped() { flow?.showHelp() }
        }
        final class HelpViewController: UIViewController {}
        """

    func testAGenericAccessorGivesItsTypeArgumentsScreen() throws {
        let report = try analyzeSources(["App.swift": Self.genericSceneApp])
        XCTAssertEqual(graphListing(report), """
            node app:GardenAppDelegate reachable @App.swift:11
            node coordinator:GardenFlow reachable @App.swift:21
            node screen:GardenViewController reachable @App.swift:37
            node screen:HelpViewController reachable @App.swift:49
            node route:GardenFlow.showHelp() reachable @App.swift:28
            node route:GardenFlow.start() reachable @App.swift:23
            node action:BannerPresenterProtocol.present(_:) reachable @App.swift:31
            node action:GardenFlow.showHelp() reachable @App.swift:28
            edge action:GardenFlow.showHelp() -handles-> coordinator:GardenFlow @App.swift:28
            edge app:GardenAppDelegate -starts-> coordinator:GardenFlow [start()] @App.swift:16
            edge coordinator:GardenFlow -shows-> screen:GardenViewController [push] via GardenFlow.start() @App.swift:26
            edge coordinator:GardenFlow -shows-> screen:HelpViewController [push] via GardenFlow.showHelp() @App.swift:28
            edge route:GardenFlow.showHelp() -route-> screen:HelpViewController [push] @App.swift:28
            edge route:GardenFlow.start() -route-> screen:GardenViewController [push] @App.swift:26
            edge screen:GardenViewController -sends-> action:BannerPresenterProtocol.present(_:) @App.swift:46
            edge screen:GardenViewController -sends-> action:GardenFlow.showHelp() @App.swift:47
            path screen:GardenViewController -> action:BannerPresenterProtocol.present(_:) => within:BannerPresenter @App.swift:46
            path screen:GardenViewController -> action:GardenFlow.showHelp() => coordinator:GardenFlow @App.swift:47

            """)
    }
}

extension CoordinatorRecognitionTests {
    /// A coordinator made the delegate of a screen written in Objective-C (no Swift declaration): that
    /// code calls it back, so the methods of its extension adding the unknown protocol run, and the
    /// child flow one of them starts is reached. A method of an extension adding a protocol of the app
    /// that nothing calls does not run.
    static let unknownDelegateApp = """
        import UIKit
        @main final class ParlorAppDelegate: UIResponder, UIApplicationDelegate {
            var window: UIWindow?
            let flow = ParlorFlow()
            func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                window?.rootViewController = flow.navigation
                flow.start()
                return true
            }
        }
        protocol ParlorRefreshing: AnyObject { func refreshAll() }
        final class ParlorFlow {
            let navigation = UINavigationController()
            private let chat = LegacyChatViewController.fromNib()
            func start() {
                chat.delegate = self
                navigation.pushViewController(LobbyViewController(), animated: false)
            }
        }
        extension ParlorFlow: LegacyChatViewControllerDelegate {
            func chatViewController(_ controller: LegacyChatViewController, didTapMember memberId: String) {
                let member = MemberFlow(navigation: navigation)
                member.start()
            }
        }
        extension ParlorFlow: ParlorRefreshing {
            func refreshAll() { navigation.pushViewController(RefreshViewController(), animated: true) }
        }
        final class MemberFlow {
            let navigation: UINavigationController
            init(navigation: UINavigationController) { self.navigation = navigation }
            func start() { navigation.pushViewController(MemberViewController(), animated: true) }
        }
        /// Written in Objective-C; Swift only extends it.
        extension LegacyChatViewController {
            func scrollToBottom() {}
        }
        final class LobbyViewController: UIViewController {
            var tour: TourPresenter?
            @IBAction func tourTapped() {
                let tour = TourPresenter()
                tour.completion = { [weak self] in self?.tour = nil }
                tour.present(from: self)
                self.tour = tour
            }
        }
        /// Made and finished by a screen: the screen's closure handles its completion.
        final class TourPresenter {
            var completion: (() -> Void)?
            func present(from screen: UIViewController) {
                let tour = TourViewController()
                tour.onClose = { [weak self] in self?.completion?() }
                screen.present(tour, animated: true)
            }
        }
        final class TourViewController: UIViewController {
            var onClose: (() -> Void)?
            @IBAction func closeTapped() { onClose?() }
        }
        final class MemberViewController: UIViewController {}
        final class RefreshViewController: UIViewController {}
        """

    func testAnObjectMadeTheDelegateOfUnknownCodeIsCalledBack() throws {
        let report = try analyzeSources(["App.swift": Self.unknownDelegateApp])
        XCTAssertEqual(graphListing(report), """
            node app:ParlorAppDelegate reachable @App.swift:2
            node coordinator:MemberFlow reachable @App.swift:29
            node coordinator:ParlorFlow reachable @App.swift:12
            node coordinator:TourPresenter reachable @App.swift:48
            node screen:LobbyViewController reachable @App.swift:38
            node screen:MemberViewController reachable @App.swift:60
            node screen:RefreshViewController unreachable @App.swift:61
            node screen:TourViewController reachable @App.swift:56
            node route:MemberFlow.start() reachable @App.swift:32
            node route:ParlorFlow.refreshAll() unreachable @App.swift:27
            node route:ParlorFlow.start() reachable @App.swift:15
            node route:TourPresenter.present(from:) reachable @App.swift:50
            node action:TourPresenter.completion reachable @App.swift:49
            node action:TourViewController.onClose reachable @App.swift:57
            edge action:TourViewController.onClose -handles-> coordinator:TourPresenter @App.swift:52
            edge app:ParlorAppDelegate -starts-> coordinator:ParlorFlow [start()] @App.swift:7
            edge coordinator:MemberFlow -shows-> screen:MemberViewController [push] via MemberFlow.start() @App.swift:32
            edge coordinator:ParlorFlow -starts-> coordinator:MemberFlow [start()] via ParlorFlow.start() @App.swift:23
            edge coordinator:ParlorFlow -shows-> screen:LobbyViewController [push] via ParlorFlow.start() @App.swift:17
            edge coordinator:ParlorFlow -shows-> screen:RefreshViewController [push] via ParlorFlow.refreshAll() (unreachable) @App.swift:27
            edge coordinator:TourPresenter -sends-> action:TourPresenter.completion @App.swift:52
            edge route:MemberFlow.start() -route-> screen:MemberViewController [push] @App.swift:32
            edge route:ParlorFlow.refreshAll() -route-> screen:RefreshViewController [push] (unreachable) @App.swift:27
            edge route:ParlorFlow.start() -route-> coordinator:MemberFlow [start()] @App.swift:23
            edge route:ParlorFlow.start() -route-> screen:LobbyViewController [push] @App.swift:17
            edge route:TourPresenter.present(from:) -route-> screen:TourViewController [present] @App.swift:53
            edge screen:LobbyViewController -spawns-> coordinator:TourPresenter [build] @App.swift:41
            edge screen:LobbyViewController -presents-> screen:TourViewController [present] via TourPresenter.present(from:) @App.swift:53
            edge screen:TourViewController -sends-> action:TourViewController.onClose @App.swift:58
            path coordinator:TourPresenter -> action:TourPresenter.completion => within:LobbyViewController @App.swift:52
            path screen:TourViewController -> action:TourViewController.onClose => coordinator:TourPresenter @App.swift:58
            finding dead-route warning ParlorFlow.refreshAll() @App.swift:27
            finding unreachable-screen warning RefreshViewController @App.swift:61

            """)
    }
}

extension CoordinatorRecognitionTests {
    /// A flow's closure property called from a closure it handed to its own child (`editor.didFinish =
    /// { … self.close() }`, `close` calling `didFinish?(self, …)`) is handled by the parent that
    /// assigned it.
    static let nestedFinishApp = """
        import UIKit
        @main final class ShelfAppDelegate: UIResponder, UIApplicationDelegate {
            var window: UIWindow?
            let flow = ShelfFlow()
            func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                window?.rootViewController = flow.navigation
                flow.onLists = { [weak self] in self?.refreshBadge() }
                flow.start()
                return true
            }
            func refreshBadge() { UIApplication.shared.applicationIconBadgeNumber = 0 }
        }
        final class ShelfFlow {
            let navigation = UINavigationController()
            var onLists: (() -> Void)?
            func start() {
                let shelf = ShelfViewController()
                shelf.onLists = { [weak self] in self?.showLists() }
                navigation.pushViewController(shelf, animated: false)
            }
            func showLists() {
                onLists?()
                let lists = ListsFlow(navigation: UINavigationController())
                lists.didFinish = { [weak self] flow, changed in
                    flow.navigation.dismiss(animated: true)
                    if changed { self?.reload() }
                }
                lists.start()
                navigation.present(lists.navigation, animated: true)
            }
            func reload() { navigation.popToRootViewController(animated: false) }
        }
        final class ListsFlow {
            let navigation: UINavigationController
            var didFinish: ((ListsFlow, Bool) -> Void)?
            init(navigation: UINavigationController) { self.navigation = navigation }
            func start() {
                let lists = ListsViewController()
                lists.onEdit = { [weak self] in self?.showEditor() }
                navigation.pushViewController(lists, animated: false)
            }
            func showEditor() {
                let editor = EditorFlow(navigation: navigation)
                editor.didFinish = { [weak self] _, changed in
                    guard let self else { return }
                    self.close(changed)
                }
                editor.start()
            }
            private func close(_ changed: Bool) {
                navigation.popToRootViewController(animated: true)
                didFinish?(self, changed)
            }
        }
        final class EditorFlow {
            let navigation: UINavigationController
            var didFinish: ((EditorFlow, Bool) -> Void)?
            init(navigation: UINavigationController) { self.navigation = navigation }
            func start() {
                let editor = EditorViewController()
                editor.onSave = { [weak self] in
                    guard let self else { return }
                    self.didFinish?(self, true)
                }
                navigation.pushViewController(editor, animated: true)
            }
        }
        final class ShelfViewController: UIViewController {
            var onLists: (() -> Void)?
            @IBAction func listsTapped() { onLists?() }
        }
        final class ListsViewController: UIViewController {
            var onEdit: (() -> Void)?
            @IBAction func editTapped() { onEdit?() }
        }
        final class EditorViewController: UIViewController {
            var onSave: (() -> Void)?
            @IBAction func saveTapped() { onSave?() }
        }
        """

    func testAFinishCalledFromAChildsClosureIsHandledByTheParent() throws {
        let report = try analyzeSources(["App.swift": Self.nestedFinishApp])
        XCTAssertEqual(graphListing(report), """
            node app:ShelfAppDelegate reachable @App.swift:2
            node coordinator:EditorFlow reachable @App.swift:55
            node coordinator:ListsFlow reachable @App.swift:33
            node coordinator:ShelfFlow reachable @App.swift:13
            node screen:EditorViewController reachable @App.swift:76
            node screen:ListsViewController reachable @App.swift:72
            node screen:ShelfViewController reachable @App.swift:68
            node route:EditorFlow.start() reachable @App.swift:59
            node route:ListsFlow.start() reachable @App.swift:37
            node route:ShelfFlow.start() reachable @App.swift:16
            node action:EditorFlow.didFinish reachable @App.swift:57
            node action:EditorViewController.onSave reachable @App.swift:77
            node action:ListsFlow.didFinish reachable @App.swift:35
            node action:ListsViewController.onEdit reachable @App.swift:73
            node action:ShelfFlow.onLists reachable @App.swift:15
            node action:ShelfViewController.onLists reachable @App.swift:69
            edge action:EditorFlow.didFinish -handles-> coordinator:ListsFlow @App.swift:44
            edge action:EditorViewController.onSave -handles-> coordinator:EditorFlow @App.swift:61
            edge action:ListsFlow.didFinish -handles-> coordinator:ShelfFlow @App.swift:24
            edge action:ListsViewController.onEdit -handles-> coordinator:ListsFlow @App.swift:39
            edge action:ShelfViewController.onLists -handles-> coordinator:ShelfFlow @App.swift:18
            edge app:ShelfAppDelegate -starts-> coordinator:ShelfFlow [start()] @App.swift:8
            edge coordinator:EditorFlow -sends-> action:EditorFlow.didFinish @App.swift:63
            edge coordinator:EditorFlow -finishes-> coordinator:ListsFlow [closure] @App.swift:63
            edge coordinator:EditorFlow -shows-> screen:EditorViewController [push] via EditorFlow.start() @App.swift:65
            edge coordinator:ListsFlow -sends-> action:ListsFlow.didFinish @App.swift:52
            edge coordinator:ListsFlow -starts-> coordinator:EditorFlow [start()] via ListsFlow.start() @App.swift:48
            edge coordinator:ListsFlow -finishes-> coordinator:ShelfFlow [closure] @App.swift:52
            edge coordinator:ListsFlow -shows-> screen:ListsViewController [push] via ListsFlow.start() @App.swift:40
            edge coordinator:ShelfFlow -sends-> action:ShelfFlow.onLists @App.swift:22
            edge coordinator:ShelfFlow -starts-> coordinator:ListsFlow [start()] via ShelfFlow.start() @App.swift:28
            edge coordinator:ShelfFlow -presents-> coordinator:ListsFlow [present] via ShelfFlow.start() @App.swift:29
            edge coordinator:ShelfFlow -shows-> screen:ShelfViewController [push] via ShelfFlow.start() @App.swift:19
            edge route:EditorFlow.start() -route-> screen:EditorViewController [push] @App.swift:65
            edge route:ListsFlow.start() -route-> coordinator:EditorFlow [start()] @App.swift:48
            edge route:ListsFlow.start() -route-> screen:ListsViewController [push] @App.swift:40
            edge route:ShelfFlow.start() -route-> coordinator:ListsFlow [start()] @App.swift:28
            edge route:ShelfFlow.start() -route-> coordinator:ListsFlow [present] @App.swift:29
            edge route:ShelfFlow.start() -route-> screen:ShelfViewController [push] @App.swift:19
            edge screen:EditorViewController -sends-> action:EditorViewController.onSave @App.swift:78
            edge screen:ListsViewController -sends-> action:ListsViewController.onEdit @App.swift:74
            edge screen:ShelfViewController -sends-> action:ShelfViewController.onLists @App.swift:70
            path coordinator:EditorFlow -> action:EditorFlow.didFinish => coordinator:ListsFlow @App.swift:63
            path coordinator:ListsFlow -> action:ListsFlow.didFinish => coordinator:ShelfFlow @App.swift:52
            path coordinator:ShelfFlow -> action:ShelfFlow.onLists => within:ShelfAppDelegate @App.swift:22
            path screen:EditorViewController -> action:EditorViewController.onSave => coordinator:EditorFlow @App.swift:78
            path screen:ListsViewController -> action:ListsViewController.onEdit => coordinator:ListsFlow @App.swift:74
            path screen:ShelfViewController -> action:ShelfViewController.onLists => coordinator:ShelfFlow @App.swift:70

            """)
    }
}

extension CoordinatorRecognitionTests {
    /// An action sent at the call-depth budget (a closure property called at each of 60 nested calls):
    /// where calling the closure is cut, its handler is unknown, so no finding; above it, it is handled.
    func testAnActionPastTheDepthBudgetIsUnknown() throws {
        let steps = (0..<60).map { "    static func step\($0)(_ s: DeepViewController) { s.onDone?(); step\($0 + 1)(s) }" }.joined(separator: "\n")
        let app = """
            import UIKit
            @main final class DeepAppDelegate: UIResponder, UIApplicationDelegate {
                var window: UIWindow?
                let flow = DeepFlow()
                func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                    window?.rootViewController = flow.navigation
                    flow.start()
                    return true
                }
            }
            final class DeepFlow {
                let navigation = UINavigationController()
                func start() {
                    let screen = DeepViewController()
                    screen.onDone = { [weak self] in self?.navigation.popToRootViewController(animated: true) }
                    navigation.pushViewController(screen, animated: false)
                }
            }
            final class DeepViewController: UIViewController {
                var onDone: (() -> Void)?
                @IBAction func doneTapped() { onDone?() }
                @IBAction func deepTapped() { Self.step0(self) }
            \(steps)
                static func step60(_ s: DeepViewController) { s.onDone?() }
            }
            """
        let report = try analyzeSources(["App.swift": app])
        let unknown = report.graph.paths.filter { $0.unknown == true }
        XCTAssertEqual(unknown.map { "\($0.action) \($0.handledBy ?? "-")" }, ["action:DeepViewController.onDone -"])
        XCTAssertEqual(unknown.first?.note, "navgraph stopped following its calls at 48 nested calls")
        XCTAssertEqual(Set(report.graph.paths.filter { $0.unknown != true }.map { $0.handledBy ?? "-" }), ["coordinator:DeepFlow"])
        XCTAssertEqual(findingList(report), [])
    }
}

extension CoordinatorRecognitionTests {
    /// A closure property typed by a typealias (`var actionHandler: ActionHandler?`, the alias nested in
    /// the screen) is an action like any closure property: the coordinator's method given to it
    /// (`till.actionHandler = handleTillAction`) handles it, and the screens it shows are reached.
    static let aliasedHandlerApp = """
        import UIKit
        typealias Completion = () -> Void
        @main final class TillAppDelegate: UIResponder, UIApplicationDelegate {
            var window: UIWindow?
            let flow = TillFlow()
            func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                window?.rootViewController = flow.navigation
                flow.start()
                return true
            }
        }
        final class TillFlow {
            let navigation = UINavigationController()
            func start() {
                let till = TillViewController()
                till.actionHandler = handleTillAction
                navigation.pushViewController(till, animated: false)
            }
            private func handleTillAction(_ action: TillAction) {
                switch action {
                case .receipts: showReceipts()
                case .refunds: showRefunds()
                }
            }
            func showReceipts() {
                let receipts = ReceiptsViewController()
                receipts.onClose = { [weak self] in self?.navigation.popViewController(animated: true) }
                navigation.pushViewController(receipts, animated: true)
            }
            func showRefunds() { navigation.pushViewController(RefundsViewController(), animated: true) }
        }
        enum TillAction { case receipts, refunds }
        final class TillViewController: UIViewController {
            typealias ActionHandler = (TillAction) -> Void
            var actionHandler: ActionHandler?
            @IBAction func receiptsTapped() { self.actionHandler?(.receipts) }
            @IBAction func refundsTapped() { self.actionHandler?(.refunds) }
        }
        final class ReceiptsViewController: UIViewController {
            var onClose: Completion?
            @IBAction func closeTapped() { self.onClose?() }
            @IBAction func printTapped() {
                let prompt = PrintPromptViewController { [weak self] confirmed in
                    if confirmed { self?.dismiss(animated: true) }
                }
                present(prompt, animated: true)
            }
        }
        /// Its completion is given as a trailing closure to an initializer whose parameter is written with
        /// an attribute and an alias (`@escaping PromptCompletion`).
        final class PrintPromptViewController: UIViewController {
            typealias PromptCompletion = (Bool) -> Void
            let completion: PromptCompletion
            init(completion: @escaping PromptCompletion) {
                self.completion = completion
                super.init(nibName: nil, bundle: nil)
            }
            @IBAction func printTapped() { completion(true) }
        }
        final class RefundsViewController: UIViewController {}
        """

    func testAClosurePropertyTypedByATypealiasIsAnAction() throws {
        let report = try analyzeSources(["App.swift": Self.aliasedHandlerApp])
        XCTAssertEqual(graphListing(report), """
            node app:TillAppDelegate reachable @App.swift:3
            node coordinator:TillFlow reachable @App.swift:12
            node screen:PrintPromptViewController reachable @App.swift:51
            node screen:ReceiptsViewController reachable @App.swift:39
            node screen:RefundsViewController reachable @App.swift:60
            node screen:TillViewController reachable @App.swift:33
            node route:TillAction.receipts reachable @App.swift:32
            node route:TillAction.refunds reachable @App.swift:32
            node route:TillFlow.start() reachable @App.swift:14
            node action:PrintPromptViewController.completion reachable @App.swift:53
            node action:ReceiptsViewController.onClose reachable @App.swift:40
            node action:TillViewController.actionHandler reachable @App.swift:35
            edge action:ReceiptsViewController.onClose -handles-> coordinator:TillFlow @App.swift:27
            edge action:TillViewController.actionHandler -handles-> coordinator:TillFlow @App.swift:19
            edge app:TillAppDelegate -starts-> coordinator:TillFlow [start()] @App.swift:8
            edge coordinator:TillFlow -shows-> screen:ReceiptsViewController [push] via TillAction.receipts @App.swift:28
            edge coordinator:TillFlow -shows-> screen:RefundsViewController [push] via TillAction.refunds @App.swift:30
            edge coordinator:TillFlow -shows-> screen:TillViewController [push] via TillFlow.start() @App.swift:17
            edge route:TillAction.receipts -route-> screen:ReceiptsViewController [push] @App.swift:28
            edge route:TillAction.refunds -route-> screen:RefundsViewController [push] @App.swift:30
            edge route:TillFlow.start() -route-> route:TillAction.receipts [switch] @App.swift:21
            edge route:TillFlow.start() -route-> route:TillAction.refunds [switch] @App.swift:22
            edge route:TillFlow.start() -route-> screen:TillViewController [push] @App.swift:17
            edge screen:PrintPromptViewController -sends-> action:PrintPromptViewController.completion @App.swift:58
            edge screen:ReceiptsViewController -sends-> action:ReceiptsViewController.onClose @App.swift:41
            edge screen:ReceiptsViewController -presents-> screen:PrintPromptViewController [present] @App.swift:46
            edge screen:TillViewController -sends-> action:TillViewController.actionHandler @App.swift:36
            edge screen:TillViewController -sends-> action:TillViewController.actionHandler @App.swift:37
            path screen:PrintPromptViewController -> action:PrintPromptViewController.completion => within:ReceiptsViewController @App.swift:58
            path screen:ReceiptsViewController -> action:ReceiptsViewController.onClose => coordinator:TillFlow @App.swift:41
            path screen:TillViewController -> action:TillViewController.actionHandler => coordinator:TillFlow @App.swift:36
            path screen:TillViewController -> action:TillViewController.actionHandler => coordinator:TillFlow @App.swift:37

            """)
    }
}

extension CoordinatorRecognitionTests {
    /// A SwiftUI view made with its memberwise initializer (`LedgerView(title:onClose:)`): the closure
    /// given for `onClose` is stored, so the view's call of it is handled by the coordinator that made it.
    static let memberwiseApp = """
        import UIKit
        import SwiftUI
        @main final class LedgerAppDelegate: UIResponder, UIApplicationDelegate {
            var window: UIWindow?
            let flow = LedgerFlow()
            func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                window?.rootViewController = flow.navigation
                flow.start()
                return true
            }
        }
        final class LedgerFlow {
            let navigation = UINavigationController()
            func start() {
                let ledger = UIHostingController(rootView: LedgerView(title: "Ledger", onClose: { [weak self] in
                    self?.navigation.popViewController(animated: true)
                }))
                navigation.pushViewController(ledger, animated: false)
            }
        }
        struct LedgerView: View {
            let title: String
            let onClose: () -> Void
            var body: some View {
                Button(title) { close() }
            }
            func close() { onClose() }
        }
        """

    func testAMemberwiseInitializerStoresItsClosures() throws {
        let report = try analyzeSources(["App.swift": Self.memberwiseApp])
        XCTAssertEqual(graphListing(report), """
            node app:LedgerAppDelegate reachable @App.swift:3
            node coordinator:LedgerFlow reachable @App.swift:12
            node screen:LedgerView reachable @App.swift:21
            node route:LedgerFlow.start() reachable @App.swift:14
            node action:LedgerView.onClose reachable @App.swift:23
            edge action:LedgerView.onClose -handles-> coordinator:LedgerFlow @App.swift:15
            edge app:LedgerAppDelegate -starts-> coordinator:LedgerFlow [start()] @App.swift:8
            edge coordinator:LedgerFlow -shows-> screen:LedgerView [push] via LedgerFlow.start() @App.swift:18
            edge route:LedgerFlow.start() -route-> screen:LedgerView [push] @App.swift:18
            edge screen:LedgerView -sends-> action:LedgerView.onClose @App.swift:27
            path screen:LedgerView -> action:LedgerView.onClose => coordinator:LedgerFlow @App.swift:27

            """)
    }
}

extension CoordinatorRecognitionTests {
    /// A navigation controller subclass that builds the screens it stacks (through a factory, with
    /// closures that move it on) is a coordinator of its own: it handles its screens' closures, whoever
    /// presents it. One that only styles the bar stays a container: its root screen is its presenter's. A
    /// screen presenting from it through UIKit's API (an app extension of `UIViewController` included, on
    /// a value typed or returned as a `UIViewController`) sends no action to it.
    static let coordinatingControllerApp = """
        import UIKit
        final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
            var coordinator: MainCoordinator?
            func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
                coordinator = MainCoordinator(navigationController: UINavigationController())
                coordinator?.start()
            }
        }
        protocol Coordinator: AnyObject { var navigationController: UINavigationController { get }; func start() }
        final class MainCoordinator: Coordinator {
            let navigationController: UINavigationController
            init(navigationController: UINavigationController) { self.navigationController = navigationController }
            func start() {
                let home = HomeViewController()
                home.review = FeedbackFlowController(topic: "review")
                navigationController.pushViewController(home, animated: false)
            }
            func offerFeedback() {
                let flow = FeedbackFlowController(topic: "orders")
                navigationController.present(flow, animated: true)
            }
        }
        final class HomeViewController: UIViewController {
            @objc func feedbackTapped() {
                present(FeedbackFlowController(topic: "home"), animated: true)
            }
            var review: UIViewController?
            func openFlow() -> UIViewController { review ?? self }
            @objc func reviewTapped() {
                openFlow().present(NotesViewController(), animated: true)
            }
            @objc func notesTapped() {
                present(StyledNavigationController(rootViewController: NotesViewController()), animated: true)
            }
        }
        final class StyledNavigationController: UINavigationController {
            override func viewDidLoad() { super.viewDidLoad(); navigationBar.prefersLargeTitles = true }
        }
        final class NotesViewController: UIViewController {}
        final class FeedbackFlowController: UINavigationController {
            private let screens: FeedbackScreens
            init(topic: String, screens: FeedbackScreens = FeedbackScreens()) {
                self.screens = screens
                super.init(nibName: nil, bundle: nil)
                begin()
            }
            required init?(coder: NSCoder) { fatalError() }
            private func begin() {
                let form = screens.makeForm { [weak self] in
                    self?.showThanks()
                }
                setViewControllers([form], animated: false)
            }
            private func showThanks() {
                let thanks = screens.makeThanks(onClose: { [weak self] in
                    self?.dismiss(animated: true)
                }, onHelp: { [weak self] in
                    guard let self else { return }
                    HelpViewController().show(from: self)
                })
                setViewControllers([thanks], animated: true)
            }
        }
        struct FeedbackScreens {
            func makeForm(onSent: @escaping () -> Void) -> UIViewController {
                let vc = FeedbackFormViewController()
                vc.onSent = onSent
                return vc
            }
            func makeThanks(onClose: @escaping () -> Void, onHelp: @escaping () -> Void) -> UIViewController {
                let vc = FeedbackThanksViewController()
                vc.onClose = onClose
                vc.onHelp = onHelp
                return vc
            }
        }
        final class FeedbackFormViewController: UIViewController {
            var onSent: (() -> Void)?
            @objc func sendTapped() { onSent?() }
        }
        final class FeedbackThanksViewController: UIViewController {
            var onClose: (() -> Void)?
            var onHelp: (() -> Void)?
            @objc func closeTapped() { onClose?() }
            @objc func helpTapped() { onHelp?() }
        }
        protocol ModalPresenting: AnyObject {
            func present(_ viewController: UIViewController, animated: Bool)
        }
        extension UIViewController: ModalPresenting {
            func present(_ viewController: UIViewController, animated: Bool) { present(viewController, animated: animated, completion: nil) }
        }
        final class HelpViewController: UIViewController {
            func show(from controller: UIViewController) {
                controller.present(self, animated: true)
            }
        }
        """

    func testANavigationControllerThatBuildsItsScreensIsACoordinator() throws {
        let report = try analyzeSources(["App.swift": Self.coordinatingControllerApp])
        XCTAssertEqual(graphListing(report), """
            node app:SceneDelegate reachable @App.swift:2
            node coordinator:FeedbackFlowController reachable @App.swift:40
            node coordinator:MainCoordinator reachable @App.swift:10
            node screen:FeedbackFormViewController reachable @App.swift:77
            node screen:FeedbackThanksViewController reachable @App.swift:81
            node screen:HelpViewController reachable @App.swift:93
            node screen:HomeViewController reachable @App.swift:23
            node screen:NotesViewController reachable @App.swift:39
            node route:FeedbackFlowController.begin() reachable @App.swift:48
            node route:MainCoordinator.offerFeedback() unreachable @App.swift:18
            node action:FeedbackFormViewController.onSent reachable @App.swift:78
            node action:FeedbackThanksViewController.onClose reachable @App.swift:82
            node action:FeedbackThanksViewController.onHelp reachable @App.swift:83
            edge action:FeedbackFormViewController.onSent -handles-> coordinator:FeedbackFlowController @App.swift:49
            edge action:FeedbackThanksViewController.onClose -handles-> coordinator:FeedbackFlowController @App.swift:55
            edge action:FeedbackThanksViewController.onHelp -handles-> coordinator:FeedbackFlowController @App.swift:57
            edge app:SceneDelegate -starts-> coordinator:MainCoordinator [start()] @App.swift:6
            edge coordinator:FeedbackFlowController -shows-> screen:FeedbackFormViewController [setViewControllers] via FeedbackFlowController.begin() @App.swift:52
            edge coordinator:FeedbackFlowController -shows-> screen:FeedbackFormViewController [setViewControllers] via MainCoordinator.offerFeedback() (unreachable) @App.swift:52
            edge coordinator:FeedbackFlowController -shows-> screen:FeedbackThanksViewController [setViewControllers] via FeedbackFlowController.begin() @App.swift:61
            edge coordinator:FeedbackFlowController -shows-> screen:FeedbackThanksViewController [setViewControllers] via MainCoordinator.offerFeedback() (unreachable) @App.swift:61
            edge coordinator:FeedbackFlowController -presents-> screen:HelpViewController [present] via FeedbackFlowController.begin() @App.swift:95
            edge coordinator:FeedbackFlowController -presents-> screen:HelpViewController [present] via MainCoordinator.offerFeedback() (unreachable) @App.swift:95
            edge coordinator:FeedbackFlowController -presents-> screen:NotesViewController [present] @App.swift:30
            edge coordinator:MainCoordinator -starts-> coordinator:FeedbackFlowController [build] @App.swift:15
            edge coordinator:MainCoordinator -starts-> coordinator:FeedbackFlowController [build] via MainCoordinator.offerFeedback() (unreachable) @App.swift:19
            edge coordinator:MainCoordinator -presents-> coordinator:FeedbackFlowController [present] via MainCoordinator.offerFeedback() (unreachable) @App.swift:20
            edge coordinator:MainCoordinator -shows-> screen:HomeViewController [push] @App.swift:16
            edge route:FeedbackFlowController.begin() -route-> screen:FeedbackFormViewController [setViewControllers] @App.swift:52
            edge route:FeedbackFlowController.begin() -route-> screen:FeedbackThanksViewController [setViewControllers] @App.swift:61
            edge route:FeedbackFlowController.begin() -route-> screen:HelpViewController [present] @App.swift:95
            edge route:MainCoordinator.offerFeedback() -route-> coordinator:FeedbackFlowController [build] (unreachable) @App.swift:19
            edge route:MainCoordinator.offerFeedback() -route-> coordinator:FeedbackFlowController [present] (unreachable) @App.swift:20
            edge route:MainCoordinator.offerFeedback() -route-> screen:FeedbackFormViewController [setViewControllers] (unreachable) @App.swift:52
            edge route:MainCoordinator.offerFeedback() -route-> screen:FeedbackThanksViewController [setViewControllers] (unreachable) @App.swift:61
            edge route:MainCoordinator.offerFeedback() -route-> screen:HelpViewController [present] (unreachable) @App.swift:95
            edge screen:FeedbackFormViewController -sends-> action:FeedbackFormViewController.onSent @App.swift:79
            edge screen:FeedbackThanksViewController -sends-> action:FeedbackThanksViewController.onClose @App.swift:84
            edge screen:FeedbackThanksViewController -sends-> action:FeedbackThanksViewController.onHelp @App.swift:85
            edge screen:HelpViewController -presents-> screen:HelpViewController [present] @App.swift:95
            edge screen:HomeViewController -spawns-> coordinator:FeedbackFlowController [build] @App.swift:25
            edge screen:HomeViewController -presents-> screen:NotesViewController [present] @App.swift:30
            edge screen:HomeViewController -presents-> screen:NotesViewController [present] @App.swift:33
            path screen:FeedbackFormViewController -> action:FeedbackFormViewController.onSent => coordinator:FeedbackFlowController @App.swift:79
            path screen:FeedbackThanksViewController -> action:FeedbackThanksViewController.onClose => coordinator:FeedbackFlowController @App.swift:84
            path screen:FeedbackThanksViewController -> action:FeedbackThanksViewController.onHelp => coordinator:FeedbackFlowController @App.swift:85
            finding dead-route warning MainCoordinator.offerFeedback() @App.swift:18

            """)
    }
}
