import NavGraphExtract
import NavGraphModel

/// Extra semantics a family adapter of this module can give the interpreter where it needs the
/// interpreter's frames (internal types, so these are not part of the public `FamilyAdapter`).
/// An adapter opts in by conforming; every hook defaults to "no opinion" (nil).
///
/// Used by libraries whose run-time behaviour type-level values cannot express: the coordinatingResponder
/// chain (F1) depends on which coordinator showed a screen, and events (F1b) stop at the first coordinator
/// whose `interceptEvent` returns true.
protocol InterpreterHooks: AnyObject {
    /// A `__navgraph_<name>(…)` intrinsic of the adapter's library knowledge that the interpreter does not define.
    func intrinsic(_ name: String, _ args: [Argument], _ f: inout Frame, line: Int, in interp: Interpreter) -> Values?

    /// A call of `call.name` on `call.receivers` (`self` calls, implicit or explicit, included).
    /// Returning non-nil replaces normal dispatch and the generic screen-send detection.
    func intercept(_ call: MessageCall, _ f: inout Frame, in interp: Interpreter) -> Values?

    /// Reading `type.name` (`explicitBase`: written `x.name` with `x` not `self`). Return non-nil for library
    /// state that lives outside type-level values (associated objects, view hierarchies).
    func read(_ name: String, on type: String, explicitBase: Bool, _ f: Frame, in interp: Interpreter) -> Values?
}

extension InterpreterHooks {
    func intrinsic(_ name: String, _ args: [Argument], _ f: inout Frame, line: Int, in interp: Interpreter) -> Values? { nil }
    func intercept(_ call: MessageCall, _ f: inout Frame, in interp: Interpreter) -> Values? { nil }
    func read(_ name: String, on type: String, explicitBase: Bool, _ f: Frame, in interp: Interpreter) -> Values? { nil }
}

/// A call as `InterpreterHooks.intercept` sees it: arguments not yet evaluated, receivers evaluated.
struct MessageCall {
    var name: String
    var labels: [String?]
    var arguments: [Argument]
    var receivers: Values
    var line: Int
    /// `m()`, `self.m()` or `self?.m()`.
    var isSelfCall: Bool

    var selector: String { FunctionDecl.selector(name, labels) }
}
