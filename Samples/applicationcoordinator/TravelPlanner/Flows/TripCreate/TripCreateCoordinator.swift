//
//  TripCreateCoordinator.swift
//  TravelPlanner
//

import Foundation

protocol TripCreateCoordinatorOutput: AnyObject {
    var finishFlow: (() -> Void)? { get set }
}

/// Modal flow: runs on its own navigation stack, presented by `TripsCoordinator`.
final class TripCreateCoordinator: BaseCoordinator, TripCreateCoordinatorOutput {

    var finishFlow: (() -> Void)?

    private let factory: TripCreateModuleFactory
    private let router: Router
    private let store: TripStore

    init(router: Router, factory: TripCreateModuleFactory, store: TripStore) {
        self.router = router
        self.factory = factory
        self.store = store
    }

    override func start() {
        showTripForm()
    }

    // MARK: - Run current flow's controllers

    private func showTripForm() {
        let tripFormOutput = factory.makeTripFormOutput()
        tripFormOutput.onSave = { [weak self] trip in
            self?.store.add(trip)
            self?.finishFlow?()
        }
        tripFormOutput.onCancel = { [weak self] in
            self?.finishFlow?()
        }
        router.setRootModule(tripFormOutput)
    }
}
