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
        let data: Data
        switch FileBytes.read(file.absolutePath, limit: limit) {
        case .success(let d): data = d
        case .failure(let why): return .skipped(Diagnostic(.warning, "cannot read file (\(why)); skipped", file: file.relativePath))
        }
        if data.prefix(8192).contains(0) {
            return .skipped(Diagnostic(.warning, "binary file (contains NUL bytes); skipped", file: file.relativePath))
        }
        if let s = String(data: data, encoding: .utf8) { return .text(s, nil) }
        return .text(String(decoding: data, as: UTF8.self), Diagnostic(.warning, notUTF8, file: file.relativePath))
    }
}
