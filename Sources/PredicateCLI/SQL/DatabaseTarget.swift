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
    func open(create: Bool) -> Result<any SQLDatabase, CommandFailure> {
        switch self {
        case .sqlite(let path):
            if !create, !FileManager.default.fileExists(atPath: path) {
                return .failure(CommandFailure(status: ExitStatus.failure, message: "\(path): no such database file"))
            }
            do {
                return .success(try SQLiteConnection(path: path, mode: create ? .readWriteCreate : .readOnly))
            } catch {
                return .failure(CommandFailure(status: ExitStatus.failure, message: error.message))
            }
        case .postgres(let configuration):
            do {
                return .success(try PostgresConnection(configuration: configuration))
            } catch {
                return .failure(CommandFailure(status: ExitStatus.failure, message: error.description))
            }
        }
    }

    /// The dialect of the target's database, known before connecting.
    var dialect: any SQLDialect {
        switch self {
        case .sqlite: SQLiteDialect()
        case .postgres: PostgreSQLDialect()
        }
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
