import UIKit
import Coordinate

final class RidesCoordinator: NavigationCoordinator<RidesViewController> {

    var activeRoute: Route?

    override func start(with completion: @escaping () -> Void = {}) {
        super.start(with: completion)
        rootViewController.tabBarItem = UITabBarItem(
            title: NSLocalizedString("Rides", comment: ""),
            image: UIImage(systemName: "clock.arrow.circlepath"),
            tag: 1
        )
        if let route = activeRoute {
            activeRoute = nil
            goTo(route)
        }
    }

    override func activate() {
        super.activate()
        rootViewController.reload()
        if let route = activeRoute {
            activeRoute = nil
            goTo(route)
        }
    }

    override func interceptEvent(_ event: CoordinateEvents) -> Bool {
        if let e = event as? AppEvents.Rides {
            switch e {
            case .didPick(let ride):
                goTo(.detail(ride))
                return true
            default:
                // Driver jumps and issue reports are someone else's business.
                return false
            }
        }
        return false
    }
}

extension RidesCoordinator: HasRoutes {

    enum Route {
        case detail(Ride)
        case lastRide
    }

    func goTo(_ route: Route) {
        switch route {
        case .detail(let ride):
            let c = getCached(RideDetailCoordinator.self) ?? RideDetailCoordinator()
            c.ride = ride
            show(c, sender: nil)

        case .lastRide:
            guard let ride = RideService.shared.pastRides.first else { return }
            goTo(.detail(ride))
        }
    }
}
