import NavGraphKit
import NavGraphModel
import XCTest

/// XCoordinator's API as the library declares it (`Tests/LibraryAPI/xcoordinator.api`): routers on the
/// `Router` protocol, hooks the library calls (`presented(from:)`), custom transitions, peeks, variadic
/// deep links, `BasicCoordinator`, `RedirectionRouter`, `AnyCoordinator`, and RxSwift `Action`s.
final class XCoordinatorAPITests: XCTestCase {
    static let scene = XCoordinatorFamilyTests.scene(root: "LibraryCoordinator")

    static let library = """
    import UIKit
    import XCoordinator
    import Action
    enum ShelfRoute: Route {
        case shelves
        case book(Int)
        case preview
        case reader
        case notes
        case custom
        case chained
    }
    final class LibraryCoordinator: NavigationCoordinator<ShelfRoute> {
        init() { super.init(rootViewController: UINavigationController(), initialRoute: nil) }
        // Told by setRoot(for:) that it is on screen: the first route starts here.
        override func presented(from presentable: Presentable?) {
            super.presented(from: presentable)
            trigger(.shelves)
        }
        override func prepareTransition(for route: ShelfRoute) -> NavigationTransition {
            switch route {
            case .shelves:
                let vc = ShelvesViewController()
                vc.model = ShelvesModel(router: unownedRouter)
                return .multiple(.set([vc]), registerPeek(for: vc, route: .preview))
            case .book:
                return .push(BookViewController())
            case .preview:
                return .push(PreviewViewController())
            case .reader:
                return .present(ReaderCoordinator())
            case .notes:
                return .present(AnyCoordinator(NotesCoordinator()))
            case .custom:
                let vc = StampViewController()
                return Transition(presentables: [vc], animationInUse: nil) { root, _, completion in
                    root.pushViewController(vc, animated: true)
                    completion?()
                }
            case .chained:
                return deepLink(.shelves, ShelfRoute.book(1), ShelfRoute.preview, ShelfRoute.reader, ShelfRoute.custom, ShelfRoute.book(2))
            }
        }
    }
    final class ShelvesModel {
        let router: UnownedRouter<ShelfRoute>
        lazy var openReader = CocoaAction { [unowned self] in self.router.rx.trigger(.reader) }
        init(router: UnownedRouter<ShelfRoute>) { self.router = router }
        func open(_ id: Int) { router.trigger(.book(id)) { print("shown") } }
        func openNotes() { router.trigger(.notes, with: TransitionOptions(animated: false)) }
        func stamp() async { await router.trigger(.custom) }
    }
    final class ShelvesViewController: UIViewController {
        var model: ShelvesModel!
        let readButton = UIButton()
        @objc func tapped() { model.open(3) }
        @objc func notesTapped() { model.openNotes() }
        @objc func stampTapped() { Task { await model.stamp() } }
        override func viewDidLoad() {
            super.viewDidLoad()
            readButton.rx.action = model.openReader
        }
    }
    final class BookViewController: UIViewController {}
    final class PreviewViewController: UIViewController {}
    final class StampViewController: UIViewController {}
    """

    static let reader = """
    import UIKit
    import XCoordinator
    enum PageRoute: Route { case page, close }
    // Its screens map their routes onto the reader's own.
    enum MarginRoute: Route { case highlight }
    final class ReaderCoordinator: NavigationCoordinator<PageRoute> {
        init() { super.init(rootViewController: UINavigationController(), initialRoute: .page) }
        override func prepareTransition(for route: PageRoute) -> NavigationTransition {
            switch route {
            case .page:
                let vc = PageViewController()
                vc.margin = RedirectionRouter(viewController: vc, parent: unownedRouter) { _ in .close }
                return .push(vc)
            case .close:
                return .dismiss()
            }
        }
    }
    final class PageViewController: UIViewController {
        var margin: RedirectionRouter<PageRoute, MarginRoute>!
        @objc func highlightTapped() { margin.trigger(.highlight) }
    }
    enum NotesRoute: Route { case list }
    // Starts its first route when the transition that shows it says so.
    final class NotesCoordinator: NavigationCoordinator<NotesRoute> {
        init() { super.init(rootViewController: UINavigationController()) }
        override func presented(from presentable: Presentable?) { trigger(.list) }
        override func prepareTransition(for route: NotesRoute) -> NavigationTransition { .push(NotesViewController()) }
    }
    final class NotesViewController: UIViewController {}
    """

    func testTheLibraryAPIAsDeclared() throws {
        let report = try analyzeSources(["SceneDelegate.swift": Self.scene, "Library.swift": Self.library, "Reader.swift": Self.reader])
        // `presented(from:)` overrides run when setRoot(for:) or a transition shows the coordinator (shelves,
        // notes); a peek reaches .preview; a custom Transition shows its presentables; `await trigger` and
        // `trigger(_:with:)` are sends; an Action's work is sent by the screen whose view model makes it;
        // `AnyCoordinator(…)` is the coordinator it wraps; a RedirectionRouter's route (.highlight) is
        // handled by the parent route it maps to (.close). `.chained`'s variadic deep link links its five
        // routes, but nothing triggers `.chained`.
        XCTAssertEqual(graphListing(report), """
        node app:SceneDelegate reachable @SceneDelegate.swift:3
        node coordinator:LibraryCoordinator reachable @Library.swift:13
        node coordinator:NotesCoordinator reachable @Reader.swift:25
        node coordinator:ReaderCoordinator reachable @Reader.swift:6
        node screen:BookViewController reachable @Library.swift:64
        node screen:NotesViewController reachable @Reader.swift:30
        node screen:PageViewController reachable @Reader.swift:19
        node screen:PreviewViewController reachable @Library.swift:65
        node screen:ShelvesViewController reachable @Library.swift:53
        node screen:StampViewController reachable @Library.swift:66
        node route:MarginRoute.highlight reachable @Reader.swift:5
        node route:NotesRoute.list reachable @Reader.swift:23
        node route:PageRoute.close reachable @Reader.swift:3
        node route:PageRoute.page reachable @Reader.swift:3
        node route:ShelfRoute.book reachable @Library.swift:6
        node route:ShelfRoute.chained unreachable @Library.swift:11
        node route:ShelfRoute.custom reachable @Library.swift:10
        node route:ShelfRoute.notes reachable @Library.swift:9
        node route:ShelfRoute.preview reachable @Library.swift:7
        node route:ShelfRoute.reader reachable @Library.swift:8
        node route:ShelfRoute.shelves reachable @Library.swift:5
        node action:trigger(PageRoute.close) reachable @Reader.swift:21
        node action:trigger(ShelfRoute.book) reachable @Library.swift:49
        node action:trigger(ShelfRoute.custom) reachable @Library.swift:51
        node action:trigger(ShelfRoute.notes) reachable @Library.swift:50
        node action:trigger(ShelfRoute.reader) reachable @Library.swift:47
        edge action:trigger(PageRoute.close) -handles-> coordinator:ReaderCoordinator @Reader.swift:8
        edge action:trigger(ShelfRoute.book) -handles-> coordinator:LibraryCoordinator @Library.swift:20
        edge action:trigger(ShelfRoute.custom) -handles-> coordinator:LibraryCoordinator @Library.swift:20
        edge action:trigger(ShelfRoute.notes) -handles-> coordinator:LibraryCoordinator @Library.swift:20
        edge action:trigger(ShelfRoute.reader) -handles-> coordinator:LibraryCoordinator @Library.swift:20
        edge app:SceneDelegate -starts-> coordinator:LibraryCoordinator [setRoot] @SceneDelegate.swift:7
        edge coordinator:LibraryCoordinator -presents-> coordinator:NotesCoordinator [present] via ShelfRoute.notes @Library.swift:33
        edge coordinator:LibraryCoordinator -presents-> coordinator:ReaderCoordinator [present] via ShelfRoute.reader @Library.swift:31
        edge coordinator:LibraryCoordinator -shows-> screen:BookViewController [push] via ShelfRoute.book @Library.swift:27
        edge coordinator:LibraryCoordinator -shows-> screen:PreviewViewController [push] via ShelfRoute.preview @Library.swift:29
        edge coordinator:LibraryCoordinator -shows-> screen:ShelvesViewController [set] via ShelfRoute.shelves @Library.swift:25
        edge coordinator:LibraryCoordinator -shows-> screen:StampViewController [transition] via ShelfRoute.custom @Library.swift:36
        edge coordinator:NotesCoordinator -shows-> screen:NotesViewController [push] via ShelfRoute.notes @Reader.swift:28
        edge coordinator:ReaderCoordinator -finishes-> coordinator:LibraryCoordinator [dismiss] @Reader.swift:15
        edge coordinator:ReaderCoordinator -shows-> screen:PageViewController [push] via PageRoute.page @Reader.swift:13
        edge route:PageRoute.page -route-> screen:PageViewController [push] @Reader.swift:13
        edge route:ShelfRoute.book -route-> screen:BookViewController [push] @Library.swift:27
        edge route:ShelfRoute.chained -route-> route:ShelfRoute.book (unreachable) @Library.swift:41
        edge route:ShelfRoute.chained -route-> route:ShelfRoute.custom (unreachable) @Library.swift:41
        edge route:ShelfRoute.chained -route-> route:ShelfRoute.preview (unreachable) @Library.swift:41
        edge route:ShelfRoute.chained -route-> route:ShelfRoute.reader (unreachable) @Library.swift:41
        edge route:ShelfRoute.chained -route-> route:ShelfRoute.shelves (unreachable) @Library.swift:41
        edge route:ShelfRoute.custom -route-> screen:StampViewController [transition] @Library.swift:36
        edge route:ShelfRoute.notes -route-> coordinator:NotesCoordinator [present] @Library.swift:33
        edge route:ShelfRoute.notes -route-> screen:NotesViewController [push] @Reader.swift:28
        edge route:ShelfRoute.preview -route-> screen:PreviewViewController [push] @Library.swift:29
        edge route:ShelfRoute.reader -route-> coordinator:ReaderCoordinator [present] @Library.swift:31
        edge route:ShelfRoute.shelves -route-> route:ShelfRoute.preview @Library.swift:25
        edge route:ShelfRoute.shelves -route-> screen:ShelvesViewController [set] @Library.swift:25
        edge screen:PageViewController -sends-> action:trigger(PageRoute.close) @Reader.swift:21
        edge screen:ShelvesViewController -sends-> action:trigger(ShelfRoute.book) @Library.swift:49
        edge screen:ShelvesViewController -sends-> action:trigger(ShelfRoute.custom) @Library.swift:51
        edge screen:ShelvesViewController -sends-> action:trigger(ShelfRoute.notes) @Library.swift:50
        edge screen:ShelvesViewController -sends-> action:trigger(ShelfRoute.reader) @Library.swift:47
        path screen:PageViewController -> action:trigger(PageRoute.close) => coordinator:ReaderCoordinator @Reader.swift:21
        path screen:ShelvesViewController -> action:trigger(ShelfRoute.book) => coordinator:LibraryCoordinator @Library.swift:49
        path screen:ShelvesViewController -> action:trigger(ShelfRoute.custom) => coordinator:LibraryCoordinator @Library.swift:51
        path screen:ShelvesViewController -> action:trigger(ShelfRoute.notes) => coordinator:LibraryCoordinator @Library.swift:50
        path screen:ShelvesViewController -> action:trigger(ShelfRoute.reader) => coordinator:LibraryCoordinator @Library.swift:47
        finding dead-route warning ShelfRoute.chained @Library.swift:11

        """)
    }

    /// An app's own router that hands routes to code navgraph cannot see: the route it triggers is not
    /// followed, and nothing is reported about it.
    func testARouterHandingRoutesToUnknownCodeStaysSilent() throws {
        let report = try analyzeSources(["App.swift": """
        import UIKit
        import XCoordinator
        final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
            var window: UIWindow?
            let router = LibraryCoordinator().strongRouter
            func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                router.setRoot(for: window!)
            }
        }
        enum ShelfRoute: Route { case home, settings }
        final class LibraryCoordinator: NavigationCoordinator<ShelfRoute> {
            init() { super.init(rootViewController: UINavigationController(), initialRoute: .home) }
            override func prepareTransition(for route: ShelfRoute) -> NavigationTransition {
                switch route {
                case .home:
                    let vc = HomeViewController()
                    vc.router = QueueingRouter()
                    return .set([vc])
                case .settings:
                    return .push(SettingsViewController())
                }
            }
        }
        // Hands each route to a navigation service navgraph cannot see.
        final class QueueingRouter: Router {
            var viewController: UIViewController! { nil }
            func contextTrigger(_ route: ShelfRoute, with options: TransitionOptions, completion: ContextPresentationHandler?) {
                NavigationQueue.shared.enqueue(route)
            }
        }
        final class HomeViewController: UIViewController {
            var router: QueueingRouter!
            @objc func settingsTapped() { router.trigger(.settings) }
        }
        final class SettingsViewController: UIViewController {}
        """])
        XCTAssertEqual(graphListing(report), """
        node app:SceneDelegate reachable @App.swift:3
        node coordinator:LibraryCoordinator reachable @App.swift:11
        node screen:HomeViewController reachable @App.swift:31
        node screen:SettingsViewController unreachable @App.swift:35
        node route:ShelfRoute.home reachable @App.swift:10
        node route:ShelfRoute.settings unreachable @App.swift:10
        edge app:SceneDelegate -starts-> coordinator:LibraryCoordinator [setRoot] @App.swift:7
        edge coordinator:LibraryCoordinator -shows-> screen:HomeViewController [set] via ShelfRoute.home @App.swift:18
        edge coordinator:LibraryCoordinator -shows-> screen:SettingsViewController [push] via ShelfRoute.settings (unreachable) @App.swift:20
        edge route:ShelfRoute.home -route-> screen:HomeViewController [set] @App.swift:18
        edge route:ShelfRoute.settings -route-> screen:SettingsViewController [push] (unreachable) @App.swift:20

        """)
    }
}
