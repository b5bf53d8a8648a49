import Evaluation
import Foundation
import KeyPaths
import ObjectStore
import Predicates
import Testing

/// The sample Content/Bucket/User/Tag graph (Samples/graph.json) in SQLite and PostgreSQL
/// under the standard mapping: each predicate's rows, written by hand from the sample file,
/// are the same in memory and in both databases.
@Suite("SQL on the sample graph", .serialized)
struct SampleQueryTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func sample() throws -> (ObjectGraph, SQLMapping) {
        let schema = try Schema.load(contentsOf: root.appendingPathComponent("Samples/ContentModel.xcdatamodeld"))
        let graph = try ObjectGraph.load(contentsOf: root.appendingPathComponent("Samples/graph.json"), schema: schema)
        return (graph, try SQLMapping.standard(schema))
    }

    /// Predicates on Content with the ids they select (Content 1, 3, 6; ImageContent 2, 5;
    /// ThumbnailContent 4).
    static let cases: [(String, [PredicateValue], [String])] = [
        ("name CONTAINS 'a'", [], ["2", "3", "4", "5"]),
        ("name CONTAINS[c] 'PNG'", [], ["2", "4"]),
        ("name BEGINSWITH %@", [.string("beach")], ["2", "4"]),
        ("name ENDSWITH '.txt'", [], ["1", "6"]),
        ("name LIKE '*.p?f'", [], ["3"]),
        // MATCHES: the engine's ICU in SQLite, translated on PostgreSQL.
        (#"name MATCHES '.*\\.txt'"#, [], ["1", "6"]),
        (#"name MATCHES[c] 'BEACH.*\\.PNG'"#, [], ["2", "4"]),
        (#"name MATCHES '\\w+\\.p\\w+'"#, [], ["2", "3"]),
        ("ANY tags.name MATCHES '[a-z]'", [], ["2", "3"]),
        ("bucket.name == 'Inbox'", [], ["1", "3", "6"]),
        ("bucket.name != 'Inbox'", [], ["2", "4", "5"]),
        ("owner.email == nil", [], ["2", "3", "4"]),
        ("NOT (owner.email == nil)", [], ["1", "5", "6"]),
        ("ANY tags.name == 'x'", [], ["2", "3"]),
        ("NONE tags.name == 'x'", [], ["1", "4", "5", "6"]),
        ("ALL tags.name == 'work'", [], ["1", "5", "6"]),
        ("tags.@count == 0", [], ["5", "6"]),
        ("SUBQUERY(tags, $t, $t.name IN {'x', 'holiday'}).@count == 2", [], ["2"]),
        ("#size BETWEEN {100, 900}", [], ["1", "3", "5"]),
        ("#size * 2 > 1000", [], ["2", "3", "5"]),
        ("creationDate > CAST('2024-02-04T00:00:00Z', 'NSDate')", [], ["4", "5", "6"]),
        ("name IN {}", [], []),
        ("bucket.owner.name == 'Ann' AND #size < 100", [], ["6"]),
    ]

    static func check(_ database: some TestDatabase) throws {
        let (graph, mapping) = try sample()
        try database.load(graph, mapping: mapping)
        for (format, arguments, expected) in cases {
            let predicate = try PredicateParser().parsePredicate(format, arguments: arguments)
            let checked = try CheckedPredicate(predicate, schema: graph.schema, entity: "Content", source: format)
            #expect(SQLDifferentialTests.memoryKeys(checked, graph: graph) == expected, "memory: \(format)")
            #expect(
                try database.keys(checked, mapping: mapping).sorted() == expected, "\(database.dialect.name): \(format)"
            )
        }
    }

    @Test("SQLite")
    func sqlite() throws { try Self.check(try SQLiteTestDatabase()) }

    @Test("PostgreSQL", .enabled(if: PostgresTestServer.isAvailable, PostgresTestServer.skipMessage))
    func postgres() throws { try Self.check(try PostgresTestDatabase()) }
}
