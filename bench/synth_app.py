#!/usr/bin/env python3
"""Generates a synthetic UIKit app in the hackingwithswift coordinator style, for benchmarks.

Usage: synth_app.py OUT_DIR --lines N   (or --screens N)

The app has one SceneDelegate, a tree of feature coordinators (each starting up to three children),
and screens with table views, actions sent to their coordinator, closures and a route enum per
feature, padded with realistic view code (layout, formatting, models) so that screens are roughly
as long as real ones. Output is deterministic for the same arguments.
"""
import argparse

import synthlib

HEADER = synthlib.UIKIT


def coordinator_protocol():
    return HEADER + """protocol Coordinator: AnyObject {
    var childCoordinators: [Coordinator] { get set }
    var navigationController: UINavigationController { get set }
    func start()
}

protocol Storyboarded {
    static func instantiate() -> Self
}

extension Storyboarded where Self: UIViewController {
    static func instantiate() -> Self {
        let id = String(describing: self)
        let storyboard = UIStoryboard(name: "Main", bundle: .main)
        return storyboard.instantiateViewController(withIdentifier: id) as! Self
    }
}
"""


def scene_delegate():
    return HEADER + """final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?
    var coordinator: Feature0Coordinator?

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        guard let windowScene = scene as? UIWindowScene else { return }
        let nav = UINavigationController()
        coordinator = Feature0Coordinator(navigationController: nav)
        coordinator?.start()
        window = UIWindow(windowScene: windowScene)
        window?.rootViewController = nav
        window?.makeKeyAndVisible()
    }
}
"""


def coordinator(i, screens, children):
    routes = "\n".join(f"        case screen{s}" for s in screens)
    arms = "\n".join(
        f"        case .screen{s}:\n            let vc = Feature{i}Screen{s}ViewController.instantiate()\n"
        f"            vc.coordinator = self\n            vc.onClose = {{ [weak self] in self?.navigationController.popViewController(animated: true) }}\n"
        f"            navigationController.pushViewController(vc, animated: true)"
        for s in screens)
    child_methods = "\n".join(
        f"""    func startFeature{c}() {{
        let child = Feature{c}Coordinator(navigationController: navigationController)
        child.parentCoordinator = self
        childCoordinators.append(child)
        child.start()
    }}
""" for c in children)
    first = screens[0]
    return HEADER + f"""final class Feature{i}Coordinator: Coordinator {{
    enum Destination {{
{routes}
    }}

    var childCoordinators: [Coordinator] = []
    var navigationController: UINavigationController
    weak var parentCoordinator: Coordinator?

    init(navigationController: UINavigationController) {{
        self.navigationController = navigationController
    }}

    func start() {{
        navigate(to: .screen{first})
    }}

    func navigate(to destination: Destination) {{
        switch destination {{
{arms}
        }}
    }}

{child_methods}
    func childDidFinish(_ child: Coordinator?) {{
        for (index, coordinator) in childCoordinators.enumerated() where coordinator === child {{
            childCoordinators.remove(at: index)
            break
        }}
    }}

    func finish() {{
        (parentCoordinator as? Feature0Coordinator)?.childDidFinish(self)
    }}
}}
"""


def screen(i, s, next_screen, child, padding):
    actions = []
    if next_screen is not None:
        actions.append(f"coordinator?.navigate(to: .screen{next_screen})")
    if child is not None:
        actions.append(f"coordinator?.startFeature{child}()")
    actions.append("onClose?()")
    done = "navigationItem.rightBarButtonItem = UIBarButtonItem(barButtonSystemItem: .done, target: self, action: #selector(doneTapped))"
    return HEADER + synthlib.item_struct(f"Feature{i}Item{s}") + f"""
final class Feature{i}Screen{s}ViewController: UITableViewController, Storyboarded {{
    weak var coordinator: Feature{i}Coordinator?
    var onClose: (() -> Void)?
    var items: [Feature{i}Item{s}] = []
{synthlib.date_formatter()}
{synthlib.table_did_load(f'"Feature {i} · {s}"', done)}
{synthlib.table_methods("items.count", "configureSection0(cell, at: indexPath)", chr(10).join(actions))}
    @objc private func doneTapped() {{
        onClose?()
    }}

{synthlib.section_padding(padding, row="item")}}}
"""


def generate(out, screens_total, padding, per_feature=5, fanout=3):
    features = max(1, (screens_total + per_feature - 1) // per_feature)
    app = synthlib.AppWriter(out)

    app.write("App/Coordinator.swift", coordinator_protocol())
    app.write("App/SceneDelegate.swift", scene_delegate())
    lines = 0  # the feature files' lines only, as this generator has always counted
    made = 0
    for i in range(features):
        children = synthlib.children(i, features, 1, fanout)
        n = min(per_feature, screens_total - made) or 1
        screens = list(range(n))
        made += n
        lines += app.write(f"Features/Feature{i}/Feature{i}Coordinator.swift", coordinator(i, screens, children))
        for s in screens:
            nxt = s + 1 if s + 1 < n else None
            child = children[s] if s < len(children) else None
            lines += app.write(f"Features/Feature{i}/Feature{i}Screen{s}ViewController.swift",
                               screen(i, s, nxt, child, padding))
    return lines, made, features


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--lines", type=int)
    ap.add_argument("--screens", type=int)
    ap.add_argument("--per-feature", type=int, default=5,
                    help="screens (and routes) per coordinator; more makes route switches longer")
    ap.add_argument("--fanout", type=int, default=3,
                    help="child coordinators each coordinator starts (one per screen, at most --per-feature)")
    args = ap.parse_args()
    if args.screens:
        lines, screens, features = generate(args.out, args.screens, 1, args.per_feature, args.fanout)
    else:
        # About 200 lines per screen with padding 12; solve for the screen count.
        target = args.lines or 10000
        screens = max(5, target // 200)
        lines, screens, features = generate(args.out, screens, 12, args.per_feature, args.fanout)
    print(f"{args.out}: {lines} lines, {screens} screens, {features} coordinators")


if __name__ == "__main__":
    main()
