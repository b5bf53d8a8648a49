/// Every statement the engine runs, as a tree that a ``SQLDialect`` renders: queries, the
/// definition of tables and indexes, the writing of rows and the transaction around them.
///
/// Nothing the engine sends to a database is written as text elsewhere: identifiers come from
/// the storage mapping (or the catalogue) and are quoted by the dialect, values are bound to
/// placeholders, and the dialect spells what differs between databases.
///
/// ```swift
/// let insert = SQLInsert(table: "Tag", columns: ["id", "name"], rows: [[.integer(1), .text("work")]])
/// try SQLiteDialect().render(.insert(insert)).sql       // INSERT INTO "Tag" ("id", "name") VALUES (?, ?)
/// try PostgreSQLDialect().render(.insert(insert)).sql   // INSERT INTO "Tag" ("id", "name") VALUES ($1, $2)
/// ```
public enum SQLCommand: Sendable, Hashable {
    /// `SELECT …`.
    case select(SQLSelect)
    /// `CREATE TABLE …`.
    case createTable(SQLCreateTable)
    /// `CREATE INDEX …`.
    case createIndex(SQLCreateIndex)
    /// `DROP TABLE …`.
    case dropTable(SQLDropTable)
    /// `INSERT INTO … VALUES …`.
    case insert(SQLInsert)
    /// `UPDATE … SET … WHERE …`.
    case update(SQLUpdate)
    /// `DELETE FROM … WHERE …`.
    case delete(SQLDelete)
    /// Starts a transaction, as the dialect spells it (``SQLDialect/beginTransaction``).
    case begin
    /// `COMMIT`.
    case commit
    /// `ROLLBACK`.
    case rollback
}

extension SQLSelect {
    /// `SELECT "a", "b" FROM "table"`: the plain read of some columns of every row, as the
    /// readers of a database (the graph's reader, the metadata) make it.
    public static func columns(_ names: [String], from table: String) -> SQLSelect {
        SQLSelect(columns: names.map { .columnName($0) }, from: Source(table: table))
    }
}
