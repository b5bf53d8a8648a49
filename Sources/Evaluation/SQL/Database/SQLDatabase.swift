/// A connection to a SQL database: what the store layer reads and writes through, whichever
/// database it is. The SQLite and PostgreSQL helpers implement it; `ObjectGraph.read`,
/// ``SQLDatabaseDescription/read(from:convention:)`` and the command line's `db`, `query` and
/// `:db` use nothing else.
///
/// ```swift
/// let database: any SQLDatabase = …   // a connection of the SQLite or PostgreSQL helper
/// try database.transaction {
///     try database.execute(.createTable(SQLCreateTable("Tag", columns: [.init("id", .integer64, primaryKey: true)])))
///     try database.execute(.insert(SQLInsert(table: "Tag", columns: ["id"], rows: [[.integer(1)], [.integer(2)]])))
/// }
/// try database.rows(.columns(["id"], from: "Tag"))       // [[.integer(1)], [.integer(2)]]
/// ```
///
/// Statements are built as trees (``SQLCommand``) and rendered by the connection's own
/// ``dialect``; a ``SQLStatement`` rendered elsewhere (a lowered query) runs as it is. A
/// connection belongs to one thread at a time.
public protocol SQLDatabase {
    /// How this database spells SQL.
    var dialect: any SQLDialect { get }

    /// Runs a statement that returns no rows; returns the number of rows it changed.
    @discardableResult
    func execute(_ statement: SQLStatement) throws -> Int

    /// The rows of a query, each as its column values in order.
    func rows(_ statement: SQLStatement) throws -> [[SQLValue]]

    /// Runs `body` in a transaction: committed when it returns, rolled back when it throws
    /// (the default: the dialect's ``SQLDialect/beginTransaction``, then `COMMIT` or
    /// `ROLLBACK`).
    func transaction<Result>(_ body: () throws -> Result) throws -> Result

    /// Every table's columns with their declared types (the default runs the dialect's
    /// ``SQLDialect/catalogueQuery``).
    func catalogue() throws -> SQLCatalogue

    /// Makes the engine's helper functions available to lowered queries for good: PostgreSQL
    /// creates them in the current schema (`db create` does it in its transaction); SQLite
    /// registers them on every connection as it opens, so there is nothing to do.
    func installHelperFunctions() throws
}

extension SQLDatabase {
    public func transaction<Result>(_ body: () throws -> Result) throws -> Result {
        try execute(.begin)
        do {
            let result = try body()
            try execute(.commit)
            return result
        } catch {
            _ = try? execute(.rollback)
            throw error
        }
    }

    public func catalogue() throws -> SQLCatalogue {
        SQLCatalogue(rows: try rows(dialect.catalogueQuery))
    }

    /// Runs `command`, rendered in this database's dialect; returns the number of rows changed.
    @discardableResult
    public func execute(_ command: SQLCommand) throws -> Int {
        try execute(dialect.render(command))
    }

    /// Runs each statement in order.
    public func execute(_ statements: [SQLStatement]) throws {
        for statement in statements { try execute(statement) }
    }

    /// Every table's column names, keyed by table name.
    public func tableColumns() throws -> [String: [String]] {
        try catalogue().tables.mapValues { $0.map(\.name) }
    }

    /// The rows of `select`, rendered in this database's dialect.
    public func rows(_ select: SQLSelect) throws -> [[SQLValue]] {
        try rows(dialect.render(select))
    }
}
