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
import argparse
import os

HEADER = "import UIKit\nimport Coordinate\n\n"

VERBS = ["detail", "edit", "history", "settings", "share", "filter", "compose", "summary",
         "search", "archive", "preview", "export"]


def route_name(r):
    return f"{VERBS[r % len(VERBS)]}{r}"


def route_has_item(r):
    return r % 2 == 0


def cap(s):
    return s[0].upper() + s[1:]


def event_name(r):
    return f"didTap{cap(route_name(r))}"


def target_screen(r, screens):
    """Screen class (1..S-1) shown by route r."""
    return 1 + r % (screens - 1)


def sender_screen(r, screens):
    return r % screens


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

/// Tiny stand-in for the analytics SDK.
enum Analytics {{
    static func log(_ event: String, _ parameters: [String: String] = [:]) {{
        #if DEBUG
        print("[analytics]", event, parameters)
        #endif
    }}
}}
"""


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

struct Feature{i}Item: Hashable {{
    let id: UUID
    let title: String
    let date: Date
    var isFavourite: Bool

    var shared: SharedItem {{
        SharedItem(id: id, title: title)
    }}
}}
"""


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
    rows = "\n".join(f"        case {k}:\n            {stmt}" for k, stmt in enumerate(sends))
    emit_select = f"emitEvent(AppEvents.Feature{i}.didSelect(current))"
    if rows:
        select = f"""        switch indexPath.row {{
{rows}
        default:
            {emit_select}
        }}"""
    else:
        select = f"        {emit_select}"
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
    button_lines = ",\n            ".join(buttons)
    pad = "\n".join(
        f"""    private func configureSection{p}(_ cell: UITableViewCell, at indexPath: IndexPath) {{
        let row = items[indexPath.row % max(items.count, 1)]
        var content = cell.defaultContentConfiguration()
        content.text = "\\(row.title) — section {p}"
        content.secondaryText = formatter.string(from: row.date)
        content.image = UIImage(systemName: row.isFavourite ? "star.fill" : "star")
        cell.contentConfiguration = content
        cell.accessoryType = row.isFavourite ? .checkmark : .disclosureIndicator
    }}
""" for p in range(padding))
    return HEADER + f"""final class Feature{i}Screen{s}ViewController: UITableViewController, Coordinated {{

    weak var parentCoordinator: ContainerCoordinator?

    var item: Feature{i}Item? {{
        didSet {{ if isViewLoaded {{ tableView.reloadData() }} }}
    }}

    private var items: [Feature{i}Item] = []
    private var current: Feature{i}Item {{
        item ?? Feature{i}Item(id: UUID(), title: "Feature {i}", date: Date(), isFavourite: false)
    }}

    private let formatter: DateFormatter = {{
        let f = DateFormatter()
        f.dateStyle = .medium
        f.timeStyle = .short
        return f
    }}()

    override func viewDidLoad() {{
        super.viewDidLoad()
        title = "Feature {i} · {s}"
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Cell")
        navigationItem.rightBarButtonItems = [
            {button_lines}
        ]
    }}

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {{
        items.count
    }}

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {{
        let cell = tableView.dequeueReusableCell(withIdentifier: "Cell", for: indexPath)
        {"configureSection0(cell, at: indexPath)" if padding else "cell.textLabel?.text = current.title"}
        return cell
    }}

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {{
        tableView.deselectRow(at: indexPath, animated: true)
{select}
    }}
{"".join(methods)}
{pad}}}
"""


def generate(out, features, routes, screens, tabs, fanout, padding, shared=("share", "home", "jump")):
    os.makedirs(out, exist_ok=True)
    lines = 0

    def write(rel, text):
        nonlocal lines
        path = os.path.join(out, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(text)
        lines += text.count("\n")

    tabs = max(1, min(tabs, features))
    tab_ids = list(range(tabs))
    parent = {i: (i - tabs) // fanout for i in range(tabs, features)}
    children = {i: [] for i in range(features)}
    for c, p in parent.items():
        children[p].append(c)

    write("App/AppDelegate.swift", app_delegate())
    write("App/AppEvents.swift", app_events(tab_ids))
    write("App/AppCoordinator.swift", app_coordinator())
    write("Launch/SplashViewController.swift", splash())
    write("Main/MainTabBarController.swift", main_tab_bar())
    write("Main/MainTabCoordinator.swift", main_tab_coordinator(tab_ids, routes))

    for i in range(features):
        d = f"Features/Feature{i}"
        is_child = i in parent
        write(f"{d}/AppEvents+Feature{i}.swift", feature_events(i, routes, is_child, children[i]))
        write(f"{d}/Feature{i}Coordinator.swift",
              feature_coordinator(i, routes, screens, children[i], None if is_child else i))
        sends = {s: [] for s in range(screens)}
        for r in range(routes):
            ev = f"AppEvents.Feature{i}.{event_name(r)}" + ("(current)" if route_has_item(r) else "")
            sends[sender_screen(r, screens)].append(f"emitEvent({ev})")
        for c in children[i]:
            sends[0].append(f"emitEvent(AppEvents.Feature{i}.didOpenChild{c})")
        for s in range(screens):
            write(f"{d}/Feature{i}Screen{s}ViewController.swift", screen(i, s, screens, sends[s], padding, is_child, tab_ids[(i + 1) % tabs], shared))
            if s > 0:
                write(f"{d}/Feature{i}Screen{s}Coordinator.swift", screen_coordinator(i, s))
    return lines


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--features", type=int, required=True, help="feature coordinators (N)")
    ap.add_argument("--routes", type=int, default=5, help="Route cases per feature coordinator (K)")
    ap.add_argument("--screens", type=int, default=3, help="screens per feature (>= 2; screen 0 is the nav root)")
    ap.add_argument("--tabs", type=int, default=4, help="features attached to the tab bar")
    ap.add_argument("--fanout", type=int, default=3, help="child features per non-leaf feature")
    ap.add_argument("--padding", type=int, default=1, help="filler table-cell methods per screen")
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
