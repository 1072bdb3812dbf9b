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
                    HeapGrowth.reserve()
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
                HeapGrowth.reserve()
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

/// Lets a thread's heap grow in large steps (`reserve`), and have its pages mapped by another thread
/// ahead of use (`prefault`).
///
/// WHY: glibc grows the heap of a secondary thread's arena one page at a time, with an `mprotect` per
/// page, and each `mprotect` interrupts the other cores to flush their TLBs. Building the facts of a
/// million lines made some 50,000 such calls: more system time than the decoding itself. Taking a few
/// megabytes and giving them back before each job makes the heap grow by that much in one call, and
/// freed memory is kept rather than trimmed, so its pages are reused. Only when memory is mapped changes.
public enum HeapGrowth {
    #if canImport(Glibc)
    private typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
    private typealias Malloc = @convention(c) (Int) -> UnsafeMutableRawPointer?
    private typealias Free = @convention(c) (UnsafeMutableRawPointer?) -> Void

    /// `malloc` and `free` looked up at run time: the compiler removes a `free(malloc(n))` it can see.
    private static let functions: (malloc: Malloc, free: Free)? = {
        let all = UnsafeMutableRawPointer(bitPattern: 0)  // RTLD_DEFAULT
        guard let mallopt = dlsym(all, "mallopt"), let malloc = dlsym(all, "malloc"), let free = dlsym(all, "free") else { return nil }
        // Requests up to 32 MB come from the arenas, not from mmap (M_MMAP_THRESHOLD, -3), and freed memory
        // is kept (M_TRIM_THRESHOLD, -1).
        _ = unsafeBitCast(mallopt, to: Mallopt.self)(-3, 32 << 20)
        _ = unsafeBitCast(mallopt, to: Mallopt.self)(-1, 256 << 20)
        return (unsafeBitCast(malloc, to: Malloc.self), unsafeBitCast(free, to: Free.self))
    }()

    /// Makes room for `bytes` more in this thread's heap at once (at most 32 MB).
    public static func reserve(_ bytes: Int = 4 << 20) {
        guard let f = functions else { return }
        f.free(f.malloc(min(bytes, 32 << 20)))
    }
    #else
    public static func reserve(_ bytes: Int = 4 << 20) {}
    #endif

    /// The most `prefault` takes: freed memory above the trim threshold (256 MB, set above) could be
    /// given back to the system, and the point is to keep it.
    public static let maximumPrefault = 256 << 20

    /// The size of the blocks `prefault` takes. Small, so that the first is ready within milliseconds.
    public static let prefaultBlockSize = 4 << 20

    /// What `prefault` took: the blocks' addresses, and a group left when all are touched and freed.
    public struct Prefault {
        public let blocks: [UInt]
        public let done: DispatchGroup
    }

    /// Has another thread touch `bytes` of this thread's heap (in `prefaultBlockSize` blocks, rounded
    /// down, at most `maximumPrefault`) and free it, so that this thread's next allocations find pages
    /// already mapped. Returns at once. Takes nothing where the allocator is not glibc's.
    ///
    /// WHY: the kernel zeroes every page of a heap the first time it is written. In a single-threaded
    /// stage that is on the critical path: instantiating a million-line app takes some 200 MB of new
    /// heap, half a second of page faults on this 2-core VM, while the other core is idle. Here the
    /// faults are taken on that core instead. Only where memory is mapped changes, not what is computed.
    @discardableResult
    public static func prefault(_ bytes: Int) -> Prefault {
        let done = DispatchGroup()
        #if canImport(Glibc)
        let count = min(bytes, maximumPrefault) / prefaultBlockSize
        // Taken on this thread, so that the blocks come from its arena; freed elsewhere, they go back to it.
        guard count > 0, let f = functions else { return Prefault(blocks: [], done: done) }
        let blocks = (0..<count).compactMap { _ in f.malloc(prefaultBlockSize).map { UInt(bitPattern: $0) } }
        done.enter()
        let toucher = Thread {
            for address in blocks {
                let block = UnsafeMutablePointer<UInt8>(bitPattern: address)!
                for page in stride(from: 0, to: prefaultBlockSize, by: 4096) { block[page] = 0 }
                f.free(UnsafeMutableRawPointer(block))
            }
            done.leave()
        }
        toucher.start()
        return Prefault(blocks: blocks, done: done)
        #else
        return Prefault(blocks: [], done: done)
        #endif
    }
}
