import UIKit

final class AboutViewController: UIViewController {
    private let versionLabel = UILabel()
    private let creditsLabel = UILabel()
    private let closeButton = UIButton(configuration: .gray())

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground

        let info = Bundle.main.infoDictionary
        let version = info?["CFBundleShortVersionString"] as? String ?? "1.0"
        let build = info?["CFBundleVersion"] as? String ?? "1"
        versionLabel.text = "RecipeBox \(version) (\(build))"
        versionLabel.font = .preferredFont(forTextStyle: .headline)

        creditsLabel.text = "Made with love and far too much garlic."
        creditsLabel.textColor = .secondaryLabel
        creditsLabel.numberOfLines = 0

        closeButton.configuration?.title = "Close"
        closeButton.addTarget(self, action: #selector(closeTapped), for: .touchUpInside)

        let stack = UIStackView(arrangedSubviews: [versionLabel, creditsLabel, closeButton])
        stack.axis = .vertical
        stack.alignment = .center
        stack.spacing = 16
        stack.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(stack)
        NSLayoutConstraint.activate([
            stack.centerYAnchor.constraint(equalTo: view.centerYAnchor),
            stack.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
            stack.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor)
        ])
    }

    @objc private func closeTapped() {
        dismiss(animated: true)
    }
}
