import Foundation

/// Runs work on threads with a large, explicit stack.
///
/// WHY: SwiftSyntax's parser and visitors, navgraph's own extraction walker and the interpreter all
/// recurse over the shape of the analyzed code. The main thread has 8 MB (and secondary threads 512 KB
/// on macOS), which hostile input (expressions nested thousands deep) exhausts. The nesting bounds in
/// `Extractor` are sized for this stack, so every stage that recurses over analyzed code runs here.
public enum LargeStack {
    /// 512 MB of address space per thread; only the pages actually touched are ever committed.
    public static let size = 512 << 20

    private static let marker = "navgraph.largeStack"

    /// True on threads started here (code that recurses over analyzed code checks it and hops if not).
    public static var isCurrentThreadLarge: Bool { Thread.current.threadDictionary[marker] != nil }

    /// Starts `body` on a new thread with a stack of `size`, marked as large.
    public static func startThread(_ body: @escaping () -> Void) {
        let thread = Thread {
            Thread.current.threadDictionary[marker] = true
            body()
        }
        thread.stackSize = size
        thread.start()
    }

    /// Runs `body` on a large-stack thread and waits for it (directly, when already on one).
    public static func run<T>(_ body: @escaping () -> T) -> T {
        if isCurrentThreadLarge { return body() }
        return map(1, threads: 1) { _ in body() }[0]
    }

    /// Runs `job(i)` for every `i < count` on up to `threads` large-stack threads; results keep their order.
    public static func map<T>(_ count: Int, threads: Int, _ job: @escaping (Int) -> T) -> [T] {
        guard count > 0 else { return [] }
        let slots = ResultSlots<T>(count)
        let workers = max(1, min(threads, count))
        let group = DispatchGroup()
        for _ in 0..<workers {
            group.enter()
            startThread {
                while true {
                    let i = slots.claim()
                    if i >= count { break }
                    slots.set(i, job(i))
                }
                group.leave()
            }
        }
        group.wait()
        return slots.values
    }

    /// A result being computed on a large-stack thread of its own (see `start`).
    public final class Pending<T>: @unchecked Sendable {
        private let slot = ResultSlots<T>(1)
        private let done = DispatchGroup()
        fileprivate init(_ body: @escaping () -> T) {
            done.enter()
            startThread { [slot, done] in
                slot.set(0, body())
                done.leave()
            }
        }
        /// Waits for the result.
        public func wait() -> T {
            done.wait()
            return slot.values[0]
        }
    }

    /// Starts `body` on a new large-stack thread and returns at once; `wait()` gives its result. For work
    /// that can run beside a stage that keeps only one core busy.
    public static func start<T>(_ body: @escaping () -> T) -> Pending<T> { Pending(body) }

    /// Runs `first` and `second` on two large-stack threads and returns both results.
    public static func both<A, B>(_ first: @escaping () -> A, _ second: @escaping () -> B) -> (A, B) {
        let a = ResultSlots<A>(1), b = ResultSlots<B>(1)
        _ = map(2, threads: 2) { i in if i == 0 { a.set(0, first()) } else { b.set(0, second()) } }
        return (a.values[0], b.values[0])
    }
}

/// One slot per job; each index is written by exactly one worker, and read after all have finished.
private final class ResultSlots<T>: @unchecked Sendable {
    private let base: UnsafeMutablePointer<T?>
    private let count: Int
    private let lock = NSLock()
    private var next = 0
    init(_ count: Int) {
        self.count = count
        base = .allocate(capacity: count)
        base.initialize(repeating: nil, count: count)
    }
    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }
    /// The next job index (past `count` when all are taken).
    func claim() -> Int {
        lock.lock()
        defer { lock.unlock() }
        next += 1
        return next - 1
    }
    func set(_ i: Int, _ value: T) { (base + i).pointee = value }
    var values: [T] { (0..<count).map { (base + $0).pointee! } }
}
