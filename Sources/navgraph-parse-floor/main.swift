import Foundation
import NavGraphDiscovery
import NavGraphModel
import SwiftParser
import SwiftSyntax

// The benchmark's floor: discover the same files as navgraph, read them and parse them with SwiftParser
// on the same number of threads, and nothing else. Everything navgraph does costs time on top of this.
//
// Usage: navgraph-parse-floor PATH [--jobs N]
let args = CommandLine.arguments
guard args.count >= 2 else {
    FileHandle.standardError.write(Data("usage: navgraph-parse-floor PATH [--jobs N]\n".utf8))
    exit(64)
}
var threads = ProcessInfo.processInfo.activeProcessorCount
if let i = args.firstIndex(of: "--jobs"), i + 1 < args.count, let n = Int(args[i + 1]) { threads = n }

let start = Date()
let files = try Discovery.discover(root: args[1]).files.filter { $0.kind == .swift }
let lock = NSLock()
var next = 0
var tokens = 0
let group = DispatchGroup()
for _ in 0..<max(1, threads) {
    group.enter()
    let t = Thread {
        var local = 0
        while true {
            lock.lock(); let i = next; next += 1; lock.unlock()
            if i >= files.count { break }
            guard let data = FileManager.default.contents(atPath: files[i].absolutePath) else { continue }
            let tree = Parser.parse(source: String(decoding: data, as: UTF8.self))
            local += tree.totalLength.utf8Length
        }
        lock.lock(); tokens += local; lock.unlock()
        group.leave()
    }
    t.stackSize = 256 << 20
    t.start()
}
group.wait()
let seconds = Date().timeIntervalSince(start)
// Lines are counted after the clock stops, so that the floor stays the parse alone.
var lines = 0
for file in files {
    guard let data = FileManager.default.contents(atPath: file.absolutePath) else { continue }
    lines += data.withUnsafeBytes { raw in raw.reduce(0) { $1 == 0x0A ? $0 + 1 : $0 } }
}
print(String(format: "parsed %d files (%d bytes, %d lines) in %.3f s on %d threads", files.count, tokens, lines, seconds, threads))
