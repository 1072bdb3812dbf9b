//
//  AdoptionFormViewController.swift
//  PetAdoption
//

import UIKit

protocol AdoptionFormViewControllerDelegate: AnyObject {
    func adoptionFormViewController(_ vc: AdoptionFormViewController, didSubmit application: AdoptionApplication)
}

final class AdoptionFormViewController: UIViewController, StoryboardInstantiable {

    weak var delegate: AdoptionFormViewControllerDelegate?

    var pet: Pet!

    @IBOutlet private weak var headerLabel: UILabel!
    @IBOutlet private weak var nameField: UITextField!
    @IBOutlet private weak var emailField: UITextField!
    @IBOutlet private weak var phoneField: UITextField!
    @IBOutlet private weak var otherPetsSwitch: UISwitch!
    @IBOutlet private weak var messageTextView: UITextView!
    @IBOutlet private weak var submitButton: UIButton!
    @IBOutlet private weak var activityIndicator: UIActivityIndicatorView!

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Application"
        headerLabel.text = "Tell the shelter a bit about yourself and why \(pet.name) would be happy with you."
        messageTextView.layer.borderColor = UIColor.separator.cgColor
        messageTextView.layer.borderWidth = 1
        messageTextView.layer.cornerRadius = 8
    }

    func setSubmitting(_ submitting: Bool) {
        submitButton.isEnabled = !submitting
        submitting ? activityIndicator.startAnimating() : activityIndicator.stopAnimating()
    }

    func showError(_ error: Error) {
        let alert = UIAlertController(title: "Couldn't send application",
                                      message: error.localizedDescription,
                                      preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "OK", style: .default))
        present(alert, animated: true)
    }

    // MARK: - Actions

    @IBAction private func submitTapped(_ sender: UIButton) {
        view.endEditing(true)
        let application = AdoptionApplication(
            petID: pet.id,
            applicantName: nameField.text ?? "",
            email: emailField.text ?? "",
            phone: phoneField.text ?? "",
            hasOtherPets: otherPetsSwitch.isOn,
            message: messageTextView.text ?? ""
        )
        delegate?.adoptionFormViewController(self, didSubmit: application)
    }
}
