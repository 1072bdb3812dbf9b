import NavGraphKit
import NavGraphModel
import XCTest

/// "`x` is never assigned where it is created" is an error only when every assignment to `x` that could
/// reach the sender was followed to the objects it assigns. One navgraph could not tie to an object makes
/// the send unknown: in the paths with `unknown: true` and the assignment as the note, with no finding.
final class UnknownLinkTests: XCTestCase {
    func testAnAssignmentNavgraphCannotTieMakesTheSendUnknown() throws {
        let report = try analyzeSources(["App.swift": sceneApp("""
            protocol ReceiptDelegate: AnyObject { func receiptClosed() }
            final class MainCoordinator: Coordinator {
                let navigationController: UINavigationController
                init(navigationController: UINavigationController) { self.navigationController = navigationController }
                func start() {
                    let host = HostViewController()
                    navigationController.pushViewController(host, animated: false)
                    let plain = ReceiptViewController()
                    navigationController.pushViewController(plain, animated: false)
                    navigationController.pushViewController(BannerViewController(), animated: false)
                    showTicket()
                    navigationController.pushViewController(NoteViewController(), animated: false)
                    // A framework object of the same property name: no screen of the app.
                    let sync = ExternalSyncSession()
                    sync.onSave = { print("saved") }
                }
                func showTicket() {
                    let ticket = TicketViewController()
                    ticket.onClose = { [weak self] in self?.navigationController.popViewController(animated: true) }
                    navigationController.pushViewController(ticket, animated: true)
                }
            }
            final class HostViewController: UIViewController, ReceiptDelegate {
                func receiptClosed() { dismiss(animated: true) }
            }
            // Called only from code navgraph does not read (an Objective-C screen): its assignment is tied to nothing.
            final class ReceiptWiring: NSObject {
                @objc func wire(_ receipt: ReceiptViewController, to host: HostViewController) { receipt.delegate = host }
            }
            final class ReceiptViewController: UIViewController {
                weak var delegate: ReceiptDelegate?
                @objc func closeTapped() { delegate?.receiptClosed() }
            }
            // A value given where it is declared, from a framework navgraph does not read.
            final class BannerViewController: UIViewController {
                private lazy var onDismiss: (() -> Void)? = ExternalBanners.dismissHandler(for: self)
                @objc func closeTapped() { onDismiss?() }
            }
            final class TicketViewController: UIViewController {
                var onClose: (() -> Void)?
                @objc func closeTapped() { onClose?() }
            }
            // No code assigns `onSave` anywhere: proven unhandled.
            final class NoteViewController: UIViewController {
                var onSave: (() -> Void)?
                @objc func saveTapped() { onSave?() }
            }
            """)])
        XCTAssertEqual(report.graph.paths.map { "\($0.sender) \($0.action) \($0.unknown == true ? "unknown" : "-") \($0.note ?? "-")" }, [
            "screen:BannerViewController action:BannerViewController.onDismiss unknown `onDismiss` is given a value where it is declared (App.swift:45), which navgraph could not follow",
            "screen:NoteViewController action:NoteViewController.onSave - `onSave` is never assigned on NoteViewController where it is created",
            "screen:ReceiptViewController action:ReceiptDelegate.receiptClosed() unknown `delegate` is assigned at App.swift:37, which navgraph could not tie to the object that sends it",
            "screen:TicketViewController action:TicketViewController.onClose - -",
        ])
        XCTAssertEqual(report.findings.map { "\($0.rule) \($0.symbol) \($0.message)" }, [
            "unhandled-action NoteViewController.onSave NoteViewController sends 'NoteViewController.onSave' but nothing handles it because `onSave` is never assigned on NoteViewController where it is created",
        ])
    }

    /// A non-optional property always holds a value (Swift requires it): read empty, it holds one navgraph
    /// could not follow. A parameter's empty default closure (`onDismiss: … = {}`) is the API's word that a
    /// caller may do nothing more: no error, while an empty closure a caller writes itself still is one. So
    /// is an optional callback an initializer defaults to nil, left out by its creator.
    func testNonOptionalPropertiesAndEmptyDefaultsAreNoProof() throws {
        let report = try analyzeSources(["App.swift": sceneApp("""
            protocol NoticeShowing: AnyObject { func show(_ text: String) }
            final class MainCoordinator: Coordinator {
                let navigationController: UINavigationController
                var picker: PickerCoordinator?
                init(navigationController: UINavigationController) { self.navigationController = navigationController }
                func start() {
                    navigationController.pushViewController(OrdersViewController(), animated: false)
                    startPicker()
                    navigationController.pushViewController(ReceiptScreen(total: 3), animated: false)
                    let export = ExportCoordinator(navigationController: navigationController)
                    export.onDone = { }
                    export.start()
                }
                func startPicker(onDismiss: @escaping () -> Void = {}) {
                    picker = PickerCoordinator(navigationController: navigationController)
                    picker?.onDismiss = onDismiss
                    picker?.start()
                }
            }
            final class PickerCoordinator: Coordinator {
                let navigationController: UINavigationController
                var onDismiss: (() -> Void)?
                init(navigationController: UINavigationController) { self.navigationController = navigationController }
                func start() { navigationController.pushViewController(UIViewController(), animated: true) }
                func done() { navigationController.popViewController(animated: true); onDismiss?() }
            }
            final class ExportCoordinator: Coordinator {
                let navigationController: UINavigationController
                var onDone: (() -> Void)?
                init(navigationController: UINavigationController) { self.navigationController = navigationController }
                func start() { navigationController.pushViewController(UIViewController(), animated: true); onDone?() }
            }
            // Its initializer makes the callback optional, defaulting to nil: a creator may leave it out.
            final class ReceiptScreen: UIViewController {
                private let total: Int
                private var onClose: (() -> Void)?
                init(total: Int, onClose: (() -> Void)? = nil) { self.total = total; self.onClose = onClose; super.init(nibName: nil, bundle: nil) }
                override func viewDidDisappear(_ animated: Bool) { super.viewDidDisappear(animated); onClose?() }
            }
            final class OrdersViewController: UIViewController {
                private let notices: NoticeShowing
                init() { notices = ExternalLocator.notices; super.init(nibName: nil, bundle: nil) }
                @objc func saveTapped() { notices.show("Saved") }
            }
            """)])
        XCTAssertEqual(report.graph.paths.map { "\($0.sender) \($0.action) \($0.handledWithin ?? "-") \($0.unknown == true ? "unknown" : "-") \($0.note ?? "-")" }, [
            "coordinator:ExportCoordinator action:ExportCoordinator.onDone - - its handler at App.swift:20 is empty",
            "coordinator:PickerCoordinator action:PickerCoordinator.onDismiss PickerCoordinator - its handler is the empty default at App.swift:23: nothing more to do",
            "screen:OrdersViewController action:NoticeShowing.show(_:) - unknown `notices` is a non-optional property (App.swift:50): it holds a value navgraph could not follow",
            "screen:ReceiptScreen action:ReceiptScreen.onClose ReceiptScreen - `onClose` comes from a parameter whose default is nil (App.swift:46): its creator chose no callback",
        ])
        XCTAssertEqual(report.findings.map { "\($0.rule) \($0.symbol)" }, [
            "dead-route PickerCoordinator.done()", "unhandled-action ExportCoordinator.onDone",
        ])
    }

    /// With no coordinator recognised, navgraph cannot tell who handles a screen's actions: the rule reports
    /// nothing, and analyze says why.
    func testAnAppWithNoCoordinatorGetsNoUnhandledActions() throws {
        let report = try analyzeSources(["App.swift": """
            import UIKit
            @main final class AppDelegate: UIResponder, UIApplicationDelegate {
                var window: UIWindow?
                func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                    window?.rootViewController = UINavigationController(rootViewController: ListViewController())
                    return true
                }
            }
            final class ListViewController: UIViewController {
                var onPick: ((Int) -> Void)?
                @objc func rowTapped() { onPick?(1) }
            }
            """])
        XCTAssertEqual(report.graph.paths.map { "\($0.sender) \($0.action) \($0.note ?? "-")" }, [
            "screen:ListViewController action:ListViewController.onPick `onPick` is never assigned on ListViewController where it is created",
        ])
        XCTAssertEqual(report.findings.filter { $0.rule == "unhandled-action" }.map(\.symbol), [])
        XCTAssertEqual(report.diagnostics.map(\.message).filter { $0.hasPrefix("no coordinator") }, [
            "no coordinator recognised: navgraph cannot tell who handles the screens' actions, so unhandled-action reports none of the 1 sends it found",
        ])
    }

    /// Empty defaults an API declares itself: a property's initial `{}` a screen's command object calls, and
    /// a protocol extension's empty method (a command that keeps the default button). No lost tap.
    func testEmptyDefaultsOfPropertiesAndProtocolExtensionsAreNoProof() throws {
        let report = try analyzeSources(["App.swift": sceneApp("""
            protocol SearchCommand: AnyObject {
                var reload: () -> Void { get }
                func configureButton(_ button: UIButton)
            }
            extension SearchCommand {
                func configureButton(_ button: UIButton) {}
            }
            final class PeopleSearchCommand: SearchCommand {
                let navigationController: UINavigationController
                var reload: () -> Void = {}
                init(navigationController: UINavigationController) { self.navigationController = navigationController }
                func open(_ id: Int) { navigationController.pushViewController(PersonViewController(), animated: true) }
            }
            final class MainCoordinator: Coordinator {
                let navigationController: UINavigationController
                init(navigationController: UINavigationController) { self.navigationController = navigationController }
                func start() {
                    let search = SearchViewController()
                    search.command = PeopleSearchCommand(navigationController: navigationController)
                    navigationController.pushViewController(search, animated: false)
                }
            }
            final class SearchViewController: UIViewController {
                var command: SearchCommand?
                @objc func pulled() { command?.reload() }
                @objc func typed() { command?.configureButton(UIButton()) }
            }
            final class PersonViewController: UIViewController {}
            """)])
        XCTAssertEqual(report.graph.paths.map { "\($0.sender) \($0.action) \($0.handledBy ?? "-") \($0.handledWithin ?? "-") \($0.note ?? "-")" }, [
            "screen:SearchViewController action:SearchCommand.configureButton(_:) - SearchViewController its handler is the empty default at App.swift:15: nothing more to do",
            "screen:SearchViewController action:SearchCommand.reload() - SearchViewController its handler is the empty default at App.swift:19: nothing more to do",
        ])
        XCTAssertEqual(report.findings.filter { $0.rule == "unhandled-action" }.map(\.message), [])
    }
}

/// A screen's handler picked out of an enum payload inside a closure run on the spot (`handler = { switch
/// style { case .plain(_, let h): return h … } }()`) is the closure the payload carried.
final class PayloadHandlerTests: XCTestCase {
    func testAHandlerTakenFromAPayloadIsTheCarriedClosure() throws {
        let report = try analyzeSources(["App.swift": sceneApp("""
            final class MainCoordinator: Coordinator {
                let navigationController: UINavigationController
                init(navigationController: UINavigationController) { self.navigationController = navigationController }
                func start() { navigationController.pushViewController(ListViewController(), animated: false) }
            }
            final class ListViewController: UIViewController {
                private let placeholder = PlaceholderViewController()
                private var loads = 0
                override func viewDidLoad() {
                    super.viewDidLoad()
                    placeholder.configure(.plain(text: "Nothing yet", onRefresh: { [weak self] _ in self?.reload() }))
                    addChild(placeholder)
                }
                func reload() { loads += 1 }
            }
            final class PlaceholderViewController: UIViewController {
                enum Style {
                    case plain(text: String, onRefresh: ((Int) -> Void)? = nil)
                    case withButton(text: String, title: String, onRefresh: ((Int) -> Void)? = nil)
                }
                private var refreshHandler: ((Int) -> Void)?
                func configure(_ style: Style) {
                    refreshHandler = {
                        switch style {
                        case .plain(_, let handler): return handler
                        case .withButton(_, _, let handler): return handler
                        }
                    }()
                }
                @objc func pulled() { refreshHandler?(1) }
            }
            """)])
        XCTAssertEqual(report.graph.paths.map { "\($0.sender) \($0.action) \($0.handledWithin ?? "-") \($0.note ?? "-")" }, [
            "screen:PlaceholderViewController action:PlaceholderViewController.refreshHandler ListViewController ListViewController handles it itself",
        ])
        XCTAssertEqual(report.findings.map(\.rule), [])
    }
}
