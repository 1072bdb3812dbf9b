import UIKit

final class ShoppingListViewController: UITableViewController, Storyboarded {
    weak var coordinator: ShoppingListCoordinator?
    var store: ShoppingListStore!

    @IBOutlet private var clearButton: UIBarButtonItem!

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Shopping List"
        navigationItem.largeTitleDisplayMode = .always
        tableView.allowsMultipleSelection = false
        reload()
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        // Only a back-swipe or back-tap ends the flow; a presented sheet does not.
        if isMovingFromParent {
            coordinator?.didFinishShopping()
        }
    }

    func reload() {
        guard isViewLoaded else { return }
        tableView.reloadData()
        clearButton.isEnabled = store.items.contains { $0.isChecked }
        navigationItem.prompt = store.uncheckedCount == 0 ? nil : "\(store.uncheckedCount) left to buy"
    }

    // MARK: - Actions

    @IBAction func addTapped(_ sender: UIBarButtonItem) {
        coordinator?.addItem()
    }

    @IBAction func clearCheckedTapped(_ sender: UIBarButtonItem) {
        store.clearChecked()
        reload()
    }

    // MARK: - Table view data source

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        store.items.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "ShoppingItemCell", for: indexPath)
        let item = store.items[indexPath.row]
        var content = cell.defaultContentConfiguration()
        content.text = item.name
        content.secondaryText = item.quantity
        content.textProperties.color = item.isChecked ? .secondaryLabel : .label
        cell.contentConfiguration = content
        cell.accessoryType = item.isChecked ? .checkmark : .none
        return cell
    }

    override func tableView(_ tableView: UITableView,
                            commit editingStyle: UITableViewCell.EditingStyle,
                            forRowAt indexPath: IndexPath) {
        guard editingStyle == .delete else { return }
        store.remove(at: indexPath.row)
        tableView.deleteRows(at: [indexPath], with: .automatic)
        reload()
    }

    // MARK: - Table view delegate

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        store.toggle(at: indexPath.row)
        reload()
    }
}
