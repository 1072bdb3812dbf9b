import UIKit

final class FavouritesViewController: UITableViewController {
    weak var coordinator: AccountCoordinator?
    var recipes: [Recipe] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Favourites"
        navigationItem.largeTitleDisplayMode = .never
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "FavouriteCell")
        updateEmptyState()
    }

    private func updateEmptyState() {
        guard recipes.isEmpty else {
            tableView.backgroundView = nil
            return
        }
        let label = UILabel()
        label.text = "Tap the heart on any recipe to keep it here."
        label.textColor = .secondaryLabel
        label.textAlignment = .center
        label.numberOfLines = 0
        tableView.backgroundView = label
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        recipes.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "FavouriteCell", for: indexPath)
        var content = cell.defaultContentConfiguration()
        content.text = recipes[indexPath.row].title
        content.image = UIImage(systemName: "heart.fill")
        content.imageProperties.tintColor = .systemPink
        cell.contentConfiguration = content
        cell.accessoryType = .disclosureIndicator
        return cell
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        coordinator?.showFavourite(recipes[indexPath.row])
    }
}
