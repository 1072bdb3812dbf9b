import UIKit
import Coordinator

final class PasswordResetViewController: UIViewController {

    private let prefilledEmail: String?
    private let emailField = UITextField()
    private let sendButton = UIButton(configuration: .filled())

    init(prefilledEmail: String?) {
        self.prefilledEmail = prefilledEmail
        super.init(nibName: nil, bundle: nil)
        title = NSLocalizedString("Reset password", comment: "")
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) is not supported")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground

        emailField.text = prefilledEmail
        emailField.placeholder = NSLocalizedString("Email", comment: "")
        emailField.keyboardType = .emailAddress
        emailField.borderStyle = .roundedRect
        emailField.addTarget(self, action: #selector(emailChanged), for: .editingChanged)

        sendButton.setTitle(NSLocalizedString("Send reset link", comment: ""), for: .normal)
        sendButton.addTarget(self, action: #selector(sendTapped), for: .touchUpInside)
        emailChanged()

        let stack = UIStackView(arrangedSubviews: [emailField, sendButton])
        stack.axis = .vertical
        stack.spacing = 16
        stack.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(stack)
        NSLayoutConstraint.activate([
            stack.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 24),
            stack.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
            stack.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
        ])
    }

    @objc private func emailChanged() {
        sendButton.isEnabled = (emailField.text ?? "").contains("@")
    }

    @objc private func sendTapped() {
        guard let email = emailField.text, !email.isEmpty else { return }
        sendButton.isEnabled = false
        accountResetPassword(email: email, sender: self)
    }
}
