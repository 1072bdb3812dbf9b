import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a path is, from `stat(2)` (following symbolic links) and `lstat(2)`.
public enum FileStatus: Equatable, Sendable {
    case regular(size: Int)
    case directory
    /// A named pipe, socket or device: opening or reading one can block forever or never end.
    case special(String)
    /// A symbolic link whose target does not exist.
    case danglingLink
    case missing(String)

    public static func of(_ path: String) -> FileStatus {
        var st = stat()
        if stat(path, &st) != 0 {
            let why = String(cString: strerror(errno))
            var lst = stat()
            if lstat(path, &lst) == 0 && (lst.st_mode & S_IFMT) == S_IFLNK { return .danglingLink }
            return .missing(why)
        }
        return classify(st)
    }

    static func classify(_ st: stat) -> FileStatus {
        switch st.st_mode & S_IFMT {
        case S_IFREG: return .regular(size: Int(st.st_size))
        case S_IFDIR: return .directory
        case S_IFIFO: return .special("a named pipe")
        case S_IFSOCK: return .special("a socket")
        case S_IFCHR: return .special("a character device")
        case S_IFBLK: return .special("a block device")
        default: return .special("not a regular file")
        }
    }
}

public struct ReadFailure: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// Reads a source file without ever blocking on it or reading without end.
public enum FileBytes {
    /// Reads the whole file, refusing anything that is not a regular file or is bigger than `limit`.
    ///
    /// The file is opened with `O_NONBLOCK` (opening a FIFO would otherwise wait for a writer) and checked
    /// with `fstat` on the open descriptor, so a file swapped for a pipe or device after discovery is still
    /// refused. Errors carry the system's reason (`Input/output error`, `Permission denied`, …).
    public static func read(_ path: String, limit: Int) -> Result<[UInt8], ReadFailure> {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        if fd < 0 { return .failure(ReadFailure(String(cString: strerror(errno)))) }
        defer { close(fd) }
        var st = stat()
        if fstat(fd, &st) != 0 { return .failure(ReadFailure(String(cString: strerror(errno)))) }
        if case .special(let what) = FileStatus.classify(st) { return .failure(ReadFailure("it is \(what)")) }
        if case .directory = FileStatus.classify(st) { return .failure(ReadFailure("it is a folder")) }
        // One read of the size `fstat` gave (plus one byte, to see the end or a file that grew), straight
        // into the result; the buffer grows only when the file grew since.
        var bytes = [UInt8](repeating: 0, count: min(max(Int(st.st_size), 0), limit) + 1)
        var count = 0
        while true {
            if count == bytes.count {
                if count > limit { return .failure(ReadFailure("more than \(limit / 1_048_576) MB")) }
                bytes.append(contentsOf: repeatElement(0, count: min(max(count, 1 << 16), limit + 1 - count)))
            }
            let n = bytes.withUnsafeMutableBytes { sysRead(fd, $0.baseAddress! + count, $0.count - count) }
            if n < 0 {
                if errno == EINTR { continue }
                return .failure(ReadFailure(String(cString: strerror(errno))))
            }
            if n == 0 { break }
            count += n
        }
        if count > limit { return .failure(ReadFailure("more than \(limit / 1_048_576) MB")) }
        bytes.removeSubrange(count...)
        return .success(bytes)
    }
}

#if canImport(Glibc)
@inline(__always) private func sysRead(_ fd: Int32, _ buf: UnsafeMutableRawPointer?, _ n: Int) -> Int { Glibc.read(fd, buf, n) }
#else
@inline(__always) private func sysRead(_ fd: Int32, _ buf: UnsafeMutableRawPointer?, _ n: Int) -> Int { Darwin.read(fd, buf, n) }
#endif
