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

    /// Appends many rows to one table, as fast as the database takes them: `produce` calls
    /// `write` once per row, with one value per column of `columns` in order, and the rows are
    /// sent as they come (none of them is kept once sent). The default sends inserts of as many
    /// rows as ``SQLDialect/maximumBindings`` allows; the SQLite helper reuses one prepared
    /// statement, the PostgreSQL helper streams the rows through `COPY … FROM STDIN`. Every
    /// value is sent as a value, never as SQL text. An error thrown by `produce` stops the
    /// writing and is rethrown; the rows sent before it stay unless a transaction around the
    /// call is rolled back (`db create` runs it in one).
    ///
    /// ```swift
    /// try database.insertRows(into: "Tag", columns: ["id", "name"]) { write in
    ///     for (id, name) in tags { try write([.integer(id), .text(name)]) }
    /// }
    /// ```
    func insertRows(into table: String, columns: [String], _ produce: (_ write: SQLRowWriter) throws -> Void) throws
}

/// What ``SQLDatabase/insertRows(into:columns:_:)`` hands its producer: writes one row.
public typealias SQLRowWriter = ([SQLValue]) throws -> Void

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

    /// Inserts of as many rows as the dialect binds in one statement, each run as its rows are
    /// complete.
    public func insertRows(into table: String, columns: [String], _ produce: (_ write: SQLRowWriter) throws -> Void)
        throws
    {
        let perStatement = Swift.max(1, dialect.maximumBindings / Swift.max(1, columns.count))
        var insert = SQLInsert(table: table, columns: columns, rows: [])
        try produce { row in
            insert.rows.append(row)
            if insert.rows.count == perStatement {
                try execute(.insert(insert))
                insert.rows.removeAll(keepingCapacity: true)
            }
        }
        if !insert.rows.isEmpty { try execute(.insert(insert)) }
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
