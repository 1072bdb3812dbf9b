//
//  SettingsController.swift
//  TravelPlanner
//

import UIKit

protocol SettingsView: BaseView {
    var onLogout: (() -> Void)? { get set }
}

final class SettingsController: UITableViewController, SettingsView {

    // MARK: - SettingsView

    var onLogout: (() -> Void)?

    private enum Row: Int, CaseIterable {
        case notifications
        case currency
        case logout
    }

    private let defaults = UserDefaults.standard

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Settings"
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "SettingsCell")
    }

    // MARK: - UITableViewDataSource

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        return Row.allCases.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "SettingsCell", for: indexPath)
        var content = cell.defaultContentConfiguration()
        cell.accessoryView = nil

        switch Row(rawValue: indexPath.row) {
        case .notifications:
            content.text = "Trip reminders"
            let toggle = UISwitch()
            toggle.isOn = defaults.bool(forKey: "settings.reminders")
            toggle.addTarget(self, action: #selector(remindersToggled(_:)), for: .valueChanged)
            cell.accessoryView = toggle
        case .currency:
            content.text = "Currency"
            content.secondaryText = Locale.current.currency?.identifier ?? "USD"
        case .logout:
            content.text = "Log out"
            content.textProperties.color = .systemRed
        case .none:
            break
        }

        cell.contentConfiguration = content
        return cell
    }

    // MARK: - UITableViewDelegate

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        guard Row(rawValue: indexPath.row) == .logout else { return }

        let alert = UIAlertController(title: "Log out?", message: nil, preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "Log out", style: .destructive) { [weak self] _ in
            self?.onLogout?()
        })
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        present(alert, animated: true)
    }

    // MARK: - Actions

    @objc private func remindersToggled(_ sender: UISwitch) {
        defaults.set(sender.isOn, forKey: "settings.reminders")
    }
}
