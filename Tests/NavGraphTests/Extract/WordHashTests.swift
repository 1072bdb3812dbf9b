import NavGraphModel
import NavGraphResolve
import XCTest

/// `String.wordHash` keys the resolver's hottest tables (`NameMap`, the memo and edge keys): strings Swift
/// calls equal must hash alike, and names that differ anywhere should not.
final class WordHashTests: XCTestCase {
    func testStringsSwiftCallsEqualHashAlike() {
        let pairs: [(String, String)] = [
            ("K", "\u{212A}"),  // KELVIN SIGN is canonically "K"
            ("route;", "route\u{37E}"),  // so is GREEK QUESTION MARK ";"
            ("\u{212A}ind\u{E9}", "Kinde\u{301}"),  // both kinds at once
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
        XCTAssertEqual(Array(map.filter { $0.value.contains(3) }.keys), ["HomeCoordinator"])
        XCTAssertEqual(map.removeValue(forKey: "HomeCoordinator"), [3])
        XCTAssertNil(map["HomeCoordinator"])
        XCTAssertEqual(Dictionary(uniqueKeysWithValues: map.map { ($0.key, $0.value) }), ["Cafe\u{301}Coordinator": [1, 2]])
    }

    func testAWordMapAnswersAsADictionaryDoesThroughGrowthAndRemoval() {
        // Past eight keys the table stops scanning and builds slots, and it grows again at each doubling.
        var map = NameMap<Int>()
        var reference: [String: Int] = [:]
        for i in 0..<1_000 {
            let name = "Feature\(i % 97)Screen\(i)ViewController"
            map[name] = i
            reference[name] = i
            if i % 3 == 0 {
                let gone = "Feature\((i / 2) % 97)Screen\(i / 2)ViewController"
                XCTAssertEqual(map.removeValue(forKey: gone), reference.removeValue(forKey: gone))
            }
            if i % 5 == 0 { map[name, default: 0] += 1; reference[name, default: 0] += 1 }
            XCTAssertEqual(map.count, reference.count)
        }
        for (name, value) in reference { XCTAssertEqual(map[name], value, name) }
        XCTAssertNil(map["Feature1Screen1000ViewController"])
        XCTAssertEqual(Set(map.keys), Set(reference.keys))
        // A removed key comes back at its old place in the order.
        map["Feature0Screen0ViewController"] = -1
        var entries = map.makeIterator()
        let first = entries.next()
        XCTAssertEqual(first?.key, "Feature0Screen0ViewController")
        XCTAssertEqual(first?.value, -1)
        var copy = map
        copy["Feature0Screen0ViewController"] = -2
        XCTAssertEqual(map["Feature0Screen0ViewController"], -1, "a copy is a value")
        XCTAssertNotEqual(copy, map)
        copy["Feature0Screen0ViewController"] = -1
        XCTAssertEqual(copy, map)
    }

    func testNamePairKeysTellTheirTwoNamesApart() {
        var map = WordMap<NamePair, Int>()
        map[NamePair("Home", "Coordinator")] = 1
        map[NamePair("HomeCoordinator", "")] = 2
        map[NamePair("Coordinator", "Home")] = 3
        XCTAssertEqual(map[NamePair("Home", "Coordinator")], 1)
        XCTAssertEqual(map[NamePair("HomeCoordinator", "")], 2)
        XCTAssertEqual(map[NamePair("Coordinator", "Home")], 3)
        XCTAssertEqual(map.count, 3)
    }

    func testWordHashedKeysBehaveInSetsAndDictionaries() {
        // `Set` and `Dictionary` hash these keys through `WordHashed._rawHashValue(seed:)`, each table with
        // its own seed: equal keys must meet whatever table holds them, through growth and copies between
        // tables of other sizes.
        var locations = Set<SourceLocation>()
        var pairs: [NamePair: Int] = [:]
        for i in 0..<2_000 {
            locations.insert(SourceLocation(file: "Features/Feature\(i % 50)/Screen\(i).swift", line: i % 97))
            pairs[NamePair("Feature\(i % 50)Coordinator", "screen\(i)")] = i
        }
        XCTAssertEqual(locations.count, 2_000)
        XCTAssertEqual(pairs.count, 2_000)
        XCTAssertTrue(locations.contains(SourceLocation(file: "Features/Feature7/Screen1207.swift", line: 1207 % 97)))
        XCTAssertFalse(locations.contains(SourceLocation(file: "Features/Feature7/Screen1207.swift", line: 0)))
        XCTAssertEqual(pairs[NamePair("Feature7Coordinator", "screen1207")], 1207)
        XCTAssertNil(pairs[NamePair("Feature7Coordinator", "screen1208")])
        // Another normal form of the same name is the same key.
        let composed = SourceLocation(file: "Caf\u{E9}.swift", line: 3), decomposed = SourceLocation(file: "Cafe\u{301}.swift", line: 3)
        XCTAssertEqual(composed, decomposed)
        XCTAssertEqual(composed.hashValue, decomposed.hashValue)
        XCTAssertEqual(composed._rawHashValue(seed: 12_345), decomposed._rawHashValue(seed: 12_345))
        locations.insert(composed)
        XCTAssertFalse(locations.insert(decomposed).inserted)
        // Sets built in other orders and sizes are equal, and set algebra moves keys between seeds.
        let reversed = Set(locations.reversed())
        var small = Set<SourceLocation>(minimumCapacity: 1)
        for l in locations.sorted() { small.insert(l) }
        XCTAssertEqual(reversed, locations)
        XCTAssertEqual(small, locations)
        let half = Set(locations.filter { $0.line % 2 == 0 })
        XCTAssertEqual(half.union(locations.subtracting(half)), locations)
        XCTAssertEqual(half.intersection(locations), half)
    }

    func testValueSetsHashAlikeWhateverTheirOrder() {
        let values: [Value] = [.object("HomeCoordinator"), .object("Router", site: 3), .enumCase("Route", "home"), .closure(4),
                               .string("Feature 0 \u{B7} 0"), .tuple(["a", nil], [[.metatype("A")], [.storyboard("Main"), .closure(1)]])]
        let forward = Set(values), backward = Set(values.reversed())
        var grown = Set<Value>(minimumCapacity: 64)
        grown.formUnion(values)
        XCTAssertEqual(forward.wordHash, backward.wordHash)
        XCTAssertEqual(forward.wordHash, grown.wordHash)
        XCTAssertNotEqual(forward.wordHash, Set(values.dropLast()).wordHash)
        XCTAssertNotEqual(Value.object("Router", site: 3).wordHash, Value.object("Router", site: 4).wordHash)
        XCTAssertNotEqual(Value.tuple(["a"], [[.closure(1)]]).wordHash, Value.tuple(["a"], [[.closure(2)]]).wordHash)
        XCTAssertEqual(Set([forward, backward, grown]).count, 1)
    }

    func testANameSetInsertsEachNameOnce() {
        var set: NameSet = ["HomeCoordinator"]
        XCTAssertFalse(set.insert("HomeCoordinator"))
        XCTAssertTrue(set.insert("Cafe\u{301}Coordinator"))
        XCTAssertFalse(set.insert("Caf\u{E9}Coordinator"))
        XCTAssertTrue(set.contains("Caf\u{E9}Coordinator"))
        XCTAssertFalse(set.contains("Home"))
        for i in 0..<100 { set.insert("Feature\(i)") }
        XCTAssertEqual(set.count, 102)
        XCTAssertTrue(set.contains("Feature99"))
    }
}
