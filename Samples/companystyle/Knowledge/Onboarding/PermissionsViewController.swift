import UIKit

/// Asks for notification permission. "Privacy policy" is a modal presentation segue in the storyboard.
final class PermissionsViewController: UIViewController {

    var presenter: OnboardingPresenter!

    @IBOutlet private weak var allowButton: UIButton!
    @IBOutlet private weak var notNowButton: UIButton!
    @IBOutlet private weak var activityIndicator: UIActivityIndicatorView!

    override func viewDidLoad() {
        super.viewDidLoad()
        allowButton.layer.cornerRadius = 14
        allowButton.layer.cornerCurve = .continuous
        activityIndicator.hidesWhenStopped = true
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        navigationController?.setNavigationBarHidden(false, animated: animated)
    }

    @IBAction private func allowNotificationsTapped(_ sender: UIButton) {
        allowButton.isEnabled = false
        notNowButton.isEnabled = false
        activityIndicator.startAnimating()
        presenter.didTapAllowNotifications()
    }

    @IBAction private func notNowTapped(_ sender: UIButton) {
        presenter.didTapNotNow()
    }
}
