//
//  ModuleFactory.swift
//  TravelPlanner
//

import Foundation

protocol OnboardingModuleFactory {
    func makeOnboardingModule() -> OnboardingView
}

protocol AuthModuleFactory {
    func makeLoginOutput() -> LoginView
    func makeSignUpOutput() -> SignUpView
}

protocol TripsModuleFactory {
    func makeTripListOutput() -> TripListView
    func makeTripDetailOutput(trip: Trip) -> TripDetailView
}

protocol TripCreateModuleFactory {
    func makeTripFormOutput() -> TripFormView
}

protocol SettingsModuleFactory {
    func makeSettingsOutput() -> SettingsView
}
