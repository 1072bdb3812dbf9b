import UIKit
import Coordinator

final class OrderConfirmationViewController: UIViewController {

    let order: Order

    init(order: Order) {
        self.order = order
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) is not supported")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground

        let check = UIImageView(image: UIImage(systemName: "checkmark.seal.fill"))
        check.tintColor = .systemGreen
        check.preferredSymbolConfiguration = .init(pointSize: 64)

        let label = UILabel()
        label.numberOfLines = 0
        label.textAlignment = .center
        label.text = String(format: NSLocalizedString("Order %@ is on its way.", comment: ""), order.id)

        let ordersButton = UIButton(configuration: .filled())
        ordersButton.setTitle(NSLocalizedString("View my orders", comment: ""), for: .normal)
        ordersButton.addTarget(self, action: #selector(viewOrdersTapped), for: .touchUpInside)

        let doneButton = UIButton(configuration: .plain())
        doneButton.setTitle(NSLocalizedString("Done", comment: ""), for: .normal)
        doneButton.addTarget(self, action: #selector(doneTapped), for: .touchUpInside)

        let stack = UIStackView(arrangedSubviews: [check, label, ordersButton, doneButton])
        stack.axis = .vertical
        stack.alignment = .center
        stack.spacing = 20
        stack.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(stack)
        NSLayoutConstraint.activate([
            stack.centerYAnchor.constraint(equalTo: view.centerYAnchor),
            stack.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
            stack.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
        ])
    }

    @objc private func viewOrdersTapped() {
        // parentCoordinator (set by CartCoordinator.present) survives the dismissal,
        // so the message still finds its way up after the sheet is gone.
        dismiss(animated: true) { [weak self] in
            guard let self else { return }
            self.globalDisplay(page: PageBox(.orders), sender: self)
        }
    }

    @objc private func doneTapped() {
        dismiss(animated: true)
    }
}
