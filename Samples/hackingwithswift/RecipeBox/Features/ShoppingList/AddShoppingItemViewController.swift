import UIKit

final class AddShoppingItemViewController: UIViewController {
    var store: ShoppingListStore!
    var onDone: (() -> Void)?

    private let nameField = UITextField()
    private let quantityField = UITextField()
    private let saveButton = UIButton(configuration: .filled())
    private let cancelButton = UIButton(configuration: .plain())

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        if let sheet = sheetPresentationController {
            sheet.detents = [.medium()]
            sheet.prefersGrabberVisible = true
        }

        nameField.placeholder = "Item, e.g. Lemons"
        nameField.borderStyle = .roundedRect
        nameField.returnKeyType = .next
        nameField.addTarget(self, action: #selector(nameChanged), for: .editingChanged)

        quantityField.placeholder = "Quantity, e.g. 2"
        quantityField.borderStyle = .roundedRect

        saveButton.configuration?.title = "Add to list"
        saveButton.isEnabled = false
        saveButton.addTarget(self, action: #selector(saveTapped), for: .touchUpInside)

        cancelButton.configuration?.title = "Cancel"
        cancelButton.addTarget(self, action: #selector(cancelTapped), for: .touchUpInside)

        let stack = UIStackView(arrangedSubviews: [nameField, quantityField, saveButton, cancelButton])
        stack.axis = .vertical
        stack.spacing = 12
        stack.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(stack)
        NSLayoutConstraint.activate([
            stack.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
            stack.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
            stack.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 24)
        ])
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        nameField.becomeFirstResponder()
    }

    @objc private func nameChanged() {
        let name = nameField.text?.trimmingCharacters(in: .whitespaces) ?? ""
        saveButton.isEnabled = !name.isEmpty
    }

    @objc private func saveTapped() {
        let name = nameField.text?.trimmingCharacters(in: .whitespaces) ?? ""
        guard !name.isEmpty else { return }
        store.add(ShoppingItem(name: name, quantity: quantityField.text ?? ""))
        onDone?()
    }

    @objc private func cancelTapped() {
        onDone?()
    }
}
