import Foundation

struct UserProfile: Codable, Equatable {
    var displayName: String
    var email: String
    var dietaryPreferences: [String]

    static let guest = UserProfile(displayName: "Guest", email: "", dietaryPreferences: [])

    var isGuest: Bool { email.isEmpty }
}

final class UserSession {
    static let shared = UserSession()

    private let defaults: UserDefaults
    private let onboardingKey = "hasCompletedOnboarding"
    private let profileKey = "userProfile"

    init(defaults: UserDefaults = .standard) {
        self.defaults = defaults
    }

    var hasCompletedOnboarding: Bool {
        get { defaults.bool(forKey: onboardingKey) }
        set { defaults.set(newValue, forKey: onboardingKey) }
    }

    var profile: UserProfile {
        get {
            guard let data = defaults.data(forKey: profileKey),
                  let profile = try? JSONDecoder().decode(UserProfile.self, from: data) else { return .guest }
            return profile
        }
        set {
            let data = try? JSONEncoder().encode(newValue)
            defaults.set(data, forKey: profileKey)
        }
    }

    func signOut() {
        defaults.removeObject(forKey: profileKey)
    }
}
