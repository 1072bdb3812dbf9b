/// How an edge is made, as the graph's `mechanism` spells it. The resolver names mechanisms through these
/// constants; UIKit's and the libraries' declarations pass the same spellings to their intrinsics
/// (`__navgraph_show(vc, "window-root")`), and the writers print them as they are. A method's own name
/// (`pushViewController`, `childDidFinish`) is a mechanism too, and has no constant.
public enum Mechanism: String, Sendable {
    case show, present, push, root, back
    /// `window.rootViewController = …`.
    case windowRoot = "window-root"
    /// A tab of a tab bar.
    case tab
    /// A storyboard segue wired to a control, and one run by `performSegue`.
    case segue, performSegue
    /// A route leading to another: by calling its method, or by a switch over a route enum.
    case call
    case switchArm = "switch"
    /// A child finishing by calling a closure its parent gave it.
    case closure
    /// A coordinator with no start method, built by another: building it is what starts it.
    case build
    /// A coordinator a call navgraph cannot follow hands over (a dependency container's `resolve()`).
    case container
    /// A finish no code states, implied by a library's contract (F3's navigation-controller delegate).
    case implicit
    /// The SwiftUI view a coordinator's presentable method gives its container to show.
    case view

    public var name: String { rawValue }
}
