#!/usr/bin/env python3
"""Generates a synthetic UIKit app in the Coordinate (codexperience-io/coordinate) style, for scaling
benchmarks.

Usage: synth_coordinate.py OUT_DIR --features N [--routes K] [--screens S] [--tabs T] [--fanout F]
                           [--padding P] [--shared-events share,home,jump|none]

One coordinator per screen, the generic argument names the screen:
  - AppDelegate: `lazy var root = AppCoordinator()`, window root = `root.rootViewController`, `root.start()`;
  - `AppCoordinator: NavigationCoordinator<SplashViewController>` with `HasRoutes`
    (`case main(MainTabCoordinator.Route?)`), switching to the tab bar when the splash emits its event;
  - `MainTabCoordinator: TabBarCoordinator<MainTabBarController>` attaches the first T features with
    `setCoordinators([...])`; its Route has one `featureT(FeatureTCoordinator.Route?)` case per tab;
  - every further feature is a child of an earlier one (F per parent), presented from a nested
    route `childC(FeatureCCoordinator.Route?)` that sets `activeRoute` on it;
  - `FeatureICoordinator: NavigationCoordinator<FeatureIScreen0ViewController>` with a HasRoutes enum of
    K cases, each showing/presenting a `FeatureIScreenSCoordinator: Coordinator<FeatureIScreenSViewController>`
    (s = 1..S-1) found with `getCached(X.self) ?? X()`;
  - events: `AppEvents.FeatureI` (one case per route, `didSelect`, and `didTapClose` for children)
    are intercepted by FeatureICoordinator (`didTapClose` returns false and is handled by the parent);
    `AppEvents.Shared.didShare` passes every feature coordinator (returns false) up to AppCoordinator;
    `AppEvents.Shared.didTapHome` is handled by MainTabCoordinator.
Output is deterministic for the same arguments.
"""
import synthlib
from synthlib import cap, route_name, sender_screen, target_screen

HEADER = "import UIKit\nimport Coordinate\n\n"


def route_has_item(r):
    return r % 2 == 0


def event_name(r):
    return f"didTap{cap(route_name(r))}"


# ---------------------------------------------------------------------------------------------
# Shared files


def app_delegate():
    return HEADER + """@main
final class AppDelegate: UIResponder, UIApplicationDelegate {

    var window: UIWindow?

    lazy var root = AppCoordinator()

    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.tintColor = .systemTeal
        window.rootViewController = root.rootViewController
        window.makeKeyAndVisible()
        self.window = window

        root.start()
        return true
    }
}
"""


def app_events(tabs):
    opens = "\n".join(f"        case didOpenFeature{t}" for t in tabs)
    return HEADER + f"""/// Everything a screen can tell its coordinators. Screens call `emitEvent(_:)`; the event travels
/// up the parentCoordinator links until some coordinator's `interceptEvent(_:)` returns true.
/// Feature events live in extensions next to their features.
enum AppEvents {{

    enum Splash: CoordinateEvents {{
        case didFinishLoading
    }}

    enum Shared: CoordinateEvents {{
        case didShare(SharedItem)
        case didTapHome
{opens}
    }}
}}

struct SharedItem: Hashable {{
    let id: UUID
    let title: String
}}

""" + synthlib.ANALYTICS


def splash():
    return HEADER + """final class SplashViewController: UIViewController, Coordinated {

    weak var parentCoordinator: ContainerCoordinator?

    private let spinner = UIActivityIndicatorView(style: .large)

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        spinner.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(spinner)
        NSLayoutConstraint.activate([
            spinner.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            spinner.centerYAnchor.constraint(equalTo: view.centerYAnchor),
        ])
        spinner.startAnimating()
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { [weak self] in
            self?.spinner.stopAnimating()
            self?.emitEvent(AppEvents.Splash.didFinishLoading)
        }
    }
}
"""


def app_coordinator():
    return HEADER + """/// Top of the tree. Starts on the splash screen, then swaps the stack for the main tab bar.
final class AppCoordinator: NavigationCoordinator<SplashViewController> {

    var activeRoute: Route?

    override func start(with completion: @escaping () -> Void = {}) {
        super.start(with: completion)
        rootViewController.navigationController?.setNavigationBarHidden(true, animated: false)
    }

    override func interceptEvent(_ event: CoordinateEvents) -> Bool {
        if let e = event as? AppEvents.Splash, case .didFinishLoading = e {
            goTo(.main(nil))
            return true
        }

        if let e = event as? AppEvents.Shared, case .didShare(let item) = e {
            let activity = UIActivityViewController(activityItems: [item.title], applicationActivities: nil)
            rootViewController.present(activity, animated: true)
            return true
        }

        return false
    }
}

extension AppCoordinator: HasRoutes {

    enum Route {
        case main(MainTabCoordinator.Route?)
    }

    func goTo(_ route: Route) {
        switch route {
        case .main(let sub):
            let c = getCached(MainTabCoordinator.self) ?? MainTabCoordinator()
            c.activeRoute = sub
            root(c)
        }
    }
}
"""


def main_tab_bar():
    return HEADER + """final class MainTabBarController: UITabBarController, Coordinated {

    weak var parentCoordinator: ContainerCoordinator?

    override func viewDidLoad() {
        super.viewDidLoad()
        let appearance = UITabBarAppearance()
        appearance.configureWithDefaultBackground()
        tabBar.standardAppearance = appearance
        tabBar.scrollEdgeAppearance = appearance
    }
}
"""


def main_tab_coordinator(tabs, routes):
    jumps = "\n".join(f"""            case .didOpenFeature{t}:
                goTo(.feature{t}({f".{route_name(1)}" if routes > 1 and not route_has_item(1) else "nil"}))
                return true""" for t in tabs)
    ctors = "\n".join(f"            Feature{t}Coordinator()," for t in tabs)
    cases = "\n".join(f"        case feature{t}(Feature{t}Coordinator.Route?)" for t in tabs)
    arms = "\n\n".join(f"""        case .feature{t}(let sub):
            let c = getCached(Feature{t}Coordinator.self) ?? Feature{t}Coordinator()
            c.activeRoute = sub
            select(c)""" for t in tabs)
    return HEADER + f"""final class MainTabCoordinator: TabBarCoordinator<MainTabBarController> {{

    var activeRoute: Route?

    override func start(with completion: @escaping () -> Void = {{}}) {{
        super.start(with: completion)
        setCoordinators([
{ctors}
        ])
        goTo(activeRoute ?? .feature{tabs[0]}(nil))
        activeRoute = nil
    }}

    override func activate() {{
        super.activate()
        if let route = activeRoute {{
            activeRoute = nil
            goTo(route)
        }}
    }}

    override func interceptEvent(_ event: CoordinateEvents) -> Bool {{
        if let e = event as? AppEvents.Shared {{
            switch e {{
            case .didTapHome:
                goTo(.feature{tabs[0]}(nil))
                return true
{jumps}
            default:
                return false
            }}
        }}
        return false
    }}
}}

extension MainTabCoordinator: HasRoutes {{

    enum Route {{
{cases}
    }}

    func goTo(_ route: Route) {{
        switch route {{
{arms}
        }}
    }}
}}
"""


# ---------------------------------------------------------------------------------------------
# Per feature


def feature_events(i, routes, is_child, children):
    cases = ["        case didSelect(Feature{0}Item)".format(i)]
    for r in range(routes):
        cases.append(f"        case {event_name(r)}" + (f"(Feature{i}Item)" if route_has_item(r) else ""))
    for c in children:
        cases.append(f"        case didOpenChild{c}")
    if is_child:
        cases.append("        case didTapClose")
    case_lines = "\n".join(cases)
    return HEADER + f"""extension AppEvents {{

    enum Feature{i}: CoordinateEvents {{
{case_lines}
    }}
}}

""" + synthlib.item_struct(f"Feature{i}Item", """    var shared: SharedItem {
        SharedItem(id: id, title: title)
    }
""")


def feature_coordinator(i, routes, screens, children, tab_index):
    arms = []
    for r in range(routes):
        s = target_screen(r, screens)
        name = route_name(r)
        pattern = f".{name}(let item)" if route_has_item(r) else f".{name}"
        body = f"            let c = getCached(Feature{i}Screen{s}Coordinator.self) ?? Feature{i}Screen{s}Coordinator()\n"
        if route_has_item(r):
            body += "            c.item = item\n"
        if r % 4 == 3:
            body += "            present(c, animated: true, completion: nil)"
        else:
            body += "            show(c, sender: nil)"
        arms.append(f"        case {pattern}:\n{body}")
    for c in children:
        arms.append(f"""        case .child{c}(let sub):
            let c = getCached(Feature{c}Coordinator.self) ?? Feature{c}Coordinator()
            c.activeRoute = sub
            present(c, animated: true, completion: nil)""")
    cases = []
    for r in range(routes):
        cases.append(f"        case {route_name(r)}(Feature{i}Item)" if route_has_item(r) else f"        case {route_name(r)}")
    for c in children:
        cases.append(f"        case child{c}(Feature{c}Coordinator.Route?)")
    event_arms = [f"""            case .didSelect(let item):
                goTo({f".{route_name(0)}(item)" if route_has_item(0) else f".{route_name(0)}"})
                return true"""]
    for r in range(routes):
        if route_has_item(r):
            event_arms.append(f"""            case .{event_name(r)}(let item):
                goTo(.{route_name(r)}(item))
                return true""")
        else:
            event_arms.append(f"""            case .{event_name(r)}:
                goTo(.{route_name(r)})
                return true""")
    for c in children:
        event_arms.append(f"""            case .didOpenChild{c}:
                goTo(.child{c}(nil))
                return true""")
    if tab_index is None:
        event_arms.append("""            case .didTapClose:
                // The presenter dismisses us.
                return false""")
    child_closes = "\n".join(f"""
        if let e = event as? AppEvents.Feature{c}, case .didTapClose = e {{
            dismiss(animated: true, completion: nil)
            return true
        }}
""" for c in children)
    tab_item = (f"""        rootViewController.tabBarItem = UITabBarItem(
            title: NSLocalizedString("Feature {i}", comment: ""),
            image: UIImage(systemName: "square.grid.2x2"),
            tag: {tab_index}
        )
""" if tab_index is not None else "")
    return HEADER + f"""final class Feature{i}Coordinator: NavigationCoordinator<Feature{i}Screen0ViewController> {{

    var activeRoute: Route?

    override func start(with completion: @escaping () -> Void = {{}}) {{
        super.start(with: completion)
{tab_item}        if let route = activeRoute {{
            activeRoute = nil
            goTo(route)
        }}
    }}

    override func activate() {{
        super.activate()
        if let route = activeRoute {{
            activeRoute = nil
            goTo(route)
        }}
    }}

    override func interceptEvent(_ event: CoordinateEvents) -> Bool {{
        if let e = event as? AppEvents.Feature{i} {{
            switch e {{
{chr(10).join(event_arms)}
            }}
        }}
{child_closes}
        if let e = event as? AppEvents.Shared, case .didShare(let item) = e {{
            // Analytics only; AppCoordinator does the sharing.
            Analytics.log("feature{i}_share", ["item": item.id.uuidString])
            return false
        }}

        return false
    }}
}}

extension Feature{i}Coordinator: HasRoutes {{

    enum Route {{
{chr(10).join(cases)}
    }}

    func goTo(_ route: Route) {{
        switch route {{
{chr(10).join(arms)}
        }}
    }}
}}
"""


def screen_coordinator(i, s):
    return HEADER + f"""final class Feature{i}Screen{s}Coordinator: Coordinator<Feature{i}Screen{s}ViewController> {{

    var item: Feature{i}Item? {{
        didSet {{ rootViewController.item = item }}
    }}
}}
"""


def screen(i, s, screens, sends, padding, is_child, jump_tab, shared=("share", "home", "jump")):
    emit_select = f"emitEvent(AppEvents.Feature{i}.didSelect(current))"
    select = synthlib.index_switch(sends, emit_select) if sends else emit_select
    buttons, methods = [], []
    if s == 1 % screens and "share" in shared:
        buttons.append("UIBarButtonItem(barButtonSystemItem: .action, target: self, action: #selector(shareTapped))")
        methods.append("""
    @objc private func shareTapped() {
        emitEvent(AppEvents.Shared.didShare(current.shared))
    }
""")
    if s == 2 % screens and "home" in shared:
        buttons.append("UIBarButtonItem(image: UIImage(systemName: \"house\"), style: .plain, target: self, action: #selector(homeTapped))")
        methods.append("""
    @objc private func homeTapped() {
        emitEvent(AppEvents.Shared.didTapHome)
    }
""")
    if s == 2 % screens and "jump" in shared:
        buttons.append("UIBarButtonItem(image: UIImage(systemName: \"arrow.right.circle\"), style: .plain, target: self, action: #selector(jumpTapped))")
        methods.append(f"""
    @objc private func jumpTapped() {{
        emitEvent(AppEvents.Shared.didOpenFeature{jump_tab})
    }}
""")
    if is_child and s == 0:
        buttons.append("UIBarButtonItem(barButtonSystemItem: .close, target: self, action: #selector(closeTapped))")
        methods.append(f"""
    @objc private func closeTapped() {{
        emitEvent(AppEvents.Feature{i}.didTapClose)
    }}
""")
    cell = "configureSection0(cell, at: indexPath)" if padding else "cell.textLabel?.text = current.title"
    return HEADER + f"""final class Feature{i}Screen{s}ViewController: UITableViewController, Coordinated {{

    weak var parentCoordinator: ContainerCoordinator?

    var item: Feature{i}Item? {{
        didSet {{ if isViewLoaded {{ tableView.reloadData() }} }}
    }}

    private var items: [Feature{i}Item] = []
    private var current: Feature{i}Item {{
        item ?? Feature{i}Item(id: UUID(), title: "Feature {i}", date: Date(), isFavourite: false)
    }}

{synthlib.date_formatter()}
{synthlib.table_did_load(f'"Feature {i} · {s}"', synthlib.bar_buttons(buttons))}
{synthlib.table_methods("items.count", cell, select)}{"".join(methods)}
{synthlib.section_padding(padding)}}}
"""


def generate(out, features, routes, screens, tabs, fanout, padding, shared=("share", "home", "jump")):
    app = synthlib.AppWriter(out)
    tab_ids, parent, children = synthlib.tab_tree(features, tabs, fanout)

    app.write("App/AppDelegate.swift", app_delegate())
    app.write("App/AppEvents.swift", app_events(tab_ids))
    app.write("App/AppCoordinator.swift", app_coordinator())
    app.write("Launch/SplashViewController.swift", splash())
    app.write("Main/MainTabBarController.swift", main_tab_bar())
    app.write("Main/MainTabCoordinator.swift", main_tab_coordinator(tab_ids, routes))

    for i in range(features):
        d = f"Features/Feature{i}"
        is_child = i in parent
        app.write(f"{d}/AppEvents+Feature{i}.swift", feature_events(i, routes, is_child, children[i]))
        app.write(f"{d}/Feature{i}Coordinator.swift",
                  feature_coordinator(i, routes, screens, children[i], None if is_child else i))
        sends = {s: [] for s in range(screens)}
        for r in range(routes):
            ev = f"AppEvents.Feature{i}.{event_name(r)}" + ("(current)" if route_has_item(r) else "")
            sends[sender_screen(r, screens)].append(f"emitEvent({ev})")
        for c in children[i]:
            sends[0].append(f"emitEvent(AppEvents.Feature{i}.didOpenChild{c})")
        next_tab = tab_ids[(i + 1) % len(tab_ids)]
        for s in range(screens):
            app.write(f"{d}/Feature{i}Screen{s}ViewController.swift",
                      screen(i, s, screens, sends[s], padding, is_child, next_tab, shared))
            if s > 0:
                app.write(f"{d}/Feature{i}Screen{s}Coordinator.swift", screen_coordinator(i, s))
    return app.lines


def main():
    ap = synthlib.arg_parser(routes=(5, "Route cases per feature coordinator (K)"),
                             screens=(3, "screens per feature (>= 2; screen 0 is the nav root)"),
                             tabs=4, fanout=3, padding=1)
    ap.add_argument("--shared-events", default="share,home,jump",
                    help="comma list of the AppEvents.Shared sends screens make: share (didShare, passes every "
                         "coordinator up to AppCoordinator), home (didTapHome), jump (didOpenFeatureT, a nested "
                         "route into another tab); 'none' for no shared sends")
    args = ap.parse_args()
    shared = tuple(s for s in args.shared_events.split(",") if s and s != "none")
    lines = generate(args.out, args.features, max(1, args.routes), max(2, args.screens), args.tabs,
                     max(1, args.fanout), args.padding, shared)
    print(f"{args.out}: {lines} lines, {args.features} features, {args.routes} routes each")


if __name__ == "__main__":
    main()
