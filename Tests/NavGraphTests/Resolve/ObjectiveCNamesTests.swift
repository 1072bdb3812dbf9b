import NavGraphKit
import NavGraphModel
import XCTest

/// Objective-C files are not followed, but what they name may run: a Swift screen or method an `.m` file
/// names is never "unreachable" or "dead" on the word of the Swift code alone.
final class ObjectiveCNamesTests: XCTestCase {
    func app(withObjectiveC: Bool) -> [String: String] {
        var files = [
            "Atlas/App.swift": sceneApp("""
                @objcMembers final class MainCoordinator: NSObject, Coordinator {
                    let navigationController: UINavigationController
                    init(navigationController: UINavigationController) { self.navigationController = navigationController }
                    func start() { navigationController.pushViewController(MapViewController(), animated: false) }
                    func showConsent() { navigationController.present(ConsentViewController(), animated: true) }
                    func showRetired() { navigationController.present(RetiredViewController(), animated: true) }
                }
                final class MapViewController: UIViewController {}
                final class ConsentViewController: UIViewController {}
                final class RetiredViewController: UIViewController {}
                final class LegalViewController: UIViewController {}
                """),
        ]
        if withObjectiveC {
            files["Atlas/Legacy/LegacyLauncher.m"] = """
                #import "Atlas-Swift.h"
                @implementation LegacyLauncher
                - (void)openConsent { [self.coordinator showConsent]; }
                - (void)openLegal { [self.window.rootViewController presentViewController:[[LegalViewController alloc] init] animated:YES completion:nil]; }
                @end
                """
        }
        return files
    }

    func testWhatObjectiveCNamesIsNotReported() throws {
        let report = try analyzeSources(app(withObjectiveC: true))
        XCTAssertEqual(report.findings.map { "\($0.rule) \($0.symbol)" }, [
            "dead-route MainCoordinator.showRetired()",
            "unreachable-screen RetiredViewController",
        ])
    }

    func testWithoutTheObjectiveCFileTheSameCodeIsReported() throws {
        let report = try analyzeSources(app(withObjectiveC: false))
        XCTAssertEqual(report.findings.map { "\($0.rule) \($0.symbol)" }, [
            "dead-route MainCoordinator.showConsent()",
            "dead-route MainCoordinator.showRetired()",
            "unreachable-screen ConsentViewController",
            "unreachable-screen RetiredViewController",
            "unreachable-screen LegalViewController",
        ])
    }
}
