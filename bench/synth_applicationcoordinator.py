#!/usr/bin/env python3
"""Generates a synthetic UIKit app in the ApplicationCoordinator style (F2), for benchmarks.

Usage: synth_applicationcoordinator.py OUT_DIR --features N [--routes K] [--tabs T] [--fanout F]
                                       [--deeplinks tabs|features]

The AppDelegate lazily makes an `ApplicationCoordinator(router: RouterImp(rootController: window!.rootViewController
as! UINavigationController), coordinatorFactory: CoordinatorFactoryImp(), …)` and calls `start(with:)` with a
`DeepLinkOption` built from the launch notification, a push or a user activity. ApplicationCoordinator picks a
flow with its `LaunchInstructor` (auth or main) or the deep link; its `default:` arm forwards the option to
every child (`childCoordinators.forEach { $0.start(with:) }`), and features override `start(with:)` to open an
item. Coordinators subclass `BaseCoordinator` (`addDependency`/`removeDependency`), get a `Router` and module
factories, and build children through a `CoordinatorFactory` that returns `Coordinator & XCoordinatorOutput`
or a `(configurator:, toPresent:)` tuple.

Main flow: a `TabbarCoordinator` over a `TabbarController` whose closure properties (`onFeatureNFlowSelect`)
are assigned closures returned by `runFeatureNFlow()`; features 0..T-1 are its tabs. Every feature can present
up to F further features modally (a coordinator box presented with `router.present(module)`), and the child's
`finishFlow` closure, assigned by the parent, dismisses it and calls `removeDependency`. Each feature shows a
list (`setRootModule`), a detail (`push`) and, with --routes K, K page screens: K distinct products of its
module factory (`makeFeatureNPageKOutput()`), chosen in a `switch` over the page the list's `onPageSelect`
closure reports. Screens are view protocols (`FeatureNListView: BaseView`) with closure properties the
coordinator assigns; controllers come from storyboards (`controllerFromStoryboard(.features)`).
With --deeplinks features, `DeepLinkOption` has a case per feature (`.featureN`), each arm running the main
flow, instead of a case per tab. Output is deterministic for the same arguments.
"""
import synthlib
from synthlib import FOUNDATION

HEADER = synthlib.UIKIT


def core_files():
    files = {}
    files["Core/Coordinators/Coordinator.swift"] = FOUNDATION + """protocol Coordinator: AnyObject {
    func start()
    func start(with option: DeepLinkOption?)
}
"""
    files["Core/Coordinators/BaseCoordinator.swift"] = FOUNDATION + """class BaseCoordinator: Coordinator {

    var childCoordinators: [Coordinator] = []

    func start() {
        start(with: nil)
    }

    func start(with option: DeepLinkOption?) { }

    func addDependency(_ coordinator: Coordinator) {
        guard !childCoordinators.contains(where: { $0 === coordinator }) else { return }
        childCoordinators.append(coordinator)
    }

    func removeDependency(_ coordinator: Coordinator?) {
        guard let coordinator = coordinator, !childCoordinators.isEmpty else { return }
        if let base = coordinator as? BaseCoordinator {
            base.childCoordinators.filter { $0 !== base }.forEach { base.removeDependency($0) }
        }
        childCoordinators.removeAll { $0 === coordinator }
    }
}
"""
    files["Core/Routing/Presentable.swift"] = HEADER + """protocol Presentable {
    func toPresent() -> UIViewController?
}

extension UIViewController: Presentable {
    func toPresent() -> UIViewController? {
        self
    }
}

/// What a coordinator sees of a screen.
protocol BaseView: NSObjectProtocol, Presentable { }
"""
    files["Core/Routing/Router.swift"] = HEADER + """protocol Router: Presentable {
    func present(_ module: Presentable?)
    func present(_ module: Presentable?, animated: Bool)

    func push(_ module: Presentable?)
    func push(_ module: Presentable?, animated: Bool)
    func push(_ module: Presentable?, animated: Bool, completion: (() -> Void)?)

    func popModule()
    func popModule(animated: Bool)

    func dismissModule()
    func dismissModule(animated: Bool, completion: (() -> Void)?)

    func setRootModule(_ module: Presentable?)
    func setRootModule(_ module: Presentable?, hideBar: Bool)

    func popToRootModule(animated: Bool)
}
"""
    files["Core/Routing/RouterImp.swift"] = HEADER + """final class RouterImp: NSObject, Router {

    private weak var rootController: UINavigationController?
    private var completions: [UIViewController: () -> Void] = [:]

    init(rootController: UINavigationController) {
        self.rootController = rootController
    }

    func toPresent() -> UIViewController? {
        rootController
    }

    func present(_ module: Presentable?) {
        present(module, animated: true)
    }

    func present(_ module: Presentable?, animated: Bool) {
        guard let controller = module?.toPresent() else { return }
        rootController?.present(controller, animated: animated, completion: nil)
    }

    func dismissModule() {
        dismissModule(animated: true, completion: nil)
    }

    func dismissModule(animated: Bool, completion: (() -> Void)?) {
        rootController?.dismiss(animated: animated, completion: completion)
    }

    func push(_ module: Presentable?) {
        push(module, animated: true)
    }

    func push(_ module: Presentable?, animated: Bool) {
        push(module, animated: animated, completion: nil)
    }

    func push(_ module: Presentable?, animated: Bool, completion: (() -> Void)?) {
        guard let controller = module?.toPresent(), !(controller is UINavigationController) else {
            assertionFailure("A navigation controller cannot be pushed")
            return
        }
        if let completion = completion {
            completions[controller] = completion
        }
        rootController?.pushViewController(controller, animated: animated)
    }

    func popModule() {
        popModule(animated: true)
    }

    func popModule(animated: Bool) {
        if let controller = rootController?.popViewController(animated: animated) {
            runCompletion(for: controller)
        }
    }

    func setRootModule(_ module: Presentable?) {
        setRootModule(module, hideBar: false)
    }

    func setRootModule(_ module: Presentable?, hideBar: Bool) {
        guard let controller = module?.toPresent() else { return }
        rootController?.setViewControllers([controller], animated: false)
        rootController?.isNavigationBarHidden = hideBar
    }

    func popToRootModule(animated: Bool) {
        if let controllers = rootController?.popToRootViewController(animated: animated) {
            controllers.forEach { runCompletion(for: $0) }
        }
    }

    private func runCompletion(for controller: UIViewController) {
        guard let completion = completions[controller] else { return }
        completion()
        completions[controller] = nil
    }
}
"""
    files["Core/Modules/UIViewController+Storyboard.swift"] = HEADER + """enum Storyboards: String {
    case main = "Main"
    case auth = "Auth"
    case features = "Features"
}

extension NSObject {
    class var nameOfClass: String {
        NSStringFromClass(self).components(separatedBy: ".").last ?? ""
    }
}

extension UIViewController {

    private class func instantiateController<T: UIViewController>(in storyboard: UIStoryboard, identifier: String) -> T {
        guard let controller = storyboard.instantiateViewController(withIdentifier: identifier) as? T else {
            fatalError("Scene \\(identifier) is not a \\(T.self)")
        }
        return controller
    }

    class func controllerInStoryboard(_ storyboard: UIStoryboard, identifier: String) -> Self {
        instantiateController(in: storyboard, identifier: identifier)
    }

    class func controllerFromStoryboard(_ storyboard: Storyboards) -> Self {
        let board = UIStoryboard(name: storyboard.rawValue, bundle: Bundle.main)
        return controllerInStoryboard(board, identifier: nameOfClass)
    }
}
"""
    files["Core/Modules/ModuleFactoryImp.swift"] = HEADER + """/// Builds every screen. Each flow's factory protocol is adopted in an extension next to that flow.
final class ModuleFactoryImp {
}
"""
    files["Models/Item.swift"] = FOUNDATION + """struct Item: Hashable {
    let id: String
    let title: String
    let notes: String
}

final class Session {
    static let shared = Session()

    var isAuthorized = false

    func logout() {
        isAuthorized = false
    }
}
"""
    return files


def deep_link(cases):
    case_lines = "\n".join(f"    case {c}" for c in cases)
    arms = "\n".join(f"""        case "{c}":
            return .{c}""" for c in cases)
    return FOUNDATION + f"""enum DeepLinkOption {{
    case auth
{case_lines}
    case item(id: String)

    static func build(with dict: [String: AnyObject]?) -> DeepLinkOption? {{
        guard let id = dict?["launch_id"] as? String else {{ return nil }}
        switch id {{
        case "auth":
            return .auth
{arms}
        case "item":
            guard let itemID = dict?["item_id"] as? String else {{ return nil }}
            return .item(id: itemID)
        default:
            return nil
        }}
    }}

    static func build(with userActivity: NSUserActivity) -> DeepLinkOption? {{
        guard userActivity.activityType == NSUserActivityTypeBrowsingWeb,
              let url = userActivity.webpageURL else {{ return nil }}
        let parts = url.pathComponents.filter {{ $0 != "/" }}
        if parts.first == "items", parts.count == 2 {{
            return .item(id: parts[1])
        }}
        return nil
    }}
}}
"""


def app_delegate():
    return HEADER + """@main
final class AppDelegate: UIResponder, UIApplicationDelegate {

    var window: UIWindow?

    lazy var applicationCoordinator: Coordinator = self.makeCoordinator()

    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        let notification = launchOptions?[.remoteNotification] as? [String: AnyObject]
        applicationCoordinator.start(with: DeepLinkOption.build(with: notification))
        return true
    }

    func application(
        _ application: UIApplication,
        didReceiveRemoteNotification userInfo: [AnyHashable: Any],
        fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void
    ) {
        applicationCoordinator.start(with: DeepLinkOption.build(with: userInfo as? [String: AnyObject]))
        completionHandler(.noData)
    }

    func application(
        _ application: UIApplication,
        continue userActivity: NSUserActivity,
        restorationHandler: @escaping ([UIUserActivityRestoring]?) -> Void
    ) -> Bool {
        applicationCoordinator.start(with: DeepLinkOption.build(with: userActivity))
        return true
    }

    private func makeCoordinator() -> Coordinator {
        ApplicationCoordinator(
            router: RouterImp(rootController: self.window!.rootViewController as! UINavigationController),
            coordinatorFactory: CoordinatorFactoryImp(),
            session: Session.shared
        )
    }
}
"""


def application_coordinator(link_cases):
    arms = "\n".join(f"            case .{c}:\n                runMainFlow()" for c in link_cases)
    return FOUNDATION + f"""final class ApplicationCoordinator: BaseCoordinator {{

    private enum LaunchInstructor {{
        case auth
        case main

        static func configure(isAuthorized: Bool) -> LaunchInstructor {{
            isAuthorized ? .main : .auth
        }}
    }}

    private let coordinatorFactory: CoordinatorFactory
    private let router: Router
    private let session: Session

    private var instructor: LaunchInstructor {{
        LaunchInstructor.configure(isAuthorized: session.isAuthorized)
    }}

    init(router: Router, coordinatorFactory: CoordinatorFactory, session: Session) {{
        self.router = router
        self.coordinatorFactory = coordinatorFactory
        self.session = session
    }}

    override func start(with option: DeepLinkOption?) {{
        if let option = option {{
            switch option {{
            case .auth:
                runAuthFlow()
{arms}
            default:
                childCoordinators.forEach {{ coordinator in
                    coordinator.start(with: option)
                }}
            }}
        }} else {{
            switch instructor {{
            case .auth:
                runAuthFlow()
            case .main:
                runMainFlow()
            }}
        }}
    }}

    private func runAuthFlow() {{
        let coordinator = coordinatorFactory.makeAuthCoordinatorBox(router: router)
        coordinator.finishFlow = {{ [weak self, weak coordinator] in
            self?.session.isAuthorized = true
            self?.start()
            self?.removeDependency(coordinator)
        }}
        addDependency(coordinator)
        coordinator.start()
    }}

    private func runMainFlow() {{
        let (coordinator, module) = coordinatorFactory.makeTabbarCoordinator()
        addDependency(coordinator)
        router.setRootModule(module, hideBar: true)
        coordinator.start()
    }}
}}
"""


def auth_files():
    files = {}
    files["Flows/Auth/AuthCoordinator.swift"] = FOUNDATION + """protocol AuthCoordinatorOutput: AnyObject {
    var finishFlow: (() -> Void)? { get set }
}

final class AuthCoordinator: BaseCoordinator, AuthCoordinatorOutput {

    var finishFlow: (() -> Void)?

    private let factory: AuthModuleFactory
    private let router: Router

    init(router: Router, factory: AuthModuleFactory) {
        self.router = router
        self.factory = factory
    }

    override func start() {
        showLogin()
    }

    private func showLogin() {
        let loginOutput = factory.makeLoginOutput()
        loginOutput.onLogin = { [weak self] in
            self?.finishFlow?()
        }
        router.setRootModule(loginOutput)
    }
}
"""
    files["Flows/Auth/AuthModuleFactory.swift"] = HEADER + """protocol AuthModuleFactory {
    func makeLoginOutput() -> LoginView
}

extension ModuleFactoryImp: AuthModuleFactory {
    func makeLoginOutput() -> LoginView {
        LoginController.controllerFromStoryboard(.auth)
    }
}
"""
    files["Flows/Auth/LoginController.swift"] = HEADER + """protocol LoginView: BaseView {
    var onLogin: (() -> Void)? { get set }
}

final class LoginController: UIViewController, LoginView {

    var onLogin: (() -> Void)?

    @IBOutlet private weak var emailField: UITextField!
    @IBOutlet private weak var passwordField: UITextField!

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Sign in"
    }

    @IBAction private func loginTapped(_ sender: UIButton) {
        view.endEditing(true)
        guard emailField.text?.contains("@") == true, (passwordField.text ?? "").count >= 6 else { return }
        onLogin?()
    }
}
"""
    return files


def coordinator_factory(features, tabs):
    decls = ["    func makeTabbarCoordinator() -> (configurator: Coordinator, toPresent: Presentable?)",
             "    func makeAuthCoordinatorBox(router: Router) -> Coordinator & AuthCoordinatorOutput"]
    for i in range(features):
        if i in tabs:
            decls.append(f"    func makeFeature{i}Coordinator(navController: UINavigationController?) -> Coordinator & Feature{i}CoordinatorOutput")
        else:
            decls.append(f"    func makeFeature{i}CoordinatorBox() -> (configurator: Coordinator & Feature{i}CoordinatorOutput, toPresent: Presentable?)")
    nl = "\n"
    proto = HEADER + f"""protocol CoordinatorFactory {{
{nl.join(decls)}
}}
"""
    imp = HEADER + """final class CoordinatorFactoryImp: CoordinatorFactory {

    func makeTabbarCoordinator() -> (configurator: Coordinator, toPresent: Presentable?) {
        let controller = TabbarController.controllerFromStoryboard(.main)
        let coordinator = TabbarCoordinator(tabView: controller, coordinatorFactory: CoordinatorFactoryImp())
        return (coordinator, controller)
    }

    func makeAuthCoordinatorBox(router: Router) -> Coordinator & AuthCoordinatorOutput {
        AuthCoordinator(router: router, factory: ModuleFactoryImp())
    }

    // MARK: - Helpers (used by the per-flow extensions)

    func router(_ navController: UINavigationController?) -> Router {
        RouterImp(rootController: navigationController(navController))
    }

    func navigationController(_ navController: UINavigationController?) -> UINavigationController {
        if let navController = navController {
            return navController
        }
        return UINavigationController.controllerFromStoryboard(.main)
    }
}
"""
    return proto, imp


def feature_factory_ext(i, is_tab):
    if is_tab:
        body = f"""    func makeFeature{i}Coordinator(navController: UINavigationController?) -> Coordinator & Feature{i}CoordinatorOutput {{
        Feature{i}Coordinator(router: router(navController), factory: ModuleFactoryImp(), coordinatorFactory: CoordinatorFactoryImp())
    }}"""
    else:
        body = f"""    func makeFeature{i}CoordinatorBox() -> (configurator: Coordinator & Feature{i}CoordinatorOutput, toPresent: Presentable?) {{
        let modalRouter = router(nil)
        let coordinator = Feature{i}Coordinator(router: modalRouter, factory: ModuleFactoryImp(), coordinatorFactory: CoordinatorFactoryImp())
        return (coordinator, modalRouter)
    }}"""
    return HEADER + f"""extension CoordinatorFactoryImp {{
{body}
}}
"""


def tabbar_files(tabs):
    props = "\n".join(f"    var onFeature{t}FlowSelect: ((UINavigationController) -> Void)? {{ get set }}" for t in tabs)
    vars_ = "\n".join(f"    var onFeature{t}FlowSelect: ((UINavigationController) -> Void)?" for t in tabs)
    select = synthlib.index_switch([f"onFeature{t}FlowSelect?(controller)" for t in tabs], "break", "selectedIndex")
    view = HEADER + f"""protocol TabbarView: BaseView {{
{props}
    var onViewDidLoad: ((UINavigationController) -> Void)? {{ get set }}
}}

/// Main.storyboard scene "TabbarController": one empty UINavigationController per tab.
final class TabbarController: UITabBarController, UITabBarControllerDelegate, TabbarView {{

{vars_}
    var onViewDidLoad: ((UINavigationController) -> Void)?

    override func viewDidLoad() {{
        super.viewDidLoad()
        delegate = self
        if let controller = customizableViewControllers?.first as? UINavigationController {{
            onViewDidLoad?(controller)
        }}
    }}

    func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {{
        guard let controller = viewControllers?[selectedIndex] as? UINavigationController else {{ return }}
{synthlib.indent(select)}
    }}
}}
"""
    assigns = "\n".join(f"        tabView.onFeature{t}FlowSelect = runFeature{t}Flow()" for t in tabs)
    runs = "\n".join(f"""    private func runFeature{t}Flow() -> ((UINavigationController) -> Void) {{
        return {{ [unowned self] navController in
            guard navController.viewControllers.isEmpty else {{ return }}
            let coordinator = self.coordinatorFactory.makeFeature{t}Coordinator(navController: navController)
            coordinator.finishFlow = {{ [weak self, weak coordinator] in
                navController.popToRootViewController(animated: false)
                self?.removeDependency(coordinator)
            }}
            self.addDependency(coordinator)
            coordinator.start()
        }}
    }}
""" for t in tabs)
    coord = HEADER + f"""final class TabbarCoordinator: BaseCoordinator {{

    private let tabView: TabbarView
    private let coordinatorFactory: CoordinatorFactory

    init(tabView: TabbarView, coordinatorFactory: CoordinatorFactory) {{
        self.tabView = tabView
        self.coordinatorFactory = coordinatorFactory
    }}

    override func start() {{
        tabView.onViewDidLoad = runFeature{tabs[0]}Flow()
{assigns}
    }}

{runs}}}
"""
    return view, coord


def feature_coordinator(i, children, routes):
    p = f"Feature{i}"
    child_assign = "\n".join(f"""        listOutput.onOpenFeature{c} = {{ [weak self] in
            self?.runFeature{c}Flow()
        }}""" for c in children)
    page_assign = f"""        listOutput.onPageSelect = {{ [weak self] page in
            self?.showPage(page)
        }}""" if routes else ""
    child_runs = "\n".join(f"""    private func runFeature{c}Flow() {{
        let (coordinator, module) = coordinatorFactory.makeFeature{c}CoordinatorBox()
        coordinator.finishFlow = {{ [weak self, weak coordinator] in
            self?.router.dismissModule()
            self?.removeDependency(coordinator)
        }}
        addDependency(coordinator)
        router.present(module)
        coordinator.start()
    }}
""" for c in children)
    pages = synthlib.index_switch([f"pageOutput = factory.make{p}Page{k}Output()" for k in range(routes)], "return", "page")
    show_page = f"""
    private func showPage(_ page: Int) {{
        let pageOutput: {p}PageView
{synthlib.indent(pages)}
        pageOutput.onDone = {{ [weak self] in
            self?.router.popModule()
        }}
        router.push(pageOutput)
    }}
""" if routes else ""
    return FOUNDATION + f"""protocol {p}CoordinatorOutput: AnyObject {{
    var finishFlow: (() -> Void)? {{ get set }}
}}

final class {p}Coordinator: BaseCoordinator, {p}CoordinatorOutput {{

    var finishFlow: (() -> Void)?

    private let factory: {p}ModuleFactory
    private let coordinatorFactory: CoordinatorFactory
    private let router: Router

    init(router: Router, factory: {p}ModuleFactory, coordinatorFactory: CoordinatorFactory) {{
        self.router = router
        self.factory = factory
        self.coordinatorFactory = coordinatorFactory
    }}

    override func start() {{
        showList()
    }}

    override func start(with option: DeepLinkOption?) {{
        switch option {{
        case .item(let id)?:
            showDetail(Item(id: id, title: "", notes: ""))
        default:
            childCoordinators.forEach {{ $0.start(with: option) }}
        }}
    }}

    // MARK: - Screens

    private func showList() {{
        let listOutput = factory.make{p}ListOutput()
        listOutput.onItemSelect = {{ [weak self] item in
            self?.showDetail(item)
        }}
        listOutput.onClose = {{ [weak self] in
            self?.finishFlow?()
        }}
{child_assign}
{page_assign}
        router.setRootModule(listOutput)
    }}

    private func showDetail(_ item: Item) {{
        let detailOutput = factory.make{p}DetailOutput(item: item)
        detailOutput.onDelete = {{ [weak self] _ in
            self?.router.popModule()
        }}
        router.push(detailOutput)
    }}
{show_page}
    // MARK: - Flows

{child_runs}}}
"""


def module_factory(i, routes):
    p = f"Feature{i}"
    page_decls = "\n".join(f"    func make{p}Page{k}Output() -> {p}PageView" for k in range(routes))
    page_impls = "\n".join(f"""    func make{p}Page{k}Output() -> {p}PageView {{
        {p}Page{k}Controller.controllerFromStoryboard(.features)
    }}
""" for k in range(routes))
    return HEADER + f"""protocol {p}ModuleFactory {{
    func make{p}ListOutput() -> {p}ListView
    func make{p}DetailOutput(item: Item) -> {p}DetailView
{page_decls}
}}

extension ModuleFactoryImp: {p}ModuleFactory {{

    func make{p}ListOutput() -> {p}ListView {{
        {p}ListController.controllerFromStoryboard(.features)
    }}

    func make{p}DetailOutput(item: Item) -> {p}DetailView {{
        let controller = {p}DetailController.controllerFromStoryboard(.features)
        controller.item = item
        return controller
    }}

{page_impls}}}
"""


def list_controller(i, children, routes):
    p = f"Feature{i}"
    props = ["    var onItemSelect: ((Item) -> Void)? { get set }", "    var onClose: (() -> Void)? { get set }"]
    props += [f"    var onOpenFeature{c}: (() -> Void)? {{ get set }}" for c in children]
    if routes:
        props.append("    var onPageSelect: ((Int) -> Void)? { get set }")
    vars_ = [x.replace(" { get set }", "") for x in props]
    links = synthlib.index_switch([f"onOpenFeature{c}?()" for c in children], "break")
    page_select = f"""
        if indexPath.section == 2 {{
            onPageSelect?(indexPath.row)
            return
        }}""" if routes else ""
    nl = "\n"
    return HEADER + f"""protocol {p}ListView: BaseView {{
{nl.join(props)}
}}

final class {p}ListController: UIViewController, {p}ListView {{

{nl.join(vars_)}

    var items: [Item] = []

    @IBOutlet private weak var tableView: UITableView!

{synthlib.list_did_load(f'"Feature {i}"')}
    @objc private func closeTapped() {{
        onClose?()
    }}
}}

extension {p}ListController: UITableViewDataSource, UITableViewDelegate {{

    func numberOfSections(in tableView: UITableView) -> Int {{
        3
    }}

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {{
        [items.count, {len(children)}, {routes}][section]
    }}

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {{
        let cell = tableView.dequeueReusableCell(withIdentifier: "Cell", for: indexPath)
        var content = cell.defaultContentConfiguration()
        if indexPath.section == 0 {{
            content.text = items[indexPath.row].title
            content.secondaryText = items[indexPath.row].notes
        }} else {{
            content.text = "Open \\(indexPath.row)"
        }}
        cell.contentConfiguration = content
        cell.accessoryType = .disclosureIndicator
        return cell
    }}

    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {{
        tableView.deselectRow(at: indexPath, animated: true){page_select}
        if indexPath.section == 0 {{
            onItemSelect?(items[indexPath.row])
            return
        }}
{synthlib.indent(links)}
    }}
}}
"""


def detail_controller(i):
    p = f"Feature{i}"
    return HEADER + f"""protocol {p}DetailView: BaseView {{
    var onDelete: ((Item) -> Void)? {{ get set }}
}}

final class {p}DetailController: UIViewController, {p}DetailView {{

    var onDelete: ((Item) -> Void)?

    var item: Item?

    @IBOutlet private weak var titleLabel: UILabel!
    @IBOutlet private weak var notesView: UITextView!

    override func viewDidLoad() {{
        super.viewDidLoad()
        titleLabel.text = item?.title
        notesView.text = item?.notes
        navigationItem.rightBarButtonItem = UIBarButtonItem(
            barButtonSystemItem: .trash, target: self, action: #selector(deleteTapped))
    }}

    @objc private func deleteTapped() {{
        guard let item = item else {{ return }}
        let alert = UIAlertController(title: "Delete \\(item.title)?", message: nil, preferredStyle: .actionSheet)
        alert.addAction(UIAlertAction(title: "Delete", style: .destructive) {{ [weak self] _ in
            self?.onDelete?(item)
        }})
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        present(alert, animated: true)
    }}
}}
"""


def page_view(i):
    p = f"Feature{i}"
    return HEADER + f"""protocol {p}PageView: BaseView {{
    var onDone: (() -> Void)? {{ get set }}
}}
"""


def page_controller(i, k):
    p = f"Feature{i}"
    return HEADER + f"""final class {p}Page{k}Controller: UIViewController, {p}PageView {{

    var onDone: (() -> Void)?

    @IBOutlet private weak var bodyLabel: UILabel!

    override func viewDidLoad() {{
        super.viewDidLoad()
        title = "Page {k}"
        bodyLabel.text = "Feature {i}, page {k}"
        navigationItem.rightBarButtonItem = UIBarButtonItem(
            barButtonSystemItem: .done, target: self, action: #selector(doneTapped))
    }}

    @objc private func doneTapped() {{
        onDone?()
    }}
}}
"""


def generate(out, features, routes, ntabs, fanout, deeplinks):
    app = synthlib.AppWriter(out)
    tabs = list(range(min(ntabs, features)))

    def children_of(i):
        return synthlib.children(i, features, len(tabs), fanout)

    link_cases = [f"feature{i}" for i in (tabs if deeplinks == "tabs" else range(features))]
    for rel, text in core_files().items():
        app.write(rel, text)
    app.write("Application/AppDelegate.swift", app_delegate())
    app.write("Application/DeepLinkOption.swift", deep_link(link_cases))
    app.write("Application/ApplicationCoordinator.swift", application_coordinator(link_cases))
    for rel, text in auth_files().items():
        app.write(rel, text)
    proto, imp = coordinator_factory(features, set(tabs))
    app.write("Core/Coordinators/CoordinatorFactory.swift", proto)
    app.write("Core/Coordinators/CoordinatorFactoryImp.swift", imp)
    view, coord = tabbar_files(tabs)
    app.write("Flows/Tabbar/TabbarController.swift", view)
    app.write("Flows/Tabbar/TabbarCoordinator.swift", coord)
    screens = 2
    for i in range(features):
        children = children_of(i)
        d = f"Flows/Feature{i}"
        app.write(f"{d}/Feature{i}Coordinator.swift", feature_coordinator(i, children, routes))
        app.write(f"{d}/Feature{i}CoordinatorFactory.swift", feature_factory_ext(i, i in tabs))
        app.write(f"{d}/Feature{i}ModuleFactory.swift", module_factory(i, routes))
        app.write(f"{d}/Feature{i}ListController.swift", list_controller(i, children, routes))
        app.write(f"{d}/Feature{i}DetailController.swift", detail_controller(i))
        screens += 2
        if routes:
            app.write(f"{d}/Pages/Feature{i}PageView.swift", page_view(i))
            for k in range(routes):
                app.write(f"{d}/Pages/Feature{i}Page{k}Controller.swift", page_controller(i, k))
            screens += routes
    return app.lines, screens


def main():
    ap = synthlib.arg_parser(routes=(0, "page products of each feature's module factory (distinct screen classes)"),
                             tabs=(4, "features that are tabs of the tab bar"),
                             fanout=(3, "modal child features each feature can present"))
    ap.add_argument("--deeplinks", choices=["tabs", "features"], default="tabs",
                    help="DeepLinkOption cases that run the main flow: one per tab, or one per feature")
    args = ap.parse_args()
    lines, screens = generate(args.out, args.features, args.routes, args.tabs, args.fanout, args.deeplinks)
    print(f"{args.out}: {lines} lines, {screens} screens, {args.features + 3} coordinators, "
          f"{args.routes} page products per feature")


if __name__ == "__main__":
    main()
