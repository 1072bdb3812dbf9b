import UIKit
import Coordinate

/// Request · Rides · Drivers · Profile.
final class MainTabCoordinator: TabBarCoordinator<MainTabBarController> {

    var activeRoute: Route?

    override func start(with completion: @escaping () -> Void = {}) {
        super.start(with: completion)
        setCoordinators([
            RideRequestCoordinator(),
            RidesCoordinator(),
            DriversCoordinator(),
            ProfileCoordinator(),
        ])
        goTo(activeRoute ?? .request)
        activeRoute = nil
    }

    override func activate() {
        super.activate()
        if let route = activeRoute {
            activeRoute = nil
            goTo(route)
        }
    }

    // MARK: - Events

    override func interceptEvent(_ event: CoordinateEvents) -> Bool {
        if let e = event as? AppEvents.Rides {
            return interceptEvent(e)
        }

        if let e = event as? AppEvents.Request {
            switch e {
            case .didBook(let ride):
                goTo(.rides(.detail(ride)))
                return true
            case .didTapAddPayment:
                goTo(.profile)
                return true
            default:
                return false
            }
        }

        if let e = event as? AppEvents.Drivers, case .didTapRequestRide(let driver) = e {
            getCached(RideRequestCoordinator.self)?.preferredDriver = driver
            goTo(.request)
            return true
        }

        return false
    }

    /// Cross-tab jumps triggered from the Rides tab.
    private func interceptEvent(_ event: AppEvents.Rides) -> Bool {
        switch event {
        case .didTapDriver(let driver):
            goTo(.drivers(.profile(driver)))
            return true
        default:
            return false
        }
    }
}

extension MainTabCoordinator: HasRoutes {

    enum Route {
        case request
        case rides(RidesCoordinator.Route?)
        case drivers(DriversCoordinator.Route?)
        case profile
    }

    func goTo(_ route: Route) {
        switch route {
        case .request:
            let c = getCached(RideRequestCoordinator.self) ?? RideRequestCoordinator()
            select(c)

        case .rides(let sub):
            let c = getCached(RidesCoordinator.self) ?? RidesCoordinator()
            c.activeRoute = sub
            select(c)

        case .drivers(let sub):
            let c = getCached(DriversCoordinator.self) ?? DriversCoordinator()
            c.activeRoute = sub
            select(c)

        case .profile:
            let c = getCached(ProfileCoordinator.self) ?? ProfileCoordinator()
            select(c)
        }
    }
}
