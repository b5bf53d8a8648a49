import Evaluation
import Foundation
import PostgresDatabase
import SQLiteDatabase

/// How `db create` writes a database: every statement is made (and every name and id checked)
/// before this runs, and a failed run leaves nothing behind and changes no existing database.
///
/// - SQLite: the tables are built in a new file beside the target (`.NAME.pe-PID-UUID.tmp`),
///   which is renamed over the target only once everything is in; on failure it is removed.
///   A target that exists and is not empty is a database already: refused unless `replace`,
///   and then replaced at once by the rename (keeping its permissions).
/// - PostgreSQL: a database that already has any table of the mapping (or the metadata
///   table) is refused unless `replace`; then the old tables (those of the new mapping, and of
///   the mapping the database's metadata records) are dropped, the tables created and the
///   graph loaded in one transaction, so that a failure rolls everything back.
struct DatabaseCreation {
    var target: DatabaseTarget
    var replace: Bool

    /// The line that refuses an existing database.
    static let replaceHint = "give --replace to replace it"

    /// Runs `statements` (the definition of `mapping` and the inserts) into the target.
    func create(_ statements: [SQLStatement], mapping: SQLMapping) -> Result<Void, CommandFailure> {
        switch target {
        case .sqlite(let path): return createSQLite(path, statements)
        case .postgres: return createPostgres(statements, mapping: mapping)
        }
    }

    private func createSQLite(_ path: String, _ statements: [SQLStatement]) -> Result<Void, CommandFailure> {
        let files = FileManager.default
        var isDirectory: ObjCBool = false
        var permissions: Any?
        if files.fileExists(atPath: path, isDirectory: &isDirectory) {
            if isDirectory.boolValue { return .failure(Self.failure("\(path): is a directory")) }
            let attributes = try? files.attributesOfItem(atPath: path)
            let size = (attributes?[.size] as? NSNumber)?.intValue ?? 0
            if size > 0, !replace {
                return .failure(Self.failure("\(path): a database already exists there; \(Self.replaceHint)"))
            }
            permissions = attributes?[.posixPermissions]
        }
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        guard files.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            return .failure(Self.failure("\(path): the directory \(directory) does not exist"))
        }
        let temporary =
            url.deletingLastPathComponent().appendingPathComponent(
                ".\(url.lastPathComponent).pe-\(getpid())-\(UUID().uuidString).tmp"
            ).path
        defer {
            for suffix in ["", "-journal", "-wal", "-shm"] { try? files.removeItem(atPath: temporary + suffix) }
        }
        do {
            try Self.build(temporary, statements)
        } catch let error as SQLiteError {
            return .failure(Self.failure("cannot create the database \(path): \(error.message)"))
        } catch {
            return .failure(Self.failure("cannot create the database \(path): \(error)"))
        }
        if let permissions { try? files.setAttributes([.posixPermissions: permissions], ofItemAtPath: temporary) }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            return .failure(Self.failure("cannot create the database \(path): \(reason)"))
        }
        return .success(())
    }

    /// Builds the database in `path`; the connection is closed when this returns.
    private static func build(_ path: String, _ statements: [SQLStatement]) throws {
        let connection = try SQLiteConnection(path: path, mode: .readWriteCreate)
        try connection.transaction { try connection.execute(statements) }
    }

    private func createPostgres(_ statements: [SQLStatement], mapping: SQLMapping) -> Result<Void, CommandFailure> {
        let database: any SQLDatabase
        switch target.open(create: true) {
        case .success(let opened): database = opened
        case .failure(let failure): return .failure(failure)
        }
        do {
            let description = try SQLDatabaseDescription.read(from: database, convention: mapping.convention)
            var names = SQLSchemaDefinition.tableNames(for: mapping)
            if let recorded = SQLMapping.recorded(in: description) {
                names += SQLSchemaDefinition.tableNames(for: recorded)
            }
            var seen: Set<String> = []
            let existing = names.compactMap { name -> String? in
                guard description.catalogue.columns(ofTable: name, dialect: database.dialect) != nil,
                    seen.insert(database.dialect.identifierKey(name)).inserted
                else { return nil }
                return name
            }
            if !existing.isEmpty, !replace {
                let listed = existing.prefix(3).map { "\"\($0)\"" }.joined(separator: ", ")
                return .failure(
                    Self.failure(
                        "the database already has tables of this schema (\(listed)\(existing.count > 3 ? ", …" : "")); "
                            + "give --replace to replace them"))
            }
            let drops = existing.map { database.dialect.render(SQLDropTable($0)) }
            try database.transaction {
                try database.installHelperFunctions()
                try database.execute(drops + statements)
            }
            return .success(())
        } catch {
            return .failure(Self.failure("cannot create the database: \(error)"))
        }
    }

    private static func failure(_ message: String) -> CommandFailure {
        CommandFailure(status: ExitStatus.failure, message: message)
    }
}
