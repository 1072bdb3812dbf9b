import NavGraphModel

/// A running function's locals, or the types they were declared with: a few names, each with a value,
/// looked up by comparing names in turn, as a `Dictionary` is used. Equal, and hashed alike, whatever
/// their order.
///
/// WHY: a call binds one to three names and its code reads a handful; a `Dictionary` hashed each name
/// on every lookup and allocated a table per call. Comparing a few short names costs less than hashing
/// one (names up to 15 bytes compare as two words).
struct Locals<V> {
    private(set) var entries: [(key: String, value: V)] = []
    /// Each name's position, kept once there are more than `indexedFrom` (generated code can bind
    /// thousands of locals in one body, and comparing in turn would grow with their square).
    private var positions: [String: Int]?
    static var indexedFrom: Int { 24 }

    init() {}

    var count: Int { entries.count }
    var isEmpty: Bool { entries.isEmpty }
    var values: [V] { entries.map(\.value) }

    mutating func reserveCapacity(_ n: Int) { entries.reserveCapacity(n) }

    @inline(__always) private func position(_ key: String) -> Int? {
        if let positions { return positions[key] }
        for i in entries.indices where entries[i].key == key { return i }
        return nil
    }

    private mutating func append(_ key: String, _ value: V) {
        entries.append((key, value))
        if positions != nil { positions![key] = entries.count - 1 } else if entries.count > Locals.indexedFrom { index() }
    }

    private mutating func index() {
        var p: [String: Int] = [:]
        p.reserveCapacity(entries.count * 2)
        for (i, e) in entries.enumerated() { p[e.key] = i }
        positions = p
    }

    subscript(_ key: String) -> V? {
        get { position(key).map { entries[$0].value } }
        set {
            if let i = position(key) {
                guard let newValue else {
                    entries.remove(at: i)
                    positions = nil
                    if entries.count > Locals.indexedFrom { index() }
                    return
                }
                entries[i].value = newValue
            } else if let newValue {
                append(key, newValue)
            }
        }
    }

    /// Adds `other`'s entries; where both have a name, `combine` gives its value.
    mutating func merge(_ other: Locals, uniquingKeysWith combine: (V, V) -> V) {
        for (k, v) in other.entries {
            if let i = position(k) { entries[i].value = combine(entries[i].value, v) } else { append(k, v) }
        }
    }

    func mapValues<T>(_ transform: (V) -> T) -> Locals<T> {
        var result = Locals<T>()
        result.entries = entries.map { ($0.key, transform($0.value)) }
        result.positions = positions
        return result
    }
}

extension Locals: Sequence {
    func makeIterator() -> IndexingIterator<[(key: String, value: V)]> { entries.makeIterator() }
}

extension Locals: ExpressibleByDictionaryLiteral {
    init(dictionaryLiteral elements: (String, V)...) {
        for (k, v) in elements { self[k] = v }
    }
}

extension Locals: Equatable where V: Equatable {
    static func == (a: Locals, b: Locals) -> Bool {
        guard a.entries.count == b.entries.count else { return false }
        for (k, v) in a.entries { guard b[k] == v else { return false } }
        return true
    }
}

extension Locals: Hashable where V: Hashable {
    func hash(into hasher: inout Hasher) {
        // A sum over the entries: the same whatever their order.
        var sum = entries.count
        for (k, v) in entries { sum &+= Int(truncatingIfNeeded: WordHasher.finalized(WordHasher.mixed(k.wordHash, UInt64(bitPattern: Int64(v.hashValue))))) }
        hasher.combine(sum)
    }
}

extension Locals {
    /// The same for equal locals, whatever their order: a sum over the entries of each name's word hash
    /// mixed with its value's (`value`), as `Dictionary.wordHash(_:)` gives.
    func wordHash(_ value: (V) -> UInt64) -> UInt64 {
        var sum = UInt64(truncatingIfNeeded: entries.count)
        for (k, v) in entries { sum &+= WordHasher.finalized(WordHasher.mixed(k.wordHash, value(v))) }
        return sum
    }
}

extension Locals where V == Values {
    /// `self[key, default: []].formUnion(v)`.
    @inline(__always) mutating func formUnion(_ key: String, with v: Values) {
        if let i = position(key) { Set<NavGraphResolve.Value>.union(&entries[i].value, v) } else { append(key, v) }
    }
}
