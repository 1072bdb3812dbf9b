import UIKit

final class SettingsViewController: UITableViewController {

    private let presenter: SettingsPresenter

    init(presenter: SettingsPresenter) {
        self.presenter = presenter
        super.init(style: .insetGrouped)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = NSLocalizedString("settings.title", value: "Settings", comment: "")
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "SettingsCell")
    }

    override func didMove(toParent parent: UIViewController?) {
        super.didMove(toParent: parent)
        if parent == nil {
            presenter.didLeave()
        }
    }

    @objc private func notificationsSwitchChanged(_ sender: UISwitch) {
        presenter.didToggleNotifications(sender.isOn)
    }

    // MARK: - UITableViewDataSource

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        presenter.rows.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "SettingsCell", for: indexPath)
        let row = presenter.rows[indexPath.row]
        var content = cell.defaultContentConfiguration()
        content.text = row.title

        switch row {
        case .notifications:
            let toggle = UISwitch()
            toggle.isOn = presenter.notificationsEnabled
            toggle.addTarget(self, action: #selector(notificationsSwitchChanged(_:)), for: .valueChanged)
            cell.accessoryView = toggle
            cell.selectionStyle = .none
        case .clearBookmarks:
            content.textProperties.color = .systemRed
            cell.accessoryView = nil
        case .about:
            cell.accessoryView = nil
            cell.accessoryType = .disclosureIndicator
        }

        cell.contentConfiguration = content
        return cell
    }

    // MARK: - UITableViewDelegate

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        presenter.didSelect(row: presenter.rows[indexPath.row])
    }
}

// MARK: - SettingsView

extension SettingsViewController: SettingsView {
    func reloadData() {
        tableView.reloadData()
    }

    func showConfirmation(_ message: String) {
        let alert = UIAlertController(title: nil, message: message, preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "OK", style: .default))
        present(alert, animated: true)
    }
}
