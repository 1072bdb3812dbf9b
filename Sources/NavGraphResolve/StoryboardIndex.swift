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

    public var scenes: [Scene] = [] { didSet { tables = Tables(scenes, segues) } }
    public var segues: [Segue] = [] { didSet { tables = Tables(scenes, segues) } }
    /// Lookups by key, made whenever the scenes or segues change (the reader sets them once). WHY: each
    /// query scanned every scene and segue, and each segue's destination scanned the scenes again, so a
    /// storyboard of 20,000 segues cost hundreds of millions of comparisons.
    private var tables = Tables([], [])

    public init(scenes: [Scene] = [], segues: [Segue] = []) {
        self.scenes = scenes
        self.segues = segues
        tables = Tables(scenes, segues)
    }

    /// Work done by the lookups: entries indexed plus entries returned (`LinearCostTests` count it).
    public var lookupSteps: Int { tables.steps.count }

    /// A scene's storyboard and a name in it (object id or storyboard identifier).
    struct Key: Hashable, Sendable {
        var storyboard: String
        var name: String
    }

    final class Counter: @unchecked Sendable { var count = 0 }

    final class Tables: Sendable {
        /// Positions in `scenes` and `segues`, in order; the first is what a scan found first.
        let byObjectID: [Key: Int]
        let byIdentifier: [Key: Int]
        /// By identifier, storyboard references left out (a reference is not the scene it names).
        let declaredByIdentifier: [Key: Int]
        let initialByStoryboard: [String: [Int]]
        let initial: [Int]
        let byClass: [String: [Int]]
        let seguesBySource: [Key: [Int]]
        let steps = Counter()

        init(_ scenes: [Scene], _ segues: [Segue]) {
            var byObjectID: [Key: Int] = [:], byIdentifier: [Key: Int] = [:], declared: [Key: Int] = [:]
            var initialByStoryboard: [String: [Int]] = [:], initial: [Int] = [], byClass: [String: [Int]] = [:]
            for (i, s) in scenes.enumerated() {
                if byObjectID[Key(storyboard: s.storyboard, name: s.objectID)] == nil { byObjectID[Key(storyboard: s.storyboard, name: s.objectID)] = i }
                if let id = s.identifier {
                    let k = Key(storyboard: s.storyboard, name: id)
                    if byIdentifier[k] == nil { byIdentifier[k] = i }
                    if s.referencedStoryboard == nil, declared[k] == nil { declared[k] = i }
                }
                if s.isInitial { initialByStoryboard[s.storyboard, default: []].append(i); initial.append(i) }
                if let c = s.customClass { byClass[c, default: []].append(i) }
            }
            var bySource: [Key: [Int]] = [:]
            for (i, seg) in segues.enumerated() { bySource[Key(storyboard: seg.storyboard, name: seg.sourceID), default: []].append(i) }
            self.byObjectID = byObjectID
            self.byIdentifier = byIdentifier
            self.declaredByIdentifier = declared
            self.initialByStoryboard = initialByStoryboard
            self.initial = initial
            self.byClass = byClass
            self.seguesBySource = bySource
            steps.count = scenes.count + segues.count
        }

        func count(_ n: Int) { steps.count += n }
    }

    /// Screens shown when a storyboard starts: initial controllers and what they contain.
    public var initialScreens: Set<String> {
        Set(tables.initial.flatMap { contents(of: scenes[$0]) })
    }

    public func screen(storyboard: String, identifier: String) -> String? {
        tables.count(1)
        return tables.byIdentifier[Key(storyboard: storyboard, name: identifier)].map { scenes[$0] }?.customClass
    }

    /// The class of the scene with this identifier and the classes it contains (a navigation controller's root).
    public func instantiate(storyboard: String, identifier: String) -> [String] {
        tables.count(1)
        guard let i = tables.byIdentifier[Key(storyboard: storyboard, name: identifier)] else { return [] }
        return contents(of: scenes[i])
    }

    public func initial(storyboard: String) -> [String] {
        (tables.initialByStoryboard[storyboard] ?? []).flatMap { contents(of: scenes[$0]) }
    }

    /// A scene's class followed by the classes its `relationship` segues contain (root view controller,
    /// tabs), transitively; storyboard references are followed to the scene they name.
    public func contents(of scene: Scene) -> [String] {
        var result: [String] = []
        var seen = Set<Key>()
        // A stack, not recursion: a chain of 20,000 relationship segues is as deep.
        var pending = [scene]
        while let s = pending.popLast() {
            tables.count(1)
            guard seen.insert(Key(storyboard: s.storyboard, name: s.objectID)).inserted else { continue }
            if let target = resolveReference(s) { pending.append(target); continue }
            result.append(s.className)
            var inside: [Scene] = []
            for i in tables.seguesBySource[Key(storyboard: s.storyboard, name: s.objectID)] ?? [] where segues[i].kind == "relationship" {
                if let d = self.scene(s.storyboard, segues[i].destinationID) { inside.append(d) }
            }
            // Walked in segue order, depth first, as the recursion did.
            pending.append(contentsOf: inside.reversed())
        }
        return result
    }

    public func scene(_ storyboard: String, _ objectID: String) -> Scene? {
        tables.count(1)
        return tables.byObjectID[Key(storyboard: storyboard, name: objectID)].map { scenes[$0] }
    }

    /// The scene a storyboard reference stands for (its identifier, else the other storyboard's initial scene).
    public func resolveReference(_ s: Scene) -> Scene? {
        guard s.referencedStoryboard != nil || s.referencedIdentifier != nil else { return nil }
        let board = s.referencedStoryboard ?? s.storyboard
        tables.count(1)
        if let id = s.referencedIdentifier {
            return tables.declaredByIdentifier[Key(storyboard: board, name: id)].map { scenes[$0] }
        }
        return tables.initialByStoryboard[board]?.first.map { scenes[$0] }
    }

    /// Scenes whose controller is `className` (a class may appear in several storyboards).
    public func scenes(ofClass className: String) -> [Scene] {
        (tables.byClass[className] ?? []).map { scenes[$0] }
    }

    /// Segues leaving the scenes of `className`; `manual` selects those run only by `performSegue`.
    public func segues(from className: String) -> [(segue: Segue, destination: Scene)] {
        var result: [(Segue, Scene)] = []
        for s in scenes(ofClass: className) {
            for i in tables.seguesBySource[Key(storyboard: s.storyboard, name: s.objectID)] ?? [] {
                let seg = segues[i]
                guard var d = scene(seg.storyboard, seg.destinationID) else { continue }
                if let target = resolveReference(d) { d = target }
                result.append((seg, d))
            }
        }
        return result
    }
}
