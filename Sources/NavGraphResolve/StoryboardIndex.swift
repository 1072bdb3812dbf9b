import NavGraphKnowledge
import NavGraphModel

/// Storyboard scenes: identifier → custom class, initial controllers, segues. Filled by the storyboard
/// reader (NavGraphKit/StoryboardReader.swift); empty when the app has no storyboards.
public struct StoryboardIndex: Sendable {
    public struct Scene: Sendable, Hashable {
        /// The storyboard's name: its file name without `.storyboard` (`Onboarding`), as `UIStoryboard(name:)` uses it.
        public var storyboard: String
        /// The controller's object id in the XML (`Kq2-Nv-0aB`); segues refer to it.
        public var objectID: String
        /// `storyboardIdentifier`, for `instantiateViewController(withIdentifier:)`.
        public var identifier: String?
        public var customClass: String?
        /// The UIKit class the XML element stands for (`navigationController` → `UINavigationController`).
        public var elementClass: String
        public var isInitial: Bool
        /// A storyboard reference (`viewControllerPlaceholder`): the storyboard and scene it stands for.
        public var referencedStoryboard: String?
        public var referencedIdentifier: String?
        public var location: SourceLocation

        public init(storyboard: String, objectID: String, identifier: String? = nil, customClass: String? = nil,
                    elementClass: String = UIKitType.viewController.name, isInitial: Bool = false,
                    referencedStoryboard: String? = nil, referencedIdentifier: String? = nil, location: SourceLocation) {
            self.storyboard = storyboard
            self.objectID = objectID
            self.identifier = identifier
            self.customClass = customClass
            self.elementClass = elementClass
            self.isInitial = isInitial
            self.referencedStoryboard = referencedStoryboard
            self.referencedIdentifier = referencedIdentifier
            self.location = location
        }

        /// The class this scene instantiates: the custom class, else the UIKit class.
        public var className: String { customClass ?? elementClass }
    }

    /// A `<segue>`: `show`/`push`/`showDetail`, `presentation`/`modal`/`popoverPresentation`, `embed`,
    /// `relationship` (a container's root or tabs), `unwind`, `custom`.
    public struct Segue: Sendable, Hashable {
        public var storyboard: String
        public var sourceID: String
        public var destinationID: String
        public var kind: String
        public var identifier: String?
        public var relationship: String?
        /// Declared on the view controller itself rather than on a control: it only runs through
        /// `performSegue(withIdentifier:sender:)`.
        public var isManual: Bool
        public var location: SourceLocation

        public init(storyboard: String, sourceID: String, destinationID: String, kind: String, identifier: String? = nil,
                    relationship: String? = nil, isManual: Bool = false, location: SourceLocation) {
            self.storyboard = storyboard
            self.sourceID = sourceID
            self.destinationID = destinationID
            self.kind = kind
            self.identifier = identifier
            self.relationship = relationship
            self.isManual = isManual
            self.location = location
        }

        /// The graph edge a segue draws from its source scene, or nil for containment and unwinds.
        public var edgeKind: EdgeKind? {
            switch kind {
            case "presentation", "modal", "popoverPresentation", "formSheet": return .presents
            case "relationship", "unwind": return nil
            default: return .shows
            }
        }
    }

    public var scenes: [Scene] = []
    public var segues: [Segue] = []

    public init(scenes: [Scene] = [], segues: [Segue] = []) {
        self.scenes = scenes
        self.segues = segues
    }

    /// Screens shown when a storyboard starts: initial controllers and what they contain.
    public var initialScreens: Set<String> {
        Set(scenes.filter(\.isInitial).flatMap { contents(of: $0) })
    }

    public func screen(storyboard: String, identifier: String) -> String? {
        scenes.first { $0.storyboard == storyboard && $0.identifier == identifier }?.customClass
    }

    /// The class of the scene with this identifier and the classes it contains (a navigation controller's root).
    public func instantiate(storyboard: String, identifier: String) -> [String] {
        guard let s = scenes.first(where: { $0.storyboard == storyboard && $0.identifier == identifier }) else { return [] }
        return contents(of: s)
    }

    public func initial(storyboard: String) -> [String] {
        scenes.filter { $0.storyboard == storyboard && $0.isInitial }.flatMap { contents(of: $0) }
    }

    /// A scene's class followed by the classes its `relationship` segues contain (root view controller,
    /// tabs), transitively; storyboard references are followed to the scene they name.
    public func contents(of scene: Scene) -> [String] {
        var result: [String] = []
        var seen = Set<String>()
        func walk(_ s: Scene) {
            guard seen.insert("\(s.storyboard)#\(s.objectID)").inserted else { return }
            if let target = resolveReference(s) { walk(target); return }
            result.append(s.className)
            for seg in segues where seg.storyboard == s.storyboard && seg.sourceID == s.objectID && seg.kind == "relationship" {
                if let d = self.scene(s.storyboard, seg.destinationID) { walk(d) }
            }
        }
        walk(scene)
        return result
    }

    public func scene(_ storyboard: String, _ objectID: String) -> Scene? {
        scenes.first { $0.storyboard == storyboard && $0.objectID == objectID }
    }

    /// The scene a storyboard reference stands for (its identifier, else the other storyboard's initial scene).
    public func resolveReference(_ s: Scene) -> Scene? {
        guard s.referencedStoryboard != nil || s.referencedIdentifier != nil else { return nil }
        let board = s.referencedStoryboard ?? s.storyboard
        if let id = s.referencedIdentifier {
            return scenes.first { $0.storyboard == board && $0.identifier == id && $0.referencedStoryboard == nil }
        }
        return scenes.first { $0.storyboard == board && $0.isInitial }
    }

    /// Scenes whose controller is `className` (a class may appear in several storyboards).
    public func scenes(ofClass className: String) -> [Scene] {
        scenes.filter { $0.customClass == className }
    }

    /// Segues leaving the scenes of `className`; `manual` selects those run only by `performSegue`.
    public func segues(from className: String) -> [(segue: Segue, destination: Scene)] {
        var result: [(Segue, Scene)] = []
        for s in scenes(ofClass: className) {
            for seg in segues where seg.storyboard == s.storyboard && seg.sourceID == s.objectID {
                guard var d = scene(seg.storyboard, seg.destinationID) else { continue }
                if let target = resolveReference(d) { d = target }
                result.append((seg, d))
            }
        }
        return result
    }
}
