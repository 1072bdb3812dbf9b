import Foundation
import UserNotifications

/// Shared by every onboarding scene; the storyboard scenes hand it along in `prepare(for:sender:)`.
final class OnboardingPresenter {

    private let coordinator: OnboardingCoordinatorType
    private let settingsStore: SettingsStore
    private let notificationCenter: UNUserNotificationCenter

    init(
        coordinator: OnboardingCoordinatorType,
        settingsStore: SettingsStore,
        notificationCenter: UNUserNotificationCenter = .current()
    ) {
        self.coordinator = coordinator
        self.settingsStore = settingsStore
        self.notificationCenter = notificationCenter
    }

    func didTapAllowNotifications() {
        notificationCenter.requestAuthorization(options: [.alert, .sound]) { [weak self] granted, _ in
            DispatchQueue.main.async {
                self?.settingsStore.notificationsEnabled = granted
                self?.coordinator.showCompletion()
            }
        }
    }

    func didTapNotNow() {
        settingsStore.notificationsEnabled = false
        coordinator.showCompletion()
    }

    func didTapStartReading() {
        coordinator.finishOnboarding()
    }
}
