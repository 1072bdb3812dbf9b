/// The names the resolver matches by spelling, as constants. The relevance slicer keeps every statement
/// that mentions one (`Vocabulary.names`), so a name compared anywhere in the resolver must be a case
/// here (or of a family's `Spelled` names), never a string literal.
public protocol SpelledName: RawRepresentable, CaseIterable, Sendable where RawValue == String {}

public extension SpelledName {
    var name: String { rawValue }
    static var names: Set<String> { Set(allCases.map(\.rawValue)) }
}

public extension Sequence where Element: SpelledName {
    var names: Set<String> { Set(map(\.rawValue)) }
}

/// UIKit types the resolver asks about (`isSubtype(t, of: UIKitType.window.name)`).
public enum UIKitType: String, SpelledName {
    case responder = "UIResponder"
    case view = "UIView"
    case window = "UIWindow"
    case viewController = "UIViewController"
    case navigationController = "UINavigationController"
    case tabBarController = "UITabBarController"
    case splitViewController = "UISplitViewController"
    case applicationDelegate = "UIApplicationDelegate"
    case sceneDelegate = "UISceneDelegate"
    case windowSceneDelegate = "UIWindowSceneDelegate"
    case navigationControllerDelegate = "UINavigationControllerDelegate"
    /// An attribute (`@UIApplicationMain`), spelled as a type.
    case applicationMain = "UIApplicationMain"
}

/// UIKit members whose calls or stores navigate.
public enum UIKitMember: String, SpelledName {
    case rootViewController, viewControllers, setViewControllers, pushViewController, navigationController
    case present, show, dismiss, performSegue, delegate
    case instantiateViewController, instantiateInitialViewController
}

/// Swift's own names the interpreter gives meaning to.
public enum SwiftName: String, SpelledName {
    case selfValue = "self", selfType = "Self", superValue = "super", nilValue = "nil"
}

/// Swift's keywords for initializers, which the interpreter matches as member names. Not in the
/// vocabulary: `init` is no value a statement can hand on (the type it builds is).
public enum SwiftKeyword: String, SpelledName {
    case initializer = "init", deinitializer = "deinit"
}

/// Attributes a parameter's type is written with (`@escaping Completion`, spaces dropped in the facts:
/// `@escapingCompletion`): they say nothing of the type itself.
public enum SwiftTypeAttribute: String, SpelledName {
    case escaping = "@escaping", sendable = "@Sendable", mainActor = "@MainActor", autoclosure = "@autoclosure"
}

/// Declaration attributes that expose a type to Objective-C, whose code navgraph does not read: such a type
/// may be made there (`@objc`, `@objcMembers`, `@objc(Name)`).
public enum ObjCAttribute: String, SpelledName {
    case objc
}

/// Names of the app conventions the families model: lifecycle (`start`, `finish`), storyboard factories
/// (`instantiate`) and module factories' tuple labels (`configurator`, `toPresent`). Listed so the slicer
/// keeps the statements that mention them even where no declaration navgraph reads names them.
public enum ConventionName: String, SpelledName {
    case start, finish, instantiate, configurator, toPresent, coordinate

    /// Methods that start a coordinator in the general layer, whatever their labels (`start()`,
    /// `start(animated:)`, `start(with:)`, Combine's `coordinate(to:)`).
    public static let startNames: Set<String> = [start.name, coordinate.name]
}

/// SwiftUI protocols the resolver asks about: their conformers are views, apps or a view's helpers, never
/// coordinators or screens of their own.
public enum SwiftUIName: String, SpelledName {
    case view = "View", app = "App", scene = "Scene"
    case viewRepresentable = "UIViewRepresentable", viewControllerRepresentable = "UIViewControllerRepresentable"
    case hostingController = "UIHostingController", rootView
    /// A SwiftUI app's or view's content, which the system reads.
    case body

    public static let viewProtocols: [SwiftUIName] = [.view, .app, .scene]
    /// A representable's nested `Coordinator` (from `makeCoordinator()`) is a delegate helper.
    public static let representables: [SwiftUIName] = [.viewRepresentable, .viewControllerRepresentable]
}

/// Collection methods the interpreter models. They move values between names the slicer already follows,
/// so they keep no statement by themselves.
public enum CollectionMethod {
    /// Store into their receiver (`xs.append(x)` gives `xs` a value).
    public static let stores = ["append", "insert"]
    /// Take an element out of their receiver.
    public static let reads = ["removeValue", "remove", "removeFirst", "removeLast", "popLast", "popFirst", "randomElement"]
    /// Run their closure over the elements.
    public static let iterations = ["forEach", "map", "compactMap", "flatMap", "filter", "first", "last", "contains",
                                    "allSatisfy", "sorted", "min", "max", "firstIndex", "lastIndex", "removeAll", "drop"]
    /// Of the iterations, those whose result is the closure's results.
    public static let mapping: Set<String> = ["map", "compactMap", "flatMap"]
    /// Of the iterations, those whose result is elements of the receiver.
    public static let selecting: Set<String> = ["filter", "first", "last", "sorted", "min", "max", "drop"]
    /// Of the mappings, those giving one result per element (`tabs.map { makeTab($0) }`).
    public static let elementwise: Set<String> = ["map", "compactMap"]
    /// Properties that read one element (`scenes.first`): a collection's value is its elements'.
    public static let elementProperties: Set<String> = ["first", "last"]
    public static var all: Set<String> { Set(stores + reads + iterations) }
}
