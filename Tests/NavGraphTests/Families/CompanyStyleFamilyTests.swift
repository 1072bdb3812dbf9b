import NavGraphKit
import NavGraphModel
import XCTest

/// F4 company style: presenters between screens and coordinators, `XCoordinatorType` routes, a
/// sectioned navigation wrapper, weak children.
final class CompanyStyleFamilyTests: XCTestCase {
    /// The 1-based line of the first line containing `snippet` in `file` of `app`.
    static func line(_ snippet: String, in file: String, of app: [String: String]) -> Int {
        (app[file]!.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(snippet) } ?? -1) + 1
    }
    /// A small F4 app; `presenterBody` is the body of `ListPresenter.didTapItem()`.
    static func app(presenterBody: String, injectCoordinator: Bool = true) -> [String: String] {
        [
            "Core.swift": """
            protocol Coordinator: AnyObject {
                var rootNavigationController: UINavigationController { get }
                func start(animated: Bool)
                func stop(animated: Bool)
            }
            final class SectionedNavigationController {
                let navigationController: UINavigationController
                init(_ navigationController: UINavigationController) { self.navigationController = navigationController }
                func pushViewController(_ viewController: UIViewController, animated: Bool) {
                    navigationController.pushViewController(viewController, animated: animated)
                }
                func present(_ viewController: UIViewController, animated: Bool) {
                    navigationController.present(viewController, animated: animated)
                }
            }
            @main final class AppDelegate: UIResponder, UIApplicationDelegate {
                lazy var coordinator = ListCoordinator(UINavigationController())
                func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                    coordinator.start(animated: false)
                    return true
                }
            }
            """,
            "List.swift": """
            protocol ListCoordinatorType: Coordinator {
                func openItem()
                func openArchive()
            }
            final class ListCoordinator: ListCoordinatorType {
                let rootNavigationController: UINavigationController
                private let navigationController: SectionedNavigationController
                private weak var detail: DetailCoordinator?
                init(_ navigationController: UINavigationController) {
                    self.rootNavigationController = navigationController
                    self.navigationController = SectionedNavigationController(navigationController)
                }
                func start(animated: Bool) {
                    let presenter = ListPresenter(\(injectCoordinator ? "coordinator: self" : ""))
                    navigationController.pushViewController(ListViewController(presenter: presenter), animated: animated)
                }
                func stop(animated: Bool) {}
                func openItem() {
                    let child = DetailCoordinator(rootNavigationController)
                    child.start(animated: true)
                    detail = child
                }
                func openArchive() {
                    navigationController.present(ArchiveViewController(), animated: true)
                }
            }
            final class ListPresenter {
                var coordinator: ListCoordinatorType?
                private var items: [String] = []
                init(coordinator: ListCoordinatorType? = nil) { self.coordinator = coordinator }
                func didTapItem() {
            \(presenterBody)
                }
                func refresh() { items = [] }
            }
            final class ListViewController: UIViewController {
                let presenter: ListPresenter
                init(presenter: ListPresenter) { self.presenter = presenter }
                @objc func itemTapped() { presenter.didTapItem() }
                @objc func pulled() { presenter.refresh() }
            }
            final class ArchiveViewController: UIViewController {}
            """,
            "Detail.swift": """
            final class DetailCoordinator: Coordinator {
                let rootNavigationController: UINavigationController
                init(_ navigationController: UINavigationController) { self.rootNavigationController = navigationController }
                func start(animated: Bool) { rootNavigationController.pushViewController(DetailViewController(), animated: animated) }
                func stop(animated: Bool) {}
            }
            final class DetailViewController: UIViewController {}
            """,
        ]
    }

    func testScreenPresenterCoordinatorIsOneActionHandledByTheCoordinator() throws {
        let app = Self.app(presenterBody: "        coordinator?.openItem()")
        func at(_ snippet: String) -> Int { Self.line(snippet, in: "List.swift", of: app) }
        let report = try analyzeSources(app)
        let g = report.graph
        XCTAssertEqual(g.families, ["companystyle"])
        let path = try XCTUnwrap(g.paths.first { $0.action == "action:ListPresenter.didTapItem()" })
        XCTAssertEqual(path.sender, "screen:ListViewController")
        XCTAssertEqual(path.handledBy, "coordinator:ListCoordinator")
        XCTAssertEqual("\(path.file):\(path.line)", "List.swift:\(at("presenter.didTapItem()"))")
        // The weakly held child is attached by its start call and reachable.
        XCTAssertTrue(g.edges.contains { $0.from == "coordinator:ListCoordinator" && $0.to == "coordinator:DetailCoordinator" && $0.kind == .starts
            && $0.via == "ListCoordinator.openItem()" && $0.line == at("child.start") })
        XCTAssertEqual(g.node("screen:DetailViewController")?.reachable, true)
        // `refresh()` does work of its own: handled inside the presenter, not a finding.
        XCTAssertEqual(g.paths.first { $0.action == "action:ListPresenter.refresh()" }?.handledWithin, "ListPresenter")
        // The routes are the protocol's requirements, declared there; openArchive is never called.
        XCTAssertEqual(g.nodes.filter { $0.kind == .route }.map { "\($0.name) @\($0.line)" }.sorted(),
                       ["ListCoordinator.openArchive() @3", "ListCoordinator.openItem() @2"])
        XCTAssertEqual(findingList(report), [
            "dead-route ListCoordinator.openArchive() @List.swift:3",
            "unreachable-screen ArchiveViewController @List.swift:\(at("class ArchiveViewController"))",
        ])
    }

    func testSectionedWrapperEdgesBelongToTheCallingCoordinator() throws {
        let app = Self.app(presenterBody: "        coordinator?.openArchive()")
        func at(_ snippet: String) -> Int { Self.line(snippet, in: "List.swift", of: app) }
        let g = try analyzeSources(app).graph
        let edges = g.edges.filter { $0.from == "coordinator:ListCoordinator" && $0.to.hasPrefix("screen:") }
            .map { "\($0.kind.rawValue) \($0.to) [\($0.mechanism ?? "")] @\($0.file):\($0.line)" }.sorted()
        XCTAssertEqual(edges, [
            "presents screen:ArchiveViewController [present] @List.swift:\(at("navigationController.present("))",
            "shows screen:ListViewController [push] @List.swift:\(at("navigationController.pushViewController("))",
        ])
    }

    func assertUnhandled(_ app: [String: String], file: StaticString = #filePath, line: UInt = #line) throws {
        let findings = findingList(try analyzeSources(app))
        let sent = Self.line("presenter.didTapItem()", in: "List.swift", of: app)
        XCTAssertTrue(findings.contains("unhandled-action ListPresenter.didTapItem() @List.swift:\(sent)"), "\(findings)", file: file, line: line)
    }

    func testPresenterThatOnlyLogsDoesNotHandleTheAction() throws {
        try assertUnhandled(Self.app(presenterBody: "        print(\"tapped\")\n        logger.debug(\"tapped\")"))
    }

    func testEmptyPresenterMethodDoesNotHandleTheAction() throws {
        try assertUnhandled(Self.app(presenterBody: ""))
    }

    func testPresenterWithoutItsCoordinatorDoesNotHandleTheAction() throws {
        // Calling a coordinator that was never injected is not "work of its own".
        try assertUnhandled(Self.app(presenterBody: "        items.append(\"x\")\n        coordinator?.openItem()", injectCoordinator: false))
    }

    func testPresenterDoingItsOwnWorkHandlesTheAction() throws {
        let report = try analyzeSources(Self.app(presenterBody: "        items.append(\"x\")\n        refresh()"))
        XCTAssertFalse(findingList(report).contains { $0.hasPrefix("unhandled-action") }, "\(findingList(report))")
    }

    func testNotDetectedWithoutAStartAnimatedCoordinatorProtocol() throws {
        let g = try analyzeSources(["App.swift": """
            protocol Coordinator: AnyObject { var navigationController: UINavigationController { get }; func start() }
            @main final class AppDelegate: UIResponder, UIApplicationDelegate {}
            """]).graph
        XCTAssertFalse(g.families.contains("companystyle"))
    }
}
