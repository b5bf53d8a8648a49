import CLibPQ
import Evaluation
import Foundation

/// A connection to a PostgreSQL server through libpq; the store layer uses it as a
/// ``SQLDatabase``.
///
/// ```swift
/// let db = try PostgresConnection(url: "postgresql:///test?host=/tmp/pg-socket&port=5432")
/// try db.installHelperFunctions()
/// try db.rows(SQLStatement(sql: "SELECT pe_fold($1, 'cd')", bindings: [.text("Zoë")]))   // [[.text("zoe")]]
/// ```
///
/// The connection string is libpq's URI (`postgresql://user@host:port/db`, or
/// `postgresql:///db?host=/socket/dir&port=N` for a Unix socket) or its key/value form
/// (`host=… dbname=…`), read by ``Configuration``. Connecting waits at most
/// ``Configuration/defaultConnectTimeout`` seconds for a server that does not answer, unless the
/// string sets `connect_timeout`. No error or description shows a password. A connection belongs
/// to one thread at a time.
public final class PostgresConnection: SQLDatabase {
    let handle: OpaquePointer
    /// Where the connection goes (printable: it shows no secret).
    public let configuration: Configuration

    /// Parses `url` (``Configuration/init(parsing:)``) and connects.
    public convenience init(url: String) throws(PostgresError) {
        try self.init(configuration: try Configuration(parsing: url))
    }

    /// Connects; throws when libpq refuses an option or value, or the server cannot be reached
    /// or refuses: `cannot connect to host=db port=5432 dbname=notes user=bob: …` with libpq's
    /// reason, which names the host it tried (`connection to server at "db" (10.0.0.5), port
    /// 5432 failed: timeout expired`).
    public init(configuration: Configuration) throws(PostgresError) {
        let parameters = configuration.connectionParameters
        let keywords = parameters.map { strdup($0.keyword) }
        let values = parameters.map { strdup($0.value) }
        defer { for pointer in keywords + values { free(pointer) } }
        let connection = PQconnectdbParams(
            keywords.map { UnsafePointer($0) } + [nil], values.map { UnsafePointer($0) } + [nil], 0)
        guard let connection else {
            throw PostgresError(message: "cannot connect to \(configuration): libpq could not allocate a connection")
        }
        guard PQstatus(connection) == CONNECTION_OK else {
            let reason = String(cString: PQerrorMessage(connection)).trimmingCharacters(in: .whitespacesAndNewlines)
            PQfinish(connection)
            var message = "cannot connect to \(configuration): \(configuration.redacting(reason))"
            if reason.contains("timeout expired") {
                message +=
                    " (no answer within connect_timeout=\(configuration.connectTimeout) s; "
                    + "set connect_timeout in the URL to wait longer)"
            }
            throw PostgresError(message: message)
        }
        handle = connection
        self.configuration = configuration
        PQsetNoticeProcessor(connection, ignoreNotice, nil)
        try execute(Self.sessionSettings)
    }

    /// Set on every connection: doubles (and dates, stored as doubles) come back as the exact
    /// value whatever the server's or the database's default (`extra_float_digits` 0 or less
    /// rounds them to 15 significant digits; any positive value gives the shortest exact text).
    static let sessionSettings = "SET extra_float_digits = 3"

    deinit { PQfinish(handle) }

    /// The server's version number (`150018` for 15.18).
    public var serverVersion: Int { Int(PQserverVersion(handle)) }

    /// PostgreSQL's spelling (``PostgreSQLDialect``, a plain server's capabilities).
    public let dialect: any SQLDialect = PostgreSQLDialect()

    /// Runs one or more statements without bindings, as written: the helper functions'
    /// installation, session settings, and tests that make a database by hand. The store layer
    /// runs statements built as trees.
    public func execute(_ sql: String) throws(PostgresError) {
        let result = PQexec(handle, sql)
        defer { PQclear(result) }
        try check(result, sql: sql)
    }

    /// Runs a statement that returns no rows; returns the number of rows it changed
    /// (``SQLDatabase``).
    @discardableResult
    public func execute(_ statement: SQLStatement) throws(PostgresError) -> Int {
        let result = try send(statement)
        defer { PQclear(result) }
        return Int(String(cString: PQcmdTuples(result))) ?? 0
    }

    /// Runs a query; returns its rows (``SQLDatabase``).
    public func rows(_ statement: SQLStatement) throws(PostgresError) -> [[SQLValue]] {
        let result = try send(statement)
        defer { PQclear(result) }
        var rows: [[SQLValue]] = []
        for row in 0..<PQntuples(result) {
            rows.append(
                try (0..<PQnfields(result)).map { column throws(PostgresError) in
                    try PostgresValues.decode(result, row: row, column: column)
                })
        }
        return rows
    }

    /// Installs (or replaces) the engine's helper functions in the current schema
    /// (``PostgresHelperFunctions/installStatement``; ``SQLDatabase``) unless the database
    /// already has this build's: their version mark is read first, and the functions and the
    /// mark are written together only when it differs (``PostgresHelperFunctions/version``).
    public func installHelperFunctions() throws(PostgresError) {
        guard !PostgresHelperFunctions.isCurrent(markRows: try rows(PostgresHelperFunctions.markQuery)) else { return }
        try execute(PostgresHelperFunctions.markedInstallStatement)
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

    func check(_ result: OpaquePointer?, sql: String) throws(PostgresError) {
        guard let result else {
            throw PostgresError(message: configuration.redacting(String(cString: PQerrorMessage(handle))), sql: sql)
        }
        switch PQresultStatus(result) {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY: return
        default:
            let state = PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) } ?? ""
            let message = configuration.redacting(String(cString: PQresultErrorMessage(result)))
            throw PostgresError(
                sqlState: state, message: message.trimmingCharacters(in: .whitespacesAndNewlines), sql: sql)
        }
    }
}

/// Drops the server's notices (`NOTICE: relation … already exists, skipping`) instead of
/// printing them on standard error.
private func ignoreNotice(_ argument: UnsafeMutableRawPointer?, _ message: UnsafePointer<CChar>?) {}
