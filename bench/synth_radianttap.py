#!/usr/bin/env python3
"""Generates a synthetic UIKit app in the radianttap/Coordinator style, for scaling benchmarks.

Usage: synth_radianttap.py OUT_DIR --features N [--routes K] [--screens S] [--tabs T] [--fanout F] [--transition mixed|present]
                           [--padding P] [--global-senders all|none]

The app has an AppDelegate that builds `AppCoordinator: Coordinator<UITabBarController>` and calls
`start()`. The app coordinator starts the first T feature coordinators with `startChild` and puts
their navigation controllers in the tab bar; every further feature is a child of an earlier one
(F per parent), started and presented modally from one of the parent's `Page` cases.

Each feature `FeatureI` has
  - `FeatureICoordinator: NavigationCoordinator` with `enum Page` of K cases (plus one `childC` case
    per child feature), switched on in `setupActivePage(_:)` (root / show / present of its screens);
  - S screen classes; screen s sends boxed pages (`featureIOpen(page: FeatureIPageBox(.x), ...)`)
    for the cases it leads to, so all K cases and all S screens are reachable;
  - actions in a `UIResponder` extension that forward to `coordinatingResponder`:
      featureIOpen(page:sender:)          terminal in FeatureICoordinator (boxed route),
      featureISelect(item:sender:)        terminal in FeatureICoordinator,
      featureIToggleFavorite(item:sender:) terminal in screen 0 itself (a VC override),
      featureIClose(sender:)              (children only) terminal in the *parent* coordinator,
  - shared actions that travel up the chain to AppCoordinator:
      sharedShare(item:sender:)           pass-through in every feature coordinator, terminal at the top,
      globalDisplay(page:sender:)         terminal in AppCoordinator (selects a tab).
Output is deterministic for the same arguments.
"""
import argparse
import os

HEADER = "import UIKit\nimport Coordinator\n\n"

VERBS = ["detail", "edit", "history", "settings", "share", "filter", "compose", "summary",
         "search", "archive", "preview", "export"]


def route_name(r):
    if r == 0:
        return "overview"
    return f"{VERBS[(r - 1) % len(VERBS)]}{r}"


def route_has_item(r):
    return r % 2 == 1


def route_ctor(i, r, arg="item"):
    """Swift expression constructing Page case r (inside FeatureICoordinator.Page context)."""
    name = route_name(r)
    return f".{name}({arg})" if route_has_item(r) else f".{name}"


# ---------------------------------------------------------------------------------------------
# Shared files


def storyboard_support():
    return """import UIKit

extension UIViewController {

    /// Loads a view controller from the given storyboard, using the class name as the identifier.
    static func instantiate(fromStoryboardNamed name: String) -> Self {
        return instantiate(storyboardName: name)
    }

    private static func instantiate<T: UIViewController>(storyboardName name: String) -> T {
        let identifier = String(describing: T.self)
        let storyboard = UIStoryboard(name: name, bundle: Bundle(for: T.self))
        guard let vc = storyboard.instantiateViewController(withIdentifier: identifier) as? T else {
            fatalError("Storyboard \\(name) has no scene with identifier \\(identifier)")
        }
        return vc
    }
}
"""


def shared_model():
    return """import Foundation

struct SharedItem: Hashable {
    let id: UUID
    let title: String
    let date: Date
}

/// `@objc` methods can't carry Swift structs or enums, so they travel boxed.
final class SharedItemBox: NSObject {
    let unbox: SharedItem

    init(_ value: SharedItem) {
        self.unbox = value
        super.init()
    }
}

final class PageBox: NSObject {
    let unbox: AppCoordinator.Page

    init(_ value: AppCoordinator.Page) {
        self.unbox = value
        super.init()
    }
}

/// Tiny stand-in for the analytics SDK.
enum Analytics {
    static func log(_ event: String, _ parameters: [String: String] = [:]) {
        #if DEBUG
        print("[analytics]", event, parameters)
        #endif
    }
}
"""


def shared_actions():
    return HEADER + """/// Messages every feature may send; they travel up the coordinatingResponder chain.
extension UIResponder {

    @objc dynamic func sharedShare(item: SharedItemBox, sender: Any?) {
        coordinatingResponder?.sharedShare(item: item, sender: sender)
    }

    @objc dynamic func globalDisplay(page: PageBox, sender: Any?) {
        coordinatingResponder?.globalDisplay(page: page, sender: sender)
    }
}
"""


def app_delegate():
    return HEADER + """@main
final class AppDelegate: UIResponder, UIApplicationDelegate {

    var window: UIWindow?

    /// Kept strongly here: nothing else owns the top of the coordinator tree.
    private(set) var appCoordinator: AppCoordinator?

    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.tintColor = .systemIndigo

        let c = AppCoordinator(rootViewController: UITabBarController())
        appCoordinator = c

        window.rootViewController = c.rootViewController
        window.makeKeyAndVisible()
        self.window = window

        c.start()
        return true
    }

    /// AppCoordinator hands unhandled messages to the app delegate; this is the end of the line.
    override var coordinatingResponder: UIResponder? {
        return nil
    }
}
"""


def app_coordinator(tabs):
    cases = "\n".join(f"        case feature{t}" for t in tabs)
    props = "\n".join(f"    private var feature{t}Coordinator: Feature{t}Coordinator?" for t in tabs)
    starts = "\n\n".join(
        f"""        let feature{t} = Feature{t}Coordinator(rootViewController: UINavigationController())
        feature{t}.rootViewController.tabBarItem = UITabBarItem(title: "Feature {t}", image: UIImage(systemName: "square.grid.2x2"), tag: {t})
        startChild(coordinator: feature{t})
        feature{t}Coordinator = feature{t}""" for t in tabs)
    vcs = "\n".join(f"            feature{t}.rootViewController," for t in tabs)
    arms = "\n".join(
        f"""        case .feature{t}:
            selectTab(of: feature{t}Coordinator)
            feature{t}Coordinator?.setupActivePage(.overview)""" for t in tabs)
    return HEADER + f"""/// Owns the tab bar and one NavigationCoordinator per tab.
final class AppCoordinator: Coordinator<UITabBarController> {{

    /// App-wide destinations, sent from anywhere via `globalDisplay(page:sender:)`.
    enum Page {{
{cases}
    }}

    var page: Page = .feature{tabs[0]}

{props}

    // MARK: - Lifecycle

    override func start() {{
        super.start()

{starts}

        rootViewController.viewControllers = [
{vcs}
        ]
        rootViewController.tabBar.isTranslucent = true
    }}

    /// Messages nobody below handled continue to the app delegate.
    override var coordinatingResponder: UIResponder? {{
        return UIApplication.shared.delegate as? UIResponder
    }}

    // MARK: - Pages

    func display(page: Page) {{
        self.page = page

        switch page {{
{arms}
        }}
    }}

    private func selectTab(of coordinator: NavigationCoordinator?) {{
        guard let nc = coordinator?.rootViewController else {{ return }}
        if rootViewController.presentedViewController != nil {{
            rootViewController.dismiss(animated: false)
        }}
        rootViewController.selectedViewController = nc
    }}

    // MARK: - Coordinating messages

    override func globalDisplay(page: PageBox, sender: Any?) {{
        display(page: page.unbox)
    }}

    override func sharedShare(item: SharedItemBox, sender: Any?) {{
        let activity = UIActivityViewController(activityItems: [item.unbox.title], applicationActivities: nil)
        rootViewController.present(activity, animated: true)
    }}
}}
"""


# ---------------------------------------------------------------------------------------------
# Per feature


def feature_model(i):
    return f"""import Foundation

struct Feature{i}Item: Hashable {{
    let id: UUID
    let title: String
    let date: Date
    var isFavourite: Bool

    var shared: SharedItem {{
        SharedItem(id: id, title: title, date: date)
    }}
}}

final class Feature{i}ItemBox: NSObject {{
    let unbox: Feature{i}Item

    init(_ value: Feature{i}Item) {{
        self.unbox = value
        super.init()
    }}
}}

final class Feature{i}PageBox: NSObject {{
    let unbox: Feature{i}Coordinator.Page

    init(_ value: Feature{i}Coordinator.Page) {{
        self.unbox = value
        super.init()
    }}
}}
"""


def feature_actions(i, is_child):
    close = f"""
    @objc dynamic func feature{i}Close(sender: Any?) {{
        coordinatingResponder?.feature{i}Close(sender: sender)
    }}
""" if is_child else ""
    return HEADER + f"""/// Messages the Feature {i} screens send up the coordinatingResponder chain.
extension UIResponder {{

    @objc dynamic func feature{i}Open(page: Feature{i}PageBox, sender: Any?) {{
        coordinatingResponder?.feature{i}Open(page: page, sender: sender)
    }}

    @objc dynamic func feature{i}Select(item: Feature{i}ItemBox, sender: Any?) {{
        coordinatingResponder?.feature{i}Select(item: item, sender: sender)
    }}

    @objc dynamic func feature{i}ToggleFavorite(item: Feature{i}ItemBox, sender: Any?) {{
        coordinatingResponder?.feature{i}ToggleFavorite(item: item, sender: sender)
    }}
{close}}}
"""


def screen_ctor(i, s):
    if s % 3 == 1:
        return f'Feature{i}Screen{s}ViewController.instantiate(fromStoryboardNamed: "Feature{i}")'
    return f"Feature{i}Screen{s}ViewController()"


def feature_coordinator(i, routes, screens, children, transition="mixed"):
    cases = []
    for r in range(routes):
        name = route_name(r)
        cases.append(f"        case {name}(Feature{i}Item)" if route_has_item(r) else f"        case {name}")
    for c in children:
        cases.append(f"        case child{c}")
    arms = []
    for r in range(routes):
        s = r % screens
        name = route_name(r)
        pattern = f".{name}(let item)" if route_has_item(r) else f".{name}"
        setup = f"            let vc = {screen_ctor(i, s)}\n            vc.store = store\n"
        if route_has_item(r):
            setup += "            vc.item = item\n"
        if r == 0:
            show = "            root(vc)"
        elif r % 4 == 3 or transition == "present":
            show = "            vc.modalPresentationStyle = .formSheet\n            present(vc)"
        else:
            show = "            show(vc)"
        arms.append(f"        case {pattern}:\n{setup}{show}")
    for c in children:
        arms.append(f"""        case .child{c}:
            let child = Feature{c}Coordinator(rootViewController: UINavigationController())
            child.store = store
            startChild(coordinator: child)
            child.rootViewController.modalPresentationStyle = .formSheet
            rootViewController.present(child.rootViewController, animated: true)""")
    closes = "\n".join(f"""
    override func feature{c}Close(sender: Any?) {{
        guard let child = childCoordinators.child(matching: Feature{c}Coordinator.self) else {{ return }}
        rootViewController.dismiss(animated: true)
        stopChild(coordinator: child)
    }}
""" for c in children)
    case_lines = "\n".join(cases)
    arm_lines = "\n\n".join(arms)
    return HEADER + f"""final class Feature{i}Coordinator: NavigationCoordinator {{

    enum Page {{
{case_lines}
    }}

    var page: Page = .overview

    var store = Feature{i}Store()

    // MARK: - Lifecycle

    override func start() {{
        super.start()
        rootViewController.navigationBar.prefersLargeTitles = true
        setupActivePage()
    }}

    // MARK: - Pages

    func setupActivePage(_ page: Page? = nil) {{
        let p = page ?? self.page
        self.page = p

        switch p {{
{arm_lines}
        }}
    }}

    // MARK: - Coordinating messages

    override func feature{i}Open(page: Feature{i}PageBox, sender: Any?) {{
        setupActivePage(page.unbox)
    }}

    override func feature{i}Select(item: Feature{i}ItemBox, sender: Any?) {{
        store.markSeen(item.unbox)
        setupActivePage({route_ctor(i, 1, "item.unbox") if routes > 1 else ".overview"})
    }}

    /// Analytics only; sharing itself is owned by AppCoordinator.
    override func sharedShare(item: SharedItemBox, sender: Any?) {{
        Analytics.log("feature{i}_share", ["item": item.unbox.id.uuidString])
        coordinatingResponder?.sharedShare(item: item, sender: sender)
    }}
{closes}}}

final class Feature{i}Store {{
    private(set) var items: [Feature{i}Item] = []
    private var seen: Set<UUID> = []

    func markSeen(_ item: Feature{i}Item) {{
        seen.insert(item.id)
    }}

    func toggleFavourite(_ item: Feature{i}Item) {{
        guard let index = items.firstIndex(where: {{ $0.id == item.id }}) else {{ return }}
        items[index].isFavourite.toggle()
    }}
}}
"""


def screen(i, s, screens, sends, padding, is_child, global_target, global_senders):
    """sends: list of Swift statements (sends) this screen makes from its row selection."""
    rows = "\n".join(
        f"        case {k}:\n            {stmt}" for k, stmt in enumerate(sends))
    if rows:
        select = f"""        switch indexPath.row {{
{rows}
        default:
            feature{i}Select(item: Feature{i}ItemBox(item), sender: self)
        }}"""
    else:
        select = f"        feature{i}Select(item: Feature{i}ItemBox(item), sender: self)"
    extra_buttons = []
    extra_methods = []
    if s == 0:
        extra_methods.append(f"""
    /// Favourites are purely local UI state, so the screen handles them itself.
    override func feature{i}ToggleFavorite(item: Feature{i}ItemBox, sender: Any?) {{
        store?.toggleFavourite(item.unbox)
        tableView.reloadData()
    }}

    @objc private func favouriteTapped() {{
        feature{i}ToggleFavorite(item: Feature{i}ItemBox(item), sender: self)
    }}
""")
        extra_buttons.append("UIBarButtonItem(image: UIImage(systemName: \"heart\"), style: .plain, target: self, action: #selector(favouriteTapped))")
    if s == 1 % screens:
        extra_methods.append(f"""
    @objc private func shareTapped() {{
        sharedShare(item: SharedItemBox(item.shared), sender: self)
    }}
""")
        extra_buttons.append("UIBarButtonItem(barButtonSystemItem: .action, target: self, action: #selector(shareTapped))")
    if global_senders and s == 2 % screens:
        extra_methods.append(f"""
    @objc private func homeTapped() {{
        globalDisplay(page: PageBox(.feature{global_target}), sender: self)
    }}
""")
        extra_buttons.append("UIBarButtonItem(image: UIImage(systemName: \"house\"), style: .plain, target: self, action: #selector(homeTapped))")
    if is_child and s == 0:
        extra_methods.append(f"""
    @objc private func closeTapped() {{
        feature{i}Close(sender: self)
    }}
""")
        extra_buttons.append("UIBarButtonItem(barButtonSystemItem: .close, target: self, action: #selector(closeTapped))")
    buttons = ",\n            ".join(extra_buttons)
    pad = "\n".join(
        f"""    private func configureSection{p}(_ cell: UITableViewCell, at indexPath: IndexPath) {{
        let row = store?.items[indexPath.row % max(store?.items.count ?? 0, 1)]
        var content = cell.defaultContentConfiguration()
        content.text = "\\(row?.title ?? "") — section {p}"
        content.secondaryText = formatter.string(from: row?.date ?? Date())
        content.image = UIImage(systemName: row?.isFavourite == true ? "star.fill" : "star")
        cell.contentConfiguration = content
        cell.accessoryType = row?.isFavourite == true ? .checkmark : .disclosureIndicator
    }}
""" for p in range(padding))
    return HEADER + f"""final class Feature{i}Screen{s}ViewController: UITableViewController {{

    var store: Feature{i}Store?
    var item = Feature{i}Item(id: UUID(), title: "Feature {i}", date: Date(), isFavourite: false)

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
            {buttons}
        ]
    }}

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {{
        store?.items.count ?? 0
    }}

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {{
        let cell = tableView.dequeueReusableCell(withIdentifier: "Cell", for: indexPath)
        {"configureSection0(cell, at: indexPath)" if padding else "cell.textLabel?.text = item.title"}
        return cell
    }}

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {{
        tableView.deselectRow(at: indexPath, animated: true)
{select}
    }}
{"".join(extra_methods)}
{pad}}}
"""


def generate(out, features, routes, screens, tabs, fanout, padding, global_senders, transition="mixed"):
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
    parent = {}
    for i in range(tabs, features):
        parent[i] = (i - tabs) // fanout
    children = {i: [] for i in range(features)}
    for c, p in parent.items():
        children[p].append(c)

    write("App/AppDelegate.swift", app_delegate())
    write("App/AppCoordinator.swift", app_coordinator(tab_ids))
    write("Shared/SharedModel.swift", shared_model())
    write("Shared/UIResponder+SharedActions.swift", shared_actions())
    write("Support/UIViewController+Storyboard.swift", storyboard_support())

    for i in range(features):
        d = f"Features/Feature{i}"
        is_child = i in parent
        write(f"{d}/Feature{i}Model.swift", feature_model(i))
        write(f"{d}/UIResponder+Feature{i}Actions.swift", feature_actions(i, is_child))
        write(f"{d}/Feature{i}Coordinator.swift", feature_coordinator(i, routes, screens, children[i], transition))
        # Which screen sends which page: case r (r >= 1) is sent from screen (r - 1) % S, whose own
        # case (r - 1) shows it, so every screen and case is reachable from `.overview`.
        sends = {s: [] for s in range(screens)}
        for r in range(1, routes):
            sends[(r - 1) % screens].append(
                f"feature{i}Open(page: Feature{i}PageBox({route_ctor(i, r)}), sender: self)")
        for c in children[i]:
            sends[0].append(f"feature{i}Open(page: Feature{i}PageBox(.child{c}), sender: self)")
        used = sorted({r % screens for r in range(routes)})
        for s in used:
            write(f"{d}/Feature{i}Screen{s}ViewController.swift",
                  screen(i, s, screens, sends[s], padding, is_child, tab_ids[(i + 1) % tabs], global_senders))
    return lines


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--features", type=int, required=True, help="feature coordinators (N)")
    ap.add_argument("--routes", type=int, default=5, help="Page cases per feature coordinator (K)")
    ap.add_argument("--screens", type=int, default=3, help="screen classes per feature")
    ap.add_argument("--tabs", type=int, default=4, help="features that are tabs of AppCoordinator")
    ap.add_argument("--fanout", type=int, default=3, help="child features per non-leaf feature")
    ap.add_argument("--padding", type=int, default=1, help="filler table-cell methods per screen")
    ap.add_argument("--global-senders", choices=["all", "none"], default="all",
                    help="whether screens send globalDisplay(page:sender:) to AppCoordinator")
    ap.add_argument("--transition", choices=["mixed", "present"], default="mixed",
                    help="mixed: pages after the first are pushed with show(vc), every 4th presented; "
                         "present: all of them presented with present(vc) (which sets vc.parentCoordinator)")
    args = ap.parse_args()
    lines = generate(args.out, args.features, max(1, args.routes), max(1, args.screens), args.tabs,
                     max(1, args.fanout), args.padding, args.global_senders == "all", args.transition)
    print(f"{args.out}: {lines} lines, {args.features} features, {args.routes} routes each")


if __name__ == "__main__":
    main()
