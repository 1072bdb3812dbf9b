//
//  TabbarCoordinator.swift
//  TravelPlanner
//

import UIKit

final class TabbarCoordinator: BaseCoordinator {

    private let tabView: TabbarView
    private let coordinatorFactory: CoordinatorFactory

    init(tabView: TabbarView, coordinatorFactory: CoordinatorFactory) {
        self.tabView = tabView
        self.coordinatorFactory = coordinatorFactory
    }

    override func start() {
        tabView.onViewDidLoad = runTripsFlow()
        tabView.onTripsFlowSelect = runTripsFlow()
        tabView.onSettingsFlowSelect = runSettingsFlow()
    }

    // MARK: - Tab flows (created lazily, the first time a tab is shown)

    private func runTripsFlow() -> ((UINavigationController) -> Void) {
        return { [unowned self] navController in
            guard navController.viewControllers.isEmpty else { return }
            let tripsCoordinator = self.coordinatorFactory.makeTripsCoordinator(navController: navController)
            self.addDependency(tripsCoordinator)
            tripsCoordinator.start()
        }
    }

    private func runSettingsFlow() -> ((UINavigationController) -> Void) {
        return { [unowned self] navController in
            guard navController.viewControllers.isEmpty else { return }
            let settingsCoordinator = self.coordinatorFactory.makeSettingsCoordinator(navController: navController)
            self.addDependency(settingsCoordinator)
            settingsCoordinator.start()
        }
    }
}
