import UIKit

final class RecipeListViewController: UITableViewController, Storyboarded {
    weak var coordinator: MainCoordinator?

    var recipes: [Recipe] = [] {
        didSet {
            guard isViewLoaded else { return }
            tableView.reloadData()
        }
    }

    private let cellIdentifier = "RecipeCell"

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Recipes"
        tableView.rowHeight = UITableView.automaticDimension
        tableView.estimatedRowHeight = 72

        refreshControl = UIRefreshControl()
        refreshControl?.addTarget(self, action: #selector(reloadRecipes), for: .valueChanged)
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        recipes = RecipeStore.shared.allRecipes
    }

    @objc private func reloadRecipes() {
        RecipeStore.shared.loadBundledRecipes()
        recipes = RecipeStore.shared.allRecipes
        refreshControl?.endRefreshing()
    }

    // MARK: - Actions

    @IBAction func searchTapped(_ sender: UIBarButtonItem) {
        coordinator?.showSearch()
    }

    @IBAction func shoppingListTapped(_ sender: UIBarButtonItem) {
        coordinator?.startShoppingList()
    }

    @IBAction func accountTapped(_ sender: UIBarButtonItem) {
        coordinator?.startAccount()
    }

    // MARK: - Table view data source

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        recipes.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: cellIdentifier, for: indexPath)
        let recipe = recipes[indexPath.row]

        var content = cell.defaultContentConfiguration()
        content.text = recipe.title
        content.secondaryText = "\(recipe.durationText) · serves \(recipe.servings)"
        content.image = UIImage(systemName: RecipeStore.shared.isFavourite(recipe) ? "heart.fill" : "fork.knife")
        content.imageProperties.tintColor = .systemOrange
        cell.contentConfiguration = content
        cell.accessoryType = .disclosureIndicator
        return cell
    }

    // MARK: - Table view delegate

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        coordinator?.showRecipe(recipes[indexPath.row])
    }
}
