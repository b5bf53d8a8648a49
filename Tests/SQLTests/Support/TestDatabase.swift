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
    var dialect: any SQLDialect { get }
    func run(_ statements: [SQLStatement]) throws
    func rows(_ statement: SQLStatement) throws -> [[SQLValue]]
    /// Drops every table.
    func reset() throws
}

extension TestDatabase {
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
    let dialect: any SQLDialect = SQLiteDialect()

    init() throws { connection = try SQLiteConnection.inMemory() }

    func run(_ statements: [SQLStatement]) throws {
        try connection.transaction { try connection.run(statements) }
    }

    func rows(_ statement: SQLStatement) throws -> [[SQLValue]] { try connection.rows(statement) }

    func reset() throws { connection = try SQLiteConnection.inMemory() }

    /// The connection, for `EXPLAIN QUERY PLAN`.
    var sqlite: SQLiteConnection { connection }
}

/// A PostgreSQL database of the throwaway server; each reset gives a fresh schema first on the
/// search path (the helper functions stay in `public`).
final class PostgresTestDatabase: TestDatabase {
    let connection: PostgresConnection
    let dialect: any SQLDialect = PostgreSQLDialect()

    init() throws {
        switch PostgresTestServer.shared {
        case .success(let server): connection = try server.makeDatabase()
        case .failure(let error): throw error
        }
    }

    func run(_ statements: [SQLStatement]) throws {
        try connection.transaction { try connection.run(statements) }
    }

    func rows(_ statement: SQLStatement) throws -> [[SQLValue]] { try connection.rows(statement) }

    func reset() throws {
        try connection.execute(
            "DROP SCHEMA IF EXISTS pe_case CASCADE; CREATE SCHEMA pe_case; SET search_path TO pe_case, public")
    }
}
