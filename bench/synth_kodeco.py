#!/usr/bin/env python3
"""Generates a synthetic UIKit app in the Kodeco ("Design Patterns by Tutorials") coordinator style.

Usage: synth_kodeco.py OUT_DIR --features N [--routes K] [--fanout F] [--padding P] [--child-router modal|push]
                       [--no-dismiss-handlers]

The app has an AppDelegate that presents a HomeCoordinator through an AppDelegateRouter (window root).
Coordinators conform to an app-declared `protocol Coordinator` (children, router,
`present(animated:onDismissed:)`) whose protocol extension implements `dismiss(animated:)` and
`presentChild(_:animated:onDismissed:)`; routers conform to `protocol Router`. The N feature coordinators
form a tree: Home presents the first F features, and every feature's detail screen lets the user open up
to F further features, each presented with `presentChild` behind a fresh
`ModalNavigationRouter(parentViewController:)`.

Each feature has a list screen, a detail screen, a form screen and (with --routes K > 0) a menu screen.
Screens are storyboard scenes built by `X.instantiate(delegate: self)` and report taps through
`XDelegate` protocols that the coordinator adopts in extensions; every delegate method is a route in this
family. The form's submit/cancel call `dismiss(animated:)`, which fires `onDismissed` and removes the child.
With --routes K the menu delegate has K methods, each pushing the feature's option screen configured for
that option. Output is deterministic for the same arguments.
"""
import synthlib

HEADER = synthlib.UIKIT


def coordinator_protocol():
    return HEADER + """/// A flow. `present(animated:onDismissed:)` starts it; the router it was given decides how its
/// first screen appears. `onDismissed` fires once the flow is gone again.
protocol Coordinator: AnyObject {
    var children: [Coordinator] { get set }
    var router: Router { get }

    func present(animated: Bool, onDismissed: (() -> Void)?)
    func dismiss(animated: Bool)
    func presentChild(_ child: Coordinator, animated: Bool, onDismissed: (() -> Void)?)
}

extension Coordinator {

    func dismiss(animated: Bool) {
        router.dismiss(animated: animated)
    }

    func presentChild(_ child: Coordinator, animated: Bool, onDismissed: (() -> Void)? = nil) {
        children.append(child)
        child.present(animated: animated, onDismissed: { [weak self, unowned child] in
            self?.removeChild(child)
            onDismissed?()
        })
    }

    private func removeChild(_ child: Coordinator) {
        children.removeAll { $0 === child }
    }
}
"""


def router_protocol():
    return HEADER + """protocol Router: AnyObject {
    func present(_ viewController: UIViewController, animated: Bool, onDismissed: (() -> Void)?)
    func dismiss(animated: Bool)
}

extension Router {
    func present(_ viewController: UIViewController, animated: Bool) {
        present(viewController, animated: animated, onDismissed: nil)
    }
}
"""


def app_delegate_router():
    return HEADER + """/// Puts whatever it is asked to present at the root of the window.
final class AppDelegateRouter: Router {

    let window: UIWindow

    init(window: UIWindow) {
        self.window = window
    }

    func present(_ viewController: UIViewController, animated: Bool, onDismissed: (() -> Void)?) {
        window.rootViewController = viewController
        window.makeKeyAndVisible()
    }

    func dismiss(animated: Bool) {
        // Nothing sits below the window root.
    }
}
"""


def dismiss_handling(router):
    """The end of a router that keeps `dismissHandlers`: running a screen's handler once (or, with
    --no-dismiss-handlers, never), and the navigation controller delegate that runs it for a popped screen."""
    run = "handler()" if DISMISS_HANDLERS else "_ = handler  // ablation: onDismissed is never called"
    return f"""    private func runDismissHandler(for viewController: UIViewController) {{
        guard let handler = dismissHandlers[viewController] else {{ return }}
        {run}
        dismissHandlers[viewController] = nil
    }}
}}

extension {router}: UINavigationControllerDelegate {{
    func navigationController(_ navigationController: UINavigationController,
                              didShow viewController: UIViewController,
                              animated: Bool) {{
        guard let from = navigationController.transitionCoordinator?.viewController(forKey: .from),
              !navigationController.viewControllers.contains(from) else {{ return }}
        runDismissHandler(for: from)
    }}
}}
"""


def navigation_router():
    return HEADER + """/// Pushes onto a navigation controller it does not own; `dismiss` pops back to where it started.
final class NavigationRouter: NSObject, Router {

    private let navigationController: UINavigationController
    private let startController: UIViewController?
    private var dismissHandlers: [UIViewController: () -> Void] = [:]

    init(navigationController: UINavigationController) {
        self.navigationController = navigationController
        self.startController = navigationController.viewControllers.last
        super.init()
        navigationController.delegate = self
    }

    func present(_ viewController: UIViewController, animated: Bool, onDismissed: (() -> Void)?) {
        dismissHandlers[viewController] = onDismissed
        navigationController.pushViewController(viewController, animated: animated)
    }

    func dismiss(animated: Bool) {
        guard let startController = startController else {
            navigationController.popToRootViewController(animated: animated)
            return
        }
        runDismissHandler(for: startController)
        navigationController.popToViewController(startController, animated: animated)
    }

""" + dismiss_handling("NavigationRouter")


def modal_navigation_router():
    return HEADER + """/// Presents its own navigation controller modally for the first screen (with a Cancel button) and
/// pushes every later screen onto it.
final class ModalNavigationRouter: NSObject, Router {

    unowned let parentViewController: UIViewController

    private let navigationController = UINavigationController()
    private var dismissHandlers: [UIViewController: () -> Void] = [:]

    init(parentViewController: UIViewController) {
        self.parentViewController = parentViewController
        super.init()
        navigationController.delegate = self
    }

    func present(_ viewController: UIViewController, animated: Bool, onDismissed: (() -> Void)?) {
        dismissHandlers[viewController] = onDismissed
        if navigationController.viewControllers.isEmpty {
            presentModally(viewController, animated: animated)
        } else {
            navigationController.pushViewController(viewController, animated: animated)
        }
    }

    func dismiss(animated: Bool) {
        if let first = navigationController.viewControllers.first {
            runDismissHandler(for: first)
        }
        parentViewController.dismiss(animated: animated)
    }

    private func presentModally(_ viewController: UIViewController, animated: Bool) {
        viewController.navigationItem.leftBarButtonItem = UIBarButtonItem(
            barButtonSystemItem: .cancel, target: self, action: #selector(cancelTapped))
        navigationController.setViewControllers([viewController], animated: false)
        parentViewController.present(navigationController, animated: animated)
    }

    @objc private func cancelTapped() {
        dismiss(animated: true)
    }

""" + dismiss_handling("ModalNavigationRouter")


def storyboard_instantiable():
    return HEADER + """/// `FooViewController` is the scene `FooViewController` in `Foo.storyboard`.
protocol StoryboardInstantiable: UIViewController {
    associatedtype Delegate
    var delegate: Delegate? { get set }
}

extension StoryboardInstantiable {

    static var storyboardName: String {
        String(describing: self).replacingOccurrences(of: "ViewController", with: "")
    }

    static func instantiate(delegate: Delegate?) -> Self {
        let storyboard = UIStoryboard(name: storyboardName, bundle: Bundle(for: self))
        let viewController = storyboard.instantiateViewController(withIdentifier: String(describing: self)) as! Self
        viewController.delegate = delegate
        return viewController
    }
}
"""


def model():
    return synthlib.FOUNDATION + """struct CatalogItem: Hashable {
    let id: UUID
    let title: String
    let detail: String
    let updated: Date
    var isPinned: Bool
}

final class CatalogService {
    static let shared = CatalogService()

    private(set) var items: [String: [CatalogItem]] = [:]

    func items(in section: String) -> [CatalogItem] {
        items[section] ?? []
    }

    func save(_ item: CatalogItem, in section: String, completion: @escaping (Result<Void, Error>) -> Void) {
        var list = items[section] ?? []
        list.removeAll { $0.id == item.id }
        list.append(item)
        items[section] = list
        DispatchQueue.main.async { completion(.success(())) }
    }
}
"""


def app_delegate():
    return HEADER + """@main
final class AppDelegate: UIResponder, UIApplicationDelegate {

    var window: UIWindow? = UIWindow(frame: UIScreen.main.bounds)

    lazy var router = AppDelegateRouter(window: window!)
    lazy var coordinator = HomeCoordinator(router: router)

    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        UINavigationBar.appearance().tintColor = .systemIndigo
        coordinator.present(animated: true, onDismissed: nil)
        return true
    }
}
"""


CHILD_ROUTER = "modal"
DISMISS_HANDLERS = True


def child_router(vc):
    """The router a parent builds for a child flow: a modal stack over `vc` (the usual Kodeco choice), or
    a push onto the navigation controller `vc` sits in."""
    if CHILD_ROUTER == "push":
        return (f"guard let navigationController = {vc}.navigationController else {{ return }}\n"
                f"        let router = NavigationRouter(navigationController: navigationController)")
    return f"let router = ModalNavigationRouter(parentViewController: {vc})"


def home_coordinator(roots):
    methods = "\n".join(f"""    func homeViewControllerDidTapFeature{c}(_ viewController: HomeViewController) {{
        {child_router("viewController")}
        presentChild(Feature{c}Coordinator(router: router), animated: true)
    }}
""" for c in roots)
    return HEADER + f"""final class HomeCoordinator: Coordinator {{

    var children: [Coordinator] = []
    let router: Router

    private lazy var homeViewController = HomeViewController.instantiate(delegate: self)

    init(router: Router) {{
        self.router = router
    }}

    func present(animated: Bool, onDismissed: (() -> Void)?) {{
        router.present(homeViewController, animated: animated, onDismissed: onDismissed)
    }}
}}

// MARK: - HomeViewControllerDelegate

extension HomeCoordinator: HomeViewControllerDelegate {{

{methods}}}
"""


def home_screen(roots):
    decls = "\n".join(f"    func homeViewControllerDidTapFeature{c}(_ viewController: HomeViewController)" for c in roots)
    cell = """var content = cell.defaultContentConfiguration()
content.text = titles[indexPath.row]
cell.contentConfiguration = content
cell.accessoryType = .disclosureIndicator"""
    select = synthlib.index_switch([f"delegate?.homeViewControllerDidTapFeature{c}(self)" for c in roots], "break")
    return HEADER + f"""protocol HomeViewControllerDelegate: AnyObject {{
{decls}
}}

final class HomeViewController: UITableViewController, StoryboardInstantiable {{

    weak var delegate: HomeViewControllerDelegate?

    private let titles: [String] = [{", ".join(f'"Feature {c}"' for c in roots)}]

{synthlib.table_did_load('"Home"')}
{synthlib.table_methods("titles.count", cell, select)}}}
"""


def feature_coordinator(i, children, routes):
    p = f"Feature{i}"
    child_methods = "\n".join(f"""    func detailViewControllerDidTapFeature{c}(_ vc: {p}DetailViewController) {{
        {child_router("vc")}
        presentChild(Feature{c}Coordinator(router: router), animated: true, onDismissed: {{ [weak self] in
            self?.reloadList()
        }})
    }}
""" for c in children)
    menu_open = ""
    menu_ext = ""
    if routes:
        menu_open = f"""
    func detailViewControllerDidTapMore(_ vc: {p}DetailViewController) {{
        let menu = {p}MenuViewController.instantiate(delegate: self)
        menu.section = section
        router.present(menu, animated: true)
    }}
"""
        arms = "\n".join(f"""    func menuViewControllerDidSelectOption{k}(_ vc: {p}MenuViewController) {{
        showOption(titled: "Option {k}", code: {k})
    }}
""" for k in range(routes))
        menu_ext = f"""
// MARK: - {p}MenuViewControllerDelegate

extension {p}Coordinator: {p}MenuViewControllerDelegate {{

{arms}}}

// MARK: - {p}OptionViewControllerDelegate

extension {p}Coordinator: {p}OptionViewControllerDelegate {{

    func optionViewControllerDidTapDone(_ vc: {p}OptionViewController) {{
        dismiss(animated: true)
    }}
}}
"""
    show_option = ""
    if routes:
        show_option = f"""
    private func showOption(titled title: String, code: Int) {{
        let option = {p}OptionViewController.instantiate(delegate: self)
        option.title = title
        option.code = code
        router.present(option, animated: true)
    }}
"""
    return HEADER + f"""final class {p}Coordinator: Coordinator {{

    var children: [Coordinator] = []
    let router: Router

    private let section = "feature-{i}"
    private let service: CatalogService

    private lazy var listViewController: {p}ListViewController = {{
        let viewController = {p}ListViewController.instantiate(delegate: self)
        viewController.title = "Feature {i}"
        viewController.items = service.items(in: section)
        return viewController
    }}()

    init(router: Router, service: CatalogService = .shared) {{
        self.router = router
        self.service = service
    }}

    func present(animated: Bool, onDismissed: (() -> Void)?) {{
        router.present(listViewController, animated: animated, onDismissed: onDismissed)
    }}

    private func reloadList() {{
        listViewController.items = service.items(in: section)
    }}
{show_option}}}

// MARK: - {p}ListViewControllerDelegate

extension {p}Coordinator: {p}ListViewControllerDelegate {{

    func listViewController(_ vc: {p}ListViewController, didSelect item: CatalogItem) {{
        let detail = {p}DetailViewController.instantiate(delegate: self)
        detail.item = item
        router.present(detail, animated: true)
    }}

    func listViewControllerDidTapClose(_ vc: {p}ListViewController) {{
        dismiss(animated: true)
    }}
}}

// MARK: - {p}DetailViewControllerDelegate

extension {p}Coordinator: {p}DetailViewControllerDelegate {{

    func detailViewController(_ vc: {p}DetailViewController, didTapEdit item: CatalogItem) {{
        let form = {p}FormViewController.instantiate(delegate: self)
        form.item = item
        router.present(form, animated: true)
    }}
{menu_open}
{child_methods}}}

// MARK: - {p}FormViewControllerDelegate

extension {p}Coordinator: {p}FormViewControllerDelegate {{

    func formViewController(_ vc: {p}FormViewController, didSave item: CatalogItem) {{
        vc.setSaving(true)
        service.save(item, in: section) {{ [weak self, weak vc] result in
            vc?.setSaving(false)
            switch result {{
            case .success:
                self?.dismiss(animated: true)
            case .failure(let error):
                vc?.showError(error)
            }}
        }}
    }}

    func formViewControllerDidCancel(_ vc: {p}FormViewController) {{
        dismiss(animated: true)
    }}
}}
{menu_ext}"""


def padding_methods(n):
    return "\n".join(f"""    private func decorate{k}(_ cell: UITableViewCell, with item: CatalogItem) {{
        var content = cell.defaultContentConfiguration()
        content.text = item.title
        content.secondaryText = formatter.string(from: item.updated)
        content.image = UIImage(systemName: item.isPinned ? "pin.fill" : "doc.text")
        cell.contentConfiguration = content
        cell.accessoryType = .disclosureIndicator
    }}
""" for k in range(n))


def list_screen(i, padding):
    p = f"Feature{i}"
    return HEADER + f"""protocol {p}ListViewControllerDelegate: AnyObject {{
    func listViewController(_ vc: {p}ListViewController, didSelect item: CatalogItem)
    func listViewControllerDidTapClose(_ vc: {p}ListViewController)
}}

final class {p}ListViewController: UITableViewController, StoryboardInstantiable {{

    weak var delegate: {p}ListViewControllerDelegate?

    var items: [CatalogItem] = [] {{
        didSet {{ if isViewLoaded {{ tableView.reloadData() }} }}
    }}

{synthlib.date_formatter(time_style=None)}
{synthlib.table_did_load(then=synthlib.CLOSE_BUTTON)}
{synthlib.table_methods("items.count", "decorate0(cell, with: items[indexPath.row])",
                        "delegate?.listViewController(self, didSelect: items[indexPath.row])")}
    @objc private func closeTapped() {{
        delegate?.listViewControllerDidTapClose(self)
    }}

{padding_methods(max(1, padding))}}}
"""


def detail_screen(i, children, routes):
    p = f"Feature{i}"
    decls = [f"    func detailViewController(_ vc: {p}DetailViewController, didTapEdit item: CatalogItem)"]
    if routes:
        decls.append(f"    func detailViewControllerDidTapMore(_ vc: {p}DetailViewController)")
    decls += [f"    func detailViewControllerDidTapFeature{c}(_ vc: {p}DetailViewController)" for c in children]
    buttons = "\n".join(f"""    @objc private func feature{c}Tapped() {{
        delegate?.detailViewControllerDidTapFeature{c}(self)
    }}
""" for c in children)
    more = f"""    @objc private func moreTapped() {{
        delegate?.detailViewControllerDidTapMore(self)
    }}
""" if routes else ""
    wire = "\n".join(f"        addLink(\"Feature {c}\", action: #selector(feature{c}Tapped))" for c in children)
    if routes:
        wire += "\n        addLink(\"More\", action: #selector(moreTapped))"
    nl = "\n"
    return HEADER + f"""protocol {p}DetailViewControllerDelegate: AnyObject {{
{nl.join(decls)}
}}

final class {p}DetailViewController: UIViewController, StoryboardInstantiable {{

    weak var delegate: {p}DetailViewControllerDelegate?

    var item: CatalogItem!

    @IBOutlet private weak var titleLabel: UILabel!
    @IBOutlet private weak var detailLabel: UILabel!
    @IBOutlet private weak var linksStack: UIStackView!

    override func viewDidLoad() {{
        super.viewDidLoad()
        title = item.title
        titleLabel.text = item.title
        detailLabel.text = item.detail
        navigationItem.rightBarButtonItem = UIBarButtonItem(
            barButtonSystemItem: .edit, target: self, action: #selector(editTapped))
{wire}
    }}

    private func addLink(_ title: String, action: Selector) {{
        let button = UIButton(type: .system)
        button.setTitle(title, for: .normal)
        button.addTarget(self, action: action, for: .touchUpInside)
        linksStack.addArrangedSubview(button)
    }}

    @objc private func editTapped() {{
        delegate?.detailViewController(self, didTapEdit: item)
    }}

{more}{buttons}}}
"""


def form_screen(i):
    p = f"Feature{i}"
    return HEADER + f"""protocol {p}FormViewControllerDelegate: AnyObject {{
    func formViewController(_ vc: {p}FormViewController, didSave item: CatalogItem)
    func formViewControllerDidCancel(_ vc: {p}FormViewController)
}}

final class {p}FormViewController: UIViewController, StoryboardInstantiable {{

    weak var delegate: {p}FormViewControllerDelegate?

    var item: CatalogItem!

    @IBOutlet private weak var titleField: UITextField!
    @IBOutlet private weak var detailView: UITextView!
    @IBOutlet private weak var spinner: UIActivityIndicatorView!

    override func viewDidLoad() {{
        super.viewDidLoad()
        titleField.text = item.title
        detailView.text = item.detail
        navigationItem.leftBarButtonItem = UIBarButtonItem(
            barButtonSystemItem: .cancel, target: self, action: #selector(cancelTapped))
        navigationItem.rightBarButtonItem = UIBarButtonItem(
            barButtonSystemItem: .save, target: self, action: #selector(saveTapped))
    }}

    func setSaving(_ saving: Bool) {{
        saving ? spinner.startAnimating() : spinner.stopAnimating()
        navigationItem.rightBarButtonItem?.isEnabled = !saving
    }}

    func showError(_ error: Error) {{
        let alert = UIAlertController(title: "Could not save", message: error.localizedDescription, preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "OK", style: .default))
        present(alert, animated: true)
    }}

    @objc private func saveTapped() {{
        var edited = item!
        edited = CatalogItem(id: edited.id, title: titleField.text ?? "", detail: detailView.text,
                             updated: Date(), isPinned: edited.isPinned)
        delegate?.formViewController(self, didSave: edited)
    }}

    @objc private func cancelTapped() {{
        delegate?.formViewControllerDidCancel(self)
    }}
}}
"""


def menu_screen(i, routes):
    p = f"Feature{i}"
    decls = "\n".join(f"    func menuViewControllerDidSelectOption{k}(_ vc: {p}MenuViewController)" for k in range(routes))
    cell = """var content = cell.defaultContentConfiguration()
content.text = "Option \\(indexPath.row)"
cell.contentConfiguration = content"""
    select = synthlib.index_switch([f"delegate?.menuViewControllerDidSelectOption{k}(self)" for k in range(routes)], "break")
    return HEADER + f"""protocol {p}MenuViewControllerDelegate: AnyObject {{
{decls}
}}

final class {p}MenuViewController: UITableViewController, StoryboardInstantiable {{

    weak var delegate: {p}MenuViewControllerDelegate?

    var section = ""

{synthlib.table_did_load('"More"')}
{synthlib.table_methods(str(routes), cell, select)}}}
"""


def option_screen(i):
    p = f"Feature{i}"
    return HEADER + f"""protocol {p}OptionViewControllerDelegate: AnyObject {{
    func optionViewControllerDidTapDone(_ vc: {p}OptionViewController)
}}

final class {p}OptionViewController: UIViewController, StoryboardInstantiable {{

    weak var delegate: {p}OptionViewControllerDelegate?

    var code = 0

    @IBOutlet private weak var codeLabel: UILabel!

    override func viewDidLoad() {{
        super.viewDidLoad()
        codeLabel.text = "#\\(code)"
        navigationItem.rightBarButtonItem = UIBarButtonItem(
            barButtonSystemItem: .done, target: self, action: #selector(doneTapped))
    }}

    @objc private func doneTapped() {{
        delegate?.optionViewControllerDidTapDone(self)
    }}
}}
"""


def generate(out, features, routes, fanout, padding):
    app = synthlib.AppWriter(out)

    app.write("App/AppDelegate.swift", app_delegate())
    app.write("Coordinators/Coordinator.swift", coordinator_protocol())
    app.write("Routers/Router.swift", router_protocol())
    app.write("Routers/AppDelegateRouter.swift", app_delegate_router())
    app.write("Routers/NavigationRouter.swift", navigation_router())
    app.write("Routers/ModalNavigationRouter.swift", modal_navigation_router())
    app.write("Screens/StoryboardInstantiable.swift", storyboard_instantiable())
    app.write("Models/Catalog.swift", model())
    roots = list(range(min(fanout, features)))
    app.write("Coordinators/HomeCoordinator.swift", home_coordinator(roots))
    app.write("Screens/Home/HomeViewController.swift", home_screen(roots))
    screens = 1
    for i in range(features):
        children = synthlib.children(i, features, fanout, fanout)  # Home opens the first F
        app.write(f"Coordinators/Feature{i}Coordinator.swift", feature_coordinator(i, children, routes))
        app.write(f"Screens/Feature{i}/Feature{i}ListViewController.swift", list_screen(i, padding))
        app.write(f"Screens/Feature{i}/Feature{i}DetailViewController.swift", detail_screen(i, children, routes))
        app.write(f"Screens/Feature{i}/Feature{i}FormViewController.swift", form_screen(i))
        screens += 3
        if routes:
            app.write(f"Screens/Feature{i}/Feature{i}MenuViewController.swift", menu_screen(i, routes))
            app.write(f"Screens/Feature{i}/Feature{i}OptionViewController.swift", option_screen(i))
            screens += 2
    return app.lines, screens


def main():
    ap = synthlib.arg_parser(routes=(0, "menu delegate methods (routes) per feature; 0 leaves the menu out"),
                             fanout=(3, "features each detail screen (and Home) can open"),
                             padding=(2, "extra cell-decorating methods per list screen"))
    ap.add_argument("--child-router", choices=["modal", "push"], default="modal",
                    help="router given to child flows: ModalNavigationRouter(parentViewController:) or "
                         "NavigationRouter(navigationController:)")
    ap.add_argument("--no-dismiss-handlers", action="store_true",
                    help="ablation: routers store onDismissed but never call it (flows still call dismiss)")
    args = ap.parse_args()
    global CHILD_ROUTER, DISMISS_HANDLERS
    CHILD_ROUTER = args.child_router
    DISMISS_HANDLERS = not args.no_dismiss_handlers
    lines, screens = generate(args.out, args.features, args.routes, args.fanout, args.padding)
    print(f"{args.out}: {lines} lines, {screens} screens, {args.features + 1} coordinators, "
          f"{args.routes} menu routes per feature")


if __name__ == "__main__":
    main()
