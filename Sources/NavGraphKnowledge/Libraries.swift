/// Libraries that are no coordinator family but make screens, written as Swift declarations the
/// interpreter reads like app code; each is indexed when the app imports its module (or a family's
/// library, see `FamilyAdapter.library`). Adding one is adding an entry here.
public enum LibraryKnowledge {
    public struct Library: Sendable {
        public let module: String
        public let source: String
    }

    public static let all: [Library] = [reusable]

    /// AliSoftware/Reusable: view controllers that load themselves from a storyboard named after them
    /// (`StoryboardBased`) or from a scene of one (`StoryboardSceneBased`). `instantiate()` returns the
    /// conforming screen (a function declared to return `Self` gives the receiver's type). Its view and
    /// cell protocols (`NibLoadable`, `Reusable`) make no screen and are not modelled.
    public static let reusable = Library(module: "Reusable", source: #"""
    protocol StoryboardBased: AnyObject {
        static var sceneStoryboard: UIStoryboard { get }
    }
    extension StoryboardBased where Self: UIViewController {
        static func instantiate() -> Self {}
    }
    protocol StoryboardSceneBased: AnyObject {
        static var sceneStoryboard: UIStoryboard { get }
        static var sceneIdentifier: String { get }
    }
    extension StoryboardSceneBased where Self: UIViewController {
        static func instantiate() -> Self {}
    }
    """#)
}
