import UIKit

/// A view onto a shared `UINavigationController` that only knows about the view controllers pushed
/// or presented through it. Several coordinators share one navigation stack; each one owns a section
/// of it and can tear down exactly that section without touching its parent's screens.
final class SectionedNavigationController {

    let navigationController: UINavigationController

    private weak var sectionBase: UIViewController?
    private var pushed: [WeakReference<UIViewController>] = []
    private weak var presented: UIViewController?

    init(_ navigationController: UINavigationController) {
        self.navigationController = navigationController
        self.sectionBase = navigationController.topViewController
    }

    /// The view controllers of this section that are still alive, bottom first.
    var viewControllers: [UIViewController] {
        pushed.compactMap { $0.object }
    }

    func pushViewController(_ viewController: UIViewController, animated: Bool) {
        pruneReleased()
        pushed.append(WeakReference(viewController))
        navigationController.pushViewController(viewController, animated: animated)
    }

    func present(_ viewController: UIViewController, animated: Bool, completion: (() -> Void)? = nil) {
        // Present from the top of the modal stack so a section can present over another section's sheet.
        var host: UIViewController = navigationController
        while let next = host.presentedViewController, !next.isBeingDismissed {
            host = next
        }
        presented = viewController
        host.present(viewController, animated: animated, completion: completion)
    }

    func dismissPresented(animated: Bool, completion: (() -> Void)? = nil) {
        guard let presented = presented, let presenting = presented.presentingViewController else {
            completion?()
            return
        }
        self.presented = nil
        presenting.dismiss(animated: animated, completion: completion)
    }

    func popToRoot(animated: Bool) {
        pruneReleased()
        guard let first = pushed.first?.object else { return }
        navigationController.popToViewController(first, animated: animated)
        pushed = [WeakReference(first)]
    }

    func dismissAndPopAll(animated: Bool) {
        dismissPresented(animated: animated)
        pruneReleased()

        let owned = Set(viewControllers.map { ObjectIdentifier($0) })
        guard !owned.isEmpty else { return }

        if let base = sectionBase, navigationController.viewControllers.contains(base) {
            navigationController.popToViewController(base, animated: animated)
        } else {
            let remaining = navigationController.viewControllers.filter { !owned.contains(ObjectIdentifier($0)) }
            navigationController.setViewControllers(remaining, animated: animated)
        }
        pushed.removeAll()
    }

    private func pruneReleased() {
        pushed.removeAll { $0.object == nil }
    }
}

private final class WeakReference<Object: AnyObject> {
    weak var object: Object?

    init(_ object: Object) {
        self.object = object
    }
}
