import Evaluation
import Foundation
import KeyPaths
import ObjectStore
import PostgresDatabase
import Predicates
import SQLiteDatabase
import TestSupport
import Testing

/// Values never reach the SQL text, keys not in the schema are refused, and the lowered
/// equality and prefix conditions are served by indexes.
@Suite("SQL: injection and index use", .serialized)
struct InjectionAndIndexTests {
    /// Hostile text: quotes, semicolons, comment markers, NUL, backslashes, Unicode.
    static func hostileString(_ random: inout SplitMix64) -> String {
        let pieces = [
            "'", "\"", ";", "--", "/*", "*/", "\0", "\\", "%", "_", "DROP TABLE \"Content\"", "é", "𝄞", "`", " OR 1=1",
            "$1", "?",
        ]
        return (0..<random.int(in: 1...6)).map { _ in random.pick(pieces) }.joined()
    }

    @Test("random hostile strings as arguments never appear in the SQL; as %K keys they are refused")
    func injection() throws {
        let (graph, mapping) = try SampleQueryTests.sample()
        let run = PropertyRun("InjectionAndIndexTests", defaultCases: 300)
        var random = SplitMix64(seed: run.seed)
        let database = try SQLiteTestDatabase()
        try database.load(graph, mapping: mapping)
        for _ in 0..<run.cases {
            let value = Self.hostileString(&random)
            for format in ["name == %@", "name CONTAINS[cd] %@", "bucket.name BEGINSWITH %@", "ANY tags.name LIKE %@"] {
                let predicate = try PredicateParser().parsePredicate(format, arguments: [.string(value)])
                let checked = try CheckedPredicate(predicate, schema: graph.schema, entity: "Content")
                let select: SQLSelect
                do {
                    select = try PredicateLowering(layout: mapping).query(checked)
                } catch {
                    // A LIKE pattern ending in a lone backslash: refused, as memory refuses it.
                    #expect(error.id == "sql-invalid-pattern")
                    #expect(SQLDifferentialTests.memoryKeys(checked, graph: graph) == nil)
                    continue
                }
                for dialect in [SQLiteDialect() as any SQLDialect, PostgreSQLDialect()] {
                    let statement = try dialect.render(select)
                    // The text is one of the texts benign values give: the value changed nothing in it.
                    var benign: Set<String> = []
                    for harmless in ["", "x", "é"] {
                        let other = try CheckedPredicate(
                            try PredicateParser().parsePredicate(format, arguments: [.string(harmless)]),
                            schema: graph.schema, entity: "Content")
                        benign.insert(try dialect.render(try PredicateLowering(layout: mapping).query(other)).sql)
                    }
                    #expect(
                        benign.contains(statement.sql),
                        "\(run.replay(0)) value \(value.debugDescription) changed the SQL: \(statement.sql)")
                }
                // And it runs: the database sees the text as a value (no match, no error) —
                // except a LIKE pattern ending in a lone backslash, which is an error in memory too.
                let memory = SQLDifferentialTests.memoryKeys(checked, graph: graph)
                if let memory { #expect(try database.keys(checked, mapping: mapping).sorted() == memory) }
            }
            let key = Self.hostileString(&random)
            // Refused by the parser (not a key) or the checker (not in the schema).
            #expect(throws: (any Error).self, "\(run.replay(0)) key \(key)") {
                let keyed = try PredicateParser().parsePredicate("%K == 'x'", arguments: [.string(key)])
                _ = try CheckedPredicate(keyed, schema: graph.schema, entity: "Content")
            }
        }
    }

    /// A graph of `count` users with distinct names, for the planners to prefer an index.
    static func users(_ count: Int) throws -> (ObjectGraph, SQLMapping) {
        let schema = Schema(entities: [
            EntityDescription(
                name: "User",
                attributes: [
                    AttributeDescription(name: "username", type: .string, isOptional: true, isIndexed: true),
                    AttributeDescription(name: "name", type: .string, isOptional: true, isIndexed: true),
                ])
        ])
        var changes = ChangeSet()
        for index in 1...count {
            changes["User"].inserted.append(
                InsertedObject(
                    id: .int(index), values: ["username": .string("user\(index)"), "name": .string("Name \(index)")]))
        }
        return (
            try ObjectGraph(schema: schema, objects: ["User": changes["User"].inserted]),
            try SQLMapping.standard(schema)
        )
    }

    static let indexed = [("username == %@", "user42"), ("name BEGINSWITH %@", "Name 4")]

    @Test("SQLite: EXPLAIN QUERY PLAN shows an index search for == and BEGINSWITH on indexed columns")
    func sqlitePlan() throws {
        let (graph, mapping) = try Self.users(2_000)
        let database = try SQLiteTestDatabase()
        try database.load(graph, mapping: mapping)
        for (format, value) in Self.indexed {
            let checked = try CheckedPredicate(
                try PredicateParser().parsePredicate(format, arguments: [.string(value)]), schema: graph.schema,
                entity: "User")
            let statement = try SQLiteDialect().render(try PredicateLowering(layout: mapping).query(checked))
            let plan = try database.rows(
                SQLStatement(sql: "EXPLAIN QUERY PLAN " + statement.sql, bindings: statement.bindings))
            let detail = plan.compactMap { $0.last }.map(\.description).joined(separator: " | ")
            #expect(detail.contains("USING INDEX") || detail.contains("USING COVERING INDEX"), "\(format): \(detail)")
        }
    }

    @Test(
        "PostgreSQL: EXPLAIN shows an index scan for == and BEGINSWITH after ANALYZE",
        .enabled(if: PostgresTestServer.isAvailable, PostgresTestServer.skipMessage))
    func postgresPlan() throws {
        let (graph, mapping) = try Self.users(20_000)
        let database = try PostgresTestDatabase()
        try database.load(graph, mapping: mapping)
        try database.connection.execute("ANALYZE")
        for (format, value) in Self.indexed {
            let checked = try CheckedPredicate(
                try PredicateParser().parsePredicate(format, arguments: [.string(value)]), schema: graph.schema,
                entity: "User")
            let statement = try PostgreSQLDialect().render(try PredicateLowering(layout: mapping).query(checked))
            let plan = try database.rows(SQLStatement(sql: "EXPLAIN " + statement.sql, bindings: statement.bindings))
            let text = plan.compactMap(\.first).map(\.description).joined(separator: "\n")
            #expect(
                text.contains("Index Scan") || text.contains("Bitmap Index Scan") || text.contains("Index Only Scan"),
                "\(format):\n\(text)")
        }
    }
}
