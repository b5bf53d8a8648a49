import CLibPQ
import Evaluation
import Foundation

/// A connection to a PostgreSQL server through libpq.
///
/// ```swift
/// let db = try PostgresConnection(url: "postgresql:///test?host=/tmp/pg-socket&port=5432")
/// try db.installHelperFunctions()
/// try db.rows(SQLStatement(sql: "SELECT pe_fold($1, 'cd')", bindings: [.text("Zoë")]))   // [[.text("zoe")]]
/// ```
///
/// The URL is libpq's connection URI (`postgresql://user@host:port/db`, or
/// `postgresql:///db?host=/socket/dir&port=N` for a Unix socket); libpq's key/value strings
/// (`host=… dbname=…`) are accepted too. A connection belongs to one thread at a time.
package final class PostgresConnection: SQLQuerying {
    private let handle: OpaquePointer

    /// Connects; throws with libpq's message when the server cannot be reached or refuses.
    package init(url: String) throws(PostgresError) {
        guard let connection = PQconnectdb(url) else {
            throw PostgresError(message: "libpq could not allocate a connection")
        }
        guard PQstatus(connection) == CONNECTION_OK else {
            let message = String(cString: PQerrorMessage(connection)).trimmingCharacters(in: .whitespacesAndNewlines)
            PQfinish(connection)
            throw PostgresError(message: "cannot connect to '\(url)': \(message)")
        }
        handle = connection
        PQsetNoticeProcessor(connection, ignoreNotice, nil)
        try execute(Self.sessionSettings)
    }

    /// Set on every connection: doubles (and dates, stored as doubles) come back as the exact
    /// value whatever the server's or the database's default (`extra_float_digits` 0 or less
    /// rounds them to 15 significant digits; any positive value gives the shortest exact text).
    static let sessionSettings = "SET extra_float_digits = 3"

    deinit { PQfinish(handle) }

    /// The server's version number (`150018` for 15.18).
    package var serverVersion: Int { Int(PQserverVersion(handle)) }

    /// Runs one or more statements without bindings (`CREATE TABLE …; CREATE INDEX …`).
    package func execute(_ sql: String) throws(PostgresError) {
        let result = PQexec(handle, sql)
        defer { PQclear(result) }
        try check(result, sql: sql)
    }

    /// Runs a statement that returns no rows; returns the number of rows it changed.
    @discardableResult
    package func run(_ statement: SQLStatement) throws(PostgresError) -> Int {
        let result = try send(statement)
        defer { PQclear(result) }
        return Int(String(cString: PQcmdTuples(result))) ?? 0
    }

    /// Runs each statement in order.
    package func run(_ statements: [SQLStatement]) throws(PostgresError) {
        for statement in statements { try run(statement) }
    }

    /// Runs a query; returns the column names and the rows.
    package func query(_ statement: SQLStatement) throws(PostgresError) -> (columns: [String], rows: [[SQLValue]]) {
        let result = try send(statement)
        defer { PQclear(result) }
        let columns = (0..<PQnfields(result)).map { String(cString: PQfname(result, $0)) }
        var rows: [[SQLValue]] = []
        for row in 0..<PQntuples(result) {
            rows.append(
                try (0..<PQnfields(result)).map { column throws(PostgresError) in
                    try PostgresValues.decode(result, row: row, column: column)
                })
        }
        return (columns, rows)
    }

    /// Runs a query; returns its rows (``SQLQuerying``).
    package func rows(_ statement: SQLStatement) throws -> [[SQLValue]] {
        try query(statement).rows
    }

    /// Every table's column names in the current schema search path (``SQLQuerying``).
    package func tableColumns() throws -> [String: [String]] {
        let rows = try self.rows(
            SQLStatement(
                sql: "SELECT c.relname, a.attname FROM pg_catalog.pg_class c "
                    + "JOIN pg_catalog.pg_attribute a ON a.attrelid = c.oid "
                    + "WHERE c.relkind IN ('r', 'p') AND a.attnum > 0 AND NOT a.attisdropped "
                    + "AND pg_catalog.pg_table_is_visible(c.oid) ORDER BY c.relname, a.attnum"))
        return Self.columnsByTable(rows)
    }

    /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
    package func transaction<Result>(_ body: () throws -> Result) throws -> Result {
        try execute("BEGIN")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// Installs (or replaces) the engine's helper functions in the current schema
    /// (``PostgresHelperFunctions/installStatement``).
    package func installHelperFunctions() throws(PostgresError) {
        try execute(PostgresHelperFunctions.installStatement)
    }

    private func send(_ statement: SQLStatement) throws(PostgresError) -> OpaquePointer? {
        let parameters = try PostgresValues.encode(statement.bindings, sql: statement.sql)
        let result = parameters.withParameters { types, values, lengths, formats in
            PQexecParams(
                handle, statement.sql, Int32(statement.bindings.count), types, values, lengths, formats, 0)
        }
        do {
            try check(result, sql: statement.sql)
        } catch {
            PQclear(result)
            throw error
        }
        return result
    }

    private func check(_ result: OpaquePointer?, sql: String) throws(PostgresError) {
        guard let result else {
            throw PostgresError(message: String(cString: PQerrorMessage(handle)), sql: sql)
        }
        switch PQresultStatus(result) {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY: return
        default:
            let state = PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) } ?? ""
            let message = String(cString: PQresultErrorMessage(result))
            throw PostgresError(
                sqlState: state, message: message.trimmingCharacters(in: .whitespacesAndNewlines), sql: sql)
        }
    }
}

/// Drops the server's notices (`NOTICE: relation … already exists, skipping`) instead of
/// printing them on standard error.
private func ignoreNotice(_ argument: UnsafeMutableRawPointer?, _ message: UnsafePointer<CChar>?) {}
