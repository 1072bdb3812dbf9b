import UIKit

/// Designed in Account.storyboard (identifier "GiftCardsViewController").
final class GiftCardsViewController: UIViewController {

    var email: String?

    @IBOutlet private var balanceLabel: UILabel!
    @IBOutlet private var codeField: UITextField!
    @IBOutlet private var redeemButton: UIButton!

    override func viewDidLoad() {
        super.viewDidLoad()
        title = NSLocalizedString("Gift cards", comment: "")
        balanceLabel.text = NSLocalizedString("No balance", comment: "")
        redeemButton.isEnabled = false
        codeField.addTarget(self, action: #selector(codeChanged(_:)), for: .editingChanged)
    }

    @objc private func codeChanged(_ field: UITextField) {
        redeemButton.isEnabled = (field.text ?? "").count == 16
    }

    @IBAction private func redeemTapped(_ sender: UIButton) {
        codeField.resignFirstResponder()
        sender.isEnabled = false
        balanceLabel.text = email.map { String(format: NSLocalizedString("Redeeming for %@…", comment: ""), $0) }
    }
}
