import Foundation
import XCTest

/// A headless Chromium for the tests that need a real browser (`BrowserTests`, `RealReaderTests`), in a
/// 1280×800 window. Skips, with the reason printed, when none is installed.
enum HeadlessChromium {
    static let candidates = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"]

    static func find(for test: String) throws -> String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for name in candidates {
            for dir in path.split(separator: ":") {
                let candidate = "\(dir)/\(name)"
                if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            }
        }
        let reason = "no Chromium found (\(candidates.joined(separator: ", "))); install it with `apt-get install -y chromium` to run \(test)"
        print("\(test) skipped: \(reason)")
        throw XCTSkip(reason)
    }

    /// Loads `data` as a file named `name` (its extension tells the browser the type), with a URL fragment,
    /// and returns the DOM after the scripts ran, plus the browser's log.
    static func dumpDOM(_ data: Data, name: String, fragment: String = "", browser: String) throws -> (dom: String, log: String) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("navgraph-chromium-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let page = dir.appendingPathComponent(name)
        try data.write(to: page)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: browser)
        p.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
                       "--user-data-dir=\(dir.appendingPathComponent("profile").path)", "--enable-logging=stderr", "--v=0",
                       "--window-size=1280,800", "--virtual-time-budget=5000", "--dump-dom", page.absoluteString + (fragment.isEmpty ? "" : "#" + fragment)]
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let killer = DispatchWorkItem { if p.isRunning { p.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + 90, execute: killer)
        final class Box: @unchecked Sendable { var data = Data() }
        let errBox = Box()
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { errBox.data = err.fileHandleForReading.readDataToEndOfFile() }
        let dom = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        p.waitUntilExit()
        killer.cancel()
        return (String(decoding: dom, as: UTF8.self), String(decoding: errBox.data, as: UTF8.self))
    }
}
