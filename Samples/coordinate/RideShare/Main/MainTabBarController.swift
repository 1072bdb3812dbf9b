import UIKit
import Coordinate

final class MainTabBarController: UITabBarController, Coordinated {

    weak var parentCoordinator: ContainerCoordinator?

    override func viewDidLoad() {
        super.viewDidLoad()
        let appearance = UITabBarAppearance()
        appearance.configureWithDefaultBackground()
        tabBar.standardAppearance = appearance
        tabBar.scrollEdgeAppearance = appearance
    }
}
