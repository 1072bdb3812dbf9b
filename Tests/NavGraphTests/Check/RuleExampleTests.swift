import NavGraphCheck
import NavGraphKit
import NavGraphModel
import XCTest

/// Every registered rule's examples are its tests: each triggering example must produce a finding of
/// that rule on exactly the lines marked `↓`, each non-triggering example none. Mutations check that
/// commented-out code never fires, that a leading emoji line shifts locations by one line, and that a
/// `disable:this` comment silences the finding without being reported as unused.
final class RuleExampleTests: XCTestCase {
    struct Prepared {
        var files: [String: String]
        /// "file:line" of each marker.
        var expected: Set<String>
    }

    static func prepare(_ example: RuleExample) -> Prepared {
        var files: [String: String] = [:]
        var expected = Set<String>()
        for (path, text) in example.files {
            var lines: [String] = []
            for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if line.trimmingCharacters(in: .whitespaces) == "↓" {
                    expected.insert(":0")
                } else if line.contains("↓") {
                    expected.insert("\(path):\(i + 1)")
                    lines.append(line.replacingOccurrences(of: "↓", with: ""))
                } else {
                    lines.append(String(line))
                }
            }
            files[path] = lines.joined(separator: "\n")
        }
        return Prepared(files: files, expected: expected)
    }

    func findings(_ files: [String: String], rule: String) throws -> [Finding] {
        try analyzeSources(files).findings.filter { $0.rule == rule }
    }

    func testEveryRuleHasExamples() {
        for rule in RuleRegistry.all {
            XCTAssertFalse(rule.description.triggering.isEmpty, "\(rule.description.id) has no triggering example")
            XCTAssertFalse(rule.description.nonTriggering.isEmpty, "\(rule.description.id) has no non-triggering example")
        }
    }

    func testTriggeringExamplesFireOnTheMarkedLines() throws {
        for rule in RuleRegistry.all {
            let id = rule.description.id
            for example in rule.description.triggering {
                let p = Self.prepare(example)
                let got = Set(try findings(p.files, rule: id).map { "\($0.file):\($0.line)" })
                XCTAssertEqual(got, p.expected, "\(id): example at \(example.file):\(example.line)")
            }
        }
    }

    func testNonTriggeringExamplesStayQuiet() throws {
        for rule in RuleRegistry.all {
            let id = rule.description.id
            for example in rule.description.nonTriggering {
                let got = try findings(Self.prepare(example).files, rule: id)
                XCTAssertEqual(got.map(\.message), [], "\(id): example at \(example.file):\(example.line)")
            }
        }
    }

    func testCommentedOutExamplesNeverFire() throws {
        for rule in RuleRegistry.all where rule.description.id != SuppressionFilter.unusedRuleID {
            let id = rule.description.id
            for example in rule.description.triggering {
                var files = Self.prepare(example).files
                for (k, v) in files { files[k] = "/*\n" + v.replacingOccurrences(of: "*/", with: "* /") + "\n*/\nfinal class Placeholder {}\n" }
                XCTAssertEqual(try findings(files, rule: id).map(\.message), [], "\(id): commented-out example at \(example.file):\(example.line)")
            }
        }
    }

    func testALeadingEmojiLineShiftsLocationsByOne() throws {
        for rule in RuleRegistry.all {
            let id = rule.description.id
            for example in rule.description.triggering {
                let p = Self.prepare(example)
                var files = p.files
                for (k, v) in files { files[k] = "// 🧭 navigation 🗺️\n" + v }
                let shifted = Set(p.expected.map { e -> String in
                    if e == ":0" { return e }  // no location: nothing to shift
                    let parts = e.split(separator: ":")
                    return "\(parts[0]):\(Int(parts[1])! + 1)"
                })
                XCTAssertEqual(Set(try findings(files, rule: id).map { "\($0.file):\($0.line)" }), shifted,
                               "\(id): emoji-prefixed example at \(example.file):\(example.line)")
            }
        }
    }

    func testDisableThisSilencesEachTriggeringExample() throws {
        for rule in RuleRegistry.all where rule.description.id != SuppressionFilter.unusedRuleID {
            let id = rule.description.id
            for example in rule.description.triggering {
                let p = Self.prepare(example)
                // A finding without a location (`no-root`) is about no line: only the configuration disables it.
                if p.expected.contains(":0") { continue }
                var files = p.files
                for marker in p.expected {
                    let parts = marker.split(separator: ":")
                    let file = String(parts[0]), line = Int(parts[1])!
                    var lines = files[file]!.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                    lines[line - 1] += " // navgraph:disable:this \(id) - example"
                    files[file] = lines.joined(separator: "\n")
                }
                let report = try analyzeSources(files)
                XCTAssertEqual(report.findings.filter { $0.rule == id }.map(\.message), [], "\(id): suppressed example at \(example.file):\(example.line)")
                XCTAssertEqual(report.findings.filter { $0.rule == SuppressionFilter.unusedRuleID }.map(\.message), [],
                               "\(id): the suppression must count as used")
            }
        }
    }
}
