import NavGraphKit
import NavGraphModel
import NavGraphPresent
import XCTest

/// SwiftUI-first apps: coordinators held by a navigation stack object the app writes itself, whose view
/// shows the view each coordinator gives (`NavigationContainers`).
final class SwiftUIContainerTests: XCTestCase {
    /// A stack object that stores the flows it is given (`setRoot`, `push`, `setSheet`) and starts them when
    /// stored; flows that build nodes and hand them to stacks; nodes that give a SwiftUI view; an `@main`
    /// app whose scene starts the main flow. `pop(to:)` takes a node but keeps none: no container method.
    static let stackApp = """
        import SwiftUI
        import Combine

        protocol FlowNode: AnyObject {
            func start()
            func view() -> AnyView
        }
        extension FlowNode {
            func start() {}
            func view() -> AnyView { AnyView(Text("none")) }
        }

        struct StackEntry {
            weak var node: (any FlowNode)?
            init(_ node: any FlowNode) { self.node = node }
        }

        @Observable final class StackHost: FlowNode {
            fileprivate var root: StackEntry? { didSet { root?.node?.start() } }
            fileprivate var pushed: [StackEntry] = []
            fileprivate var sheet: StackEntry?
            func setRoot(_ node: (any FlowNode)?) {
                guard let node else { root = nil; return }
                withAnimation { root = StackEntry(node) }
            }
            func push(_ node: any FlowNode, onPop: (() -> Void)? = nil) { pushed.append(StackEntry(node)) }
            func setSheet(_ node: (any FlowNode)?) { sheet = node.map(StackEntry.init) }
            func pop(to node: any FlowNode) { pushed.removeAll { $0.node === node } }
            func view() -> AnyView { AnyView(StackHostView(host: self)) }
        }

        struct StackHostView: View {
            let host: StackHost
            var body: some View {
                NavigationStack { host.root?.node?.view() }
            }
        }

        @main struct GreenhouseApp: App {
            private let main = MainFlow()
            var body: some Scene {
                WindowGroup {
                    main.view().task { main.start() }
                }
            }
        }

        final class MainFlow {
            let rootHost = StackHost()
            private var children: [AnyObject] = []
            private var bag = Set<AnyCancellable>()
            func start() {
                let welcome = WelcomeNode()
                welcome.signIn.sink { [weak self] in self?.startSignIn() }.store(in: &bag)
                rootHost.setRoot(welcome)
            }
            func view() -> AnyView { rootHost.view() }
            private func startSignIn() {
                let flow = SignInFlow(host: rootHost)
                children.append(flow)
                flow.start()
            }
        }

        final class SignInFlow {
            let host: StackHost
            let stack = StackHost()
            private var bag = Set<AnyCancellable>()
            init(host: StackHost) { self.host = host }
            func start() {
                let form = SignInFormNode()
                form.actions.sink { [weak self] action in
                    switch action {
                    case .forgot: self?.showReset()
                    case .help: self?.showHelp()
                    }
                }.store(in: &bag)
                stack.setRoot(form)
                host.setSheet(stack)
            }
            private func showReset() {
                let reset = ResetNode()
                stack.push(reset, onPop: { print("popped") })
            }
            private func showHelp() { host.setSheet(HelpNode()) }
        }

        final class WelcomeNode: FlowNode {
            let signIn = PassthroughSubject<Void, Never>()
            func view() -> AnyView { AnyView(WelcomeScreen(onSignIn: { [weak self] in self?.signIn.send(()) })) }
        }

        enum SignInAction { case forgot, help }

        final class SignInFormNode: FlowNode {
            private let subject = PassthroughSubject<SignInAction, Never>()
            var actions: AnyPublisher<SignInAction, Never> { subject.eraseToAnyPublisher() }
            func view() -> AnyView {
                AnyView(SignInScreen(onForgot: { [weak self] in self?.subject.send(.forgot) },
                                     onHelp: { [weak self] in self?.subject.send(.help) }))
            }
        }

        final class ResetNode: FlowNode {
            func view() -> AnyView { AnyView(ResetScreen()) }
        }

        final class HelpNode: FlowNode {
            func view() -> AnyView { AnyView(HelpScreen()) }
        }

        struct WelcomeScreen: View {
            let onSignIn: () -> Void
            var body: some View { Button("Sign in", action: onSignIn) }
        }
        struct SignInScreen: View {
            let onForgot: () -> Void
            let onHelp: () -> Void
            var body: some View { VStack { Button("Forgot", action: onForgot); Button("Help", action: onHelp) } }
        }
        struct ResetScreen: View { var body: some View { Text("Reset") } }
        struct HelpScreen: View { var body: some View { Text("Help") } }
        """

    func testCoordinatorsHandedToAnAppNavigationStackAreShownWithTheirViews() throws {
        let report = try analyzeSources(["App.swift": Self.stackApp])
        let coordinators = report.graph.nodes.filter { $0.kind == .coordinator }
        XCTAssertEqual(coordinators.map(\.name), ["HelpNode", "MainFlow", "ResetNode", "SignInFlow", "SignInFormNode", "WelcomeNode"])
        XCTAssertEqual(coordinators.map { $0.attributes?["recognised"] ?? "-" },
                       ["shows-screen", "starts-coordinator", "shows-screen", "starts-coordinator", "shows-screen", "shows-screen"])
        XCTAssertEqual(report.graph.nodes.filter { $0.attributes?["ui"] == "swiftui" }.map(\.name), ["HelpScreen", "ResetScreen", "SignInScreen", "WelcomeScreen"])
        XCTAssertEqual(graphListing(report), """
            node app:GreenhouseApp reachable @App.swift:39
            node coordinator:HelpNode reachable @App.swift:108
            node coordinator:MainFlow reachable @App.swift:48
            node coordinator:ResetNode reachable @App.swift:104
            node coordinator:SignInFlow reachable @App.swift:65
            node coordinator:SignInFormNode reachable @App.swift:95
            node coordinator:WelcomeNode reachable @App.swift:88
            node screen:HelpScreen reachable @App.swift:122
            node screen:ResetScreen reachable @App.swift:121
            node screen:SignInScreen reachable @App.swift:116
            node screen:WelcomeScreen reachable @App.swift:112
            node route:MainFlow.start() reachable @App.swift:52
            node route:SignInFlow.start() reachable @App.swift:70
            edge app:GreenhouseApp -starts-> coordinator:MainFlow [start()] @App.swift:43
            edge coordinator:HelpNode -shows-> screen:HelpScreen [view] @App.swift:109
            edge coordinator:MainFlow -starts-> coordinator:SignInFlow [start()] via MainFlow.start() @App.swift:61
            edge coordinator:MainFlow -starts-> coordinator:WelcomeNode [setRoot] via MainFlow.start() @App.swift:55
            edge coordinator:ResetNode -shows-> screen:ResetScreen [view] @App.swift:105
            edge coordinator:SignInFlow -presents-> coordinator:HelpNode [setSheet] via SignInFlow.start() @App.swift:85
            edge coordinator:SignInFlow -starts-> coordinator:ResetNode [push] via SignInFlow.start() @App.swift:83
            edge coordinator:SignInFlow -starts-> coordinator:SignInFormNode [setRoot] via SignInFlow.start() @App.swift:78
            edge coordinator:SignInFormNode -shows-> screen:SignInScreen [view] @App.swift:98
            edge coordinator:WelcomeNode -shows-> screen:WelcomeScreen [view] @App.swift:90
            edge route:MainFlow.start() -route-> coordinator:SignInFlow [start()] @App.swift:61
            edge route:MainFlow.start() -route-> coordinator:WelcomeNode [setRoot] @App.swift:55
            edge route:SignInFlow.start() -route-> coordinator:HelpNode [setSheet] @App.swift:85
            edge route:SignInFlow.start() -route-> coordinator:ResetNode [push] @App.swift:83
            edge route:SignInFlow.start() -route-> coordinator:SignInFormNode [setRoot] @App.swift:78

            """)
    }
}
