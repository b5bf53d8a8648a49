import Foundation
import ObjectStore
import TestSupport
import Testing

@Suite("List diff: removals, insertions, moves and updates that apply in order")
struct ListDiffTests {
    @Test("the documented example")
    func example() {
        let old = ["a", "b", "c", "d"]
        let new = ["d", "a", "c", "e"]
        let diff = ListDiff(from: old, to: new, updated: ["c"])
        #expect(diff.removals.map(\.offset) == [1, 3])
        #expect(diff.removals.map(\.movedTo) == [nil, 0])
        #expect(diff.insertions.map(\.offset) == [0, 3])
        #expect(diff.insertions.map(\.movedFrom) == [3, nil])
        #expect(diff.moves.map { [$0.from, $0.to] } == [[3, 0]])
        #expect(diff.updates == [ListDiff.Update(oldOffset: 2, newOffset: 2, element: "c")])
        #expect(diff.applied(to: old) == new)
    }

    @Test(
        "hand-checked cases: (old, new, moves)",
        arguments: [
            ([Int](), [Int](), 0),
            ([1, 2, 3], [1, 2, 3], 0),
            ([1, 2, 3], [3, 2, 1], 2),
            ([1, 2, 3, 4], [2, 3, 4, 1], 1),
            ([1, 2, 3], [], 0),
            ([], [1, 2], 0),
            ([1, 2, 3, 4, 5], [5, 4, 6, 1], 2),
        ])
    func cases(old: [Int], new: [Int], moves: Int) {
        let diff = ListDiff(from: old, to: new)
        #expect(diff.applied(to: old) == new)
        #expect(diff.moves.count == moves)
    }

    @Test("a diff that does not fit the list is refused")
    func misfit() {
        let diff = ListDiff(from: [1, 2, 3], to: [1, 3])
        #expect(diff.applied(to: [1, 2, 3]) == [1, 3])
        #expect(diff.applied(to: [9, 9, 9]) == nil)
        #expect(diff.applied(to: []) == nil)
    }

    /// The length of a longest common subsequence, by dynamic programming (the oracle).
    static func lcs(_ a: [Int], _ b: [Int]) -> Int {
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        return table[0][0]
    }

    /// Whether the diff of this case breaks a rule: it must apply, move as few elements as a
    /// longest common subsequence allows, and update exactly the common updated elements.
    static func fails(_ old: [Int], _ new: [Int], _ updated: Set<Int>) -> Bool {
        let diff = ListDiff(from: old, to: new, updated: updated)
        let common = Set(old).intersection(new)
        return diff.applied(to: old) != new || diff.moves.count != common.count - lcs(old, new)
            || Set(diff.updates.map(\.element)) != common.intersection(updated)
            || diff.updates.contains { old[$0.oldOffset] != $0.element || new[$0.newOffset] != $0.element }
    }

    @Test("seeded random lists: the diff applies, moves are minimal, updates name common elements")
    func property() {
        let run = PropertyRun("ListDiffTests", defaultCases: 2_000)
        var random = SplitMix64(seed: run.seed)
        for index in 0..<run.cases {
            let universe = Array(0..<Int.random(in: 0...12, using: &random))
            let old = universe.filter { _ in Bool.random(using: &random) }.shuffled(using: &random)
            let new = universe.filter { _ in Bool.random(using: &random) }.shuffled(using: &random)
            let updated = Set(universe.filter { _ in Int.random(in: 0..<4, using: &random) == 0 })
            guard Self.fails(old, new, updated) else { continue }
            let (a, b, u) = Shrinker.shrink(
                (old, new, updated),
                candidates: { c in
                    Set(c.0).union(c.1).sorted().map { e in
                        (c.0.filter { $0 != e }, c.1.filter { $0 != e }, c.2.subtracting([e]))
                    }
                },
                fails: { Self.fails($0.0, $0.1, $0.2) })
            let diff = ListDiff(from: a, to: b, updated: u)
            Issue.record(
                """
                case \(index) failed (replay: PREDICATE_SEED=\(run.seed)); shrunk: old \(a) new \(b) updated \(u.sorted())
                diff: removals \(diff.removals) insertions \(diff.insertions) updates \(diff.updates)
                """)
            return
        }
    }
}
