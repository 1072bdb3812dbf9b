import Foundation
import XCTest

/// The field corpus's truth files (field/<owner+name>.json) keep the format docs/field.md defines, so
/// that `make field` can score against them. The apps themselves are not needed (CI has none).
final class FieldTruthTests: XCTestCase {
    static let keys: Set<String> = ["repo", "commit", "analyze", "style", "root", "decoys", "coordinators", "screens",
                                    "actions", "unreachable", "notCompiled", "verdicts", "notes"]

    func truthFiles() throws -> [(String, [String: Any])] {
        let folder = Repo.root.appendingPathComponent("field")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
        return try names.map { name in
            let data = try Data(contentsOf: folder.appendingPathComponent(name))
            let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any], "\(name) is not a JSON object")
            return (name, object)
        }
    }

    func testEveryAppOfTheCorpusHasATruthFile() throws {
        let files = try truthFiles()
        XCTAssertEqual(files.count, 15, "the field corpus has 15 apps")
        for (name, truth) in files {
            let repo = try XCTUnwrap(truth["repo"] as? String, name)
            XCTAssertEqual(name, repo.replacingOccurrences(of: "/", with: "+") + ".json", "a truth file is named after its repository")
            let commit = try XCTUnwrap(truth["commit"] as? String, name)
            XCTAssertTrue(commit.count == 40 && commit.allSatisfy(\.isHexDigit), "\(name): the commit is a full sha")
            XCTAssertEqual(Set(truth.keys), Self.keys, "\(name): the fields docs/field.md defines")
        }
    }

    func testTruthEntriesHaveWhatTheScorerReads() throws {
        for (name, truth) in try truthFiles() {
            let root = try XCTUnwrap(truth["root"] as? [String: Any], "\(name): root")
            let rootType = try XCTUnwrap(root["type"] as? String, "\(name): root type")
            XCTAssertNotNil(root["file"] as? String, "\(name): root file")
            for entry in truth["decoys"] as? [[String: Any]] ?? [] {
                XCTAssertNotNil(entry["type"] as? String, "\(name): a decoy's type")
                XCTAssertNotNil(entry["why"] as? String, "\(name): a decoy's reason")
            }
            let coordinators = try XCTUnwrap(truth["coordinators"] as? [[String: Any]], "\(name): coordinators")
            for c in coordinators {
                let type = c["type"] as? String ?? "?"
                XCTAssertNotNil(c["file"] as? String, "\(name): \(type) has a file")
                XCTAssertNotNil(c["why"] as? String, "\(name): \(type) says why")
                // true, false, or null (could not tell); never missing.
                XCTAssertTrue(c["reached"] is Bool || c["reached"] is NSNull, "\(name): \(type).reached is true, false or null")
            }
            let screens = try XCTUnwrap(truth["screens"] as? [[String: Any]], "\(name): screens")
            XCTAssertGreaterThanOrEqual(screens.count, 10, "\(name): at least 10 sampled screens")
            for s in screens {
                let type = s["type"] as? String ?? "?"
                let path = s["path"] as? [String] ?? []
                XCTAssertEqual(path.first, rootType, "\(name): \(type)'s path starts at the root")
                XCTAssertEqual(path.last, type, "\(name): \(type)'s path ends at the screen")
                XCTAssertTrue(["uikit", "swiftui"].contains(s["ui"] as? String ?? ""), "\(name): \(type).ui")
            }
            let actions = try XCTUnwrap(truth["actions"] as? [[String: Any]], "\(name): actions")
            XCTAssertGreaterThanOrEqual(actions.count, 10, "\(name): at least 10 handled actions")
            for v in truth["verdicts"] as? [[String: Any]] ?? [] {
                XCTAssertNotNil(v["rule"] as? String, "\(name): a verdict's rule")
                XCTAssertNotNil(v["symbol"] as? String, "\(name): a verdict's symbol")
                XCTAssertNotNil(v["why"] as? String, "\(name): a verdict's reason")
                XCTAssertTrue(["true", "false", "unsure"].contains(v["verdict"] as? String ?? ""), "\(name): verdict is true, false or unsure")
            }
        }
    }
}
