import UIKit
import os

/// Destinations that can be opened from outside the app: the `knowledge://` scheme,
/// universal links on knowledge.app and the home screen quick action.
enum DeepLink: Equatable {
    case article(ArticleID)
    case bookmarks
    case settings
}

/// @mockable
protocol RootCoordinatorType: Coordinator {
    func navigate(to link: DeepLink)
}

final class AppCoordinator: RootCoordinatorType {

    typealias Dependencies = HasSettingsStore

    let rootNavigationController: UINavigationController

    private let navigationController: SectionedNavigationController
    private let dependencies: Dependencies
    private let logger = Logger(subsystem: "app.knowledge", category: "AppCoordinator")

    private var articlesCoordinator: ArticlesCoordinator?
    private var onboardingCoordinator: OnboardingCoordinator?
    private var pendingDeepLink: DeepLink?

    // Referral flow; kept here until the invite entry point ships in Settings.
    private lazy var inviteFriendsCoordinator = InviteFriendsCoordinator(rootNavigationController, delegate: self)

    init(_ navigationController: UINavigationController, dependencies: Dependencies = resolve()) {
        self.rootNavigationController = navigationController
        self.navigationController = SectionedNavigationController(navigationController)
        self.dependencies = dependencies
    }

    func start(animated: Bool) {
        let articles = ArticlesCoordinator(rootNavigationController)
        articles.start(animated: animated)
        articlesCoordinator = articles

        guard !dependencies.settingsStore.hasCompletedOnboarding else { return }
        // During launch the window is not on screen yet; UIKit refuses to present before that.
        DispatchQueue.main.async { [weak self] in
            self?.startOnboarding()
        }
    }

    func stop(animated: Bool) {
        onboardingCoordinator?.stop(animated: animated)
        articlesCoordinator?.stop(animated: animated)
        navigationController.dismissAndPopAll(animated: animated)
        articlesCoordinator = nil
    }

    func navigate(to link: DeepLink) {
        logger.info("Handling deep link \(String(describing: link), privacy: .public)")
        guard onboardingCoordinator == nil else {
            pendingDeepLink = link
            return
        }
        guard let articles = articlesCoordinator else { return }

        switch link {
        case .article(let id):
            articles.openArticle(id)
        case .bookmarks:
            articles.openBookmarks()
        case .settings:
            articles.openSettings()
        }
    }

    private func startOnboarding() {
        let onboarding = OnboardingCoordinator(rootNavigationController, delegate: self)
        onboarding.start(animated: true)
        onboardingCoordinator = onboarding
    }
}

// MARK: - OnboardingCoordinatorDelegate

extension AppCoordinator: OnboardingCoordinatorDelegate {
    func didFinishOnboarding() {
        dependencies.settingsStore.hasCompletedOnboarding = true
        onboardingCoordinator = nil

        if let link = pendingDeepLink {
            pendingDeepLink = nil
            navigate(to: link)
        }
    }
}

// MARK: - InviteFriendsCoordinatorDelegate

extension AppCoordinator: InviteFriendsCoordinatorDelegate {
    func didFinishInviteFriends() {
        dependencies.settingsStore.lastInvitePromptDate = Date()
    }
}
