import Evaluation
import Foundation
import GraphTestSupport
import KeyPaths
import ObjectStore
import Predicates
import TestSupport
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

    /// A Content row of the property below: its key and foreign key as stored.
    struct StoredRow: Sendable, CustomStringConvertible {
        var id: SQLValue
        var bucket: SQLValue

        var description: String { "(id \(id), bucket_id \(bucket))" }
    }

    /// Whether a stored key reads as a key: an integer, or a real without a fraction.
    static func isKey(_ value: SQLValue) -> Bool {
        switch value {
        case .integer: true
        case .double(let double): double.rounded() == double
        case .null, .text, .blob: false
        }
    }

    /// The problems the reader must report for `rows`: one per key that does not read, one per
    /// foreign key that is neither NULL nor a key.
    static func expectedProblems(_ rows: [StoredRow]) -> Int {
        rows.reduce(0) { count, row in
            count + (isKey(row.id) ? 0 : 1) + (row.bucket.isNull || isKey(row.bucket) ? 0 : 1)
        }
    }

    /// Whether reading `rows` (beside Bucket 1) breaks the rule: every row read back as its
    /// object, or one problem per bad key naming its column — never a row dropped in silence.
    static func breaksTheRule(_ rows: [StoredRow]) throws -> Bool {
        let mapping = try mapping()
        let content = try #require(mapping.entityTables.first { $0.name == "Content" })
        let table = rows.map { row in
            content.columns.map { column -> SQLValue in
                column.name == "id" ? row.id : column.name == "bucket_id" ? row.bucket : .null
            }
        }
        let database = ScriptedDatabase(tables: ["Content": table, "Bucket": [[.integer(1), .text("b")]]])
        do {
            let graph = try ObjectGraph.read(from: database, mapping: mapping)
            return expectedProblems(rows) != 0 || graph.objects(of: "Content").count != rows.count
        } catch let errors as GraphErrors {
            let named = errors.errors.allSatisfy {
                $0.message.hasPrefix(#"table "Content", column "id": "#)
                    || $0.message.hasPrefix(#"table "Content", column "bucket_id": "#)
            }
            return !named || errors.errors.count != expectedProblems(rows)
        }
    }

    @Test("property: a row is read back or each of its bad keys is reported, never dropped")
    func neverDropped() throws {
        let run = PropertyRun("GraphSQLReadTests.neverDropped", defaultCases: 300)
        for index in 0..<run.cases {
            var random = SplitMix64(seed: run.caseSeed(index))
            var rows: [StoredRow] = []
            for number in 1...random.int(in: 1...6) {
                // Distinct ids when they read; any kind of value otherwise.
                let bad: [SQLValue] = [.null, .blob([UInt8(random.below(256))]), .double(Double(number) + 0.5)]
                let id: SQLValue =
                    random.chance(1, in: 3)
                    ? random.pick(bad) : random.pick([.integer(Int64(number)), .double(Double(number))])
                let bucket: SQLValue = random.chance(1, in: 3) ? random.pick(bad) : random.pick([.null, .integer(1)])
                rows.append(StoredRow(id: id, bucket: bucket))
            }
            guard try Self.breaksTheRule(rows) else { continue }
            let shrunk = Shrinker.shrink(
                rows,
                candidates: { rows in
                    rows.indices.map { index in rows.enumerated().filter { $0.offset != index }.map(\.element) }
                },
                fails: { (try? Self.breaksTheRule($0)) ?? true })
            Issue.record("rows \(shrunk) were not all read or reported\n\(run.replay(index))")
            return
        }
    }
}
