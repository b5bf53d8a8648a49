import Evaluation
import Foundation
import KeyPaths
import ObjectStore
import Predicates
import Testing

/// The examples of issue 17's items 7 and 9 on a small graph, in memory, SQLite and
/// PostgreSQL: fractions and out-of-range numbers against 16- and 32-bit columns, arithmetic
/// that overflows PostgreSQL's `smallint`, arithmetic on nil (an error everywhere, unless a nil
/// test stops the evaluation first) and case folding of Greek, Turkish and German text. The
/// expected rows are written by hand from the graph below.
@Suite("SQL: the issue's numbers, nil arithmetic and case folding", .serialized)
struct IssueExampleQueryTests {
    static let schema = Schema(entities: [
        EntityDescription(
            name: "Note",
            attributes: [
                AttributeDescription(name: "i16", type: .integer16, isOptional: true),
                AttributeDescription(name: "i32", type: .integer32, isOptional: true),
                AttributeDescription(name: "n", type: .integer64, isOptional: true),
                AttributeDescription(name: "name", type: .string, isOptional: true),
            ])
    ])

    /// Note 1: 2, 100, 5, "σας"; note 2: 30000, -5, nil, "straße"; note 3: -32768, 80, -7, "İstanbul".
    static func graph() throws -> ObjectGraph {
        var changes = ChangeSet()
        let rows: [(Int, Int, Int, Int?, String)] = [
            (1, 2, 100, 5, "σας"), (2, 30_000, -5, nil, "straße"), (3, -32_768, 80, -7, "İstanbul"),
        ]
        for (id, i16, i32, n, name) in rows {
            changes["Note"].inserted.append(
                InsertedObject(
                    id: .int(id),
                    values: [
                        "i16": .int(i16), "i32": .int(i32), "n": n.map { .int($0) } ?? .null, "name": .string(name),
                    ]))
        }
        var graph = ObjectGraph(schema: schema)
        try graph.apply(changes)
        return graph
    }

    /// `nil` where memory and the databases raise an evaluation error.
    static let cases: [(String, [String]?)] = [
        ("i16 > 1.5", ["1", "2"]),
        ("i32 > 80.5", ["1"]),
        ("i16 == 2.0", ["1"]),
        ("i16 * 1.5 > 10", ["2"]),
        ("i16 BETWEEN {1.5, 9.5}", ["1"]),
        ("i32 < 3000000000", ["1", "2", "3"]),
        ("i16 + i16 > 40000", ["2"]),
        ("-i16 > 32767", ["3"]),
        ("i16 IN {2.0, 2.5, 30000}", ["1", "2"]),
        ("i16 * 2 IN {4, 60000}", ["1", "2"]),
        ("n / 2 == -3", nil),
        ("-n < -5", nil),
        ("n != nil AND n / 2 == -3", ["3"]),
        ("n == nil OR -n < 0", ["1", "2"]),
        ("-n < 0 OR n == nil", nil),
        ("name ==[c] 'ΣΑΣ'", ["1"]),
        ("name ==[c] 'σασ'", ["1"]),
        ("name ENDSWITH[c] 'Σ'", ["1"]),
        ("name ==[c] 'STRASSE'", ["2"]),
        ("name BEGINSWITH[c] 'i'", []),
        ("name BEGINSWITH[cd] 'i'", ["3"]),
        ("name CONTAINS[c] 'ss'", ["2"]),
    ]

    static func check(_ database: some TestDatabase) throws {
        let graph = try graph()
        let mapping = try SQLMapping.standard(schema)
        try database.load(graph, mapping: mapping)
        for (format, expected) in cases {
            let predicate = try PredicateParser().parsePredicate(format)
            let checked = try CheckedPredicate(predicate, schema: schema, entity: "Note", source: format)
            #expect(SQLDifferentialTests.memoryKeys(checked, graph: graph) == expected, "memory: \(format)")
            do {
                let keys = try database.keys(checked, mapping: mapping).sorted()
                #expect(keys == expected, "\(database.dialect.name): \(format)")
            } catch {
                #expect(expected == nil, "\(database.dialect.name): \(format): \(error)")
                #expect(SQLDifferentialTests.isEvaluationError(error), "\(database.dialect.name): \(format): \(error)")
            }
        }
    }

    @Test("SQLite")
    func sqlite() throws { try Self.check(try SQLiteTestDatabase()) }

    @Test("PostgreSQL", .enabled(if: PostgresTestServer.isAvailable, PostgresTestServer.skipMessage))
    func postgres() throws { try Self.check(try PostgresTestDatabase()) }
}
