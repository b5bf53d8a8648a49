import Evaluation
import Foundation
import KeyPaths
import ObjectStore
import Predicates
import Testing

/// A many-to-many relationship that is its own inverse (`T.peers` ↔ `T.peers`) through a
/// database under both conventions: no link is lost, each link is one row per direction, and
/// a database holding one row for a link still reads it both ways.
@Suite("SQL: a relationship that is its own inverse, stored", .serialized)
struct SelfInverseStoreTests {
    /// `S` (Core Data's entity 1) and `T` (2), `T.peers` its own inverse.
    static let schemaText = """
        {"entities": [
          {"name": "T", "relationships": [{"name": "peers", "destination": "T", "inverse": "peers", "toMany": true}]},
          {"name": "S", "attributes": [{"name": "name", "type": "string"}]}
        ]}
        """

    static func graph() throws -> ObjectGraph {
        let schema = try JSONSchemaLoader.load(string: schemaText)
        // In memory the relationship is symmetric: 1 lists 2, so 2 lists 1; 3 lists itself.
        let graph = try ObjectGraph.load(
            json: Data(#"{"T": [{"id": 1, "peers": [2]}, {"id": 2}, {"id": 3, "peers": [3]}, {"id": 4}]}"#.utf8),
            schema: schema)
        #expect(try graph.value(forKey: "peers", of: ObjectID(hierarchy: "T", id: 2)).objects.map(\.id) == [1])
        return graph
    }

    static func roundTrip(_ database: some TestDatabase) throws {
        let graph = try graph()
        for (mapping, table, columns) in [
            (try SQLMapping.standard(graph.schema), "T_peers", ["source_id", "destination_id"]),
            (try SQLMapping.coreData(graph.schema), "Z_2PEERS", ["Z_2PEERS", "Z_2PEERS1"]),
        ] {
            try database.load(graph, mapping: mapping)
            let connection = database.sqlDatabase
            let q = database.dialect.quote
            let rows = try connection.rows(
                SQLStatement(
                    sql: "SELECT \(q(columns[0])), \(q(columns[1])) FROM \(q(table)) ORDER BY 1, 2"))
            #expect(rows == [[1, 2], [2, 1], [3, 3]].map { $0.map { SQLValue.integer($0) } }, "\(table)")
            #expect(try ObjectGraph.read(from: connection, mapping: mapping) == graph)
            // A query through the relationship, from either side.
            let predicate = try CheckedPredicate(
                try PredicateParser().parsePredicate("peers.@count > 0"), schema: graph.schema, entity: "T")
            let statement = try database.dialect.render(try PredicateLowering(layout: mapping).query(predicate))
            #expect(try connection.rows(statement).compactMap(\.first) == [1, 2, 3].map { SQLValue.integer($0) })
            // One row for the link of 1 and 2 (a store that keeps one per link) reads both ways.
            try database.run([
                SQLStatement(
                    sql: "DELETE FROM \(q(table)) WHERE \(q(columns[0])) = \(database.dialect.placeholder(1))",
                    bindings: [.integer(2)])
            ])
            #expect(try ObjectGraph.read(from: connection, mapping: mapping) == graph)
        }
    }

    @Test("SQLite: both conventions keep every link, one row per direction")
    func sqlite() throws {
        try Self.roundTrip(try SQLiteTestDatabase())
    }

    @Test(
        "PostgreSQL: both conventions keep every link, one row per direction",
        .enabled(if: PostgresTestServer.isAvailable, PostgresTestServer.skipMessage))
    func postgres() throws {
        try Self.roundTrip(try PostgresTestDatabase())
    }
}
