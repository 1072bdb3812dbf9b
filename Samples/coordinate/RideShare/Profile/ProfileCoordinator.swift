import UIKit
import Coordinate

final class ProfileCoordinator: NavigationCoordinator<ProfileViewController> {

    override func start(with completion: @escaping () -> Void = {}) {
        super.start(with: completion)
        rootViewController.tabBarItem = UITabBarItem(
            title: NSLocalizedString("Profile", comment: ""),
            image: UIImage(systemName: "person.crop.circle"),
            tag: 3
        )
    }

    override func interceptEvent(_ event: CoordinateEvents) -> Bool {
        guard let e = event as? AppEvents.Profile else { return false }

        if case .didToggleNotifications(let enabled) = e {
            RideService.shared.notificationsEnabled = enabled
            return true
        }

        if case .didTapSignOut = e {
            // Local cleanup only; AppCoordinator swaps the root afterwards.
            URLCache.shared.removeAllCachedResponses()
            UserDefaults.standard.removeObject(forKey: "lastEmail")
            return false
        }

        return false
    }
}
