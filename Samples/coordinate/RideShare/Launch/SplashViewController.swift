import UIKit
import Coordinate

final class SplashViewController: UIViewController, Coordinated {

    weak var parentCoordinator: ContainerCoordinator?

    private let logoView = UIImageView(image: UIImage(named: "Logo"))
    private let spinner = UIActivityIndicatorView(style: .large)

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemTeal

        logoView.contentMode = .scaleAspectFit
        logoView.translatesAutoresizingMaskIntoConstraints = false
        spinner.color = .white
        spinner.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(logoView)
        view.addSubview(spinner)

        NSLayoutConstraint.activate([
            logoView.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            logoView.centerYAnchor.constraint(equalTo: view.centerYAnchor, constant: -40),
            logoView.widthAnchor.constraint(equalToConstant: 140),
            spinner.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            spinner.topAnchor.constraint(equalTo: logoView.bottomAnchor, constant: 32),
        ])
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        spinner.startAnimating()

        RideService.shared.restoreSession { [weak self] isSignedIn in
            self?.spinner.stopAnimating()
            self?.emitEvent(AppEvents.Splash.didFinishLoading(isSignedIn: isSignedIn))
        }
    }
}
