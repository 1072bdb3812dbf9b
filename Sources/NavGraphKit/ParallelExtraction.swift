import Foundation
import NavGraphDiscovery
import NavGraphExtract
import NavGraphModel

/// Runs per-file jobs on worker threads with a large explicit stack: SwiftSyntax visitors recurse, and
/// the default stack of secondary threads is too small for deeply nested code (see `LargeStack`).
enum ParallelJobs {
    static func map<T>(_ count: Int, threads: Int, _ job: @escaping (Int) -> T) -> [T] {
        LargeStack.map(count, threads: threads, job)
    }

    /// `map`, giving up on a job still running after `timeLimit` seconds: its result is nil, and a new
    /// worker takes the place of the one running it, which is left to finish on its own, at the lowest
    /// priority, and whose result is dropped. `job` gets a check it may call to learn whether it was given
    /// up on.
    ///
    /// WHY: a thread cannot be stopped, and SwiftParser's recovery from some broken code is quadratic in
    /// the tokens that follow (20,000 garbage members `A<B>` in one type: 213 s). Such a file must not
    /// hold up the run: it is reported and skipped, and the process ends without waiting for it.
    static func map<T>(_ count: Int, threads: Int, timeLimit: Double,
                       _ job: @escaping (_ index: Int, _ givenUp: @escaping () -> Bool) -> T) -> [T?] {
        guard count > 0 else { return [] }
        let board = JobBoard<T>(count)
        func startWorker() {
            LargeStack.startThread {
                let thread = ThreadPriority.currentThread
                while let i = board.claim(on: thread) {
                    let result = job(i) { board.isGivenUp(i) }
                    if !board.finish(i, result) { return }  // given up on: this worker was replaced
                }
            }
        }
        for _ in 0..<max(1, min(threads, count)) { startWorker() }
        board.wait(timeLimit: timeLimit, replace: startWorker)
        return board.results
    }
}

/// The state `ParallelJobs.map(_:threads:timeLimit:_:)` shares with its workers, under one lock.
private final class JobBoard<T>: @unchecked Sendable {
    private let condition = NSCondition()
    private let count: Int
    private var next = 0
    private var finished = 0
    /// Each running job: when it started, and its thread (`ThreadPriority.currentThread`), to lower if it
    /// is given up on.
    private var running: [Int: (started: Date, thread: Int32?)] = [:]
    private var givenUp = Set<Int>()
    private(set) var results: [T?]

    init(_ count: Int) {
        self.count = count
        results = Array(repeating: nil, count: count)
    }

    /// The next job to run, nil when none is left.
    func claim(on thread: Int32?) -> Int? {
        condition.lock()
        defer { condition.unlock() }
        guard next < count else { return nil }
        next += 1
        running[next - 1] = (Date(), thread)
        return next - 1
    }

    /// Records job `i`'s result; false when the job was given up on (its result is dropped).
    func finish(_ i: Int, _ result: T) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !givenUp.contains(i) else { return false }
        running[i] = nil
        results[i] = result
        finished += 1
        // Only the last job wakes the waiter, which otherwise wakes by itself when a job could be overdue.
        // WHY: a wake per file (6,000 at a million lines) took the core a worker needed, and the lock.
        if finished == count { condition.broadcast() }
        return true
    }

    func isGivenUp(_ i: Int) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        return givenUp.contains(i)
    }

    /// Waits until every job has finished or been given up on; for each one given up on, `replace`
    /// starts a new worker (called with the lock held: it only starts a thread).
    func wait(timeLimit: Double, replace: () -> Void) {
        condition.lock()
        defer { condition.unlock() }
        while finished < count {
            let now = Date()
            for (i, job) in running where now.timeIntervalSince(job.started) >= timeLimit {
                running[i] = nil
                givenUp.insert(i)
                finished += 1
                // It runs on: the rest of the analysis should not share a core with it evenly.
                if let thread = job.thread { ThreadPriority.lowest(thread) }
                replace()
            }
            guard finished < count else { break }
            let soonest = running.values.map(\.started).min().map { $0.addingTimeInterval(timeLimit) } ?? now.addingTimeInterval(timeLimit)
            _ = condition.wait(until: max(soonest, now.addingTimeInterval(0.01)))
        }
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

/// Thread ids and priorities, where the system has them per thread (Linux).
enum ThreadPriority {
    #if canImport(Glibc)
    private typealias GetTid = @convention(c) () -> Int32
    /// `gettid` looked up at run time: Swift's Glibc module does not declare it.
    private static let gettid: GetTid? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "gettid").map { unsafeBitCast($0, to: GetTid.self) }

    /// The calling thread's id, nil where it cannot be had.
    static var currentThread: Int32? { gettid?() }

    /// Gives a thread the lowest priority (nice 19).
    static func lowest(_ thread: Int32) { _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(thread), 19) }

    /// A thread's nice value.
    static func niceness(_ thread: Int32) -> Int32 { getpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(thread)) }

    /// Lowers the calling thread's priority (nice 10; `who` 0 is the calling thread, not the process as on
    /// macOS), for work that only needs to be done before the process exits and can start early (encoding
    /// facts for the pack, see `FactsCache.save`): while the analysis keeps every core busy it waits, and
    /// it runs on a core the analysis leaves idle. Threads it starts inherit it. Not SCHED_IDLE: on a
    /// loaded CI machine such a thread could wait indefinitely, and the process waits for it to exit.
    static func lowerCurrent() { _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10) }
    #else
    static var currentThread: Int32? { nil }
    static func lowest(_ thread: Int32) {}
    static func lowerCurrent() {
        #if canImport(Darwin)
        // A running thread's `Thread.qualityOfService` cannot be changed; its pthread's class can.
        _ = pthread_set_qos_class_self_np(QOS_CLASS_UTILITY, 0)
        #endif
    }
    #endif
}

