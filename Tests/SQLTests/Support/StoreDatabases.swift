import Evaluation
import Foundation
import KeyPaths
import ObjectStore
import PostgresDatabase
import SQLiteDatabase

/// A database that several connections share, for the tests of concurrent writers: a SQLite
/// file in a fresh temporary directory, or a fresh database of the throwaway PostgreSQL server.
enum SharedStoreDatabase {
    case sqlite(path: String)
    case postgres(url: String)

    static func sqlite() throws -> SharedStoreDatabase {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pe-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return .sqlite(path: directory.appendingPathComponent("store.sqlite").path)
    }

    static func postgres() throws -> SharedStoreDatabase {
        switch PostgresTestServer.shared {
        case .success(let server): return .postgres(url: try server.makeDatabaseURL())
        case .failure(let error): throw error
        }
    }

    /// A new connection (the helper functions are installed once, by ``create(_:mapping:)``).
    func connect() throws -> any SQLDatabase {
        switch self {
        case .sqlite(let path): return try SQLiteConnection(path: path)
        case .postgres(let url): return try PostgresConnection(url: url)
        }
    }

    /// Creates the tables of `mapping` with `graph` in them, as `db create` does.
    func create(_ graph: ObjectGraph, mapping: SQLMapping) throws {
        let database = try connect()
        let statements =
            SQLSchemaDefinition.statements(for: mapping, dialect: database.dialect)
            + (try graph.insertStatements(mapping: mapping, dialect: database.dialect))
        try database.transaction {
            try database.installHelperFunctions()
            try database.execute(statements)
        }
    }
}
