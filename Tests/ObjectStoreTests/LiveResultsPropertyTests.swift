import Evaluation
import Foundation
import GraphTestSupport
import KeyPaths
import ObjectStore
import Predicates
import TestSupport
import Testing

/// After every change set, a live result list equals a fresh fetch of the same request over the
/// same graph, the diff it returned turns the previous rows into the new ones, and it reports
/// exactly the rows the contract calls updated (``LiveResultsUpdatedReference``). Half the
/// schemas get random delete rules, so Cascade deletions reach the list too.
@Suite("Live results: property test against a fresh fetch")
struct LiveResultsPropertyTests {
    typealias Sequence = LiveSequence

    static func makeSequence(seed: UInt64, steps: Int) -> Sequence? {
        LiveSequences.makeSequence(seed: seed, steps: steps)
    }

    /// The first broken rule of a sequence, described; `nil` when every step holds.
    static func failure(_ sequence: Sequence) -> String? {
        guard var live = try? LiveResultSet(request: sequence.request, graph: sequence.graph) else { return nil }
        for (index, changes) in sequence.steps.enumerated() {
            let oldRows = live.rows
            let oldSections = live.sections.map(\.name)
            let before = live.graph
            let change: ResultChange
            do {
                change = try live.apply(changes)
            } catch {
                // Not a counterexample: a shrunk sequence whose later change sets no longer apply.
                return nil
            }
            guard let fresh = try? LiveResultSet(request: sequence.request, graph: live.graph) else {
                return "step \(index): a fresh fetch fails"
            }
            if live.rows != fresh.rows {
                return "step \(index): rows \(live.rows) but a fresh fetch gives \(fresh.rows)"
            }
            if live.sections != fresh.sections {
                return "step \(index): sections \(live.sections) but a fresh fetch gives \(fresh.sections)"
            }
            if change.rows.applied(to: oldRows) != live.rows { return "step \(index): the row diff does not apply" }
            if change.sections.applied(to: oldSections) != live.sections.map(\.name) {
                return "step \(index): the section diff does not apply"
            }
            if let problem = updatesProblem(change.rows, sequence.request, oldRows, live.rows, before, live.graph) {
                return "step \(index): \(problem)"
            }
        }
        return nil
    }

    /// How the reported updates differ from the contract, or `nil`: exactly the rows of the
    /// reference, at their offsets in the old and new rows, including every row whose displayed
    /// values or own attributes really changed.
    static func updatesProblem(
        _ diff: ListDiff<ObjectID>, _ request: FetchRequest, _ oldRows: [ObjectID], _ newRows: [ObjectID],
        _ before: ObjectGraph, _ after: ObjectGraph
    ) -> String? {
        let moved = Set(diff.insertions.filter { $0.movedFrom != nil }.map(\.element))
        let actual = Set(diff.updates.map(\.element))
        let expected = LiveResultsUpdatedReference.expected(
            request: request, oldRows: oldRows, newRows: newRows, moved: moved, before: before, after: after)
        if actual != expected {
            return "updated \(actual.sorted()) but the contract says \(expected.sorted()) (moved \(moved.sorted()))"
        }
        let changed = LiveResultsUpdatedReference.changedValues(
            request: request, oldRows: oldRows, newRows: newRows, before: before, after: after)
        if !changed.isSubset(of: actual) {
            return "rows whose displayed values changed are not updated: \(changed.subtracting(actual).sorted())"
        }
        for update in diff.updates
        where oldRows.firstIndex(of: update.element) != update.oldOffset
            || newRows.firstIndex(of: update.element) != update.newOffset
        {
            return "the update of \(update.element) names offsets \(update.oldOffset) → \(update.newOffset)"
        }
        return nil
    }

    @Test("≥ 1,000 seeded sequences of 20 change sets: the live list is always a fresh fetch")
    func property() {
        let run = PropertyRun("LiveResultsPropertyTests", defaultCases: 1_000)
        var sequences = 0
        for index in 0..<run.cases {
            guard let sequence = Self.makeSequence(seed: run.caseSeed(index), steps: 20) else { continue }
            sequences += 1
            guard let problem = Self.failure(sequence) else { continue }
            let smallest = Shrinker.shrink(
                sequence,
                candidates: { current in
                    current.steps.indices.map { drop in
                        var shorter = current
                        shorter.steps.remove(at: drop)
                        return shorter
                    }
                },
                fails: { Self.failure($0) != nil })
            let steps = smallest.steps.map { String(decoding: (try? $0.jsonData()) ?? Data(), as: UTF8.self) }
            Issue.record(
                """
                \(Self.failure(smallest) ?? problem)
                request: \(smallest.request.entity) \(smallest.request.predicate?.predicateFormat ?? "nil") \
                sort \(smallest.request.sortKeys) section \(smallest.request.sectionKeyPath ?? "-") \
                window \(smallest.request.fetchOffset)+\(smallest.request.fetchLimit.map(String.init) ?? "all") \
                refresh \(smallest.request.refreshKeyPaths)
                schema: \(String(decoding: (try? JSONEncoder().encode(smallest.graph.schema)) ?? Data(), as: UTF8.self))
                graph: \(String(decoding: (try? smallest.graph.jsonData()) ?? Data(), as: UTF8.self))
                change sets (shrunk): \(steps.joined(separator: "\n"))
                \(run.replay(index))
                """)
            return
        }
        print("LiveResultsPropertyTests: \(sequences) sequences checked")
        #expect(sequences >= run.cases * 9 / 10)
    }
}
