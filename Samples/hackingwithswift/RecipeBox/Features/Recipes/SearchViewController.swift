import UIKit

final class SearchViewController: UITableViewController {
    weak var coordinator: MainCoordinator?

    var recipes: [Recipe] = []
    private var results: [Recipe] = []
    private let searchController = UISearchController(searchResultsController: nil)
    private static let cellIdentifier = "SearchResultCell"

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Search"
        navigationItem.largeTitleDisplayMode = .never
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: Self.cellIdentifier)
        tableView.keyboardDismissMode = .onDrag

        searchController.searchResultsUpdater = self
        searchController.obscuresBackgroundDuringPresentation = false
        searchController.searchBar.placeholder = "Dish, ingredient or tag"
        navigationItem.searchController = searchController
        navigationItem.hidesSearchBarWhenScrolling = false
        definesPresentationContext = true

        results = recipes
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        searchController.searchBar.becomeFirstResponder()
    }

    // MARK: - Table view data source

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        results.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: Self.cellIdentifier, for: indexPath)
        let recipe = results[indexPath.row]
        var content = cell.defaultContentConfiguration()
        content.text = recipe.title
        content.secondaryText = recipe.tags.joined(separator: ", ")
        cell.contentConfiguration = content
        cell.accessoryType = .disclosureIndicator
        return cell
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        coordinator?.showRecipe(results[indexPath.row])
    }
}

// MARK: - UISearchResultsUpdating

extension SearchViewController: UISearchResultsUpdating {
    func updateSearchResults(for searchController: UISearchController) {
        let text = searchController.searchBar.text ?? ""
        let matches = Set(RecipeStore.shared.search(text).map(\.id))
        results = recipes.filter { matches.contains($0.id) }
        tableView.reloadData()
    }
}
