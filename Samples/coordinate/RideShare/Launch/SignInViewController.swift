import UIKit
import Coordinate

final class SignInViewController: UIViewController, Coordinated {

    weak var parentCoordinator: ContainerCoordinator?

    var prefilledEmail: String?

    private let emailField = UITextField()
    private let passwordField = UITextField()
    private let signInButton = UIButton(configuration: .filled())

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground

        emailField.placeholder = NSLocalizedString("Email", comment: "")
        emailField.text = prefilledEmail
        emailField.keyboardType = .emailAddress
        emailField.autocapitalizationType = .none
        emailField.borderStyle = .roundedRect
        passwordField.placeholder = NSLocalizedString("Password", comment: "")
        passwordField.isSecureTextEntry = true
        passwordField.borderStyle = .roundedRect

        signInButton.setTitle(NSLocalizedString("Sign in", comment: ""), for: .normal)
        signInButton.addTarget(self, action: #selector(signInTapped), for: .touchUpInside)

        let stack = UIStackView(arrangedSubviews: [emailField, passwordField, signInButton])
        stack.axis = .vertical
        stack.spacing = 14
        stack.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(stack)
        NSLayoutConstraint.activate([
            stack.centerYAnchor.constraint(equalTo: view.centerYAnchor),
            stack.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
            stack.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
        ])
    }

    @objc private func signInTapped() {
        guard let email = emailField.text, !email.isEmpty else { return }
        signInButton.isEnabled = false
        UserDefaults.standard.set(email, forKey: "lastEmail")

        RideService.shared.signIn(email: email, password: passwordField.text ?? "") { [weak self] result in
            guard let self else { return }
            self.signInButton.isEnabled = true
            if case .success(let user) = result {
                self.emitEvent(AppEvents.Session.didSignIn(user))
            }
        }
    }
}
