import CSQLite
import Evaluation
import Foundation

/// A connection to a SQLite database file (or an in-memory database), with the engine's
/// helper functions (``SQLHelperFunctions``) registered, so that lowered predicates run on it.
/// The store layer uses it as a ``SQLDatabase``.
///
/// ```swift
/// let db = try SQLiteConnection(path: "/tmp/sample.sqlite")
/// try db.execute(.createTable(SQLCreateTable("t", columns: [.init("name", .text)])))
/// try db.execute(.insert(SQLInsert(table: "t", columns: ["name"], rows: [[.text("Zoë")]])))
/// try db.rows(SQLStatement(sql: "SELECT name FROM t WHERE pe_contains(name, ?, 'cd') = 1", bindings: [.text("ZOE")]))
/// // [[.text("Zoë")]]
/// ```
///
/// A connection belongs to one thread at a time; open one per task.
public final class SQLiteConnection: SQLDatabase {
    /// How the file is opened.
    public enum Mode: Sendable, Hashable {
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
    public let path: String

    /// Opens (or creates) the database at `path` and registers the helper functions.
    public init(path: String, mode: Mode = .readWriteCreate) throws(SQLiteError) {
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
    public static func inMemory() throws(SQLiteError) -> SQLiteConnection {
        try SQLiteConnection(path: ":memory:")
    }

    deinit { sqlite3_close_v2(handle) }

    /// SQLite's spelling (``SQLiteDialect``).
    public let dialect: any SQLDialect = SQLiteDialect()

    /// Runs one or more statements without bindings, as written: the helpers' own setup, and
    /// tests that make a database by hand. The store layer runs statements built as trees.
    public func execute(_ sql: String) throws(SQLiteError) {
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        guard code == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? "unknown error"
            sqlite3_free(message)
            throw SQLiteError(code: code, message: text, sql: sql)
        }
    }

    /// Compiles `sql` for repeated use.
    public func prepare(_ sql: String) throws(SQLiteError) -> SQLitePreparedStatement {
        try SQLitePreparedStatement(connection: handle, sql: sql)
    }

    /// Runs a statement that returns no rows; returns the number of rows it changed
    /// (``SQLDatabase``).
    @discardableResult
    public func execute(_ statement: SQLStatement) throws(SQLiteError) -> Int {
        let prepared = try prepare(statement.sql)
        try prepared.bind(statement.bindings)
        while try prepared.step() {}
        return Int(sqlite3_changes(handle))
    }

    /// Runs a query; returns its rows (``SQLDatabase``).
    public func rows(_ statement: SQLStatement) throws(SQLiteError) -> [[SQLValue]] {
        try prepare(statement.sql).rows(statement.bindings)
    }

    /// Nothing to install: the helper functions are registered on every connection as it opens
    /// (``SQLDatabase``).
    public func installHelperFunctions() {}

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
