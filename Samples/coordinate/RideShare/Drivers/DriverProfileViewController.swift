import UIKit
import Coordinate

final class DriverProfileViewController: UIViewController, Coordinated {

    weak var parentCoordinator: ContainerCoordinator?

    var driver: Driver? {
        didSet { if isViewLoaded { render() } }
    }

    private let avatarView = UIImageView(image: UIImage(systemName: "person.crop.circle.fill"))
    private let nameLabel = UILabel()
    private let carLabel = UILabel()
    private let requestButton = UIButton(configuration: .filled())

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground

        avatarView.preferredSymbolConfiguration = .init(pointSize: 72)
        nameLabel.font = .preferredFont(forTextStyle: .title1)
        carLabel.textColor = .secondaryLabel
        requestButton.setTitle(NSLocalizedString("Request a ride with this driver", comment: ""), for: .normal)
        requestButton.addTarget(self, action: #selector(requestTapped), for: .touchUpInside)

        let stack = UIStackView(arrangedSubviews: [avatarView, nameLabel, carLabel, requestButton])
        stack.axis = .vertical
        stack.alignment = .center
        stack.spacing = 12
        stack.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(stack)
        NSLayoutConstraint.activate([
            stack.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 32),
            stack.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
            stack.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
        ])
        render()
    }

    private func render() {
        guard let driver else { return }
        title = driver.name
        nameLabel.text = "\(driver.name) · ★ \(driver.rating)"
        carLabel.text = "\(driver.car) · \(driver.plate)"
    }

    @objc private func requestTapped() {
        guard let driver else { return }
        emitEvent(AppEvents.Drivers.didTapRequestRide(driver))
    }
}
