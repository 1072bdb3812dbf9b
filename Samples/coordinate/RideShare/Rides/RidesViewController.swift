import UIKit
import Coordinate

final class RidesViewController: UITableViewController, Coordinated {

    weak var parentCoordinator: ContainerCoordinator?

    private var rides: [Ride] = []
    private let dateFormatter: DateFormatter = {
        let f = DateFormatter()
        f.dateStyle = .medium
        f.timeStyle = .short
        return f
    }()

    override func viewDidLoad() {
        super.viewDidLoad()
        title = NSLocalizedString("Your rides", comment: "")
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "ride")
        refreshControl = UIRefreshControl()
        refreshControl?.addTarget(self, action: #selector(pullToRefresh), for: .valueChanged)
        reload()
    }

    func reload() {
        rides = RideService.shared.pastRides
        if isViewLoaded { tableView.reloadData() }
    }

    @objc private func pullToRefresh() {
        reload()
        refreshControl?.endRefreshing()
    }

    // MARK: - UITableViewDataSource

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        rides.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "ride", for: indexPath)
        let ride = rides[indexPath.row]
        var content = cell.defaultContentConfiguration()
        content.text = ride.destination.name
        content.secondaryText = "\(dateFormatter.string(from: ride.date)) · \(ride.status.rawValue.capitalized)"
        cell.contentConfiguration = content
        cell.accessoryType = .disclosureIndicator
        return cell
    }

    // MARK: - UITableViewDelegate

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        emitEvent(AppEvents.Rides.didPick(rides[indexPath.row]))
    }
}
