import ArgumentParser
import Foundation
import NavGraphKit
import NavGraphPresent

struct RoutesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "routes",
        abstract: "List every reachable route path from each root.",
        discussion: """
        One line per path: the root, the coordinators it goes through, the route taken in each (`.case`) and \
        where the last route leads. A route that leads to another coordinator's route enters that coordinator.

        Examples:
          navgraph routes Samples/radianttap/ShopFront
            AppDelegate → AppCoordinator → .catalog → CatalogCoordinator → .product → ProductDetailViewController
          navgraph routes Samples/coordinate/RideShare | grep RideDetail
        """
    )

    @OptionGroup var input: InputOptions

    func run() throws {
        let analysis = try input.analyze()
        Console.out(RoutePathRenderer.render(analysis.report.graph))
    }
}
