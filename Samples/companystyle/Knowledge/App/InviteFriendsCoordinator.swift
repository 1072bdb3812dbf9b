import UIKit

protocol InviteFriendsCoordinatorDelegate: AnyObject {
    func didFinishInviteFriends()
}

/// Shows the system share sheet with the personal referral link.
final class InviteFriendsCoordinator: Coordinator {

    typealias Dependencies = HasSettingsStore

    let rootNavigationController: UINavigationController

    private let navigationController: SectionedNavigationController
    private let dependencies: Dependencies
    private weak var delegate: InviteFriendsCoordinatorDelegate?

    init(
        _ navigationController: UINavigationController,
        dependencies: Dependencies = resolve(),
        delegate: InviteFriendsCoordinatorDelegate?
    ) {
        self.rootNavigationController = navigationController
        self.navigationController = SectionedNavigationController(navigationController)
        self.dependencies = dependencies
        self.delegate = delegate
    }

    func start(animated: Bool) {
        let message = NSLocalizedString(
            "invite.message",
            value: "I've been learning a lot with Knowledge. Join me:",
            comment: "Text shared together with the referral link"
        )
        let items: [Any] = [message, dependencies.settingsStore.referralURL]
        let activity = UIActivityViewController(activityItems: items, applicationActivities: nil)
        activity.excludedActivityTypes = [.assignToContact, .addToReadingList]
        activity.completionWithItemsHandler = { [weak self] _, _, _, _ in
            self?.stop(animated: false)
        }
        navigationController.present(activity, animated: animated)
    }

    func stop(animated: Bool) {
        navigationController.dismissAndPopAll(animated: animated)
        delegate?.didFinishInviteFriends()
    }
}
