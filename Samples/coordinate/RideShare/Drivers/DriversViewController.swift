import UIKit
import Coordinate

final class DriversViewController: UITableViewController, Coordinated {

    weak var parentCoordinator: ContainerCoordinator?

    private var drivers: [Driver] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        title = NSLocalizedString("Favourite drivers", comment: "")
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "driver")
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        drivers = RideService.shared.favoriteDrivers
        tableView.reloadData()
    }

    // MARK: - UITableViewDataSource

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        drivers.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "driver", for: indexPath)
        let driver = drivers[indexPath.row]
        var content = cell.defaultContentConfiguration()
        content.text = driver.name
        content.secondaryText = "★ \(driver.rating) · \(driver.car)"
        content.image = UIImage(systemName: "person.crop.circle")
        cell.contentConfiguration = content
        cell.accessoryType = .disclosureIndicator
        return cell
    }

    // MARK: - UITableViewDelegate

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        emitEvent(AppEvents.Drivers.didPick(drivers[indexPath.row]))
    }
}
