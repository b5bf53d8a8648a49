/// Edit distance between names, for "did you mean" suggestions: the one implementation the
/// package uses (keys, entities, keywords, functions, fields, commands).
///
/// `'Content' has no property 'nmae'; did you mean 'name'?` comes from
/// `EditDistance.bestMatch(for: "nmae", among: ["name", "size", …])`.
package enum EditDistance {
    /// Names longer than this are not compared (the cost grows with the product of lengths).
    package static let maximumComparedLength = 64

    /// The optimal-string-alignment distance between `a` and `b`: the number of single-character
    /// insertions, deletions, substitutions and transpositions of adjacent characters that turn
    /// one into the other. `distance("nmae", "name") == 1`, `distance("size", "sizes") == 1`.
    package static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        // Three rolling rows: two rows back (for transpositions), previous, current.
        var twoBack = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var best = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    best = min(best, twoBack[j - 2] + 1)
                }
                current[j] = best
            }
            (twoBack, previous, current) = (previous, current, twoBack)
        }
        return previous[b.count]
    }

    /// The candidate closest to `name`, or `nil` when none is close enough.
    ///
    /// A candidate equal to `name` ignoring case is preferred. Otherwise the distance is
    /// measured on lower-cased names and must be at most a third of the longer name's length
    /// plus one, `(max(name.count, candidate.count) + 1) / 3`: `nmae` → `name`,
    /// `bukcet` → `bucket`, `@cnt` → `@count`, but `xyz` suggests nothing and a one-letter name
    /// never suggests another one-letter name. The closest candidate wins; ties go to the
    /// earlier one. Names longer than ``maximumComparedLength`` get no suggestion.
    package static func bestMatch(for name: String, among candidates: [String]) -> String? {
        guard !name.isEmpty, name.count <= maximumComparedLength else { return nil }
        let lowered = name.lowercased()
        if let sameIgnoringCase = candidates.first(where: { $0 != name && $0.lowercased() == lowered }) {
            return sameIgnoringCase
        }
        var best: (candidate: String, distance: Int)?
        for candidate in candidates where candidate != name && candidate.count <= maximumComparedLength {
            let limit = (max(name.count, candidate.count) + 1) / 3
            guard abs(candidate.count - name.count) <= limit else { continue }
            let distance = distance(lowered, candidate.lowercased())
            if distance <= limit, distance < (best?.distance ?? Int.max) {
                best = (candidate, distance)
            }
        }
        return best?.candidate
    }
}
