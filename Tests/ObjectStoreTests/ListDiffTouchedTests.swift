import Foundation
import TestSupport
import Testing

@testable import ObjectStore

@Suite("List diff after a small change: only the touched elements are looked at")
struct ListDiffTouchedTests {
    /// Whether the touched-only diff breaks a rule: it must apply, name only touched elements
    /// as removed or inserted, and update the same elements as the full diff.
    static func fails(_ old: [Int], _ new: [Int], _ touched: Set<Int>, _ updated: Set<Int>) -> Bool {
        let diff = ListDiff(from: old, to: new, touched: { touched.contains($0) }, updated: { updated.contains($0) })
        let full = ListDiff(from: old, to: new, updated: updated.intersection(touched))
        let mentioned = Set(diff.removals.map(\.element) + diff.insertions.map(\.element))
        return diff.applied(to: old) != new || !mentioned.isSubset(of: touched)
            || Set(diff.updates.map(\.element)) != Set(full.updates.map(\.element))
    }

    @Test("seeded random edits of a few elements: the diff applies and never names the others")
    func property() {
        let run = PropertyRun("ListDiffTouchedTests", defaultCases: 2_000)
        var random = SplitMix64(seed: run.seed)
        for index in 0..<run.cases {
            let old = Array(0..<Int.random(in: 0...20, using: &random))
            let touched = Set(old.filter { _ in Int.random(in: 0..<4, using: &random) == 0 } + [100, 101])
            // The untouched keep their order; touched ones are dropped, or reinserted anywhere,
            // and two new (touched) elements may appear.
            var new = old.filter { !touched.contains($0) }
            for element in touched.sorted() where Bool.random(using: &random) {
                new.insert(element, at: Int.random(in: 0...new.count, using: &random))
            }
            let updated = Set(touched.filter { _ in Bool.random(using: &random) })
            guard Self.fails(old, new, touched, updated) else { continue }
            let (a, b) = Shrinker.shrink(
                (old, new),
                candidates: { c in
                    Set(c.0).union(c.1).sorted().map { e in (c.0.filter { $0 != e }, c.1.filter { $0 != e }) }
                },
                fails: { Self.fails($0.0, $0.1, touched, updated) })
            Issue.record(
                """
                case \(index) failed (replay: PREDICATE_SEED=\(run.seed)); shrunk: old \(a) new \(b) \
                touched \(touched.sorted()) updated \(updated.sorted())
                """)
            return
        }
    }

    @Test("a touched element that keeps its place among the others is not moved")
    func stays() {
        let diff = ListDiff(from: [1, 2, 3, 4], to: [1, 2, 3, 4], touched: { $0 == 3 }, updated: { $0 == 3 })
        #expect(diff.removals.isEmpty && diff.insertions.isEmpty)
        #expect(diff.updates == [ListDiff.Update(oldOffset: 2, newOffset: 2, element: 3)])
        let moved = ListDiff(from: [1, 2, 3, 4], to: [3, 1, 2, 4], touched: { $0 == 3 }, updated: { _ in false })
        #expect(moved.moves.map { [$0.from, $0.to] } == [[2, 0]])
    }
}
