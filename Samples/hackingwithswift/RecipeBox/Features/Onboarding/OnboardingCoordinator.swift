import UIKit

protocol OnboardingCoordinatorDelegate: AnyObject {
    func onboardingCoordinatorDidFinish(_ coordinator: OnboardingCoordinator)
}

final class OnboardingCoordinator: Coordinator {
    var childCoordinators = [Coordinator]()
    var navigationController: UINavigationController
    weak var delegate: OnboardingCoordinatorDelegate?

    private let session: UserSession

    init(navigationController: UINavigationController, session: UserSession = .shared) {
        self.navigationController = navigationController
        self.session = session
    }

    func start() {
        let vc = WelcomeViewController.instantiate()
        vc.coordinator = self
        navigationController.setViewControllers([vc], animated: false)
    }

    func showDietaryPreferences() {
        let vc = DietaryPreferencesViewController()
        vc.coordinator = self
        vc.selected = Set(session.profile.dietaryPreferences)
        navigationController.pushViewController(vc, animated: true)
    }

    func finishOnboarding(with preferences: [String]) {
        var profile = session.profile
        profile.dietaryPreferences = preferences
        session.profile = profile
        delegate?.onboardingCoordinatorDidFinish(self)
    }
}
