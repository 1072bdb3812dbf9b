import NavGraphModel
import XCTest

/// `NavGraph` orders its nodes, edges and paths by their fields; for speed it compares byte keys when
/// every string is ASCII. The order must be the fields' order either way.
final class GraphOrderTests: XCTestCase {
    /// Names with shared prefixes, a prefix of another name, and (for the fallback) non-ASCII text.
    static let ascii = ["screen:A", "screen:AB", "screen:Ab", "coordinator:A", "route:A.b", "action:a(b:)", "", "a b"]
    static let unicode = ["screen:Café", "screen:Cafe", "screen:Caf\u{E9}x", "screen:Z", "screen:Écran"]

    func testEdgesAreOrderedByTheirFieldsWhateverTheText() {
        // 25,000 edges: a graph that big sorts its edges on one thread and its nodes on another.
        for (names, count) in [(Self.ascii, 400), (Self.ascii + Self.unicode, 400), (Self.ascii, 25_000)] {
            var rng = SystemRandomNumberGenerator()
            var edges: [Edge] = []
            for _ in 0..<count {
                edges.append(Edge(from: names.randomElement(using: &rng)!, to: names.randomElement(using: &rng)!,
                                  kind: EdgeKind.allCases.randomElement(using: &rng)!, via: Bool.random() ? nil : names.randomElement(using: &rng)!,
                                  mechanism: Bool.random() ? nil : ["push", "present", ""].randomElement(using: &rng)!,
                                  location: SourceLocation(file: names.randomElement(using: &rng)!, line: Int.random(in: 0...3, using: &rng)),
                                  reachable: Bool.random()))
            }
            let nodes = names.shuffled().map { Node(kind: .screen, name: $0, location: SourceLocation(file: "F.swift", line: 1), reachable: true) }
            let graph = NavGraph(roots: [], nodes: nodes, edges: edges)
            XCTAssertEqual(graph.nodes.map(\.name), names.sorted())
            let expected = edges.sorted { a, b in
                let ka = (a.from, a.to, EdgeKind.allCases.firstIndex(of: a.kind)!, a.via ?? "", a.file, a.line)
                let kb = (b.from, b.to, EdgeKind.allCases.firstIndex(of: b.kind)!, b.via ?? "", b.file, b.line)
                if ka != kb { return ka < kb }
                return (a.mechanism ?? "", a.reachable ? 1 : 0) < (b.mechanism ?? "", b.reachable ? 1 : 0)
            }
            XCTAssertEqual(graph.edges, expected)
        }
    }

    func testNodesAreOrderedByKindThenName() {
        for names in [Self.ascii, Self.ascii + Self.unicode] {
            var nodes: [Node] = []
            for kind in NodeKind.allCases { for name in names.shuffled() { nodes.append(Node(kind: kind, name: name, location: SourceLocation(file: "F.swift", line: 1), reachable: true)) } }
            nodes.shuffle()
            let graph = NavGraph(roots: [], nodes: nodes, edges: [])
            let expected = nodes.sorted { (NodeKind.allCases.firstIndex(of: $0.kind)!, $0.name) < (NodeKind.allCases.firstIndex(of: $1.kind)!, $1.name) }
            XCTAssertEqual(graph.nodes.map(\.id), expected.map(\.id))
        }
    }
}
