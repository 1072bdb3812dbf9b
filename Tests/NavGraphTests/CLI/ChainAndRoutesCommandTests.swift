import XCTest

/// `navgraph chain` and `navgraph routes`, run as the built binary.
final class ChainAndRoutesCommandTests: XCTestCase {
    func testChainPrintsEachResponderWithWhatItDoes() throws {
        let r = try runNavgraph(["chain", Repo.sample("radianttap/ShopFront").path, "ProductDetailViewController", "productShare"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, """
        ProductDetailViewController sends productShare(item:sender:)  Catalog/ProductDetailViewController.swift:63
            ProductDetailViewController  sender
          → CatalogCoordinator           pass-through  Catalog/CatalogCoordinator.swift:67
          → AppCoordinator               forwards
          → AppDelegate                  forwards
          = UNHANDLED: CatalogCoordinator only passes it on and nothing above handles it (ProductDetailViewController → CatalogCoordinator → AppCoordinator → AppDelegate)

        """)
    }

    func testChainOfAScreenListsAllItsActionsWithCarriedRoutes() throws {
        let r = try runNavgraph(["chain", Repo.sample("radianttap/ShopFront").path, "AccountViewController"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, """
        AccountViewController sends accountLogout(sender:)  Account/AccountViewController.swift:57
            AccountViewController  sender
          → AccountCoordinator     terminal      Account/AccountCoordinator.swift:75
          = handled by AccountCoordinator

        AccountViewController sends accountLogin(sender:)  Account/AccountViewController.swift:59
            AccountViewController  sender
          → AccountCoordinator     terminal      Account/AccountCoordinator.swift:71
          = handled by AccountCoordinator

        AccountViewController sends globalDisplay(page:sender:)  Account/AccountViewController.swift:62
          carries AppCoordinator.Page.orders
            AccountViewController  sender
          → AccountCoordinator     partial       Account/AccountCoordinator.swift:80
          = handled by AccountCoordinator

        """)
    }

    func testChainOfEvents() throws {
        let r = try runNavgraph(["chain", Repo.sample("coordinate/RideShare").path, "ProfileViewController", "didTapSignOut"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, """
        ProfileViewController sends AppEvents.Profile.didTapSignOut  Profile/ProfileViewController.swift:55
            ProfileViewController  sender
          → ProfileCoordinator     pass-through  Profile/ProfileCoordinator.swift:23
          → MainTabCoordinator     forwards
          → AppCoordinator         terminal      App/AppCoordinator.swift:34
          = handled by AppCoordinator

        """)
    }

    func testChainRejectsUnknownScreensAndActions() throws {
        let unknownScreen = try runNavgraph(["chain", Repo.sample("coordinate/RideShare").path, "NoSuchViewController"])
        XCTAssertEqual(unknownScreen.status, 64)
        XCTAssertTrue(unknownScreen.stderr.contains("no screen or coordinator named 'NoSuchViewController' sends actions; senders: "), unknownScreen.stderr)
        let unknownAction = try runNavgraph(["chain", Repo.sample("coordinate/RideShare").path, "ProfileViewController", "didFly"])
        XCTAssertEqual(unknownAction.status, 64)
        XCTAssertEqual(unknownAction.stderr, "error: ProfileViewController does not send 'didFly'; it sends: AppEvents.Profile.didTapSignOut, AppEvents.Profile.didToggleNotifications\n")
        let silent = try runNavgraph(["chain", Repo.sample("coordinate/RideShare").path, "MainTabBarController"])
        XCTAssertEqual(silent.status, 0)
        XCTAssertEqual(silent.stdout, "MainTabBarController sends no actions.\n")
    }

    func testRoutesListsEveryReachableRoutePathFromTheRoot() throws {
        let r = try runNavgraph(["routes", Repo.sample("coordinate/RideShare").path])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, """
        AppDelegate → AppCoordinator → .main → MainTabCoordinator
        AppDelegate → AppCoordinator → .main → MainTabCoordinator → .drivers → DriversCoordinator
        AppDelegate → AppCoordinator → .main → MainTabCoordinator → .drivers → DriversCoordinator → .profile → DriverProfileCoordinator
        AppDelegate → AppCoordinator → .main → MainTabCoordinator → .profile → ProfileCoordinator
        AppDelegate → AppCoordinator → .main → MainTabCoordinator → .request → RideRequestCoordinator
        AppDelegate → AppCoordinator → .main → MainTabCoordinator → .request → RideRequestCoordinator → .searchDestination → DestinationSearchCoordinator
        AppDelegate → AppCoordinator → .main → MainTabCoordinator → .rides → RidesCoordinator
        AppDelegate → AppCoordinator → .main → MainTabCoordinator → .rides → RidesCoordinator → .detail → RideDetailCoordinator
        AppDelegate → AppCoordinator → .main → MainTabCoordinator → DriversCoordinator → .profile → DriverProfileCoordinator
        AppDelegate → AppCoordinator → .main → MainTabCoordinator → RideRequestCoordinator → .searchDestination → DestinationSearchCoordinator
        AppDelegate → AppCoordinator → .main → MainTabCoordinator → RidesCoordinator → .detail → RideDetailCoordinator
        AppDelegate → AppCoordinator → .signIn → SignInCoordinator

        """)
    }

    func testRoutesFollowARouteIntoAnotherCoordinatorsRoutes() throws {
        let r = try runNavgraph(["routes", Repo.sample("radianttap/ShopFront").path])
        XCTAssertEqual(r.status, 0, r.stderr)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.contains("AppDelegate → AppCoordinator → .catalog → CatalogCoordinator → .product → ProductDetailViewController"))
        XCTAssertTrue(lines.contains("AppDelegate → AppCoordinator → .login → AccountCoordinator → .login → LoginCoordinator → .resetPassword → PasswordResetViewController"))
        XCTAssertTrue(lines.contains("AppDelegate → AppCoordinator → CartCoordinator → .confirmation → OrderConfirmationViewController"))
        // The dead route is on no path.
        XCTAssertFalse(r.stdout.contains(".featured"))
        XCTAssertEqual(lines.count, 25)
    }

    func testHelpShowsExamples() throws {
        for command in ["chain", "routes"] {
            let r = try runNavgraph([command, "--help"])
            XCTAssertEqual(r.status, 0)
            XCTAssertTrue(r.stdout.contains("Examples:"), r.stdout)
            XCTAssertTrue(r.stdout.contains("navgraph \(command) Samples/"), r.stdout)
        }
        let top = try runNavgraph(["--help"])
        XCTAssertTrue(top.stdout.contains("chain") && top.stdout.contains("routes"), top.stdout)
    }
}
