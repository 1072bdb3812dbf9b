//
//  ModalNavigationRouter.swift
//  PetAdoption
//

import UIKit

/// The first `present` shows a new navigation controller modally (with a Cancel button);
/// every later `present` pushes onto it.
final class ModalNavigationRouter: NSObject, Router {

    unowned let parentViewController: UIViewController

    private let navigationController = UINavigationController()
    private var onDismissForViewController: [UIViewController: () -> Void] = [:]

    init(parentViewController: UIViewController) {
        self.parentViewController = parentViewController
        super.init()
        navigationController.delegate = self
    }

    func present(_ viewController: UIViewController, animated: Bool, onDismissed: (() -> Void)?) {
        onDismissForViewController[viewController] = onDismissed
        if navigationController.viewControllers.isEmpty {
            presentModally(viewController, animated: animated)
        } else {
            navigationController.pushViewController(viewController, animated: animated)
        }
    }

    func dismiss(animated: Bool) {
        if let first = navigationController.viewControllers.first {
            performOnDismissed(for: first)
        }
        parentViewController.dismiss(animated: animated)
    }

    // MARK: - Private

    private func presentModally(_ viewController: UIViewController, animated: Bool) {
        viewController.navigationItem.leftBarButtonItem = UIBarButtonItem(
            title: "Cancel", style: .plain, target: self, action: #selector(cancelPressed))
        navigationController.setViewControllers([viewController], animated: false)
        parentViewController.present(navigationController, animated: animated)
    }

    @objc private func cancelPressed() {
        dismiss(animated: true)
    }

    private func performOnDismissed(for viewController: UIViewController) {
        guard let onDismiss = onDismissForViewController[viewController] else { return }
        onDismiss()
        onDismissForViewController[viewController] = nil
    }
}

// MARK: - UINavigationControllerDelegate

extension ModalNavigationRouter: UINavigationControllerDelegate {

    func navigationController(_ navigationController: UINavigationController,
                              didShow viewController: UIViewController,
                              animated: Bool) {
        guard
            let dismissed = navigationController.transitionCoordinator?.viewController(forKey: .from),
            !navigationController.viewControllers.contains(dismissed)
        else { return }
        performOnDismissed(for: dismissed)
    }
}
