import UIKit
import Coordinate

final class ProfileViewController: UITableViewController, Coordinated {

    weak var parentCoordinator: ContainerCoordinator?

    private enum Row: Int, CaseIterable {
        case account, notifications, signOut
    }

    private let notificationsSwitch = UISwitch()

    override func viewDidLoad() {
        super.viewDidLoad()
        title = NSLocalizedString("Profile", comment: "")
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "row")
        notificationsSwitch.isOn = RideService.shared.notificationsEnabled
        notificationsSwitch.addTarget(self, action: #selector(notificationsChanged(_:)), for: .valueChanged)
    }

    // MARK: - UITableViewDataSource

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        Row.allCases.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        var content = cell.defaultContentConfiguration()
        cell.accessoryView = nil

        switch Row(rawValue: indexPath.row)! {
        case .account:
            content.text = RideService.shared.currentUser?.name
            content.secondaryText = RideService.shared.currentUser?.email
            cell.selectionStyle = .none
        case .notifications:
            content.text = NSLocalizedString("Ride notifications", comment: "")
            cell.accessoryView = notificationsSwitch
            cell.selectionStyle = .none
        case .signOut:
            content.text = NSLocalizedString("Sign out", comment: "")
            content.textProperties.color = .systemRed
        }
        cell.contentConfiguration = content
        return cell
    }

    // MARK: - UITableViewDelegate

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        guard Row(rawValue: indexPath.row) == .signOut else { return }
        emitEvent(AppEvents.Profile.didTapSignOut)
    }

    @objc private func notificationsChanged(_ sender: UISwitch) {
        emitEvent(AppEvents.Profile.didToggleNotifications(sender.isOn))
    }
}
