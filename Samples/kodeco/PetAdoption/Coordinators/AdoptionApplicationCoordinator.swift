//
//  AdoptionApplicationCoordinator.swift
//  PetAdoption
//

import UIKit

final class AdoptionApplicationCoordinator: Coordinator {

    var children: [Coordinator] = []
    let router: Router

    private let pet: Pet
    private let petService: PetService

    init(router: Router, pet: Pet, petService: PetService = .shared) {
        self.router = router
        self.pet = pet
        self.petService = petService
    }

    func present(animated: Bool, onDismissed: (() -> Void)?) {
        let formViewController = AdoptionFormViewController.instantiate(delegate: self)
        formViewController.pet = pet
        router.present(formViewController, animated: animated, onDismissed: onDismissed)
    }
}

// MARK: - AdoptionFormViewControllerDelegate

extension AdoptionApplicationCoordinator: AdoptionFormViewControllerDelegate {

    func adoptionFormViewController(_ vc: AdoptionFormViewController, didSubmit application: AdoptionApplication) {
        vc.setSubmitting(true)
        petService.submit(application) { [weak self, weak vc] result in
            vc?.setSubmitting(false)
            switch result {
            case .success:
                self?.dismiss(animated: true)
            case .failure(let error):
                vc?.showError(error)
            }
        }
    }
}
