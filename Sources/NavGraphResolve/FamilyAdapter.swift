import NavGraphExtract
import NavGraphKnowledge
import NavGraphModel

/// One coordinator family (patterns.md F1…F6), in one file, behind this one protocol. A family says how
/// to recognise it and adds what the shared interpreter cannot know: its library as Swift declarations,
/// which types are coordinators, which enums are routes, special call semantics, and what it adds to the
/// graph once the program has run. Its hooks see the running program only through `Semantics`.
/// Every requirement but `id`, `init`, `detect` and `coordinatorBases` has a default meaning "nothing to add". Register a new
/// family in `FamilyRegistry.all`.
protocol FamilyAdapter: AnyObject {
    /// Stable id used in JSON (`hackingwithswift`, `radianttap`, …).
    static var id: String { get }
    /// Names of analyzed code the family looks for by spelling (`childCoordinators`, `trigger`): the
    /// slicer keeps every statement that mentions one (`RelevanceSlicer.builtinNames`). Each family
    /// derives them from its `Spelled` enum, whose cases are what its code compares names with.
    static var spelledNames: Set<String> { get }
    init()

    // MARK: Recognition

    /// Swift declarations of the family's library, indexed when the app imports it without vendoring it.
    var library: (module: String, source: String)? { get }
    /// Whether the family is present, judged by declarations and imports.
    func detect(_ index: TypeIndex) -> Bool
    /// Types whose subtypes are coordinators in this family.
    func coordinatorBases(_ index: TypeIndex) -> Set<String>
    /// Methods that start a coordinator when called on it (`start()`, `start(animated:)`, …).
    func isStartMethod(_ name: String, labels: [String?]) -> Bool
    /// Enums that are routes whether or not a switch over them navigates (F6 `Route`, F1b `HasRoutes.Route`).
    func routeEnums(_ index: TypeIndex) -> Set<String>
    /// Enums that are never routes though coordinators switch over them (F1b event enums).
    func nonRouteEnums(_ index: TypeIndex) -> Set<String>
    /// Whether a coordinator method with navigation effects is a route of its own (F5, F3); false where
    /// routes are enum cases only (F1, F1b).
    var hasMethodRoutes: Bool { get }
    /// Paths of app files that are a vendored copy of the family's library (its source checked into the
    /// app). They are indexed as library code, after navgraph's own declarations of the library, so the
    /// library's types are not app coordinators and its built-in semantics apply.
    func vendoredFiles(_ files: [FileFacts]) -> Set<String>
    /// The route methods of a coordinator when the family names them (selector → where the route is
    /// declared): F4's routes are the requirements of its `XCoordinatorType` protocols, F6 has none (its
    /// routes are enum cases). nil leaves it to the interpreter: any navigating coordinator method is a route.
    func routeMethods(of coordinator: String, _ index: TypeIndex) -> [String: SourceLocation]?

    // MARK: Hooks into the running program (nil: no opinion, the interpreter proceeds normally)

    /// A call on an object of a type, its arguments not yet evaluated (F2's empty `start(with:)`, F3's
    /// routers, whose `present` is a push, a modal or a window root depending on the router).
    func interpret(call: CallSite, line: Int, frame: inout Frame, in s: Semantics) -> Values?
    /// A call of `call.name` on `call.receivers` (`self` calls, implicit or explicit, included). Non-nil
    /// replaces normal dispatch and the generic screen-send detection.
    func intercept(_ call: MessageCall, _ f: inout Frame, in s: Semantics) -> Values?
    /// A `__navgraph_<name>(…)` intrinsic of the family's library declarations.
    func intrinsic(_ name: String, _ args: [Argument], _ f: inout Frame, line: Int, in s: Semantics) -> Values?
    /// Reading `type.name` (`explicitBase`: written `x.name` with `x` not `self`): library state that lives
    /// outside type-level values (associated objects, view hierarchies).
    func read(_ name: String, on type: String, explicitBase: Bool, _ f: Frame, in s: Semantics) -> Values?

    // MARK: After the program has run

    /// The family's pass over the instantiated program (responder chains, events, finishes); see
    /// `Interpreter.passes` for where it runs.
    func finish(_ s: Semantics)
}

extension FamilyAdapter {
    static var spelledNames: Set<String> { [] }
    var library: (module: String, source: String)? { nil }
    func isStartMethod(_ name: String, labels: [String?]) -> Bool { name == ConventionName.start.name }
    func routeEnums(_ index: TypeIndex) -> Set<String> { [] }
    func nonRouteEnums(_ index: TypeIndex) -> Set<String> { [] }
    var hasMethodRoutes: Bool { true }
    func vendoredFiles(_ files: [FileFacts]) -> Set<String> { [] }
    func routeMethods(of coordinator: String, _ index: TypeIndex) -> [String: SourceLocation]? { nil }
    func interpret(call: CallSite, line: Int, frame: inout Frame, in s: Semantics) -> Values? { nil }
    func intercept(_ call: MessageCall, _ f: inout Frame, in s: Semantics) -> Values? { nil }
    func intrinsic(_ name: String, _ args: [Argument], _ f: inout Frame, line: Int, in s: Semantics) -> Values? { nil }
    func read(_ name: String, on type: String, explicitBase: Bool, _ f: Frame, in s: Semantics) -> Values? { nil }
    func finish(_ s: Semantics) {}
    var id: String { Self.id }
}

/// A call on an object, as `FamilyAdapter.interpret` sees it.
struct CallSite {
    var receiverType: String
    /// The receiver's instance site (see `Value.object`).
    var receiverSite: Int = 0
    var name: String
    var labels: [String?]
    var arguments: [Argument]
    var location: SourceLocation
    var ownerID: String?
}

/// A call as `FamilyAdapter.intercept` sees it: arguments not yet evaluated, receivers evaluated.
struct MessageCall {
    var name: String
    var labels: [String?]
    var arguments: [Argument]
    var receivers: Values
    var line: Int
    /// `m()`, `self.m()` or `self?.m()`.
    var isSelfCall: Bool

    var selector: String { FunctionDecl.selector(name, labels) }
}

/// The list of known families. Adding a family is adding a file and one line here.
enum FamilyRegistry {
    static let all: [any FamilyAdapter.Type] = [
        HackingWithSwiftFamily.self,
        ApplicationCoordinatorFamily.self,
        KodecoFamily.self,
        RadianttapFamily.self,
        CoordinateFamily.self,
        CompanyStyleFamily.self,
        XCoordinatorFamily.self,
    ]
}

/// A value a family derives from the whole type index (its coordinator or router protocols), derived once
/// per index. WHY: callers ask per receiver or per coordinator, and a scan of every type each time was
/// quadratic in the app's features.
final class PerTypeIndex<Value> {
    private var cached: (index: ObjectIdentifier, value: Value)?

    func value(_ index: TypeIndex, _ derive: () -> Value) -> Value {
        if let c = cached, c.index == ObjectIdentifier(index) { return c.value }
        let value = derive()
        cached = (ObjectIdentifier(index), value)
        return value
    }
}
