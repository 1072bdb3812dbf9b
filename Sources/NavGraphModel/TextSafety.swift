/// Control characters made visible for line-oriented output (terminal text, `file:line:` diagnostics).
///
/// WHY: names and file paths come from the analyzed tree, and a file may be named
/// `x.swift\nApp.swift:1:1: error: …` or carry terminal escape sequences. Printed raw, one finding would
/// forge another line (Xcode and CI logs parse them) or repaint the terminal. `\n` becomes the two
/// characters `\n`, other controls `\u{1B}`; everything else, including all non-ASCII text, is kept.
public func visibleControlCharacters(_ s: String) -> String {
    // Most text has nothing to escape, which its UTF-8 bytes tell faster than its scalars: a C0 control
    // or DEL is one byte (below 0x20, 0x7F), a C1 control is 0xC2 then 0x80...0x9F, U+2028 and U+2029
    // are 0xE2 0x80 0xA8 and 0xE2 0x80 0xA9 (lead bytes are never continuation bytes).
    func hasEscapes(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        while i < b.count {
            let c = b[i]
            i += 1
            if c >= 0x20 && c < 0x7F { continue }
            if c < 0x20 || c == 0x7F { return true }
            if c == 0xC2, i < b.count, b[i] >= 0x80 && b[i] <= 0x9F { return true }
            if c == 0xE2, i + 1 < b.count, b[i] == 0x80, b[i + 1] == 0xA8 || b[i + 1] == 0xA9 { return true }
        }
        return false
    }
    var text = s
    let escapes = text.withUTF8(hasEscapes)
    guard escapes else { return s }
    var out = ""
    for ch in s.unicodeScalars {
        switch ch {
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        default:
            if ch.value < 0x20 || ch.value == 0x7F || (0x80..<0xA0).contains(ch.value) || ch == "\u{2028}" || ch == "\u{2029}" {
                out += "\\u{\(String(ch.value, radix: 16, uppercase: true))}"
            } else {
                out.unicodeScalars.append(ch)
            }
        }
    }
    return out
}

/// The one neutralisation for text that navgraph prints and that carries anything from the analyzed tree
/// (names, paths, comments, YAML), on standard output or standard error: apply it to each printed line
/// (or to the pieces of a line around navgraph's own colour codes) where the text leaves navgraph.
///
/// WHY: a CI log and a terminal read more than the words. Control characters and line breaks are made
/// visible (`visibleControlCharacters`: a name cannot start a line of its own nor repaint the terminal);
/// and what GitHub's runner reads as a workflow command is broken, so no finding forges an annotation,
/// a mask or `stop-commands`: `::` at the start of the line, after leading whitespace (the runner trims
/// it), becomes `\u{3A}:`, and `##[` anywhere in it (the runner's legacy form, looked for anywhere in a
/// line) becomes `#\u{23}[`. `atLineStart: false` is for a piece printed after navgraph's own start of
/// the line (a workflow command's fields, a table cell), where `::` is harmless and must stay as written.
public func neutralized(_ s: String, atLineStart: Bool = true) -> String {
    var out = visibleControlCharacters(s)
    if out.contains("##[") { out = out.replacingOccurrences(of: "##[", with: "#\\u{23}[") }
    // .NET's TrimStart: every Unicode white space, not just spaces.
    if atLineStart, let start = out.firstIndex(where: { !$0.isWhitespace }), out[start...].hasPrefix("::") {
        out.replaceSubrange(start...start, with: "\\u{3A}")
    }
    return out
}

/// Structured output (JSON, XML) escapes line breaks itself, so nothing from the tree starts a line; but
/// the runner's legacy `##[command]` is looked for anywhere in a line, and `##[` occurs in such output
/// only inside a string, where the format's own escape for `[` (`\u005B` in JSON, `&#91;` in XML) keeps
/// the value exactly.
public func breakingLegacyWorkflowCommands(_ text: String, escapedBracket: String) -> String {
    text.contains("##[") ? text.replacingOccurrences(of: "##[", with: "##" + escapedBracket) : text
}
