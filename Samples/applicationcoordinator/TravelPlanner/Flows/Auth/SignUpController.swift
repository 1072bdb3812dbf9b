//
//  SignUpController.swift
//  TravelPlanner
//

import UIKit

protocol SignUpView: BaseView {
    var onSignUpComplete: (() -> Void)? { get set }
}

final class SignUpController: UIViewController, SignUpView {

    // MARK: - SignUpView

    var onSignUpComplete: (() -> Void)?

    // MARK: - Outlets

    @IBOutlet private weak var nameField: UITextField!
    @IBOutlet private weak var emailField: UITextField!
    @IBOutlet private weak var passwordField: UITextField!
    @IBOutlet private weak var termsSwitch: UISwitch!
    @IBOutlet private weak var signUpButton: UIBarButtonItem!

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Create account"
        termsSwitch.isOn = false
        signUpButton.isEnabled = false
    }

    // MARK: - Actions

    @IBAction private func termsSwitchChanged(_ sender: UISwitch) {
        signUpButton.isEnabled = sender.isOn
    }

    @IBAction private func signUpTapped(_ sender: UIBarButtonItem) {
        guard
            let name = nameField.text, !name.isEmpty,
            let email = emailField.text, email.contains("@")
        else {
            shake(nameField)
            return
        }
        onSignUpComplete?()
    }

    private func shake(_ view: UIView) {
        let animation = CAKeyframeAnimation(keyPath: "transform.translation.x")
        animation.values = [-8, 8, -6, 6, -3, 3, 0]
        animation.duration = 0.4
        view.layer.add(animation, forKey: "shake")
    }
}
