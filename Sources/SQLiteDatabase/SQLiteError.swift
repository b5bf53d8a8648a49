import CSQLite

/// A failure reported by SQLite, with its message and the SQL that caused it:
/// `SQLite error 1: no such table: Content — in: SELECT "id" FROM "Content"`.
package struct SQLiteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// SQLite's result code (`SQLITE_ERROR` = 1, `SQLITE_CONSTRAINT` = 19, …); 0 for a
    /// failure detected by the helper itself.
    package var code: Int32
    /// SQLite's message (`sqlite3_errmsg`), or the helper's.
    package var message: String
    /// The statement concerned, if any.
    package var sql: String?

    /// Creates an error.
    package init(code: Int32, message: String, sql: String? = nil) {
        self.code = code
        self.message = message
        self.sql = sql
    }

    /// The code, the message and the SQL.
    package var description: String {
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
