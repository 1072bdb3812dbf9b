import Foundation
import NavGraphDiscovery
import NavGraphExtract
import NavGraphModel

/// Runs per-file jobs on worker threads with a large explicit stack: SwiftSyntax visitors recurse, and
/// the default stack of secondary threads is too small for deeply nested code.
enum ParallelJobs {
    static let stackSize = 256 << 20

    static func map<T>(_ count: Int, threads: Int, _ job: @escaping (Int) -> T) -> [T] {
        var results = [T?](repeating: nil, count: count)
        guard count > 0 else { return [] }
        let lock = NSLock()
        var next = 0
        let workers = max(1, min(threads, count))
        let group = DispatchGroup()
        results.withUnsafeMutableBufferPointer { buffer in
            let base = buffer.baseAddress!
            for _ in 0..<workers {
                group.enter()
                let thread = Thread {
                    while true {
                        lock.lock()
                        let i = next
                        next += 1
                        lock.unlock()
                        if i >= count { break }
                        (base + i).pointee = job(i)
                    }
                    group.leave()
                }
                thread.stackSize = stackSize
                thread.start()
            }
            group.wait()
        }
        return results.map { $0! }
    }
}

/// Reading one file: binary files, bad encodings and unreadable files become diagnostics, not crashes.
enum SourceReader {
    enum Outcome {
        case text(String, Diagnostic?)
        case skipped(Diagnostic)
    }

    static let notUTF8 = "not valid UTF-8; invalid bytes were replaced"

    static func read(_ file: SourceFile) -> Outcome {
        guard let data = FileManager.default.contents(atPath: file.absolutePath) else {
            return .skipped(Diagnostic(.warning, "cannot read file; skipped", file: file.relativePath))
        }
        if data.prefix(8192).contains(0) {
            return .skipped(Diagnostic(.warning, "binary file (contains NUL bytes); skipped", file: file.relativePath))
        }
        if let s = String(data: data, encoding: .utf8) { return .text(s, nil) }
        return .text(String(decoding: data, as: UTF8.self), Diagnostic(.warning, notUTF8, file: file.relativePath))
    }
}
