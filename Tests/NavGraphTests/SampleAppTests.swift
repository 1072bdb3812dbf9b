import NavGraphKit
import NavGraphModel
import XCTest

/// Each sample app in, its exact graph out: `Samples/<family>/<App>/expected-graph.txt` lists every node,
/// edge, action path and finding. The deliberate defects are also spelled out here, so a re-recorded
/// expectation cannot silently drop one.
final class SampleAppTests: XCTestCase {
    func testEverySampleMatchesItsExpectedGraph() throws {
        // Samples of families still being built have no expectation yet.
        let covered = Repo.samples.filter { FileManager.default.fileExists(atPath: Repo.sample($0).appendingPathComponent("expected-graph.txt").path) }
        XCTAssertFalse(covered.isEmpty)
        for sample in covered {
            let report = try analyzeSample(sample)
            assertMatchesFile(graphListing(report), Repo.sample(sample).appendingPathComponent("expected-graph.txt"))
        }
    }

    func testRecipeBoxFindsExactlyItsDeliberateDefects() throws {
        let report = try analyzeSample("hackingwithswift/RecipeBox")
        XCTAssertEqual(findingList(report), [
            "dead-route AccountCoordinator.Destination.about @Features/Account/AccountCoordinator.swift:7",
            "dead-route ImportRecipeCoordinator.recipeImported(_:) @Features/Import/ImportRecipeCoordinator.swift:22",
            "dead-route MainCoordinator.showTimerSettings() @Coordinators/MainCoordinator.swift:47",
            "unhandled-action RecipeShowing.showRecipe(_:) @Features/Recipes/SearchViewController.swift:52",
            "unreachable-coordinator ImportRecipeCoordinator @Features/Import/ImportRecipeCoordinator.swift:4",
            "unreachable-screen AboutViewController @Features/Account/AboutViewController.swift:3",
            "unreachable-screen ImportRecipeViewController @Features/Import/ImportRecipeViewController.swift:3",
            "unreachable-screen NutritionInfoViewController @Features/Recipes/NutritionInfoViewController.swift:4",
            "unreachable-screen TimerSettingsViewController @Features/Recipes/TimerSettingsViewController.swift:4",
        ])
    }

    func testRecipeBoxTreeFromTheSceneDelegate() throws {
        let g = try analyzeSample("hackingwithswift/RecipeBox").graph
        XCTAssertEqual(g.roots, ["app:AppDelegate", "app:SceneDelegate"])
        func has(_ from: String, _ kind: EdgeKind, _ to: String, _ loc: String) {
            XCTAssertTrue(g.edges.contains { $0.from == from && $0.kind == kind && $0.to == to && "\($0.file):\($0.line)" == loc && $0.reachable },
                          "missing \(from) -\(kind)-> \(to) @\(loc)")
        }
        has("app:SceneDelegate", .starts, "coordinator:MainCoordinator", "App/SceneDelegate.swift:17")
        has("coordinator:MainCoordinator", .shows, "screen:RecipeListViewController", "Coordinators/MainCoordinator.swift:33")
        has("coordinator:MainCoordinator", .shows, "screen:RecipeDetailViewController", "Coordinators/MainCoordinator.swift:38")
        has("coordinator:MainCoordinator", .starts, "coordinator:ShoppingListCoordinator", "Coordinators/MainCoordinator.swift:65")
        has("coordinator:ShoppingListCoordinator", .presents, "screen:AddShoppingItemViewController", "Features/ShoppingList/ShoppingListCoordinator.swift:31")
        has("screen:RecipeListViewController", .sends, "action:RecipeShowing.showRecipe(_:)", "Features/Recipes/RecipeListViewController.swift:74")
        has("action:RecipeShowing.showRecipe(_:)", .handles, "coordinator:MainCoordinator", "Coordinators/MainCoordinator.swift:36")
        has("route:AccountCoordinator.Destination.editProfile", .route, "screen:EditProfileViewController", "Features/Account/AccountCoordinator.swift:39")
        XCTAssertEqual(Set(g.nodes.filter { $0.kind == .coordinator }.map(\.name)),
                       ["MainCoordinator", "OnboardingCoordinator", "ShoppingListCoordinator", "AccountCoordinator", "ImportRecipeCoordinator"])
    }

    func testJSONIsDeterministic() throws {
        let a = JSONRendererHelper.json(try analyzeSample("hackingwithswift/RecipeBox"))
        let b = JSONRendererHelper.json(try analyzeSample("hackingwithswift/RecipeBox"))
        XCTAssertEqual(a, b)
        XCTAssertTrue(a.contains("\"schemaVersion\" : 1"))
    }
}
