import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import NavGraphKit
import NavGraphModel
import NavGraphPresent
import XCTest

/// The drawing formats: what is drawn (routes as labels, actions going up, clusters per flow),
/// stable ids and classes in the SVG, Mermaid text, the self-contained HTML, and escaping.
final class DrawingFormatsTests: XCTestCase {
    static var recipeBox: AnalysisReport!

    override func setUpWithError() throws {
        if Self.recipeBox == nil { Self.recipeBox = try analyzeSample("hackingwithswift/RecipeBox") }
    }

    // MARK: - What is drawn

    func testRecipeBoxDrawingFoldsRoutesAndActionsIntoEdges() {
        let d = Drawing(Self.recipeBox.graph)
        // Routes that a coordinator's edge shows become its label; those leading nowhere stay nodes.
        XCTAssertEqual(d.nodes.filter { $0.kind == .route }.map(\.name), [
            "AccountCoordinator.Destination.signOut", "AccountCoordinator.profileSaved(_:)", "ImportRecipeCoordinator.recipeImported(_:)",
        ])
        // An action stays a node only where a sender leaves it unhandled.
        XCTAssertEqual(d.nodes.filter { $0.kind == .action }.map(\.name), ["RecipeShowing.showRecipe(_:)"])
        XCTAssertEqual(d.nodes.first { $0.kind == .action }?.unhandled, true)
        func edge(_ from: String, _ style: Drawing.EdgeStyle, _ to: String) -> Drawing.DrawnEdge? {
            d.edges.first { $0.from == from && $0.style == style && $0.to == to }
        }
        XCTAssertEqual(edge("coordinator:MainCoordinator", .push, "screen:RecipeListViewController")?.labels,
                       ["onboardingCoordinatorDidFinish(_:)", "showRecipeList()"])
        XCTAssertEqual(edge("coordinator:MainCoordinator", .start, "coordinator:AccountCoordinator")?.labels, ["startAccount()"])
        XCTAssertEqual(edge("coordinator:MainCoordinator", .push, "screen:TimerSettingsViewController")?.labels, ["showTimerSettings() (dead)"])
        XCTAssertEqual(edge("coordinator:MainCoordinator", .push, "screen:TimerSettingsViewController")?.dead, true)
        XCTAssertEqual(edge("coordinator:AccountCoordinator", .modal, "screen:AboutViewController")?.labels, ["Destination.about (dead)"])
        XCTAssertEqual(edge("screen:RecipeListViewController", .action, "coordinator:MainCoordinator")?.labels,
                       ["showRecipe(_:)", "showSearch()", "startAccount()", "startShoppingList()"])
        XCTAssertEqual(edge("screen:SearchViewController", .unhandled, "action:RecipeShowing.showRecipe(_:)")?.style, .unhandled)
        XCTAssertNil(edge("screen:SearchViewController", .action, "coordinator:MainCoordinator"), "its only action is unhandled")
        XCTAssertNotNil(edge("coordinator:ShoppingListCoordinator", .finish, "coordinator:MainCoordinator"))
        XCTAssertNotNil(edge("coordinator:AccountCoordinator", .owns, "route:AccountCoordinator.Destination.signOut"))
        // Clusters: one per flow, holding the screens the coordinator shows.
        XCTAssertEqual(d.clusters, ["coordinator:AccountCoordinator", "coordinator:ImportRecipeCoordinator", "coordinator:MainCoordinator",
                                    "coordinator:OnboardingCoordinator", "coordinator:ShoppingListCoordinator"])
        XCTAssertEqual(d.nodes.filter { $0.cluster == "coordinator:ShoppingListCoordinator" }.map(\.name),
                       ["ShoppingListCoordinator", "AddShoppingItemViewController", "ShoppingListViewController"])
        XCTAssertNil(d.node("screen:NutritionInfoViewController")?.cluster)
        // Journey order for the layout: the list sits above what its actions open.
        XCTAssertTrue(d.layoutHints.contains(.init(from: "screen:RecipeListViewController", to: "screen:RecipeDetailViewController")))
        XCTAssertTrue(d.layoutHints.contains(.init(from: "screen:RecipeListViewController", to: "coordinator:AccountCoordinator")))
        XCTAssertTrue(d.nodes.filter { $0.unreachable }.map(\.name).contains("ImportRecipeCoordinator"))
    }

    func testNestedRoutesLeadIntoTheCoordinatorTheyEnterAndUnusedActionsSaySo() throws {
        // ShopFront (F1): AppCoordinator.Page.cart enters CartCoordinator's own Page.cart.
        let d = Drawing(try analyzeSample("radianttap/ShopFront").graph)
        let edge = d.edges.first { $0.from == "route:AppCoordinator.Page.cart" && $0.style == .route }
        XCTAssertEqual(edge?.to, "coordinator:CartCoordinator")
        XCTAssertEqual(edge?.labels, ["Page.cart"])
        XCTAssertEqual(d.node("route:AppCoordinator.Page.cart")?.cluster, "coordinator:AppCoordinator")
        let unused = try XCTUnwrap(d.node("action:accountDeleteAccount(sender:)"))
        XCTAssertEqual(unused.label, "accountDeleteAccount(sender:)\n(never sent)\n(unreachable)")
        XCTAssertFalse(unused.unhandled)
    }

    // MARK: - SVG

    func testSVGHasStableNameDerivedIdsClassesTooltipsAndSourceLinks() throws {
        var options = RenderOptions()
        options.sourceURL = "https://example.com/repo/blob/main/{file}#L{line}"
        let svg = try GraphvizRenderer.render(Self.recipeBox.graph, format: "svg", options: options)
        let elements = try svgElements(svg)
        let drawing = Drawing(Self.recipeBox.graph)
        for n in drawing.nodes {
            XCTAssertEqual(elements.classes[n.domID], "node " + n.classes.joined(separator: " "), n.id)
        }
        XCTAssertEqual(elements.classes["screen-RecipeListViewController"], "node node-screen")
        XCTAssertEqual(elements.classes["screen-TimerSettingsViewController"], "node node-screen unreachable")
        XCTAssertEqual(elements.classes["action-RecipeShowing.showRecipe-_"], "node node-action unhandled")
        XCTAssertEqual(elements.classes["route-AccountCoordinator.Destination.signOut"], "node node-route")
        XCTAssertEqual(elements.classes["edge-screen-RecipeListViewController--action--coordinator-MainCoordinator"], "edge edge-action")
        XCTAssertEqual(elements.classes["edge-coordinator-MainCoordinator--push--screen-TimerSettingsViewController"], "edge edge-push unreachable dead")
        XCTAssertEqual(elements.classes["cluster-coordinator-MainCoordinator"], "cluster flow")
        XCTAssertTrue(elements.links.contains("https://example.com/repo/blob/main/Features/Recipes/RecipeListViewController.swift#L3"))
        XCTAssertTrue(elements.titles.contains("screen RecipeListViewController\nFeatures/Recipes/RecipeListViewController.swift:3"))
        XCTAssertTrue(elements.titles.contains("action (up to handler): RecipeListViewController → MainCoordinator\nFeatures/Recipes/RecipeListViewController.swift:39\nFeatures/Recipes/RecipeListViewController.swift:43\nFeatures/Recipes/RecipeListViewController.swift:47\nFeatures/Recipes/RecipeListViewController.swift:74"))
        // Same sources, same bytes; a view keeps the ids of what it keeps.
        XCTAssertEqual(svg, try GraphvizRenderer.render(Self.recipeBox.graph, format: "svg", options: options))
        let focused = try svgElements(try GraphvizRenderer.render(try GraphViews.focus(Self.recipeBox.graph, on: "ShoppingListCoordinator", depth: 1), format: "svg"))
        XCTAssertEqual(focused.classes["screen-ShoppingListViewController"], "node node-screen")
    }

    func testEverySampleRendersWithoutGraphvizWarnings() throws {
        for sample in Repo.samples {
            let report = try analyzeSample(sample)
            for view in [ViewOptions(), { var v = ViewOptions(); v.collapse = true; return v }()] {
                let result = try RenderPlan.run(report, format: .svg, view: view)
                XCTAssertEqual(result.warnings, [], "\(sample)")
                XCTAssertTrue(result.notes.isEmpty, "\(sample): \(result.notes)")
            }
        }
    }

    func testDOTIsWrittenByCgraphWithNewrankAndTheLegend() throws {
        let dot = String(decoding: try GraphvizRenderer.render(Self.recipeBox.graph, format: "dot"), as: UTF8.self)
        XCTAssertTrue(dot.hasPrefix("digraph navgraph {"), String(dot.prefix(80)))
        XCTAssertTrue(dot.contains("newrank=true"))
        XCTAssertTrue(dot.contains("subgraph \"cluster_coordinator-MainCoordinator\""), dot)
        XCTAssertTrue(dot.contains("<b>Legend</b>"))
        XCTAssertFalse(dot.contains("pos="), "DOT is written before layout")
    }

    func testPNGHonoursDPI() throws {
        var options = RenderOptions()
        options.dpi = 48
        let small = try GraphvizRenderer.render(Self.recipeBox.graph, format: "png", options: options)
        options.dpi = 96
        let large = try GraphvizRenderer.render(Self.recipeBox.graph, format: "png", options: options)
        func width(_ png: Data) -> Int { png[16..<20].reduce(0) { $0 << 8 | Int($1) } }
        XCTAssertEqual(Double(width(large)) / Double(width(small)), 2, accuracy: 0.05)
    }

    // MARK: - Mermaid

    func testMermaidOfASmallAppIsExact() throws {
        let report = try analyzeSources(SmallApps.v1)
        XCTAssertEqual(try MermaidRenderer.render(report.graph), """
        flowchart TB
          subgraph flow_coordinator_MainCoordinator["MainCoordinator flow"]
            coordinator_MainCoordinator("MainCoordinator")
            screen_HelpViewController["HelpViewController<br>(unreachable)"]
            screen_HomeViewController["HomeViewController"]
            screen_SettingsViewController["SettingsViewController"]
          end
          app_SceneDelegate[/"SceneDelegate"\\]
          app_SceneDelegate ==> coordinator_MainCoordinator
          coordinator_MainCoordinator -.->|"showHelp() (dead)"| screen_HelpViewController
          coordinator_MainCoordinator --> screen_HomeViewController
          coordinator_MainCoordinator -->|"showSettings()"| screen_SettingsViewController
          screen_HomeViewController -.->|"showSettings()"| coordinator_MainCoordinator
          classDef app fill:#cfe2ff,stroke:#3a5f9f
          classDef coordinator fill:#ffe3a8,stroke:#b07800
          classDef screen fill:#dff0d8,stroke:#3c763d
          classDef route fill:#eadcf8,stroke:#6f42c1
          classDef action fill:#fde2e2,stroke:#b52a2a
          classDef unreachable fill:#ffffff,stroke:#d0021b,stroke-dasharray:4 3,color:#8a8a8a
          classDef dead fill:#ffffff,stroke:#d0021b,stroke-dasharray:4 3,color:#d0021b
          classDef unhandled fill:#ffd6d6,stroke:#d0021b,stroke-width:2px
          classDef added stroke:#1a7f37,stroke-width:3px
          classDef removed stroke:#cf222e,stroke-width:3px,stroke-dasharray:4 3
          class app_SceneDelegate app
          class coordinator_MainCoordinator coordinator
          class screen_HelpViewController,screen_HomeViewController,screen_SettingsViewController screen
          class screen_HelpViewController unreachable
          linkStyle 0 stroke:#b07800,stroke-width:2px
          linkStyle 1 stroke:#c8c8c8
          linkStyle 2 stroke:#2b2b2b
          linkStyle 3 stroke:#2b2b2b
          linkStyle 4 stroke:#b52a2a

        """)
    }

    func testMermaidRefusesGraphsItCannotDrawAndSaysWhatToDo() throws {
        let big = syntheticGraph(flows: 60, screensPerFlow: 10)
        XCTAssertThrowsError(try MermaidRenderer.render(big)) { error in
            let message = "\(error)"
            XCTAssertTrue(message.contains("too big for Mermaid: 661 nodes, 660 edges"), message)
            XCTAssertTrue(message.contains("--focus NAME"), message)
        }
        XCTAssertNoThrow(try MermaidRenderer.render(try GraphViews.focus(big, on: "F3", depth: 1)))
    }

    // MARK: - HTML

    func testHTMLIsOneSelfContainedFile() throws {
        var options = RenderOptions()
        options.sourceURL = "https://example.com/repo/blob/main/{file}#L{line}"
        let html = String(decoding: try HTMLRenderer.render(Self.recipeBox.graph, options: options).data, as: UTF8.self)
        XCTAssertTrue(html.hasPrefix("<!DOCTYPE html>"))
        XCTAssertTrue(html.contains("<svg"))
        XCTAssertTrue(html.contains("id=\"search\""))
        XCTAssertTrue(html.contains("<script type=\"application/json\" id=\"navgraph-data\">"))
        // No network resources: every http(s) URL is a --source-url link.
        let urls = matches(#"(?:src|href|xlink:href)\s*=\s*"([^"]*)""#, in: html)
        XCTAssertFalse(urls.isEmpty)
        for url in urls where url.lowercased().hasPrefix("http") {
            XCTAssertTrue(url.hasPrefix("https://example.com/repo/blob/main/"), url)
        }
        XCTAssertTrue(matches(#"(?i)<link\b|<img\b|<iframe\b|@import|url\(\s*['"]?https?:"#, in: html).isEmpty)
        XCTAssertTrue(matches(#"<script[^>]*\bsrc="#, in: html).isEmpty)
        // The page's data names every drawn node with file:line.
        XCTAssertTrue(html.contains(#""dom":"screen-RecipeDetailViewController","file":"Features\/Recipes\/RecipeDetailViewController.swift""#)
                      || html.contains(#""dom":"screen-RecipeDetailViewController","file":"Features/Recipes/RecipeDetailViewController.swift""#), "node data")
    }

    /// The page's embedded data (`navgraph-data`), decoded.
    func pageData(_ html: String) throws -> [String: Any] {
        let open = #"<script type="application/json" id="navgraph-data">"#
        guard let start = html.range(of: open), let end = html.range(of: "</script>", range: start.upperBound..<html.endIndex) else {
            throw XCTSkip("no navgraph-data script in the page")
        }
        return try JSONSerialization.jsonObject(with: Data(html[start.upperBound..<end.lowerBound].utf8)) as? [String: Any] ?? [:]
    }

    func findingPlaces(_ html: String) throws -> [String] {
        try (pageData(html)["findings"] as? [[String: Any]] ?? []).map { f in
            "\(f["symbol"] ?? "?") -> \(f["node"] ?? "none") (\(f["how"] ?? "-"))"
        }
    }

    func testHTMLFindingsPointAtTheDrawnNodeThatShowsThem() throws {
        let at = SourceLocation(file: "C.swift", line: 1)
        let graph = NavGraph(roots: ["app:A"], nodes: [
            Node(kind: .app, name: "A", location: at, reachable: true),
            Node(kind: .coordinator, name: "C", location: at, reachable: true),
            Node(kind: .screen, name: "S", location: at, reachable: true),
            Node(kind: .route, name: "C.go()", location: at, reachable: true, owner: "C"),
        ], edges: [
            Edge(from: "app:A", to: "coordinator:C", kind: .starts, location: at, reachable: true),
            Edge(from: "coordinator:C", to: "screen:S", kind: .shows, via: "C.go()", mechanism: "push", location: at, reachable: true),
            Edge(from: "route:C.go()", to: "screen:S", kind: .route, location: at, reachable: true),
        ])
        let findings = ["S", "C.go()", "Gone"].map {
            Finding(rule: "r", severity: .warning, symbol: $0, message: "about \($0)", location: at)
        }
        let html = String(decoding: try RenderPlan.run(AnalysisReport(graph: graph, findings: findings, diagnostics: []), format: .html).data, as: UTF8.self)
        XCTAssertEqual(try findingPlaces(html), ["S -> screen-S (node)", "C.go() -> coordinator-C (edge)", "Gone -> none (-)"])

        // A dead route of the sample is drawn as an edge label with a note (`showTimerSettings() (dead)`).
        let sample = String(decoding: try RenderPlan.run(Self.recipeBox, format: .html).data, as: UTF8.self)
        let places = try findingPlaces(sample)
        XCTAssertTrue(places.contains("MainCoordinator.showTimerSettings() -> coordinator-MainCoordinator (edge)"), "\(places)")
        let timer = (try pageData(sample)["findings"] as? [[String: Any]])?.first { $0["symbol"] as? String == "MainCoordinator.showTimerSettings()" }
        XCTAssertEqual(timer?["edge"] as? String, "edge-coordinator-MainCoordinator--push--screen-TimerSettingsViewController")

        // Collapsed flows: a finding about a screen is shown at the flow that holds it.
        var view = ViewOptions()
        view.collapse = true
        let big = AnalysisReport(graph: syntheticGraph(flows: 3, screensPerFlow: 2), findings: [
            Finding(rule: "r", severity: .error, symbol: "F2S1", message: "m", location: at),
        ], diagnostics: [])
        let collapsed = String(decoding: try RenderPlan.run(big, format: .html, view: view).data, as: UTF8.self)
        XCTAssertEqual(try findingPlaces(collapsed), ["F2S1 -> coordinator-F2 (flow)"])
        // Other formats draw findings only as counts on collapsed flows: the whole graph's SVG is the same
        // with or without them.
        XCTAssertEqual(try RenderPlan.run(big, format: .svg).data,
                       try RenderPlan.run(AnalysisReport(graph: big.graph, findings: [], diagnostics: []), format: .svg).data)
    }

    func testHTMLFindingTextCannotEndTheDataScript() throws {
        let message = "bad </script><script>alert(1)</script><!-- x --> & \u{2028}"
        let report = AnalysisReport(graph: syntheticGraph(flows: 1, screensPerFlow: 1), findings: [
            Finding(rule: "</script>", severity: .note, symbol: "F0S0", message: message, location: SourceLocation(file: "<!--.swift", line: 3)),
        ], diagnostics: [])
        let html = String(decoding: try RenderPlan.run(report, format: .html).data, as: UTF8.self)
        XCTAssertEqual(html.components(separatedBy: "<script").count - 1, 2, "only navgraph's own two scripts")
        XCTAssertEqual(html.components(separatedBy: "</script>").count - 1, 2)
        let start = try XCTUnwrap(html.range(of: #"id="navgraph-data">"#))
        let data = html[start.upperBound...].prefix { $0 != "<" }
        XCTAssertTrue(html[start.upperBound...].hasPrefix(data + "</script>"), "the data has no `<` of its own")
        XCTAssertTrue(html.contains(#""message":"bad \u003c\/script\u003e\u003cscript\u003ealert(1)\u003c\/script\u003e\u003c!-- x --\u003e \u0026 \u2028""#), "escaped in the JSON")
        let finding = try XCTUnwrap((try pageData(html)["findings"] as? [[String: Any]])?.first)
        XCTAssertEqual(finding["message"] as? String, message, "and decodes back to the message")
        XCTAssertEqual(finding["file"] as? String, "<!--.swift")
    }

    // MARK: - Escaping

    func testNothingFromAnalyzedCodeReachesMarkupRaw() throws {
        let evil = "Evil<script>alert(\"pwned\")</script>&'\n<b>x</b>#;|`%"
        let file = "Sources/<script>alert(1)</script> \"q\".swift"
        let graph = NavGraph(roots: ["app:\(evil)App"], nodes: [
            Node(kind: .app, name: "\(evil)App", location: SourceLocation(file: file, line: 1), reachable: true),
            Node(kind: .coordinator, name: "\(evil)Coordinator", location: SourceLocation(file: file, line: 2), reachable: true),
            Node(kind: .screen, name: "\(evil)ViewController", location: SourceLocation(file: file, line: 3), reachable: false),
            Node(kind: .route, name: "\(evil)Coordinator.go<script>()", location: SourceLocation(file: file, line: 4), reachable: true, owner: "\(evil)Coordinator"),
            Node(kind: .action, name: "\(evil).tap()", location: SourceLocation(file: file, line: 5), reachable: true),
        ], edges: [
            Edge(from: "app:\(evil)App", to: "coordinator:\(evil)Coordinator", kind: .starts, location: SourceLocation(file: file, line: 6), reachable: true),
            Edge(from: "coordinator:\(evil)Coordinator", to: "screen:\(evil)ViewController", kind: .shows, via: "\(evil)Coordinator.go<script>()",
                 location: SourceLocation(file: file, line: 7), reachable: true),
            Edge(from: "route:\(evil)Coordinator.go<script>()", to: "screen:\(evil)ViewController", kind: .route, location: SourceLocation(file: file, line: 7), reachable: true),
            Edge(from: "screen:\(evil)ViewController", to: "action:\(evil).tap()", kind: .sends, location: SourceLocation(file: file, line: 8), reachable: true),
        ])
        var options = RenderOptions()
        options.sourceURL = "https://example.com/{file}#L{line}"
        options.title = evil

        let svg = try GraphvizRenderer.render(graph, format: "svg", options: options)
        let svgText = String(decoding: svg, as: UTF8.self)
        XCTAssertFalse(svgText.lowercased().contains("<script"), "raw <script> in SVG")
        XCTAssertFalse(svgText.contains("<b>x</b>"))
        XCTAssertTrue(XMLParser(data: svg).parse(), "SVG is not well-formed XML")
        XCTAssertTrue(svgText.contains("https://example.com/Sources/%3Cscript%3Ealert%281%29%3C/script%3E%20%22q%22.swift#L3"), "file paths are percent-encoded in links")

        let html = String(decoding: try HTMLRenderer.render(graph, options: options).data, as: UTF8.self)
        XCTAssertEqual(html.components(separatedBy: "<script").count - 1, 2, "only navgraph's own two scripts")
        XCTAssertFalse(html.contains("<script>alert"))
        XCTAssertFalse(html.contains("</script>&"))
        XCTAssertFalse(html.contains("<b>x</b>"))
        XCTAssertTrue(html.contains("<title>Evil&lt;script&gt;alert(&quot;pwned&quot;)&lt;/script&gt;&amp;&#39;"))
        XCTAssertTrue(html.contains(#"Evil\u003cscript\u003ealert(\"pwned\")\u003c\/script\u003e\u0026'\n\u003cb\u003ex"#)
                      || html.contains(#"Evil\u003cscript\u003ealert(\"pwned\")\u003c/script\u003e\u0026'\n\u003cb\u003ex"#), "JSON data escapes <, > and &")

        let mermaid = try MermaidRenderer.render(graph, options: options)
        XCTAssertFalse(mermaid.lowercased().contains("<script"))
        XCTAssertTrue(mermaid.contains("Evil#lt;script#gt;alert(#quot;pwned#quot;)#lt;/script#gt;#amp;'<br>#lt;b#gt;x#lt;/b#gt;#35;#59;#124;#96;#37;ViewController<br>(unreachable)"), mermaid)
        XCTAssertFalse(mermaid.contains("\"pwned\""))

        let dot = String(decoding: try GraphvizRenderer.render(graph, format: "dot", options: options), as: UTF8.self)
        XCTAssertFalse(dot.contains("<script>alert(\"pwned\")"), "DOT quotes and escapes names")
    }

    // MARK: - helpers

    struct SVGElements {
        var classes: [String: String] = [:]
        var links: Set<String> = []
        var titles: Set<String> = []
    }

    func svgElements(_ svg: Data) throws -> SVGElements {
        final class Collector: NSObject, XMLParserDelegate {
            var result = SVGElements()
            func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName qName: String?,
                        attributes: [String: String] = [:]) {
                if let id = attributes["id"], let c = attributes["class"] { result.classes[id] = c }
                if let href = attributes["xlink:href"] { result.links.insert(href) }
                if let title = attributes["xlink:title"] { result.titles.insert(title) }
            }
        }
        let parser = XMLParser(data: svg)
        let collector = Collector()
        parser.delegate = collector
        XCTAssertTrue(parser.parse(), "SVG is not well-formed: \(String(describing: parser.parserError))")
        return collector.result
    }

    func matches(_ pattern: String, in text: String) -> [String] {
        let re = try! NSRegularExpression(pattern: pattern)
        return re.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { m in
            let r = m.numberOfRanges > 1 ? m.range(at: 1) : m.range
            return String(text[Range(r, in: text)!])
        }
    }
}
