import Foundation
import NavGraphExtract
import NavGraphKnowledge

/// The general layer under the families: which app types are coordinators, judged by what their code does
/// rather than by a name or a library protocol. A type is a coordinator when its code (its own, its
/// superclasses' or its protocol extensions') builds an app screen and navigates (pushes, presents, sets
/// a root or a container's screens, directly or through an app helper that does), or builds another
/// coordinator and starts one. Families refine what this finds; an app that matches none still gets its
/// coordinators.
struct CoordinatorRecognition {
    let index: TypeIndex
    let queries: ProgramQueries
    let screens: Set<String>
    /// Types that are never coordinators whatever their code does: entry points, screens.
    let excluded: Set<String>
    /// SwiftUI-first containers: calling a container method shows a coordinator; a presentable method
    /// that builds a view shows that screen.
    var containers = NavigationContainers()

    /// Why each recognised type is a coordinator (`Evidence.rawValue` is what the JSON says).
    enum Evidence: String {
        case showsScreen = "shows-screen"
        case startsCoordinator = "starts-coordinator"
        case sharesBase = "shares-base"
    }

    /// The coordinators found, with the evidence for each; `known` are the families' coordinators, which
    /// count as coordinators another type may build and start.
    func recognise(known: Set<String>) -> [String: Evidence] {
        let reading = CodeReading(index: index, screens: screens, containers: containers)
        var found: [String: Evidence] = [:]
        var candidates: [(name: String, facts: CodeReading.Reading)] = []
        var inheritedReadings: [String: CodeReading.Reading] = [:]
        for t in index.types.values where isCandidate(t) {
            let facts = bodyFacts(of: t.name, reading, &inheritedReadings)
            candidates.append((t.name, facts))
        }
        candidates.sort { $0.name < $1.name }
        if ProcessInfo.processInfo.environment["NAVGRAPH_TRACE_RECOGNITION"] != nil {
            for c in candidates where c.facts.navigates || c.facts.buildsScreen || c.facts.callsStart {
                FileHandle.standardError.write(Data("recognition: \(c.name) navigates \(c.facts.navigates) builds-screen \(c.facts.buildsScreen) starts \(c.facts.callsStart)\n".utf8))
            }
        }
        // A type that lives only for one call of the code that builds it is that code's helper: what it
        // shows, its builder shows. Those some code keeps, hands on or starts (or that no app code builds:
        // a container makes them) are coordinators.
        let kept = reading.handedOver(Set(candidates.map(\.name)))
        let built = queries.initializerCalls
        candidates.removeAll { !kept.contains($0.name) && built.contains(TypeIndex.simpleName($0.name)) }
        for c in candidates where c.facts.navigates && c.facts.buildsScreen { found[c.name] = .showsScreen }
        // Building and starting coordinators: a fixpoint, since a parent is recognised by its children.
        var changed = true
        while changed {
            changed = false
            let coordinators = known.union(found.keys)
            for c in candidates where found[c.name] == nil && c.facts.callsStart
                && !c.facts.built.isDisjoint(with: coordinators) {
                found[c.name] = .startsCoordinator
                changed = true
            }
        }
        // An app protocol or base class most of whose adopters are coordinators is the app's coordinator
        // protocol or base (an empty `protocol Coordinator {}`): its other adopters are coordinators that
        // navigate through others (a flow that asks the app coordinator to show a chat, a window flow that
        // starts the child a closure makes).
        let names = Set(candidates.map(\.name))
        let coordinators = known.union(found.keys)
        // Each base's adopters among the candidates and known coordinators, found from the adopters' side.
        // WHY: every app class's conformers, asked of each, were quadratic in a deep class hierarchy.
        var adoptersOf: [String: [String]] = [:]
        for a in names.union(known) {
            guard let info = index[a], info.isDeclared, info.kind != .protocol else { continue }
            for s in nearSupertypes(a) where s != a {
                if let base = index[s], base.origin == .app, base.kind == .protocol || base.kind == .class { adoptersOf[s, default: []].append(a) }
            }
        }
        for adopters in adoptersOf.values {
            let recognised = adopters.filter(coordinators.contains)
            guard recognised.count >= 2, recognised.count * 2 > adopters.count else { continue }
            for a in adopters.sorted() where found[a] == nil && !known.contains(a) { found[a] = .sharesBase }
        }
        return found
    }

    /// App classes, structs and actors that are no responder (screens, views and delegates are), no
    /// SwiftUI view, and no representable's helper (`makeCoordinator()`'s type). A navigation controller
    /// subclass is one too: one that builds the screens it stacks runs a flow of its own (a "coordinating
    /// controller" presented as a whole), whose screens' closures it handles.
    private func isCandidate(_ t: TypeInfo) -> Bool {
        guard t.origin == .app, t.isDeclared, t.kind == .class || t.kind == .struct || t.kind == .actor,
              !excluded.contains(t.name), !screens.contains(t.name),
              !index.isSubtype(t.name, of: UIKitType.responder.name) || index.isSubtype(t.name, of: UIKitType.navigationController.name)
        else { return false }
        // Memoised per type: asked of every type, a walk of each one's supertypes is quadratic in a deep hierarchy.
        if index.supertypeContains(t.name, memoKey: "SwiftUI views", where: { SwiftUIName.viewProtocols.names.contains(TypeIndex.simpleName($0)) }) {
            return false
        }
        if let dot = t.name.lastIndex(of: ".") {
            let outer = String(t.name[..<dot])
            if index.supertypeContains(outer, memoKey: "SwiftUI representables", where: { SwiftUIName.representables.names.contains(TypeIndex.simpleName($0)) }) {
                return false
            }
        }
        return true
    }

    /// The supertypes a shared base is looked for among: all of them, or the nearest
    /// `TypeIndex.cachedChainLength` in a deeper hierarchy. WHY: listing every supertype of every type is
    /// quadratic in a deep hierarchy (5,000 helper classes took 93 s), and no app's coordinator protocol
    /// sits that far up.
    private func nearSupertypes(_ type: String) -> [String] {
        if let all = index.shortSupertypes(type) { return all }
        var result: [String] = [], seen: Set<String> = [type], frontier = [type]
        while !frontier.isEmpty, result.count < TypeIndex.cachedChainLength {
            var next: [String] = []
            for n in frontier {
                for s in index.directSupertypes(n) where seen.insert(s).inserted { result.append(s); next.append(s) }
            }
            frontier = next
        }
        return result
    }

    /// What a type's code does, over its own bodies and those of the app types it inherits code from:
    /// its own reading joined with each direct supertype's, each type read once (`inheritedReadings`).
    /// WHY: reading every supertype's bodies again for each type was quadratic in a deep hierarchy.
    private func bodyFacts(of type: String, _ reading: CodeReading, _ inheritedReadings: inout [String: CodeReading.Reading]) -> CodeReading.Reading {
        var facts = inheritedReading(of: type, reading, &inheritedReadings)
        // The view its presentable method gives is the screen its container shows.
        if containers.views[type] != nil { facts.navigates = true; facts.buildsScreen = true }
        return facts
    }

    /// The joined reading of a type's own app bodies and all its supertypes', memoised; iterative, so a
    /// deep hierarchy needs no deep recursion. A type met again while its reading is open (a cycle, which
    /// the compiler rejects) adds nothing. Only what recognition uses is kept (no callees).
    private func inheritedReading(of type: String, _ reading: CodeReading, _ inheritedReadings: inout [String: CodeReading.Reading]) -> CodeReading.Reading {
        if let known = inheritedReadings[type] { return known }
        var open: Set<String> = [type]
        var stack: [(name: String, expanded: Bool)] = [(type, false)]
        while let (name, expanded) = stack.popLast() {
            let parents = index.directSupertypes(name)
            if !expanded {
                stack.append((name, true))
                for p in parents where inheritedReadings[p] == nil && open.insert(p).inserted { stack.append((p, false)) }
                continue
            }
            var facts = CodeReading.Reading()
            if let info = index[name], info.origin == .app {
                for body in CodeReading.bodies(of: info) { facts.merge(reading.read(body, owner: name)) }
            }
            for p in parents { if let inherited = inheritedReadings[p] { facts.merge(inherited) } }
            facts.callees = []
            inheritedReadings[name] = facts
        }
        return inheritedReadings[type] ?? CodeReading.Reading()
    }
}
