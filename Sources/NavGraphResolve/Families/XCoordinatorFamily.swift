import NavGraphExtract
import NavGraphKnowledge
import NavGraphModel

/// F6, QuickBirdEng/XCoordinator: route enums conforming to `Route`, coordinators subclassing
/// `NavigationCoordinator<R>`/`TabBarCoordinator<R>`/… (all `BaseCoordinator<R, T>`) whose
/// `prepareTransition(for:)` switch maps each route to a `Transition`, and routers (`StrongRouter<R>`,
/// `UnownedRouter<R>`, `WeakRouter<R>`) that screens and view models `trigger` routes on.
///
/// The library below is XCoordinator's API as Swift declarations. Transitions navigate when they are
/// built in an arm (`.push(vc)` shows `vc`), so an arm that builds only `.none()` does nothing. A router
/// *is* the coordinator it was taken from (`strongRouter` returns `self`), so `trigger` runs that
/// coordinator's `prepareTransition`. The `__navgraph_*` intrinsics of routes are interpreted here.
final class XCoordinatorFamily: FamilyAdapter {
    static let id = "xcoordinator"
    /// Names this adapter looks for by spelling (see `FamilyAdapter.spelledNames`).
    enum Spelled: String, SpelledName {
        case addChild, dismissToRoot, prepareTransition, presentOnRoot, setRoot, trigger
    }
    /// Names its library declares that this file compares with.
    enum Library: String, SpelledName {
        case BaseCoordinator, Route
    }
    static let spelledNames = Spelled.names.union(Library.names)
    init() {}

    var library: (module: String, source: String)? { ("XCoordinator", XCoordinatorFamily.source + "\n" + RxActionLibrary.source) }

    func detect(_ index: TypeIndex) -> Bool {
        index.imports.contains("XCoordinator")
            || (index[Library.BaseCoordinator.name]?.functions.contains { $0.decl.name == Spelled.prepareTransition.name } ?? false
                && !(index[Library.BaseCoordinator.name]?.genericParameters.isEmpty ?? true))
    }

    func coordinatorBases(_ index: TypeIndex) -> Set<String> { [Library.BaseCoordinator.name] }

    /// App enums conforming to `Route` are routes whether or not an arm handles them.
    func routeEnums(_ index: TypeIndex) -> Set<String> {
        Set(index.types.values.filter { $0.origin == .app && $0.kind == .enum && index.isSubtype($0.name, of: Library.Route.name) }.map(\.name))
    }

    /// Routes are enum cases only; `prepareTransition` and helpers run under the route being triggered.
    func routeMethods(of coordinator: String, _ index: TypeIndex) -> [String: SourceLocation]? { [:] }

    // MARK: - Intrinsics

    /// `.dismiss()` arms: (coordinator, where, reachable), resolved to finishes edges once the graph is known.
    private var dismissals: [(coordinator: String, location: SourceLocation, reachable: Bool)] = []
    private var routeTypeCache: [String: String?] = [:]

    func intrinsic(_ name: String, _ args: [Argument], _ f: inout Frame, line: Int, in interp: Semantics) -> Values? {
        switch name {
        case "__navgraph_trigger":
            // `router.trigger(.x)`: from a screen, view model or app delegate an action; from a coordinator an entry point.
            let routes = args.first.map { interp.eval($0.value, &f) } ?? []
            let completion = args.count > 1 ? interp.eval(args[1].value, &f) : []
            let sender = f.siteOwner ?? f.owner
            let targets = f.selfType.map { interp.isCoordinator($0) ? [$0] : [] } ?? []
            if let s = sender, s.kind != .coordinator {
                // Sent from the line that calls `trigger`, also when that line is in a view model.
                let site = f.site
                f.site = f.callSite ?? f.site
                for (e, c) in cases(routes) {
                    send(route: e, c, from: s, on: targets, interp, &f, line: line)
                }
                f.site = site
            } else {
                enter(routes, on: targets, interp, &f, line: line)
            }
            _ = interp.invokeClosures(completion, args: [], caller: &f, line: line)
            return []
        case "__navgraph_enter":
            // `initialRoute:` and interactive transitions: entry points on self.
            let routes = args.first.map { interp.eval($0.value, &f) } ?? []
            enter(routes, on: f.selfType.map { [$0] } ?? [], interp, &f, line: line)
            return []
        case "__navgraph_route_on":
            // `.trigger(route, on: router)`, `.route(route, on: coordinator)`: the route on the router's coordinator.
            let routes = args.first.map { interp.eval($0.value, &f) } ?? []
            let routers = args.count > 1 ? interp.eval(args[1].value, &f) : []
            let targets = routers.compactMap { v -> String? in if case .object(let t, _) = v, interp.isCoordinator(t) { return t } else { return nil } }
            enter(routes, on: targets, interp, &f, line: line)
            return []
        case "__navgraph_deeplink":
            // `deepLink(first, then…)`: the first route on self, each following one on the coordinator serving its enum.
            for (i, a) in args.enumerated() {
                let routes = interp.eval(a.value, &f)
                enter(routes, on: i == 0 ? (f.selfType.map { [$0] } ?? []) : [], interp, &f, line: line)
            }
            return []
        case "__navgraph_redirect":
            // A `RedirectionRouter`'s route is handled by mapping it onto a route of its parent router.
            let routes = args.first.map { interp.eval($0.value, &f) } ?? []
            for (e, c) in cases(routes) {
                let name = "\(e).\(c)"
                if f.reachable { interp.enterRoute(name) }
                var r = interp.enumArm(name) ?? Interpreter.RouteRecord(name: name, owner: (f.siteOwner ?? f.owner)?.name ?? e,
                                                                       location: f.callSite ?? f.location(line), reachable: false, hasEffect: true)
                r.reachable = r.reachable || f.reachable
                r.hasEffect = true
                interp.setEnumArm(name, r)
            }
            return []
        case "__navgraph_dismiss":
            interp.noteEffect(f)
            if let o = f.owner, o.kind == .coordinator { dismissals.append((o.name, f.location(line), f.reachable)) }
            return []
        default:
            return nil
        }
    }

    func cases(_ values: Values) -> [(String, String)] {
        values.compactMap { v -> (String, String)? in if case .enumCase(let e, let c) = v { return (e, c) } else { return nil } }
            .sorted { $0.0 + "." + $0.1 < $1.0 + "." + $1.1 }
    }

    /// The route enum a coordinator serves: `R` of its `BaseCoordinator<R, T>`.
    func routeType(of coordinator: String, _ interp: Semantics) -> String? {
        if let cached = routeTypeCache[coordinator] { return cached }
        let r = interp.index.genericArguments(coordinator, asInstanceOf: Library.BaseCoordinator.name)?.first.flatMap { interp.index.resolve($0, from: coordinator) }
        routeTypeCache[coordinator] = r
        return r
    }

    /// The coordinators that serve route enum `e`: the given ones when they do, else every coordinator for `e`.
    func servers(of e: String, among given: [String], _ interp: Semantics) -> [String] {
        let matching = given.filter { routeType(of: $0, interp) == e }
        if !matching.isEmpty { return matching }
        return interp.coordinatorTypes.sorted().filter { routeType(of: $0, interp) == e }
    }

    /// Runs `prepareTransition(for:)` of `coordinator` for one route value: the arm's transitions navigate.
    /// Returns false when the coordinator does not override it (XCoordinator's base calls `fatalError`).
    @discardableResult
    func perform(_ e: String, _ c: String, on coordinator: String, _ interp: Semantics, _ f: inout Frame, line: Int) -> Bool {
        guard let fn = interp.index.function(on: coordinator, name: Spelled.prepareTransition.name, labels: ["for"]), fn.origin == .app,
              let param = fn.decl.parameters.first?.name else { return false }
        let before = interp.effectCount
        _ = interp.invoke(fn, selfType: coordinator, args: [], caller: &f, line: line, preEvaluated: [param: [.enumCase(e, c)]])
        // A `prepareTransition` without a switch over the route treats every route alike: its body is the arm.
        let name = "\(e).\(c)"
        if interp.enumArm(name) == nil || interp.enumArm(name)?.owner == coordinator && interp.enumArm(name)?.location == fn.location {
            var r = interp.enumArm(name) ?? Interpreter.RouteRecord(name: name, owner: coordinator, location: fn.location, reachable: false, hasEffect: false)
            r.inert = fn.decl.body.map(interp.isInert) ?? false
            r.reachable = r.reachable || f.reachable
            r.hasEffect = r.hasEffect || interp.effectCount > before
            interp.setEnumArm(name, r)
        }
        return true
    }

    /// Entry points: the route is reached and its arm runs. (A route case built inside another route's arm,
    /// `.trigger(.article, on: self)` or a `deepLink` element, is linked to that route by the interpreter.)
    func enter(_ routes: Values, on given: [String], _ interp: Semantics, _ f: inout Frame, line: Int) {
        for (e, c) in cases(routes) {
            if f.reachable { interp.enterRoute("\(e).\(c)") }
            for target in servers(of: e, among: given, interp) { perform(e, c, on: target, interp, &f, line: line) }
        }
    }

    /// A trigger from a screen (or the view model it owns) or the app: an action handled by the coordinator
    /// serving the route's enum, unless it has no `prepareTransition` override or the route's arm is inert.
    func send(route e: String, _ c: String, from sender: Owner, on given: [String], _ interp: Semantics, _ f: inout Frame, line: Int) {
        let name = "\(e).\(c)"
        if f.reachable { interp.enterRoute(name) }
        let targets = servers(of: e, among: given, interp)
        var note: String?
        _ = interp.sendAction(owner: sender, declaringType: e, selector: "trigger(_:)", name: "trigger(\(name))", &f, line: line) { f in
            var overridden: [String] = []
            for target in targets where self.perform(e, c, on: target, interp, &f, line: line) { overridden.append(target) }
            if let tracker = interp.currentAction {
                if overridden.isEmpty {
                    tracker.handler = nil
                    note = targets.isEmpty
                        ? "no coordinator serves \(e)"
                        : "\(targets.joined(separator: ", ")) does not override prepareTransition(for:), and XCoordinator's default calls fatalError"
                } else if let arm = interp.enumArm(name), !arm.hasEffect, arm.inert {
                    // Only an arm proven to do nothing loses the tap; one that works on data handles it.
                    tracker.handler = nil
                    note = "the \(name) arm at \(arm.location.description) of \(overridden.joined(separator: ", ")).prepareTransition(for:) does nothing"
                }
            }
            return []
        } noReceiverNote: {
            note
        }
    }

    /// A coordinator's own `.dismiss()` finishes it when it presents nothing itself (so what it dismisses is
    /// its own modal flow): a `finishes` edge back to the coordinators that presented it.
    func finish(_ interp: Semantics) {
        for d in dismissals {
            let id = Node.id(.coordinator, d.coordinator)
            guard !(interp.outgoingEdges(of: id)).contains(where: { $0.kind == .presents }) else { continue }
            for parent in interp.allEdges where parent.to == id && parent.kind == .presents && Node.isID(parent.from, of: .coordinator) {
                interp.addEdge(from: id, to: parent.from, kind: .finishes, via: nil, mechanism: UIKitMember.dismiss.name, location: d.location,
                               reachable: d.reachable && parent.reachable)
            }
        }
    }

    static let source = #"""
    protocol Route {}
    protocol Presentable {
        var viewController: UIViewController! { get }
        func router<R: Route>(for route: R) -> StrongRouter<R>?
        func presented(from presentable: Presentable?)
        func registerParent(_ presentable: Presentable & AnyObject)
        func childTransitionCompleted()
        func setRoot(for window: UIWindow)
    }
    extension Presentable {
        func registerParent(_ presentable: Presentable & AnyObject) {}
        func childTransitionCompleted() {}
        // The window shows it, then tells it it was presented (a coordinator's `presented(from:)` override runs).
        func setRoot(for window: UIWindow) { __navgraph_start(self, "setRoot"); presented(from: window) }
        // Deep links ask each shown presentable for the router of the next route's type.
        func router<R: Route>(for route: R) -> StrongRouter<R>? { StrongRouter(self) }
        func presented(from presentable: Presentable?) {}
    }
    extension UIViewController: Presentable {}
    extension UIWindow: Presentable {}
    protocol Container {
        var view: UIView! { get }
        var viewController: UIViewController! { get }
    }
    extension UIViewController: Container {}
    extension UIView: Container {}
    protocol TransitionContext {
        var presentables: [Presentable] { get }
        var animation: TransitionAnimation? { get }
    }
    protocol TransitionProtocol: TransitionContext {
        associatedtype RootViewController
        func perform(on rootViewController: RootViewController, with options: TransitionOptions, completion: (() -> Void)?)
        static func multiple(_ transitions: [Self]) -> Self
    }
    extension TransitionProtocol {
        static func multiple(_ transitions: Self...) -> Self {}
    }
    protocol Router: Presentable {
        associatedtype RouteType: Route
        func contextTrigger(_ route: RouteType, with options: TransitionOptions, completion: ((TransitionContext) -> Void)?)
    }
    // Every trigger ends in `contextTrigger`, which a coordinator answers by running `prepareTransition(for:)`.
    extension Router {
        func trigger(_ route: RouteType, with options: TransitionOptions) { contextTrigger(route, with: options, completion: nil) }
        func trigger(_ route: RouteType, completion: (() -> Void)? = nil) { contextTrigger(route, with: TransitionOptions.default, completion: completion) }
        func trigger(_ route: RouteType, with options: TransitionOptions, completion: (() -> Void)?) { contextTrigger(route, with: options, completion: completion) }
        func trigger(_ route: RouteType) async { contextTrigger(route, with: TransitionOptions.default, completion: nil) }
        func contextTrigger(_ route: RouteType, with options: TransitionOptions) async -> TransitionContext { contextTrigger(route, with: options, completion: nil) }
        var strongRouter: StrongRouter<RouteType> { self }
        func router<R: Route>(for route: R) -> StrongRouter<R>? { strongRouter }
    }
    protocol TransitionPerformer: Presentable {
        associatedtype TransitionType: TransitionProtocol
        var rootViewController: TransitionType.RootViewController { get }
        func performTransition(_ transition: TransitionType, with options: TransitionOptions, completion: (() -> Void)?)
    }
    protocol Coordinator: Router, TransitionPerformer {
        func prepareTransition(for route: RouteType) -> TransitionType
        func addChild(_ presentable: Presentable)
        func removeChild(_ presentable: Presentable)
        func removeChildrenIfNeeded()
    }
    // A router taken from a coordinator is that coordinator (the library wraps it; the wrapper forwards).
    extension Coordinator {
        var viewController: UIViewController! { rootViewController }
        var weakRouter: WeakRouter<RouteType> { self }
        var unownedRouter: UnownedRouter<RouteType> { self }
        var anyCoordinator: AnyCoordinator<RouteType, TransitionType> { self }
        var anyRouter: AnyRouter<RouteType> { self }
        func presented(from presentable: Presentable?) {}
        func childTransitionCompleted() { removeChildrenIfNeeded() }
        func contextTrigger(_ route: RouteType, with options: TransitionOptions, completion: ((TransitionContext) -> Void)?) { __navgraph_trigger(route, completion) }
        func chain(routes: [RouteType]) -> TransitionType { __navgraph_deeplink(routes) }
        func performTransition(_ transition: TransitionType, with options: TransitionOptions, completion: (() -> Void)? = nil) { completion?() }
        // A peek (3D Touch) on `source` shows the route's transition: the route is reachable from there.
        func registerPeek(for source: Container, route: RouteType) -> Transition { __navgraph_enter(route) }
        func deepLink(_ route: RouteType, _ remainingRoutes: Route...) -> Transition { __navgraph_deeplink(route, remainingRoutes) }
    }
    class TransitionOptions {
        static var `default`: TransitionOptions
        init(animated: Bool) {}
    }
    class Animation {
        static let `default`: Animation
        var presentationAnimation: TransitionAnimation?
        var dismissalAnimation: TransitionAnimation?
        init(presentation: TransitionAnimation?, dismissal: TransitionAnimation?) {}
    }
    protocol TransitionAnimation {}

    // A transition navigates where it is built: `.push(vc)` in an arm shows `vc` when that arm runs. Each
    // built-in transition then tells what it showed that it was presented.
    struct Transition<RootViewController>: TransitionProtocol {
        typealias PerformClosure = (_ rootViewController: RootViewController, _ options: TransitionOptions, _ completion: (() -> Void)?) -> Void
        var presentables: [Presentable]
        var animation: TransitionAnimation?
        // A custom transition: its perform closure runs on the coordinator's root view controller.
        init(presentables: [Presentable], animationInUse: TransitionAnimation?, perform: @escaping PerformClosure) { __navgraph_show(presentables, "transition"); perform(); __navgraph_effect() }
        func perform(on rootViewController: RootViewController, with options: TransitionOptions, completion: (() -> Void)?) { completion?() }
        static func perform<TransitionType: TransitionProtocol>(_ transition: TransitionType, on viewController: TransitionType.RootViewController) -> Transition { transition }
        static func push(_ presentable: Presentable, animation: Animation? = nil) -> Transition { __navgraph_show(presentable, "push"); presentable.presented(from: nil); __navgraph_effect() }
        static func set(_ presentables: [Presentable], animation: Animation? = nil) -> Transition { __navgraph_show(presentables, "set"); presentables.first?.presented(from: nil); __navgraph_effect() }
        static func set(_ presentables: [Presentable]) -> Transition { __navgraph_show(presentables, "set"); presentables.first?.presented(from: nil); __navgraph_effect() }
        static func set(_ first: Presentable, _ second: Presentable? = nil, direction: UIPageViewController.NavigationDirection) -> Transition { __navgraph_show(first, "page"); __navgraph_show(second, "page"); first.presented(from: nil); second?.presented(from: nil); __navgraph_effect() }
        static func pop(animation: Animation? = nil) -> Transition { __navgraph_back("pop") }
        static func pop(to presentable: Presentable, animation: Animation? = nil) -> Transition { __navgraph_back("pop") }
        static func popToRoot(animation: Animation? = nil) -> Transition { __navgraph_back("popToRoot") }
        static func present(_ presentable: Presentable, animation: Animation? = nil) -> Transition { __navgraph_present(presentable, "present"); presentable.presented(from: nil); __navgraph_effect() }
        static func presentOnRoot(_ presentable: Presentable, animation: Animation? = nil) -> Transition { __navgraph_present(presentable, "presentOnRoot"); presentable.presented(from: nil); __navgraph_effect() }
        static func embed(_ presentable: Presentable, in container: Container) -> Transition { __navgraph_show(presentable, "embed"); presentable.presented(from: nil); __navgraph_effect() }
        static func show(_ presentable: Presentable) -> Transition { __navgraph_show(presentable, "show"); presentable.presented(from: nil); __navgraph_effect() }
        static func showDetail(_ presentable: Presentable) -> Transition { __navgraph_show(presentable, "showDetail"); presentable.presented(from: nil); __navgraph_effect() }
        static func select(_ presentable: Presentable, animation: Animation? = nil) -> Transition { __navgraph_show(presentable, "select"); presentable.presented(from: nil); __navgraph_effect() }
        static func select(index: Int, animation: Animation? = nil) -> Transition { __navgraph_effect() }
        static func dismiss(animation: Animation? = nil) -> Transition { __navgraph_dismiss() }
        static func dismissToRoot(animation: Animation? = nil) -> Transition { __navgraph_back("dismissToRoot") }
        static func none() -> Transition {}
        static func multiple<C: Collection>(_ transitions: C) -> Transition {}
        static func multiple(_ transitions: Transition...) -> Transition {}
        static func trigger(_ route: Route, on router: Presentable) -> Transition { __navgraph_route_on(route, router) }
        static func route(_ route: Route, on coordinator: Presentable) -> Transition { __navgraph_route_on(route, coordinator) }
    }
    typealias NavigationTransition = Transition<UINavigationController>
    typealias TabBarTransition = Transition<UITabBarController>
    typealias ViewTransition = Transition<UIViewController>
    typealias SplitTransition = Transition<UISplitViewController>
    typealias PageTransition = Transition<UIPageViewController>
    typealias PresentationHandler = () -> Void
    typealias ContextPresentationHandler = (TransitionContext) -> Void

    class BaseCoordinator<RouteType: Route, TransitionType: TransitionProtocol>: Coordinator {
        typealias RootViewController = TransitionType.RootViewController
        var viewController: UIViewController!
        var rootViewController: RootViewController
        var children: [Presentable]
        init(rootViewController: RootViewController, initialRoute: RouteType?) { __navgraph_show(rootViewController, "root"); __navgraph_enter(initialRoute) }
        init(rootViewController: RootViewController, initialTransition: TransitionType?) { __navgraph_show(rootViewController, "root") }
        func prepareTransition(for route: RouteType) -> TransitionType { fatalError("Please override the prepareTransition(for:) method.") }
        func presented(from presentable: Presentable?) {}
        func addChild(_ presentable: Presentable) { __navgraph_start(presentable, "addChild") }
        func removeChild(_ presentable: Presentable) {}
        func removeChildrenIfNeeded() {}
        func registerParent(_ presentable: Presentable & AnyObject) {}
        func registerInteractiveTransition<GestureRecognizer: UIGestureRecognizer>(for route: RouteType, triggeredBy recognizer: GestureRecognizer, progress: @escaping (GestureRecognizer) -> CGFloat, shouldFinish: @escaping (GestureRecognizer) -> Bool, completion: (() -> Void)? = nil) { __navgraph_enter(route) }
        func registerInteractiveTransition<GestureRecognizer: UIGestureRecognizer>(for route: RouteType, triggeredBy recognizer: GestureRecognizer, handler: @escaping (_ handlerRecognizer: GestureRecognizer, _ transition: () -> TransitionAnimation?) -> Void, completion: (() -> Void)? = nil) { __navgraph_enter(route) }
        func unregisterInteractiveTransitions(triggeredBy recognizer: UIGestureRecognizer) {}
    }
    class NavigationCoordinator<RouteType: Route>: BaseCoordinator<RouteType, NavigationTransition> {
        var rootViewController: UINavigationController
        init(rootViewController: UINavigationController = UINavigationController(), initialRoute: RouteType? = nil) { __navgraph_show(rootViewController, "root"); __navgraph_enter(initialRoute) }
        init(rootViewController: UINavigationController = UINavigationController(), root: Presentable) { __navgraph_show(rootViewController, "root"); __navgraph_show(root, "root"); root.presented(from: nil) }
    }
    class TabBarCoordinator<RouteType: Route>: BaseCoordinator<RouteType, TabBarTransition> {
        var rootViewController: UITabBarController
        init(rootViewController: UITabBarController = UITabBarController(), initialRoute: RouteType?) { __navgraph_show(rootViewController, "root"); __navgraph_enter(initialRoute) }
        init(rootViewController: UITabBarController = UITabBarController(), tabs: [Presentable]) { __navgraph_show(rootViewController, "root"); __navgraph_show(tabs, "tab"); tabs.first?.presented(from: nil) }
        init(rootViewController: UITabBarController = UITabBarController(), tabs: [Presentable], select: Presentable) { __navgraph_show(rootViewController, "root"); __navgraph_show(tabs, "tab"); tabs.first?.presented(from: nil) }
        init(rootViewController: UITabBarController = UITabBarController(), tabs: [Presentable], select: Int) { __navgraph_show(rootViewController, "root"); __navgraph_show(tabs, "tab"); tabs.first?.presented(from: nil) }
    }
    class ViewCoordinator<RouteType: Route>: BaseCoordinator<RouteType, ViewTransition> {
        var rootViewController: UIViewController
        init(rootViewController: UIViewController, initialRoute: RouteType? = nil) { __navgraph_show(rootViewController, "root"); __navgraph_enter(initialRoute) }
    }
    class SplitCoordinator<RouteType: Route>: BaseCoordinator<RouteType, SplitTransition> {
        var rootViewController: UISplitViewController
        init(rootViewController: UISplitViewController = UISplitViewController(), initialRoute: RouteType?) { __navgraph_show(rootViewController, "root"); __navgraph_enter(initialRoute) }
        init(rootViewController: UISplitViewController = UISplitViewController(), master: Presentable, detail: Presentable?) { __navgraph_show(rootViewController, "root"); __navgraph_show(master, "split"); __navgraph_show(detail, "split"); master.presented(from: nil); detail?.presented(from: nil) }
    }
    class PageCoordinator<RouteType: Route>: BaseCoordinator<RouteType, PageTransition> {
        var rootViewController: UIPageViewController
        init(rootViewController: UIPageViewController = UIPageViewController(), pages: [Presentable], loop: Bool = false, set: Presentable? = nil, direction: UIPageViewController.NavigationDirection = .forward) { __navgraph_show(rootViewController, "root"); __navgraph_show(pages, "page") }
        init(rootViewController: UIPageViewController = UIPageViewController(), dataSource: UIPageViewControllerDataSource, set: Presentable, direction: UIPageViewController.NavigationDirection) { __navgraph_show(rootViewController, "root"); __navgraph_show(set, "page"); set.presented(from: nil) }
    }
    // A coordinator for simple flows: the closure given to init is its prepareTransition. The library calls
    // it for each route triggered; navgraph runs it once, as for any route, where the coordinator is made.
    typealias BasicNavigationCoordinator<R: Route> = BasicCoordinator<R, NavigationTransition>
    typealias BasicViewCoordinator<R: Route> = BasicCoordinator<R, ViewTransition>
    typealias BasicTabBarCoordinator<R: Route> = BasicCoordinator<R, TabBarTransition>
    class BasicCoordinator<RouteType: Route, TransitionType: TransitionProtocol>: BaseCoordinator<RouteType, TransitionType> {
        enum InitialLoadingType { case immediately, presented }
        init(rootViewController: RootViewController, initialRoute: RouteType? = nil, initialLoadingType: InitialLoadingType = .presented, prepareTransition: ((RouteType) -> TransitionType)?) { __navgraph_show(rootViewController, "root"); __navgraph_enter(initialRoute); prepareTransition?() }
        func presented(from presentable: Presentable?) {}
        func prepareTransition(for route: RouteType) -> TransitionType {}
    }
    class StrongRouter<RouteType: Route>: Router {
        var viewController: UIViewController!
        init(_ router: Router) {}
        func contextTrigger(_ route: RouteType, with options: TransitionOptions, completion: ((TransitionContext) -> Void)?) { __navgraph_trigger(route, completion) }
        func trigger(_ route: RouteType, with options: TransitionOptions, completion: (() -> Void)?) { __navgraph_trigger(route, completion) }
        func presented(from presentable: Presentable?) {}        func registerParent(_ presentable: Presentable & AnyObject) {}
        func childTransitionCompleted() {}
    }
    // `UnownedRouter<R>` and `WeakRouter<R>` are the library's `UnownedErased<StrongRouter<R>>` and
    // `WeakErased<StrongRouter<R>>`: made from a coordinator, they are that coordinator.
    struct UnownedErased<Value> {
        var wrappedValue: Value
        var viewController: UIViewController!
        init<Erasable: AnyObject>(_ value: Erasable, erase: @escaping (Erasable) -> Value) { return value }
        mutating func set<Erasable: AnyObject>(_ value: Erasable, erase: @escaping (Erasable) -> Value) {}
        func registerParent(_ presentable: Presentable & AnyObject) {}
        func childTransitionCompleted() {}
        func presented(from presentable: Presentable?) {}
        func setRoot(for window: UIWindow) { __navgraph_start(self, "setRoot") }
        func contextTrigger(_ route: RouteType, with options: TransitionOptions, completion: ((TransitionContext) -> Void)?) { __navgraph_trigger(route, completion) }
    }
    struct WeakErased<Value> {
        var wrappedValue: Value?
        var viewController: UIViewController!
        init<Erasable: AnyObject>(_ value: Erasable, erase: @escaping (Erasable) -> Value) { return value }
        mutating func set<Erasable: AnyObject>(_ value: Erasable, erase: @escaping (Erasable) -> Value) {}
        func registerParent(_ presentable: Presentable & AnyObject) {}
        func childTransitionCompleted() {}
        func presented(from presentable: Presentable?) {}
        func setRoot(for window: UIWindow) { __navgraph_start(self, "setRoot") }
        func contextTrigger(_ route: RouteType, with options: TransitionOptions, completion: ((TransitionContext) -> Void)?) { __navgraph_trigger(route, completion) }
    }
    class UnownedRouter<RouteType: Route>: Router {
        var viewController: UIViewController!
        init<Erasable: AnyObject>(_ value: Erasable, erase: @escaping (Erasable) -> StrongRouter<RouteType>) { return value }
        func contextTrigger(_ route: RouteType, with options: TransitionOptions, completion: ((TransitionContext) -> Void)?) { __navgraph_trigger(route, completion) }
        func setRoot(for window: UIWindow) { __navgraph_start(self, "setRoot") }
    }
    class WeakRouter<RouteType: Route>: Router {
        var viewController: UIViewController!
        init<Erasable: AnyObject>(_ value: Erasable, erase: @escaping (Erasable) -> StrongRouter<RouteType>) { return value }
        func contextTrigger(_ route: RouteType, with options: TransitionOptions, completion: ((TransitionContext) -> Void)?) { __navgraph_trigger(route, completion) }
    }
    class AnyTransitionPerformer<TransitionType: TransitionProtocol>: TransitionPerformer {
        func presented(from presentable: Presentable?) {}
        func performTransition(_ transition: TransitionType, with options: TransitionOptions, completion: (() -> Void)? = nil) { completion?() }
    }
    // A router whose routes are mapped onto its parent's: a trigger here is the mapped route there.
    class RedirectionRouter<ParentRoute: Route, RouteType: Route>: Router {
        let parent: UnownedRouter<ParentRoute>
        var map: ((RouteType) -> ParentRoute)?
        var viewController: UIViewController!
        init(viewController: UIViewController, parent: UnownedRouter<ParentRoute>, map: ((RouteType) -> ParentRoute)?) { self.parent = parent; self.map = map }
        func contextTrigger(_ route: RouteType, with options: TransitionOptions, completion: ((TransitionContext) -> Void)?) { __navgraph_redirect(route); parent.contextTrigger(mapToParentRoute(route), with: options, completion: completion) }
        func mapToParentRoute(_ route: RouteType) -> ParentRoute { map?(route) }
    }
    // XCoordinatorRx and XCoordinatorCombine: `router.rx.trigger(.x)` and `router.publishers.trigger(.x)`
    // trigger the route where they are written (the observable or future is assumed subscribed: what
    // subscribes is code navgraph does not follow).
    struct Reactive<Base> {
        let base: Base
        init(_ base: Base) { self.base = base }
        func trigger(_ route: Route, with options: TransitionOptions) -> Observable<Void> { base.trigger(route, with: options) }
        func trigger(_ route: Route) -> Observable<Void> { base.trigger(route) }
    }
    struct PublisherExtension<Base> {
        let base: Base
        init(_ base: Base) { self.base = base }
        func trigger(_ route: Route, with options: TransitionOptions = TransitionOptions(animated: true)) -> Future<Void, Never> { base.trigger(route, with: options) }
    }
    extension Router {
        var rx: Reactive<Self> { Reactive(self) }
        var publishers: PublisherExtension<Self> { PublisherExtension(self) }
        func triggerPublisher(_ route: Route, with options: TransitionOptions = TransitionOptions(animated: true)) -> Future<Void, Never> { trigger(route, with: options) }
    }
    class AnyRouter<RouteType: Route>: Router {
        func contextTrigger(_ route: RouteType, with options: TransitionOptions, completion: ((TransitionContext) -> Void)?) { __navgraph_trigger(route, completion) }
    }
    typealias AnyNavigationCoordinator<RouteType: Route> = AnyCoordinator<RouteType, NavigationTransition>
    typealias AnyTabBarCoordinator<RouteType: Route> = AnyCoordinator<RouteType, TabBarTransition>
    typealias AnyViewCoordinator<RouteType: Route> = AnyCoordinator<RouteType, ViewTransition>
    // Wraps a coordinator with the same route type: made from one, it is that coordinator.
    class AnyCoordinator<RouteType: Route, TransitionType: TransitionProtocol>: Coordinator {
        var viewController: UIViewController!
        var rootViewController: TransitionType.RootViewController
        init<C: Coordinator>(_ coordinator: C) { return coordinator }
        func prepareTransition(for route: RouteType) -> TransitionType {}
        func presented(from presentable: Presentable?) {}
        func registerParent(_ presentable: Presentable & AnyObject) {}
        func addChild(_ presentable: Presentable) { __navgraph_start(presentable, "addChild") }
        func removeChild(_ presentable: Presentable) {}
        func removeChildrenIfNeeded() {}
        func setRoot(for window: UIWindow) { __navgraph_start(self, "setRoot") }
    }
    """#
}
