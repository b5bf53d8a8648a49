import Evaluation
import Foundation
import KeyPaths
import ObjectStore
import Predicates
import Testing

/// Ids keep their JSON type through a database (Docs/sql-mapping.md, "Keys"): integer-only,
/// string-only and mixed hierarchies, foreign keys and join tables pointing at each kind,
/// written, checked against the mapping, read back and queried in SQLite and PostgreSQL.
@Suite("SQL: ids keep their type", .serialized)
struct KeyRoundTripTests {
    /// `A` (sub-entity `D`) has mixed ids, `B` string ids, `C` integer ids, `E` none:
    /// `A.b` → B and `C.owner` → A are foreign keys into a text and a mixed hierarchy;
    /// `A.cs` ↔ `C.as` a join table from mixed to integer keys; `B.peers` its own inverse
    /// over string keys; `B.list` → C an ordered to-many relationship of its own.
    static let schemaText = """
        {"entities": [
          {"name": "A", "attributes": [{"name": "name", "type": "string"}], "relationships": [
            {"name": "b", "destination": "B", "inverse": "as"},
            {"name": "cs", "destination": "C", "inverse": "as", "toMany": true},
            {"name": "owned", "destination": "C", "inverse": "owner", "toMany": true}]},
          {"name": "D", "parent": "A", "attributes": [{"name": "n", "type": "integer64"}]},
          {"name": "B", "relationships": [
            {"name": "as", "destination": "A", "inverse": "b", "toMany": true},
            {"name": "peers", "destination": "B", "inverse": "peers", "toMany": true},
            {"name": "list", "destination": "C", "toMany": true, "ordered": true}]},
          {"name": "C", "relationships": [
            {"name": "as", "destination": "A", "inverse": "cs", "toMany": true},
            {"name": "owner", "destination": "A", "inverse": "owned"}]},
          {"name": "E", "attributes": [{"name": "name", "type": "string"}]}
        ]}
        """

    static let graphText = """
        {"A": [{"id": 1, "name": "one", "b": "x", "cs": [5, 6]}, {"id": "a2", "name": "two", "b": "y", "cs": [6]}],
         "D": [{"id": 10, "n": 3, "b": "x"}, {"id": "07", "n": 4, "cs": [5]}],
         "B": [{"id": "x", "peers": ["y", "x"], "list": [6, 5]}, {"id": "y"}, {"id": "7"}],
         "C": [{"id": 5, "owner": "a2"}, {"id": 6, "owner": 10}, {"id": -2, "owner": "07"}]}
        """

    static func graph() throws -> ObjectGraph {
        let schema = try JSONSchemaLoader.load(string: schemaText)
        return try ObjectGraph.load(json: Data(graphText.utf8), schema: schema)
    }

    static func roundTrip(_ database: some TestDatabase) throws {
        let graph = try graph()
        let mapping = try SQLMapping.standard(graph.schema, keyTypes: graph.sqlKeyTypes())
        #expect(mapping.keyTypes == ["A": .mixed, "B": .text, "C": .integer, "E": .integer])
        try database.load(graph, mapping: mapping)
        let connection = database.sqlDatabase
        // Read back through the check, as `db export` and `query` do: the recorded key types.
        let description = try SQLDatabaseDescription.read(from: connection, convention: .standard)
        let checked = try SQLMapping.verified(
            graph.schema, convention: .standard, database: description, dialect: database.dialect)
        #expect(checked.keyTypes == mapping.keyTypes)
        #expect(try ObjectGraph.read(from: connection, mapping: checked) == graph)
        // The roots a query selects, each with its type: A 1, 10 (integers) and "a2", "07".
        for (entity, format, expected) in [
            ("A", "TRUEPREDICATE", [ObjectKey.int(1), .int(10), .string("07"), .string("a2")]),
            ("C", "owner.b == nil", [.int(-2)]),
            ("B", "ANY peers == SELF", [.string("x")]),
        ] {
            let predicate = try CheckedPredicate(
                try PredicateParser().parsePredicate(format), schema: graph.schema, entity: entity, source: format)
            let statement = try database.dialect.render(try PredicateLowering(layout: checked).query(predicate))
            let keys = try connection.rows(statement).compactMap { row in
                row.first.flatMap { checked.keyType(ofHierarchyOf: entity).id(fromStored: $0) }.flatMap(ObjectKey.init)
            }
            #expect(keys.sorted() == expected, "\(entity): \(format)")
        }
    }

    @Test("SQLite: integer, string and mixed ids come back with their type, through keys, foreign keys and joins")
    func sqlite() throws {
        try Self.roundTrip(try SQLiteTestDatabase())
    }

    @Test(
        "PostgreSQL: integer, string and mixed ids come back with their type, through keys, foreign keys and joins",
        .enabled(if: PostgresTestServer.isAvailable, PostgresTestServer.skipMessage))
    func postgres() throws {
        try Self.roundTrip(try PostgresTestDatabase())
    }

    @Test("a string id that is an integer's text is refused in a mixed hierarchy, before any statement")
    func numericStringInMixedHierarchy() throws {
        let schema = try JSONSchemaLoader.load(string: Self.schemaText)
        let graph = try ObjectGraph.load(
            json: Data(#"{"A": [{"id": 1}], "D": [{"id": "7"}], "B": [{"id": "7"}]}"#.utf8), schema: schema)
        let mapping = try SQLMapping.standard(schema, keyTypes: graph.sqlKeyTypes())
        #expect(mapping.keyType(ofHierarchyOf: "B") == .text, "B's \"7\" is fine: every B id is a string")
        do {
            _ = try graph.insertStatements(mapping: mapping, dialect: SQLiteDialect())
            Issue.record("D \"7\" was not refused")
        } catch {
            #expect(
                "\(error)"
                    == #"D "7": the string id "7" is the text of the integer 7, and the hierarchy of 'A' has integer "#
                    + "and string ids, which its text keys tell apart by that text; give the object another id")
        }
        // Under Core Data's convention every key is an integer: the first string id is named.
        do {
            _ = try graph.insertStatements(mapping: try SQLMapping.coreData(schema), dialect: SQLiteDialect())
            Issue.record("a string id was stored as Z_PK")
        } catch {
            #expect(
                "\(error)"
                    == #"D "7": the id is a string, but Core Data's keys (Z_PK) are integers; give the object an integer id"#
            )
        }
    }
}
