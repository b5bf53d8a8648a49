import Evaluation
import Foundation
import KeyPaths
import Predicates

/// Writing a graph into the tables of a ``SQLMapping`` and reading it back: what
/// `predicate db create` and `predicate db export` do, and what the differential tests use to
/// put the same objects in memory and in a database.
extension ObjectGraph {
    /// Writes every object (into its hierarchy's table) and every link of a join table into
    /// `database`, whose tables ``SQLSchemaDefinition/statements(for:dialect:ifNotExists:indexes:)``
    /// made: each table's rows are made from the graph's columns one at a time and sent as they
    /// are made (``SQLDatabase/insertRows(into:columns:_:)``: one prepared statement in SQLite,
    /// `COPY` in PostgreSQL), so that no statement or row list of the whole graph is ever held.
    /// Values are in the storage form of the mapping (dates as seconds since 2001, Booleans
    /// 0/1, UUIDs as text or bytes, transformable values as JSON text or bytes:
    /// ``storedValue(_:type:column:mapping:)``), with foreign keys and order positions.
    ///
    /// Keys are stored as each hierarchy's ``SQLKeyType`` says; an id that would not read back
    /// as itself is thrown before anything is written (``checkSQLKeys(_:)``). A value the
    /// database would not give back is thrown as a ``GraphError`` naming the object and the
    /// attribute when its row comes (a transformable value other than binary data under the
    /// Core Data mapping, a NaN where the dialect does not keep it: ``SQLDialect/storesNaN``):
    /// run the call in a transaction, as `db create` does, so that nothing stays.
    ///
    /// ```swift
    /// try database.transaction {
    ///     try database.execute(SQLSchemaDefinition.statements(for: mapping, dialect: database.dialect))
    ///     try graph.write(into: database, mapping: mapping)
    /// }
    /// ```
    public func write(into database: some SQLDatabase, mapping: SQLMapping) throws {
        try checkSQLKeys(mapping)
        for source in sqlRowSources(mapping: mapping, storesNaN: database.dialect.storesNaN) {
            try database.insertRows(into: source.table, columns: source.columns, source.rows)
        }
    }

    /// The `INSERT`s of every object and link, the rows of ``write(into:mapping:)`` as
    /// statements: each table's rows go in inserts of many rows, as many as the dialect binds
    /// in one statement (``SQLDialect/maximumBindings``), every value bound. Run them after
    /// ``SQLSchemaDefinition/statements(for:dialect:ifNotExists:indexes:)``. They hold every
    /// value of the graph at once: a large graph is better written with
    /// ``write(into:mapping:)``. Throws what it throws, before any statement is made.
    public func insertStatements(mapping: SQLMapping, dialect: some SQLDialect) throws(GraphError) -> [SQLStatement] {
        try checkSQLKeys(mapping)
        var statements: [SQLStatement] = []
        do {
            for source in sqlRowSources(mapping: mapping, storesNaN: dialect.storesNaN) {
                var insert = SQLInsert(table: source.table, columns: source.columns, rows: [])
                try source.rows { insert.rows.append($0) }
                statements += insert.batches(maximumBindings: dialect.maximumBindings).map { dialect.render($0) }
            }
        } catch let error as GraphError {
            throw error
        } catch {
            // The rows are only collected here: nothing else throws.
            throw GraphError(.invalidValue, message: "\(error)")
        }
        return statements
    }

    /// An attribute value in the storage form of `mapping` for a column of type `column`
    /// (dates as seconds since 2001, Booleans 0/1, UUIDs as text or bytes). A transformable
    /// value is its tagged JSON text in a ``SQLColumnType/json`` column (any value) and its
    /// bytes in a ``SQLColumnType/blob`` column (binary data only: under the Core Data mapping
    /// the column holds the archive Core Data writes, which this engine cannot make).
    static func storedValue(
        _ value: PredicateValue, type: AttributeType, column: SQLColumnType, mapping: SQLMapping
    ) throws(GraphError) -> SQLValue {
        if case .null = value { return .null }
        switch column {
        case .json: return .text(value.jsonText())
        case .blob:
            guard case .data(let data) = value else {
                let coreData = mapping.convention == .coreData
                throw GraphError(
                    .invalidValue,
                    message: "under the \(coreData ? "Core Data" : "default") mapping a \(type.rawValue) attribute is "
                        + "stored as bytes\(coreData ? " (the archive Core Data writes)" : ""), so it holds binary data "
                        + "({\"$data\": …}) only, not \(AttributeValueCheck.describe(value))"
                        + (coreData ? "; the default mapping stores any value as JSON text" : ""))
            }
            return .blob(Array(data))
        case .integer16, .integer32, .integer64, .boolean, .double, .decimal, .date, .text, .uuid: break
        }
        switch value {
        case .null: return .null
        case .bool(let bool): return .integer(bool ? 1 : 0)
        case .int(let int): return type == .boolean ? .integer(int != 0 ? 1 : 0) : .integer(Int64(int))
        case .double(let double): return .double(double)
        case .string(let string): return .text(string)
        case .data(let data): return .blob(Array(data))
        case .date, .uuid: return mapping.bound(EvaluationValue(value), as: type) ?? .null
        case .array, .set, .dictionary, .reference:
            throw GraphError(
                .invalidValue,
                message: "a \(type.rawValue) attribute cannot hold \(AttributeValueCheck.describe(value))")
        }
    }
}
