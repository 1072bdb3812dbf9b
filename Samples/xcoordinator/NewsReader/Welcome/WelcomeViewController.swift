import UIKit

final class WelcomeViewController: UIViewController, BindableType {

    var viewModel: WelcomeViewModel!

    private let headlineLabel = UILabel()
    private let messageLabel = UILabel()
    private let startButton = UIButton(configuration: .filled())

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground

        headlineLabel.font = .systemFont(ofSize: 34, weight: .black)
        headlineLabel.numberOfLines = 0
        messageLabel.font = .preferredFont(forTextStyle: .title3)
        messageLabel.textColor = .secondaryLabel
        messageLabel.numberOfLines = 0
        startButton.configuration?.title = "Start reading"
        startButton.configuration?.cornerStyle = .large
        startButton.addTarget(self, action: #selector(startTapped), for: .touchUpInside)

        let stack = UIStackView(arrangedSubviews: [headlineLabel, messageLabel, startButton])
        stack.axis = .vertical
        stack.spacing = 24
        stack.setCustomSpacing(48, after: messageLabel)
        stack.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(stack)

        NSLayoutConstraint.activate([
            stack.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
            stack.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
            stack.bottomAnchor.constraint(equalTo: view.safeAreaLayoutGuide.bottomAnchor, constant: -32),
            startButton.heightAnchor.constraint(equalToConstant: 52),
        ])
    }

    func bindViewModel() {
        headlineLabel.text = viewModel.headline
        messageLabel.text = viewModel.message
    }

    @objc private func startTapped() {
        viewModel.getStarted()
    }
}
