import UIKit

final class WelcomeViewController: UIViewController, Storyboarded {
    weak var coordinator: OnboardingCoordinator?

    @IBOutlet private var headlineLabel: UILabel!
    @IBOutlet private var bodyLabel: UILabel!
    @IBOutlet private var getStartedButton: UIButton!

    override func viewDidLoad() {
        super.viewDidLoad()
        navigationItem.largeTitleDisplayMode = .never
        headlineLabel.text = "Welcome to RecipeBox"
        bodyLabel.text = "Save the dishes you love, scale them for any table and turn them into a shopping list in one tap."
        getStartedButton.configuration = .filled()
        getStartedButton.configuration?.title = "Get started"
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        navigationController?.setNavigationBarHidden(true, animated: animated)
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        navigationController?.setNavigationBarHidden(false, animated: animated)
    }

    @IBAction func getStartedTapped(_ sender: UIButton) {
        coordinator?.showDietaryPreferences()
    }

    @IBAction func skipTapped(_ sender: UIButton) {
        coordinator?.finishOnboarding(with: [])
    }
}
