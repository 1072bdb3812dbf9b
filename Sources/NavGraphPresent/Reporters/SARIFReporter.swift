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
        var originalUriBaseIds: [String: BaseLocation]
        var results: [Result]
        var columnKind = "utf16CodeUnits"
    }
    /// `%SRCROOT%`: the repository root as a `file://` URI ending in `/`, when known.
    struct BaseLocation: Encodable {
        var uri: String?
        var description: Message
    }
    static let baseID = "%SRCROOT%"
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
        var helpUri: String?
        var defaultConfiguration: Configuration
    }
    struct Configuration: Encodable { var level: String }
    struct Result: Encodable {
        var ruleId: String
        var ruleIndex: Int
        var level: String
        var message: Message
        /// Empty for a finding without a location (`no-root`).
        var locations: [Location]
        var partialFingerprints: [String: String]
    }
    struct Location: Encodable { var physicalLocation: PhysicalLocation }
    struct PhysicalLocation: Encodable {
        var artifactLocation: ArtifactLocation
        var region: Region
    }
    /// A relative `uri` carries `uriBaseId`; an absolute `file://` one (outside the repository) does not.
    struct ArtifactLocation: Encodable { var uri: String; var uriBaseId: String? }
    struct Region: Encodable { var startLine: Int }

    static func level(_ s: Severity) -> String {
        switch s {
        case .error: return "error"
        case .warning: return "warning"
        case .note: return "note"
        }
    }

    /// `navgraphFinding/v1` keys on rule, file and symbol (stable across edits, shared by two occurrences);
    /// `navgraphLine/v1`, when the line could be read, adds a hash of its normalised text, so code scanning
    /// tells the occurrences apart and still follows one that moved, as the baseline does.
    static func fingerprints(_ f: Finding, text: String?) -> [String: String] {
        var result = ["navgraphFinding/v1": "\(f.rule)|\(f.file)|\(f.symbol)"]
        if let text {
            // FNV-1a: stable across runs and platforms, unlike Swift's seeded Hasher.
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in "\(f.rule)|\(f.file)|\(f.symbol)|\(text)".utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            result["navgraphLine/v1"] = String(hash, radix: 16).leftPadded(to: 16)
        }
        return result
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

    /// A finding's file: relative to the repository root (`%SRCROOT%`) when under it, else an absolute
    /// `file://` URI; relative to `%SRCROOT%` as `report.path` gives it when the report has no absolute root.
    static func artifact(_ f: Finding, in report: LintReport) -> ArtifactLocation {
        guard let absoluteRoot = report.absoluteRoot else { return ArtifactLocation(uri: uri(report.path(f)), uriBaseId: baseID) }
        var root = absoluteRoot
        while root.hasSuffix("/") && root.count > 1 { root.removeLast() }
        let absolute = root + "/" + f.file
        if let source = report.sourceRoot {
            let prefix = source.hasSuffix("/") ? source : source + "/"
            if absolute.hasPrefix(prefix) { return ArtifactLocation(uri: uri(String(absolute.dropFirst(prefix.count))), uriBaseId: baseID) }
        }
        return ArtifactLocation(uri: "file://" + uri(absolute), uriBaseId: nil)
    }

    public static func render(_ report: LintReport, colors: Bool) -> String {
        let rules = report.rules.map { r in
            ReportingDescriptor(id: r.id, name: r.upperCamelName, shortDescription: Message(text: r.name),
                                fullDescription: Message(text: r.summary), help: Message(text: r.howToFix), helpUri: r.helpURI,
                                defaultConfiguration: Configuration(level: level(r.defaultSeverity)))
        }
        let index = Dictionary(uniqueKeysWithValues: report.rules.enumerated().map { ($1.id, $0) })
        let results = report.findings.map { f in
            Result(ruleId: f.rule, ruleIndex: index[f.rule] ?? 0, level: level(f.severity), message: Message(text: f.message),
                   locations: f.file.isEmpty ? [] : [Location(physicalLocation: PhysicalLocation(artifactLocation: artifact(f, in: report),
                                                                                                  region: Region(startLine: max(1, f.line))))],
                   partialFingerprints: fingerprints(f, text: report.lineTexts[f]))
        }
        let driver = Driver(version: report.toolVersion, semanticVersion: report.toolVersion, rules: rules)
        let base = report.sourceRoot.map { root in "file://" + uri(root.hasSuffix("/") ? root : root + "/") }
        let bases = [baseID: BaseLocation(uri: base, description: Message(text: "The repository root (the folder holding .git, else the analyzed folder)."))]
        return encodeJSON(Log(runs: [Run(tool: Tool(driver: driver), originalUriBaseIds: bases, results: results)]))
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { count >= width ? self : String(repeating: "0", count: width - count) + self }
}
