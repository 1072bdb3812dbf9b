import NavGraphModel
import XCTest

/// `String.wordHash` keys the resolver's hottest tables (`NameMap`, the memo and edge keys): strings Swift
/// calls equal must hash alike, and names that differ anywhere should not.
final class WordHashTests: XCTestCase {
    func testStringsSwiftCallsEqualHashAlike() {
        let pairs: [(String, String)] = [
            ("K", "\u{212A}"),  // KELVIN SIGN is canonically "K"
            ("Caf\u{E9}Coordinator", "Cafe\u{301}Coordinator"),
            ("\u{3A9}mega", "\u{2126}mega"),  // OHM SIGN is canonically GREEK CAPITAL OMEGA
            ("Se\u{301}lectionViewController.showDetail(for:)", "S\u{E9}lectionViewController.showDetail(for:)"),
        ]
        for (a, b) in pairs {
            XCTAssertEqual(a, b)
            XCTAssertNotEqual(Array(a.utf8), Array(b.utf8))
            XCTAssertEqual(a.wordHash, b.wordHash, "\(a) and \(b)")
        }
    }

    func testEveryLengthAndPositionTellsNamesApart() {
        // Lengths 0 to 40 cover the short reads (under 4 and 8 bytes), whole words and the overlapping
        // last word; one changed byte at each position must change the hash. (With the length xored into
        // the first word, "a" and "ba" hashed alike.)
        var seen: [UInt64: String] = [:]
        for length in 0...40 {
            let base = String(repeating: "a", count: length)
            XCTAssertEqual(base.wordHash, String(base.utf8.map { Character(UnicodeScalar($0)) }).wordHash)
            XCTAssertNil(seen.updateValue(base, forKey: base.wordHash), base)
            for position in 0..<length {
                var bytes = Array(base.utf8)
                bytes[position] = UInt8(ascii: "b")
                let changed = String(decoding: bytes, as: UTF8.self)
                XCTAssertNil(seen.updateValue(changed, forKey: changed.wordHash), changed)
            }
        }
        XCTAssertNotEqual(("Feature1" as String?).wordHash, (nil as String?).wordHash)
    }

    func testANameMapFindsANameWrittenInAnotherNormalForm() {
        var map: NameMap<[Int]> = ["Cafe\u{301}Coordinator": [1]]
        map["Caf\u{E9}Coordinator", default: []].append(2)
        map["HomeCoordinator", default: []].append(3)
        XCTAssertEqual(map.count, 2)
        XCTAssertEqual(map["Cafe\u{301}Coordinator"], [1, 2])
        XCTAssertEqual(map.keys.sorted(), ["Cafe\u{301}Coordinator", "HomeCoordinator"])
        XCTAssertEqual(map.filter { $0.value.contains(3) }.keys, ["HomeCoordinator"])
        XCTAssertEqual(map.removeValue(forKey: "HomeCoordinator"), [3])
        XCTAssertNil(map["HomeCoordinator"])
        XCTAssertEqual(Dictionary(uniqueKeysWithValues: map.map { ($0.key, $0.value) }), ["Cafe\u{301}Coordinator": [1, 2]])
    }
}
