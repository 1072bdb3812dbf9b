import NavGraphModel
@testable import NavGraphResolve
import XCTest

/// `Locals` stands in for a `[String: _]` in the interpreter's frames and memo keys: it must answer as the
/// dictionary would, whatever the order its entries came in, and past the size where it indexes them.
final class LocalsTests: XCTestCase {
    func testEntriesInAnyOrderAreEqualAndHashAlike() {
        let a: Locals<String> = ["vc": "A", "destination": "Route", "child": "C"]
        var b: Locals<String> = [:]
        b["child"] = "C"
        b["vc"] = "A"
        b["destination"] = "Route"
        XCTAssertEqual(a, b)
        XCTAssertEqual(a.hashValue, b.hashValue)
        XCTAssertEqual(a.wordHash { $0.wordHash }, b.wordHash { $0.wordHash })
        XCTAssertEqual(Set([a, b]).count, 1)
        b["vc"] = "B"
        XCTAssertNotEqual(a, b)
        XCTAssertNotEqual(a.wordHash { $0.wordHash }, b.wordHash { $0.wordHash })
        b["vc"] = nil
        XCTAssertNotEqual(a, b)
        XCTAssertEqual(b.count, 2)
    }

    func testNamesSwiftCallsEqualAreOneLocal() {
        var l: Locals<Int> = [:]
        l["Caf\u{E9}"] = 1
        l["Cafe\u{301}"] = 2
        XCTAssertEqual(l.count, 1)
        XCTAssertEqual(l["Caf\u{E9}"], 2)
    }

    func testAnswersAsADictionaryBelowAndAboveTheIndexedSize() {
        // Random sets, removals, merges and unions over up to 4 × `indexedFrom` names, checked against a
        // dictionary after each step (a fixed seed: the same steps each run).
        var rng = SplitMix(seed: 7)
        let names = (0..<(4 * Locals<Int>.indexedFrom)).map { "local\($0)" }
        for round in 0..<40 {
            var locals: Locals<Values> = [:]
            var model: [String: Values] = [:]
            let reach = [4, Locals<Int>.indexedFrom + 3, names.count][round % 3]
            for _ in 0..<300 {
                let name = names[Int(rng.next() % UInt64(reach))]
                let value: Values = [.metatype("T\(rng.next() % 5)")]
                switch rng.next() % 4 {
                case 0:
                    locals[name] = value
                    model[name] = value
                case 1:
                    locals[name] = nil
                    model[name] = nil
                case 2:
                    locals.formUnion(name, with: value)
                    model[name, default: []].formUnion(value)
                default:
                    var other: Locals<Values> = [:]
                    other[name] = value
                    locals.merge(other) { $0.union($1) }
                    model.merge([name: value]) { $0.union($1) }
                }
                XCTAssertEqual(locals.count, model.count)
                for n in names.prefix(reach) { XCTAssertEqual(locals[n], model[n], n) }
            }
            XCTAssertEqual(Dictionary(uniqueKeysWithValues: locals.map { ($0.key, $0.value) }), model)
            XCTAssertEqual(locals.wordHash { $0.wordHash }, model.wordHash { $0.wordHash })
        }
    }
}

/// A small seeded generator, so that the random steps are the same on every run.
private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
