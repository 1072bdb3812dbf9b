//
//  BaseCoordinator.swift
//  TravelPlanner
//

import Foundation

class BaseCoordinator: Coordinator {

    var childCoordinators: [Coordinator] = []

    func start() {
        start(with: nil)
    }

    func start(with option: DeepLinkOption?) { }

    /// Adds a child only once; coordinators are compared by identity.
    func addDependency(_ coordinator: Coordinator) {
        guard !childCoordinators.contains(where: { $0 === coordinator }) else { return }
        childCoordinators.append(coordinator)
    }

    func removeDependency(_ coordinator: Coordinator?) {
        guard
            !childCoordinators.isEmpty,
            let coordinator = coordinator
        else { return }

        // Tear down the whole subtree of the finished flow first.
        if let base = coordinator as? BaseCoordinator, !base.childCoordinators.isEmpty {
            base.childCoordinators
                .filter { $0 !== base }
                .forEach { base.removeDependency($0) }
        }

        childCoordinators.removeAll { $0 === coordinator }
    }
}
