import UIKit

final class RecipeDetailViewController: UIViewController, Storyboarded {
    weak var coordinator: (RecipeShowing & ShoppingListOpening)?

    var recipe: Recipe!
    var relatedRecipes: [Recipe] = []

    @IBOutlet private var summaryLabel: UILabel!
    @IBOutlet private var metaLabel: UILabel!
    @IBOutlet private var ingredientsLabel: UILabel!
    @IBOutlet private var stepsLabel: UILabel!
    @IBOutlet private var favouriteButton: UIButton!
    @IBOutlet private var relatedTableView: UITableView!

    override func viewDidLoad() {
        super.viewDidLoad()
        title = recipe.title
        navigationItem.largeTitleDisplayMode = .never

        summaryLabel.text = recipe.summary
        metaLabel.text = "\(recipe.durationText) · serves \(recipe.servings) · \(recipe.caloriesPerServing) kcal"
        ingredientsLabel.text = recipe.ingredients
            .map { "• \($0.quantity) \($0.name)" }
            .joined(separator: "\n")
        stepsLabel.text = recipe.steps.enumerated()
            .map { "\($0.offset + 1). \($0.element)" }
            .joined(separator: "\n\n")

        relatedTableView.dataSource = self
        relatedTableView.delegate = self
        relatedTableView.isHidden = relatedRecipes.isEmpty
        updateFavouriteButton()
    }

    private func updateFavouriteButton() {
        let isFavourite = RecipeStore.shared.isFavourite(recipe)
        favouriteButton.setImage(UIImage(systemName: isFavourite ? "heart.fill" : "heart"), for: .normal)
        favouriteButton.accessibilityLabel = isFavourite ? "Remove from favourites" : "Add to favourites"
    }

    // MARK: - Actions

    @IBAction func favouriteTapped(_ sender: UIButton) {
        RecipeStore.shared.toggleFavourite(recipe)
        updateFavouriteButton()
    }

    @IBAction func addIngredientsTapped(_ sender: UIButton) {
        ShoppingListStore.shared.add(recipe.ingredients)
        coordinator?.startShoppingList()
    }
}

// MARK: - Related recipes

extension RecipeDetailViewController: UITableViewDataSource, UITableViewDelegate {
    func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
        "You might also like"
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        relatedRecipes.count
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "RelatedCell", for: indexPath)
        var content = cell.defaultContentConfiguration()
        content.text = relatedRecipes[indexPath.row].title
        content.secondaryText = relatedRecipes[indexPath.row].durationText
        cell.contentConfiguration = content
        return cell
    }

    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        coordinator?.showRecipe(relatedRecipes[indexPath.row])
    }
}
