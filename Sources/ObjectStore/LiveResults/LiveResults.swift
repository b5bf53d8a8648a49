import Evaluation
import Foundation

/// A ``LiveResultSet`` shared between tasks and threads: changes are applied one at a time, and
/// every update is delivered to the callbacks and asynchronous sequences observing it, in the
/// order the changes were applied, each exactly once (``ResultUpdate/sequence`` numbers them)
/// — on the ``ObservationScheduler`` given, and never under the internal lock, so observer
/// code may read the results or apply a change.
///
/// ```swift
/// let results = try LiveResults(request: request, graph: graph)
/// let token = results.observe { update in print(update.change.rows.insertions) }
/// Task { for await update in results.updates() { render(update.rows) } }
/// try results.apply(changes)     // from any thread
/// ```
///
/// An observer that keeps a copy of the rows can apply each diff to it
/// (`update.change.rows.applied(to: rows)` is `update.rows`): the updates arrive in order, so
/// each diff applies to the rows of the update before it, however many threads apply changes.
public final class LiveResults: @unchecked Sendable {
    // `@unchecked`: every stored `var` is guarded by `lock`; `delivery` is thread-safe.
    private let lock = NSLock()
    private var results: LiveResultSet
    /// The number of the last update (``ResultUpdate/sequence``).
    private var sequence = 0
    private let delivery: UpdateDelivery

    /// Live results of `request` over `graph` (a full fetch), whose observers run on
    /// `scheduler` (by default on the thread that applies a change, before `apply` returns).
    public init(request: FetchRequest, graph: ObjectGraph, scheduler: ObservationScheduler = .immediate)
        throws(LiveResultsError)
    {
        results = try LiveResultSet(request: request, graph: graph)
        delivery = UpdateDelivery(scheduler: scheduler)
    }

    /// The current state: the graph, the request, the rows and sections. Read from an
    /// observer, it may already include changes applied after the update being delivered.
    public var snapshot: LiveResultSet {
        lock.withLock { results }
    }

    /// Applies a change set (see ``LiveResultSet/apply(_:)``) and notifies every observer.
    @discardableResult
    public func apply(_ changes: ChangeSet) throws(LiveResultsError) -> ResultUpdate {
        try update { results throws(LiveResultsError) in try results.apply(changes) }
    }

    /// Replaces the fetch request (see ``LiveResultSet/replace(_:)``) and notifies every
    /// observer.
    @discardableResult
    public func replace(_ request: FetchRequest) throws(LiveResultsError) -> ResultUpdate {
        try update { results throws(LiveResultsError) in try results.replace(request) }
    }

    /// Calls `handler` with every update of a change applied from now on, until the token is
    /// cancelled (or released).
    public func observe(_ handler: @escaping @Sendable (ResultUpdate) -> Void) -> ObservationToken {
        let id = delivery.add(handler)
        return ObservationToken { [weak delivery] in delivery?.remove(id) }
    }

    /// The updates from now on, as an asynchronous sequence (buffered: a slow reader misses
    /// nothing). The sequence ends when the results are released, after the updates before.
    public func updates() -> AsyncStream<ResultUpdate> {
        let (stream, continuation) = AsyncStream<ResultUpdate>.makeStream()
        let id = delivery.add({ continuation.yield($0) }, finish: { continuation.finish() })
        continuation.onTermination = { [weak delivery] _ in delivery?.remove(id) }
        return stream
    }

    deinit {
        delivery.finishAll()
    }

    /// Runs `body` on the results under the lock and hands the update over to the delivery
    /// before releasing it (so updates keep the order of the changes); then delivers, outside
    /// the lock, when it is this thread's turn.
    private func update(_ body: (inout LiveResultSet) throws(LiveResultsError) -> ResultChange)
        throws(LiveResultsError) -> ResultUpdate
    {
        lock.lock()
        let update: ResultUpdate
        do {
            let change = try body(&results)
            sequence += 1
            update = ResultUpdate(
                sequence: sequence, rows: results.visibleRows, sections: results.sections, change: change)
        } catch {
            lock.unlock()
            throw error
        }
        let mustDeliver = delivery.handOver(update)
        lock.unlock()
        if mustDeliver { delivery.drain() }
        return update
    }
}
