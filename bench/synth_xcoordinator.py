#!/usr/bin/env python3
"""Generates a synthetic UIKit app in the XCoordinator style, for scaling benchmarks.

Usage: synth_xcoordinator.py OUT_DIR --features N [--routes K] [--screens S] [--tabs T] [--fanout F]
                             [--padding P] [--payloads even|none]

  - SceneDelegate: `let router = AppCoordinator().strongRouter`, `router.setRoot(for: window!)`;
  - `AppCoordinator: NavigationCoordinator<AppRoute>` (initial route `.home`) presents
    `HomeCoordinator: TabBarCoordinator<HomeRoute>`, built with `super.init(tabs:select:)` from the
    strong routers of the first T features; `HomeRoute.featureT` selects a tab;
  - every further feature is a child of an earlier one (F per parent), presented from the parent's
    `.childC` route; it gets the parent's `UnownedRouter` and finishes by triggering the parent's
    `.dismissChild` route (plus its own `.close` → `.dismiss()`);
  - `FeatureICoordinator: NavigationCoordinator<FeatureIRoute>` (initial route `.list`) overrides
    `prepareTransition(for:)`: `.list` sets screen 0, each of the K routes pushes or presents one of the
    S - 1 other screens, `.childC` presents a child coordinator;
  - screens are VC + view model pairs (`vc.bind(to: VM(router: unownedRouter))`); the view models
    call `router.trigger(.route)`, so all K routes and all screens are reachable.
Output is deterministic for the same arguments.
"""
import synthlib
from synthlib import cap, route_name, sender_screen, target_screen

HEADER = "import UIKit\nimport XCoordinator\n\n"

PAYLOADS = True


def route_has_item(r):
    """Even routes carry the item (`case detail0(Feature0Item)`), unless --payloads none."""
    return PAYLOADS and r % 2 == 0


def home_screen(screens):
    """Screen (>= 1) whose view model can switch tabs through the HomeRoute router."""
    return 2 % screens or 1


# ---------------------------------------------------------------------------------------------
# Shared files


def app_delegate():
    return """import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {

    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        URLCache.shared = URLCache(memoryCapacity: 20 * 1024 * 1024, diskCapacity: 100 * 1024 * 1024)
        return true
    }

    func application(
        _ application: UIApplication,
        configurationForConnecting connectingSceneSession: UISceneSession,
        options: UIScene.ConnectionOptions
    ) -> UISceneConfiguration {
        UISceneConfiguration(name: "Default Configuration", sessionRole: connectingSceneSession.role)
    }
}
"""


def scene_delegate():
    return HEADER + """final class SceneDelegate: UIResponder, UIWindowSceneDelegate {

    var window: UIWindow?
    let router = AppCoordinator().strongRouter

    func scene(
        _ scene: UIScene,
        willConnectTo session: UISceneSession,
        options connectionOptions: UIScene.ConnectionOptions
    ) {
        guard let windowScene = scene as? UIWindowScene else { return }
        window = UIWindow(windowScene: windowScene)
        window?.tintColor = .systemRed
        router.setRoot(for: window!)
    }
}
"""


def bindable():
    return """import UIKit

/// A view controller that is configured with a view model after it has been created.
protocol BindableType: AnyObject {
    associatedtype ViewModelType

    var viewModel: ViewModelType! { get set }

    func bindViewModel()
}

extension BindableType where Self: UIViewController {
    func bind(to model: ViewModelType) {
        viewModel = model
        loadViewIfNeeded()
        bindViewModel()
    }
}
"""


def app_coordinator():
    return HEADER + """enum AppRoute: Route {
    case home
}

final class AppCoordinator: NavigationCoordinator<AppRoute> {

    init() {
        super.init(initialRoute: .home)
        rootViewController.setNavigationBarHidden(true, animated: false)
    }

    override func prepareTransition(for route: AppRoute) -> NavigationTransition {
        switch route {
        case .home:
            let home = HomeCoordinator()
            home.viewController.modalPresentationStyle = .fullScreen
            return .present(home)
        }
    }
}
"""


def home_coordinator(tabs):
    cases = "\n".join(f"    case feature{t}" for t in tabs)
    props = "\n".join(f"    private let feature{t}Router: StrongRouter<Feature{t}Route>" for t in tabs)
    builds = "\n\n".join(f"""        let feature{t} = Feature{t}Coordinator()
        feature{t}.rootViewController.tabBarItem = UITabBarItem(
            title: "Feature {t}",
            image: UIImage(systemName: "square.grid.2x2"),
            tag: {t}
        )
        let feature{t}Router = feature{t}.strongRouter
        self.feature{t}Router = feature{t}Router""" for t in tabs)
    tab_list = ", ".join(f"feature{t}Router" for t in tabs)
    injects = "\n".join(f"        feature{t}.homeRouter = weakRouter" for t in tabs)
    arms = "\n".join(f"""        case .feature{t}:
            return .select(feature{t}Router)""" for t in tabs)
    return HEADER + f"""enum HomeRoute: Route {{
{cases}
}}

/// One tab per top-level feature.
final class HomeCoordinator: TabBarCoordinator<HomeRoute> {{

{props}

    init() {{
{builds}

        super.init(tabs: [{tab_list}], select: feature{tabs[0]}Router)

{injects}
    }}

    override func prepareTransition(for route: HomeRoute) -> TabBarTransition {{
        switch route {{
{arms}
        }}
    }}
}}
"""


# ---------------------------------------------------------------------------------------------
# Per feature


def feature_coordinator(i, routes, screens, children, parent):
    cases = ["    case list"]
    for r in range(routes):
        cases.append(f"    case {route_name(r)}(Feature{i}Item)" if route_has_item(r) else f"    case {route_name(r)}")
    for c in children:
        cases.append(f"    case child{c}")
    if children:
        cases.append("    case dismissChild")
    if parent is not None:
        cases.append("    case close")
    arms = [f"""        case .list:
            let viewController = Feature{i}Screen0ViewController()
            viewController.bind(to: Feature{i}Screen0ViewModel(router: unownedRouter{", parentRouter: parentRouter" if parent is not None else ""}, store: store))
            return .set([viewController])"""]
    for r in range(routes):
        s = target_screen(r, screens)
        name = route_name(r)
        pattern = f".{name}(let item)" if route_has_item(r) else f".{name}"
        item = "item" if route_has_item(r) else "nil"
        home = ", homeRouter: homeRouter" if parent is None and s == home_screen(screens) else ""
        body = (f"            let viewController = Feature{i}Screen{s}ViewController()\n"
                f"            viewController.bind(to: Feature{i}Screen{s}ViewModel(item: {item}, router: unownedRouter, store: store{home}))\n")
        if r % 4 == 3:
            body += "            return .present(viewController)"
        else:
            body += "            return .push(viewController)"
        arms.append(f"        case {pattern}:\n{body}")
    for c in children:
        arms.append(f"""        case .child{c}:
            return .present(Feature{c}Coordinator(parentRouter: unownedRouter))""")
    if children:
        arms.append("""        case .dismissChild:
            return .dismiss()""")
    if parent is not None:
        arms.append("""        case .close:
            return .dismiss()""")
    if parent is None:
        init = f"""    init() {{
        super.init(initialRoute: .list)
        rootViewController.navigationBar.prefersLargeTitles = true
    }}"""
        parent_prop = "    /// Set by HomeCoordinator once the tab bar exists.\n    var homeRouter: WeakRouter<HomeRoute>?\n"
    else:
        init = f"""    init(parentRouter: UnownedRouter<Feature{parent}Route>) {{
        self.parentRouter = parentRouter
        super.init(initialRoute: .list)
        rootViewController.navigationBar.prefersLargeTitles = true
    }}"""
        parent_prop = f"    private let parentRouter: UnownedRouter<Feature{parent}Route>\n"
    return HEADER + f"""enum Feature{i}Route: Route {{
{chr(10).join(cases)}
}}

final class Feature{i}Coordinator: NavigationCoordinator<Feature{i}Route> {{

    private let store = Feature{i}Store()
{parent_prop}
{init}

    override func prepareTransition(for route: Feature{i}Route) -> NavigationTransition {{
        switch route {{
{chr(10).join(arms)}
        }}
    }}
}}
"""


def feature_model(i):
    return synthlib.FOUNDATION + synthlib.item_struct(f"Feature{i}Item") + f"""
final class Feature{i}Store {{
    private(set) var items: [Feature{i}Item] = []

    func toggleFavourite(_ item: Feature{i}Item) {{
        guard let index = items.firstIndex(where: {{ $0.id == item.id }}) else {{ return }}
        items[index].isFavourite.toggle()
    }}
}}
"""


def view_model(i, s, triggers, parent, is_child_root, home_tab):
    """triggers: list of (method name, route expression)."""
    methods = "\n".join(f"""    func {m}() {{
        router.trigger({expr})
    }}
""" for m, expr in triggers)
    extra_props, extra_init, extra_params = "", "", ""
    if is_child_root:
        extra_props = f"    private let parentRouter: UnownedRouter<Feature{parent}Route>\n"
        extra_params = f", parentRouter: UnownedRouter<Feature{parent}Route>"
        extra_init = "        self.parentRouter = parentRouter\n"
        methods += """
    func finish() {
        parentRouter.trigger(.dismissChild)
    }

    func close() {
        router.trigger(.close)
    }
"""
    if s == 0:
        init = f"""    init(router: UnownedRouter<Feature{i}Route>{extra_params}, store: Feature{i}Store) {{
        self.router = router
{extra_init}        self.store = store
        self.item = nil
    }}"""
    elif home_tab is not None:
        extra_props = "    private let homeRouter: WeakRouter<HomeRoute>?\n"
        methods += f"""
    func showFeature{home_tab}() {{
        homeRouter?.trigger(.feature{home_tab})
    }}
"""
        init = f"""    init(item: Feature{i}Item?, router: UnownedRouter<Feature{i}Route>, store: Feature{i}Store, homeRouter: WeakRouter<HomeRoute>?) {{
        self.item = item
        self.router = router
        self.store = store
        self.homeRouter = homeRouter
    }}"""
    else:
        init = f"""    init(item: Feature{i}Item?, router: UnownedRouter<Feature{i}Route>, store: Feature{i}Store) {{
        self.item = item
        self.router = router
        self.store = store
    }}"""
    return HEADER + f"""final class Feature{i}Screen{s}ViewModel {{

    private let router: UnownedRouter<Feature{i}Route>
{extra_props}    private let store: Feature{i}Store
    let item: Feature{i}Item?

    var onChange: (() -> Void)?

{init}

    var title: String {{
        item?.title ?? "Feature {i} · {s}"
    }}

    var items: [Feature{i}Item] {{
        store.items
    }}

    var current: Feature{i}Item {{
        item ?? Feature{i}Item(id: UUID(), title: title, date: Date(), isFavourite: false)
    }}

    func toggleFavourite(_ item: Feature{i}Item) {{
        store.toggleFavourite(item)
        onChange?()
    }}

{methods}}}
"""


def screen(i, s, method_names, padding, is_child_root):
    toggle = "viewModel.toggleFavourite(viewModel.items[indexPath.row % max(viewModel.items.count, 1)])"
    select = synthlib.index_switch([f"viewModel.{m}()" for m in method_names], toggle) if method_names else toggle
    buttons, methods = [], []
    if is_child_root:
        buttons.append("UIBarButtonItem(barButtonSystemItem: .done, target: self, action: #selector(doneTapped))")
        buttons.append("UIBarButtonItem(barButtonSystemItem: .close, target: self, action: #selector(closeTapped))")
        methods.append("""
    @objc private func doneTapped() {
        viewModel.finish()
    }

    @objc private func closeTapped() {
        viewModel.close()
    }
""")
    cell = "configureSection0(cell, at: indexPath)" if padding else "cell.textLabel?.text = viewModel.title"
    return synthlib.UIKIT + f"""final class Feature{i}Screen{s}ViewController: UITableViewController, BindableType {{

    var viewModel: Feature{i}Screen{s}ViewModel!

{synthlib.date_formatter()}
{synthlib.table_did_load(then=synthlib.bar_buttons(buttons))}
    func bindViewModel() {{
        title = viewModel.title
        viewModel.onChange = {{ [weak self] in
            self?.tableView.reloadData()
        }}
    }}

{synthlib.table_methods("viewModel.items.count", cell, select)}{"".join(methods)}
{synthlib.section_padding(padding, items="viewModel.items")}}}
"""


def generate(out, features, routes, screens, tabs, fanout, padding):
    app = synthlib.AppWriter(out)
    tab_ids, parent, children = synthlib.tab_tree(features, tabs, fanout)

    app.write("App/AppDelegate.swift", app_delegate())
    app.write("App/SceneDelegate.swift", scene_delegate())
    app.write("App/AppCoordinator.swift", app_coordinator())
    app.write("Home/HomeCoordinator.swift", home_coordinator(tab_ids))
    app.write("Common/BindableType.swift", bindable())

    for i in range(features):
        d = f"Features/Feature{i}"
        p = parent.get(i)
        app.write(f"{d}/Feature{i}Model.swift", feature_model(i))
        app.write(f"{d}/Feature{i}Coordinator.swift", feature_coordinator(i, routes, screens, children[i], p))
        triggers = {s: [] for s in range(screens)}
        for r in range(routes):
            name = route_name(r)
            expr = f".{name}(current)" if route_has_item(r) else f".{name}"
            triggers[sender_screen(r, screens)].append((f"open{cap(name)}", expr))
        for c in children[i]:
            triggers[0].append((f"openChild{c}", f".child{c}"))
        for s in range(screens):
            child_root = p is not None and s == 0
            home_tab = tab_ids[(i + 1) % len(tab_ids)] if p is None and s == home_screen(screens) else None
            app.write(f"{d}/Feature{i}Screen{s}ViewModel.swift", view_model(i, s, triggers[s], p, child_root, home_tab))
            names = [m for m, _ in triggers[s]] + ([f"showFeature{home_tab}"] if home_tab is not None else [])
            app.write(f"{d}/Feature{i}Screen{s}ViewController.swift", screen(i, s, names, padding, child_root))
    return app.lines


def main():
    ap = synthlib.arg_parser(routes=(5, "Route cases per feature (K), besides list/close/child"),
                             screens=(3, "screens per feature (>= 2; screen 0 is the list)"),
                             tabs=4, fanout=3, padding=1)
    ap.add_argument("--payloads", choices=["even", "none"], default="even",
                    help="even: every other route case carries an associated value; none: no payloads")
    args = ap.parse_args()
    global PAYLOADS
    PAYLOADS = args.payloads == "even"
    lines = generate(args.out, args.features, max(1, args.routes), max(2, args.screens), args.tabs,
                     max(1, args.fanout), args.padding)
    print(f"{args.out}: {lines} lines, {args.features} features, {args.routes} routes each")


if __name__ == "__main__":
    main()
