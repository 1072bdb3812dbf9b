//
//  TabbarController.swift
//  TravelPlanner
//

import UIKit

protocol TabbarView: BaseView {
    var onTripsFlowSelect: ((UINavigationController) -> Void)? { get set }
    var onSettingsFlowSelect: ((UINavigationController) -> Void)? { get set }
    var onViewDidLoad: ((UINavigationController) -> Void)? { get set }
}

/// Main.storyboard scene "TabbarController": two tabs, each an empty UINavigationController.
final class TabbarController: UITabBarController, UITabBarControllerDelegate, TabbarView {

    private enum Tab: Int {
        case trips = 0
        case settings = 1
    }

    // MARK: - TabbarView

    var onTripsFlowSelect: ((UINavigationController) -> Void)?
    var onSettingsFlowSelect: ((UINavigationController) -> Void)?
    var onViewDidLoad: ((UINavigationController) -> Void)?

    override func viewDidLoad() {
        super.viewDidLoad()
        delegate = self
        tabBar.tintColor = UIColor(named: "AccentColor")

        if let controller = customizableViewControllers?.first as? UINavigationController {
            onViewDidLoad?(controller)
        }
    }

    // MARK: - UITabBarControllerDelegate

    func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {
        guard
            let controller = viewControllers?[selectedIndex] as? UINavigationController,
            let tab = Tab(rawValue: selectedIndex)
        else { return }

        switch tab {
        case .trips:
            onTripsFlowSelect?(controller)
        case .settings:
            onSettingsFlowSelect?(controller)
        }
    }
}
