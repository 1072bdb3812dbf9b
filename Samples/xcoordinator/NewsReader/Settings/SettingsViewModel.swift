import UIKit
import XCoordinator

enum SettingsItem: CaseIterable {
    case textSize
    case notifications

    var title: String {
        switch self {
        case .textSize:
            return "Text size"
        case .notifications:
            return "Notifications"
        }
    }
}

final class SettingsViewModel {

    private let router: UnownedRouter<SettingsRoute>

    let items = SettingsItem.allCases

    init(router: UnownedRouter<SettingsRoute>) {
        self.router = router
    }

    var versionFooter: String {
        let version = Bundle.main.object(forInfoDictionaryKey: "CFBundleShortVersionString") as? String ?? "?"
        return "NewsReader \(version)"
    }

    func didSelect(_ item: SettingsItem) {
        switch item {
        case .textSize:
            router.trigger(.textSize)
        case .notifications:
            // Notification permissions live in the system Settings app.
            guard let url = URL(string: UIApplication.openSettingsURLString) else { return }
            UIApplication.shared.open(url)
        }
    }
}
