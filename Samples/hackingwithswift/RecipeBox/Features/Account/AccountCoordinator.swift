import UIKit

final class AccountCoordinator: Coordinator {
    enum Destination {
        case editProfile
        case favourites
        case about
        case signOut
    }

    var childCoordinators = [Coordinator]()
    var navigationController: UINavigationController
    weak var parentCoordinator: MainCoordinator?

    private let session: UserSession
    private let recipeStore: RecipeStore

    init(navigationController: UINavigationController,
         session: UserSession = .shared,
         recipeStore: RecipeStore = .shared) {
        self.navigationController = navigationController
        self.session = session
        self.recipeStore = recipeStore
    }

    func start() {
        let vc = AccountViewController.instantiate()
        vc.coordinator = self
        vc.profile = session.profile
        navigationController.pushViewController(vc, animated: true)
    }

    func navigate(to destination: Destination) {
        switch destination {
        case .editProfile:
            let vc = EditProfileViewController.instantiate()
            vc.coordinator = self
            vc.profile = session.profile
            navigationController.pushViewController(vc, animated: true)
        case .favourites:
            let vc = FavouritesViewController()
            vc.coordinator = self
            vc.recipes = recipeStore.favourites
            navigationController.pushViewController(vc, animated: true)
        case .about:
            let vc = AboutViewController()
            navigationController.present(vc, animated: true)
        case .signOut:
            session.signOut()
            // Popping the account screen ends this flow (see AccountViewController.viewDidDisappear).
            navigationController.popToRootViewController(animated: true)
        }
    }

    func profileSaved(_ profile: UserProfile) {
        session.profile = profile
        navigationController.popViewController(animated: true)
    }

    func showFavourite(_ recipe: Recipe) {
        parentCoordinator?.showRecipe(recipe)
    }

    func didFinishAccount() {
        parentCoordinator?.childDidFinish(self)
    }
}
