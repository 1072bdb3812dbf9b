//
//  TripsCoordinator.swift
//  TravelPlanner
//

import Foundation

final class TripsCoordinator: BaseCoordinator {

    private let factory: TripsModuleFactory
    private let coordinatorFactory: CoordinatorFactory
    private let router: Router

    init(router: Router, factory: TripsModuleFactory, coordinatorFactory: CoordinatorFactory) {
        self.router = router
        self.factory = factory
        self.coordinatorFactory = coordinatorFactory
    }

    override func start() {
        showTripList()
    }

    // MARK: - Run current flow's controllers

    private func showTripList() {
        let tripsOutput = factory.makeTripListOutput()
        tripsOutput.onTripSelect = { [weak self] trip in
            self?.showTripDetail(trip)
        }
        tripsOutput.onCreateTrip = { [weak self] in
            self?.runTripCreateFlow()
        }
        router.setRootModule(tripsOutput)
    }

    private func showTripDetail(_ trip: Trip) {
        let tripDetailOutput = factory.makeTripDetailOutput(trip: trip)
        tripDetailOutput.onDeleteTrip = { [weak self] deleted in
            TripStore.shared.remove(deleted)
            self?.router.popModule()
        }
        router.push(tripDetailOutput, animated: true, hideBottomBar: true, completion: nil)
    }

    // MARK: - Run coordinators (switch to another flow)

    private func runTripCreateFlow() {
        let (coordinator, module) = coordinatorFactory.makeTripCreateCoordinatorBox()
        coordinator.finishFlow = { [weak self, weak coordinator] in
            self?.router.dismissModule()
            self?.router.popToRootModule(animated: false)
            self?.removeDependency(coordinator)
        }
        addDependency(coordinator)
        router.present(module)
        coordinator.start()
    }
}
