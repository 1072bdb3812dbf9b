import UIKit

final class MainCoordinator: Coordinator {
    var childCoordinators = [Coordinator]()
    var navigationController: UINavigationController

    private let recipeStore: RecipeStore
    private let session: UserSession

    init(navigationController: UINavigationController,
         recipeStore: RecipeStore = .shared,
         session: UserSession = .shared) {
        self.navigationController = navigationController
        self.recipeStore = recipeStore
        self.session = session
    }

    func start() {
        if session.hasCompletedOnboarding {
            showRecipeList()
        } else {
            startOnboarding()
        }
    }

    // MARK: - Recipes

    func showRecipeList() {
        let vc = RecipeListViewController.instantiate()
        vc.coordinator = self
        vc.recipes = recipeStore.allRecipes
        let animated = !navigationController.viewControllers.isEmpty
        navigationController.setViewControllers([vc], animated: animated)
    }

    func showRecipe(_ recipe: Recipe) {
        let vc = makeDetail(for: recipe)
        navigationController.pushViewController(vc, animated: true)
    }

    func showSearch() {
        let vc = SearchViewController()
        vc.recipes = recipeStore.allRecipes
        navigationController.pushViewController(vc, animated: true)
    }

    func showTimerSettings() {
        let vc = TimerSettingsViewController()
        navigationController.pushViewController(vc, animated: true)
    }

    // MARK: - Child flows

    func startOnboarding() {
        let child = OnboardingCoordinator(navigationController: navigationController)
        child.delegate = self
        childCoordinators.append(child)
        child.start()
    }

    func startShoppingList() {
        let child = ShoppingListCoordinator(navigationController: navigationController)
        child.parentCoordinator = self
        childCoordinators.append(child)
        child.start()
    }

    func startAccount() {
        let child = AccountCoordinator(navigationController: navigationController)
        child.parentCoordinator = self
        childCoordinators.append(child)
        child.start()
    }

    func childDidFinish(_ child: Coordinator?) {
        for (index, coordinator) in childCoordinators.enumerated() where coordinator === child {
            childCoordinators.remove(at: index)
            break
        }
    }

    // MARK: - Factories

    private func makeDetail(for recipe: Recipe) -> RecipeDetailViewController {
        let vc = RecipeDetailViewController.instantiate()
        vc.coordinator = self
        vc.recipe = recipe
        vc.relatedRecipes = recipeStore.related(to: recipe)
        return vc
    }
}

// The routing methods live in the class body; these only declare the capabilities.
extension MainCoordinator: RecipeShowing, ShoppingListOpening {}

extension MainCoordinator: OnboardingCoordinatorDelegate {
    func onboardingCoordinatorDidFinish(_ coordinator: OnboardingCoordinator) {
        childDidFinish(coordinator)
        session.hasCompletedOnboarding = true
        showRecipeList()
    }
}
