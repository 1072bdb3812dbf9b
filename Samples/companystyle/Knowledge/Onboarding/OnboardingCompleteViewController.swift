import UIKit

/// Last onboarding step, instantiated by identifier and pushed by `OnboardingCoordinator`.
final class OnboardingCompleteViewController: UIViewController {

    var presenter: OnboardingPresenter!

    @IBOutlet private weak var checkmarkView: UIImageView!
    @IBOutlet private weak var startReadingButton: UIButton!

    override func viewDidLoad() {
        super.viewDidLoad()
        navigationItem.hidesBackButton = true
        startReadingButton.layer.cornerRadius = 14
        startReadingButton.layer.cornerCurve = .continuous
        checkmarkView.preferredSymbolConfiguration = UIImage.SymbolConfiguration(pointSize: 72, weight: .semibold)
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        checkmarkView.transform = CGAffineTransform(scaleX: 0.6, y: 0.6)
        UIView.animate(withDuration: 0.4, delay: 0, usingSpringWithDamping: 0.5, initialSpringVelocity: 0.8) {
            self.checkmarkView.transform = .identity
        }
    }

    @IBAction private func startReadingTapped(_ sender: UIButton) {
        presenter.didTapStartReading()
    }
}
