import UIKit
import Coordinate

/// Single-screen flow. Its only event (`Session.didSignIn`) is handled by AppCoordinator.
final class SignInCoordinator: Coordinator<SignInViewController> {

    override func start(with completion: @escaping () -> Void = {}) {
        super.start(with: completion)
        rootViewController.prefilledEmail = UserDefaults.standard.string(forKey: "lastEmail")
    }
}
