//
//  LoginController.swift
//  TravelPlanner
//

import UIKit

protocol LoginView: BaseView {
    var onLogin: (() -> Void)? { get set }
    var onSignUpTap: (() -> Void)? { get set }
}

final class LoginController: UIViewController, LoginView {

    // MARK: - LoginView

    var onLogin: (() -> Void)?
    var onSignUpTap: (() -> Void)?

    // MARK: - Outlets

    @IBOutlet private weak var emailField: UITextField!
    @IBOutlet private weak var passwordField: UITextField!
    @IBOutlet private weak var loginButton: UIButton!
    @IBOutlet private weak var errorLabel: UILabel!

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Sign in"
        errorLabel.isHidden = true
        loginButton.isEnabled = false
        [emailField, passwordField].forEach {
            $0?.addTarget(self, action: #selector(textChanged), for: .editingChanged)
        }
    }

    // MARK: - Actions

    @objc private func textChanged() {
        let email = emailField.text ?? ""
        let password = passwordField.text ?? ""
        loginButton.isEnabled = email.contains("@") && password.count >= 6
    }

    @IBAction private func loginTapped(_ sender: UIButton) {
        view.endEditing(true)
        errorLabel.isHidden = true
        onLogin?()
    }

    @IBAction private func signUpTapped(_ sender: UIButton) {
        onSignUpTap?()
    }
}
