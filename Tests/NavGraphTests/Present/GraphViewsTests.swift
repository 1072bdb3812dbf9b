import NavGraphKit
import NavGraphModel
import NavGraphPresent
import XCTest

/// The views for big apps (focus, reaches, collapse, hide) on RecipeBox, with the exact nodes each keeps.
final class GraphViewsTests: XCTestCase {
    static var recipeBox: AnalysisReport!

    override func setUpWithError() throws {
        if Self.recipeBox == nil { Self.recipeBox = try analyzeSample("hackingwithswift/RecipeBox") }
    }

    var graph: NavGraph { Self.recipeBox.graph }

    func ids(_ g: NavGraph) -> [String] { g.nodes.map(\.id).sorted() }

    func testFocusOnAScreenKeepsItsCoordinatorItsActionsAndTheRoutesToIt() throws {
        let g = try GraphViews.focus(graph, on: "RecipeListViewController", depth: 1)
        XCTAssertEqual(ids(g), [
            "action:MainCoordinator.showSearch()",
            "action:MainCoordinator.startAccount()",
            "action:RecipeShowing.showRecipe(_:)",
            "action:ShoppingListOpening.startShoppingList()",
            "coordinator:MainCoordinator",
            "route:MainCoordinator.onboardingCoordinatorDidFinish(_:)",
            "route:MainCoordinator.showRecipeList()",
            "screen:RecipeListViewController",
        ])
        XCTAssertTrue(g.edges.allSatisfy { e in g.nodes.contains { $0.id == e.from } && g.nodes.contains { $0.id == e.to } })
    }

    func testFocusOnAFlowAtDepthOne() throws {
        let g = try GraphViews.focus(graph, on: "ShoppingListCoordinator", depth: 1)
        XCTAssertEqual(ids(g), [
            "action:AddShoppingItemViewController.onDone",
            "action:ShoppingListCoordinator.addItem()",
            "action:ShoppingListCoordinator.didFinishShopping()",
            "coordinator:MainCoordinator",
            "coordinator:ShoppingListCoordinator",
            "route:MainCoordinator.startShoppingList()",
            "route:ShoppingListCoordinator.addItem()",
            "screen:AddShoppingItemViewController",
            "screen:ShoppingListViewController",
        ])
    }

    func testFocusDepthZeroIsTheNodeAndWhatBelongsToIt() throws {
        let g = try GraphViews.focus(graph, on: "coordinator:OnboardingCoordinator", depth: 0)
        XCTAssertEqual(ids(g), ["coordinator:OnboardingCoordinator"])
        // MainCoordinator.startOnboarding() leads to Welcome: its owner is one hop away, the scene two.
        let one = try GraphViews.focus(graph, on: "WelcomeViewController", depth: 1)
        XCTAssertEqual(one.nodes.filter { $0.kind != .route && $0.kind != .action }.map(\.id).sorted(), [
            "coordinator:MainCoordinator", "coordinator:OnboardingCoordinator", "screen:WelcomeViewController",
        ])
        let two = try GraphViews.focus(graph, on: "WelcomeViewController", depth: 2)
        XCTAssertTrue(two.nodes.contains { $0.id == "app:SceneDelegate" })
        XCTAssertTrue(two.nodes.contains { $0.id == "screen:DietaryPreferencesViewController" })
    }

    func testNamesResolveByIdNameOrSelectorAndAmbiguityIsAnError() throws {
        XCTAssertEqual(try GraphViews.resolve("screen:SearchViewController", in: graph).id, "screen:SearchViewController")
        XCTAssertEqual(try GraphViews.resolve("searchviewcontroller", in: graph).id, "screen:SearchViewController")
        XCTAssertEqual(try GraphViews.resolve("showTimerSettings()", in: graph).id, "route:MainCoordinator.showTimerSettings()")
        XCTAssertThrowsError(try GraphViews.resolve("showRecipe(_:)", in: graph)) { error in
            XCTAssertEqual(error as? GraphViews.ViewError, .ambiguous("showRecipe(_:)", candidates: [
                "route:MainCoordinator.showRecipe(_:)", "action:RecipeShowing.showRecipe(_:)",
            ]))
        }
        XCTAssertThrowsError(try GraphViews.resolve("Checkout", in: graph)) { error in
            XCTAssertEqual(error as? GraphViews.ViewError, .unknownNode("Checkout", suggestions: []))
        }
        XCTAssertThrowsError(try GraphViews.resolve("Favourite", in: graph)) { error in
            XCTAssertEqual((error as? GraphViews.ViewError)?.description,
                           "no node named 'Favourite'; did you mean: FavouritesViewController, AccountCoordinator.Destination.favourites, AccountCoordinator.showFavourite(_:)?")
        }
    }

    func testReachesFollowsTheJourneyThroughHandledActionsOnly() throws {
        // Recipe detail: scene → main → list (shown by showRecipeList or after onboarding) → showRecipe.
        // SearchViewController sends showRecipe too, but nothing handles it there: it does not lead here.
        let g = try GraphViews.reaches(graph, "RecipeDetailViewController")
        XCTAssertEqual(ids(g), [
            "action:RecipeShowing.showRecipe(_:)",
            "app:SceneDelegate",
            "coordinator:MainCoordinator",
            "route:MainCoordinator.onboardingCoordinatorDidFinish(_:)",
            "route:MainCoordinator.showRecipe(_:)",
            "route:MainCoordinator.showRecipeList()",
            "screen:RecipeDetailViewController",
            "screen:RecipeListViewController",
        ])
    }

    func testReachesAModalInAChildFlow() throws {
        let g = try GraphViews.reaches(graph, "AddShoppingItemViewController")
        XCTAssertEqual(ids(g), [
            "action:RecipeShowing.showRecipe(_:)",
            "action:ShoppingListCoordinator.addItem()",
            "action:ShoppingListOpening.startShoppingList()",
            "app:SceneDelegate",
            "coordinator:MainCoordinator",
            "coordinator:ShoppingListCoordinator",
            "route:MainCoordinator.onboardingCoordinatorDidFinish(_:)",
            "route:MainCoordinator.showRecipe(_:)",
            "route:MainCoordinator.showRecipeList()",
            "route:MainCoordinator.startShoppingList()",
            "route:ShoppingListCoordinator.addItem()",
            "screen:AddShoppingItemViewController",
            "screen:RecipeDetailViewController",
            "screen:RecipeListViewController",
            "screen:ShoppingListViewController",
        ])
    }

    func testCollapseDrawsEachFlowAsOneNode() throws {
        let g = GraphViews.collapse(graph)
        XCTAssertEqual(ids(g), [
            "action:RecipeShowing.showRecipe(_:)",  // unhandled from SearchViewController: stays visible
            "app:AppDelegate",
            "app:SceneDelegate",
            "coordinator:AccountCoordinator",
            "coordinator:ImportRecipeCoordinator",
            "coordinator:MainCoordinator",
            "coordinator:OnboardingCoordinator",
            "coordinator:ShoppingListCoordinator",
            "screen:NutritionInfoViewController",  // no coordinator shows it
        ])
        XCTAssertEqual(g.edges.map { "\($0.from) -\($0.kind.rawValue)-> \($0.to)" }.sorted(), [
            "action:RecipeShowing.showRecipe(_:) -handles-> coordinator:MainCoordinator",
            "app:SceneDelegate -starts-> coordinator:MainCoordinator",
            "coordinator:AccountCoordinator -finishes-> coordinator:MainCoordinator",
            "coordinator:MainCoordinator -sends-> action:RecipeShowing.showRecipe(_:)",
            "coordinator:MainCoordinator -starts-> coordinator:AccountCoordinator",
            "coordinator:MainCoordinator -starts-> coordinator:OnboardingCoordinator",
            "coordinator:MainCoordinator -starts-> coordinator:ShoppingListCoordinator",
            "coordinator:OnboardingCoordinator -finishes-> coordinator:MainCoordinator",
            "coordinator:ShoppingListCoordinator -finishes-> coordinator:MainCoordinator",
        ])
        let main = try XCTUnwrap(g.node("coordinator:MainCoordinator"))
        XCTAssertEqual(main.attributes?["screens"], "4")
        XCTAssertEqual(main.attributes?["routes"], "8")
        XCTAssertEqual(main.attributes?["actions"], "3")
        let shopping = try XCTUnwrap(g.node("coordinator:ShoppingListCoordinator"))
        XCTAssertEqual(shopping.attributes?["members"], "AddShoppingItemViewController, AddShoppingItemViewController.onDone, ShoppingListCoordinator.addItem(), ShoppingListCoordinator.didFinishShopping(), ShoppingListViewController")
    }

    func testHideScreensTakesTheActionsTheySentAlong() {
        let g = GraphViews.hide(graph, [.screen])
        XCTAssertFalse(g.nodes.contains { $0.kind == .screen || $0.kind == .action })
        XCTAssertEqual(g.nodes.filter { $0.kind == .coordinator }.count, 5)
        XCTAssertEqual(g.nodes.filter { $0.kind == .route }.count, 16)
        XCTAssertTrue(g.paths.isEmpty)
    }

    func testHideRoutesAndActionsKeepsTheNavigationBetweenPlaces() {
        let g = GraphViews.hide(graph, [.route, .action])
        XCTAssertEqual(Set(g.nodes.map(\.kind)), [.app, .coordinator, .screen])
        XCTAssertEqual(Set(g.edges.map(\.kind)), [.starts, .shows, .presents, .finishes])
        XCTAssertEqual(g.edges.count, 21)
    }

    func testViewsComposeAndFilterFindings() throws {
        var view = ViewOptions()
        view.focus = "MainCoordinator"
        view.depth = 1
        view.hide = [.action]
        let report = try GraphViews.apply(view, to: Self.recipeBox)
        XCTAssertFalse(report.graph.nodes.contains { $0.kind == .action })
        XCTAssertEqual(findingList(report), [
            "dead-route MainCoordinator.showTimerSettings() @Coordinators/MainCoordinator.swift:47",
            "unreachable-screen TimerSettingsViewController @Features/Recipes/TimerSettingsViewController.swift:4",
        ])
        view.collapse = true
        let collapsed = try GraphViews.apply(view, to: Self.recipeBox)
        XCTAssertEqual(ids(collapsed.graph), [
            "app:SceneDelegate", "coordinator:AccountCoordinator", "coordinator:MainCoordinator",
            "coordinator:OnboardingCoordinator", "coordinator:ShoppingListCoordinator",
        ])
    }

    func testTooBigForDotCollapsesThenSwitchesEngineAndSaysSo() {
        let big = syntheticGraph(flows: 200, screensPerFlow: 10)
        let choice = AutoView.choose(big, options: RenderOptions(), view: ViewOptions(), layoutChosen: false, usesLayout: true)
        XCTAssertEqual(choice.options.layout, "dot")
        XCTAssertEqual(choice.graph.nodes.filter { $0.kind == .screen }.count, 0, "collapsed")
        XCTAssertEqual(choice.notes.count, 1)
        XCTAssertTrue(choice.notes[0].contains("--collapse"), choice.notes[0])

        let flat = syntheticGraph(flows: 2_000, screensPerFlow: 1)
        let engine = AutoView.choose(flat, options: RenderOptions(), view: ViewOptions(), layoutChosen: false, usesLayout: true)
        XCTAssertEqual(engine.options.layout, "sfdp")
        XCTAssertEqual(engine.notes.count, 2)

        var forced = RenderOptions()
        forced.layout = "dot"
        let insisted = AutoView.choose(big, options: forced, view: ViewOptions(), layoutChosen: true, usesLayout: true)
        XCTAssertEqual(insisted.options.layout, "dot")
        XCTAssertGreaterThan(insisted.graph.nodes.filter { $0.kind == .screen }.count, 0, "--layout given: drawn as asked")

        let small = AutoView.choose(graph, options: RenderOptions(), view: ViewOptions(), layoutChosen: false, usesLayout: true)
        XCTAssertTrue(small.notes.isEmpty)
        XCTAssertEqual(small.graph.nodes.count, graph.nodes.count)
    }
}

/// A tree of flows (fan-out 4), each with a chain of screens.
func syntheticGraph(flows: Int, screensPerFlow: Int) -> NavGraph {
    var nodes = [Node(kind: .app, name: "App", location: SourceLocation(file: "App.swift", line: 1), reachable: true)]
    var edges: [Edge] = []
    for f in 0..<flows {
        let c = "coordinator:F\(f)"
        nodes.append(Node(kind: .coordinator, name: "F\(f)", location: SourceLocation(file: "F\(f).swift", line: 1), reachable: true))
        let parent = f == 0 ? "app:App" : "coordinator:F\((f - 1) / 4)"
        edges.append(Edge(from: parent, to: c, kind: .starts, location: SourceLocation(file: "F\(f).swift", line: 2), reachable: true))
        for s in 0..<screensPerFlow {
            nodes.append(Node(kind: .screen, name: "F\(f)S\(s)", location: SourceLocation(file: "F\(f)S\(s).swift", line: 1), reachable: true))
            edges.append(Edge(from: c, to: "screen:F\(f)S\(s)", kind: .shows, mechanism: "push", location: SourceLocation(file: "F\(f).swift", line: 10 + s), reachable: true))
        }
    }
    return NavGraph(roots: ["app:App"], nodes: nodes, edges: edges)
}
