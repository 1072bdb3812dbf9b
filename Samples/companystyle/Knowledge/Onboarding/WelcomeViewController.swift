import UIKit

/// Root scene of `Onboarding.storyboard`. "Get started" is a show segue to `PermissionsViewController`.
final class WelcomeViewController: UIViewController {

    var presenter: OnboardingPresenter!

    @IBOutlet private weak var titleLabel: UILabel!
    @IBOutlet private weak var getStartedButton: UIButton!

    override func viewDidLoad() {
        super.viewDidLoad()
        titleLabel.font = .systemFont(ofSize: 34, weight: .heavy)
        titleLabel.adjustsFontForContentSizeCategory = true
        getStartedButton.layer.cornerRadius = 14
        getStartedButton.layer.cornerCurve = .continuous
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        navigationController?.setNavigationBarHidden(true, animated: animated)
    }

    override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
        super.prepare(for: segue, sender: sender)
        if let permissions = segue.destination as? PermissionsViewController {
            permissions.presenter = presenter
        }
    }
}
