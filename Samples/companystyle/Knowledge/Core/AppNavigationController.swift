import UIKit

/// The single navigation stack of the app. Feature coordinators share it through
/// `SectionedNavigationController` sections.
final class AppNavigationController: UINavigationController {

    override func viewDidLoad() {
        super.viewDidLoad()

        let appearance = UINavigationBarAppearance()
        appearance.configureWithDefaultBackground()
        appearance.largeTitleTextAttributes = [.font: UIFont.systemFont(ofSize: 32, weight: .heavy)]

        navigationBar.prefersLargeTitles = true
        navigationBar.standardAppearance = appearance
        navigationBar.scrollEdgeAppearance = appearance
        navigationBar.tintColor = .systemIndigo
    }

    override var childForStatusBarStyle: UIViewController? {
        topViewController
    }
}
