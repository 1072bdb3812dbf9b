/// Defuses nesting that makes swift-syntax slow, before parsing. The rewrites keep every line where it
/// was (navgraph reports lines, not offsets), and the caller warns when one happened.
///
/// WHY: swift-syntax 602's parser is fast on real code but not on deep nesting:
/// - its type lookahead tries each `[` both as an InlineArray type (`[3 of Int]`) and as an array type,
///   so the time doubles with every nested `[` (22 levels take minutes). Square brackets deeper than
///   `squareLimit` become parentheses, which parse in linear time;
/// - its trailing-closure lookahead re-scans each nested block (`if a { if b { … } }`), which is
///   quadratic, and its own nesting bound does not apply to blocks. The inside of any bracket nested
///   deeper than `depthLimit` is removed (its newlines kept): it becomes `{}`, `()` or `[]`;
/// - it splits a run of `>` closing nested generics one character at a time, re-lexing the rest of the
///   run each time (quadratic): a run longer than `maximumRun` gets spaces between its `>`s;
/// - in an expression, each `A<` is a generic argument list only if a lookahead says so, and the
///   lookahead scans the whole nest inside it (quadratic: `A<` 2,000 deep took 80 s in a debug build). In
///   an expression, a generic `<` nested deeper than `maximumExpressionAngles` becomes a space. Types
///   (after `:` in a declaration, or `->`) parse without the lookahead and are left alone, however deep,
///   unless a `<` opens after a `>` closed in the same type while more than `depthLimit` are open (those
///   `<` become spaces), or the type has a `<` that opens no generics (`A<<B`, `A <B`), or its stretch
///   ends with generics still open: then its `<` past `maximumExpressionAngles`, before and after, become
///   spaces. No well-formed type does any of that that deep, and the parser reads such a broken type in
///   recovery, where the lookahead is quadratic again: it scans the rest of the statement at every open
///   level, so a long line needs the expressions' limit.
///
/// The scan is lexical: comments and string literals (raw, multi-line) are skipped; code inside string
/// interpolations counts like any other code.
enum BracketGuard {
    struct Result {
        var source: String
        /// First line where square brackets were turned into parentheses.
        var squareLine: Int?
        /// First line whose contents were blanked for depth.
        var depthLine: Int?
        /// First line where generic `<` nested too deep in an expression were turned into spaces.
        var angleLine: Int?
        /// First line where generic `<` nested too deep in a type were turned into spaces.
        var typeAngleLine: Int?
        /// First line where string interpolations nested past `maximumInterpolations` were removed.
        var interpolationLine: Int?
    }

    /// The rewritten source, or nil when the source nests within the limits (the common case).
    static func rewrite(_ source: String, squareLimit: Int, depthLimit: Int, angleLimit: Int = maximumExpressionAngles) -> Result? {
        var text = source
        return text.withUTF8 { bytes in
            var scanner = Scanner(bytes: bytes, squareLimit: squareLimit, depthLimit: depthLimit, angleLimit: angleLimit)
            scanner.run()
            return scanner.rewritten()
        }
    }

    private struct Opener {
        var byte: UInt8
        var toParen = false
        /// The blanked region starts after this opener.
        var blankFrom: Int?
    }

    static let maximumRun = 8
    /// String interpolations inside interpolations (`"\("\(x)")"`): past this depth the parser's lexer
    /// copies its state stack at every token (3,000 levels took 455 MB, 20,000 over 8 GB) and the scanner
    /// recursed once per level.
    static let maximumInterpolations = 32
    static let maximumExpressionAngles = 32

    private struct Scanner {
        /// The source's UTF-8 bytes, read in place (a scan of every file before it is parsed: bounds checks
        /// and a copy of the bytes were a third of its time).
        let bytes: UnsafeBufferPointer<UInt8>

        /// The rewritten source, or nil when nothing had to change.
        func rewritten() -> Result? {
            guard !toParens.isEmpty || !blanked.isEmpty || !spaced.isEmpty || !unangled.isEmpty || interpolationLine != nil else { return nil }
            var removed = [Bool](repeating: false, count: bytes.count)
            for range in blanked {
                for i in range where bytes[i] != UInt8(ascii: "\n") { removed[i] = true }
            }
            let toParens = Set(toParens), spaced = Set(spaced), unangled = Set(unangled)
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + spaced.count)
            for (i, b) in bytes.enumerated() where !removed[i] {
                if unangled.contains(i) { out.append(UInt8(ascii: " ")); continue }
                if toParens.contains(i) { out.append(b == UInt8(ascii: "[") ? UInt8(ascii: "(") : UInt8(ascii: ")")) } else { out.append(b) }
                if spaced.contains(i) { out.append(UInt8(ascii: " ")) }
            }
            return Result(source: String(decoding: out, as: UTF8.self), squareLine: squareLine, depthLine: depthLine,
                          angleLine: angleLine, typeAngleLine: typeAngleLine, interpolationLine: interpolationLine)
        }

        let squareLimit: Int
        let depthLimit: Int
        let angleLimit: Int
        var i = 0
        var line = 1
        var open: [Opener] = []
        var squares = 0
        var blanking = false
        var toParens: [Int] = []
        var blanked: [Range<Int>] = []
        /// `>`s followed by an inserted space.
        var spaced: [Int] = []
        /// Generic `<` open in the current stretch (from a line end, bracket, `;` or `=` to the next), whether
        /// the stretch is a type, and the `<` turned into spaces.
        var angles = 0
        var inType = false
        /// Whether a generic `>` closed in the stretch's type (a later `<` past `depthLimit` is a broken type).
        var closedInType = false
        /// Whether a `<` in the stretch's type opens no generics (`A<<B`, `A <B`): the type is broken, and a
        /// later `<` past `angleLimit` is read as a space.
        var brokenType = false
        /// Generic `<` of the stretch's type opened past `angleLimit` before anything said it was broken, and
        /// the line of the first: spaces if a `<` that opens no generics follows, or if the stretch ends with
        /// generics still open.
        var deepAngles: [Int] = []
        var deepAnglesLine: Int?
        var stretchStart: UInt8 = UInt8(ascii: "\n")
        /// Where the stretch's text starts, and the ternary `?`s in it still waiting for their `:`.
        var stretchFrom = 0
        var ternaries = 0
        var unangled: [Int] = []
        var angleLine: Int?
        var typeAngleLine: Int?
        var squareLine: Int?
        var depthLine: Int?
        /// Interpolations open around `i`, and the first line where one past the limit was removed.
        var interpolations = 0
        var interpolationLine: Int?

        init(bytes: UnsafeBufferPointer<UInt8>, squareLimit: Int, depthLimit: Int, angleLimit: Int) {
            self.bytes = bytes
            self.squareLimit = squareLimit
            self.depthLimit = depthLimit
            self.angleLimit = angleLimit
        }

        /// Starts a stretch at `c` (a line end, bracket, `;` or `=`): no generic is open, and it is no type yet.
        mutating func newStretch(_ c: UInt8) {
            endStretch()
            angles = 0
            inType = false
            closedInType = false
            brokenType = false
            if !deepAngles.isEmpty { deepAngles.removeAll(keepingCapacity: true) }
            deepAnglesLine = nil
            stretchStart = c
            stretchFrom = i + 1
            ternaries = 0
        }

        /// A type whose generics are still open where its stretch ends is broken.
        mutating func endStretch() {
            if angles > 0 { flushDeepAngles() }
        }

        /// The stretch's type is broken: its `<` opened past `angleLimit` so far become spaces (the parser would
        /// read them in recovery, scanning what follows at every level).
        mutating func flushDeepAngles() {
            guard let first = deepAnglesLine else { return }
            unangled += deepAngles
            typeAngleLine = typeAngleLine ?? first
            deepAngles.removeAll(keepingCapacity: true)
            deepAnglesLine = nil
        }

        /// Whether the stretch is a `case …:` or `default:` label of a switch (its `:` ends the label).
        func isCaseLabel() -> Bool {
            var k = stretchFrom
            while k < i, bytes[k] == UInt8(ascii: " ") || bytes[k] == UInt8(ascii: "\t") { k += 1 }
            return starts(with: Scanner.caseWord, at: k) || starts(with: Scanner.defaultWord, at: k)
        }

        static let caseWord = Array("case".utf8), defaultWord = Array("default".utf8)

        /// Whether the word stands at `k`, before `i` and not followed by an identifier's byte.
        func starts(with word: [UInt8], at k: Int) -> Bool {
            guard k + word.count <= i else { return false }
            for (n, b) in word.enumerated() where bytes[k + n] != b { return false }
            return !Scanner.isIdentifierByte(bytes[k + word.count])
        }

        static func isIdentifierByte(_ b: UInt8) -> Bool {
            (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
                || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: "_") || b >= 0x80
        }

        func at(_ offset: Int) -> UInt8 { i + offset < bytes.count ? bytes[i + offset] : 0 }

        mutating func advance() {
            if bytes[i] == UInt8(ascii: "\n") { line += 1 }
            i += 1
        }

        mutating func run() {
            code(interpolation: false)
            endStretch()
            // Unclosed brackets: blank to the end.
            if let from = open.first(where: { $0.blankFrom != nil })?.blankFrom, from < bytes.count { blanked.append(from..<bytes.count) }
        }

        /// Code, up to the end (or, inside an interpolation, up to its closing parenthesis).
        mutating func code(interpolation: Bool) {
            let base = open.count
            let special = Scanner.special
            while i < bytes.count {
                let c = bytes[i]
                switch c {
                case UInt8(ascii: "/") where at(1) == UInt8(ascii: "/"):
                    while i < bytes.count && bytes[i] != UInt8(ascii: "\n") { advance() }
                case UInt8(ascii: "/") where at(1) == UInt8(ascii: "*"):
                    blockComment()
                case UInt8(ascii: "#") where rawStringStart() != nil, UInt8(ascii: "\""):
                    string()
                case UInt8(ascii: ">"):
                    var n = 0
                    while at(n) == UInt8(ascii: ">") { n += 1 }
                    if n > BracketGuard.maximumRun { spaced.append(contentsOf: i..<(i + n - 1)) }
                    // `->` is an arrow (a return type follows), not a closing angle.
                    let arrow = i > 0 && bytes[i - 1] == UInt8(ascii: "-")
                    if arrow { inType = true }
                    if inType && n > (arrow ? 1 : 0) { closedInType = true }
                    angles = max(0, angles - (arrow ? n - 1 : n))
                    for _ in 0..<n { advance() }
                case UInt8(ascii: "?") where i > 0 && (bytes[i - 1] == UInt8(ascii: " ") || bytes[i - 1] == UInt8(ascii: "\t"))
                    && at(1) != UInt8(ascii: "?"):
                    // A ternary's `?` has a space before it (an optional's is glued to what it follows; `??` is not one).
                    ternaries += 1
                    advance()
                case UInt8(ascii: ":"):
                    // A declaration's type (`let g: T`, `func f(x: T)` is a label's stretch, started by `(`), not a
                    // ternary's `:` nor the end of a `case` label.
                    if ternaries > 0 {
                        ternaries -= 1
                    } else if stretchStart != UInt8(ascii: "("), stretchStart != UInt8(ascii: "["), !isCaseLabel() {
                        inType = true
                    }
                    advance()
                case UInt8(ascii: "<"):
                    // A generic `<` follows a name directly (`A<B`); `a < b`, `<=` and `<<` are operators.
                    if i > 0, Scanner.isIdentifierByte(bytes[i - 1]), at(1) != UInt8(ascii: "="), at(1) != UInt8(ascii: "<") {
                        if inType ? (brokenType && angles >= angleLimit) || (closedInType && angles >= depthLimit) : angles >= angleLimit {
                            unangled.append(i)
                            if inType { typeAngleLine = typeAngleLine ?? line } else { angleLine = angleLine ?? line }
                        } else {
                            if inType && angles >= angleLimit { deepAngles.append(i); deepAnglesLine = deepAnglesLine ?? line }
                            angles += 1
                        }
                    } else if inType {
                        // In a well-formed type every `<` opens generics: this type is broken, and its deep `<` so far
                        // are spaces too (the parser would read them in recovery).
                        brokenType = true
                        flushDeepAngles()
                    }
                    advance()
                case UInt8(ascii: "\n"), UInt8(ascii: ";"), UInt8(ascii: "="):
                    newStretch(c)
                    advance()
                case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                    newStretch(c)
                    var o = Opener(byte: c)
                    if c == UInt8(ascii: "[") {
                        squares += 1
                        if squares > squareLimit && !blanking {
                            o.toParen = true
                            toParens.append(i)
                            if squareLine == nil { squareLine = line }
                        }
                    }
                    if open.count + 1 > depthLimit && !blanking {
                        blanking = true
                        o.blankFrom = i + 1
                        if depthLine == nil { depthLine = line }
                    }
                    open.append(o)
                    advance()
                case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                    newStretch(c)
                    if interpolation && open.count == base && c == UInt8(ascii: ")") { advance(); return }
                    if open.count > base, let o = open.popLast() {
                        if o.byte == UInt8(ascii: "[") { squares -= 1 }
                        if o.toParen { toParens.append(i) }
                        if let from = o.blankFrom {
                            blanked.append(from..<i)
                            blanking = false
                        }
                    }
                    advance()
                default:
                    advance()
                    // Names, numbers and spaces (most of a file) are skipped in one go.
                    var k = i
                    while k < bytes.count && Scanner.isPlain(bytes[k], special) { k += 1 }
                    i = k
                }
            }
        }

        /// Bytes `code` passes over whatever comes before or after them: not one its cases look at, nor a
        /// line break (`advance` counts lines).
        static let special: (low: UInt64, high: UInt64) = {
            var low: UInt64 = 0, high: UInt64 = 0
            for b in "/#\">?:<\n;=([{)]}".utf8 { if b < 64 { low |= 1 << b } else { high |= 1 << (b - 64) } }
            return (low, high)
        }()

        /// Whether `b` is not one of `special`'s ASCII bytes (a bit per byte: no table to bounds-check).
        @inline(__always) static func isPlain(_ b: UInt8, _ special: (low: UInt64, high: UInt64)) -> Bool {
            if b >= 128 { return true }
            return b < 64 ? (special.low >> UInt64(b)) & 1 == 0 : (special.high >> UInt64(b - 64)) & 1 == 0
        }

        /// `#…#"` starts a raw string: the number of `#` before the quote.
        func rawStringStart() -> Int? {
            var n = 0
            while at(n) == UInt8(ascii: "#") { n += 1 }
            return at(n) == UInt8(ascii: "\"") ? n : nil
        }

        mutating func blockComment() {
            var depth = 0
            while i < bytes.count {
                if bytes[i] == UInt8(ascii: "/") && at(1) == UInt8(ascii: "*") { depth += 1; advance(); advance(); continue }
                if bytes[i] == UInt8(ascii: "*") && at(1) == UInt8(ascii: "/") {
                    depth -= 1; advance(); advance()
                    if depth == 0 { return }
                    continue
                }
                advance()
            }
        }

        /// From the `(` of an interpolation to just past its `)`, without recursion: a stack of what is open,
        /// a string (its quote count and hashes) or code (its open parentheses).
        mutating func skipInterpolation() {
            enum Frame { case code(parens: Int), string(quotes: Int, hashes: Int) }
            var stack: [Frame] = [.code(parens: 0)]
            advance()
            while i < bytes.count, let top = stack.last {
                let c = bytes[i]
                switch top {
                case .code(let parens):
                    if c == UInt8(ascii: "(") { stack[stack.count - 1] = .code(parens: parens + 1); advance(); continue }
                    if c == UInt8(ascii: ")") {
                        advance()
                        if parens == 0 { stack.removeLast() } else { stack[stack.count - 1] = .code(parens: parens - 1) }
                        continue
                    }
                    if let hashes = rawStringStart() {
                        for _ in 0..<hashes { advance() }
                        let quotes = at(0) == UInt8(ascii: "\"") && at(1) == UInt8(ascii: "\"") && at(2) == UInt8(ascii: "\"") ? 3 : 1
                        for _ in 0..<quotes { advance() }
                        stack.append(.string(quotes: quotes, hashes: hashes))
                        continue
                    }
                    advance()
                case .string(let quotes, let hashes):
                    if c == UInt8(ascii: "\\") && (0..<hashes).allSatisfy({ at(1 + $0) == UInt8(ascii: "#") }) {
                        for _ in 0...hashes { advance() }
                        if i < bytes.count && bytes[i] == UInt8(ascii: "(") { advance(); stack.append(.code(parens: 0)) } else if i < bytes.count { advance() }
                        continue
                    }
                    if c == UInt8(ascii: "\""), (0..<quotes).allSatisfy({ at($0) == UInt8(ascii: "\"") }), (0..<hashes).allSatisfy({ at(quotes + $0) == UInt8(ascii: "#") }) {
                        for _ in 0..<(quotes + hashes) { advance() }
                        stack.removeLast()
                        continue
                    }
                    if c == UInt8(ascii: "\n") && quotes == 1 { stack.removeLast() }
                    advance()
                }
            }
        }

        /// A string literal starting at `i` (`"…"`, `"""…"""`, `#"…"#`); interpolations are scanned as code.
        mutating func string() {
            let hashes = rawStringStart() ?? 0
            for _ in 0..<hashes { advance() }
            let multiline = at(0) == UInt8(ascii: "\"") && at(1) == UInt8(ascii: "\"") && at(2) == UInt8(ascii: "\"")
            for _ in 0..<(multiline ? 3 : 1) { advance() }
            while i < bytes.count {
                let c = bytes[i]
                if c == UInt8(ascii: "\\") && (0..<hashes).allSatisfy({ at(1 + $0) == UInt8(ascii: "#") }) {
                    let backslash = i
                    for _ in 0...hashes { advance() }
                    if i < bytes.count && bytes[i] == UInt8(ascii: "("), interpolations >= BracketGuard.maximumInterpolations {
                        interpolationLine = interpolationLine ?? line
                        skipInterpolation()
                        blanked.append(backslash..<i)
                    } else if i < bytes.count && bytes[i] == UInt8(ascii: "(") {
                        advance()
                        // Interpolations nest (`"\("\(x)")"`); each level counts as a bracket.
                        open.append(Opener(byte: UInt8(ascii: "(")))
                        interpolations += 1
                        code(interpolation: true)
                        interpolations -= 1
                        _ = open.popLast()
                    } else if i < bytes.count {
                        advance()
                    }
                    continue
                }
                if c == UInt8(ascii: "\"") {
                    let quotes = multiline ? 3 : 1
                    if (0..<quotes).allSatisfy({ at($0) == UInt8(ascii: "\"") }) && (0..<hashes).allSatisfy({ at(quotes + $0) == UInt8(ascii: "#") }) {
                        for _ in 0..<(quotes + hashes) { advance() }
                        return
                    }
                }
                // A single-line string ends at the line's end even when unterminated, as the lexer's does.
                if c == UInt8(ascii: "\n") && !multiline { return }
                advance()
            }
        }
    }
}
