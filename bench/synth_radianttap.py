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
import synthlib
from synthlib import VERBS

HEADER = "import UIKit\nimport Coordinator\n\n"


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

""" + synthlib.ANALYTICS


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
    shared = """    var shared: SharedItem {
        SharedItem(id: id, title: title, date: date)
    }
"""
    return synthlib.FOUNDATION + synthlib.item_struct(f"Feature{i}Item", shared) + f"""
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
    send_select = f"feature{i}Select(item: Feature{i}ItemBox(item), sender: self)"
    select = synthlib.index_switch(sends, send_select) if sends else send_select
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
    cell = "configureSection0(cell, at: indexPath)" if padding else "cell.textLabel?.text = item.title"
    return HEADER + f"""final class Feature{i}Screen{s}ViewController: UITableViewController {{

    var store: Feature{i}Store?
    var item = Feature{i}Item(id: UUID(), title: "Feature {i}", date: Date(), isFavourite: false)

{synthlib.date_formatter()}
{synthlib.table_did_load(f'"Feature {i} · {s}"', synthlib.bar_buttons(extra_buttons))}
{synthlib.table_methods("store?.items.count ?? 0", cell, select)}{"".join(extra_methods)}
{synthlib.section_padding(padding, items="store?.items", optional=True)}}}
"""


def generate(out, features, routes, screens, tabs, fanout, padding, global_senders, transition="mixed"):
    app = synthlib.AppWriter(out)
    tab_ids, parent, children = synthlib.tab_tree(features, tabs, fanout)

    app.write("App/AppDelegate.swift", app_delegate())
    app.write("App/AppCoordinator.swift", app_coordinator(tab_ids))
    app.write("Shared/SharedModel.swift", shared_model())
    app.write("Shared/UIResponder+SharedActions.swift", shared_actions())
    app.write("Support/UIViewController+Storyboard.swift", storyboard_support())

    for i in range(features):
        d = f"Features/Feature{i}"
        is_child = i in parent
        app.write(f"{d}/Feature{i}Model.swift", feature_model(i))
        app.write(f"{d}/UIResponder+Feature{i}Actions.swift", feature_actions(i, is_child))
        app.write(f"{d}/Feature{i}Coordinator.swift", feature_coordinator(i, routes, screens, children[i], transition))
        # Which screen sends which page: case r (r >= 1) is sent from screen (r - 1) % S, whose own
        # case (r - 1) shows it, so every screen and case is reachable from `.overview`.
        sends = {s: [] for s in range(screens)}
        for r in range(1, routes):
            sends[(r - 1) % screens].append(
                f"feature{i}Open(page: Feature{i}PageBox({route_ctor(i, r)}), sender: self)")
        for c in children[i]:
            sends[0].append(f"feature{i}Open(page: Feature{i}PageBox(.child{c}), sender: self)")
        used = sorted({r % screens for r in range(routes)})
        next_tab = tab_ids[(i + 1) % len(tab_ids)]
        for s in used:
            app.write(f"{d}/Feature{i}Screen{s}ViewController.swift",
                      screen(i, s, screens, sends[s], padding, is_child, next_tab, global_senders))
    return app.lines


def main():
    ap = synthlib.arg_parser(routes=(5, "Page cases per feature coordinator (K)"),
                             screens=(3, "screen classes per feature"),
                             tabs=(4, "features that are tabs of AppCoordinator"), fanout=3, padding=1)
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
