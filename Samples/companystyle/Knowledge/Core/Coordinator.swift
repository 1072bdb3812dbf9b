import UIKit

/// A flow owner. Every feature coordinator works on a navigation controller it is handed by its
/// parent and is responsible for cleaning up whatever it pushed or presented when it stops.
protocol Coordinator: AnyObject {
    var rootNavigationController: UINavigationController { get }

    func start(animated: Bool)
    func stop(animated: Bool)
}
