//
//  AppDelegateRouter.swift
//  PetAdoption
//

import UIKit

/// Installs the presented view controller as the window's root.
final class AppDelegateRouter: Router {

    let window: UIWindow

    init(window: UIWindow) {
        self.window = window
    }

    func present(_ viewController: UIViewController, animated: Bool, onDismissed: (() -> Void)?) {
        window.rootViewController = viewController
        window.makeKeyAndVisible()
    }

    func dismiss(animated: Bool) {
        // The window root is never dismissed.
    }
}
