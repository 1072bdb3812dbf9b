import CGraphviz
import Foundation

/// A cgraph ID discipline that numbers named objects in creation order. cgraph's default uses the
/// address of the interned name as the ID, and orders subgraphs by ID, so clusters came out in a
/// different order from run to run; sequential IDs make the output byte-identical.
/// Only used under `GraphvizRenderer.lock`, which serialises access to this state.
enum StableIDs {
    nonisolated(unsafe) static var ids: [String: IDTYPE] = [:]
    nonisolated(unsafe) static var names: [IDTYPE: UnsafeMutablePointer<CChar>] = [:]
    nonisolated(unsafe) static var next: IDTYPE = 2
    nonisolated(unsafe) static var anonymous: IDTYPE = 1

    /// cgraph decides whether a name is an HTML string (`aghtmlstr`) by reading the header of its interned
    /// string, just before the characters. Names handed back by `print` are plain C strings, so that read
    /// hit whatever lay before them: random names and keys were written to DOT as `<HTML>`, differently on
    /// each run. Each name gets a zeroed header (larger than cgraph's 32-byte one) to read instead.
    static let header = 64

    static func headered(_ str: UnsafePointer<CChar>) -> UnsafeMutablePointer<CChar> {
        let length = strlen(str)
        let raw = calloc(header + length + 1, 1)!
        memcpy(raw + header, str, length)
        return (raw + header).assumingMemoryBound(to: CChar.self)
    }

    static func reset() {
        for p in names.values { free(UnsafeMutableRawPointer(p) - header) }
        ids = [:]
        names = [:]
        next = 2
        anonymous = 1
    }

    nonisolated(unsafe) static var discipline = Agiddisc_t(
        open: { _, _ in UnsafeMutableRawPointer(bitPattern: 1) },
        map: { _, _, str, id, create in
            guard let id else { return 0 }
            guard let str else {
                id.pointee = StableIDs.anonymous
                StableIDs.anonymous += 2
                return 1
            }
            let name = String(cString: str)
            if let existing = StableIDs.ids[name] {
                id.pointee = existing
            } else if create != 0 {
                let new = StableIDs.next
                StableIDs.next += 2
                StableIDs.ids[name] = new
                StableIDs.names[new] = StableIDs.headered(str)
                id.pointee = new
            } else {
                id.pointee = 0
            }
            return 1
        },
        alloc: { _, _, request in (request & 1) == 0 ? 1 : 0 },
        free: { _, _, _ in },
        print: { _, _, id in (id & 1) == 0 ? StableIDs.names[id] : nil },
        close: { _ in },
        idregister: { _, _, _ in }
    )

    nonisolated(unsafe) static var disc = Agdisc_t(mem: &AgMemDisc, id: &discipline, io: &AgIoDisc)
}
