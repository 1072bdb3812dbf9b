import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A headless Chromium driven over `--remote-debugging-pipe` (the DevTools protocol as NUL-terminated
/// JSON on file descriptors 3 and 4), so a test can act on a loaded page the way a user does (change
/// the URL fragment, click, scroll, go back) and read the page's state afterwards. `--dump-dom` only
/// sees a page once, just after it loaded.
final class DevToolsPipe {
    enum Failure: Error, CustomStringConvertible {
        case spawn(Int32), closed, protocolError(String)
        var description: String {
            switch self {
            case .spawn(let e): return "could not start the browser (errno \(e))"
            case .closed: return "the browser closed the DevTools pipe"
            case .protocolError(let m): return "DevTools: \(m)"
            }
        }
    }

    #if canImport(Glibc)
    private static let stream = Int32(SOCK_STREAM.rawValue)
    private static let noSignal = Int32(MSG_NOSIGNAL)
    #else
    private static let stream = SOCK_STREAM
    private static let noSignal: Int32 = 0
    #endif

    private var pid: pid_t = 0
    private let toBrowser: Int32, fromBrowser: Int32
    private var buffer = Data()
    private var nextID = 0
    private var session: String?
    private let profile: URL
    private var killer: DispatchWorkItem?

    init(browser: String, profile: URL) throws {
        self.profile = profile
        // Socket pairs rather than pipes: a write to a browser that died then fails with EPIPE
        // (MSG_NOSIGNAL) instead of raising SIGPIPE, which would end the whole test run.
        var input: [Int32] = [0, 0], output: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Self.stream, 0, &input) == 0, socketpair(AF_UNIX, Self.stream, 0, &output) == 0 else { throw Failure.spawn(errno) }
        #if canImport(Darwin)
        var one: Int32 = 1
        setsockopt(input[1], SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input[0], 3)
        posix_spawn_file_actions_adddup2(&actions, output[1], 4)
        for fd in [input[1], output[0]] { posix_spawn_file_actions_addclose(&actions, fd) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let args = [browser, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
                    "--user-data-dir=\(profile.path)", "--window-size=1280,800", "--remote-debugging-pipe", "about:blank"]
        var argv: [UnsafeMutablePointer<CChar>?] = args.map { strdup($0) } + [nil]
        defer { for a in argv { free(a) } }
        let status = posix_spawn(&pid, browser, &actions, nil, &argv, environ)
        close(input[0])
        close(output[1])
        toBrowser = input[1]
        fromBrowser = output[0]
        guard status == 0 else { close(toBrowser); close(fromBrowser); throw Failure.spawn(status) }
        // A hung browser is ended, so a read returns end of file instead of blocking the test run.
        let child = pid
        let k = DispatchWorkItem { kill(child, SIGKILL) }
        killer = k
        DispatchQueue.global().asyncAfter(deadline: .now() + 90, execute: k)
    }

    deinit {
        killer?.cancel()
        close(toBrowser)
        close(fromBrowser)
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
    }

    /// Sends one command (to the attached page once `attach` ran) and returns its result.
    @discardableResult
    func send(_ method: String, _ params: [String: Any] = [:], toPage: Bool = true) throws -> [String: Any] {
        nextID += 1
        var message: [String: Any] = ["id": nextID, "method": method, "params": params]
        if toPage, let session { message["sessionId"] = session }
        var data = try JSONSerialization.data(withJSONObject: message)
        data.append(0)
        try data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = sendBytes(toBrowser, raw.baseAddress! + offset, raw.count - offset, Self.noSignal)
                guard n > 0 else { throw Failure.closed }
                offset += n
            }
        }
        while true {
            let reply = try receive()
            guard reply["id"] as? Int == nextID else { continue }  // events and other replies
            if let error = reply["error"] as? [String: Any] { throw Failure.protocolError("\(method): \(error)") }
            return reply["result"] as? [String: Any] ?? [:]
        }
    }

    private func receive() throws -> [String: Any] {
        while true {
            if let end = buffer.firstIndex(of: 0) {
                let message = buffer[buffer.startIndex..<end]
                buffer.removeSubrange(buffer.startIndex...end)
                guard let object = try JSONSerialization.jsonObject(with: message) as? [String: Any] else { throw Failure.protocolError("not an object") }
                return object
            }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let n = read(fromBrowser, &chunk, chunk.count)
            guard n > 0 else { throw Failure.closed }
            buffer.append(contentsOf: chunk[0..<n])
        }
    }

    /// Opens `url` in a new tab and sends later commands to it.
    func open(_ url: String) throws {
        let target = try send("Target.createTarget", ["url": url], toPage: false)
        guard let id = target["targetId"] as? String else { throw Failure.protocolError("no targetId") }
        let attached = try send("Target.attachToTarget", ["targetId": id, "flatten": true], toPage: false)
        session = attached["sessionId"] as? String
        try send("Runtime.enable")
    }

    /// The value of a JavaScript expression in the page (strings, numbers, booleans, null).
    func evaluate(_ expression: String) throws -> Any? {
        let result = try send("Runtime.evaluate", ["expression": expression, "returnByValue": true])
        if let exception = result["exceptionDetails"] { throw Failure.protocolError("exception in \(expression): \(exception)") }
        return (result["result"] as? [String: Any])?["value"]
    }

    /// Evaluates `expression` until it is true, at most `tries` times, 50 ms apart (events such as
    /// `hashchange` and `popstate` are delivered after the script that caused them returns). An
    /// exception counts as false: before the page has loaded, its elements are not there yet.
    func waitFor(_ expression: String, tries: Int = 200) throws -> Bool {
        for _ in 0..<tries {
            if (try? evaluate(expression)) as? Bool == true { return true }
            usleep(50_000)
        }
        return false
    }

    func root(_ attribute: String) throws -> String? {
        try evaluate("document.documentElement.getAttribute(\(String(decoding: try JSONSerialization.data(withJSONObject: [attribute]), as: UTF8.self))[0])") as? String
    }
}

/// `send(2)` (the class has a `send` of its own).
private func sendBytes(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int, _ flags: Int32) -> Int {
    send(fd, bytes, count, flags)
}
