import Foundation
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
        let environment = ProcessInfo.processInfo.environment
        let seed = environment["PREDICATE_SEED"].flatMap { UInt64($0) } ?? UInt64.random(in: 0...UInt64(UInt32.max))
        let cases = environment["PREDICATE_CASES"].flatMap { Int($0) } ?? 2_000
        print("ListDiffTouchedTests: PREDICATE_SEED=\(seed) PREDICATE_CASES=\(cases)")
        var random = SeededGenerator(seed: seed)
        for index in 0..<cases {
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
            // Shrink: drop elements from both lists while the case still fails.
            var (a, b) = (old, new)
            var shrinking = true
            while shrinking {
                shrinking = false
                for element in Set(a).union(b) {
                    let (a2, b2) = (a.filter { $0 != element }, b.filter { $0 != element })
                    if Self.fails(a2, b2, touched, updated) {
                        (a, b) = (a2, b2)
                        shrinking = true
                        break
                    }
                }
            }
            Issue.record(
                """
                case \(index) failed (replay: PREDICATE_SEED=\(seed)); shrunk: old \(a) new \(b) \
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
