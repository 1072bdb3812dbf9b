import Foundation

/// Fake backend used by every screen. Real networking lives behind this API.
final class RideService {

    static let shared = RideService()

    var currentUser: User?
    var notificationsEnabled = true

    private(set) var pastRides: [Ride] = []
    private(set) var favoriteDrivers: [Driver] = [
        Driver(id: "d1", name: "Amira K.", rating: 4.97, car: "Toyota Prius", plate: "KL-204-PX"),
        Driver(id: "d2", name: "Jonas B.", rating: 4.88, car: "Škoda Octavia", plate: "ZG-881-AB"),
    ]

    let knownPlaces: [Place] = [
        Place(name: "Home", address: "Ilica 12", latitude: 45.8131, longitude: 15.9692),
        Place(name: "Office", address: "Radnička 80", latitude: 45.8003, longitude: 16.0009),
        Place(name: "Airport", address: "Rudolfa Fizira 21", latitude: 45.7429, longitude: 16.0688),
    ]

    func restoreSession(completion: @escaping (Bool) -> Void) {
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.8) { [weak self] in
            completion(self?.currentUser != nil)
        }
    }

    func signIn(email: String, password: String, completion: @escaping (Result<User, Error>) -> Void) {
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) {
            completion(.success(User(id: UUID().uuidString, name: "Rider", email: email, hasPaymentMethod: false)))
        }
    }

    func signOut() {
        currentUser = nil
        pastRides.removeAll()
    }

    func fareEstimate(to place: Place) -> Decimal {
        Decimal(8 + abs(place.latitude - 45.81) * 400)
    }

    func book(to place: Place, preferredDriver: Driver?) -> Ride {
        let ride = Ride(
            id: UUID().uuidString,
            destination: place,
            driver: preferredDriver ?? favoriteDrivers[0],
            date: Date(),
            fare: fareEstimate(to: place),
            status: .scheduled
        )
        pastRides.insert(ride, at: 0)
        return ride
    }
}
