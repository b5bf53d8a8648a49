import Evaluation
import Foundation
import GraphTestSupport
import KeyPaths
import ObjectStore
import Predicates
import Testing

/// `ObjectGraph.read` over a scripted database: what it asks (plain selects in the database's
/// own dialect) and how it refuses stored keys and positions of the wrong kind — each problem
/// naming the table, the row's key when it has one, and the column.
@Suite("Object graph: reading a database")
struct GraphSQLReadTests {
    /// Buckets own an ordered one-to-many `contents` (the position is `bucket_order` on the
    /// Content row); Contents and Tags share the join table `Content_tags`.
    static let schema = """
        {"entities": [
          {"name": "Bucket", "attributes": [{"name": "name", "type": "string"}],
           "relationships": [{"name": "contents", "destination": "Content", "inverse": "bucket", "toMany": true,
                              "ordered": true}]},
          {"name": "Content", "attributes": [{"name": "name", "type": "string"}],
           "relationships": [{"name": "bucket", "destination": "Bucket", "inverse": "contents"},
                             {"name": "tags", "destination": "Tag", "inverse": "contents", "toMany": true}]},
          {"name": "Tag", "attributes": [{"name": "name", "type": "string"}],
           "relationships": [{"name": "contents", "destination": "Content", "inverse": "tags", "toMany": true}]}
        ]}
        """

    static func mapping() throws -> SQLMapping {
        try SQLMapping.standard(try JSONSchemaLoader.load(string: schema))
    }

    /// A row of `table` with the given values by column name, NULL elsewhere, in the order the
    /// reader asks for the columns.
    static func row(_ values: [String: SQLValue], of table: String, in mapping: SQLMapping) throws -> [SQLValue] {
        if let entityTable = mapping.entityTables.first(where: { $0.name == table }) {
            return entityTable.columns.map { values[$0.name] ?? .null }
        }
        let join = try #require(mapping.joinTables.first { $0.name == table })
        return [join.sourceColumn, join.destinationColumn].map { values[$0] ?? .null }
    }

    /// A database holding Bucket 1, Contents 1 and 2 in it (in that order) and Tag 1 on
    /// Content 2, with `changed` replacing or adding rows by table.
    static func database(_ changed: [String: [[String: SQLValue]]] = [:]) throws -> (ScriptedDatabase, SQLMapping) {
        let mapping = try mapping()
        var rows: [String: [[String: SQLValue]]] = [
            "Bucket": [["id": .integer(1), "name": .text("Inbox")]],
            "Content": [
                ["id": .integer(1), "name": .text("a"), "bucket_id": .integer(1), "bucket_order": .integer(1)],
                ["id": .integer(2), "name": .text("b"), "bucket_id": .integer(1), "bucket_order": .integer(2)],
            ],
            "Tag": [["id": .integer(1), "name": .text("work")]],
            "Content_tags": [["source_id": .integer(2), "destination_id": .integer(1)]],
        ]
        for (table, extra) in changed { rows[table, default: []] += extra }
        var tables: [String: [[SQLValue]]] = [:]
        for (table, list) in rows { tables[table] = try list.map { try row($0, of: table, in: mapping) } }
        return (ScriptedDatabase(tables: tables), mapping)
    }

    /// The lines of the problems `ObjectGraph.read` throws for the database with `changed`.
    static func problems(_ changed: [String: [[String: SQLValue]]]) throws -> [String] {
        let (database, mapping) = try database(changed)
        do {
            _ = try ObjectGraph.read(from: database, mapping: mapping)
            return []
        } catch let errors as GraphErrors {
            return errors.errors.map(\.description)
        }
    }

    @Test("a well-formed database reads back, asked with plain selects in the database's own dialect")
    func wellFormed() throws {
        let (database, mapping) = try Self.database()
        let graph = try ObjectGraph.read(from: database, mapping: mapping)
        let expected = try ObjectGraph.load(
            json: Data(
                #"""
                {"Bucket": [{"id": 1, "name": "Inbox", "contents": [1, 2]}],
                 "Content": [{"id": 1, "name": "a", "bucket": 1}, {"id": 2, "name": "b", "bucket": 1, "tags": [1]}],
                 "Tag": [{"id": 1, "name": "work"}]}
                """#.utf8), schema: mapping.schema)
        #expect(graph == expected)
        // Every read is `SELECT `a`, `b` FROM `table`` as the odd dialect spells it, once per table.
        let asked = database.statements.map(\.sql)
        #expect(asked.count == 4)
        #expect(asked.contains("SELECT `source_id`, `destination_id` FROM `Content_tags`"))
        #expect(asked.allSatisfy { $0.hasPrefix("SELECT `") && !$0.contains("\"") })
        #expect(database.statements.allSatisfy { $0.bindings.isEmpty })
    }

    @Test(
        "a key of the wrong kind is an error naming the table, the row and the column",
        arguments: [
            (
                ["Content": [["id": .null, "name": .text("c")]]],
                [#"'Content': table "Content", column "id": the key is NULL"#]
            ),
            (
                ["Content": [["id": .blob([1])]]],
                [#"'Content': table "Content", column "id": the blob x'01' is not a key"#]
            ),
            (
                ["Content": [["id": .double(2.5)]]],
                [#"'Content': table "Content", column "id": the real 2.5 is not a key"#]
            ),
            (
                ["Content": [["id": .integer(3), "bucket_id": .double(1.5)]]],
                [#"Content 3, 'bucket': table "Content", column "bucket_id": the real 1.5 is not a key"#]
            ),
            (
                ["Content": [["id": .integer(3), "bucket_id": .blob([0x0A])]]],
                [#"Content 3, 'bucket': table "Content", column "bucket_id": the blob x'0a' is not a key"#]
            ),
            (
                ["Content": [["id": .integer(3), "bucket_id": .integer(1), "bucket_order": .text("x")]]],
                [#"Content 3: table "Content", column "bucket_order": the text 'x' is not a position"#]
            ),
            (
                ["Content_tags": [["source_id": .integer(1), "destination_id": .blob([0x0A])]]],
                [#"Content 1, 'tags': table "Content_tags", column "destination_id": the blob x'0a' is not a key"#]
            ),
            (
                ["Content_tags": [["source_id": .null, "destination_id": .double(0.5)]]],
                [
                    #"'Content', 'tags': table "Content_tags", column "source_id": the key is NULL"#,
                    #"'Content', 'tags': table "Content_tags", column "destination_id": the real 0.5 is not a key"#,
                ]
            ),
        ] as [([String: [[String: SQLValue]]], [String])])
    func wrongKinds(changed: [String: [[String: SQLValue]]], expected: [String]) throws {
        #expect(try Self.problems(changed) == expected)
    }

    @Test("every problem of a database is thrown at once, in table order")
    func allAtOnce() throws {
        let problems = try Self.problems([
            "Content": [["id": .null], ["id": .integer(4), "bucket_id": .blob([2])]],
            "Content_tags": [["source_id": .integer(2), "destination_id": .null]],
        ])
        #expect(
            problems == [
                #"'Content': table "Content", column "id": the key is NULL"#,
                #"Content 4, 'bucket': table "Content", column "bucket_id": the blob x'02' is not a key"#,
                #"Content 2, 'tags': table "Content_tags", column "destination_id": the key is NULL"#,
            ])
    }

    @Test("a real without a fraction is an integer key, and a NULL foreign key an empty relationship")
    func integralRealsAndNulls() throws {
        let (database, mapping) = try Self.database([
            "Content": [["id": .double(3), "name": .text("c"), "bucket_id": .null]]
        ])
        let graph = try ObjectGraph.read(from: database, mapping: mapping)
        let content = try #require(graph.objectID(entity: "Content", id: .int(3)))
        #expect(try graph.value(forKey: "bucket", of: content) == .toOne(nil))
    }
}
