import UIKit
import Coordinator

final class LoginViewController: UIViewController {

    private let emailField = UITextField()
    private let passwordField = UITextField()
    private let errorLabel = UILabel()
    private let submitButton = UIButton(configuration: .filled())
    private let forgotButton = UIButton(configuration: .plain())
    private let spinner = UIActivityIndicatorView(style: .medium)

    override func viewDidLoad() {
        super.viewDidLoad()
        title = NSLocalizedString("Sign in", comment: "")
        view.backgroundColor = .systemBackground

        navigationItem.leftBarButtonItem = UIBarButtonItem(
            barButtonSystemItem: .cancel,
            target: self,
            action: #selector(cancelTapped)
        )

        emailField.placeholder = NSLocalizedString("Email", comment: "")
        emailField.keyboardType = .emailAddress
        emailField.autocapitalizationType = .none
        emailField.borderStyle = .roundedRect
        passwordField.placeholder = NSLocalizedString("Password", comment: "")
        passwordField.isSecureTextEntry = true
        passwordField.borderStyle = .roundedRect
        errorLabel.textColor = .systemRed
        errorLabel.numberOfLines = 0
        errorLabel.isHidden = true

        submitButton.setTitle(NSLocalizedString("Sign in", comment: ""), for: .normal)
        submitButton.addTarget(self, action: #selector(submitTapped), for: .touchUpInside)
        forgotButton.setTitle(NSLocalizedString("Forgot password?", comment: ""), for: .normal)
        forgotButton.addTarget(self, action: #selector(forgotTapped), for: .touchUpInside)

        let stack = UIStackView(arrangedSubviews: [emailField, passwordField, errorLabel, submitButton, spinner, forgotButton])
        stack.axis = .vertical
        stack.spacing = 12
        stack.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(stack)
        NSLayoutConstraint.activate([
            stack.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 24),
            stack.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
            stack.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
        ])
    }

    func setBusy(_ busy: Bool) {
        submitButton.isEnabled = !busy
        busy ? spinner.startAnimating() : spinner.stopAnimating()
    }

    func showError(_ message: String) {
        errorLabel.text = message
        errorLabel.isHidden = false
    }

    // MARK: - Actions

    @objc private func submitTapped() {
        errorLabel.isHidden = true
        accountSubmitCredentials(
            email: emailField.text ?? "",
            password: passwordField.text ?? "",
            sender: self
        )
    }

    @objc private func forgotTapped() {
        accountForgotPassword(email: emailField.text, sender: self)
    }

    @objc private func cancelTapped() {
        accountLoginCancel(sender: self)
    }
}
