import Evaluation
import Foundation
import KeyPaths
import ObjectStore
import PostgresDatabase
import Predicates
import SQLiteDatabase

/// A database the SQL tests run lowered queries in: SQLite in memory or a schema of the
/// throwaway PostgreSQL server, emptied by ``reset()``.
protocol TestDatabase: AnyObject {
    /// The connection, as the store layer sees it (a new one after each SQLite ``reset()``).
    var sqlDatabase: any SQLDatabase { get }
    /// Drops every table.
    func reset() throws
}

extension TestDatabase {
    var dialect: any SQLDialect { sqlDatabase.dialect }

    /// Runs the statements in one transaction.
    func run(_ statements: [SQLStatement]) throws {
        let database = sqlDatabase
        try database.transaction { try database.execute(statements) }
    }

    func rows(_ statement: SQLStatement) throws -> [[SQLValue]] { try sqlDatabase.rows(statement) }

    /// Creates the tables of `mapping` and loads `graph` into them.
    func load(_ graph: ObjectGraph, mapping: SQLMapping) throws {
        try reset()
        let definition = SQLSchemaDefinition.statements(for: mapping, dialect: dialect)
        try run(definition + graph.insertStatements(mapping: mapping, dialect: dialect))
    }

    /// The keys (as text) of the objects the lowered `checked` selects, in the query's order.
    func keys(_ checked: CheckedPredicate, mapping: SQLMapping, sortKeys: [SortKey] = []) throws -> [String] {
        let select = try PredicateLowering(layout: mapping).query(checked, sortKeys: sortKeys)
        return try rows(dialect.render(select)).map { row in row.first.map(Self.keyText) ?? "?" }
    }

    static func keyText(_ value: SQLValue) -> String {
        switch value {
        case .integer(let int): String(int)
        case .text(let text): text
        default: value.description
        }
    }
}

/// An in-memory SQLite database with the helper functions.
final class SQLiteTestDatabase: TestDatabase {
    private var connection: SQLiteConnection

    init() throws { connection = try SQLiteConnection.inMemory() }

    var sqlDatabase: any SQLDatabase { connection }

    func reset() throws { connection = try SQLiteConnection.inMemory() }
}

/// A PostgreSQL database of the throwaway server; each reset gives a fresh schema first on the
/// search path (the helper functions stay in `public`).
final class PostgresTestDatabase: TestDatabase {
    let connection: PostgresConnection

    init() throws {
        switch PostgresTestServer.shared {
        case .success(let server): connection = try server.makeDatabase()
        case .failure(let error): throw error
        }
    }

    var sqlDatabase: any SQLDatabase { connection }

    func reset() throws {
        try connection.execute(
            "DROP SCHEMA IF EXISTS pe_case CASCADE; CREATE SCHEMA pe_case; SET search_path TO pe_case, public")
    }
}
