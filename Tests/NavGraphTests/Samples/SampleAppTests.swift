import NavGraphKit
import NavGraphModel
import NavGraphPresent
import XCTest

/// Each sample app in, its exact graph out: `Samples/<family>/<App>/expected-graph.txt` lists every node,
/// edge, action path and finding. The deliberate defects are also spelled out here, so a re-recorded
/// expectation cannot silently drop one.
final class SampleAppTests: XCTestCase {
    /// `Pipeline.analyze(sources:)` (what the resolve tests use) gives a folder's report for the same files.
    func testSourcesInMemoryGiveTheFoldersReport() throws {
        var compared = 0
        for sample in Repo.samples {
            let dir = Repo.sample(sample)
            let paths = FileManager.default.enumerator(atPath: dir.path)!.compactMap { $0 as? String }.filter { !$0.hasSuffix(".txt") && !$0.hasSuffix(".md") }
            let files = paths.filter { path in
                var isDir: ObjCBool = false
                return FileManager.default.fileExists(atPath: dir.appendingPathComponent(path).path, isDirectory: &isDir) && !isDir.boolValue
            }
            // Storyboards are read from a folder only.
            guard files.allSatisfy({ $0.hasSuffix(".swift") }) else { continue }
            var sources: [String: String] = [:]
            for f in files { sources[f] = try String(contentsOf: dir.appendingPathComponent(f), encoding: .utf8) }
            var options = AnalysisOptions(path: dir.path)
            options.cacheLocation = nil
            let inMemory = try Pipeline.analyze(sources: sources, options: options).report
            let folder = try analyze(dir) { $0.cacheLocation = nil }.report
            XCTAssertEqual(JSONRenderer.render(inMemory), JSONRenderer.render(folder), sample)
            compared += 1
        }
        XCTAssertEqual(compared, 6, "the samples without storyboards")
    }

    func testEverySampleMatchesItsExpectedGraph() throws {
        XCTAssertEqual(Repo.samples.count, 7, "one sample per family at least")
        for sample in Repo.samples {
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
        func has(_ from: String, _ kind: EdgeKind, _ to: String, _ loc: String, line: UInt = #line) { assertReachableEdge(g, from, kind, to, loc, line: line) }
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
        func has(_ from: String, _ kind: EdgeKind, _ to: String, _ loc: String, line: UInt = #line) { assertReachableEdge(g, from, kind, to, loc, line: line) }
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
        // Finishing a flow reaches the coordinator that presented it, through the onDismissed its own
        // router keeps; each router instance keeps its own (HomeCoordinator and AdoptionQuizCoordinator
        // used to appear here through the other flows' routers).
        func chain(_ action: String) -> [String]? { g.paths.first { $0.action == "action:" + action }?.chain }
        XCTAssertEqual(chain("AdoptionFormViewControllerDelegate.adoptionFormViewController(_:didSubmit:)"),
                       ["AdoptionFormViewController", "AdoptionApplicationCoordinator", "PetBrowserCoordinator"])
        XCTAssertEqual(chain("QuizResultViewControllerDelegate.quizResultViewControllerDidTapDone(_:)"),
                       ["QuizResultViewController", "AdoptionQuizCoordinator", "HomeCoordinator"])
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

    func testKnowledgeFindsExactlyItsDeliberateDefects() throws {
        let report = try analyzeSample("companystyle/Knowledge")
        XCTAssertEqual(findingList(report), [
            "dead-route ArticlesCoordinator.openSource(_:) @Articles/ArticlesCoordinator.swift:8",
            "unhandled-action ArticleDetailPresenter.didTapShare() @Articles/Detail/ArticleDetailViewController.swift:87",
            "unreachable-coordinator InviteFriendsCoordinator @App/InviteFriendsCoordinator.swift:8",
            "unreachable-screen ReadingStatsViewController @Settings/ReadingStatsViewController.swift:4",
        ])
        XCTAssertEqual(report.graph.families, ["companystyle"])
    }

    func testKnowledgeStoryboardScenesAndPresenterActions() throws {
        let g = try analyzeSample("companystyle/Knowledge").graph
        func has(_ from: String, _ kind: EdgeKind, _ to: String, _ loc: String, line: UInt = #line) { assertReachableEdge(g, from, kind, to, loc, line: line) }
        // The wrapper's push/present are the coordinator's edges, at the coordinator's call.
        has("coordinator:ArticlesCoordinator", .shows, "screen:ArticleListViewController", "Articles/ArticlesCoordinator.swift:33")
        has("coordinator:BookmarksCoordinator", .presents, "screen:BookmarksViewController", "Bookmarks/BookmarksCoordinator.swift:43")
        // The storyboard's initial navigation controller brings its root scene; segues are drawn at their XML line.
        has("coordinator:OnboardingCoordinator", .presents, "screen:WelcomeViewController", "Onboarding/OnboardingCoordinator.swift:46")
        has("screen:WelcomeViewController", .shows, "screen:PermissionsViewController", "Resources/Onboarding.storyboard:55")
        has("screen:PermissionsViewController", .presents, "screen:PrivacyPolicyViewController", "Resources/Onboarding.storyboard:126")
        has("coordinator:OnboardingCoordinator", .shows, "screen:OnboardingCompleteViewController", "Onboarding/OnboardingCoordinator.swift:64")
        // Weak and local children: the start call is the attach edge.
        has("coordinator:ArticlesCoordinator", .starts, "coordinator:BookmarksCoordinator", "Articles/ArticlesCoordinator.swift:60")
        has("coordinator:ArticlesCoordinator", .starts, "coordinator:SettingsCoordinator", "Articles/ArticlesCoordinator.swift:66")
        has("coordinator:BookmarksCoordinator", .finishes, "coordinator:ArticlesCoordinator", "Bookmarks/BookmarksCoordinator.swift:48")
        // Screen → presenter → coordinator is one action, handled by the coordinator the presenter reaches.
        has("screen:ArticleListViewController", .sends, "action:ArticleListPresenter.didSelect(item:)", "Articles/List/ArticleListViewController.swift:101")
        has("action:ArticleListPresenter.didSelect(item:)", .handles, "coordinator:ArticlesCoordinator", "Articles/ArticlesCoordinator.swift:45")
        // Deep links: the enum cases are routes leading to the coordinator routes they call.
        has("route:DeepLink.article", .route, "route:ArticlesCoordinator.openArticle(_:)", "App/AppCoordinator.swift:69")
        let selfHandled = g.paths.filter { $0.handledWithin != nil }.map { $0.action }
        XCTAssertEqual(Set(selfHandled), ["action:ArticleListPresenter.viewDidLoad()", "action:ArticleListPresenter.reload()",
                                       "action:ArticleDetailPresenter.viewDidLoad()", "action:ArticleDetailPresenter.didTapBookmark()",
                                       "action:BookmarksPresenter.viewWillAppear()", "action:BookmarksPresenter.didDelete(item:)",
                                       "action:SettingsPresenter.didToggleNotifications(_:)"])
        XCTAssertEqual(Set(g.nodes.filter { $0.kind == .route }.map(\.name)), [
            "AppCoordinator.navigate(to:)", "DeepLink.article", "DeepLink.bookmarks", "DeepLink.settings",
            "ArticlesCoordinator.openArticle(_:)", "ArticlesCoordinator.openBookmarks()", "ArticlesCoordinator.openSettings()",
            "ArticlesCoordinator.openSource(_:)", "BookmarksCoordinator.openArticle(_:)", "BookmarksCoordinator.close()",
            "SettingsCoordinator.openAbout()", "SettingsCoordinator.close()", "OnboardingCoordinator.showCompletion()",
            "OnboardingCoordinator.finishOnboarding()",
        ])
    }

    func testNewsReaderFindsExactlyItsDeliberateDefects() throws {
        let report = try analyzeSample("xcoordinator/NewsReader")
        XCTAssertEqual(findingList(report), [
            "dead-route NewsRoute.backToFeed @News/NewsCoordinator.swift:12",
            "dead-route NewsRoute.reportProblem @News/NewsCoordinator.swift:11",
            "dead-route SettingsRoute.textSize @Settings/SettingsCoordinator.swift:5",
            "unhandled-action trigger(NewsRoute.reportProblem) @News/ArticleViewModel.swift:55",
            "unhandled-action trigger(SettingsRoute.textSize) @Settings/SettingsViewModel.swift:36",
            "unreachable-screen AuthorProfileViewController @Authors/AuthorProfileViewController.swift:4",
        ])
        XCTAssertEqual(report.graph.families, ["xcoordinator"])
    }

    func testNewsReaderTransitionsTriggersAndRouters() throws {
        let g = try analyzeSample("xcoordinator/NewsReader").graph
        func has(_ from: String, _ kind: EdgeKind, _ to: String, _ loc: String, line: UInt = #line) { assertReachableEdge(g, from, kind, to, loc, line: line) }
        has("app:SceneDelegate", .starts, "coordinator:AppCoordinator", "App/SceneDelegate.swift:17")
        // The app-defined `.presentFullScreen` is drawn where the arm uses it.
        has("coordinator:AppCoordinator", .presents, "coordinator:HomeCoordinator", "App/AppCoordinator.swift:30")
        has("coordinator:HomeCoordinator", .shows, "coordinator:NewsCoordinator", "Home/HomeCoordinator.swift:35")
        has("coordinator:HomeCoordinator", .shows, "screen:SavedListViewController", "Home/HomeCoordinator.swift:35")
        has("coordinator:SettingsCoordinator", .shows, "screen:SettingsViewController", "Settings/SettingsCoordinator.swift:13")
        has("coordinator:NewsCoordinator", .presents, "screen:GalleryViewController", "News/NewsCoordinator.swift:54")
        has("coordinator:CommentsCoordinator", .finishes, "coordinator:NewsCoordinator", "Comments/CommentsCoordinator.swift:28")
        // Triggers from view models are sent by the screen owning them, through strong, unowned and weak routers.
        has("screen:WelcomeViewController", .sends, "action:trigger(AppRoute.home)", "Welcome/WelcomeViewModel.swift:20")
        has("screen:ArticleViewController", .sends, "action:trigger(NewsRoute.gallery)", "News/ArticleViewModel.swift:38")
        has("screen:CommentsViewController", .sends, "action:trigger(CommentsRoute.close)", "Comments/CommentsViewModel.swift:32")
        has("screen:GalleryViewController", .sends, "action:trigger(NewsRoute.close)", "News/GalleryViewController.swift:44")
        has("app:SceneDelegate", .sends, "action:trigger(AppRoute.deepLink)", "App/SceneDelegate.swift:35")
        has("action:trigger(HomeRoute.savedArticle)", .handles, "coordinator:HomeCoordinator", "Home/HomeCoordinator.swift:40")
        // Route to route: deep links, `.trigger(_:on:)`, self triggers.
        has("route:AppRoute.deepLink", .route, "route:HomeRoute.news", "App/AppCoordinator.swift:35")
        has("route:HomeRoute.savedArticle", .route, "route:NewsRoute.article", "Home/HomeCoordinator.swift:47")
        has("route:NewsRoute.readNext", .route, "route:NewsRoute.article", "News/NewsCoordinator.swift:48")
        XCTAssertFalse(g.nodes.contains { $0.name.contains("UIActivityViewController") || $0.name.contains("prepareTransition") })
    }

    func testJSONIsDeterministic() throws {
        let a = JSONRendererHelper.json(try analyzeSample("hackingwithswift/RecipeBox"))
        let b = JSONRendererHelper.json(try analyzeSample("hackingwithswift/RecipeBox"))
        XCTAssertEqual(a, b)
        XCTAssertTrue(a.contains("\"schemaVersion\" : 1"))
    }
}

/// Asserts that `g` has a reachable edge `from -kind-> to` located at `loc` (`file:line`).
func assertReachableEdge(_ g: NavGraph, _ from: String, _ kind: EdgeKind, _ to: String, _ loc: String,
                         file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertTrue(g.edges.contains { $0.from == from && $0.kind == kind && $0.to == to && "\($0.file):\($0.line)" == loc && $0.reachable },
                  "missing \(from) -\(kind)-> \(to) @\(loc)", file: file, line: line)
}
