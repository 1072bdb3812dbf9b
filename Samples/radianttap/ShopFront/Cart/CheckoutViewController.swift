import UIKit
import Coordinator

/// Designed in Cart.storyboard (identifier "CheckoutViewController").
final class CheckoutViewController: UIViewController {

    var cartStore: CartStore?
    var isSignedIn = false

    @IBOutlet private var totalLabel: UILabel!
    @IBOutlet private var placeOrderButton: UIButton!
    @IBOutlet private var signInButton: UIButton!
    @IBOutlet private var addressField: UITextField!

    override func viewDidLoad() {
        super.viewDidLoad()
        title = NSLocalizedString("Checkout", comment: "")

        let formatter = NumberFormatter()
        formatter.numberStyle = .currency
        formatter.currencyCode = "EUR"
        totalLabel.text = formatter.string(from: (cartStore?.total ?? 0) as NSDecimalNumber)

        signInButton.isHidden = isSignedIn
        placeOrderButton.isEnabled = isSignedIn
        addressField.delegate = self
    }

    // MARK: - Actions

    @IBAction private func placeOrderTapped(_ sender: UIButton) {
        view.endEditing(true)
        sender.isEnabled = false
        checkoutPlaceOrder(sender: self)
    }

    @IBAction private func signInTapped(_ sender: UIButton) {
        globalDisplay(page: PageBox(.login), sender: self)
    }
}

extension CheckoutViewController: UITextFieldDelegate {
    func textFieldShouldReturn(_ textField: UITextField) -> Bool {
        textField.resignFirstResponder()
        return true
    }
}
