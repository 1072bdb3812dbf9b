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

    /// EXPECTED.md §2: a dead deep link, two unhandled closures (a screen's and a coordinator's finish),
    /// and a module no factory builds.
    func testTravelPlannerFindsExactlyItsDeliberateDefects() throws {
        let report = try analyzeSample("applicationcoordinator/TravelPlanner")
        XCTAssertEqual(findingList(report), [
            "dead-route DeepLinkOption.packingList @Application/DeepLinkOption.swift:22",
            "unhandled-action SettingsCoordinatorOutput.finishFlow @Flows/Settings/SettingsCoordinator.swift:36",
            "unhandled-action TripListView.onShowSettings @Flows/Trips/TripListController.swift:61",
            "unreachable-screen PackingListController @Flows/Trips/PackingListController.swift:12",
        ])
        XCTAssertEqual(report.graph.families, ["applicationcoordinator"])
    }

    func testTravelPlannerFlowsThroughFactoriesRoutersAndClosures() throws {
        let g = try analyzeSample("applicationcoordinator/TravelPlanner").graph
        func has(_ from: String, _ kind: EdgeKind, _ to: String, _ loc: String) {
            XCTAssertTrue(g.edges.contains { $0.from == from && $0.kind == kind && $0.to == to && "\($0.file):\($0.line)" == loc && $0.reachable },
                          "missing \(from) -\(kind)-> \(to) @\(loc)")
        }
        has("app:AppDelegate", .starts, "coordinator:ApplicationCoordinator", "Application/AppDelegate.swift:22")
        // Tuple from CoordinatorFactoryImp; the module is the TabbarController it built.
        has("coordinator:ApplicationCoordinator", .starts, "coordinator:TabbarCoordinator", "Application/ApplicationCoordinator.swift:98")
        has("coordinator:ApplicationCoordinator", .shows, "screen:TabbarController", "Application/ApplicationCoordinator.swift:97")
        // `onboardingModule.toPresent()` through RouterImp.setRootModule.
        has("coordinator:OnboardingCoordinator", .shows, "screen:OnboardingController", "Flows/Onboarding/OnboardingCoordinator.swift:35")
        // The tab closures returned by runTripsFlow()/runSettingsFlow().
        has("coordinator:TabbarCoordinator", .starts, "coordinator:TripsCoordinator", "Flows/Tabbar/TabbarCoordinator.swift:31")
        has("coordinator:TabbarCoordinator", .starts, "coordinator:SettingsCoordinator", "Flows/Tabbar/TabbarCoordinator.swift:40")
        // `router.present(module)` where the module is the child's RouterImp.
        has("coordinator:TripsCoordinator", .presents, "coordinator:TripCreateCoordinator", "Flows/Trips/TripsCoordinator.swift:56")
        has("coordinator:TripsCoordinator", .shows, "screen:TripDetailController", "Flows/Trips/TripsCoordinator.swift:43")
        has("screen:TripDetailController", .sends, "action:TripDetailView.onDeleteTrip", "Flows/Trips/TripDetailController.swift:51")
        has("coordinator:AuthCoordinator", .finishes, "coordinator:ApplicationCoordinator", "Flows/Auth/AuthCoordinator.swift:44")
        has("coordinator:TripCreateCoordinator", .finishes, "coordinator:TripsCoordinator", "Flows/TripCreate/TripCreateCoordinator.swift:40")
        has("action:TripCreateCoordinatorOutput.finishFlow", .handles, "coordinator:TripsCoordinator", "Flows/Trips/TripsCoordinator.swift:50")
        XCTAssertFalse(g.edges.contains { $0.from == "coordinator:SettingsCoordinator" && $0.kind == .finishes })
        XCTAssertFalse(g.edges.contains { $0.from == "route:DeepLinkOption.packingList" })
        XCTAssertNil(g.node("coordinator:BaseCoordinator"))
    }

    /// EXPECTED.md §2: a delegate never injected, an empty delegate method, a lazy screen never presented,
    /// a coordinator nobody creates, and nothing reported for what lives inside that coordinator.
    func testPetAdoptionFindsExactlyItsDeliberateDefects() throws {
        let report = try analyzeSample("kodeco/PetAdoption")
        XCTAssertEqual(findingList(report), [
            "unhandled-action PetDetailViewControllerDelegate.petDetailViewController(_:didTapShare:) @Screens/Pets/PetDetailViewController.swift:56",
            "unhandled-action PetGalleryViewControllerDelegate.petGalleryViewController(_:didTapAdopt:) @Screens/Pets/PetGalleryViewController.swift:61",
            "unreachable-coordinator FavoritesCoordinator @Coordinators/FavoritesCoordinator.swift:9",
            "unreachable-screen AdoptionTipsViewController @Screens/Quiz/AdoptionTipsViewController.swift:9",
        ])
        XCTAssertEqual(report.graph.families, ["kodeco"])
    }

    func testPetAdoptionRoutersDecidePushModalAndWindowRoot() throws {
        let g = try analyzeSample("kodeco/PetAdoption").graph
        func has(_ from: String, _ kind: EdgeKind, _ to: String, _ mechanism: String, _ loc: String) {
            XCTAssertTrue(g.edges.contains { $0.from == from && $0.kind == kind && $0.to == to && $0.mechanism == mechanism
                && "\($0.file):\($0.line)" == loc && $0.reachable }, "missing \(from) -\(kind)-> \(to) [\(mechanism)] @\(loc)")
        }
        has("coordinator:HomeCoordinator", .shows, "screen:HomeViewController", "window-root", "Coordinators/HomeCoordinator.swift:20")
        has("coordinator:HomeCoordinator", .starts, "coordinator:PetBrowserCoordinator", "present(animated:onDismissed:)", "Coordinators/HomeCoordinator.swift:31")
        has("coordinator:PetBrowserCoordinator", .presents, "screen:PetListViewController", "present", "Coordinators/PetBrowserCoordinator.swift:31")
        has("coordinator:PetBrowserCoordinator", .shows, "screen:PetDetailViewController", "push", "Coordinators/PetBrowserCoordinator.swift:50")
        has("coordinator:AdoptionQuizCoordinator", .presents, "screen:QuestionViewController", "present", "Coordinators/AdoptionQuizCoordinator.swift:32")
        has("coordinator:AdoptionQuizCoordinator", .shows, "screen:QuestionViewController", "push", "Coordinators/AdoptionQuizCoordinator.swift:62")
        has("coordinator:AdoptionQuizCoordinator", .shows, "screen:QuizResultViewController", "push", "Coordinators/AdoptionQuizCoordinator.swift:45")
        has("coordinator:AdoptionQuizCoordinator", .starts, "coordinator:PetBrowserCoordinator", "present(animated:onDismissed:)", "Coordinators/AdoptionQuizCoordinator.swift:71")
        // Explicit finish through the submit completion, and the implicit Cancel / back-pop finishes.
        has("coordinator:AdoptionApplicationCoordinator", .finishes, "coordinator:PetBrowserCoordinator", "closure", "Coordinators/AdoptionApplicationCoordinator.swift:39")
        has("coordinator:AdoptionQuizCoordinator", .finishes, "coordinator:HomeCoordinator", "closure", "Coordinators/AdoptionQuizCoordinator.swift:76")
        for (child, parent) in [("AdoptionApplicationCoordinator", "PetBrowserCoordinator"), ("AdoptionQuizCoordinator", "HomeCoordinator"),
                                ("PetBrowserCoordinator", "HomeCoordinator"), ("PetBrowserCoordinator", "AdoptionQuizCoordinator")] {
            has("coordinator:\(child)", .finishes, "coordinator:\(parent)", "implicit", "Routers/ModalNavigationRouter.swift:48")
        }
        XCTAssertFalse(g.edges.contains { $0.to == "screen:AdoptionTipsViewController" })
        XCTAssertFalse(g.edges.contains { $0.from == "coordinator:HomeCoordinator" && $0.kind == .finishes })
    }

    /// Hashing is seeded per process, so set iteration order differs between runs of the binary: the
    /// output must not depend on it (F2/F3 samples run many closures and multi-valued receivers).
    func testJSONIsByteIdenticalAcrossProcesses() throws {
        for sample in ["applicationcoordinator/TravelPlanner", "kodeco/PetAdoption"] {
            let runs = try (0..<4).map { _ in try runNavgraph(["analyze", Repo.sample(sample).path, "--format", "json"]) }
            XCTAssertEqual(runs[0].status, 0, runs[0].stderr)
            for r in runs.dropFirst() { XCTAssertEqual(r.stdout, runs[0].stdout, sample) }
        }
    }

    func testJSONIsDeterministic() throws {
        let a = JSONRendererHelper.json(try analyzeSample("hackingwithswift/RecipeBox"))
        let b = JSONRendererHelper.json(try analyzeSample("hackingwithswift/RecipeBox"))
        XCTAssertEqual(a, b)
        XCTAssertTrue(a.contains("\"schemaVersion\" : 1"))
    }
}
