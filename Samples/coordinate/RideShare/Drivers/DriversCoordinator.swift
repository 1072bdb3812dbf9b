import UIKit
import Coordinate

final class DriversCoordinator: NavigationCoordinator<DriversViewController> {

    var activeRoute: Route?

    override func start(with completion: @escaping () -> Void = {}) {
        super.start(with: completion)
        rootViewController.tabBarItem = UITabBarItem(
            title: NSLocalizedString("Drivers", comment: ""),
            image: UIImage(systemName: "star.circle"),
            tag: 2
        )
        if let route = activeRoute {
            activeRoute = nil
            goTo(route)
        }
    }

    override func activate() {
        super.activate()
        if let route = activeRoute {
            activeRoute = nil
            goTo(route)
        }
    }

    override func interceptEvent(_ event: CoordinateEvents) -> Bool {
        guard let e = event as? AppEvents.Drivers else { return false }
        switch e {
        case .didPick(let driver):
            goTo(.profile(driver))
            return true
        case .didTapRequestRide:
            // Booking happens on the Ride tab.
            return false
        }
    }
}

extension DriversCoordinator: HasRoutes {

    enum Route {
        case profile(Driver)
    }

    func goTo(_ route: Route) {
        switch route {
        case .profile(let driver):
            let c = getCached(DriverProfileCoordinator.self) ?? DriverProfileCoordinator()
            c.driver = driver
            show(c, sender: nil)
        }
    }
}
