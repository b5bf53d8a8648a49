import Evaluation
import Foundation
import KeyPaths
import PostgresDatabase
import SQLiteDatabase

/// A database named on the command line: a SQLite file path, or a `postgres://` /
/// `postgresql://` URL (libpq's connection URI, `?host=/socket/dir&port=N` included). Printed
/// (``description``) without its password.
enum DatabaseTarget: CustomStringConvertible {
    case sqlite(path: String)
    case postgres(PostgresConnection.Configuration)

    /// Reads `--db`'s value (or `:db`'s); a malformed PostgreSQL URL is a usage error that
    /// names the part at fault without quoting a password.
    init(_ text: String) throws(UsageError) {
        if text.hasPrefix("postgres://") || text.hasPrefix("postgresql://") {
            do {
                self = .postgres(try PostgresConnection.Configuration(parsing: text))
            } catch {
                throw UsageError(error.message)
            }
        } else {
            self = .sqlite(path: text)
        }
    }

    /// The file's path, or the server, database and user (never a password).
    var description: String {
        switch self {
        case .sqlite(let path): path
        case .postgres(let configuration): "PostgreSQL \(configuration)"
        }
    }

    /// Opens the database; `create` allows a new SQLite file, else it must exist.
    func open(create: Bool) -> Result<OpenDatabase, CommandFailure> {
        switch self {
        case .sqlite(let path):
            if !create, !FileManager.default.fileExists(atPath: path) {
                return .failure(CommandFailure(status: ExitStatus.failure, message: "\(path): no such database file"))
            }
            do {
                let connection = try SQLiteConnection(path: path, mode: create ? .readWriteCreate : .readOnly)
                return .success(OpenDatabase(sqlite: connection))
            } catch {
                return .failure(CommandFailure(status: ExitStatus.failure, message: error.message))
            }
        case .postgres(let configuration):
            do {
                return .success(OpenDatabase(postgres: try PostgresConnection(configuration: configuration)))
            } catch {
                return .failure(CommandFailure(status: ExitStatus.failure, message: error.description))
            }
        }
    }
}

/// An open connection to either database, with its dialect. Used by one command or one REPL
/// session at a time (the REPL handles one line at a time), hence `@unchecked Sendable`.
final class OpenDatabase: SQLQuerying, @unchecked Sendable {
    private let sqlite: SQLiteConnection?
    private let postgres: PostgresConnection?
    let dialect: any SQLDialect

    init(sqlite: SQLiteConnection) {
        self.sqlite = sqlite
        self.postgres = nil
        dialect = SQLiteDialect()
    }

    init(postgres: PostgresConnection) {
        self.sqlite = nil
        self.postgres = postgres
        dialect = PostgreSQLDialect()
    }

    /// Runs the statements in one transaction; with `installingHelpers`, PostgreSQL's helper
    /// functions are (re)installed in it first (SQLite registers them on each connection).
    func run(_ statements: [SQLStatement], installingHelpers: Bool = false) throws {
        if let sqlite { try sqlite.transaction { try sqlite.run(statements) } }
        if let postgres {
            try postgres.transaction {
                if installingHelpers { try postgres.installHelperFunctions() }
                try postgres.run(statements)
            }
        }
    }

    func rows(_ statement: SQLStatement) throws -> [[SQLValue]] {
        if let sqlite { return try sqlite.rows(statement) }
        if let postgres { return try postgres.rows(statement) }
        return []
    }

    func catalogue() throws -> SQLCatalogue {
        if let sqlite { return try sqlite.catalogue() }
        if let postgres { return try postgres.catalogue() }
        return SQLCatalogue(tables: [:])
    }
}

/// The `--mapping` option's values.
enum MappingOption {
    static let names = ["default", "coredata"]

    static func parse(_ text: String?) throws(UsageError) -> String {
        let name = text ?? "default"
        guard names.contains(name) else {
            throw UsageError("--mapping must be one of \(names.joined(separator: ", ")), not '\(name)'")
        }
        return name
    }
}
