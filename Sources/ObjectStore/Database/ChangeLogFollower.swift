import Evaluation
import Foundation
import KeyPaths
import Predicates

/// A connection a ``ChangeLogFollower`` reads the log through, with the way to wait for the
/// next commit: on PostgreSQL a `LISTEN` on the log's channel (a notification only wakes the
/// follower; it reads the entries after the last one it applied), on SQLite polling
/// `PRAGMA data_version` (no table read while nothing commits).
public struct ChangeLogConnection {
    /// The connection (the follower's own: it reads while writers write through theirs).
    public var database: any SQLDatabase
    /// Waits at most the given number of seconds for a commit (returning early when one may
    /// have happened; spurious wake-ups are harmless). Throws when the connection is lost.
    public var wait: (Double) throws -> Void

    /// A connection and its way of waiting.
    public init(database: any SQLDatabase, wait: @escaping (Double) throws -> Void) {
        self.database = database
        self.wait = wait
    }
}

/// Why a live query was fetched in full instead of being updated from the log.
public enum RefetchReason: String, Sendable, Hashable {
    /// The log entries the query needed were pruned (``ChangeLogError/pruned(after:firstKept:)``).
    case pruned
}

/// One update of one live query followed by a ``ChangeLogFollower``.
public struct FollowedUpdate: Sendable {
    /// The query (as ``ChangeLogFollower/add(_:)`` numbered it).
    public var query: Int
    /// The log entry applied (after a refetch: the last sequence the rows include).
    public var logSequence: Int64
    /// Set when the rows were fetched in full rather than updated from the entry.
    public var refetch: RefetchReason?
    /// The rows, sections and change.
    public var update: ResultUpdate
}

/// Keeps many live queries over one database current from its change log, as one follower
/// per process and database: each log entry is read once, in sequence order, and matched once
/// against every query — the queries are indexed by the keys of their ``QueryRegion``s, so an
/// entry costs nothing for the queries it cannot touch; the keyed lookups of the matcher are
/// shared (``SharedNavigation``), and the roots every query needs evaluated again are evaluated
/// in one statement per table (``BatchedEvaluation``).
///
/// ```swift
/// let follower = try ChangeLogFollower(mapping: mapping, connect: { try openLogConnection() })
/// let inbox = try follower.add(inboxRequest)          // its first fetch (update 0)
/// while running {
///     for update in try follower.poll() { render(update) }   // in log order
///     try follower.wait(upTo: 1)
/// }
/// ```
///
/// Exactly once and in order: ``lastSequence`` is the last entry every query has applied;
/// ``poll()`` reads the entries after it. When the connection fails, the follower connects
/// again and resumes after ``lastSequence`` (an entry a query already applied is not applied
/// twice: each query keeps its own last sequence). A follower made with `since:` starts after
/// that sequence (a restarted watcher). When the entries it needs were pruned it fetches every
/// query in full and says so (``FollowedUpdate/refetch``). The log's sequence numbers have no
/// gaps (writers take them in commit order: ``ChangeLog``), so a missing number can only
/// mean pruning.
public final class ChangeLogFollower {
    /// The storage mapping of the database.
    public let mapping: SQLMapping
    /// The last log entry applied to every query.
    public private(set) var lastSequence: Int64
    private let connect: () throws -> ChangeLogConnection
    private var connection: ChangeLogConnection
    private var queries: [Int: FollowedQuery] = [:]
    private var index: [RegionKey: Set<Int>] = [:]
    private var nextID = 0
    /// How many entries one read asks for.
    public var batchSize = 500
    /// Where the time of applying entries went (for benchmarks; reset it freely).
    package var statistics = FollowerStatistics()

    private struct FollowedQuery {
        var results: DatabaseLiveResults
        var lastSequence: Int64
        var updates: Int
    }

    /// A follower reading the log through the connections `connect` opens (now, and again
    /// after a failure), starting after `since` (by default the log's last sequence now).
    public init(mapping: SQLMapping, since: Int64? = nil, connect: @escaping () throws -> ChangeLogConnection) throws {
        self.mapping = mapping
        self.connect = connect
        connection = try Self.open(connect)
        lastSequence = try since ?? ChangeLog(database: connection.database).lastSequence()
    }

    /// Starts following `request`: its first fetch, as update 0 (no change). Its rows include
    /// at least every entry up to ``lastSequence``.
    public func add(_ request: FetchRequest) throws(LiveResultsError) -> FollowedUpdate {
        let results = try DatabaseLiveResults(request: request, mapping: mapping, database: connection.database)
        let id = nextID
        nextID += 1
        queries[id] = FollowedQuery(results: results, lastSequence: lastSequence, updates: 0)
        for key in results.region.keys { index[key, default: []].insert(id) }
        return FollowedUpdate(
            query: id, logSequence: lastSequence, refetch: nil,
            update: ResultUpdate(
                sequence: 0, rows: results.visibleRows, sections: results.sections,
                change: ResultChange(rows: ListDiff(), sections: ListDiff())))
    }

    /// A connection from `connect`, with the settings of a connection that runs short keyed
    /// queries only (``SQLDialect/keyedReadSettings``: the follower's own connection).
    private static func open(_ connect: () throws -> ChangeLogConnection) throws -> ChangeLogConnection {
        let connection = try connect()
        for setting in connection.database.dialect.keyedReadSettings { try connection.database.execute(setting) }
        return connection
    }

    /// Stops following a query.
    public func remove(_ query: Int) {
        guard let removed = queries.removeValue(forKey: query) else { return }
        for key in removed.results.region.keys { index[key]?.remove(query) }
    }

    /// The rows of a followed query now.
    public func results(of query: Int) -> DatabaseLiveResults? { queries[query]?.results }

    /// Applies every log entry committed after ``lastSequence``, in order, and returns the
    /// updates of the queries they touched, in order (entry by entry, then query by query).
    /// `onEntry` is called after each entry with its sequence number (an entry that touched
    /// no query included). A failed connection is opened again once and the read resumed;
    /// a second failure is thrown (nothing is lost: the next call resumes after
    /// ``lastSequence``).
    @discardableResult
    public func poll(onEntry: (Int64, [FollowedUpdate]) -> Void = { _, _ in }) throws -> [FollowedUpdate] {
        var all: [FollowedUpdate] = []
        var reconnected = false
        while true {
            let entries: [ChangeLogEntry]
            do {
                entries = try ChangeLog(database: connection.database).entries(after: lastSequence, limit: batchSize)
            } catch ChangeLogError.pruned {
                let updates = try refetchAll()
                onEntry(lastSequence, updates)
                all += updates
                continue
            } catch {
                guard !reconnected else { throw error }
                reconnected = true
                connection = try Self.open(connect)
                continue
            }
            if entries.isEmpty { return all }
            for entry in entries {
                let updates = try apply(entry)
                lastSequence = entry.sequence
                onEntry(entry.sequence, updates)
                all += updates
            }
        }
    }

    /// Waits at most `seconds` for a commit (see ``ChangeLogConnection/wait``); a lost
    /// connection is opened again (the next ``poll()`` resumes after ``lastSequence``).
    public func wait(upTo seconds: Double) throws {
        do {
            try connection.wait(seconds)
        } catch {
            connection = try Self.open(connect)
        }
    }

    /// Applies one entry to the queries its region touches, each at most once: every query is
    /// matched first (the keyed lookups shared through one navigation), then the roots all of
    /// them need evaluated again are evaluated together (``BatchedEvaluation``: one statement
    /// per table rather than one per query), then each query merges its answers. Nothing is
    /// changed before every evaluation has succeeded.
    private func apply(_ entry: ChangeLogEntry) throws -> [FollowedUpdate] {
        let changes = entry.applied.changes
        var touched: Set<Int> = []
        // The entry's tables (its region, its listed links, its updated ids), built once for
        // every query it touches.
        let prepared = PreparedChangeSet(changes, schema: mapping.schema)
        for key in prepared.written.keys { touched.formUnion(index[key] ?? []) }
        // One navigation for the entry: the queries share the answers of the keyed SELECTs.
        let navigationDatabase = TimedDatabase(connection.database)
        let evaluationDatabase = TimedDatabase(connection.database)
        let navigation = SharedNavigation(DatabaseNavigation(database: navigationDatabase, mapping: mapping))
        let start = DispatchTime.now().uptimeNanoseconds
        defer {
            statistics.applySeconds += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            statistics.navigationStatements += navigationDatabase.statements
            statistics.navigationSeconds += navigationDatabase.seconds
            statistics.evaluationStatements += evaluationDatabase.statements
            statistics.evaluationSeconds += evaluationDatabase.seconds
        }
        var pending: [(id: Int, change: PendingChange)] = []
        var requests: [BatchedEvaluation.Request] = []
        let matchStart = DispatchTime.now().uptimeNanoseconds
        for id in touched.sorted() {
            guard let query = queries[id], query.lastSequence < entry.sequence,
                let change = try query.results.match(
                    changes, navigation: navigation, dialect: connection.database.dialect, prepared: prepared)
            else { continue }
            pending.append((id, change))
            requests.append(BatchedEvaluation.Request(plan: query.results.plan, keys: change.reevaluate))
        }
        statistics.matchSeconds += Double(DispatchTime.now().uptimeNanoseconds - matchStart) / 1e9
        let found = try BatchedEvaluation.evaluate(requests, database: evaluationDatabase)
        let mergeStart = DispatchTime.now().uptimeNanoseconds
        defer { statistics.mergeSeconds += Double(DispatchTime.now().uptimeNanoseconds - mergeStart) / 1e9 }
        var updates: [FollowedUpdate] = []
        for (position, item) in pending.enumerated() {
            // Taken out of the dictionary while it changes, so that its arrays are not copied.
            guard var query = queries.removeValue(forKey: item.id) else { continue }
            defer { queries[item.id] = query }
            let change = try query.results.finish(item.change, found: found[position])
            if !change.isEmpty {
                query.updates += 1
                updates.append(update(item.id, query, change, sequence: entry.sequence, refetch: nil))
            }
        }
        for id in queries.keys where queries[id]?.lastSequence ?? 0 < entry.sequence {
            queries[id]?.lastSequence = entry.sequence
        }
        return updates
    }

    /// Fetches every query in full (the entries it needed were pruned): the rows include every
    /// entry up to the log's last sequence read before the fetch.
    private func refetchAll() throws -> [FollowedUpdate] {
        let last = try ChangeLog(database: connection.database).lastSequence()
        var updates: [FollowedUpdate] = []
        for id in queries.keys.sorted() {
            guard var query = queries[id] else { continue }
            let change = try query.results.refetch(database: connection.database)
            query.lastSequence = last
            query.updates += 1
            updates.append(update(id, query, change, sequence: last, refetch: .pruned))
            queries[id] = query
        }
        lastSequence = last
        return updates
    }

    private func update(
        _ id: Int, _ query: FollowedQuery, _ change: ResultChange, sequence: Int64, refetch: RefetchReason?
    )
        -> FollowedUpdate
    {
        FollowedUpdate(
            query: id, logSequence: sequence, refetch: refetch,
            update: ResultUpdate(
                sequence: query.updates, rows: query.results.visibleRows, sections: query.results.sections,
                change: change))
    }
}
