import UIKit

extension UIViewController {

    /// Loads a view controller from the given storyboard, using the class name
    /// as the storyboard identifier.
    static func instantiate(fromStoryboardNamed name: String) -> Self {
        return instantiate(storyboardName: name)
    }

    private static func instantiate<T: UIViewController>(storyboardName name: String) -> T {
        let identifier = String(describing: T.self)
        let storyboard = UIStoryboard(name: name, bundle: Bundle(for: T.self))
        guard let vc = storyboard.instantiateViewController(withIdentifier: identifier) as? T else {
            fatalError("Storyboard \(name) has no scene with identifier \(identifier)")
        }
        return vc
    }
}
