import UIKit
import Coordinate

final class RideRequestCoordinator: NavigationCoordinator<RideRequestViewController> {

    var activeRoute: Route?

    var preferredDriver: Driver? {
        didSet { rootViewController.preferredDriver = preferredDriver }
    }

    override func start(with completion: @escaping () -> Void = {}) {
        super.start(with: completion)
        rootViewController.tabBarItem = UITabBarItem(
            title: NSLocalizedString("Ride", comment: ""),
            image: UIImage(systemName: "car.fill"),
            tag: 0
        )
    }

    override func interceptEvent(_ event: CoordinateEvents) -> Bool {
        guard let e = event as? AppEvents.Request else { return false }

        switch e {
        case .didTapDestination:
            goTo(.searchDestination)
            return true

        case .didPickDestination(let place):
            dismiss(animated: true, completion: nil)
            rootViewController.destination = place
            return true

        case .didCancelSearch:
            dismiss(animated: true, completion: nil)
            return true

        case .didBook:
            // Reset the form, then let the tab bar jump to the new ride.
            preferredDriver = nil
            rootViewController.destination = nil
            return false

        case .didTapAddPayment:
            return false
        }
    }
}

extension RideRequestCoordinator: HasRoutes {

    enum Route {
        case searchDestination
    }

    func goTo(_ route: Route) {
        switch route {
        case .searchDestination:
            let c = getCached(DestinationSearchCoordinator.self) ?? DestinationSearchCoordinator()
            present(c, animated: true, completion: nil)
        }
    }
}
