import Foundation
import NavGraphCheck
import NavGraphDiscovery
import NavGraphModel
import NavGraphPresent
import Yams

/// `.navgraph.yml`: what to analyze, what the app's own base types mean, and how rules behave.
/// Flags given on the command line add to (or override) what the file says.
public struct Configuration: Sendable, Equatable {
    public var included: [String] = []
    public var excluded: [String] = []
    public var includeTests = false
    /// Types that are entry points, in addition to app/scene delegates and `@main` types.
    public var roots: [String] = []
    /// Extra base classes or protocols whose subtypes are coordinators, screens or routers in this app.
    public var coordinatorTypes: [String] = []
    public var screenTypes: [String] = []
    public var routerTypes: [String] = []
    public var disabledRules: [String] = []
    public var rules: [String: RuleSettings] = [:]
    /// `lint`: the baseline file, resolved against the configuration file's folder (`--baseline` wins).
    public var baseline: String?
    /// `lint`: fail on warnings too (`--strict` / `--no-strict` win).
    public var strict: Bool?
    /// `lint`: reporters as `--reporter` takes them (`ID` or `ID:FILE`, FILE resolved against the
    /// configuration file's folder); any `--reporter` replaces the whole list.
    public var reporters: [String] = []
    /// The file this came from, if any.
    public var file: String?

    public struct RuleSettings: Sendable, Equatable {
        public var severity: Severity?
        /// Symbols (or `*` globs over symbols) the rule ignores.
        public var ignore: [String] = []
    }

    public init() {}

    public static let fileName = ".navgraph.yml"

    /// A path written in the configuration file, relative to that file's folder.
    public func resolve(_ path: String) -> String {
        guard let file, !path.hasPrefix("/") else { return path }
        let dir = (file as NSString).deletingLastPathComponent
        return dir.isEmpty ? path : (dir as NSString).appendingPathComponent(path)
    }

    /// Looks for `.navgraph.yml` in `path` (or its folder, for a file) and then up its parents.
    public static func find(from path: String) -> String? {
        var url = URL(fileURLWithPath: path).standardizedFileURL
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDir), !isDir.boolValue { url.deleteLastPathComponent() }
        while true {
            let candidate = url.appendingPathComponent(fileName).path
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
            if url.path == "/" || url.path.isEmpty { return nil }
            url.deleteLastPathComponent()
        }
    }
}

public struct ConfigurationError: Error, CustomStringConvertible {
    public var file: String
    public var line: Int?
    public var message: String
    public var description: String { "\(file)\(line.map { ":\($0)" } ?? ""): error: \(message)" }
}

/// Reads the YAML with line numbers, so an unknown key or a wrong type names the key and its line.
public enum ConfigurationLoader {
    static let topLevelKeys = ["included", "excluded", "include_tests", "roots", "coordinator_types", "screen_types",
                               "router_types", "disabled_rules", "rules", "baseline", "strict", "reporters"]
    static let ruleKeys = ["severity", "ignore"]

    public static func load(_ path: String) throws -> Configuration {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw ConfigurationError(file: path, line: nil, message: "cannot read the configuration file")
        }
        return try parse(text, file: path)
    }

    public static func parse(_ text: String, file: String) throws -> Configuration {
        let root: Yams.Node?
        do { root = try Yams.compose(yaml: text) } catch let e as YamlError {
            throw ConfigurationError(file: file, line: line(of: e), message: "not valid YAML: \(problem(of: e))")
        }
        var config = Configuration()
        config.file = file
        guard let root else { return config }
        guard let mapping = root.mapping else {
            throw ConfigurationError(file: file, line: root.mark?.line, message: "the configuration must be a mapping of keys to values")
        }
        for (keyNode, value) in mapping {
            let key = keyNode.string ?? ""
            let at = keyNode.mark?.line
            func strings() throws -> [String] {
                if let s = value.scalar?.string, value.scalar != nil, !s.isEmpty { return [s] }
                guard let seq = value.sequence else {
                    throw ConfigurationError(file: file, line: at, message: "'\(key)' must be a list of strings")
                }
                return try seq.map { item in
                    guard let s = item.scalar?.string else {
                        throw ConfigurationError(file: file, line: item.mark?.line ?? at, message: "'\(key)' must be a list of strings")
                    }
                    return s
                }
            }
            switch key {
            case "included", "excluded":
                let patterns = try strings()
                if let long = patterns.first(where: { $0.utf8.count > Glob.maxLength }) {
                    throw ConfigurationError(file: file, line: at, message: "a pattern in '\(key)' is \(long.utf8.count) bytes long; no path is longer than \(Glob.maxLength)")
                }
                if key == "included" { config.included = patterns } else { config.excluded = patterns }
            case "roots": config.roots = try strings()
            case "coordinator_types": config.coordinatorTypes = try strings()
            case "screen_types": config.screenTypes = try strings()
            case "router_types": config.routerTypes = try strings()
            case "disabled_rules":
                config.disabledRules = try strings()
                for id in config.disabledRules where RuleRegistry.rule(id) == nil {
                    throw ConfigurationError(file: file, line: at, message: "unknown rule '\(id)' in 'disabled_rules'")
                }
            case "include_tests":
                guard let b = value.bool else {
                    throw ConfigurationError(file: file, line: at, message: "'include_tests' must be true or false")
                }
                config.includeTests = b
            case "baseline":
                guard let b = value.scalar?.string, !b.isEmpty else {
                    throw ConfigurationError(file: file, line: at, message: "'baseline' must be a file path")
                }
                config.baseline = config.resolve(b)
            case "strict":
                guard value.scalar != nil, let b = value.bool else {
                    throw ConfigurationError(file: file, line: at, message: "'strict' must be true or false")
                }
                config.strict = b
            case "reporters":
                config.reporters = try strings().map { spec in
                    let parts = spec.split(separator: ":", maxSplits: 1).map(String.init)
                    guard let id = parts.first, ReporterRegistry.reporter(id) != nil else {
                        throw ConfigurationError(file: file, line: at, message: "unknown reporter '\(parts.first ?? "")' in 'reporters' (known: \(ReporterRegistry.all.map { $0.id }.joined(separator: ", ")))")
                    }
                    return parts.count > 1 ? parts[0] + ":" + config.resolve(parts[1]) : spec
                }
            case "rules":
                try parseRules(value, at: at, file: file, into: &config)
            default:
                throw ConfigurationError(file: file, line: at, message: "unknown key '\(key)' (known keys: \(topLevelKeys.joined(separator: ", ")))")
            }
        }
        return config
    }

    /// `rules:`: per rule id, a severity (`dead-route: error`, `off`) or a mapping of settings.
    private static func parseRules(_ value: Yams.Node, at: Int?, file: String, into config: inout Configuration) throws {
        guard let rules = value.mapping else {
            throw ConfigurationError(file: file, line: at, message: "'rules' must map rule ids to settings")
        }
        for (idNode, settingsNode) in rules {
            let id = idNode.string ?? ""
            guard RuleRegistry.rule(id) != nil else {
                throw ConfigurationError(file: file, line: idNode.mark?.line, message: "unknown rule '\(id)' in 'rules' (see `navgraph rules`)")
            }
            var settings = Configuration.RuleSettings()
            if let sev = settingsNode.string, settingsNode.scalar != nil {
                // Shorthand: `dead-route: error`.
                guard let s = Severity(rawValue: sev) ?? (sev == "off" ? nil : nil) else {
                    if sev == "off" { config.disabledRules.append(id); continue }
                    throw ConfigurationError(file: file, line: settingsNode.mark?.line, message: "severity of '\(id)' must be note, warning, error or off")
                }
                settings.severity = s
            } else if let m = settingsNode.mapping {
                for (k, v) in m {
                    let name = k.string ?? ""
                    switch name {
                    case "severity":
                        let sev = v.string ?? ""
                        if sev == "off" { config.disabledRules.append(id); continue }
                        guard let s = Severity(rawValue: sev) else {
                            throw ConfigurationError(file: file, line: v.mark?.line, message: "severity of '\(id)' must be note, warning, error or off")
                        }
                        settings.severity = s
                    case "ignore":
                        guard let seq = v.sequence, seq.allSatisfy({ $0.scalar != nil }) else {
                            throw ConfigurationError(file: file, line: v.mark?.line, message: "'ignore' of '\(id)' must be a list of symbols")
                        }
                        settings.ignore = seq.compactMap(\.string)
                    default:
                        throw ConfigurationError(file: file, line: k.mark?.line, message: "unknown key '\(name)' for rule '\(id)' (known: \(ruleKeys.joined(separator: ", ")))")
                    }
                }
            } else {
                throw ConfigurationError(file: file, line: settingsNode.mark?.line, message: "settings of '\(id)' must be a severity or a mapping")
            }
            config.rules[id] = settings
        }
    }

    static func line(of e: YamlError) -> Int? {
        switch e {
        case .scanner(_, _, let mark, _), .parser(_, _, let mark, _), .composer(_, _, let mark, _): return mark.line
        default: return nil
        }
    }

    static func problem(of e: YamlError) -> String {
        switch e {
        case .scanner(_, let p, _, _), .parser(_, let p, _, _), .composer(_, let p, _, _): return p
        default: return "\(e)"
        }
    }
}
