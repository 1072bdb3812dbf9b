import UIKit
import Coordinator

/// Footer of the cart table: total plus the checkout button.
final class CartSummaryView: UIView {

    private let totalLabel = UILabel()
    private let checkoutButton = UIButton(type: .system)

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .secondarySystemBackground

        totalLabel.font = .preferredFont(forTextStyle: .title3)
        totalLabel.textAlignment = .center

        var config = UIButton.Configuration.filled()
        config.title = NSLocalizedString("Checkout", comment: "")
        config.cornerStyle = .large
        checkoutButton.configuration = config
        checkoutButton.addTarget(self, action: #selector(checkoutTapped(_:)), for: .touchUpInside)

        let stack = UIStackView(arrangedSubviews: [totalLabel, checkoutButton])
        stack.axis = .vertical
        stack.spacing = 12
        stack.translatesAutoresizingMaskIntoConstraints = false
        addSubview(stack)
        NSLayoutConstraint.activate([
            stack.centerYAnchor.constraint(equalTo: centerYAnchor),
            stack.leadingAnchor.constraint(equalTo: layoutMarginsGuide.leadingAnchor),
            stack.trailingAnchor.constraint(equalTo: layoutMarginsGuide.trailingAnchor),
        ])
    }

    convenience init() {
        self.init(frame: CGRect(x: 0, y: 0, width: 320, height: 120))
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) is not supported")
    }

    func configure(total: Decimal, itemCount: Int) {
        let formatter = NumberFormatter()
        formatter.numberStyle = .currency
        formatter.currencyCode = "EUR"
        totalLabel.text = formatter.string(from: total as NSDecimalNumber)
        checkoutButton.isEnabled = itemCount > 0
        isHidden = itemCount == 0
    }

    @objc private func checkoutTapped(_ button: UIButton) {
        cartCheckout(sender: self)
    }
}
