//
//  ApplicationCoordinator.swift
//  TravelPlanner
//

import Foundation

final class ApplicationCoordinator: BaseCoordinator {

    private enum LaunchInstructor {
        case main
        case auth
        case onboarding

        static func configure(onboardingWasShown: Bool, isAuthorized: Bool) -> LaunchInstructor {
            switch (onboardingWasShown, isAuthorized) {
            case (_, false):
                return .auth
            case (false, true):
                return .onboarding
            case (true, true):
                return .main
            }
        }
    }

    private let coordinatorFactory: CoordinatorFactory
    private let router: Router
    private let session: UserSession

    private var instructor: LaunchInstructor {
        return LaunchInstructor.configure(
            onboardingWasShown: session.onboardingWasShown,
            isAuthorized: session.isAuthorized
        )
    }

    init(router: Router, coordinatorFactory: CoordinatorFactory, session: UserSession) {
        self.router = router
        self.coordinatorFactory = coordinatorFactory
        self.session = session
    }

    override func start(with option: DeepLinkOption?) {
        if let option = option {
            switch option {
            case .onboarding:
                runOnboardingFlow()
            case .signUp:
                runAuthFlow()
            case .trips:
                runMainFlow()
            default:
                childCoordinators.forEach { coordinator in
                    coordinator.start(with: option)
                }
            }
        } else {
            switch instructor {
            case .onboarding:
                runOnboardingFlow()
            case .auth:
                runAuthFlow()
            case .main:
                runMainFlow()
            }
        }
    }

    // MARK: - Flows

    private func runAuthFlow() {
        let coordinator = coordinatorFactory.makeAuthCoordinatorBox(router: router)
        coordinator.finishFlow = { [weak self, weak coordinator] in
            self?.session.isAuthorized = true
            self?.start()
            self?.removeDependency(coordinator)
        }
        addDependency(coordinator)
        coordinator.start()
    }

    private func runOnboardingFlow() {
        let coordinator = coordinatorFactory.makeOnboardingCoordinator(router: router)
        coordinator.finishFlow = { [weak self, weak coordinator] in
            self?.session.onboardingWasShown = true
            self?.start()
            self?.removeDependency(coordinator)
        }
        addDependency(coordinator)
        coordinator.start()
    }

    private func runMainFlow() {
        let (coordinator, module) = coordinatorFactory.makeTabbarCoordinator()
        addDependency(coordinator)
        router.setRootModule(module, hideBar: true)
        coordinator.start()
    }
}
