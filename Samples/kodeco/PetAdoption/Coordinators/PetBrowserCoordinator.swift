//
//  PetBrowserCoordinator.swift
//  PetAdoption
//

import UIKit

/// List → detail → photos, and the entry point into an adoption application.
final class PetBrowserCoordinator: Coordinator {

    var children: [Coordinator] = []
    let router: Router

    private let species: Pet.Species?
    private let petService: PetService

    private lazy var petListViewController: PetListViewController = {
        let viewController = PetListViewController.instantiate(delegate: self)
        viewController.title = species.map { "Adoptable \($0.displayName.lowercased())s" } ?? "Adoptable pets"
        viewController.pets = petService.pets(of: species)
        return viewController
    }()

    init(router: Router, species: Pet.Species? = nil, petService: PetService = .shared) {
        self.router = router
        self.species = species
        self.petService = petService
    }

    func present(animated: Bool, onDismissed: (() -> Void)?) {
        router.present(petListViewController, animated: animated, onDismissed: onDismissed)
    }

    private func startAdoption(for pet: Pet, from viewController: UIViewController) {
        let coordinator = AdoptionApplicationCoordinator(
            router: ModalNavigationRouter(parentViewController: viewController),
            pet: pet
        )
        presentChild(coordinator, animated: true)
    }
}

// MARK: - PetListViewControllerDelegate

extension PetBrowserCoordinator: PetListViewControllerDelegate {

    func petListViewController(_ vc: PetListViewController, didSelect pet: Pet) {
        let detailViewController = PetDetailViewController.instantiate(delegate: self)
        detailViewController.pet = pet
        router.present(detailViewController, animated: true)
    }
}

// MARK: - PetDetailViewControllerDelegate

extension PetBrowserCoordinator: PetDetailViewControllerDelegate {

    func petDetailViewController(_ vc: PetDetailViewController, didTapAdopt pet: Pet) {
        startAdoption(for: pet, from: vc)
    }

    func petDetailViewController(_ vc: PetDetailViewController, didTapPhotos pet: Pet) {
        let galleryViewController = PetGalleryViewController(pet: pet)
        router.present(galleryViewController, animated: true)
    }

    func petDetailViewController(_ vc: PetDetailViewController, didTapShare pet: Pet) {
        // TODO: present UIActivityViewController once the shelter approves the share copy.
    }
}

// MARK: - PetGalleryViewControllerDelegate

extension PetBrowserCoordinator: PetGalleryViewControllerDelegate {

    func petGalleryViewController(_ vc: PetGalleryViewController, didTapAdopt pet: Pet) {
        startAdoption(for: pet, from: vc)
    }
}
