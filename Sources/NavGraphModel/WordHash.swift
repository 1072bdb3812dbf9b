import Foundation

extension String {
    /// A 64-bit hash of the string's UTF-8 read eight bytes at a time, the same for strings Swift calls
    /// equal (a string with non-ASCII text is hashed in its canonical composed form, which is what `==`
    /// compares: KELVIN SIGN equals "K").
    ///
    /// WHY: resolving hashes type and member names millions of times, and `Hasher` takes a string one byte
    /// at a time (some 100 instructions for a 30-byte type name, before the hasher's own set-up and
    /// finish). Keys made of several names hash each with this and feed the hasher one word per name. It is
    /// not seeded, so it does not resist collisions made on purpose; the tables it feeds still are.
    @inlinable public var wordHash: UInt64 {
        if let h = utf8.withContiguousStorageIfAvailable({ String.wordHash(UnsafeRawBufferPointer($0)) }), h.ascii {
            return h.hash
        }
        return String.composedWordHash(self)
    }

    @usableFromInline static func composedWordHash(_ s: String) -> UInt64 {
        var composed = s.precomposedStringWithCanonicalMapping
        return composed.withUTF8 { String.wordHash(UnsafeRawBufferPointer($0)).hash }
    }

    /// Eight bytes a word; the last word overlaps the one before (the length is hashed first), and a
    /// string shorter than a word is read in halves or in three bytes.
    @inlinable @inline(__always)
    static func wordHash(_ bytes: UnsafeRawBufferPointer) -> (hash: UInt64, ascii: Bool) {
        let n = bytes.count
        var h: UInt64 = 0x243F_6A88_85A3_08D3
        @inline(__always) func mix(_ w: UInt64) {
            h = (h ^ w) &* 0x9E37_79B9_7F4A_7C15
            h ^= h >> 29
        }
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

    @inlinable @inline(__always) public mutating func combine(word: UInt64) {
        value = (value ^ word) &* 0x9E37_79B9_7F4A_7C15
        value ^= value >> 29
    }

    @inlinable public mutating func combine(_ s: String) { combine(word: s.wordHash) }
    @inlinable public mutating func combine(_ s: String?) { combine(word: s.wordHash) }
    @inlinable public mutating func combine(_ i: Int) { combine(word: UInt64(bitPattern: Int64(i))) }
    @inlinable public mutating func combine(_ b: Bool) { combine(word: b ? 1 : 2) }
}

/// A name as a dictionary key hashed by `String.wordHash` (see `NameMap`).
public struct NameKey: Hashable, Sendable {
    public var name: String

    @inlinable public init(_ name: String) { self.name = name }

    @inlinable public func hash(into hasher: inout Hasher) { hasher.combine(name.wordHash) }
}

/// A dictionary keyed by names, used as `[String: Value]` is, for the lookups resolving makes on every
/// call (types, members, supertypes, caches keyed by a type's name): a name is hashed a word at a time
/// (`String.wordHash`), not a byte at a time.
public struct NameMap<Value> {
    @usableFromInline var storage: [NameKey: Value]

    @inlinable public init() { storage = [:] }

    @inlinable public subscript(_ name: String) -> Value? {
        get { storage[NameKey(name)] }
        _modify { yield &storage[NameKey(name)] }
    }

    @inlinable public subscript(_ name: String, default fallback: @autoclosure () -> Value) -> Value {
        get { storage[NameKey(name), default: fallback()] }
        _modify { yield &storage[NameKey(name), default: fallback()] }
    }

    @inlinable public var count: Int { storage.count }
    @inlinable public var isEmpty: Bool { storage.isEmpty }
    /// The names, in the dictionary's order.
    public var keys: [String] { storage.keys.map(\.name) }
    @inlinable public var values: Dictionary<NameKey, Value>.Values { storage.values }

    @inlinable @discardableResult public mutating func removeValue(forKey name: String) -> Value? {
        storage.removeValue(forKey: NameKey(name))
    }

    @inlinable public mutating func reserveCapacity(_ n: Int) { storage.reserveCapacity(n) }

    public func filter(_ isIncluded: ((key: String, value: Value)) throws -> Bool) rethrows -> NameMap {
        var kept = NameMap()
        kept.storage = try storage.filter { try isIncluded((key: $0.key.name, value: $0.value)) }
        return kept
    }
}

extension NameMap: ExpressibleByDictionaryLiteral {
    @inlinable public init(dictionaryLiteral elements: (String, Value)...) {
        storage = [:]
        for (k, v) in elements { storage[NameKey(k)] = v }
    }
}

extension NameMap: Sequence {
    public struct Iterator: IteratorProtocol {
        @usableFromInline var base: Dictionary<NameKey, Value>.Iterator
        @inlinable init(base: Dictionary<NameKey, Value>.Iterator) { self.base = base }
        @inlinable public mutating func next() -> (key: String, value: Value)? {
            base.next().map { (key: $0.key.name, value: $0.value) }
        }
    }

    @inlinable public func makeIterator() -> Iterator { Iterator(base: storage.makeIterator()) }
    @inlinable public var underestimatedCount: Int { storage.count }
}

extension NameMap: Sendable where Value: Sendable {}
extension NameMap: Equatable where Value: Equatable {}
