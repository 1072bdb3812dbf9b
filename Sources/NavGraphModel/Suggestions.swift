/// "Did you mean": the names closest to one the user typed that matches nothing.
public enum Suggestions {
    /// Up to `limit` candidates within a few edits of `typed` (case-insensitive), closest first, then
    /// by name. WHY a bound that grows with the length: `Cart` vs `Card` is a typo, `Cart` vs `Home` is not.
    public static func closest(to typed: String, in candidates: [String], limit: Int = 5) -> [String] {
        let word = Array(typed.lowercased().unicodeScalars)
        let bound = max(1, min(3, word.count / 3))
        var scored: [(Int, String)] = []
        for c in Set(candidates) {
            let d = distance(word, Array(c.lowercased().unicodeScalars), bound: bound)
            if d <= bound { scored.append((d, c)) }
        }
        return scored.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.prefix(limit).map(\.1)
    }

    /// Levenshtein distance, giving up (returning `bound + 1`) once it exceeds `bound`.
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], bound: Int) -> Int {
        if abs(a.count - b.count) > bound { return bound + 1 }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...max(a.count, 1) where !a.isEmpty {
            current[0] = i
            var rowMin = current[0]
            for j in stride(from: 1, through: b.count, by: 1) {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                rowMin = min(rowMin, current[j])
            }
            if rowMin > bound { return bound + 1 }
            swap(&previous, &current)
        }
        return a.isEmpty ? b.count : previous[b.count]
    }
}
