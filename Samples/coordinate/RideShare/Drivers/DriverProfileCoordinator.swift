import UIKit
import Coordinate

final class DriverProfileCoordinator: Coordinator<DriverProfileViewController> {

    var driver: Driver? {
        didSet { rootViewController.driver = driver }
    }
}
