import Evaluation
import KeyPaths
import Predicates

/// The results of a ``FetchRequest`` over a SQL database, kept current as change sets commit —
/// from this process or any other — with the same rows, sections, diffs and updated rows as
/// ``LiveResultSet`` gives over a graph for the same changes.
///
/// ```swift
/// var results = try DatabaseLiveResults(request: request, mapping: mapping, database: connection)
/// results.rows                                                   // the first fetch
/// let change = try results.apply(entry.changes, database: connection)  // one log entry
/// change.rows.applied(to: oldRows)                               // == results.rows
/// ```
///
/// The first fetch is the request lowered to SQL (``PredicateLowering/liveQuery(_:keys:)``):
/// the matching keys with their sort values. For each applied change set, in the order they
/// committed: the request's ``QueryRegion`` says whether the change can matter at all (no SQL
/// when not); each attribute update is classified from its new value
/// (``ChangeDirectionAnalysis``: it can only make members leave, only make non-members join,
/// or either); the ``ChangeMatcher`` finds the roots it may affect with keyed `SELECT`s
/// (``DatabaseNavigation``); of those, the ones the direction leaves open alone are evaluated again
/// (`WHERE key IN (…) AND <predicate>`, with their sort values) and merged into the list by
/// the code ``LiveResultSet`` merges with (``RankedRows``), which makes the diff.
///
/// What it keeps: for every matching object (not only those in the window, so that the
/// window's edges move without a query) its key and sort values, plus a row number for each
/// key it has seen; never the database's other data. ``refetch(database:)`` starts over and
/// numbers the rows afresh.
///
/// The database is read as it is when a change set is matched: a watcher that is behind
/// evaluates roots with values of later commits, which the later change sets then confirm;
/// each diff still applies to the rows before it, and once every committed change set is
/// applied the rows are those of a fresh fetch.
public struct DatabaseLiveResults: Sendable {
    /// The request the rows answer.
    public let request: FetchRequest
    /// Where the objects are stored.
    public let mapping: SQLMapping
    /// What the request reads (its membership, order and display dependencies) as regions.
    public let region: QueryRegion
    let plan: DatabasePlan
    /// The key of each row number given so far (row numbers are never reused until a refetch).
    var keys: [ObjectKey] = []
    /// The row number of each key seen.
    var rowOf: [ObjectKey: Int32] = [:]
    /// The members in order with their sort values.
    var ranked: RankedRows

    /// Live results of `request` over `database`, stored under `mapping` (a first fetch).
    /// Errors: the request does not check against the mapping's schema, cannot be tracked (a
    /// relationship without an inverse: ``LiveResultsError/dependencyError``) or lowered to
    /// SQL, or the database fails.
    public init(request: FetchRequest, mapping: SQLMapping, database: any SQLDatabase) throws(LiveResultsError) {
        self.request = request
        self.mapping = mapping
        self.plan = try DatabasePlan(request: request, mapping: mapping)
        self.region = QueryRegion(plan.matcher.dependencies, schema: mapping.schema)
        self.ranked = RankedRows(sortKeys: [], window: ResultWindow(), sectioned: false)
        _ = try refetch(database: database)
    }

    /// The rows shown: the matching objects in order, after the offset and within the limit.
    public var rows: [ObjectID] { visibleRows.objectIDs }

    /// The number of rows shown.
    public var rowCount: Int { ranked.shown.count }

    /// The sections of ``rows`` (empty without a section key path).
    public var sections: [ResultSection] { ranked.sections }

    /// The rows shown as row numbers beside the keys that name them.
    var visibleRows: ResultRows {
        ResultRows(hierarchy: plan.rootHierarchy, keys: keys, rows: ranked.shown)
    }

    /// The number of matching objects (before the window).
    package var memberCount: Int { ranked.members.count }

    /// The bytes the results hold (their arrays by capacity, each member's sort values and
    /// each key): what a live query costs in memory, proportional to its matching rows and the
    /// keys it has seen.
    package var heldBytes: Int {
        func bytes<T>(_ array: [T]) -> Int { array.capacity * MemoryLayout<T>.stride }
        let perAllocation = 48
        var total = bytes(ranked.members) + bytes(ranked.memberLeads) + bytes(ranked.sortValues) + bytes(ranked.flags)
        total += bytes(keys) + rowOf.capacity * (MemoryLayout<ObjectKey>.stride + MemoryLayout<Int32>.stride + 1)
        for case let values? in ranked.sortValues { total += perAllocation + bytes(values) }
        for case .string(let text) in keys { total += text.utf8.count > 15 ? perAllocation + text.utf8.count : 0 }
        return total
    }

    /// Fetches every matching object again (after a gap in the change log, or to start over)
    /// and returns the change from the rows before to the rows now.
    public mutating func refetch(database: any SQLDatabase) throws(LiveResultsError) -> ResultChange {
        let oldRows = rows
        let oldSections = sections.map(\.name)
        let found = try plan.evaluate(keys: nil, database: database)
        keys = []
        rowOf = [:]
        var fresh = RankedRows(
            sortKeys: plan.sortKeys, window: request.window, sectioned: request.sectionKeyPath != nil)
        var members: [Int32] = []
        members.reserveCapacity(found.count)
        for (key, values) in found {
            let row = number(key)
            fresh.setSortValues(values, row: Int(row))
            members.append(row)
        }
        fresh.rank(members, keys: keys)
        ranked = fresh
        return ResultChange(
            rows: ListDiff(from: oldRows, to: rows), sections: ListDiff(from: oldSections, to: sections.map(\.name)))
    }

    /// The row number of `key`, given now if it has none.
    mutating func number(_ key: ObjectKey) -> Int32 {
        if let row = rowOf[key] { return row }
        let row = Int32(keys.count)
        keys.append(key)
        rowOf[key] = row
        return row
    }
}
