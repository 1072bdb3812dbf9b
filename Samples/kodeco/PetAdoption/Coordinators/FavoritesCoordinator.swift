//
//  FavoritesCoordinator.swift
//  PetAdoption
//

import UIKit

/// Shows the pets the user has hearted and lets them apply straight away.
final class FavoritesCoordinator: Coordinator {

    var children: [Coordinator] = []
    let router: Router

    private let petService: PetService

    init(router: Router, petService: PetService = .shared) {
        self.router = router
        self.petService = petService
    }

    func present(animated: Bool, onDismissed: (() -> Void)?) {
        let listViewController = PetListViewController.instantiate(delegate: self)
        listViewController.title = "Favorites"
        listViewController.pets = petService.favoritePets
        router.present(listViewController, animated: animated, onDismissed: onDismissed)
    }
}

// MARK: - PetListViewControllerDelegate

extension FavoritesCoordinator: PetListViewControllerDelegate {

    func petListViewController(_ vc: PetListViewController, didSelect pet: Pet) {
        presentChild(AdoptionApplicationCoordinator(router: ModalNavigationRouter(parentViewController: vc), pet: pet),
                     animated: true)
    }
}
