//
//  SettingsCoordinator.swift
//  TravelPlanner
//

import Foundation

protocol SettingsCoordinatorOutput: AnyObject {
    var finishFlow: (() -> Void)? { get set }
}

final class SettingsCoordinator: BaseCoordinator, SettingsCoordinatorOutput {

    var finishFlow: (() -> Void)?

    private let factory: SettingsModuleFactory
    private let router: Router
    private let session: UserSession

    init(router: Router, factory: SettingsModuleFactory, session: UserSession) {
        self.router = router
        self.factory = factory
        self.session = session
    }

    override func start() {
        showSettings()
    }

    // MARK: - Run current flow's controllers

    private func showSettings() {
        let settingsOutput = factory.makeSettingsOutput()
        settingsOutput.onLogout = { [weak self] in
            self?.session.logout()
            self?.finishFlow?()
        }
        router.setRootModule(settingsOutput)
    }
}
