import NavGraphExtract
import NavGraphModel

/// What a switch statement's arms say of themselves, the same on every run of it: worked out on its first
/// run and kept (`Interpreter.switchShape`). WHY: a route method's switch runs once per route and meets
/// every arm each time; building its case names, route names and locals each time was a tenth of what a
/// run of it cost, besides the arms themselves.
final class SwitchShape {
    /// The cases the arms name.
    let explicit: Set<String>
    /// Per arm, the cases its patterns name.
    let armCases: [[String]]
    /// Per arm, the names its code and its patterns' bindings mention: the locals whose values a dead
    /// arm's replay key holds (see `Interpreter.runDeadArm`).
    private(set) lazy var namedLocals: [[String]] = arms.map { arm -> [String] in
        var named: Set<String> = []
        arm.body.forEachExpr { if case .ref(let n) = $0 { named.insert(n) } }
        for p in arm.patterns { named.formUnion(p.bindings) }
        return named.sorted()
    }
    /// Per arm of a switch on a route enum: the arm's route (`Enum.case`, its first case, when that is a case
    /// of the enum) and the cases it handles (a `default:` arm naming none handles every case no arm names),
    /// with their qualified names. Kept for the enum the switch last ran on (almost always its only one).
    struct ArmRoutes {
        var route: String?
        var handled: [(name: String, qualified: String)]
    }
    private var routesEnum: String?
    private var routesOfEnum: [ArmRoutes] = []
    private let arms: [SwitchCase]

    init(_ cases: [SwitchCase]) {
        arms = cases
        armCases = cases.map { $0.patterns.compactMap(\.caseName) }
        explicit = Set(armCases.joined())
    }

    func routes(of enumType: String, _ index: TypeIndex) -> [ArmRoutes] {
        if routesEnum == enumType { return routesOfEnum }
        let unnamed = index[enumType]?.cases.map(\.name).filter { !explicit.contains($0) } ?? []
        routesOfEnum = arms.indices.map { i in
            let cases = armCases[i]
            let route = cases.first.flatMap { index.enumCase(enumType, $0) != nil ? String.qualified(enumType, $0) : nil }
            let handled = arms[i].isDefault && cases.isEmpty ? unnamed : cases
            return ArmRoutes(route: route, handled: handled.filter { index.enumCase(enumType, $0) != nil }.map { ($0, String.qualified(enumType, $0)) })
        }
        routesEnum = enumType
        return routesOfEnum
    }
}
