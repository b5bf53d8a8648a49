import Foundation

/// What observers of ``LiveResults`` receive after each change: the rows and sections as they
/// now are, and the change from the previous ones.
public struct ResultUpdate: Sendable, Hashable {
    /// The rows after the change.
    public var rows: [ObjectID]
    /// The sections after the change.
    public var sections: [ResultSection]
    /// What changed.
    public var change: ResultChange
}

/// A ``LiveResultSet`` shared between tasks and threads: changes are applied one at a time, and
/// every update is delivered to the callbacks and asynchronous sequences observing it — after
/// the internal lock is released, so observer code never runs under it.
///
/// ```swift
/// let results = try LiveResults(request: request, graph: graph)
/// let token = results.observe { update in print(update.change.rows.insertions) }
/// Task { for await update in results.updates() { render(update.rows) } }
/// try results.apply(changes)     // from any thread
/// ```
public final class LiveResults: @unchecked Sendable {
    // `@unchecked`: every stored property is guarded by `lock`.
    private let lock = NSLock()
    private var results: LiveResultSet
    private var callbacks: [UUID: @Sendable (ResultUpdate) -> Void] = [:]
    private var streams: [UUID: AsyncStream<ResultUpdate>.Continuation] = [:]

    /// Live results of `request` over `graph` (a full fetch).
    public init(request: FetchRequest, graph: ObjectGraph) throws(LiveResultsError) {
        results = try LiveResultSet(request: request, graph: graph)
    }

    /// The current state: the graph, the request, the rows and sections.
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

    /// Calls `handler` after every change until the token is cancelled (or released).
    public func observe(_ handler: @escaping @Sendable (ResultUpdate) -> Void) -> ObservationToken {
        let id = UUID()
        lock.withLock { callbacks[id] = handler }
        return ObservationToken { [weak self] in
            guard let self else { return }
            _ = self.lock.withLock { self.callbacks.removeValue(forKey: id) }
        }
    }

    /// The updates from now on, as an asynchronous sequence (buffered: a slow reader misses
    /// nothing). The sequence ends when the results are released.
    public func updates() -> AsyncStream<ResultUpdate> {
        let (stream, continuation) = AsyncStream<ResultUpdate>.makeStream()
        let id = UUID()
        lock.withLock { streams[id] = continuation }
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            _ = self.lock.withLock { self.streams.removeValue(forKey: id) }
        }
        return stream
    }

    deinit {
        for continuation in streams.values { continuation.finish() }
    }

    /// Runs `body` on the results under the lock, then delivers the update outside it.
    private func update(_ body: (inout LiveResultSet) throws(LiveResultsError) -> ResultChange)
        throws(LiveResultsError) -> ResultUpdate
    {
        lock.lock()
        let outcome:
            Result<
                (ResultUpdate, [@Sendable (ResultUpdate) -> Void], [AsyncStream<ResultUpdate>.Continuation]),
                LiveResultsError
            >
        do {
            let change = try body(&results)
            let update = ResultUpdate(rows: results.rows, sections: results.sections, change: change)
            outcome = .success((update, Array(callbacks.values), Array(streams.values)))
        } catch {
            outcome = .failure(error)
        }
        lock.unlock()
        let (update, handlers, continuations) = try outcome.get()
        for handler in handlers { handler(update) }
        for continuation in continuations { continuation.yield(update) }
        return update
    }
}

/// Ends an observation when cancelled or released.
public final class ObservationToken: Sendable {
    private let cancellation: @Sendable () -> Void

    init(_ cancellation: @escaping @Sendable () -> Void) {
        self.cancellation = cancellation
    }

    /// Stops the observation.
    public func cancel() { cancellation() }

    deinit { cancellation() }
}
