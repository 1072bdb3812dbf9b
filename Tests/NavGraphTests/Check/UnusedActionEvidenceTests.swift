import NavGraphCheck
import NavGraphModel
import XCTest

/// "Declared but never sent" needs no recorded send at all: a send whose sender is drawn as another node
/// (a hosting controller merged into the SwiftUI view it hosts) has a path but no `sends` edge.
final class UnusedActionEvidenceTests: XCTestCase {
    func testARecordedSendIsProofOfSending() {
        let at = SourceLocation(file: "App.swift", line: 3)
        let graph = NavGraph(roots: [], nodes: [
            Node(kind: .action, name: "PickerDelegate.picked(_:)", location: at, reachable: true),
            Node(kind: .action, name: "PickerDelegate.cancelled()", location: at, reachable: false),
        ], edges: [], paths: [
            ActionPath(sender: "screen:PickerHost", action: "action:PickerDelegate.picked(_:)", chain: ["PickerHost"], handledBy: nil,
                       reachable: true, location: at),
        ])
        XCTAssertEqual(UnusedActionRule().check(CheckContext(graph: graph)).map(\.message), [
            "action 'PickerDelegate.cancelled()' is declared but never sent because nothing sends it",
        ])
    }
}
