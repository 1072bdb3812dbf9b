/// Every guess navgraph makes from how a name is spelled, in one table. Each is a fallback for code it
/// cannot follow; each says why it holds often enough to act on.
public enum Heuristics {
    /// Fragments of the method names a child uses to tell its parent it is done (`childDidFinish`,
    /// `removeDependency`, `flowDidEnd`). WHY: in-house coordinators seldom share a protocol for this, but
    /// name it with one of these words; matched case-insensitively.
    public static let finishWords = ["finish", "didend", "complete", "done", "remove", "dismiss", "close", "stopchild", "cancel"]

    public static func isFinishName(_ name: String) -> Bool {
        let n = name.lowercased()
        return finishWords.contains { n.contains($0) }
    }

    /// What a call on a configured router type does, by the prefix of its name, when navgraph cannot see
    /// the router's code: `presentX` presents; `pushX`, `showX`, `setX`, `embedX` show; `popX`,
    /// `dismissX` go back. WHY: routers wrap UIKit's verbs and keep their names.
    public static let routerVerbs: [(prefix: String, mechanism: Mechanism)] = [
        ("present", .present),
        ("push", .show), ("show", .show), ("set", .show), ("embed", .show),
        ("pop", .back), ("dismiss", .back),
    ]

    public static func routerMechanism(_ name: String) -> Mechanism? {
        let n = name.lowercased()
        return routerVerbs.first { n.hasPrefix($0.prefix) }?.mechanism
    }

    /// Fragments of an app navigation container's method names that make storing a coordinator a
    /// presentation (`setSheetCoordinator`, `presentFullScreenCover`); other container methods show
    /// (`push`, `setRootCoordinator`). WHY: SwiftUI containers keep SwiftUI's modifier names.
    public static let presentationWords = ["sheet", "fullscreen", "cover", "overlay", "popover", "modal", "present"]

    public static func containerMechanism(_ name: String) -> Mechanism {
        let n = name.lowercased()
        return presentationWords.contains { n.contains($0) } ? .present : .show
    }

    /// The suffix of a superclass no Swift file declares that makes it a view controller
    /// (`HomeViewController` in Objective-C, `MXKTableViewController` in a binary framework). WHY: such
    /// classes keep UIKit's naming, and a Swift subclass of one is a screen the app shows.
    public static let viewControllerSuffix = "ViewController"

    public static func isViewControllerName(_ name: String) -> Bool {
        name.hasSuffix(viewControllerSuffix) && name != viewControllerSuffix
    }

    /// Inherited types that let an enum's values be made without naming a case (`init(rawValue:)`, decoding,
    /// `allCases`): "never constructed" cannot be proven for such an enum's cases.
    public static let casesMadeWithoutNames: Set<String> = [
        "String", "Int", "UInt", "Int8", "Int16", "Int32", "Int64", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float",
        "Character", "RawRepresentable", "CaseIterable", "Codable", "Decodable",
    ]
    /// Attributes of members that code navgraph does not read calls (storyboards, Core Data).
    public static let externallyCalledAttributes: Set<String> = ["IBAction", "IBOutlet", "IBSegueAction", "IBInspectable", "NSManaged"]
    /// Protocols of thrown values: an enum conforming to one is an error, never a route enum.
    public static let errorProtocols: Set<String> = ["Error", "LocalizedError", "CustomNSError"]
    /// Last words of enum names that carry a state or an outcome, not a destination (`RoomFlow.State`,
    /// `SelectionResult`). WHY: Swift's switches are exhaustive, so an arm of one that does nothing
    /// (`case .initial: break`) is the design, no dead route.
    public static let stateEnumSuffixes = ["State", "Status", "Result", "Outcome", "Event", "Phase", "Action"]
    /// Case names that mean "nothing" by design (`Transition.none`): an arm doing nothing for one is no dead route.
    public static let nothingCaseNames: Set<String> = ["none"]

    public static func isStateEnumName(_ simpleName: String) -> Bool {
        stateEnumSuffixes.contains { simpleName.hasSuffix($0) }
    }

    /// Free functions that only log. WHY: a handler whose body only logs does nothing for the user.
    public static let loggingFunctions: Set<String> = ["print", "debugPrint", "NSLog", "os_log", "dump", "assertionFailure"]
    /// Free functions that stop the app: an arm that calls one leads nowhere (`case .cart: fatalError("not yet")`).
    public static let trappingFunctions: Set<String> = ["fatalError", "preconditionFailure"]
    /// A method called on something whose name contains this word (`logger.debug`, `Log.shared.info`) logs.
    public static let loggerWord = "log"

    /// Fragments of protocol names that make a call through the protocol an action a coordinator may
    /// handle, when no conformer is known. WHY: delegate and output protocols are how screens talk to
    /// their coordinators, and are named for it.
    public static let actionProtocolHints = ["Delegate", "Coordinat", "Rout", "Navigat", "Output", "Presenter", "Flow", "Showing", "Opening"]
}
