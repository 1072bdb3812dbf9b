import Foundation
import Coordinate

/// Everything a screen can tell its coordinators. Screens call `emitEvent(_:)`;
/// the event travels up the parentCoordinator links until some coordinator's
/// `interceptEvent(_:)` returns true.
enum AppEvents {

    enum Splash: CoordinateEvents {
        case didFinishLoading(isSignedIn: Bool)
    }

    enum Session: CoordinateEvents {
        case didSignIn(User)
    }

    enum Request: CoordinateEvents {
        case didTapDestination
        case didPickDestination(Place)
        case didCancelSearch
        case didBook(Ride)
        case didTapAddPayment
    }

    enum Rides: CoordinateEvents {
        case didPick(Ride)
        case didTapDriver(Driver)
        case didTapReportIssue(Ride)
    }

    enum Drivers: CoordinateEvents {
        case didPick(Driver)
        case didTapRequestRide(Driver)
    }

    enum Profile: CoordinateEvents {
        case didToggleNotifications(Bool)
        case didTapSignOut
    }
}
