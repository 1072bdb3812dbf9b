#!/usr/bin/env python3
"""Generates a synthetic UIKit app in the "company style" coordinator family (F4), for benchmarks.

Usage: synth_companystyle.py OUT_DIR --features N [--routes K] [--fanout F] [--sheet-every S] [--padding P]
                              [--sections stateful|stateless|none]

Coordinators conform to `protocol Coordinator { rootNavigationController; start(animated:); stop(animated:) }`
and each feature adds a `/// @mockable protocol FeatureNCoordinatorType: Coordinator` of navigation methods.
A coordinator is built as `FeatureN(rootNavigationController, delegate: self)` with a `resolve()` DI
default, keeps a `SectionedNavigationController` over the shared stack, and is started with
`start(animated:)`. The AppDelegate creates `AppCoordinator(AppNavigationController())`, makes its
navigation controller the window root, starts it, and hands deep links to it (`navigate(to:)`).

The N features form a tree: AppCoordinator starts Feature0, and every feature can open up to F further
features (`openFeatureC()`), keeping each child in a weak property and acting as its delegate. Screens are
built as `XViewController(presenter: XPresenter(coordinator: self, …))`; the view controller calls its
presenter, and the presenter calls the coordinator (inside a `switch` over the selected row). Each feature
has a list screen (pushed, or presented as a sheet for every S-th feature), a detail screen, and an option
screen shown by each of its K `openOptionK()` routes (the list's settings section). `close()` runs
`stop(animated:)`, which pops/dismisses the section and tells the delegate `didFinishFeatureN()`.
Output is deterministic for the same arguments.
"""
import synthlib

HEADER = synthlib.UIKIT


def core_coordinator():
    return HEADER + """/// Owns one flow. A coordinator works on the navigation controller its parent hands it and cleans up
/// what it pushed or presented there when it stops.
protocol Coordinator: AnyObject {
    var rootNavigationController: UINavigationController { get }

    func start(animated: Bool)
    func stop(animated: Bool)
}
"""


def sectioned_navigation_controller():
    return HEADER + """/// The part of a shared navigation stack that one coordinator pushed or presented.
final class SectionedNavigationController {

    let navigationController: UINavigationController

    private weak var base: UIViewController?
    private var pushed: [Weak<UIViewController>] = []
    private weak var presented: UIViewController?

    init(_ navigationController: UINavigationController) {
        self.navigationController = navigationController
        self.base = navigationController.topViewController
    }

    var viewControllers: [UIViewController] {
        pushed.compactMap { $0.value }
    }

    func pushViewController(_ viewController: UIViewController, animated: Bool) {
        pushed.removeAll { $0.value == nil }
        pushed.append(Weak(viewController))
        navigationController.pushViewController(viewController, animated: animated)
    }

    func present(_ viewController: UIViewController, animated: Bool, completion: (() -> Void)? = nil) {
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
        guard let first = viewControllers.first else { return }
        navigationController.popToViewController(first, animated: animated)
        pushed = [Weak(first)]
    }

    func dismissAndPopAll(animated: Bool) {
        dismissPresented(animated: animated)
        let owned = Set(viewControllers.map(ObjectIdentifier.init))
        guard !owned.isEmpty else { return }
        if let base = base, navigationController.viewControllers.contains(base) {
            navigationController.popToViewController(base, animated: animated)
        } else {
            let rest = navigationController.viewControllers.filter { !owned.contains(ObjectIdentifier($0)) }
            navigationController.setViewControllers(rest, animated: animated)
        }
        pushed.removeAll()
    }
}

private final class Weak<Value: AnyObject> {
    weak var value: Value?

    init(_ value: Value) {
        self.value = value
    }
}
"""


def app_navigation_controller():
    return HEADER + """/// The app's one navigation stack; feature coordinators share it through sections.
final class AppNavigationController: UINavigationController {

    override func viewDidLoad() {
        super.viewDidLoad()
        navigationBar.prefersLargeTitles = true
        navigationBar.tintColor = .systemTeal
    }
}
"""


def dependencies():
    return synthlib.FOUNDATION + """protocol HasItemService {
    var itemService: ItemServiceType { get }
}

protocol HasPreferences {
    var preferences: Preferences { get }
}

struct ItemID: Hashable {
    let rawValue: String
}

struct Item: Hashable {
    let id: ItemID
    let title: String
    let summary: String
}

protocol ItemServiceType: AnyObject {
    func items(in section: String, completion: @escaping (Result<[Item], Error>) -> Void)
    func item(_ id: ItemID, completion: @escaping (Result<Item, Error>) -> Void)
}

final class ItemService: ItemServiceType {
    private var cache: [ItemID: Item] = [:]

    func items(in section: String, completion: @escaping (Result<[Item], Error>) -> Void) {
        DispatchQueue.main.async { completion(.success(Array(self.cache.values))) }
    }

    func item(_ id: ItemID, completion: @escaping (Result<Item, Error>) -> Void) {
        DispatchQueue.main.async {
            if let item = self.cache[id] { completion(.success(item)) }
        }
    }
}

final class Preferences {
    var hasSeenIntro = false
    var lastSection: String?
}

final class DependencyContainer: HasItemService, HasPreferences {
    static let shared = DependencyContainer()

    lazy var itemService: ItemServiceType = ItemService()
    lazy var preferences = Preferences()

    private init() {}
}

func resolve<T>() -> T {
    guard let resolved = DependencyContainer.shared as? T else {
        preconditionFailure("DependencyContainer cannot provide \\(T.self)")
    }
    return resolved
}
"""


def app_delegate(root_children):
    url_arms = "\n".join(f"""        case "feature{c}":
            rootCoordinator.navigate(to: .feature{c})""" for c in root_children)
    return HEADER + f"""@main
final class AppDelegate: UIResponder, UIApplicationDelegate {{

    var window: UIWindow?

    lazy var appCoordinator = AppCoordinator(AppNavigationController())

    private var rootCoordinator: RootCoordinatorType {{
        appCoordinator
    }}

    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {{
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.rootViewController = appCoordinator.rootNavigationController
        window.makeKeyAndVisible()
        self.window = window
        appCoordinator.start(animated: false)
        return true
    }}

    func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any] = [:]) -> Bool {{
        guard url.scheme == "synth" else {{ return false }}
        switch url.host {{
        case "item":
            guard let raw = url.pathComponents.last else {{ return false }}
            rootCoordinator.navigate(to: .item(ItemID(rawValue: raw)))
{url_arms}
        default:
            return false
        }}
        return true
    }}
}}
"""


SECTIONS = "stateful"


def stateless_sectioned_navigation_controller():
    return HEADER + """/// A section wrapper that keeps no state of its own (--sections stateless, an ablation): it forwards to
/// the shared navigation controller.
final class SectionedNavigationController {

    let navigationController: UINavigationController

    init(_ navigationController: UINavigationController) {
        self.navigationController = navigationController
    }

    func pushViewController(_ viewController: UIViewController, animated: Bool) {
        navigationController.pushViewController(viewController, animated: animated)
    }

    func present(_ viewController: UIViewController, animated: Bool, completion: (() -> Void)? = nil) {
        navigationController.present(viewController, animated: animated, completion: completion)
    }

    func dismissPresented(animated: Bool, completion: (() -> Void)? = nil) {
        navigationController.dismiss(animated: animated, completion: completion)
    }

    func popToRoot(animated: Bool) {
        navigationController.popToRootViewController(animated: animated)
    }

    func dismissAndPopAll(animated: Bool) {
        dismissPresented(animated: animated)
        popToRoot(animated: animated)
    }
}
"""


def sectioned(text):
    """With --sections none (an ablation), coordinators drive the shared UINavigationController directly
    instead of through their own SectionedNavigationController."""
    if SECTIONS != "none":
        return text
    return (text.replace("private let navigationController: SectionedNavigationController",
                         "private let navigationController: UINavigationController")
                .replace("SectionedNavigationController(navigationController)", "navigationController")
                .replace("navigationController.dismissAndPopAll(animated: animated)",
                         "navigationController.dismiss(animated: animated)\n"
                         "        navigationController.popToRootViewController(animated: animated)"))


def app_coordinator(root_children):
    cases = "\n".join(f"    case feature{c}" for c in root_children)
    arms = "\n".join(f"        case .feature{c}:\n            base.openFeature{c}()" for c in root_children)
    return HEADER + f"""enum DeepLink: Equatable {{
    case item(ItemID)
{cases}
}}

/// @mockable
protocol RootCoordinatorType: Coordinator {{
    func navigate(to link: DeepLink)
}}

final class AppCoordinator: RootCoordinatorType {{

    typealias Dependencies = HasPreferences

    let rootNavigationController: UINavigationController

    private let navigationController: SectionedNavigationController
    private let dependencies: Dependencies
    private var baseCoordinator: Feature0Coordinator?

    init(_ navigationController: UINavigationController, dependencies: Dependencies = resolve()) {{
        self.rootNavigationController = navigationController
        self.navigationController = SectionedNavigationController(navigationController)
        self.dependencies = dependencies
    }}

    func start(animated: Bool) {{
        let base = Feature0Coordinator(rootNavigationController, delegate: self)
        base.start(animated: animated)
        baseCoordinator = base
    }}

    func stop(animated: Bool) {{
        baseCoordinator?.stop(animated: animated)
        navigationController.dismissAndPopAll(animated: animated)
        baseCoordinator = nil
    }}

    func navigate(to link: DeepLink) {{
        guard let base = baseCoordinator else {{ return }}
        switch link {{
        case .item(let id):
            base.openDetail(id)
{arms}
        }}
    }}
}}

// MARK: - Feature0CoordinatorDelegate

extension AppCoordinator: Feature0CoordinatorDelegate {{
    func didFinishFeature0() {{
        dependencies.preferences.lastSection = nil
    }}
}}
"""


def feature_coordinator(i, children, routes, sheet):
    p = f"Feature{i}"
    proto = [f"    func openDetail(_ id: ItemID)"]
    proto += [f"    func openFeature{c}()" for c in children]
    proto += [f"    func openOption{k}()" for k in range(routes)]
    proto += ["    func close()"]
    child_props = "\n".join(f"    private weak var feature{c}Coordinator: Feature{c}Coordinator?" for c in children)
    child_methods = "\n".join(f"""    func openFeature{c}() {{
        guard feature{c}Coordinator == nil else {{ return }}
        let child = Feature{c}Coordinator(rootNavigationController, delegate: self)
        child.start(animated: true)
        feature{c}Coordinator = child
    }}
""" for c in children)
    option_methods = "\n".join(f"""    func openOption{k}() {{
        showOption(title: "Option {k}", code: {k})
    }}
""" for k in range(routes))
    show_option = f"""
    private func showOption(title: String, code: Int) {{
        let viewController = {p}OptionViewController(title: title, code: code)
        navigationController.pushViewController(viewController, animated: true)
    }}
""" if routes else ""
    delegate_exts = "\n".join(f"""// MARK: - Feature{c}CoordinatorDelegate

extension {p}Coordinator: Feature{c}CoordinatorDelegate {{
    func didFinishFeature{c}() {{
        listPresenter?.reload()
    }}
}}
""" for c in children)
    if sheet:
        show_list = """        let sheet = UINavigationController(rootViewController: viewController)
        navigationController.present(sheet, animated: animated)"""
    else:
        show_list = "        navigationController.pushViewController(viewController, animated: animated)"
    nl = "\n"
    return HEADER + f"""/// @mockable
protocol {p}CoordinatorType: Coordinator {{
{nl.join(proto)}
}}

protocol {p}CoordinatorDelegate: AnyObject {{
    func didFinish{p}()
}}

final class {p}Coordinator: {p}CoordinatorType {{

    typealias Dependencies = HasItemService & HasPreferences

    let rootNavigationController: UINavigationController

    private let navigationController: SectionedNavigationController
    private let dependencies: Dependencies
    private weak var delegate: {p}CoordinatorDelegate?
    private weak var listPresenter: {p}ListPresenter?
{child_props}

    init(
        _ navigationController: UINavigationController,
        dependencies: Dependencies = resolve(),
        delegate: {p}CoordinatorDelegate?
    ) {{
        self.rootNavigationController = navigationController
        self.navigationController = SectionedNavigationController(navigationController)
        self.dependencies = dependencies
        self.delegate = delegate
    }}

    func start(animated: Bool) {{
        let presenter = {p}ListPresenter(coordinator: self, itemService: dependencies.itemService)
        let viewController = {p}ListViewController(presenter: presenter)
        presenter.view = viewController
        listPresenter = presenter
        dependencies.preferences.lastSection = "feature-{i}"
{show_list}
    }}

    func stop(animated: Bool) {{
        navigationController.dismissAndPopAll(animated: animated)
        delegate?.didFinish{p}()
    }}

    // MARK: - {p}CoordinatorType

    func openDetail(_ id: ItemID) {{
        let presenter = {p}DetailPresenter(coordinator: self, itemID: id, itemService: dependencies.itemService)
        let viewController = {p}DetailViewController(presenter: presenter)
        presenter.view = viewController
        navigationController.pushViewController(viewController, animated: true)
    }}

{child_methods}{option_methods}
    func close() {{
        stop(animated: true)
    }}
{show_option}}}

{delegate_exts}"""


def list_presenter(i, children, routes):
    p = f"Feature{i}"
    rows = ["    case item(Item)"] + [f"    case feature{c}" for c in children]
    arms = ["        case .item(let item):\n            coordinator.openDetail(item.id)"]
    arms += [f"        case .feature{c}:\n            coordinator.openFeature{c}()" for c in children]
    options = synthlib.index_switch([f"coordinator.openOption{k}()" for k in range(routes)], "break", "index")
    option_fn = f"""
    func didSelectOption(at index: Int) {{
{synthlib.indent(options)}
    }}
""" if routes else ""
    extra_rows = f" + [{', '.join(f'.feature{c}' for c in children)}]" if children else ""
    nl = "\n"
    return synthlib.FOUNDATION + f"""protocol {p}ListView: AnyObject {{
    func reloadData()
    func setLoading(_ isLoading: Bool)
    func displayError(_ message: String)
}}

enum {p}Row: Hashable {{
{nl.join(rows)}
}}

final class {p}ListPresenter {{

    weak var view: {p}ListView?

    private let coordinator: {p}CoordinatorType
    private let itemService: ItemServiceType
    private(set) var rows: [{p}Row] = []
    let optionCount = {routes}

    init(coordinator: {p}CoordinatorType, itemService: ItemServiceType) {{
        self.coordinator = coordinator
        self.itemService = itemService
    }}

    func viewDidLoad() {{
        reload()
    }}

    func reload() {{
        view?.setLoading(true)
        itemService.items(in: "feature-{i}") {{ [weak self] result in
            guard let self = self else {{ return }}
            self.view?.setLoading(false)
            switch result {{
            case .success(let items):
                self.rows = items.map({p}Row.item){extra_rows}
                self.view?.reloadData()
            case .failure(let error):
                self.view?.displayError(error.localizedDescription)
            }}
        }}
    }}

    func didSelect(row: {p}Row) {{
        switch row {{
{nl.join(arms)}
        }}
    }}
{option_fn}
    func didTapClose() {{
        coordinator.close()
    }}
}}
"""


def list_screen(i, children, routes, padding):
    p = f"Feature{i}"
    pad = "\n".join(f"""    private func style{k}(_ cell: UITableViewCell, for row: {p}Row) {{
        var content = UIListContentConfiguration.subtitleCell()
        switch row {{
        case .item(let item):
            content.text = item.title
            content.secondaryText = item.summary
            content.secondaryTextProperties.color = .secondaryLabel
        default:
            content.text = String(describing: row)
            content.image = UIImage(systemName: "folder")
        }}
        cell.contentConfiguration = content
        cell.accessoryType = .disclosureIndicator
    }}
""" for k in range(max(1, padding)))
    setup = """tableView.refreshControl = refreshControl
refreshControl.addTarget(self, action: #selector(refreshPulled), for: .valueChanged)
tableView.frame = view.bounds
tableView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
view.addSubview(tableView)
presenter.viewDidLoad()"""
    options_select = """        if indexPath.section == 1 {
            presenter.didSelectOption(at: indexPath.row)
            return
        }
""" if routes else ""
    return HEADER + f"""final class {p}ListViewController: UIViewController {{

    private let presenter: {p}ListPresenter
    private let tableView = UITableView(frame: .zero, style: .insetGrouped)
    private let refreshControl = UIRefreshControl()

    init(presenter: {p}ListPresenter) {{
        self.presenter = presenter
        super.init(nibName: nil, bundle: nil)
    }}

    @available(*, unavailable)
    required init?(coder: NSCoder) {{
        fatalError("init(coder:) has not been implemented")
    }}

{synthlib.list_did_load(f'"Feature {i}"', setup)}
    @objc private func closeTapped() {{
        presenter.didTapClose()
    }}

    @objc private func refreshPulled() {{
        presenter.reload()
    }}

{pad}}}

// MARK: - {p}ListView

extension {p}ListViewController: {p}ListView {{
    func reloadData() {{
        tableView.reloadData()
    }}

    func setLoading(_ isLoading: Bool) {{
        if !isLoading {{ refreshControl.endRefreshing() }}
    }}

    func displayError(_ message: String) {{
        let alert = UIAlertController(title: nil, message: message, preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "OK", style: .default))
        present(alert, animated: true)
    }}
}}

// MARK: - UITableViewDataSource & UITableViewDelegate

extension {p}ListViewController: UITableViewDataSource, UITableViewDelegate {{
    func numberOfSections(in tableView: UITableView) -> Int {{
        presenter.optionCount > 0 ? 2 : 1
    }}

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {{
        section == 0 ? presenter.rows.count : presenter.optionCount
    }}

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {{
        let cell = tableView.dequeueReusableCell(withIdentifier: "Cell", for: indexPath)
        if indexPath.section == 0 {{
            style0(cell, for: presenter.rows[indexPath.row])
        }}
        return cell
    }}

    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {{
        tableView.deselectRow(at: indexPath, animated: true)
{options_select}        presenter.didSelect(row: presenter.rows[indexPath.row])
    }}
}}
"""


def detail_presenter(i):
    p = f"Feature{i}"
    return synthlib.FOUNDATION + f"""protocol {p}DetailView: AnyObject {{
    func display(_ item: Item)
    func displayError(_ message: String)
}}

final class {p}DetailPresenter {{

    weak var view: {p}DetailView?

    private let coordinator: {p}CoordinatorType
    private let itemID: ItemID
    private let itemService: ItemServiceType

    init(coordinator: {p}CoordinatorType, itemID: ItemID, itemService: ItemServiceType) {{
        self.coordinator = coordinator
        self.itemID = itemID
        self.itemService = itemService
    }}

    func viewDidLoad() {{
        itemService.item(itemID) {{ [weak self] result in
            switch result {{
            case .success(let item):
                self?.view?.display(item)
            case .failure(let error):
                self?.view?.displayError(error.localizedDescription)
            }}
        }}
    }}

    func didSelectRelated(_ id: ItemID) {{
        coordinator.openDetail(id)
    }}

    func didTapDone() {{
        coordinator.close()
    }}
}}
"""


def detail_screen(i):
    p = f"Feature{i}"
    return HEADER + f"""final class {p}DetailViewController: UIViewController {{

    private let presenter: {p}DetailPresenter
    private let titleLabel = UILabel()
    private let summaryLabel = UILabel()
    private let relatedButton = UIButton(type: .system)
    private var relatedID: ItemID?

    init(presenter: {p}DetailPresenter) {{
        self.presenter = presenter
        super.init(nibName: nil, bundle: nil)
    }}

    @available(*, unavailable)
    required init?(coder: NSCoder) {{
        fatalError("init(coder:) has not been implemented")
    }}

    override func viewDidLoad() {{
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        titleLabel.font = .preferredFont(forTextStyle: .title1)
        summaryLabel.numberOfLines = 0
        relatedButton.setTitle("Related", for: .normal)
        relatedButton.addTarget(self, action: #selector(relatedTapped), for: .touchUpInside)
        let stack = UIStackView(arrangedSubviews: [titleLabel, summaryLabel, relatedButton])
        stack.axis = .vertical
        stack.spacing = 12
        stack.frame = view.bounds.insetBy(dx: 16, dy: 16)
        view.addSubview(stack)
        navigationItem.rightBarButtonItem = UIBarButtonItem(
            barButtonSystemItem: .done, target: self, action: #selector(doneTapped))
        presenter.viewDidLoad()
    }}

    @objc private func relatedTapped() {{
        guard let id = relatedID else {{ return }}
        presenter.didSelectRelated(id)
    }}

    @objc private func doneTapped() {{
        presenter.didTapDone()
    }}
}}

// MARK: - {p}DetailView

extension {p}DetailViewController: {p}DetailView {{
    func display(_ item: Item) {{
        titleLabel.text = item.title
        summaryLabel.text = item.summary
        relatedID = item.id
    }}

    func displayError(_ message: String) {{
        summaryLabel.text = message
    }}
}}
"""


def option_screen(i):
    p = f"Feature{i}"
    return HEADER + f"""final class {p}OptionViewController: UIViewController {{

    private let code: Int
    private let codeLabel = UILabel()

    init(title: String, code: Int) {{
        self.code = code
        super.init(nibName: nil, bundle: nil)
        self.title = title
    }}

    @available(*, unavailable)
    required init?(coder: NSCoder) {{
        fatalError("init(coder:) has not been implemented")
    }}

    override func viewDidLoad() {{
        super.viewDidLoad()
        view.backgroundColor = .systemGroupedBackground
        codeLabel.text = "#\\(code)"
        codeLabel.frame = view.bounds
        view.addSubview(codeLabel)
    }}
}}
"""


def generate(out, features, routes, fanout, sheet_every, padding):
    app = synthlib.AppWriter(out)

    def children_of(i):
        return synthlib.children(i, features, 1, fanout)

    app.write("Core/Coordinator.swift", core_coordinator())
    if SECTIONS == "stateful":
        app.write("Core/SectionedNavigationController.swift", sectioned_navigation_controller())
    elif SECTIONS == "stateless":
        app.write("Core/SectionedNavigationController.swift", stateless_sectioned_navigation_controller())
    app.write("Core/AppNavigationController.swift", app_navigation_controller())
    app.write("Core/DependencyContainer.swift", dependencies())
    app.write("App/AppDelegate.swift", app_delegate(children_of(0)))
    app.write("App/AppCoordinator.swift", sectioned(app_coordinator(children_of(0))))
    screens = 0
    for i in range(features):
        children = children_of(i)
        sheet = sheet_every > 0 and i > 0 and i % sheet_every == 0
        d = f"Features/Feature{i}"
        app.write(f"{d}/Feature{i}Coordinator.swift", sectioned(feature_coordinator(i, children, routes, sheet)))
        app.write(f"{d}/List/Feature{i}ListPresenter.swift", list_presenter(i, children, routes))
        app.write(f"{d}/List/Feature{i}ListViewController.swift", list_screen(i, children, routes, padding))
        app.write(f"{d}/Detail/Feature{i}DetailPresenter.swift", detail_presenter(i))
        app.write(f"{d}/Detail/Feature{i}DetailViewController.swift", detail_screen(i))
        screens += 2
        if routes:
            app.write(f"{d}/Feature{i}OptionViewController.swift", option_screen(i))
            screens += 1
    return app.lines, screens


def main():
    ap = synthlib.arg_parser(
        routes=(0, "openOptionK() routes per feature coordinator (a settings section of its list)"),
        fanout=(3, "child features each feature can open"),
        sheet_every=(3, "every S-th feature presents its list as a sheet instead of pushing it (0: never)"),
        padding=(2, "cell-styling methods per list screen"))
    ap.add_argument("--sections", choices=["stateful", "stateless", "none"], default="stateful",
                    help="SectionedNavigationController tracking its pushes (the family's wrapper), a stateless "
                         "forwarding wrapper, or none: coordinators use the raw UINavigationController "
                         "(the last two are ablations)")
    args = ap.parse_args()
    global SECTIONS
    SECTIONS = args.sections
    lines, screens = generate(args.out, args.features, args.routes, args.fanout, args.sheet_every, args.padding)
    print(f"{args.out}: {lines} lines, {screens} screens, {args.features + 1} coordinators, "
          f"{args.routes} option routes per feature")


if __name__ == "__main__":
    main()
