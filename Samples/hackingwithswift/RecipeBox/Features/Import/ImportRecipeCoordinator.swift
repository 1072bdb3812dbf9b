import UIKit

/// Imports a recipe shared as a JSON link (e.g. from the RecipeBox website).
final class ImportRecipeCoordinator: Coordinator {
    var childCoordinators = [Coordinator]()
    var navigationController: UINavigationController
    weak var parentCoordinator: MainCoordinator?

    private let recipeStore: RecipeStore

    init(navigationController: UINavigationController, recipeStore: RecipeStore = .shared) {
        self.navigationController = navigationController
        self.recipeStore = recipeStore
    }

    func start() {
        let vc = ImportRecipeViewController.instantiate()
        vc.coordinator = self
        navigationController.pushViewController(vc, animated: true)
    }

    func recipeImported(_ recipe: Recipe) {
        recipeStore.add(recipe)
        navigationController.popViewController(animated: true)
        parentCoordinator?.childDidFinish(self)
    }
}
