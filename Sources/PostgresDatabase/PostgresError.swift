/// A failure reported by PostgreSQL or libpq, with the server's message, its SQLSTATE and the
/// SQL that caused it: `PostgreSQL error 42P01: relation "content" does not exist — in: SELECT …`.
package struct PostgresError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The SQLSTATE code (`42P01`, `23505`, …); empty for a connection or client-side failure.
    package var sqlState: String
    /// The message.
    package var message: String
    /// The statement concerned, if any.
    package var sql: String?

    /// Creates an error.
    package init(sqlState: String = "", message: String, sql: String? = nil) {
        self.sqlState = sqlState
        self.message = message
        self.sql = sql
    }

    /// The SQLSTATE, the message and the SQL.
    package var description: String {
        var text = sqlState.isEmpty ? "PostgreSQL error: \(message)" : "PostgreSQL error \(sqlState): \(message)"
        if let sql { text += " — in: \(sql)" }
        return text
    }
}
