import UIKit

/// Lets the cook pick the alert sound and the reminder interval for step timers.
final class TimerSettingsViewController: UITableViewController {
    private enum Section: Int, CaseIterable {
        case sound, reminder
    }

    private let sounds = ["Bell", "Chime", "Kitchen Timer", "Silent"]
    private let reminders = [0, 1, 2, 5]
    private let defaults = UserDefaults.standard

    init() {
        super.init(style: .insetGrouped)
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Timers"
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "OptionCell")
    }

    private var selectedSound: String {
        get { defaults.string(forKey: "timerSound") ?? sounds[0] }
        set { defaults.set(newValue, forKey: "timerSound") }
    }

    private var selectedReminder: Int {
        get { defaults.integer(forKey: "timerReminderMinutes") }
        set { defaults.set(newValue, forKey: "timerReminderMinutes") }
    }

    override func numberOfSections(in tableView: UITableView) -> Int {
        Section.allCases.count
    }

    override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
        Section(rawValue: section) == .sound ? "Alert sound" : "Remind me before the end"
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        Section(rawValue: section) == .sound ? sounds.count : reminders.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "OptionCell", for: indexPath)
        var content = cell.defaultContentConfiguration()
        switch Section(rawValue: indexPath.section) {
        case .sound:
            content.text = sounds[indexPath.row]
            cell.accessoryType = sounds[indexPath.row] == selectedSound ? .checkmark : .none
        default:
            let minutes = reminders[indexPath.row]
            content.text = minutes == 0 ? "Off" : "\(minutes) min"
            cell.accessoryType = minutes == selectedReminder ? .checkmark : .none
        }
        cell.contentConfiguration = content
        return cell
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        if Section(rawValue: indexPath.section) == .sound {
            selectedSound = sounds[indexPath.row]
        } else {
            selectedReminder = reminders[indexPath.row]
        }
        tableView.reloadSections(IndexSet(integer: indexPath.section), with: .automatic)
    }
}
