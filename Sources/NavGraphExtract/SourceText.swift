#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@_spi(RawSyntax) import SwiftSyntax

/// The text a tree was parsed from, to read a node's source text and line without building strings
/// from the tree.
///
/// WHY: `trimmedDescription` copies the node into a new tree (key paths, a new arena) only to print it,
/// and `SourceLocationConverter` walks the whole tree to find the line breaks. Both answers are in the
/// parsed bytes: a tree is source-accurate, so a node's trimmed description is a range of them (see
/// `RNode.trimmedRange`, which also covers nodes with missing tokens), and its line is the number of line
/// breaks before `positionAfterSkippingLeadingTrivia` plus one. Files with a carriage return use the
/// converter (a `\r\n` split between two tokens counts as two line breaks for it).
struct SourceText {
    let bytes: UnsafeBufferPointer<UInt8>
    private let lineStarts: [Int]
    private let converter: SourceLocationConverter?

    init(bytes: UnsafeBufferPointer<UInt8>, tree: SourceFileSyntax, fileName: String) {
        self.bytes = bytes
        var starts: [Int] = []
        if let base = bytes.baseAddress, memchr(base, Int32(UInt8(ascii: "\r")), bytes.count) == nil {
            converter = nil
            starts.reserveCapacity(bytes.count / 32)
            var offset = 0
            while offset < bytes.count, let p = memchr(base + offset, Int32(UInt8(ascii: "\n")), bytes.count - offset) {
                offset = UnsafePointer<UInt8>(p.assumingMemoryBound(to: UInt8.self)) - base + 1
                starts.append(offset)
            }
        } else {
            converter = bytes.isEmpty ? nil : SourceLocationConverter(fileName: fileName, tree: tree)
        }
        lineStarts = starts
    }

    /// The 1-based line of a position (the line of `SourceLocationConverter.location(for:)`).
    func line(_ position: AbsolutePosition) -> Int {
        if let converter { return converter.location(for: position).line }
        let offset = max(0, min(position.utf8Offset, bytes.count))
        // The number of line starts at or before the offset (on the buffer: no bounds checks).
        return lineStarts.withUnsafeBufferPointer { starts in
            var lo = 0, hi = starts.count
            while lo < hi {
                let mid = (lo + hi) >> 1
                if starts[mid] <= offset { lo = mid + 1 } else { hi = mid }
            }
            return lo + 1
        }
    }

    /// The line where the node's text starts (after its leading trivia).
    func line(_ node: some SyntaxProtocol) -> Int { line(node.positionAfterSkippingLeadingTrivia) }

    /// `node.trimmedDescription`, read from the bytes as for a raw node (`RNode.trimmedRange`).
    func trimmed(_ node: some SyntaxProtocol) -> String { trimmed(RNode(node)) }

    /// `Walker.squeeze(node.trimmedDescription)`: the text without any whitespace.
    func squeezed(_ node: some SyntaxProtocol) -> String { squeezed(RNode(node)) }

    /// `Walker.text(node)`: the text without whitespace other than plain spaces.
    func spaced(_ node: some SyntaxProtocol) -> String { spaced(RNode(node)) }

    /// ASCII text without its whitespace (tab, line feed, vertical tab, form feed, carriage return and,
    /// unless `keepSpace`, space: the ASCII characters whose `isWhitespace` is true; `\r\n` is one
    /// whitespace character). Nil when the text is not all ASCII: then `Character` decides.
    static func filtered(_ b: UnsafeBufferPointer<UInt8>, keepSpace: Bool) -> String? {
        var whitespace = 0
        for c in b {
            if c >= 0x80 { return nil }
            if (c >= 0x09 && c <= 0x0D) || (c == 0x20 && !keepSpace) { whitespace += 1 }
        }
        if whitespace == 0 { return String(decoding: b, as: UTF8.self) }
        return String(unsafeUninitializedCapacity: b.count - whitespace) { out in
            var n = 0
            for c in b where !((c >= 0x09 && c <= 0x0D) || (c == 0x20 && !keepSpace)) {
                out[n] = c
                n += 1
            }
            return n
        }
    }
}

extension UnsafeBufferPointer where Element == UInt8 {
    /// Whether `needle` occurs in the bytes (`memchr` for its first byte, then a comparison).
    func contains(bytes needle: StaticString) -> Bool {
        let n = needle.utf8CodeUnitCount
        guard let base = baseAddress, n > 0, count >= n else { return false }
        let first = Int32(needle.utf8Start.pointee)
        var offset = 0
        while offset <= count - n, let p = memchr(base + offset, first, count - n + 1 - offset) {
            let at = UnsafePointer<UInt8>(p.assumingMemoryBound(to: UInt8.self))
            if memcmp(at, needle.utf8Start, n) == 0 { return true }
            offset = at - base + 1
        }
        return false
    }
}

extension SyntaxCollection {
    /// The elements, as iterating the collection gives them, without SwiftSyntax's generic iterator: it
    /// casts each element through an unspecialized generic function that looks up `Optional<Element>`'s
    /// metadata at run time, a good part of the walker's time.
    var each: SyntaxElements<Self> { SyntaxElements(children: children(viewMode: .all)) }
}

/// A collection's elements (collections have no missing children, so `.all` is every element).
struct SyntaxElements<Collection: SyntaxCollection>: Sequence {
    let children: SyntaxChildren

    func makeIterator() -> Iterator { Iterator(base: children.makeIterator()) }

    struct Iterator: IteratorProtocol {
        var base: SyntaxChildren.Iterator
        mutating func next() -> Collection.Element? { base.next().map { Collection.Element($0)! } }
    }
}

extension TokenSyntax {
    /// `text`, read from the token's bytes: `text` first builds a `TokenKind` (a string for every
    /// identifier) and reads the text back from it. The two differ only for missing tokens, whose
    /// bytes are empty and whose `text` is their kind's usual spelling.
    var sourceText: String {
        let raw = rawText
        return (raw.isEmpty ? text : String(syntaxText: raw)).withoutBackticks
    }
}

extension String {
    /// `` `public` `` is the name `public`: Swift reads an escaped identifier as the bare one.
    var withoutBackticks: String {
        guard utf8.count > 2, utf8.first == UInt8(ascii: "`"), utf8.last == UInt8(ascii: "`") else { return self }
        return String(dropFirst().dropLast())
    }
}
