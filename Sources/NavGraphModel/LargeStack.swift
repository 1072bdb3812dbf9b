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
            let thread = Thread {
                Thread.current.threadDictionary[marker] = true
                while true {
                    let i = slots.claim()
                    if i >= count { break }
                    slots.set(i, job(i))
                }
                group.leave()
            }
            thread.stackSize = size
            thread.start()
        }
        group.wait()
        return slots.values
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
