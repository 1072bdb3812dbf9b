import NavGraphExtract
@testable import NavGraphResolve
import XCTest

/// Each coordinator library navgraph models, against the list of its public API that can navigate or
/// carry an action, taken from the library's real source (`Tests/LibraryAPI/<library>.api`, one entry a
/// line: `Type.member | declaration | file:line in the library | what it does [| status]`).
///
/// An entry without a status must be declared by navgraph's model of the library (`FamilyAdapter.library`)
/// on the same type, with the same labels and the same parameters defaulted. `ignored: why` says why the
/// model leaves it out. `gap: what` is API the model does not have yet: the test fails once the model
/// declares it, so that the list says so. A new library version is a new list.
final class LibraryAPITests: XCTestCase {
    func testXCoordinator() throws { try check("xcoordinator", model: XCoordinatorFamily.source) }
    func testXCoordinatorRx() throws { try check("xcoordinator-rx", model: XCoordinatorFamily.source) }
    func testXCoordinatorCombine() throws { try check("xcoordinator-combine", model: XCoordinatorFamily.source) }
    func testAction() throws { try check("action", model: RxActionLibrary.source) }
    func testCoordinate() throws { try check("coordinate", model: CoordinateFamily.source) }
    func testRadianttapCoordinator() throws { try check("radianttap", model: RadianttapFamily.source) }

    struct Entry {
        var symbol: String
        var declaration: String
        var status: String?
        var line: Int
    }

    static func entries(_ library: String) throws -> (header: String, entries: [Entry]) {
        let url = Repo.root.appendingPathComponent("Tests/LibraryAPI/\(library).api")
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        var entries: [Entry] = []
        for (i, raw) in lines.enumerated() where !raw.isEmpty && !raw.hasPrefix("#") {
            let fields = raw.components(separatedBy: " | ")
            guard fields.count == 4 || fields.count == 5 else { throw Failure("\(library).api:\(i + 1): \(fields.count) fields") }
            entries.append(Entry(symbol: fields[0].trimmingCharacters(in: .whitespaces), declaration: fields[1],
                                 status: fields.count == 5 ? fields[4] : nil, line: i + 1))
        }
        return (String(lines.first ?? ""), entries)
    }

    struct Failure: Error, CustomStringConvertible { let description: String; init(_ d: String) { description = d } }

    /// What a model (or one library declaration) declares, by type: functions by selector, and other members.
    struct Declared {
        var types = Set<String>()
        var functions: [String: [String: FunctionDecl]] = [:]
        var members: [String: Set<String>] = [:]

        init(_ source: String) {
            let facts = Extractor.extract(path: "Model.swift", source: source)
            for t in facts.types {
                let name = TypeIndex.baseName(t.name)
                types.insert(name)
                for fn in t.functions { functions[name, default: [:]][fn.selector] = fn }
                for p in t.properties { members[name, default: []].insert(p.name) }
                for c in t.cases { members[name, default: []].insert(c.name) }
                for a in t.typealiases.keys { members[name, default: []].insert(a); types.insert(a) }
            }
        }
    }

    /// The function a one-line library declaration declares (wrapped in a type to be read).
    static func libraryFunction(_ declaration: String) -> FunctionDecl? {
        var d = declaration
        if !d.contains("{") && (d.contains("func ") || d.contains("init")) { d += " {}" }
        return Extractor.extract(path: "Library.swift", source: "class LibraryDeclaration {\n\(d)\n}\n").types.first?.functions.first
    }

    func check(_ library: String, model source: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let (header, entries) = try Self.entries(library)
        XCTAssertTrue(header.hasPrefix("# "), "\(library).api starts with the library, its version and where it was read", file: file, line: line)
        XCTAssertFalse(entries.isEmpty, file: file, line: line)
        let model = Declared(source)
        var wrong: [String] = []
        for e in entries {
            let modelled = Self.isModelled(e, model)
            switch e.status {
            case nil where !modelled.ok:
                wrong.append("\(library).api:\(e.line) \(e.symbol): not in the model (\(modelled.why)); model it, or mark it `ignored: why` or `gap: what`")
            case let s? where s.hasPrefix("gap: ") && modelled.ok:
                wrong.append("\(library).api:\(e.line) \(e.symbol): the model declares it now; remove its `gap`")
            case let s? where !s.hasPrefix("gap: ") && !s.hasPrefix("ignored: "):
                wrong.append("\(library).api:\(e.line) \(e.symbol): status must be `ignored: why` or `gap: what`")
            case let s? where s.hasPrefix("ignored: ") && s.count < 20:
                wrong.append("\(library).api:\(e.line) \(e.symbol): an ignored entry says why")
            default: break
            }
        }
        XCTAssertEqual(wrong, [], file: file, line: line)
    }

    /// Whether the model declares the entry: a type (or typealias), a member, or a function with the same
    /// labels whose parameters have defaults where the library's have.
    static func isModelled(_ e: Entry, _ model: Declared) -> (ok: Bool, why: String) {
        guard let dot = e.symbol.firstIndex(of: "."), !e.symbol[..<dot].contains("(") else {
            return model.types.contains(e.symbol) ? (true, "") : (false, "no type \(e.symbol)")
        }
        let type = String(e.symbol[..<dot])
        let member = String(e.symbol[e.symbol.index(after: dot)...])
        guard member.hasSuffix(")") else {
            let ok = model.members[type]?.contains(member) == true || model.functions[type]?["\(member)()"] != nil
                || model.types.contains("\(type).\(member)")
            return ok ? (true, "") : (false, "no member \(member) on \(type)")
        }
        guard let fn = model.functions[type]?[member] else { return (false, "no \(member) on \(type)") }
        guard let lib = libraryFunction(e.declaration) else { return (true, "") }
        let libDefaults = lib.parameters.map { $0.defaultValue != nil }
        let modelDefaults = fn.parameters.map { $0.defaultValue != nil }
        return libDefaults == modelDefaults ? (true, "") : (false, "defaults differ: library \(libDefaults), model \(modelDefaults)")
    }
}
