//
//  AuthCoordinator.swift
//  TravelPlanner
//

import Foundation

protocol AuthCoordinatorOutput: AnyObject {
    var finishFlow: (() -> Void)? { get set }
}

final class AuthCoordinator: BaseCoordinator, AuthCoordinatorOutput {

    var finishFlow: (() -> Void)?

    private let factory: AuthModuleFactory
    private let router: Router

    init(router: Router, factory: AuthModuleFactory) {
        self.factory = factory
        self.router = router
    }

    override func start() {
        showLogin()
    }

    // MARK: - Run current flow's controllers

    private func showLogin() {
        let loginOutput = factory.makeLoginOutput()
        loginOutput.onLogin = { [weak self] in
            self?.finishFlow?()
        }
        loginOutput.onSignUpTap = { [weak self] in
            self?.showSignUp()
        }
        router.setRootModule(loginOutput)
    }

    private func showSignUp() {
        let signUpOutput = factory.makeSignUpOutput()
        signUpOutput.onSignUpComplete = { [weak self] in
            self?.finishFlow?()
        }
        router.push(signUpOutput)
    }
}
