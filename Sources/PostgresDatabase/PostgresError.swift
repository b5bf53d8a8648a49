/// A failure reported by PostgreSQL or libpq, with the server's message, its SQLSTATE and the
/// SQL that caused it: `PostgreSQL error 42P01: relation "content" does not exist — in: SELECT …`.
public struct PostgresError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The SQLSTATE code (`42P01`, `23505`, …); empty for a connection or client-side failure.
    public var sqlState: String
    /// The message.
    public var message: String
    /// The statement concerned, if any.
    public var sql: String?

    /// Creates an error.
    public init(sqlState: String = "", message: String, sql: String? = nil) {
        self.sqlState = sqlState
        self.message = message
        self.sql = sql
    }

    /// The SQLSTATE, the message and the SQL.
    public var description: String {
        var text = sqlState.isEmpty ? "PostgreSQL error: \(message)" : "PostgreSQL error \(sqlState): \(message)"
        if let sql { text += " — in: \(sql)" }
        return text
    }
}
