import Foundation
import NavGraphDiscovery
import NavGraphExtract
import NavGraphModel

/// Runs per-file jobs on worker threads with a large explicit stack: SwiftSyntax visitors recurse, and
/// the default stack of secondary threads is too small for deeply nested code (see `LargeStack`).
enum ParallelJobs {
    static var stackSize: Int { LargeStack.size }

    static func map<T>(_ count: Int, threads: Int, _ job: @escaping (Int) -> T) -> [T] {
        LargeStack.map(count, threads: threads, job)
    }
}

/// Reading one file: binary files, bad encodings, unreadable and non-regular files become diagnostics
/// that name the file, never crashes or hangs.
enum SourceReader {
    enum Outcome {
        case text(String, Diagnostic?)
        case skipped(Diagnostic)
    }

    static let notUTF8 = "not valid UTF-8; invalid bytes were replaced"

    /// Reads at most `limit` bytes. The file is opened non-blocking and checked to be a regular file on the
    /// open descriptor, so a FIFO, socket or device put in place after discovery cannot hang or flood us.
    static func read(_ file: SourceFile, limit: Int = DiscoveryOptions().maxFileSize) -> Outcome {
        let bytes: [UInt8]
        switch FileBytes.read(file.absolutePath, limit: limit) {
        case .success(let b): bytes = b
        case .failure(let why): return .skipped(Diagnostic(.warning, "cannot read file (\(why)); skipped", file: file.relativePath))
        }
        return outcome(bytes, file)
    }

    /// What `read` makes of a file's bytes.
    static func outcome(_ bytes: [UInt8], _ file: SourceFile) -> Outcome {
        if bytes.withUnsafeBufferPointer({ !$0.isEmpty && memchr($0.baseAddress!, 0, min($0.count, 8192)) != nil }) {
            return .skipped(Diagnostic(.warning, "binary file (contains NUL bytes); skipped", file: file.relativePath))
        }
        let (text, valid) = decode(bytes)
        return .text(text, valid ? nil : Diagnostic(.warning, notUTF8, file: file.relativePath))
    }

    /// The text of the bytes as `String(data:encoding: .utf8)` reads it (a leading byte order mark
    /// dropped) when they are valid UTF-8; else with the invalid bytes replaced, and `valid` false.
    static func decode(_ bytes: [UInt8]) -> (text: String, valid: Bool) {
        var text = String(decoding: bytes, as: UTF8.self)
        // Repairing changes the bytes: the text is the input exactly when the input was valid.
        let valid = text.utf8.count == bytes.count && text.withUTF8 { t in
            bytes.withUnsafeBufferPointer { b in b.isEmpty || memcmp(t.baseAddress!, b.baseAddress!, b.count) == 0 }
        }
        if valid && bytes.starts(with: [0xEF, 0xBB, 0xBF]) { text = String(decoding: bytes[3...], as: UTF8.self) }
        return (text, valid)
    }
}
