//
//  CoordinatorFactoryImp.swift
//  TravelPlanner
//

import UIKit

final class CoordinatorFactoryImp: CoordinatorFactory {

    func makeTabbarCoordinator() -> (configurator: Coordinator, toPresent: Presentable?) {
        let controller = TabbarController.controllerFromStoryboard(.main)
        let coordinator = TabbarCoordinator(tabView: controller, coordinatorFactory: CoordinatorFactoryImp())
        return (coordinator, controller)
    }

    func makeOnboardingCoordinator(router: Router) -> Coordinator & OnboardingCoordinatorOutput {
        return OnboardingCoordinator(router: router, factory: ModuleFactoryImp())
    }

    func makeAuthCoordinatorBox(router: Router) -> Coordinator & AuthCoordinatorOutput {
        let coordinator = AuthCoordinator(router: router, factory: ModuleFactoryImp())
        return coordinator
    }

    func makeTripsCoordinator() -> (configurator: Coordinator, toPresent: Presentable?) {
        let navController = navigationController(nil)
        let coordinator = makeTripsCoordinator(navController: navController)
        return (coordinator, navController)
    }

    func makeTripsCoordinator(navController: UINavigationController?) -> Coordinator {
        let coordinator = TripsCoordinator(
            router: router(navController),
            factory: ModuleFactoryImp(),
            coordinatorFactory: CoordinatorFactoryImp()
        )
        return coordinator
    }

    func makeSettingsCoordinator(navController: UINavigationController?) -> Coordinator & SettingsCoordinatorOutput {
        let coordinator = SettingsCoordinator(
            router: router(navController),
            factory: ModuleFactoryImp(),
            session: UserSession.shared
        )
        return coordinator
    }

    func makeTripCreateCoordinatorBox() -> (configurator: Coordinator & TripCreateCoordinatorOutput, toPresent: Presentable?) {
        let modalRouter = router(nil)
        let coordinator = TripCreateCoordinator(router: modalRouter, factory: ModuleFactoryImp(), store: TripStore.shared)
        return (coordinator, modalRouter)
    }

    // MARK: - Helpers

    private func router(_ navController: UINavigationController?) -> Router {
        return RouterImp(rootController: navigationController(navController))
    }

    private func navigationController(_ navController: UINavigationController?) -> UINavigationController {
        if let navController = navController {
            return navController
        }
        return UINavigationController.controllerFromStoryboard(.main)
    }
}
