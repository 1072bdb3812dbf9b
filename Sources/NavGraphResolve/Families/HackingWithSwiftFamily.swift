import NavGraphExtract
import NavGraphKnowledge

/// F5 hackingwithswift / khanlou: an app-declared
/// `protocol Coordinator { childCoordinators; navigationController; start() }`, children appended and
/// started, screens holding `weak var coordinator`, `childDidFinish` back to the parent.
final class HackingWithSwiftFamily: FamilyAdapter {
    static let id = "hackingwithswift"
    /// Names this adapter looks for by spelling (see `FamilyAdapter.spelledNames`).
    enum Spelled: String, SpelledName {
        case childCoordinators, navigationController
    }
    /// Names its library declares that this file compares with.
    enum Library: String, SpelledName {
        case Coordinator
    }
    static let spelledNames = Spelled.names.union(Library.names)
    init() {}

    /// App-declared protocols named `Coordinator` that have `start()` and a navigation controller.
    func coordinatorProtocols(_ index: TypeIndex) -> [String] {
        index.types.values.filter { t in
            t.origin == .app && t.kind == .protocol && t.name.hasSuffix(Library.Coordinator.name)
                && t.functions.contains { $0.decl.name == ConventionName.start.name && $0.decl.parameters.isEmpty }
                && (t.properties[Spelled.navigationController.name] != nil || t.properties[Spelled.childCoordinators.name] != nil)
        }.map(\.name)
    }

    func detect(_ index: TypeIndex) -> Bool { !coordinatorProtocols(index).isEmpty }

    func coordinatorBases(_ index: TypeIndex) -> Set<String> { Set(coordinatorProtocols(index)) }
}
