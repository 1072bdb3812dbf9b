import UIKit
import XCoordinator

enum SettingsRoute: Route {
    case textSize
}

/// Settings tab. The overview screen is installed as the navigation root when the coordinator is created.
final class SettingsCoordinator: NavigationCoordinator<SettingsRoute> {

    init() {
        let settingsViewController = SettingsViewController()
        super.init(root: settingsViewController)
        rootViewController.navigationBar.prefersLargeTitles = true
        settingsViewController.bind(to: SettingsViewModel(router: unownedRouter))
    }
}
