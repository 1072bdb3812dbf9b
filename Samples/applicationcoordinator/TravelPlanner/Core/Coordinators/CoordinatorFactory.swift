//
//  CoordinatorFactory.swift
//  TravelPlanner
//

import UIKit

protocol CoordinatorFactory {

    func makeTabbarCoordinator() -> (configurator: Coordinator, toPresent: Presentable?)

    func makeOnboardingCoordinator(router: Router) -> Coordinator & OnboardingCoordinatorOutput

    func makeAuthCoordinatorBox(router: Router) -> Coordinator & AuthCoordinatorOutput

    func makeTripsCoordinator() -> (configurator: Coordinator, toPresent: Presentable?)
    func makeTripsCoordinator(navController: UINavigationController?) -> Coordinator

    func makeSettingsCoordinator(navController: UINavigationController?) -> Coordinator & SettingsCoordinatorOutput

    func makeTripCreateCoordinatorBox() -> (configurator: Coordinator & TripCreateCoordinatorOutput, toPresent: Presentable?)
}
