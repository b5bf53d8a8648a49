/// The tables of a database store's change log, beside the tables of the mapping:
///
/// | table | columns |
/// |---|---|
/// | `pe_change_log` | `sequence` (integer, primary key), `committed_at` (seconds since 1970, a double), `changes` (the applied change set as JSON text) |
/// | `pe_change_log_head` | one row: `id` = 1, `last_sequence` (the last number given, 0 before any), `first_kept` (the oldest number not pruned) |
///
/// Every write takes the head row's lock first (an `UPDATE` that changes nothing), so writers
/// are serialised: sequence numbers are given in commit order, with no gap when a writer
/// rolls back. Docs/database-store.md explains the choice.
public enum SQLChangeLogTables {
    /// `pe_change_log`.
    public static let logTable = "pe_change_log"
    /// `pe_change_log_head`.
    public static let headTable = "pe_change_log_head"
    /// The channel PostgreSQL notifies with each committed sequence number: `pe_change_log`.
    public static let channel = "pe_change_log"

    /// The columns of ``logTable``, in order.
    public static let logColumns = ["sequence", "committed_at", "changes"]
    /// The columns of ``headTable``, in order.
    public static let headColumns = ["id", "last_sequence", "first_kept"]

    /// `CREATE TABLE IF NOT EXISTS` of both tables in `dialect`. The head row is inserted by
    /// the store when it finds none (``headRow``).
    public static func definitions(dialect: some SQLDialect) -> [SQLStatement] {
        [
            dialect.render(
                SQLCreateTable(
                    logTable,
                    columns: [
                        .init("sequence", .integer64, primaryKey: true), .init("committed_at", .double, notNull: true),
                        .init("changes", .text, notNull: true),
                    ], ifNotExists: true)),
            dialect.render(
                SQLCreateTable(
                    headTable,
                    columns: [
                        .init("id", .integer64, primaryKey: true), .init("last_sequence", .integer64, notNull: true),
                        .init("first_kept", .integer64, notNull: true),
                    ], ifNotExists: true)),
        ]
    }

    /// The statements that give a database an empty log, dropping any log it had: what
    /// `db create` runs after the tables of the mapping (a database it replaces starts a new
    /// history, whose numbers start again at 1).
    public static func freshLog(dialect: some SQLDialect) -> [SQLStatement] {
        [
            dialect.render(SQLDropTable(logTable, ifExists: true)),
            dialect.render(SQLDropTable(headTable, ifExists: true)),
        ]
            + definitions(dialect: dialect) + [dialect.render(headRow)]
    }

    /// The head row of an empty log: nothing given yet, nothing pruned.
    public static var headRow: SQLInsert {
        SQLInsert(table: headTable, columns: headColumns, rows: [[.integer(1), .integer(0), .integer(1)]])
    }

    /// The `WHERE` condition selecting the head row.
    public static var headCondition: SQLExpression {
        .binary(.columnName("id"), .equal, .value(.integer(1)))
    }
}
