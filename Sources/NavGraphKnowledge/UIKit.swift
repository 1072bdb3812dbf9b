/// What navgraph knows of UIKit, written as Swift declarations that the interpreter reads like app
/// code. Bodies call `__navgraph_*` intrinsics (see `Interpreter.intrinsic`) to record navigation.
/// A property whose setter navigates has a method `__navgraph_set_<property>(_ newValue:)`: storing into
/// the property runs it (`UIKitKnowledge.setterPrefix`).
public enum UIKitKnowledge {
    public static let module = "UIKit"
    /// The prefix of the methods that give a property's setter its meaning (see above).
    public static let setterPrefix = "__navgraph_set_"

    /// The navigation containers: controllers that hold app screens rather than being one (a value of one
    /// of these is not a system screen, and presenting one presents what it holds).
    public static let navigationContainers: [UIKitType] = [.navigationController, .tabBarController, .splitViewController]
    /// Protocols whose conformers are an app's entry points.
    public static let appProtocols: Set<String> = [UIKitType.applicationDelegate, .windowSceneDelegate, .sceneDelegate].names
    /// Attributes that make a type the app's entry point (`@main`, `@UIApplicationMain`).
    public static let entryAttributes: Set<String> = ["main", UIKitType.applicationMain.name]

    public static let source = #"""
    class UIResponder { var next: UIResponder? }
    class UIView: UIResponder { var window: UIWindow?; var superview: UIView? }
    class UIWindow: UIView {
        var rootViewController: UIViewController?
        func __navgraph_set_rootViewController(_ newValue: UIViewController?) { __navgraph_show(newValue, "window-root") }
        func makeKeyAndVisible() {}
        var windowScene: UIWindowScene?
    }
    class UIViewController: UIResponder {
        var view: UIView!
        var navigationController: UINavigationController?
        var tabBarController: UITabBarController?
        var presentingViewController: UIViewController?
        var parent: UIViewController?
        func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil) {
            __navgraph_present(viewControllerToPresent, "present")
            completion?()
        }
        func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) { __navgraph_back("dismiss"); completion?() }
        func show(_ vc: UIViewController, sender: Any?) { __navgraph_show(vc, "show") }
        func showDetailViewController(_ vc: UIViewController, sender: Any?) { __navgraph_show(vc, "showDetail") }
        func addChild(_ childController: UIViewController) { __navgraph_show(childController, "embed") }
        func performSegue(withIdentifier identifier: String, sender: Any?) { __navgraph_segue(identifier) }
        var storyboard: UIStoryboard?
    }
    class UINavigationController: UIViewController {
        var viewControllers: [UIViewController]
        func __navgraph_set_viewControllers(_ newValue: [UIViewController]) { __navgraph_show(newValue, "setViewControllers") }
        var topViewController: UIViewController?
        var delegate: UINavigationControllerDelegate?
        init(rootViewController: UIViewController) { __navgraph_contain(rootViewController, "root") }
        init(navigationBarClass: AnyClass?, toolbarClass: AnyClass?) {}
        func pushViewController(_ viewController: UIViewController, animated: Bool) { __navgraph_show(viewController, "push") }
        func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) { __navgraph_show(viewControllers, "setViewControllers") }
        func popViewController(animated: Bool) -> UIViewController? { __navgraph_back("pop"); return nil }
        func popToRootViewController(animated: Bool) -> [UIViewController]? { __navgraph_back("popToRoot"); return nil }
        func popToViewController(_ viewController: UIViewController, animated: Bool) -> [UIViewController]? { __navgraph_back("pop"); return nil }
    }
    class UITabBarController: UIViewController {
        var viewControllers: [UIViewController]?
        func __navgraph_set_viewControllers(_ newValue: [UIViewController]?) { __navgraph_show(newValue, "tab") }
        var selectedIndex: Int
        var selectedViewController: UIViewController?
        func setViewControllers(_ viewControllers: [UIViewController]?, animated: Bool) { __navgraph_show(viewControllers, "tab") }
    }
    class UISplitViewController: UIViewController {
        var viewControllers: [UIViewController]
        func __navgraph_set_viewControllers(_ newValue: [UIViewController]) { __navgraph_show(newValue, "setViewControllers") }
        func setViewController(_ vc: UIViewController?, for column: Column) { __navgraph_show(vc, "split") }
    }
    class UIPageViewController: UIViewController {
        func setViewControllers(_ viewControllers: [UIViewController]?, direction: NavigationDirection, animated: Bool, completion: ((Bool) -> Void)? = nil) { __navgraph_show(viewControllers, "page") }
    }
    class UITableViewController: UIViewController {}
    class UICollectionViewController: UIViewController {}
    class UIAlertController: UIViewController {}
    class UIActivityViewController: UIViewController {}
    class UIImagePickerController: UINavigationController {}
    class UISearchController: UIViewController {}
    class UIHostingController<Content>: UIViewController {
        var rootView: Content
        init(rootView: Content) { __navgraph_contain(rootView, "hosting") }
    }
    /// A type-erased SwiftUI view is the view it wraps.
    struct AnyView {
        init<V>(_ view: V) { __navgraph_contain(view, "erase") }
    }
    class SFSafariViewController: UIViewController {}
    class UIStoryboard {
        init(name: String, bundle: Bundle?) { __navgraph_storyboard(name) }
        func instantiateViewController(withIdentifier identifier: String) -> UIViewController { return __navgraph_storyboard_vc(self, identifier) }
        func instantiateInitialViewController() -> UIViewController? { return __navgraph_storyboard_initial(self) }
    }
    class UIScene: UIResponder {
        var delegate: UISceneDelegate? { return __navgraph_app_delegate("UISceneDelegate") }
    }
    class UIWindowScene: UIScene { var windows: [UIWindow] }
    class UIApplication: UIResponder {
        static var shared: UIApplication
        var delegate: UIApplicationDelegate? { return __navgraph_app_delegate("UIApplicationDelegate") }
        var connectedScenes: [UIScene]
    }
    protocol UIApplicationDelegate {}
    protocol UISceneDelegate {}
    protocol UIWindowSceneDelegate: UISceneDelegate {}
    protocol UINavigationControllerDelegate {}
    protocol UIAdaptivePresentationControllerDelegate {}
    class UITableViewCell: UIView {}
    class UICollectionViewCell: UIView {}
    class UIControl: UIView {}
    class UIButton: UIControl {}
    class DispatchQueue {
        static var main: DispatchQueue
        func async(execute work: () -> Void) { work() }
        func asyncAfter(deadline: DispatchTime, execute work: () -> Void) { work() }
    }
    """#
}
