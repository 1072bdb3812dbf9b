//
//  Trip.swift
//  TravelPlanner
//

import Foundation

struct Trip: Equatable, Codable {
    let id: String
    var destination: String
    var startDate: Date
    var endDate: Date
    var notes: String

    var nights: Int {
        let days = Calendar.current.dateComponents([.day], from: startDate, to: endDate).day ?? 0
        return max(days, 0)
    }
}

/// In-memory trip storage persisted to `UserDefaults`.
final class TripStore {

    static let shared = TripStore()

    private let defaults: UserDefaults
    private let key = "travelplanner.trips"

    private(set) var trips: [Trip] = []

    init(defaults: UserDefaults = .standard) {
        self.defaults = defaults
        if let data = defaults.data(forKey: key),
           let decoded = try? JSONDecoder().decode([Trip].self, from: data) {
            trips = decoded
        }
    }

    func trip(withID id: String) -> Trip? {
        return trips.first { $0.id == id }
    }

    func add(_ trip: Trip) {
        trips.append(trip)
        trips.sort { $0.startDate < $1.startDate }
        persist()
    }

    func remove(_ trip: Trip) {
        trips.removeAll { $0.id == trip.id }
        persist()
    }

    private func persist() {
        guard let data = try? JSONEncoder().encode(trips) else { return }
        defaults.set(data, forKey: key)
    }
}

/// Login state shared by the auth and settings flows.
final class UserSession {

    static let shared = UserSession()

    private let defaults = UserDefaults.standard

    var isAuthorized: Bool {
        get { defaults.bool(forKey: "session.isAuthorized") }
        set { defaults.set(newValue, forKey: "session.isAuthorized") }
    }

    var onboardingWasShown: Bool {
        get { defaults.bool(forKey: "session.onboardingWasShown") }
        set { defaults.set(newValue, forKey: "session.onboardingWasShown") }
    }

    func logout() {
        isAuthorized = false
    }
}
