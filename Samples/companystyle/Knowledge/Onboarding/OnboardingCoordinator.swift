import UIKit

/// @mockable
protocol OnboardingCoordinatorType: Coordinator {
    func showCompletion()
    func finishOnboarding()
}

protocol OnboardingCoordinatorDelegate: AnyObject {
    func didFinishOnboarding()
}

/// Runs the first-launch flow from `Onboarding.storyboard`: Welcome → Permissions (→ Privacy policy)
/// → Complete. The storyboard owns the first two steps through segues; the coordinator adds the last one.
final class OnboardingCoordinator: OnboardingCoordinatorType {

    typealias Dependencies = HasSettingsStore

    let rootNavigationController: UINavigationController

    private let navigationController: SectionedNavigationController
    private let dependencies: Dependencies
    private weak var delegate: OnboardingCoordinatorDelegate?
    private weak var flowNavigationController: UINavigationController?

    init(
        _ navigationController: UINavigationController,
        dependencies: Dependencies = resolve(),
        delegate: OnboardingCoordinatorDelegate?
    ) {
        self.rootNavigationController = navigationController
        self.navigationController = SectionedNavigationController(navigationController)
        self.dependencies = dependencies
        self.delegate = delegate
    }

    func start(animated: Bool) {
        guard let flow = UIStoryboard(name: "Onboarding", bundle: nil).instantiateInitialViewController() as? UINavigationController,
              let welcome = flow.viewControllers.first as? WelcomeViewController else {
            assertionFailure("Onboarding.storyboard must start with a navigation controller embedding WelcomeViewController")
            return
        }
        welcome.presenter = OnboardingPresenter(coordinator: self, settingsStore: dependencies.settingsStore)
        flow.modalPresentationStyle = .fullScreen
        flowNavigationController = flow
        navigationController.present(flow, animated: animated)
    }

    func stop(animated: Bool) {
        navigationController.dismissAndPopAll(animated: animated)
        delegate?.didFinishOnboarding()
    }

    // MARK: - OnboardingCoordinatorType

    func showCompletion() {
        let storyboard = UIStoryboard(name: "Onboarding", bundle: nil)
        guard let complete = storyboard.instantiateViewController(
            withIdentifier: "OnboardingCompleteViewController"
        ) as? OnboardingCompleteViewController else {
            return
        }
        complete.presenter = OnboardingPresenter(coordinator: self, settingsStore: dependencies.settingsStore)
        flowNavigationController?.pushViewController(complete, animated: true)
    }

    func finishOnboarding() {
        stop(animated: true)
    }
}
