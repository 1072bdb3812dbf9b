//
//  ModuleFactoryImp.swift
//  TravelPlanner
//

import UIKit

final class ModuleFactoryImp:
    OnboardingModuleFactory,
    AuthModuleFactory,
    TripsModuleFactory,
    TripCreateModuleFactory,
    SettingsModuleFactory {

    // MARK: - Onboarding

    func makeOnboardingModule() -> OnboardingView {
        return OnboardingController.controllerFromStoryboard(.onboarding)
    }

    // MARK: - Auth

    func makeLoginOutput() -> LoginView {
        return LoginController.controllerFromStoryboard(.auth)
    }

    func makeSignUpOutput() -> SignUpView {
        return SignUpController.controllerFromStoryboard(.auth)
    }

    // MARK: - Trips

    func makeTripListOutput() -> TripListView {
        let controller = TripListController.controllerFromStoryboard(.trips)
        controller.store = TripStore.shared
        return controller
    }

    func makeTripDetailOutput(trip: Trip) -> TripDetailView {
        let controller = TripDetailController.controllerFromStoryboard(.trips)
        controller.trip = trip
        return controller
    }

    // MARK: - Trip creation

    func makeTripFormOutput() -> TripFormView {
        return TripFormController.controllerFromStoryboard(.tripCreate)
    }

    // MARK: - Settings

    func makeSettingsOutput() -> SettingsView {
        return SettingsController.controllerFromStoryboard(.settings)
    }
}
