import Foundation

protocol SettingsView: AnyObject {
    func reloadData()
    func showConfirmation(_ message: String)
}

enum SettingsRow: CaseIterable {
    case notifications
    case clearBookmarks
    case about

    var title: String {
        switch self {
        case .notifications:
            return NSLocalizedString("settings.notifications", value: "Daily digest", comment: "")
        case .clearBookmarks:
            return NSLocalizedString("settings.clear", value: "Remove all bookmarks", comment: "")
        case .about:
            return NSLocalizedString("settings.about", value: "About Knowledge", comment: "")
        }
    }
}

final class SettingsPresenter {

    weak var view: SettingsView?

    let rows = SettingsRow.allCases

    private let coordinator: SettingsCoordinatorType
    private let settingsStore: SettingsStore
    private let bookmarkStore: BookmarkStoreType

    init(coordinator: SettingsCoordinatorType, settingsStore: SettingsStore, bookmarkStore: BookmarkStoreType) {
        self.coordinator = coordinator
        self.settingsStore = settingsStore
        self.bookmarkStore = bookmarkStore
    }

    var notificationsEnabled: Bool {
        settingsStore.notificationsEnabled
    }

    func didSelect(row: SettingsRow) {
        switch row {
        case .about:
            coordinator.openAbout()
        case .clearBookmarks:
            bookmarkStore.removeAll()
            view?.showConfirmation(NSLocalizedString("settings.cleared", value: "Bookmarks removed", comment: ""))
        case .notifications:
            didToggleNotifications(!settingsStore.notificationsEnabled)
        }
    }

    func didToggleNotifications(_ isOn: Bool) {
        settingsStore.notificationsEnabled = isOn
        view?.reloadData()
    }

    /// Called when the screen is popped with the back button.
    func didLeave() {
        coordinator.close()
    }
}
