import UIKit

protocol Coordinator: AnyObject {
    var childCoordinators: [Coordinator] { get set }
    var navigationController: UINavigationController { get set }

    func start()
}

/// Something that can put a single recipe on screen.
protocol RecipeShowing: AnyObject {
    func showRecipe(_ recipe: Recipe)
}

/// Something that can open the shopping list flow.
protocol ShoppingListOpening: AnyObject {
    func startShoppingList()
}
