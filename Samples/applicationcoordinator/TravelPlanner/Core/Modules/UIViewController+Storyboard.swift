//
//  UIViewController+Storyboard.swift
//  TravelPlanner
//

import UIKit

enum Storyboards: String {
    case main = "Main"
    case onboarding = "Onboarding"
    case auth = "Auth"
    case trips = "Trips"
    case tripCreate = "TripCreate"
    case settings = "Settings"
}

extension NSObject {

    /// `TravelPlanner.LoginController` -> `LoginController`
    class var nameOfClass: String {
        return NSStringFromClass(self).components(separatedBy: ".").last ?? ""
    }
}

extension UIViewController {

    private class func instantiateController<T: UIViewController>(in storyboard: UIStoryboard, identifier: String) -> T {
        guard let controller = storyboard.instantiateViewController(withIdentifier: identifier) as? T else {
            fatalError("Storyboard scene \(identifier) is not a \(T.self)")
        }
        return controller
    }

    class func controllerInStoryboard(_ storyboard: UIStoryboard, identifier: String) -> Self {
        return instantiateController(in: storyboard, identifier: identifier)
    }

    /// Storyboard file = `Storyboards` raw value, scene identifier = class name.
    class func controllerFromStoryboard(_ storyboard: Storyboards) -> Self {
        let board = UIStoryboard(name: storyboard.rawValue, bundle: Bundle.main)
        return controllerInStoryboard(board, identifier: nameOfClass)
    }
}
