import NavGraphDiscovery
import NavGraphExtract
import NavGraphModel

/// Reuses the last result after edits that only moved code to other lines: a comment or blank lines
/// added or removed in the middle of a file. Such an edit changes the file's facts (they carry line
/// numbers), so the result cache's key misses, but nothing the resolver decides depends on where a line
/// is, only on which lines are equal and which come first: every use of a line number in resolving
/// compares it with another line of the same file, or carries it into the graph. So when each changed
/// file's facts are the old ones but for line numbers, and the old lines map to the new ones keeping
/// their order, the result of resolving the new facts is the old result with each location in those
/// files moved: nodes, edges, action paths, chain steps and diagnostics, and `file:line` in texts.
///
/// Anything else resolves again: a file whose facts differ otherwise, lines that swap places (code moved
/// above other code), a location the map does not know, and a changed file's path that ends another
/// path (a text naming one could not be told from one naming the other).
enum LineShift {
    /// Old line to new line when `new` is `old` with its code moved to other lines, keeping its order;
    /// nil otherwise (see the type's comment).
    static func lineMap(from old: FileFacts, to new: FileFacts) -> [Int: Int]? {
        let a = FactsCodec.masked(old), b = FactsCodec.masked(new)
        guard a.bytes == b.bytes, a.lines.count == b.lines.count else { return nil }
        var map: [Int: Int] = [:]
        map.reserveCapacity(a.lines.count)
        for (o, n) in zip(a.lines, b.lines) {
            if let known = map.updateValue(n, forKey: o), known != n { return nil }
        }
        let ordered = map.sorted { $0.key < $1.key }
        for (x, y) in zip(ordered, ordered.dropFirst()) where x.value >= y.value { return nil }
        // Numbers that are not lines (0 where a node has no line) never move.
        for (o, n) in ordered where (o < 1 || n < 1) && o != n { return nil }
        return map
    }

    /// `result` with the locations in each file of `maps` moved by its map; nil when a location in those
    /// files is not in its map, or a changed path is the end of another of `analyzedPaths` (every file and
    /// storyboard analyzed).
    static func apply(_ maps: [String: [Int: Int]], to result: CachedResult, analyzedPaths: [String]) -> CachedResult? {
        for changed in maps.keys {
            for p in analyzedPaths where p != changed && p.hasSuffix(changed) { return nil }
        }
        var m = Mover(maps: maps)
        let graph = result.graph
        let nodes = graph.nodes.map { n -> Node in
            var n = n
            n.id = m.text(n.id)
            n.name = m.text(n.name)
            n.line = m.line(n.file, n.line)
            n.owner = n.owner.map { m.text($0) }
            n.attributes = n.attributes?.mapValues { m.text($0) }
            return n
        }
        let edges = graph.edges.map { e -> Edge in
            var e = e
            e.from = m.text(e.from)
            e.to = m.text(e.to)
            e.via = e.via.map { m.text($0) }
            e.mechanism = e.mechanism.map { m.text($0) }
            e.line = m.line(e.file, e.line)
            return e
        }
        let paths = graph.paths.map { p -> ActionPath in
            var p = p
            p.sender = m.text(p.sender)
            p.action = m.text(p.action)
            p.chain = p.chain.map { m.text($0) }
            p.handledBy = p.handledBy.map { m.text($0) }
            p.note = p.note.map { m.text($0) }
            p.handledWithin = p.handledWithin.map { m.text($0) }
            p.line = m.line(p.file, p.line)
            p.steps = p.steps?.map { s in
                var s = s
                s.responder = m.text(s.responder)
                if let file = s.file, let line = s.line { s.line = m.line(file, line) }
                return s
            }
            p.carries = p.carries?.map { m.text($0) }
            return p
        }
        let diagnostics = result.diagnostics.map { d -> Diagnostic in
            var d = d
            d.message = m.text(d.message)
            if let file = d.file, let line = d.line { d.line = m.line(file, line) }
            return d
        }
        let roots = graph.roots.map { m.text($0) }
        guard !m.failed else { return nil }
        // Lines keep their order within a file, so the graph's order holds, unless a text changed (a
        // moved line can change the order of two texts naming locations): then it sorts itself again.
        let moved = m.textsChanged ? NavGraph(roots: roots, nodes: nodes, edges: edges, paths: paths, families: graph.families)
            : NavGraph(inOrder: roots, nodes: nodes, edges: edges, paths: paths, families: graph.families)
        return CachedResult(graph: moved, diagnostics: diagnostics, files: result.files, inputs: result.inputs, vocabulary: result.vocabulary)
    }

    /// Moves lines of the changed files; `failed` once a line is not in its file's map.
    private struct Mover {
        let maps: [String: [Int: Int]]
        /// `path:` of each changed file, as bytes.
        let needles: [(bytes: [UInt8], map: [Int: Int])]
        var failed = false
        /// Whether any text named a moved location.
        var textsChanged = false

        init(maps: [String: [Int: Int]]) {
            self.maps = maps
            needles = maps.map { (Array(($0.key + ":").utf8), $0.value) }
        }

        mutating func line(_ file: String, _ line: Int) -> Int {
            guard let map = maps[file] else { return line }
            guard let moved = map[line] else { failed = true; return line }
            return moved
        }

        /// `s` with each `path:line` of a changed file moved.
        mutating func text(_ s: String) -> String {
            // Most texts are type names: no `.swift:` in them, checked without copying.
            guard s.utf8.count > 7, Mover.mayNameALocation(s) else { return s }
            var bytes = Array(s.utf8)
            var changed = false
            for needle in needles {
                var i = 0
                var out: [UInt8] = []
                var copied = 0
                while let at = Mover.find(needle.bytes, in: bytes, from: i) {
                    var end = at + needle.bytes.count
                    var number = 0
                    let digits = end
                    while end < bytes.count, bytes[end] >= 0x30, bytes[end] <= 0x39, end - digits < 12 {
                        number = number * 10 + Int(bytes[end] - 0x30)
                        end += 1
                    }
                    i = end
                    guard end > digits else { continue }  // `path:` not followed by a line
                    guard let moved = needle.map[number] else { failed = true; return s }
                    out.append(contentsOf: bytes[copied..<digits])
                    out.append(contentsOf: String(moved).utf8)
                    copied = end
                }
                if copied > 0 {
                    out.append(contentsOf: bytes[copied...])
                    bytes = out
                    changed = true
                }
            }
            guard changed else { return s }
            textsChanged = true
            return String(decoding: bytes, as: UTF8.self)
        }

        static let marker: [UInt8] = Array(".swift:".utf8)

        /// Whether `s` holds `.swift:` (every changed file is a Swift file).
        static func mayNameALocation(_ s: String) -> Bool {
            var s = s
            return s.withUTF8 { b in
                guard b.count >= marker.count else { return false }
                for i in 0...(b.count - marker.count) where b[i] == 0x2E {
                    var j = 1
                    while j < marker.count, b[i + j] == marker[j] { j += 1 }
                    if j == marker.count { return true }
                }
                return false
            }
        }

        static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
            guard let first = needle.first, bytes.count >= needle.count else { return nil }
            var i = start
            while i + needle.count <= bytes.count {
                if bytes[i] == first, bytes[i..<(i + needle.count)].elementsEqual(needle) { return i }
                i += 1
            }
            return nil
        }
    }
}

extension Pipeline {
    /// The last result, with lines moved to where this run's facts have them, when it was made from the
    /// same inputs but for files whose code only moved (see `LineShift`) or changed only in statements that
    /// cannot navigate (see `InertEdits`); nil otherwise. `inert` tells whether any file needed the second.
    static func moveLines(of stored: CachedResult, to inputs: CachedResult.Inputs, _ extracted: [Extracted], _ swiftFiles: [SourceFile],
                          _ allFiles: [SourceFile], cache: FactsCache) -> (result: CachedResult, inert: Bool)? {
        guard let old = stored.inputs, old.rest == inputs.rest, old.files.count == inputs.files.count else { return nil }
        var changed: [String: FactsCache.Digest] = [:]
        for (o, n) in zip(old.files, inputs.files) {
            guard o.path == n.path else { return nil }
            if o.factsDigest != n.factsDigest { changed[n.path] = o.factsDigest }
        }
        guard !changed.isEmpty else { return nil }
        // Only files extracted in this run: their warnings and suppressions come from their new facts.
        var maps: [String: [Int: Int]] = [:]
        var inert = false
        var lookup: InertEdits.Lookup?
        for (i, e) in extracted.enumerated() {
            let path = swiftFiles[i].relativePath
            guard let oldDigest = changed[path] else { continue }
            guard let new = e.facts, let oldFacts = cache.facts(of: path, factsDigest: oldDigest) else { return nil }
            if let map = LineShift.lineMap(from: oldFacts, to: new) {
                maps[path] = map
                continue
            }
            guard let words = stored.vocabulary else { return nil }
            if lookup == nil { lookup = InertEdits.Lookup(words) }
            guard let map = LineShift.lineMap(from: InertEdits.strip(oldFacts, vocabulary: lookup!),
                                              to: InertEdits.strip(new, vocabulary: lookup!)) else { return nil }
            maps[path] = map
            inert = true
        }
        guard maps.count == changed.count,
              let moved = LineShift.apply(maps, to: stored, analyzedPaths: allFiles.map(\.relativePath)) else { return nil }
        return (moved, inert)
    }
}
