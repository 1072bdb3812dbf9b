import UIKit
import Coordinate

final class RideDetailCoordinator: Coordinator<RideDetailViewController> {

    var ride: Ride? {
        didSet { rootViewController.ride = ride }
    }
}
