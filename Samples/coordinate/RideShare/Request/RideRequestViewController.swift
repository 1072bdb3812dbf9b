import UIKit
import MapKit
import Coordinate

final class RideRequestViewController: UIViewController, Coordinated {

    weak var parentCoordinator: ContainerCoordinator?

    var destination: Place? {
        didSet { if isViewLoaded { updateUI() } }
    }

    var preferredDriver: Driver? {
        didSet { if isViewLoaded { updateUI() } }
    }

    private let mapView = MKMapView()
    private let whereToButton = UIButton(configuration: .gray())
    private let fareLabel = UILabel()
    private let requestButton = UIButton(configuration: .filled())
    private let paymentBanner = UIButton(configuration: .tinted())

    override func viewDidLoad() {
        super.viewDidLoad()
        title = NSLocalizedString("Where to?", comment: "")
        view.backgroundColor = .systemBackground

        mapView.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(mapView)

        whereToButton.addTarget(self, action: #selector(whereToTapped), for: .touchUpInside)
        requestButton.setTitle(NSLocalizedString("Request ride", comment: ""), for: .normal)
        requestButton.addTarget(self, action: #selector(requestTapped), for: .touchUpInside)
        paymentBanner.setTitle(NSLocalizedString("Add a payment method to ride", comment: ""), for: .normal)
        paymentBanner.addTarget(self, action: #selector(addPaymentTapped), for: .touchUpInside)

        let panel = UIStackView(arrangedSubviews: [paymentBanner, whereToButton, fareLabel, requestButton])
        panel.axis = .vertical
        panel.spacing = 12
        panel.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(panel)

        NSLayoutConstraint.activate([
            mapView.topAnchor.constraint(equalTo: view.topAnchor),
            mapView.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            mapView.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            mapView.bottomAnchor.constraint(equalTo: panel.topAnchor, constant: -16),
            panel.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
            panel.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
            panel.bottomAnchor.constraint(equalTo: view.safeAreaLayoutGuide.bottomAnchor, constant: -16),
        ])
        updateUI()
    }

    private func updateUI() {
        whereToButton.setTitle(destination?.name ?? NSLocalizedString("Search destination", comment: ""), for: .normal)
        paymentBanner.isHidden = RideService.shared.currentUser?.hasPaymentMethod ?? true
        requestButton.isEnabled = destination != nil

        if let place = destination {
            let fare = RideService.shared.fareEstimate(to: place)
            let driverNote = preferredDriver.map { " · \($0.name)" } ?? ""
            fareLabel.text = "≈ €\(fare)\(driverNote)"
            mapView.setCenter(place.coordinate, animated: true)
        } else {
            fareLabel.text = nil
        }
    }

    // MARK: - Actions

    @objc private func whereToTapped() {
        emitEvent(AppEvents.Request.didTapDestination)
    }

    @objc private func requestTapped() {
        guard let place = destination else { return }
        let ride = RideService.shared.book(to: place, preferredDriver: preferredDriver)
        emitEvent(AppEvents.Request.didBook(ride))
    }

    @objc private func addPaymentTapped() {
        emitEvent(AppEvents.Request.didTapAddPayment)
    }
}
