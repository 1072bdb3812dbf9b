//
//  HomeCoordinator.swift
//  PetAdoption
//

import UIKit

final class HomeCoordinator: Coordinator {

    var children: [Coordinator] = []
    let router: Router

    private lazy var homeViewController = HomeViewController.instantiate(delegate: self)

    init(router: Router) {
        self.router = router
    }

    func present(animated: Bool, onDismissed: (() -> Void)?) {
        router.present(homeViewController, animated: animated, onDismissed: onDismissed)
    }
}

// MARK: - HomeViewControllerDelegate

extension HomeCoordinator: HomeViewControllerDelegate {

    func homeViewControllerDidTapBrowsePets(_ viewController: HomeViewController) {
        let router = ModalNavigationRouter(parentViewController: viewController)
        let coordinator = PetBrowserCoordinator(router: router)
        presentChild(coordinator, animated: true)
    }

    func homeViewControllerDidTapTakeQuiz(_ viewController: HomeViewController) {
        presentChild(AdoptionQuizCoordinator(router: ModalNavigationRouter(parentViewController: viewController)),
                     animated: true)
    }
}
