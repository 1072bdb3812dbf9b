import NavGraphExtract
import NavGraphModel

/// One coordinator family (patterns.md F1…F6). An adapter says how to recognise the family and adds
/// what the shared interpreter cannot know: library declarations, which types are coordinators, which
/// enums are routes, and special call semantics. Register new adapters in `FamilyRegistry.all`.
public protocol FamilyAdapter: AnyObject {
    /// Stable id used in JSON (`hackingwithswift`, `radianttap`, …).
    static var id: String { get }
    /// Names of analyzed code the adapter looks for by spelling (`childCoordinators`, `trigger`): the
    /// slicer keeps every statement that mentions one (`RelevanceSlicer.builtinNames`).
    static var spelledNames: Set<String> { get }
    init()

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

    /// Special semantics for a call on an object; return nil to let the interpreter proceed normally.
    func interpret(call: CallSite, in interpreter: Interpreter) -> Values?

    /// Runs after instantiation, to add family-specific paths, nodes or edges (responder chain, events).
    func finish(_ interpreter: Interpreter)
}

public extension FamilyAdapter {
    static var spelledNames: Set<String> { [] }
    var library: (module: String, source: String)? { nil }
    func isStartMethod(_ name: String, labels: [String?]) -> Bool { name == "start" }
    func routeEnums(_ index: TypeIndex) -> Set<String> { [] }
    func nonRouteEnums(_ index: TypeIndex) -> Set<String> { [] }
    var hasMethodRoutes: Bool { true }
    func vendoredFiles(_ files: [FileFacts]) -> Set<String> { [] }
    func routeMethods(of coordinator: String, _ index: TypeIndex) -> [String: SourceLocation]? { nil }
    func interpret(call: CallSite, in interpreter: Interpreter) -> Values? { nil }
    func finish(_ interpreter: Interpreter) {}
    var id: String { Self.id }
}

/// For adapters in this module that need the caller's frame to give a call its meaning: evaluate the
/// arguments, record an edge at the call, or run the callee with navigation muted (F3 routers, whose
/// `present` is a push, a modal or a window root depending on the router). Consulted before
/// `interpret(call:in:)`; return nil to let the interpreter proceed normally.
protocol FrameAwareAdapter: AnyObject {
    func interpret(call: CallSite, line: Int, frame: inout Frame, in interpreter: Interpreter) -> Values?
}

/// A call as the interpreter sees it, handed to adapters.
public struct CallSite {
    public var receiverType: String
    /// The receiver's instance site (see `Value.object`).
    public var receiverSite: Int = 0
    public var name: String
    public var labels: [String?]
    public var arguments: [Argument]
    public var location: SourceLocation
    public var ownerID: String?
}

/// Families that give meaning to `__navgraph_*` intrinsics of their own library (F6 `__navgraph_trigger`).
/// Internal, because intrinsics run on the interpreter's frames.
protocol IntrinsicHandling {
    /// Returns nil when the intrinsic is not the family's.
    func intrinsic(_ name: String, _ args: [Argument], _ f: inout Frame, line: Int, in interpreter: Interpreter) -> Values?
}

/// The list of known families. Adding a family is adding a file and one line here.
public enum FamilyRegistry {
    public static let all: [any FamilyAdapter.Type] = [
        HackingWithSwiftFamily.self,
        ApplicationCoordinatorFamily.self,
        KodecoFamily.self,
        RadianttapFamily.self,
        CoordinateFamily.self,
        CompanyStyleFamily.self,
        XCoordinatorFamily.self,
    ]

}

/// A value an adapter derives from the whole type index (its coordinator or router protocols), derived once
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
