extension String {
    /// A 64-bit hash of the string's UTF-8 read eight bytes at a time, the same for strings Swift calls
    /// equal (`==` compares canonical composed forms: KELVIN SIGN equals "K"; see `composedWordHash`).
    ///
    /// WHY: resolving hashes type and member names millions of times, and `Hasher` takes a string one byte
    /// at a time (some 100 instructions for a 30-byte type name, before the hasher's own set-up and
    /// finish). Keys made of several names hash each with this and feed the hasher one word per name. It is
    /// not seeded: collisions made on purpose would slow `WordMap` down, never change an answer.
    @inlinable public var wordHash: UInt64 {
        if let h = utf8.withContiguousStorageIfAvailable({ String.wordHash(UnsafeRawBufferPointer($0)) }), h.ascii {
            return h.hash
        }
        return String.composedWordHash(self)
    }

    /// A string with non-ASCII text. Only three non-ASCII scalars compose to ASCII (U+037E to ";", U+1FEF to
    /// "`", U+212A KELVIN SIGN to "K"; checked against Unicode's data for every code point): a string
    /// made of ASCII and those is hashed as its ASCII form, which it equals. Any other can equal no ASCII
    /// string, and Swift's own hash, which hashes the composed form as `==` compares it, serves it (seeded
    /// per process, which nothing here depends on). WHY not Foundation's composed form for every one:
    /// thousands of instructions a string, and literals such as "Feature 0 · 0" are hashed again and again.
    @usableFromInline static func composedWordHash(_ s: String) -> UInt64 {
        var ascii: [UInt8] = []
        ascii.reserveCapacity(s.utf8.count)
        for u in s.unicodeScalars {
            switch u.value {
            case 0..<0x80: ascii.append(UInt8(u.value))
            case 0x37E: ascii.append(UInt8(ascii: ";"))
            case 0x1FEF: ascii.append(UInt8(ascii: "`"))
            case 0x212A: ascii.append(UInt8(ascii: "K"))
            default: return UInt64(bitPattern: Int64(s.hashValue))
            }
        }
        return ascii.withUnsafeBytes { String.wordHash($0).hash }
    }

    /// Eight bytes a word; the last word overlaps the one before (the length is hashed first), and a
    /// string shorter than a word is read in halves or in three bytes.
    @inlinable @inline(__always)
    static func wordHash(_ bytes: UnsafeRawBufferPointer) -> (hash: UInt64, ascii: Bool) {
        let n = bytes.count
        var h: UInt64 = 0x243F_6A88_85A3_08D3
        @inline(__always) func mix(_ w: UInt64) { h = WordHasher.mixed(h, w) }
        // The length is mixed in on its own: xored into the first word, it cancelled a first byte that
        // differed by as much ("a" and "ba" hashed alike).
        mix(UInt64(truncatingIfNeeded: n))
        guard n > 0, let p = bytes.baseAddress else { return (h, true) }
        var high: UInt64
        if n >= 8 {
            high = 0
            var i = 0
            while i + 8 < n {
                let w = p.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                high |= w
                mix(w)
                i += 8
            }
            let w = p.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)
            high |= w
            mix(w)
        } else if n >= 4 {
            let w = UInt64(p.loadUnaligned(as: UInt32.self)) | UInt64(p.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self)) << 32
            high = w
            mix(w)
        } else {
            let w = UInt64(p.load(as: UInt8.self)) | UInt64(p.load(fromByteOffset: n / 2, as: UInt8.self)) << 8
                | UInt64(p.load(fromByteOffset: n - 1, as: UInt8.self)) << 16
            high = w
            mix(w)
        }
        return (h, high & 0x8080_8080_8080_8080 == 0)
    }
}

extension Optional where Wrapped == String {
    /// `String.wordHash`, and a fixed word for nil.
    @inlinable public var wordHash: UInt64 { self?.wordHash ?? 0x5851_F42D_4C95_7F2D }
}

/// Folds the words of a key's fields (names by `String.wordHash`) into one, which the key feeds its
/// `Hasher`: one hasher round per key instead of one per byte of each name.
public struct WordHasher {
    public var value: UInt64 = 0x1319_8A2E_0370_7344

    @inlinable public init() {}

    @inlinable @inline(__always) public mutating func combine(word: UInt64) { value = WordHasher.mixed(value, word) }

    /// One step of every hash here: xor the word in, multiply by the golden ratio, fold the high bits down.
    @inlinable @inline(__always) public static func mixed(_ h: UInt64, _ word: UInt64) -> UInt64 {
        let m = (h ^ word) &* 0x9E37_79B9_7F4A_7C15
        return m ^ (m >> 29)
    }

    /// Every bit of `h` moves every bit of the result (MurmurHash3's finish), for tables that take a
    /// hash's low bits.
    @inlinable @inline(__always) public static func finalized(_ h: UInt64) -> UInt64 {
        var x = h
        x ^= x >> 33
        x &*= 0xFF51_AFD7_ED55_8CCD
        x ^= x >> 33
        x &*= 0xC4CE_B9FE_1A85_EC53
        return x ^ (x >> 33)
    }

    @inlinable public mutating func combine(_ s: String) { combine(word: s.wordHash) }
    @inlinable public mutating func combine(_ s: String?) { combine(word: s.wordHash) }
    @inlinable public mutating func combine(_ i: Int) { combine(word: UInt64(bitPattern: Int64(i))) }
    @inlinable public mutating func combine(_ b: Bool) { combine(word: b ? 1 : 2) }
}

/// A key hashed by `String.wordHash` (see `WordMap`).
public protocol WordHashable: Equatable {
    var wordHash: UInt64 { get }
}

/// A `Hashable` key whose hash is its `wordHash`, in a `Set` or `Dictionary` too.
///
/// WHY: a `Set` or `Dictionary` hashes a key through `_rawHashValue(seed:)`, whose default runs a `Hasher`
/// (SipHash's set-up, a round per word, its finish: some 80 instructions) even for a key that folds its
/// names into one word. Here the table's seed is mixed into that word instead, a few instructions.
/// `_rawHashValue(seed:)` is a requirement of `Hashable` that the standard library leaves public for such
/// keys. Its result needs no more than `hash(into:)` does: equal keys hash alike (per seed), as `wordHash`
/// is the same for equal keys.
public protocol WordHashed: Hashable, WordHashable {}

extension WordHashed {
    @inlinable public func hash(into hasher: inout Hasher) { hasher.combine(wordHash) }

    @inlinable public func _rawHashValue(seed: Int) -> Int {
        Int(truncatingIfNeeded: WordHasher.finalized(wordHash ^ UInt64(truncatingIfNeeded: seed)))
    }
}

extension Set where Element: WordHashed {
    /// The same for equal sets, whatever the order their elements are stored in: a sum of each element's
    /// finalized hash.
    @inlinable public var wordHash: UInt64 {
        var sum = UInt64(truncatingIfNeeded: count)
        for e in self { sum &+= WordHasher.finalized(e.wordHash) }
        return sum
    }
}

extension Dictionary where Key == String {
    /// The same for equal dictionaries, whatever their order: a sum over the entries of each name's word
    /// hash mixed with its value's (`value`).
    @inlinable public func wordHash(_ value: (Value) -> UInt64) -> UInt64 {
        var sum = UInt64(truncatingIfNeeded: count)
        for (k, v) in self { sum &+= WordHasher.finalized(WordHasher.mixed(k.wordHash, value(v))) }
        return sum
    }
}

extension String: WordHashable {}

/// `WordMap` keyed by names.
public typealias NameMap<Value> = WordMap<String, Value>

/// A hash table used as a `Dictionary` is, for the lookups resolving makes on every call (types, members,
/// supertypes, caches keyed by a type's name).
///
/// WHY not `Dictionary`: it hashes a key with SipHash (set-up and finish, besides a name's every byte) and
/// compares the full key at every occupied bucket a probe meets, a string comparison each. This table
/// keeps each key's `wordHash` and compares keys only where those match; a table of up to eight keys is
/// scanned without slots. Entries keep their insertion order; a removed key keeps its entry, without a
/// value, until it is set again.
public struct WordMap<Key: WordHashable, Value> {
    @usableFromInline var entryKeys: [Key] = []
    @usableFromInline var entryHashes: [UInt64] = []
    @usableFromInline var entryValues: [Value?] = []
    /// Entry positions by hash, -1 where free: empty up to `scanLimit` entries, else a power of two at
    /// most half full.
    @usableFromInline var slots: [Int32] = []
    @usableFromInline var live = 0

    @usableFromInline static var scanLimit: Int { 8 }

    @inlinable public init() {}

    @inlinable func slotIndex(_ h: UInt64, _ mask: Int) -> Int {
        // Fibonacci hashing: the product's high bits mix every bit of the hash.
        Int(truncatingIfNeeded: (h &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }

    /// The key's entry, or nil.
    @inlinable func entry(_ key: Key, _ h: UInt64) -> Int? {
        if slots.isEmpty {
            var i = 0
            while i < entryHashes.count {
                if entryHashes[i] == h && entryKeys[i] == key { return i }
                i += 1
            }
            return nil
        }
        let mask = slots.count - 1
        var i = slotIndex(h, mask)
        while true {
            let e = Int(slots[i])
            if e < 0 { return nil }
            if entryHashes[e] == h && entryKeys[e] == key { return e }
            i = (i + 1) & mask
        }
    }

    /// Adds an entry for a key that has none.
    @inlinable mutating func append(_ key: Key, _ h: UInt64, _ value: Value?) -> Int {
        let e = entryKeys.count
        entryKeys.append(key)
        entryHashes.append(h)
        entryValues.append(value)
        if value != nil { live += 1 }
        if slots.isEmpty {
            if entryKeys.count > WordMap.scanLimit { rebuildSlots(minimumEntries: entryKeys.count) }
        } else if 2 * entryKeys.count > slots.count {
            rebuildSlots(minimumEntries: entryKeys.count)
        } else {
            place(e)
        }
        return e
    }

    @inlinable mutating func place(_ e: Int) {
        let mask = slots.count - 1
        var i = slotIndex(entryHashes[e], mask)
        while slots[i] >= 0 { i = (i + 1) & mask }
        slots[i] = Int32(e)
    }

    @usableFromInline mutating func rebuildSlots(minimumEntries n: Int) {
        guard n > WordMap.scanLimit else { return }
        var size = 16
        while size < 2 * n { size *= 2 }
        slots = Array(repeating: -1, count: size)
        for e in entryKeys.indices { place(e) }
    }

    @inlinable public subscript(_ key: Key) -> Value? {
        get { entry(key, key.wordHash).flatMap { entryValues[$0] } }
        _modify {
            let h = key.wordHash
            if let e = entry(key, h) {
                let had = entryValues[e] != nil
                yield &entryValues[e]
                live += (entryValues[e] != nil ? 1 : 0) - (had ? 1 : 0)
            } else {
                var value: Value?
                yield &value
                if value != nil { _ = append(key, h, value) }
            }
        }
    }

    @inlinable public subscript(_ key: Key, default fallback: @autoclosure () -> Value) -> Value {
        get { self[key] ?? fallback() }
        _modify {
            let h = key.wordHash
            var e: Int
            if let found = entry(key, h) {
                e = found
                if entryValues[e] == nil { entryValues[e] = fallback(); live += 1 }
            } else {
                e = append(key, h, fallback())
            }
            yield &entryValues[e]!
        }
    }

    /// Sets `value` when the key has none; whether it did. One hash, one probe.
    @inlinable @discardableResult public mutating func insertIfAbsent(_ key: Key, _ value: Value) -> Bool {
        let h = key.wordHash
        if let e = entry(key, h) {
            guard entryValues[e] == nil else { return false }
            entryValues[e] = value
            live += 1
            return true
        }
        _ = append(key, h, value)
        return true
    }

    @inlinable public var count: Int { live }
    @inlinable public var isEmpty: Bool { live == 0 }

    /// The keys, in insertion order (a view: nothing is copied). Closures, not key paths: making a key
    /// path costs some 10,000 instructions on Linux, every time.
    @inlinable public var keys: LazyMapSequence<WordMap, Key> { lazy.map { $0.key } }
    /// The values, in their keys' insertion order (a view: nothing is copied).
    @inlinable public var values: LazyMapSequence<WordMap, Value> { lazy.map { $0.value } }

    @inlinable @discardableResult public mutating func removeValue(forKey key: Key) -> Value? {
        guard let e = entry(key, key.wordHash), let old = entryValues[e] else { return nil }
        entryValues[e] = nil
        live -= 1
        return old
    }

    @inlinable public mutating func reserveCapacity(_ n: Int) {
        entryKeys.reserveCapacity(n)
        entryHashes.reserveCapacity(n)
        entryValues.reserveCapacity(n)
        if n > WordMap.scanLimit && 2 * n > slots.count { rebuildSlots(minimumEntries: n) }
    }

    public func filter(_ isIncluded: ((key: Key, value: Value)) throws -> Bool) rethrows -> WordMap {
        var kept = WordMap()
        for (k, v) in self where try isIncluded((key: k, value: v)) { kept[k] = v }
        return kept
    }
}

extension WordMap: ExpressibleByDictionaryLiteral {
    @inlinable public init(dictionaryLiteral elements: (Key, Value)...) {
        for (k, v) in elements { self[k] = v }
    }
}

extension WordMap: Sequence {
    public struct Iterator: IteratorProtocol {
        @usableFromInline let map: WordMap
        @usableFromInline var position = 0
        @inlinable init(map: WordMap) { self.map = map }
        @inlinable public mutating func next() -> (key: Key, value: Value)? {
            while position < map.entryKeys.count {
                defer { position += 1 }
                if let v = map.entryValues[position] { return (key: map.entryKeys[position], value: v) }
            }
            return nil
        }
    }

    @inlinable public func makeIterator() -> Iterator { Iterator(map: self) }
    @inlinable public var underestimatedCount: Int { live }
}

extension WordMap: Sendable where Key: Sendable, Value: Sendable {}

extension WordMap: Equatable where Value: Equatable {
    /// Same keys with equal values, in any order.
    public static func == (a: WordMap, b: WordMap) -> Bool {
        a.count == b.count && a.allSatisfy { b[$0.key] == $0.value }
    }
}

/// A set of names, hashed as `WordMap` hashes them.
public struct NameSet: Sendable, ExpressibleByArrayLiteral {
    @usableFromInline var map = WordMap<String, Bool>()

    @inlinable public init() {}

    @inlinable public init(arrayLiteral names: String...) { for n in names { insert(n) } }

    @inlinable public init<S: Sequence>(_ names: S) where S.Element == String { for n in names { insert(n) } }

    /// Whether the name was not in the set.
    @inlinable @discardableResult public mutating func insert(_ name: String) -> Bool { map.insertIfAbsent(name, true) }

    @inlinable public func contains(_ name: String) -> Bool { map[name] != nil }

    @inlinable public var count: Int { map.count }
    @inlinable public var isEmpty: Bool { map.isEmpty }
}
