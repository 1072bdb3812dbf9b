#if canImport(Glibc)
import Foundation
import Glibc
import NavGraphModel
import XCTest

/// `HeapGrowth.prefault` only changes where memory is mapped; these tests check that it does: the blocks it
/// takes come back to the calling thread's heap, already mapped, and it takes nothing for small amounts.
final class HeapGrowthTests: XCTestCase {
    func testBlocksAreTakenInWholeBlocksUpToTheMaximum() {
        let block = HeapGrowth.prefaultBlockSize
        XCTAssertEqual(HeapGrowth.prefault(0).blocks.count, 0)
        XCTAssertEqual(HeapGrowth.prefault(block - 1).blocks.count, 0)
        let three = HeapGrowth.prefault(3 * block + block / 2)
        XCTAssertEqual(three.blocks.count, 3)
        three.done.wait()
        let most = HeapGrowth.prefault(HeapGrowth.maximumPrefault * 4)
        XCTAssertEqual(most.blocks.count, HeapGrowth.maximumPrefault / block)
        most.done.wait()
    }

    func testThePrefaultedMemoryComesBackToTheCallingThreadAlreadyMapped() {
        let faults = LargeStack.run { () -> Int in
            let taken = HeapGrowth.prefault(2 * HeapGrowth.prefaultBlockSize)
            taken.done.wait()
            let before = Self.minorFaultsOfThisThread()
            // Freed on the toucher's thread, the blocks went back to this thread's heap, mapped: the next
            // allocation of their size is served from them (or from other memory this heap already
            // mapped), and writing it faults no page.
            let p = malloc(HeapGrowth.prefaultBlockSize)!.assumingMemoryBound(to: UInt8.self)
            for page in stride(from: 0, to: HeapGrowth.prefaultBlockSize, by: 4096) { p[page] = 1 }
            let faults = Self.minorFaultsOfThisThread() - before
            free(p)
            return faults
        }
        // A fresh 4 MB block faults 1,024 pages; a few may come from the allocator's own bookkeeping.
        XCTAssertLessThan(faults, 64)
    }

    static func minorFaultsOfThisThread() -> Int {
        var usage = rusage()
        getrusage(__rusage_who_t(1), &usage)  // RUSAGE_THREAD, which Glibc does not export to Swift
        return usage.ru_minflt
    }
}
#endif
