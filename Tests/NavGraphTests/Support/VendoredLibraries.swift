/// Vendored-style copies of coordinator libraries, as apps check them into their tree (no `import`):
/// the shape and member names of the real sources, with real bodies rather than navgraph's intrinsics.
enum VendoredLibraries {
    /// radianttap/Coordinator: Coordinator.swift.
    static let radianttapCoordinator = #"""
    import UIKit

    public protocol Coordinating: AnyObject {
        var identifier: String { get }
        var parent: Coordinating? { get set }
        var childCoordinators: [String: Coordinating] { get set }
        var isStarted: Bool { get }
        func start(with completion: @escaping () -> Void)
        func stop(with completion: @escaping () -> Void)
        func coordinatorDidFinish(_ coordinator: Coordinating, completion: @escaping () -> Void)
        func activate()
        func takeover()
    }

    open class Coordinator<T: UIViewController>: UIResponder, Coordinating {
        public private(set) weak var rootViewController: T!
        open var identifier: String { return String(describing: type(of: self)) }
        open weak var parent: Coordinating?
        open var childCoordinators: [String: Coordinating] = [:]
        open private(set) var isStarted: Bool = false
        private var queuedMessages: [() -> Void] = []

        public init(rootViewController: T?) {
            self.rootViewController = rootViewController
            super.init()
        }

        open func start(with completion: @escaping () -> Void = {}) {
            rootViewController.parentCoordinator = self
            isStarted = true
            completion()
        }

        open func stop(with completion: @escaping () -> Void = {}) {
            rootViewController.parentCoordinator = nil
            completion()
        }

        open func coordinatorDidFinish(_ coordinator: Coordinating, completion: @escaping () -> Void = {}) {
            stopChild(coordinator: coordinator, completion: completion)
        }

        open func activate() {}
        open func takeover() {}

        public func startChild(coordinator: Coordinating, completion: @escaping () -> Void = {}) {
            childCoordinators[coordinator.identifier] = coordinator
            coordinator.parent = self
            coordinator.start(with: completion)
        }

        public func stopChild(coordinator: Coordinating, completion: @escaping () -> Void = {}) {
            coordinator.parent = nil
            coordinator.stop { [unowned self] in
                self.childCoordinators.removeValue(forKey: coordinator.identifier)
                completion()
            }
        }

        open override var coordinatingResponder: UIResponder? {
            return parent as? UIResponder
        }

        public func enqueueMessage(_ message: @escaping () -> Void) {
            queuedMessages.append(message)
        }

        public func processQueuedMessages() {
            let messages = queuedMessages
            queuedMessages.removeAll()
            messages.forEach { $0() }
        }
    }
    """#

    /// radianttap/Coordinator: NavigationCoordinator.swift.
    static let radianttapNavigationCoordinator = #"""
    import UIKit

    open class NavigationCoordinator: Coordinator<UINavigationController>, UINavigationControllerDelegate {
        public var viewControllers: [UIViewController] = []

        public func present(_ vc: UIViewController, animated: Bool = true, completion: (() -> Void)? = nil) {
            vc.parentCoordinator = self
            rootViewController.present(vc, animated: animated, completion: completion)
        }

        public func dismiss(animated: Bool = true, completion: (() -> Void)? = nil) {
            rootViewController.dismiss(animated: animated, completion: completion)
        }

        public func show(_ vc: UIViewController, animated: Bool = true) {
            viewControllers.append(vc)
            rootViewController.show(vc, sender: self)
        }

        public func root(_ vc: UIViewController, animated: Bool = true) {
            viewControllers = [vc]
            rootViewController.setViewControllers(viewControllers, animated: animated)
        }

        public func top(_ vc: UIViewController, animated: Bool = true) {
            viewControllers.removeLast()
            viewControllers.append(vc)
            rootViewController.setViewControllers(viewControllers, animated: animated)
        }

        public func pop(animated: Bool = true) {
            rootViewController.popViewController(animated: animated)
        }

        open func handlePopBack(to vc: UIViewController?) {}

        open override func start(with completion: @escaping () -> Void = {}) {
            rootViewController.delegate = self
            super.start(with: completion)
        }
    }
    """#

    /// radianttap/Coordinator: UIKit-CoordExtensions.swift.
    static let radianttapExtensions = #"""
    import UIKit

    extension UIResponder {
        @objc open var coordinatingResponder: UIResponder? {
            return next
        }
    }

    extension UIViewController {
        private struct AssociatedKeys {
            static var ParentCoordinator = "ParentCoordinator"
        }

        public weak var parentCoordinator: Coordinating? {
            get { return objc_getAssociatedObject(self, &AssociatedKeys.ParentCoordinator) as? Coordinating }
            set { objc_setAssociatedObject(self, &AssociatedKeys.ParentCoordinator, newValue, .OBJC_ASSOCIATION_ASSIGN) }
        }

        override open var coordinatingResponder: UIResponder? {
            guard let parentCoordinator = self.parentCoordinator else {
                guard let parentController = self.parent else {
                    guard let presentingController = self.presentingViewController else {
                        return view.superview
                    }
                    return presentingController as UIResponder
                }
                return parentController as UIResponder
            }
            return parentCoordinator as? UIResponder
        }
    }
    """#

    /// codexperience-io/coordinate: Coordinate.swift (protocols, Coordinator, containers).
    static let coordinate = #"""
    import UIKit

    public protocol CoordinateEvents {}

    public protocol Coordinating: AnyObject {
        var parentCoordinator: ContainerCoordinator? { get set }
        func start(with completion: @escaping () -> Void)
        func stop(with completion: @escaping () -> Void)
        func activate()
        func handle(event: CoordinateEvents)
    }

    public protocol Coordinated: AnyObject {
        var parentCoordinator: ContainerCoordinator? { get set }
    }

    // Any responder emits; one without a coordinator would hand the event to its container (not written here).
    public extension UIResponder {
        func emitEvent(_ event: CoordinateEvents) {
            (self as? Coordinated)?.parentCoordinator?.handle(event: event)
        }
    }

    public protocol HasRoutes {
        associatedtype Route
        func goTo(_ route: Route)
    }

    open class Coordinator<T: UIViewController & Coordinated>: NSObject, Coordinating {
        public let rootViewController: T
        public weak var parentCoordinator: ContainerCoordinator?

        public override init() {
            self.rootViewController = T()
            super.init()
            rootViewController.parentCoordinator = self
        }

        open func start(with completion: @escaping () -> Void = {}) { completion() }
        open func stop(with completion: @escaping () -> Void = {}) { completion() }
        open func activate() {}

        open func interceptEvent(_ event: CoordinateEvents) -> Bool { return false }

        public func handle(event: CoordinateEvents) {
            if !interceptEvent(event) {
                parentCoordinator?.handle(event: event)
            }
        }
    }

    open class ContainerCoordinator<T: UIViewController & Coordinated>: Coordinator<T> {
        public private(set) var childCoordinators: [String: Coordinating] = [:]

        public func getCached<C: Coordinating>(_ type: C.Type) -> C? {
            return childCoordinators[String(describing: type)] as? C
        }

        public func root(_ coordinator: Coordinating) {
            startOrActivateChild(coordinator)
        }

        public func show(_ coordinator: Coordinating, sender: Any?) {
            startOrActivateChild(coordinator)
        }

        public func present(_ coordinator: Coordinating, animated: Bool, completion: (() -> Void)? = nil) {
            startOrActivateChild(coordinator)
        }

        public func dismiss(animated: Bool, completion: (() -> Void)? = nil) {
            rootViewController.dismiss(animated: animated, completion: completion)
        }

        public func select(_ coordinator: Coordinating) {
            startOrActivateChild(coordinator)
        }

        public func setCoordinators(_ coordinators: [Coordinating]) {
            for c in coordinators { childCoordinators[String(describing: type(of: c))] = c }
        }

        func startOrActivateChild(_ coordinator: Coordinating) {
            let key = String(describing: type(of: coordinator))
            if childCoordinators[key] == nil {
                childCoordinators[key] = coordinator
                coordinator.parentCoordinator = self
                coordinator.start(with: {})
            } else {
                coordinator.activate()
            }
        }
    }

    open class NavigationCoordinator<T: UIViewController & Coordinated>: ContainerCoordinator<T> {}

    open class TabBarCoordinator<T: UITabBarController & Coordinated>: ContainerCoordinator<T> {
        open func tabTapped(for coordinator: Coordinating) {}
    }
    """#
}
