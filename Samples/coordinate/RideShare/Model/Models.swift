import Foundation
import CoreLocation

struct User: Hashable {
    let id: String
    let name: String
    let email: String
    var hasPaymentMethod: Bool
}

struct Place: Hashable {
    let name: String
    let address: String
    let latitude: Double
    let longitude: Double

    var coordinate: CLLocationCoordinate2D {
        CLLocationCoordinate2D(latitude: latitude, longitude: longitude)
    }
}

struct Driver: Hashable {
    let id: String
    let name: String
    let rating: Double
    let car: String
    let plate: String
}

struct Ride: Hashable {
    enum Status: String {
        case scheduled, completed, cancelled
    }

    let id: String
    let destination: Place
    let driver: Driver
    let date: Date
    let fare: Decimal
    var status: Status
}
