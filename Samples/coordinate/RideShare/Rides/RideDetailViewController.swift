import UIKit
import Coordinate

final class RideDetailViewController: UIViewController, Coordinated {

    weak var parentCoordinator: ContainerCoordinator?

    var ride: Ride? {
        didSet { if isViewLoaded { render() } }
    }

    private let destinationLabel = UILabel()
    private let fareLabel = UILabel()
    private let driverButton = UIButton(configuration: .gray())
    private let reportButton = UIButton(configuration: .plain())

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        navigationItem.largeTitleDisplayMode = .never

        destinationLabel.font = .preferredFont(forTextStyle: .title2)
        fareLabel.font = .preferredFont(forTextStyle: .body)
        driverButton.addTarget(self, action: #selector(driverTapped), for: .touchUpInside)
        reportButton.setTitle(NSLocalizedString("Report an issue", comment: ""), for: .normal)
        reportButton.addTarget(self, action: #selector(reportTapped), for: .touchUpInside)

        let stack = UIStackView(arrangedSubviews: [destinationLabel, fareLabel, driverButton, reportButton])
        stack.axis = .vertical
        stack.spacing = 16
        stack.alignment = .leading
        stack.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(stack)
        NSLayoutConstraint.activate([
            stack.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 24),
            stack.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
            stack.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
        ])
        render()
    }

    private func render() {
        guard let ride else { return }
        title = ride.destination.name
        destinationLabel.text = ride.destination.address
        fareLabel.text = "€\(ride.fare) · \(ride.status.rawValue.capitalized)"
        driverButton.setTitle("\(ride.driver.name) · ★ \(ride.driver.rating)", for: .normal)
    }

    // MARK: - Actions

    @objc private func driverTapped() {
        guard let ride else { return }
        emitEvent(AppEvents.Rides.didTapDriver(ride.driver))
    }

    @objc private func reportTapped() {
        guard let ride else { return }
        emitEvent(AppEvents.Rides.didTapReportIssue(ride))
    }
}
