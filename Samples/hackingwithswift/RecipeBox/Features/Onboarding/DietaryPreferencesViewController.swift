import UIKit

final class DietaryPreferencesViewController: UITableViewController {
    weak var coordinator: OnboardingCoordinator?

    var selected: Set<String> = []
    private let options = ["Vegetarian", "Vegan", "Pescatarian", "Gluten free", "Dairy free", "Nut free", "Low carb"]

    init() {
        super.init(style: .insetGrouped)
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Your diet"
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "PreferenceCell")
        navigationItem.rightBarButtonItem = UIBarButtonItem(barButtonSystemItem: .done,
                                                            target: self,
                                                            action: #selector(doneTapped))
    }

    @objc private func doneTapped() {
        coordinator?.finishOnboarding(with: selected.sorted())
    }

    // MARK: - Table view

    override func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? {
        "We use this to highlight recipes that suit you. You can change it later in your account."
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        options.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "PreferenceCell", for: indexPath)
        let option = options[indexPath.row]
        var content = cell.defaultContentConfiguration()
        content.text = option
        cell.contentConfiguration = content
        cell.accessoryType = selected.contains(option) ? .checkmark : .none
        return cell
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        let option = options[indexPath.row]
        if selected.contains(option) {
            selected.remove(option)
        } else {
            selected.insert(option)
        }
        tableView.reloadRows(at: [indexPath], with: .automatic)
    }
}
