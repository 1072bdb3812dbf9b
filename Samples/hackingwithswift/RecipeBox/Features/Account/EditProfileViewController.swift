import UIKit

final class EditProfileViewController: UIViewController, Storyboarded {
    weak var coordinator: AccountCoordinator?
    var profile: UserProfile = .guest

    @IBOutlet private var nameField: UITextField!
    @IBOutlet private var emailField: UITextField!
    @IBOutlet private var errorLabel: UILabel!

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Profile"
        navigationItem.largeTitleDisplayMode = .never
        nameField.text = profile.isGuest ? "" : profile.displayName
        emailField.text = profile.email
        emailField.keyboardType = .emailAddress
        emailField.autocapitalizationType = .none
        errorLabel.isHidden = true
    }

    @IBAction func saveTapped(_ sender: UIBarButtonItem) {
        let name = nameField.text?.trimmingCharacters(in: .whitespaces) ?? ""
        let email = emailField.text?.trimmingCharacters(in: .whitespaces) ?? ""

        guard !name.isEmpty else {
            showError("Please enter your name.")
            return
        }
        guard email.contains("@"), email.contains(".") else {
            showError("That email address doesn't look right.")
            return
        }

        var updated = profile
        updated.displayName = name
        updated.email = email
        coordinator?.profileSaved(updated)
    }

    private func showError(_ message: String) {
        errorLabel.text = message
        errorLabel.isHidden = false
        UIAccessibility.post(notification: .announcement, argument: message)
    }
}
