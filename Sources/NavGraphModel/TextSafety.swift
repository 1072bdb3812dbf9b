/// Control characters made visible for line-oriented output (terminal text, `file:line:` diagnostics).
///
/// WHY: names and file paths come from the analyzed tree, and a file may be named
/// `x.swift\nApp.swift:1:1: error: …` or carry terminal escape sequences. Printed raw, one finding would
/// forge another line (Xcode and CI logs parse them) or repaint the terminal. `\n` becomes the two
/// characters `\n`, other controls `\u{1B}`; everything else, including all non-ASCII text, is kept.
public func visibleControlCharacters(_ s: String) -> String {
    guard s.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F || (0x80..<0xA0).contains($0.value) || $0 == "\u{2028}" || $0 == "\u{2029}" }) else { return s }
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
