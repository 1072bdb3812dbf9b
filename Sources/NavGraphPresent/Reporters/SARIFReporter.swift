import NavGraphModel

/// SARIF 2.1.0, as GitHub code scanning accepts it (`github/codeql-action/upload-sarif`).
public enum SARIFReporter: LintReporter {
    public static let id = "sarif"
    public static let summary = "SARIF 2.1.0 for GitHub code scanning and other SARIF viewers."

    struct Log: Encodable {
        var schema = "https://json.schemastore.org/sarif-2.1.0.json"
        var version = "2.1.0"
        var runs: [Run]
        enum CodingKeys: String, CodingKey { case schema = "$schema", version, runs }
    }
    struct Run: Encodable {
        var tool: Tool
        var results: [Result]
        var columnKind = "utf16CodeUnits"
    }
    struct Tool: Encodable { var driver: Driver }
    struct Driver: Encodable {
        var name = "navgraph"
        var version: String
        var semanticVersion: String
        var informationUri = "https://github.com/navgraph/navgraph"
        var rules: [ReportingDescriptor]
    }
    struct Message: Encodable { var text: String }
    struct ReportingDescriptor: Encodable {
        var id: String
        var name: String
        var shortDescription: Message
        var fullDescription: Message
        var help: Message
        var defaultConfiguration: Configuration
    }
    struct Configuration: Encodable { var level: String }
    struct Result: Encodable {
        var ruleId: String
        var ruleIndex: Int
        var level: String
        var message: Message
        var locations: [Location]
        var partialFingerprints: [String: String]
    }
    struct Location: Encodable { var physicalLocation: PhysicalLocation }
    struct PhysicalLocation: Encodable {
        var artifactLocation: ArtifactLocation
        var region: Region
    }
    struct ArtifactLocation: Encodable { var uri: String }
    struct Region: Encodable { var startLine: Int }

    static func level(_ s: Severity) -> String {
        switch s {
        case .error: return "error"
        case .warning: return "warning"
        case .note: return "note"
        }
    }

    /// Percent-encodes what a URI reference may not contain raw (spaces, `%`, `#`, `?`, non-ASCII).
    static func uri(_ path: String) -> String {
        var out = ""
        for byte in path.utf8 {
            let c = Character(UnicodeScalar(byte))
            if byte < 0x80, c.isLetter || c.isNumber || "-._~/!$&'()*+,;=:@".contains(c) { out.append(c) }
            else { out += String(format: "%%%02X", byte) }
        }
        return out
    }

    public static func render(_ report: LintReport, colors: Bool) -> String {
        let rules = report.rules.map { r in
            ReportingDescriptor(id: r.id, name: r.name.replacingOccurrences(of: " ", with: ""), shortDescription: Message(text: r.name),
                                fullDescription: Message(text: r.summary), help: Message(text: r.howToFix),
                                defaultConfiguration: Configuration(level: level(r.defaultSeverity)))
        }
        let index = Dictionary(uniqueKeysWithValues: report.rules.enumerated().map { ($1.id, $0) })
        let results = report.findings.map { f in
            Result(ruleId: f.rule, ruleIndex: index[f.rule] ?? 0, level: level(f.severity), message: Message(text: f.message),
                   locations: [Location(physicalLocation: PhysicalLocation(artifactLocation: ArtifactLocation(uri: uri(report.path(f))),
                                                                           region: Region(startLine: max(1, f.line))))],
                   partialFingerprints: ["navgraphFinding/v1": "\(f.rule)|\(f.file)|\(f.symbol)"])
        }
        let driver = Driver(version: report.toolVersion, semanticVersion: report.toolVersion, rules: rules)
        return encodeJSON(Log(runs: [Run(tool: Tool(driver: driver), results: results)]))
    }
}
