import CSQLite
import Evaluation
import Foundation

/// A connection to a SQLite database file (or an in-memory database), with the engine's
/// helper functions (``SQLHelperFunction``) registered, so that lowered predicates run on it.
///
/// ```swift
/// let db = try SQLiteConnection(path: "/tmp/sample.sqlite")
/// try db.execute("CREATE TABLE t (name TEXT)")
/// try db.run(SQLStatement(sql: "INSERT INTO t VALUES (?1)", bindings: [.text("Zoë")]))
/// try db.rows(SQLStatement(sql: "SELECT name FROM t WHERE pe_equals(name, ?1, 'cd')", bindings: [.text("ZOE")]))
/// // [[.text("Zoë")]]
/// ```
///
/// A connection belongs to one thread at a time; open one per task.
package final class SQLiteConnection: SQLQuerying {
    /// How the file is opened.
    package enum Mode: Sendable, Hashable {
        /// Read and write; create the file when missing.
        case readWriteCreate
        /// Read only; the file must exist.
        case readOnly
        /// Read only, and the file is promised not to change (no locks, no journal): for
        /// stores on read-only media, such as a fixture directory.
        case immutable
    }

    private let handle: OpaquePointer
    /// The path given (or `:memory:`).
    package let path: String

    /// Opens (or creates) the database at `path` and registers the helper functions.
    package init(path: String, mode: Mode = .readWriteCreate) throws(SQLiteError) {
        var connection: OpaquePointer?
        let flags: Int32
        var location = path
        switch mode {
        case .readWriteCreate: flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        case .readOnly: flags = SQLITE_OPEN_READONLY
        case .immutable:
            flags = SQLITE_OPEN_READONLY | SQLITE_OPEN_URI
            location = "file:" + Self.percentEncoded(path) + "?immutable=1"
        }
        let code = sqlite3_open_v2(location, &connection, flags | SQLITE_OPEN_NOMUTEX, nil)
        guard code == SQLITE_OK, let connection else {
            let error = SQLiteError.from(connection, code: code, sql: nil)
            sqlite3_close_v2(connection)
            throw SQLiteError(code: code, message: "cannot open '\(path)': \(error.message)")
        }
        self.handle = connection
        self.path = path
        sqlite3_extended_result_codes(connection, 1)
        try SQLiteHelperFunctions.register(on: connection)
    }

    /// A new, empty in-memory database.
    package static func inMemory() throws(SQLiteError) -> SQLiteConnection {
        try SQLiteConnection(path: ":memory:")
    }

    deinit { sqlite3_close_v2(handle) }

    /// Runs one or more statements without bindings (`CREATE TABLE …; CREATE INDEX …`).
    package func execute(_ sql: String) throws(SQLiteError) {
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        guard code == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? "unknown error"
            sqlite3_free(message)
            throw SQLiteError(code: code, message: text, sql: sql)
        }
    }

    /// Compiles `sql` for repeated use.
    package func prepare(_ sql: String) throws(SQLiteError) -> SQLitePreparedStatement {
        try SQLitePreparedStatement(connection: handle, sql: sql)
    }

    /// Runs a statement that returns no rows; returns the number of rows it changed.
    @discardableResult
    package func run(_ statement: SQLStatement) throws(SQLiteError) -> Int {
        let prepared = try prepare(statement.sql)
        try prepared.bind(statement.bindings)
        while try prepared.step() {}
        return Int(sqlite3_changes(handle))
    }

    /// Runs each statement in order.
    package func run(_ statements: [SQLStatement]) throws(SQLiteError) {
        for statement in statements { try run(statement) }
    }

    /// Runs a query; returns the column names and the rows.
    package func query(_ statement: SQLStatement) throws(SQLiteError) -> (columns: [String], rows: [[SQLValue]]) {
        let prepared = try prepare(statement.sql)
        let rows = try prepared.rows(statement.bindings)
        return (prepared.columnNames, rows)
    }

    /// Runs a query; returns its rows (``SQLQuerying``).
    package func rows(_ statement: SQLStatement) throws -> [[SQLValue]] {
        try prepare(statement.sql).rows(statement.bindings)
    }

    /// Every table's columns and declared types (`INTEGER`, `VARCHAR(255)`, empty when none),
    /// from `sqlite_schema` and `pragma_table_info` (``SQLQuerying``).
    package func catalogue() throws -> SQLCatalogue {
        let rows = try self.rows(
            SQLStatement(
                sql: "SELECT m.name, p.name, p.type FROM sqlite_schema AS m JOIN pragma_table_info(m.name) AS p "
                    + "WHERE m.type = 'table' ORDER BY m.name, p.cid"))
        return SQLCatalogue(rows: rows)
    }

    /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
    package func transaction<Result>(_ body: () throws -> Result) throws -> Result {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// `path` with the characters a `file:` URI reserves, and non-ASCII bytes, percent-encoded.
    private static func percentEncoded(_ path: String) -> String {
        var result = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "%"), UInt8(ascii: "?"), UInt8(ascii: "#"), 0x80...0xFF:
                result += String(format: "%%%02X", byte)
            default: result.unicodeScalars.append(Unicode.Scalar(byte))
            }
        }
        return result
    }
}
