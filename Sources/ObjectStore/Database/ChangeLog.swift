import Evaluation
import Foundation

/// The change log of a database store: every change set a ``DatabaseStore`` applied, as
/// applied (cascades included, with the deleted objects' old values: ``AppliedChangeSet``),
/// under a sequence number, in the tables ``SQLChangeLogTables`` describes.
///
/// Sequence numbers start at 1 and increase by one with each committed change set, in commit
/// order: a reader that has seen every entry up to `n` and then reads ``entries(after:limit:)``
/// with `n` misses nothing and sees nothing twice, whichever connection or process wrote.
/// Writers are serialised by the head row's lock (taken first in each write transaction), so
/// no number is skipped by a writer that rolls back and none commits before a smaller one.
///
/// ```swift
/// let log = ChangeLog(database: connection)            // any SQLDatabase, its own connection
/// var seen = try log.lastSequence()
/// // … later, on a notification (PostgreSQL) or a changed `dataVersion()` (SQLite):
/// for entry in try log.entries(after: seen, limit: 100) {
///     seen = entry.sequence                            // entry.applied: the AppliedChangeSet
/// }
/// ```
///
/// PostgreSQL notifies the channel ``SQLChangeLogTables/channel`` (`pe_change_log`) with the
/// sequence number as the payload when each entry commits; SQLite readers poll
/// ``dataVersion()`` (cheap: no table is read) and then ``lastSequence()``. Old entries are
/// removed by ``prune(before:)``; ``firstKeptSequence()`` tells a reader whether the entries it
/// needs are still there (``entries(after:limit:)`` throws ``ChangeLogError/pruned(after:firstKept:)``
/// when they are not: the reader must refetch in full).
public struct ChangeLog {
    /// The connection the log is read and written through.
    public let database: any SQLDatabase

    /// The log of the database behind `database`. Its tables must exist
    /// (``createIfAbsent()``, which ``DatabaseStore`` and `db create` run).
    public init(database: any SQLDatabase) {
        self.database = database
    }

    /// Creates the log's tables and head row when the database lacks them, in a transaction
    /// of its own; does nothing when they are there.
    /// Two processes that create it at once both succeed: the one that loses the race (a
    /// duplicate head row, or PostgreSQL's concurrent `CREATE TABLE IF NOT EXISTS`) finds the
    /// log there and goes on.
    public func createIfAbsent() throws {
        let database = self.database
        do {
            try database.transaction {
                try database.execute(SQLChangeLogTables.definitions(dialect: database.dialect))
                if try head() == nil { try database.execute(.insert(SQLChangeLogTables.headRow)) }
            }
        } catch {
            guard (try? head()) != nil else { throw error }
        }
    }

    /// The last sequence number given (0 before the first change set).
    public func lastSequence() throws -> Int64 {
        try requireHead().last
    }

    /// The sequence number of the oldest entry still kept: entries before it were pruned.
    /// `lastSequence() + 1` when every entry was pruned; 1 when none ever was.
    public func firstKeptSequence() throws -> Int64 {
        try requireHead().firstKept
    }

    /// The entries with a sequence number greater than `sequence`, in sequence order, at
    /// most `limit` of them. Throws ``ChangeLogError/pruned(after:firstKept:)`` when some of
    /// them were pruned (`sequence + 1 < firstKeptSequence()`), and
    /// ``ChangeLogError/unreadableEntry(sequence:reason:)`` for an entry that is not an applied
    /// change set.
    public func entries(after sequence: Int64, limit: Int = 1000) throws -> [ChangeLogEntry] {
        let head = try requireHead()
        if sequence + 1 < head.firstKept, sequence < head.last {
            throw ChangeLogError.pruned(after: sequence, firstKept: head.firstKept)
        }
        var select = SQLSelect.columns(SQLChangeLogTables.logColumns, from: SQLChangeLogTables.logTable)
        select.conditions = [.binary(.columnName("sequence"), .greater, .value(.integer(sequence)))]
        select.order = [.init(expression: .columnName("sequence"), descending: false)]
        select.limit = max(1, limit)
        return try database.rows(select).map(Self.entry)
    }

    /// Removes the entries before `sequence` (never the head: numbers go on from the last one
    /// given); returns how many were removed. Pruning up to a number past the last one prunes
    /// everything there is.
    @discardableResult
    public func prune(before sequence: Int64) throws -> Int {
        let database = self.database
        guard try database.catalogue().columns(ofTable: SQLChangeLogTables.headTable, dialect: database.dialect) != nil
        else { throw ChangeLogError.missing }
        return try database.transaction {
            try lockHead()
            let head = try requireHead()
            let firstKept = min(max(head.firstKept, sequence), head.last + 1)
            let removed = try database.execute(
                .delete(
                    SQLDelete(
                        from: SQLChangeLogTables.logTable,
                        where: [.binary(.columnName("sequence"), .less, .value(.integer(firstKept)))])))
            try database.execute(
                .update(
                    SQLUpdate(
                        table: SQLChangeLogTables.headTable, set: [.init("first_kept", .value(.integer(firstKept)))],
                        where: [SQLChangeLogTables.headCondition])))
            return removed
        }
    }

    /// SQLite's data version (`PRAGMA data_version`): it changes when another connection
    /// commits; poll it, and read ``lastSequence()`` only when it changed. `nil` on a database
    /// without one (PostgreSQL: listen to ``SQLChangeLogTables/channel`` instead).
    public func dataVersion() throws -> Int64? {
        guard let query = database.dialect.dataVersionQuery else { return nil }
        return try database.rows(query).first?.first?.integerValue
    }

    // MARK: Writing (inside a store's transaction)

    /// Takes the head row's lock until the transaction ends: an `UPDATE` that sets a column to
    /// itself. The first statement of every write transaction, so that writers are serialised.
    func lockHead() throws {
        try database.execute(
            .update(
                SQLUpdate(
                    table: SQLChangeLogTables.headTable, set: [.init("last_sequence", .columnName("last_sequence"))],
                    where: [SQLChangeLogTables.headCondition])))
    }

    /// Appends `applied` under the next sequence number and announces it (PostgreSQL, at
    /// commit); returns the number. Runs inside the transaction that wrote the changes, after
    /// ``lockHead()``.
    func append(_ applied: AppliedChangeSet, at date: Date = Date()) throws -> Int64 {
        let sequence = try requireHead().last + 1
        try database.execute(
            .insert(
                SQLInsert(
                    table: SQLChangeLogTables.logTable, columns: SQLChangeLogTables.logColumns,
                    rows: [[.integer(sequence), .double(date.timeIntervalSince1970), .text(try applied.jsonText())]])))
        try database.execute(
            .update(
                SQLUpdate(
                    table: SQLChangeLogTables.headTable, set: [.init("last_sequence", .value(.integer(sequence)))],
                    where: [SQLChangeLogTables.headCondition])))
        if let notify = database.dialect.notification(channel: SQLChangeLogTables.channel, payload: String(sequence)) {
            _ = try database.rows(notify)
        }
        return sequence
    }

    // MARK: Reading

    private struct Head {
        var last: Int64
        var firstKept: Int64
    }

    private func head() throws -> Head? {
        var select = SQLSelect.columns(["last_sequence", "first_kept"], from: SQLChangeLogTables.headTable)
        select.conditions = [SQLChangeLogTables.headCondition]
        guard let row = try database.rows(select).first, row.count == 2,
            let last = row[0].integerValue, let firstKept = row[1].integerValue
        else { return nil }
        return Head(last: last, firstKept: firstKept)
    }

    /// The head row; ``ChangeLogError/missing`` when the database has no log.
    private func requireHead() throws -> Head {
        let found: Head?
        do {
            found = try head()
        } catch {
            if let catalogue = try? database.catalogue(),
                catalogue.columns(ofTable: SQLChangeLogTables.headTable, dialect: database.dialect) == nil
            {
                throw ChangeLogError.missing
            }
            throw error
        }
        guard let found else { throw ChangeLogError.missing }
        return found
    }

    private static func entry(_ row: [SQLValue]) throws -> ChangeLogEntry {
        guard row.count == 3, let sequence = row[0].integerValue else {
            throw ChangeLogError.unreadableEntry(sequence: nil, reason: "a row of \(row.count) values")
        }
        guard case .text(let text) = row[2] else {
            throw ChangeLogError.unreadableEntry(sequence: sequence, reason: "its changes are not text")
        }
        do {
            let applied = try AppliedChangeSet.decode(json: Data(text.utf8))
            let date = Date(timeIntervalSince1970: row[1].doubleValue ?? 0)
            return ChangeLogEntry(sequence: sequence, committedAt: date, applied: applied)
        } catch {
            throw ChangeLogError.unreadableEntry(sequence: sequence, reason: error.description)
        }
    }
}

/// One entry of a ``ChangeLog``.
public struct ChangeLogEntry: Sendable, Hashable {
    /// Its sequence number: 1 for the first change set, then one more for each.
    public var sequence: Int64
    /// When its transaction wrote it (the writer's clock).
    public var committedAt: Date
    /// The change set as applied.
    public var applied: AppliedChangeSet

    /// An entry.
    public init(sequence: Int64, committedAt: Date, applied: AppliedChangeSet) {
        self.sequence = sequence
        self.committedAt = committedAt
        self.applied = applied
    }
}

/// Why a ``ChangeLog`` cannot give what was asked.
public enum ChangeLogError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The database has no change log (no head row in `pe_change_log_head`).
    case missing
    /// The entries after `after` were asked, but those before `firstKept` were pruned: the
    /// reader must start again from a full fetch.
    case pruned(after: Int64, firstKept: Int64)
    /// An entry that cannot be read.
    case unreadableEntry(sequence: Int64?, reason: String)

    /// `the change log was pruned: entries after 3 were asked, but the oldest kept is 10; refetch in full`.
    public var description: String {
        switch self {
        case .missing:
            "the database has no change log (table \"\(SQLChangeLogTables.headTable)\"); open it as a store once, "
                + "or create it with 'predicate db create'"
        case .pruned(let after, let firstKept):
            "the change log was pruned: the entries after \(after) were asked, but the oldest kept is \(firstKept); "
                + "refetch in full"
        case .unreadableEntry(let sequence, let reason):
            "change log entry \(sequence.map(String.init) ?? "?"): \(reason)"
        }
    }
}
