import NavGraphModel

/// A small app used as a rule example: files by relative path. In triggering examples, `↓` marks
/// the start of each line where a finding is expected (the marker is removed before analysis); a line
/// holding only `↓` (removed too) expects a finding without a location.
public struct RuleExample: Sendable {
    public var files: [String: String]
    public var file: String
    public var line: Int

    public init(_ files: [String: String], file: String = #filePath, line: Int = #line) {
        self.files = files
        self.file = file
        self.line = line
    }

    public init(_ source: String, file: String = #filePath, line: Int = #line) {
        self.init(["App.swift": source], file: file, line: line)
    }
}

public extension RuleExample {
    /// The hackingwithswift-style coordinator protocol most examples build on.
    static let coordinatorProtocol = "protocol Coordinator: AnyObject { var childCoordinators: [Coordinator] { get set }; var navigationController: UINavigationController { get set }; func start() }"
}

/// Everything `navgraph rules` prints and the README table shows; examples double as tests.
public struct RuleDescription: Sendable {
    public var id: String
    public var name: String
    public var summary: String
    public var rationale: String
    public var howToFix: String
    public var defaultSeverity: Severity
    public var triggering: [RuleExample]
    public var nonTriggering: [RuleExample]
    /// Its finding says that something is missing (no path reaches it, nothing handles or sends it), which
    /// holds only when resolution followed the whole program: it does not run on a partial graph.
    public var needsWholeGraph: Bool

    public init(id: String, name: String, summary: String, rationale: String, howToFix: String,
                defaultSeverity: Severity = .warning, needsWholeGraph: Bool = false,
                triggering: [RuleExample] = [], nonTriggering: [RuleExample] = []) {
        self.needsWholeGraph = needsWholeGraph
        self.id = id
        self.name = name
        self.summary = summary
        self.rationale = rationale
        self.howToFix = howToFix
        self.defaultSeverity = defaultSeverity
        self.triggering = triggering
        self.nonTriggering = nonTriggering
    }
}

public extension RuleDescription {
    /// The one base URL of the rules' documentation: the README, where each rule's row has the anchor
    /// `rule-ID` (SARIF's `helpUri`).
    static let documentationBase = "https://github.com/navgraph/navgraph/blob/main/README.md"

    var helpURI: String { "\(Self.documentationBase)#rule-\(id)" }
}

/// What a rule sees: the graph (with its recorded action paths).
public struct CheckContext: Sendable {
    public var graph: NavGraph
    public init(graph: NavGraph) { self.graph = graph }
}

public protocol Rule: Sendable {
    static var description: RuleDescription { get }
    init()
    /// Findings at the rule's default severity; configuration adjusts severity afterwards.
    func check(_ context: CheckContext) -> [Finding]
}

public extension Rule {
    func finding(_ symbol: String, _ message: String, at location: SourceLocation) -> Finding {
        Finding(rule: Self.description.id, severity: Self.description.defaultSeverity, symbol: symbol, message: message, location: location)
    }

    /// A finding that says what it claims and why: the message is "`claim` because `because`", and the
    /// JSON carries the same evidence with what was searched and the chain.
    func finding(_ symbol: String, _ claim: String, because: String, searched: [String] = [], chain: [String] = [],
                 at location: SourceLocation) -> Finding {
        Finding(rule: Self.description.id, severity: Self.description.defaultSeverity, symbol: symbol,
                message: "\(claim) because \(because)", location: location,
                evidence: Evidence(because: because, searched: searched, chain: chain))
    }
}

/// Every rule navgraph has. Adding a rule is adding a file in Rules/ and one line here.
public enum RuleRegistry {
    public static let all: [any Rule.Type] = [
        DeadRouteRule.self,
        UnreachableScreenRule.self,
        UnreachableCoordinatorRule.self,
        UnhandledActionRule.self,
        UnusedActionRule.self,
        OrphanHandlerRule.self,
        NoRootRule.self,
        ChildNeverRemovedRule.self,
        UnusedSuppressionRule.self,
        AmbiguousTypeRule.self,
    ]

    public static func rule(_ id: String) -> (any Rule.Type)? { all.first { $0.description.id == id } }

    /// The README's rules table; a test keeps the README in step with the descriptions.
    public static var markdownTable: String {
        var out = "| rule | default | what it finds | how to fix |\n|---|---|---|---|\n"
        for r in all {
            let d = r.description
            out += "| <a id=\"rule-\(d.id)\"></a>`\(d.id)` | \(d.defaultSeverity.rawValue) | \(d.summary) | \(d.howToFix) |\n"
        }
        return out
    }

    /// Runs the given rules and returns their findings, sorted and without duplicates.
    /// `wholeGraph`: false when resolution stopped before following the whole program; the rules that
    /// need the whole graph do not run then.
    public static func check(_ graph: NavGraph, rules: [any Rule.Type] = all, wholeGraph: Bool = true) -> [Finding] {
        let rules = wholeGraph ? rules : rules.filter { !$0.description.needsWholeGraph }
        let context = CheckContext(graph: graph)
        // Rules only read the graph: a big one is checked on two threads (results keep the rules' order).
        let found = graph.nodes.count + graph.edges.count + graph.paths.count > NavGraph.parallelSize
            ? LargeStack.map(rules.count, threads: 2) { rules[$0].init().check(context) }
            : rules.map { $0.init().check(context) }
        let findings = Set(found.joined())
        return findings.sorted(by: Finding.order)
    }
}
