import Foundation
import XCoordinator

final class WelcomeViewModel {

    // The app coordinator lives as long as the scene, so holding it strongly is harmless here.
    private let router: StrongRouter<AppRoute>
    private let preferences: UserDefaults

    let headline = "The news, without the noise."
    let message = "Top stories from trusted newsrooms, refreshed every hour. Save anything to read offline."

    init(router: StrongRouter<AppRoute>, preferences: UserDefaults) {
        self.router = router
        self.preferences = preferences
    }

    func getStarted() {
        preferences.set(true, forKey: AppCoordinator.hasSeenWelcomeKey)
        router.trigger(.home)
    }
}
