import CSQLite

/// A failure reported by SQLite, with its message and the SQL that caused it:
/// `SQLite error 1: no such table: Content — in: SELECT "id" FROM "Content"`.
public struct SQLiteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// SQLite's result code (`SQLITE_ERROR` = 1, `SQLITE_CONSTRAINT` = 19, …); 0 for a
    /// failure detected by the helper itself.
    public var code: Int32
    /// SQLite's message (`sqlite3_errmsg`), or the helper's.
    public var message: String
    /// The statement concerned, if any.
    public var sql: String?

    /// Creates an error.
    public init(code: Int32, message: String, sql: String? = nil) {
        self.code = code
        self.message = message
        self.sql = sql
    }

    /// The code, the message and the SQL.
    public var description: String {
        var text = "SQLite error \(code): \(message)"
        if let sql { text += " — in: \(sql)" }
        return text
    }

    /// The error SQLite reports for `handle` after `code`.
    static func from(_ handle: OpaquePointer?, code: Int32, sql: String?) -> SQLiteError {
        let message = handle.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) } ?? "unknown error"
        return SQLiteError(code: code, message: message, sql: sql)
    }
}
