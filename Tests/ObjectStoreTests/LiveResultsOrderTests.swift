import Evaluation
import Foundation
import ObjectStore
import Predicates
import Testing

/// What observers of shared live results see when many threads apply changes at once: every
/// update exactly once, numbered in the order the changes were applied, and each diff applying
/// to the rows of the update before it — on both schedulers. Before updates were handed to one
/// serial delivery, two concurrent `apply` calls could deliver in either order, and an observer
/// replaying diffs corrupted its list (about 50 of 800 diffs did not replay).
@Suite("Live results: observers see every change once, in order")
struct LiveResultsOrderTests {
    typealias F = ChangeFixtures
    static let threads = 16
    static let changesPerThread = 50
    static var total: Int { threads * changesPerThread }

    /// The updates one observer received (or the threads' `apply` calls returned), in order.
    final class Recorder: @unchecked Sendable {
        private let lock = NSLock()
        private var updates: [ResultUpdate] = []
        func add(_ update: ResultUpdate) { lock.withLock { updates.append(update) } }
        var all: [ResultUpdate] { lock.withLock { updates } }
    }

    /// Tokens kept for the length of the test (one set from a worker thread), and what went
    /// wrong on the worker threads.
    final class TokenBox: @unchecked Sendable {
        private let lock = NSLock()
        private var tokens: [ObservationToken] = []
        private var errors: [String] = []
        func keep(_ token: ObservationToken) { lock.withLock { tokens.append(token) } }
        func fail(_ error: String) { lock.withLock { errors.append(error) } }
        var failures: [String] { lock.withLock { errors } }
    }

    /// Step `step` of thread `thread`: each thread inserts, renames and deletes objects of its
    /// own (ids 1000 + 100 × thread + …), so every change set is valid in any interleaving;
    /// renames move rows across the list sorted by name, and across sections.
    static func changes(thread: Int, step: Int) -> ChangeSet {
        var changes = ChangeSet()
        let base: Int = 1000 + thread * 100 + step / 5 * 2
        let first = ObjectKey.int(base)
        let second = ObjectKey.int(base + 1)
        let number: Int = (thread * 7919 + step * 104_729) % 97
        let name = PredicateValue.string("n\(number)")
        switch step % 5 {
        case 0: changes["Content"].inserted.append(InsertedObject(id: first, values: ["name": name]))
        case 1: changes["Content"].updated.append(UpdatedObject(id: first, attributes: ["name": name]))
        case 2: changes["Content"].inserted.append(InsertedObject(id: second, values: ["name": name]))
        case 3: changes["Content"].deleted.append(first)
        default: changes["Content"].updated.append(UpdatedObject(id: second, attributes: ["name": name]))
        }
        return changes
    }

    /// Applies every thread's change sets from `threads` threads at once; thread 0 starts a
    /// second observer after its 25th change. Returns what `apply` returned.
    static func applyFromThreads(_ results: LiveResults, midStream: Recorder, tokens: TokenBox) -> Recorder {
        let returned = Recorder()
        let group = DispatchGroup()
        for thread in 0..<threads {
            group.enter()
            let worker = Thread {
                for step in 0..<changesPerThread {
                    do {
                        returned.add(try results.apply(changes(thread: thread, step: step)))
                    } catch {
                        tokens.fail("thread \(thread), step \(step): \(error)")
                    }
                    if thread == 0, step == 24 { tokens.keep(results.observe { midStream.add($0) }) }
                }
                group.leave()
            }
            worker.start()
        }
        group.wait()
        return returned
    }

    /// Waits (up to a minute, polling) until `recorder` holds an update numbered `sequence`.
    static func waitFor(_ sequence: Int, in recorder: Recorder) {
        for _ in 0..<6000 where !recorder.all.contains(where: { $0.sequence == sequence }) { usleep(10_000) }
    }

    /// The first place where `updates` are not numbered `from`, `from + 1`, … up to `through`,
    /// as (expected number, number found or `nil` when missing); `nil` when they all are.
    static func firstGap(_ updates: [ResultUpdate], from: Int, through: Int) -> (expected: Int, found: Int?)? {
        for (offset, expected) in (from...through).enumerated() {
            let found = offset < updates.count ? updates[offset].sequence : nil
            if found != expected { return (expected, found) }
        }
        return updates.count > through - from + 1 ? (through + 1, updates[through - from + 1].sequence) : nil
    }

    /// Every diff of `updates` applies to the rows and sections of the update before it,
    /// starting from `rows` and `sections`; returns the first one that does not.
    static func firstBrokenReplay(_ updates: [ResultUpdate], rows: [ObjectID], sections: [String]) -> Int? {
        var rows = rows
        var sections = sections
        for update in updates {
            let newRows = update.rows
            let newSections = update.sections.map(\.name)
            guard update.change.rows.applied(to: rows) == newRows,
                update.change.sections.applied(to: sections) == newSections
            else { return update.sequence }
            rows = newRows
            sections = newSections
        }
        return nil
    }

    static let schedulers: [(String, ObservationScheduler)] = [
        ("immediate", .immediate),
        ("serial queue", .queue(DispatchQueue(label: "LiveResultsOrderTests.serial"))),
        ("concurrent queue", .queue(DispatchQueue(label: "LiveResultsOrderTests.concurrent", attributes: .concurrent))),
    ]

    @Test(
        "16 threads × 50 change sets: every observer sees every update once, in order, and each diff replays",
        arguments: schedulers.map(\.0))
    func recorder(scheduler name: String) throws {
        let scheduler = try #require(Self.schedulers.first { $0.0 == name }?.1)
        let request = FetchRequest(entity: "Content", sortKeys: [SortKey("name")], sectionKeyPath: "name")
        let results = try LiveResults(request: request, graph: try F.graph(), scheduler: scheduler)
        let start = results.snapshot
        let everything = Recorder()
        let midStream = Recorder()
        let tokens = TokenBox()
        tokens.keep(results.observe { everything.add($0) })
        let returned = Self.applyFromThreads(results, midStream: midStream, tokens: tokens)
        Self.waitFor(Self.total, in: everything)
        Self.waitFor(Self.total, in: midStream)
        #expect(tokens.failures == [])

        // Each change got its own number, and the observer saw each change's update once, in order.
        let byNumber = Dictionary(returned.all.map { ($0.sequence, $0) }, uniquingKeysWith: { first, _ in first })
        #expect(byNumber.count == Self.total && byNumber.keys.min() == 1 && byNumber.keys.max() == Self.total)
        let seen = everything.all
        let gap = Self.firstGap(seen, from: 1, through: Self.total)
        #expect(gap == nil, "expected update \(gap?.expected ?? 0), got \(gap?.found.map(String.init) ?? "none")")
        #expect(seen.first { byNumber[$0.sequence] != $0 }?.sequence == nil)
        // Each diff turns the rows (and sections) before it into the rows after it.
        let broken = Self.firstBrokenReplay(seen, rows: start.rows, sections: start.sections.map(\.name))
        #expect(broken == nil, "the diff of update \(broken ?? 0) does not apply to the rows before it")
        // The last update shows the final rows, which a fresh fetch agrees with.
        let final = results.snapshot
        let lastShowsFinal = seen.last?.rows == final.rows
        #expect(lastShowsFinal, "the last update does not show the final rows")
        #expect(try LiveResultSet(request: request, graph: final.graph).rows == final.rows)
        #expect(final.rowCount == start.rowCount + Self.threads * 10)

        // The observer started mid-stream sees an unbroken run up to the last update, the same
        // updates as the first observer.
        let late = midStream.all
        let first = try #require(late.first?.sequence)
        #expect(first > 1)
        let lateGap = Self.firstGap(late, from: first, through: Self.total)
        #expect(
            lateGap == nil,
            "expected update \(lateGap?.expected ?? 0), got \(lateGap?.found.map(String.init) ?? "none")")
        let sameUpdates = late == Array(seen.dropFirst(first - 1))
        #expect(sameUpdates, "the late observer's updates differ from the first observer's")
    }

    @Test("an observer applying a change from its callback: no deadlock, every observer sees both updates in order")
    func reentrantApply() throws {
        let results = try LiveResults(
            request: FetchRequest(entity: "Content", sortKeys: [SortKey("name")]), graph: try F.graph())
        let first = Recorder()
        let second = Recorder()
        let token = results.observe { update in
            first.add(update)
            if update.sequence == 1 {
                _ = try? results.apply(Self.changes(thread: 1, step: 0))
                // Delivered after this callback returns, not inside it.
                #expect(first.all.count == 1)
            }
        }
        let other = results.observe { second.add($0) }
        let update = try results.apply(Self.changes(thread: 0, step: 0))
        #expect(update.sequence == 1)
        #expect(first.all.map(\.sequence) == [1, 2])
        #expect(second.all.map(\.sequence) == [1, 2])
        #expect(first.all.last?.rows == results.snapshot.rows)
        token.cancel()
        other.cancel()
    }

    @Test(
        "on a queue: apply returns at once, the stream and callbacks get the updates in order, a cancelled observer nothing more"
    )
    func queueScheduler() async throws {
        let queue = DispatchQueue(label: "LiveResultsOrderTests.queue")
        let results = try LiveResults(
            request: FetchRequest(entity: "Content", sortKeys: [SortKey("name")]), graph: try F.graph(),
            scheduler: .queue(queue))
        let recorder = Recorder()
        let stream = results.updates()
        let token = results.observe { recorder.add($0) }
        for step in 0..<10 { try results.apply(Self.changes(thread: 0, step: step)) }
        var streamed: [Int] = []
        for await update in stream {
            streamed.append(update.sequence)
            if update.sequence == 10 { break }
        }
        #expect(streamed == Array(1...10))
        Self.waitFor(10, in: recorder)
        #expect(recorder.all.map(\.sequence) == Array(1...10))
        // An observer registered after the cancelled one receives each update after it.
        let later = Recorder()
        let laterToken = results.observe { later.add($0) }
        token.cancel()
        try results.apply(Self.changes(thread: 0, step: 10))
        Self.waitFor(11, in: later)
        #expect(later.all.map(\.sequence) == [11])
        #expect(recorder.all.count == 10)
        laterToken.cancel()
    }
}
