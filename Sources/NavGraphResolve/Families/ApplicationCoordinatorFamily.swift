import NavGraphExtract
import NavGraphKnowledge

/// F2 AndreyPanov/ApplicationCoordinator: an app-declared `BaseCoordinator` class with
/// `addDependency`/`removeDependency`, coordinators started with `start()` or `start(with: DeepLinkOption?)`,
/// a `Router` (`RouterImp`) and `CoordinatorFactory`/`ModuleFactory` implementations. All of it is app
/// code, so the interpreter follows the bodies (router calls reach `RouterImp`, factories return the
/// concrete classes they build, `toPresent()` maps modules to screens). What the adapter adds:
/// - which types are coordinators (the `BaseCoordinator` class and the protocols it conforms to that
///   declare `start`);
/// - the deep-link enum (the option type of `start(with:)`) is a route enum, even when no arm navigates;
/// - `start(with:)` that resolves to an empty body (the base class's) starts nothing: the option is dropped.
final class ApplicationCoordinatorFamily: FamilyAdapter {
    static let id = "applicationcoordinator"
    /// Names this adapter looks for by spelling (see `FamilyAdapter.spelledNames`).
    enum Spelled: String, SpelledName {
        case addDependency, removeDependency, childCoordinators
    }
    static let spelledNames = Spelled.names
    init() {}

    /// App classes with `addDependency(_:)` and `removeDependency(_:)` and a `childCoordinators` property.
    func baseCoordinators(_ index: TypeIndex) -> [String] {
        index.types.values.filter { t in
            t.origin == .app && t.kind == .class
                && t.functions.contains { $0.decl.name == Spelled.addDependency.name && $0.decl.parameters.count == 1 }
                && t.functions.contains { $0.decl.name == Spelled.removeDependency.name && $0.decl.parameters.count == 1 }
                && t.properties[Spelled.childCoordinators.name] != nil
        }.map(\.name).sorted()
    }

    /// The app protocols a base coordinator conforms to that declare `start()`: the family's `Coordinator`.
    func coordinatorProtocols(_ index: TypeIndex, bases: [String]) -> [String] {
        bases.flatMap { b in
            index.supertypes(b).filter { p in
                index[p]?.kind == .protocol && index[p]?.origin == .app && index[p]?.functions.contains { $0.decl.name == ConventionName.start.name } == true
            }
        }
    }

    func detect(_ index: TypeIndex) -> Bool { !baseCoordinators(index).isEmpty }

    func coordinatorBases(_ index: TypeIndex) -> Set<String> {
        let bases = baseCoordinators(index)
        return Set(bases + coordinatorProtocols(index, bases: bases))
    }

    /// The enum `start(with:)` takes (`DeepLinkOption`).
    func routeEnums(_ index: TypeIndex) -> Set<String> {
        var result: Set<String> = []
        let bases = baseCoordinators(index)
        for owner in bases + coordinatorProtocols(index, bases: bases) {
            for fn in index[owner]?.functions ?? [] where fn.decl.name == ConventionName.start.name && fn.decl.parameters.count == 1 {
                if let type = fn.decl.parameters[0].type, let e = index.resolve(type, from: owner), index[e]?.kind == .enum,
                   index[e]?.origin == .app {
                    result.insert(e)
                }
            }
        }
        return result
    }

    /// `child.start(with: option)` where the child does not override `start(with:)`: the base class's
    /// empty body runs, so nothing starts and the deep link goes nowhere (the `default:` arm that forwards
    /// options to `childCoordinators` is dead unless some child overrides it).
    func interpret(call: CallSite, line: Int, frame: inout Frame, in interpreter: Semantics) -> Values? {
        guard call.name == ConventionName.start.name, call.labels.count == 1, interpreter.isCoordinator(call.receiverType),
              let fn = interpreter.index.function(on: call.receiverType, name: ConventionName.start.name, labels: call.labels),
              interpreter.family(of: call.receiverType) == Self.id else { return nil }
        interpreter.noteForward(provenEmpty: fn.decl.isEmpty)
        return fn.decl.isEmpty ? [] : nil
    }
}
