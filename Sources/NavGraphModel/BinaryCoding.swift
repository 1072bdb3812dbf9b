/// The primitives of navgraph's binary formats (the facts codec, the result cache): varints, zigzag
/// integers, little-endian fixed widths, and strings written once into a table and then by index.
/// Each format is a writer and a reader conforming to these, with its own records on top.
public protocol BinaryWriting {
    var bytes: [UInt8] { get set }
    var strings: [String] { get set }
    var stringIndex: NameMap<Int> { get set }
    /// Writes `s` as an index into the string table, adding it the first time.
    mutating func string(_ s: String)
}

public extension BinaryWriting {
    @inlinable mutating func uint(_ v: UInt64) {
        var v = v
        while v >= 0x80 { bytes.append(UInt8(v & 0x7F) | 0x80); v >>= 7 }
        bytes.append(UInt8(v))
    }
    @inlinable mutating func int(_ v: Int) { uint(UInt64(bitPattern: Int64(v)) << 1 ^ UInt64(bitPattern: Int64(v) >> 63)) }
    @inlinable mutating func bool(_ b: Bool) { bytes.append(b ? 1 : 0) }
    @inlinable mutating func u32(_ v: UInt32) { for i in 0..<4 { bytes.append(UInt8(truncatingIfNeeded: v >> (8 * i))) } }
    @inlinable mutating func u64(_ v: UInt64) { for i in 0..<8 { bytes.append(UInt8(truncatingIfNeeded: v >> (8 * i))) } }
    @inlinable mutating func optInt(_ v: Int?) {
        if let v { bytes.append(1); int(v) } else { bytes.append(0) }
    }
    @inlinable mutating func rawString(_ s: String) {
        uint(UInt64(s.utf8.count))
        bytes.append(contentsOf: s.utf8)
    }
    @inlinable mutating func string(_ s: String) {
        if let i = stringIndex[s] { uint(UInt64(i)); return }
        stringIndex[s] = strings.count
        uint(UInt64(strings.count))
        strings.append(s)
    }
    @inlinable mutating func optString(_ s: String?) {
        if let s { bytes.append(1); string(s) } else { bytes.append(0) }
    }
    @inlinable mutating func strings(_ list: [String]) { uint(UInt64(list.count)); for s in list { string(s) } }
    @inlinable mutating func list<T>(_ items: [T], _ f: (inout Self, T) -> Void) {
        uint(UInt64(items.count))
        for i in items { f(&self, i) }
    }
}

/// Reads what a `BinaryWriting` wrote. Every read is bounds-checked: past the end, an overlong varint or
/// an index out of range sets `failed` and returns a placeholder, and the caller discards everything.
public protocol BinaryReading {
    var bytes: UnsafeBufferPointer<UInt8> { get }
    var pos: Int { get set }
    var strings: [String] { get set }
    var failed: Bool { get set }
    /// A count of items that each take at least one byte: one past what is left is damage.
    mutating func count() -> Int
}

public extension BinaryReading {
    @inlinable mutating func byte() -> UInt8 {
        guard pos < bytes.count else { failed = true; return 0 }
        defer { pos += 1 }
        return bytes[pos]
    }
    @inlinable mutating func uint() -> UInt64 {
        // Most numbers (string indexes, counts, lines) fit in one byte.
        if pos < bytes.count, bytes[pos] < 0x80 {
            defer { pos += 1 }
            return UInt64(bytes[pos])
        }
        var v: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let b = byte()
            v |= UInt64(b & 0x7F) << shift
            if b & 0x80 == 0 || failed { break }
            shift += 7
            if shift > 63 { failed = true; break }
        }
        return v
    }
    @inlinable mutating func int() -> Int { let u = uint(); return Int(Int64(bitPattern: (u >> 1) ^ (0 &- (u & 1)))) }
    @inlinable mutating func bool() -> Bool { byte() != 0 }
    @inlinable mutating func optInt() -> Int? { byte() == 1 ? int() : nil }
    @inlinable mutating func raw(_ n: Int) -> UnsafeBufferPointer<UInt8> {
        guard n >= 0, n <= bytes.count - pos else { failed = true; return UnsafeBufferPointer(start: nil, count: 0) }
        defer { pos += n }
        return UnsafeBufferPointer(rebasing: bytes[pos..<(pos + n)])
    }
    @inlinable mutating func u32() -> UInt32 { raw(4).reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) } }
    @inlinable mutating func u64() -> UInt64 { raw(8).reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) } }
    @inlinable mutating func count() -> Int {
        let n = Int(clamping: uint())
        if n > bytes.count - pos { failed = true; return 0 }
        return n
    }
    @inlinable mutating func rawString() -> String {
        let n = count()
        guard !failed, n <= bytes.count - pos else { failed = true; return "" }
        let s = String(decoding: UnsafeBufferPointer(rebasing: bytes[pos..<pos + n]), as: UTF8.self)
        pos += n
        return s
    }
    @inlinable mutating func string() -> String {
        let i = Int(clamping: uint())
        guard i < strings.count else { failed = true; return "" }
        return strings[i]
    }
    @inlinable mutating func optString() -> String? { byte() == 1 ? string() : nil }
}
