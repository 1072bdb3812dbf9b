/// A chain of `else if` nests as deep as it is long in the syntax tree: some 50,000 of them overflow the
/// stack of the parser or of the tree's release. Past `limit` in one file, the `else` of an `else if` is
/// read as `;` and spaces (same bytes, same lines): the branches become `if` statements one after another,
/// each of which may run, which over-approximates what the chain does.
public enum ElseIfGuard {
    public static let limit = 2_000

    /// The source with `else` of every `else if` past the `limit`-th turned into `;   `, and the line of
    /// the first one changed; nil when the file has no more than `limit`.
    public static func rewrite(_ source: String, limit: Int = ElseIfGuard.limit) -> (source: String, line: Int)? {
        // "else if" is 7 bytes: a file shorter than that many cannot have more.
        guard source.utf8.count > 7 * limit else { return nil }
        var bytes = Array(source.utf8)
        var count = 0
        var line = 1
        var firstLine: Int?
        var i = 0
        let n = bytes.count
        func isIdentifier(_ b: UInt8) -> Bool {
            (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F || b >= 0x80
        }
        while i < n {
            let b = bytes[i]
            if b == UInt8(ascii: "\n") { line += 1; i += 1; continue }
            guard b == UInt8(ascii: "e"), i + 4 <= n, bytes[i + 1] == UInt8(ascii: "l"), bytes[i + 2] == UInt8(ascii: "s"),
                  bytes[i + 3] == UInt8(ascii: "e"), i == 0 || !isIdentifier(bytes[i - 1]) else { i += 1; continue }
            var j = i + 4
            while j < n, bytes[j] == UInt8(ascii: " ") || bytes[j] == UInt8(ascii: "\t") || bytes[j] == UInt8(ascii: "\n") || bytes[j] == UInt8(ascii: "\r") { j += 1 }
            guard j > i + 4, j + 2 <= n, bytes[j] == UInt8(ascii: "i"), bytes[j + 1] == UInt8(ascii: "f"),
                  j + 2 == n || !isIdentifier(bytes[j + 2]) else { i += 4; continue }
            count += 1
            if count > limit {
                firstLine = firstLine ?? line
                bytes[i] = UInt8(ascii: ";")
                bytes[i + 1] = UInt8(ascii: " ")
                bytes[i + 2] = UInt8(ascii: " ")
                bytes[i + 3] = UInt8(ascii: " ")
            }
            i += 4
        }
        guard let firstLine else { return nil }
        return (String(decoding: bytes, as: UTF8.self), firstLine)
    }
}
