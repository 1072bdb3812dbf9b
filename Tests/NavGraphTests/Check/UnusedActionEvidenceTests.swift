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

/// "Handles it but is on no sender's chain" holds only for handling no root reaches: a reachable `handles`
/// edge is a send that reached the handler, though the path kept for that sender shows another one.
final class OrphanHandlerEvidenceTests: XCTestCase {
    func testOnlyUnreachableHandlingIsOrphaned() {
        let at = SourceLocation(file: "App.swift", line: 9)
        let graph = NavGraph(roots: [], nodes: [
            Node(kind: .action, name: "ListDelegate.open(_:)", location: at, reachable: true),
            Node(kind: .coordinator, name: "ShopCoordinator", location: at, reachable: true),
            Node(kind: .coordinator, name: "ArchiveCoordinator", location: at, reachable: false),
        ], edges: [
            Edge(from: "action:ListDelegate.open(_:)", to: "coordinator:ShopCoordinator", kind: .handles, location: at, reachable: true),
            Edge(from: "action:ListDelegate.open(_:)", to: "coordinator:ArchiveCoordinator", kind: .handles, location: at, reachable: false),
        ], paths: [
            ActionPath(sender: "screen:ListViewController", action: "action:ListDelegate.open(_:)", chain: ["ListViewController"], handledBy: nil,
                       reachable: true, location: at),
        ])
        XCTAssertEqual(OrphanHandlerRule().check(CheckContext(graph: graph)).map(\.message), [
            "ArchiveCoordinator handles 'ListDelegate.open(_:)' but is on no sender's chain because its senders' chains do not reach it (ListViewController: ListViewController)",
        ])
    }

    /// A handler navgraph did not reach, which live code names (made by code it did not follow), is
    /// unknown: its handling is no orphan.
    func testAHandlerLiveCodeNamesIsNotOrphaned() {
        let at = SourceLocation(file: "App.swift", line: 9)
        var drafts = Node(kind: .coordinator, name: "DraftsCoordinator", location: at, reachable: false)
        drafts.attributes = ["namedBy": "InboxViewController.openDrafts"]
        let graph = NavGraph(roots: [], nodes: [
            Node(kind: .action, name: "ListDelegate.open(_:)", location: at, reachable: true),
            Node(kind: .coordinator, name: "ArchiveCoordinator", location: at, reachable: false),
            drafts,
        ], edges: [
            Edge(from: "action:ListDelegate.open(_:)", to: "coordinator:ArchiveCoordinator", kind: .handles, location: at, reachable: false),
            Edge(from: "action:ListDelegate.open(_:)", to: "coordinator:DraftsCoordinator", kind: .handles, location: at, reachable: false),
        ], paths: [])
        XCTAssertEqual(OrphanHandlerRule().check(CheckContext(graph: graph)).map(\.message), [
            "ArchiveCoordinator handles 'ListDelegate.open(_:)' but is on no sender's chain because nothing sends it",
        ])
    }
}
