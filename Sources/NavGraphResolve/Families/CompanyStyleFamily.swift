import NavGraphExtract
import NavGraphKnowledge
import NavGraphModel

/// F4, the company-internal style (public example: cideM/react-native-app `ios/Knowledge`): an app-declared
/// `protocol Coordinator { var rootNavigationController: UINavigationController { get }; func start(animated:); func stop(animated:) }`,
/// one `protocol XCoordinatorType: Coordinator` per feature whose methods are the routes, presenters between
/// screens and coordinators (screen → `presenter.didX()` → `coordinator.openY()` is one action), and a
/// `SectionedNavigationController` wrapper whose push/present calls are the coordinator's own edges (a helper
/// type, so the interpreter treats its code as transparent and draws its edges at the coordinator's call).
final class CompanyStyleFamily: FamilyAdapter {
    static let id = "companystyle"
    /// Names this adapter looks for by spelling (see `FamilyAdapter.spelledNames`).
    enum Spelled: String, SpelledName {
        case stop
    }
    static let spelledNames = Spelled.names
    init() {}

    /// App protocols with `start(animated:)` and a navigation controller property: the `Coordinator` protocol.
    /// Found once per type index (see `PerTypeIndex`): `routeMethods(of:)` asks per coordinator.
    private let coordinatorProtocolsFound = PerTypeIndex<Set<String>>()

    func coordinatorProtocols(_ index: TypeIndex) -> Set<String> {
        coordinatorProtocolsFound.value(index) { Set(index.types.values.filter { t in
            t.origin == .app && t.kind == .protocol
                && t.functions.contains { $0.decl.name == ConventionName.start.name && $0.decl.parameters.map(\.label) == ["animated"] }
                && t.properties.values.contains { p in
                    p.decl.type.flatMap { index.resolve($0, from: t.name) }.map { index.isSubtype($0, of: UIKitType.navigationController.name) } ?? false
                }
        }.map(\.name)) }
    }

    func detect(_ index: TypeIndex) -> Bool { !coordinatorProtocols(index).isEmpty }

    func coordinatorBases(_ index: TypeIndex) -> Set<String> { coordinatorProtocols(index) }

    /// The routes of a coordinator are the requirements of the feature protocols it conforms to
    /// (`ArticlesCoordinatorType.openArticle(_:)` is `ArticlesCoordinator.openArticle(_:)`), declared where the
    /// protocol declares them. Each `XCoordinatorType` is bound to its conforming class.
    func routeMethods(of coordinator: String, _ index: TypeIndex) -> [String: SourceLocation]? {
        let bases = coordinatorProtocols(index)
        var routes: [String: SourceLocation] = [:]
        for p in index.supertypes(coordinator) where !bases.contains(p) {
            guard let info = index[p], info.kind == .protocol, info.origin == .app, index.isSubtype(p, ofAny: bases) else { continue }
            for fn in info.functions where fn.decl.body == nil && ![ConventionName.start.name, Spelled.stop.name].contains(fn.decl.name) {
                routes[fn.decl.selector] = routes[fn.decl.selector] ?? fn.location
            }
        }
        return routes
    }
}
