import UIKit

final class AboutViewController: UIViewController {

    private let version: String

    init(version: String) {
        self.version = version
        super.init(nibName: nil, bundle: nil)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = NSLocalizedString("about.title", value: "About", comment: "")
        view.backgroundColor = .systemGroupedBackground

        let logo = UIImageView(image: UIImage(named: "AppIconLarge"))
        logo.contentMode = .scaleAspectFit
        logo.heightAnchor.constraint(equalToConstant: 96).isActive = true

        let versionLabel = UILabel()
        versionLabel.text = "Knowledge \(version)"
        versionLabel.font = .preferredFont(forTextStyle: .headline)

        let creditsLabel = UILabel()
        creditsLabel.text = NSLocalizedString(
            "about.credits",
            value: "Made by a small team that reads too much.",
            comment: ""
        )
        creditsLabel.numberOfLines = 0
        creditsLabel.textAlignment = .center
        creditsLabel.textColor = .secondaryLabel

        let stack = UIStackView(arrangedSubviews: [logo, versionLabel, creditsLabel])
        stack.axis = .vertical
        stack.alignment = .center
        stack.spacing = 12
        stack.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(stack)

        NSLayoutConstraint.activate([
            stack.centerYAnchor.constraint(equalTo: view.centerYAnchor),
            stack.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
            stack.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
        ])
    }
}
