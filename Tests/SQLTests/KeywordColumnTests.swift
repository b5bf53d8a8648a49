import Evaluation
import Foundation
import KeyPaths
import ObjectStore
import Predicates
import Testing

/// Attributes named like SQL keywords (`true`, `false`, `null`, `rowid`) are columns of those
/// names, and a query's own SQL never reads them by accident: SQLite takes `TRUE` for the
/// name of a column called `true` when a table of the query has one, so `NOT p` there is
/// `p IS NOT 1`. Found by `predicate-fuzz`'s database cases (hostile names).
@Suite("SQL: columns named like keywords", .serialized)
struct KeywordColumnTests {
    static let schemaText = """
        {"entities": [{"name": "T", "attributes": [
          {"name": "name", "type": "string"}, {"name": "true", "type": "boolean"},
          {"name": "false", "type": "boolean"}, {"name": "null", "type": "integer64"},
          {"name": "rowid", "type": "integer64"}],
          "relationships": [{"name": "other", "destination": "T", "inverse": "others"},
                            {"name": "others", "destination": "T", "inverse": "other", "toMany": true}]}]}
        """

    /// The column `true` holds what `name != 'a'` would be compared with if `TRUE` meant it.
    static let graphText = """
        {"T": [{"id": 1, "name": "a", "true": true, "false": false, "null": 5, "rowid": 7},
               {"id": 2, "name": "b", "true": false, "false": true, "rowid": 1, "other": 1},
               {"id": 3},
               {"id": 4, "name": "b", "true": true, "false": true, "null": 0, "other": 1}]}
        """

    /// Predicates and the ids memory selects, worked out by hand from the graph.
    static let cases: [(format: String, ids: [Int])] = [
        ("name != 'a'", [2, 3, 4]),
        ("NOT (name BEGINSWITH 'b')", [1, 3]),
        ("NOT (#true == YES)", [2, 3]),
        ("NOT (#false == NO) AND #null != nil", [4]),
        ("other.#true != YES", [1, 3]),
        ("ALL others.name != 'a'", [1, 2, 3, 4]),
        ("NONE others.#true == NO", [2, 3, 4]),
        ("rowid > 1 OR #null == 0", [1, 4]),
    ]

    static func check(_ database: some TestDatabase) throws {
        let schema = try JSONSchemaLoader.load(string: schemaText)
        let graph = try ObjectGraph.load(json: Data(graphText.utf8), schema: schema)
        let mapping = try SQLMapping.standard(schema)
        try database.load(graph, mapping: mapping)
        for (format, ids) in cases {
            let checked = try CheckedPredicate(
                try PredicateParser().parsePredicate(format), schema: schema, entity: "T", source: format)
            #expect(try database.keys(checked, mapping: mapping) == ids.map(String.init), "\(format)")
        }
    }

    @Test("SQLite: NOT, != and ALL select the same rows with columns named true, false, null and rowid")
    func sqlite() throws {
        try Self.check(try SQLiteTestDatabase())
    }

    @Test(
        "PostgreSQL: NOT, != and ALL select the same rows with columns named true, false, null and rowid",
        .enabled(if: PostgresTestServer.isAvailable, PostgresTestServer.skipMessage))
    func postgres() throws {
        try Self.check(try PostgresTestDatabase())
    }
}
