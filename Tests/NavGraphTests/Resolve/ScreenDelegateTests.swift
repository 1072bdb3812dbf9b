import NavGraphKit
import NavGraphModel
import NavGraphPresent
import XCTest

/// A screen that reports to the screen that presented it (a picker and its delegate) is handled by that
/// screen when its delegate method does something; a delegate nobody assigns is still unhandled.
final class ScreenDelegateTests: XCTestCase {
    func testAPickerReportingToThePresentingScreenIsHandledThere() throws {
        let report = try analyzeSources(["App.swift": sceneApp("""
            protocol PickerDelegate: AnyObject { func picker(_ picker: PickerViewController, didPick value: Int) }
            final class MainCoordinator: Coordinator {
                let navigationController: UINavigationController
                init(navigationController: UINavigationController) { self.navigationController = navigationController }
                func start() { navigationController.pushViewController(EditorViewController(), animated: false) }
            }
            final class EditorViewController: UIViewController, PickerDelegate {
                private var value = 0
                @objc func pickTapped() {
                    let picker = PickerViewController()
                    picker.delegate = self
                    present(picker, animated: true)
                }
                @objc func otherTapped() { present(OtherPickerViewController(), animated: true) }
                func picker(_ picker: PickerViewController, didPick value: Int) {
                    self.value = value
                    picker.dismiss(animated: true)
                }
            }
            final class PickerViewController: UIViewController {
                weak var delegate: PickerDelegate?
                @objc func pickTapped() { delegate?.picker(self, didPick: 1) }
            }
            final class OtherPickerViewController: UIViewController {
                weak var delegate: PickerDelegate?
                @objc func pickTapped() { delegate?.picker(PickerViewController(), didPick: 2) }
            }
            """)])
        XCTAssertEqual(report.graph.paths.map { "\($0.sender) \($0.handledWithin ?? "-") \($0.note ?? "-")" }, [
            "screen:OtherPickerViewController - `delegate` is never assigned on OtherPickerViewController where it is created",
            "screen:PickerViewController EditorViewController EditorViewController handles it itself",
        ])
        XCTAssertEqual(report.findings.map { "\($0.rule) \($0.symbol)" }, ["unhandled-action PickerDelegate.picker(_:didPick:)"])
    }

    /// A list screen that makes itself its rows' delegate (`selectionDelegate = self` in `viewDidLoad`), and an
    /// editor that is the delegate of another editor of its own class (a nested folder editor), and a host
    /// whose delegate method is empty on purpose: each call goes to a screen's own code, no error. A sibling subclass that never sets the delegate is still reported.
    func testAScreenThatIsItsOwnOrItsTwinsDelegateHandlesTheCall() throws {
        let report = try analyzeSources(["App.swift": sceneApp("""
            protocol RowSelectionDelegate: AnyObject { func rowSelected(_ id: Int) }
            protocol EditorDelegate: AnyObject { func editorDidFinish(_ id: Int) }
            final class MainCoordinator: Coordinator {
                let navigationController: UINavigationController
                init(navigationController: UINavigationController) { self.navigationController = navigationController }
                func start() {
                    navigationController.pushViewController(HiddenRowsViewController(), animated: false)
                    navigationController.pushViewController(PlainRowsViewController(), animated: false)
                    navigationController.pushViewController(FolderEditorViewController(), animated: false)
                    navigationController.pushViewController(OrdersHostViewController(), animated: false)
                }
            }
            class RowsViewController: UIViewController {
                weak var selectionDelegate: RowSelectionDelegate?
                @objc func rowTapped() { selectionDelegate?.rowSelected(1) }
            }
            final class HiddenRowsViewController: RowsViewController, RowSelectionDelegate {
                private var shown: [Int] = []
                override func viewDidLoad() { super.viewDidLoad(); selectionDelegate = self }
                func rowSelected(_ id: Int) { shown.append(id) }
            }
            final class PlainRowsViewController: RowsViewController {}
            protocol SyncListDelegate: AnyObject { func listWillSync() }
            final class OrdersHostViewController: UIViewController, SyncListDelegate {
                private lazy var list = SyncListViewController()
                override func viewDidLoad() { super.viewDidLoad(); list.delegate = self; addChild(list) }
                func listWillSync() {
                    // Nothing to do: the list syncs itself.
                }
            }
            final class SyncListViewController: UIViewController {
                weak var delegate: SyncListDelegate?
                @objc func pulled() { delegate?.listWillSync() }
            }
            final class FolderEditorViewController: UIViewController, EditorDelegate {
                weak var delegate: EditorDelegate?
                private var folder = 0
                @objc func subfolderTapped() {
                    let nested = FolderEditorViewController()
                    nested.delegate = self
                    present(nested, animated: true)
                }
                @objc func doneTapped() { delegate?.editorDidFinish(folder) }
                func editorDidFinish(_ id: Int) { folder = id }
            }
            """)])
        XCTAssertEqual(report.graph.paths.map { "\($0.sender) \($0.handledWithin ?? "-") \($0.note ?? "-")" }, [
            "screen:FolderEditorViewController FolderEditorViewController FolderEditorViewController handles it itself",
            "screen:HiddenRowsViewController HiddenRowsViewController HiddenRowsViewController handles it itself",
            "screen:PlainRowsViewController - `selectionDelegate` is never assigned on PlainRowsViewController where it is created",
            "screen:RowsViewController - `selectionDelegate` is never assigned on RowsViewController where it is created",
            "screen:SyncListViewController OrdersHostViewController OrdersHostViewController handles it itself",
        ])
        XCTAssertEqual(report.findings.map { "\($0.rule) \($0.symbol) \($0.message)" }, [
            "unhandled-action RowSelectionDelegate.rowSelected(_:) PlainRowsViewController sends 'RowSelectionDelegate.rowSelected(_:)' but nothing handles it because `selectionDelegate` is never assigned on PlainRowsViewController where it is created",
        ])
    }
}
