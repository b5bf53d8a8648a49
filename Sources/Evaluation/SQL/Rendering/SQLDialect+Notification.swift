/// How a database tells other connections that something was committed: PostgreSQL notifies
/// listeners (`NOTIFY`, delivered at commit), SQLite keeps a counter that changes with every
/// commit of another connection (`PRAGMA data_version`). The change log of a database store
/// uses whichever the database has.
extension SQLDialect {
    /// No notifications unless a dialect says otherwise.
    public func notification(channel: String, payload: String) -> SQLStatement? { nil }
    /// No data version unless a dialect says otherwise.
    public var dataVersionQuery: SQLStatement? { nil }
}

extension PostgreSQLDialect {
    /// `SELECT pg_notify($1, $2)`: the channel and the payload are bound values (a `NOTIFY`
    /// statement cannot take parameters), and the notification is delivered when the
    /// transaction commits, never when it rolls back.
    public func notification(channel: String, payload: String) -> SQLStatement? {
        SQLStatement(sql: "SELECT pg_notify($1, $2)", bindings: [.text(channel), .text(payload)])
    }
}

extension SQLiteDialect {
    /// `PRAGMA data_version`: an integer that changes when another connection commits.
    public var dataVersionQuery: SQLStatement? { SQLStatement(sql: "PRAGMA data_version") }
}
