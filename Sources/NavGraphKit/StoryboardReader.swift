import Foundation
import NavGraphDiscovery
import NavGraphModel
import NavGraphResolve

/// Storyboard support arrives with the F2–F6 families; until then storyboards are listed but not read.
enum StoryboardReader {
    static func read(_ files: [SourceFile], diagnostics: inout [Diagnostic]) -> StoryboardIndex {
        StoryboardIndex()
    }
}
