import Foundation
import NavGraphDiscovery
import NavGraphModel

/// The app's Objective-C files (`.m`, `.mm`), read only for the identifiers they mention. navgraph does
/// not follow Objective-C code; a Swift type or member such a file names may be made or called there
/// (`[[GDPRConsentViewController alloc] init]`, a selector), so it is live, never "unreachable" or
/// "dead" on the word of the Swift code alone.
enum ObjectiveCNames {
    /// Each file (relative path, sorted) with the identifiers it mentions; adds each file's path and
    /// bytes to `fingerprint` (the cached result depends on them).
    static func read(_ files: [SourceFile], maxFileSize: Int, fingerprint: inout RunKey) -> [(file: String, names: Set<String>)] {
        var result: [(file: String, names: Set<String>)] = []
        for file in files.sorted(by: { $0.relativePath < $1.relativePath }) {
            guard let data = FileManager.default.contents(atPath: file.absolutePath), data.count <= maxFileSize else { continue }
            fingerprint.string(file.relativePath)
            fingerprint.digest(ContentHash.digest([UInt8](data)))
            let names = identifiers(data)
            if !names.isEmpty { result.append((file.relativePath, names)) }
        }
        return result
    }

    /// Runs of letters, digits and `_` not starting with a digit, in comments and strings too (a class
    /// made from `NSClassFromString(@"…")` is named in a string).
    static func identifiers(_ data: Data) -> Set<String> {
        var names = Set<String>()
        var start: Int?
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            let bytes = raw.bindMemory(to: UInt8.self)
            func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
            func isWord(_ b: UInt8) -> Bool { b == UInt8(ascii: "_") || (b | 0x20 >= UInt8(ascii: "a") && b | 0x20 <= UInt8(ascii: "z")) || isDigit(b) }
            for i in 0...bytes.count {
                let word = i < bytes.count && isWord(bytes[i])
                if word, start == nil { start = i }
                if !word, let s = start {
                    if !isDigit(bytes[s]), i - s >= 2, i - s <= 128 {
                        names.insert(String(decoding: UnsafeBufferPointer(rebasing: bytes[s..<i]), as: UTF8.self))
                    }
                    start = nil
                }
            }
        }
        return names
    }
}
