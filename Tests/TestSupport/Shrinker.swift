/// Greedy shrinking of a failing property-test case: take the first smaller candidate that
/// still fails, and repeat until none does (or `rounds` steps were taken).
public enum Shrinker {
    /// The smallest failing case reached from `start`.
    public static func shrink<Case>(
        _ start: Case, rounds: Int = 500, candidates: (Case) -> [Case], fails: (Case) -> Bool
    ) -> Case {
        var current = start
        var steps = 0
        search: while steps < rounds {
            for candidate in candidates(current) where fails(candidate) {
                current = candidate
                steps += 1
                continue search
            }
            break
        }
        return current
    }
}
