import UIKit
import Coordinate

/// Presented modally by RideRequestCoordinator. Picking or cancelling is
/// handled by the presenter, so this coordinator intercepts nothing.
final class DestinationSearchCoordinator: Coordinator<DestinationSearchViewController> {

    override func start(with completion: @escaping () -> Void = {}) {
        super.start(with: completion)
        rootViewController.places = RideService.shared.knownPlaces
    }
}
