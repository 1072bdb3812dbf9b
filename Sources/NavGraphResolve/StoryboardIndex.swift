import NavGraphModel

/// Storyboard scenes: identifier → custom class, initial controllers, segues. Filled by the storyboard
/// reader; empty when the app has no storyboards.
public struct StoryboardIndex: Sendable {
    public struct Scene: Sendable, Hashable {
        public var storyboard: String
        public var identifier: String?
        public var customClass: String?
        public var isInitial: Bool
        public var location: SourceLocation
    }
    public var scenes: [Scene] = []
    public init(scenes: [Scene] = []) { self.scenes = scenes }

    public var initialScreens: Set<String> { Set(scenes.filter(\.isInitial).compactMap(\.customClass)) }

    public func screen(storyboard: String, identifier: String) -> String? {
        scenes.first { $0.storyboard == storyboard && $0.identifier == identifier }?.customClass
    }

    public func initial(storyboard: String) -> [String] {
        scenes.filter { $0.storyboard == storyboard && $0.isInitial }.compactMap(\.customClass)
    }
}
