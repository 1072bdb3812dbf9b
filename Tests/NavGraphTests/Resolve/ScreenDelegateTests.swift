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
}
