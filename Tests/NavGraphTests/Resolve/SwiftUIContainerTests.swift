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
    /// A flow driven by a link rather than `start()` is started by its builder; a node whose view depends
    /// on a flag shows either screen.
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
                welcome.profile.sink { [weak self] in self?.openProfile() }.store(in: &bag)
                rootHost.setRoot(welcome)
            }
            func view() -> AnyView { rootHost.view() }
            private var profileFlow: ProfileFlow?
            private func openProfile() {
                let flow = ProfileFlow(host: rootHost)
                profileFlow = flow
                flow.handle(.profile)
            }
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
            let profile = PassthroughSubject<Void, Never>()
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

        protocol LinkFlow: AnyObject {
            func start()
            func handle(_ link: AppLink)
        }
        enum AppLink { case profile }

        /// Started by the link its builder hands it, not by `start()`.
        final class ProfileFlow: LinkFlow {
            let host: StackHost
            init(host: StackHost) { self.host = host }
            func start() { handle(.profile) }
            func handle(_ link: AppLink) {
                switch link {
                case .profile: host.push(ProfileNode())
                }
            }
        }

        final class ProfileNode: FlowNode {
            func view() -> AnyView { AnyView(ProfileScreen()) }
        }
        struct ProfileScreen: View { var body: some View { Text("Profile") } }

        final class ResetNode: FlowNode {
            func view() -> AnyView { AnyView(ResetScreen()) }
        }

        final class HelpNode: FlowNode {
            var brief = true
            func view() -> AnyView {
                if brief {
                    AnyView(HelpScreen())
                } else {
                    AnyView(HelpTopicsScreen())
                }
            }
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
        struct HelpTopicsScreen: View { var body: some View { Text("Topics") } }
        """

    func testCoordinatorsHandedToAnAppNavigationStackAreShownWithTheirViews() throws {
        let report = try analyzeSources(["App.swift": Self.stackApp])
        let coordinators = report.graph.nodes.filter { $0.kind == .coordinator }
        XCTAssertEqual(coordinators.map(\.name), ["HelpNode", "MainFlow", "ProfileFlow", "ProfileNode", "ResetNode", "SignInFlow", "SignInFormNode", "WelcomeNode"])
        XCTAssertEqual(coordinators.map { $0.attributes?["recognised"] ?? "-" },
                       ["shows-screen", "starts-coordinator", "starts-coordinator", "shows-screen", "shows-screen", "starts-coordinator", "shows-screen", "shows-screen"])
        XCTAssertEqual(report.graph.nodes.filter { $0.attributes?["ui"] == "swiftui" }.map(\.name), ["HelpScreen", "HelpTopicsScreen", "ProfileScreen", "ResetScreen", "SignInScreen", "WelcomeScreen"])
        XCTAssertEqual(graphListing(report), """
            node app:GreenhouseApp reachable @App.swift:39
            node coordinator:HelpNode reachable @App.swift:139
            node coordinator:MainFlow reachable @App.swift:48
            node coordinator:ProfileFlow reachable @App.swift:119
            node coordinator:ProfileNode reachable @App.swift:130
            node coordinator:ResetNode reachable @App.swift:135
            node coordinator:SignInFlow reachable @App.swift:72
            node coordinator:SignInFormNode reachable @App.swift:103
            node coordinator:WelcomeNode reachable @App.swift:95
            node screen:HelpScreen reachable @App.swift:160
            node screen:HelpTopicsScreen reachable @App.swift:161
            node screen:ProfileScreen reachable @App.swift:133
            node screen:ResetScreen reachable @App.swift:159
            node screen:SignInScreen reachable @App.swift:154
            node screen:WelcomeScreen reachable @App.swift:150
            node route:AppLink.profile reachable @App.swift:116
            node route:MainFlow.start() reachable @App.swift:52
            node route:SignInFlow.start() reachable @App.swift:77
            edge app:GreenhouseApp -starts-> coordinator:MainFlow [start()] @App.swift:43
            edge coordinator:HelpNode -shows-> screen:HelpScreen [view] @App.swift:141
            edge coordinator:HelpNode -shows-> screen:HelpTopicsScreen [view] @App.swift:141
            edge coordinator:MainFlow -starts-> coordinator:ProfileFlow [handle(_:)] via MainFlow.start() @App.swift:63
            edge coordinator:MainFlow -starts-> coordinator:SignInFlow [start()] via MainFlow.start() @App.swift:68
            edge coordinator:MainFlow -starts-> coordinator:WelcomeNode [setRoot] via MainFlow.start() @App.swift:56
            edge coordinator:ProfileFlow -starts-> coordinator:ProfileNode [push] via AppLink.profile @App.swift:125
            edge coordinator:ProfileNode -shows-> screen:ProfileScreen [view] @App.swift:131
            edge coordinator:ResetNode -shows-> screen:ResetScreen [view] @App.swift:136
            edge coordinator:SignInFlow -presents-> coordinator:HelpNode [setSheet] via SignInFlow.start() @App.swift:92
            edge coordinator:SignInFlow -starts-> coordinator:ResetNode [push] via SignInFlow.start() @App.swift:90
            edge coordinator:SignInFlow -starts-> coordinator:SignInFormNode [setRoot] via SignInFlow.start() @App.swift:85
            edge coordinator:SignInFormNode -shows-> screen:SignInScreen [view] @App.swift:106
            edge coordinator:WelcomeNode -shows-> screen:WelcomeScreen [view] @App.swift:98
            edge route:AppLink.profile -route-> coordinator:ProfileNode [push] @App.swift:125
            edge route:MainFlow.start() -route-> coordinator:ProfileFlow [handle(_:)] @App.swift:63
            edge route:MainFlow.start() -route-> coordinator:SignInFlow [start()] @App.swift:68
            edge route:MainFlow.start() -route-> coordinator:WelcomeNode [setRoot] @App.swift:56
            edge route:SignInFlow.start() -route-> coordinator:HelpNode [setSheet] @App.swift:92
            edge route:SignInFlow.start() -route-> coordinator:ResetNode [push] @App.swift:90
            edge route:SignInFlow.start() -route-> coordinator:SignInFormNode [setRoot] @App.swift:85

            """)
    }
}
