import Evaluation
import Foundation
import KeyPaths
import ObjectStore
import Predicates
import Testing

/// The delete rules of a ``DatabaseStore`` read the objects as the change stands, like the
/// graph's: a Cascade rule follows a link that the same change set adds, even though the
/// database does not hold it yet, and the object it reaches is loaded whole so that its Deny
/// rules see every destination.
///
/// `Node.kids` (to-many, Cascade) has the inverse `Node.parents` (to-many, Deny). In the
/// database Node 1 holds Node 4 in `kids` and Node 3 holds Node 2.
@Suite("Database store: Cascade through links the change set adds", .serialized)
struct DatabaseStoreCascadeLinkTests {
    static let schemaText = """
        {"entities": [
          {"name": "Node", "relationships": [
            {"name": "kids", "destination": "Node", "inverse": "parents", "toMany": true, "deleteRule": "cascade"},
            {"name": "parents", "destination": "Node", "inverse": "kids", "toMany": true, "deleteRule": "deny"}]}
        ]}
        """

    static func graph() throws -> ObjectGraph {
        try ObjectGraph.load(
            json: Data(#"{"Node": [{"id": 1, "kids": [4]}, {"id": 2}, {"id": 3, "kids": [2]}, {"id": 4}]}"#.utf8),
            schema: try JSONSchemaLoader.load(string: schemaText))
    }

    /// The errors of applying `changes` (JSON) to a store over `database` under each mapping,
    /// and in memory.
    static func refusals(_ changes: String, on database: some TestDatabase) throws -> [[String]] {
        let graph = try graph()
        let changeSet = try ChangeSet.decode(json: Data(changes.utf8))
        var results: [[String]] = []
        for (mapping, convention) in [
            (try SQLMapping.standard(graph.schema), SQLNamingConvention.standard),
            (try SQLMapping.coreData(graph.schema), .coreData),
        ] {
            try database.load(graph, mapping: mapping)
            let store = try DatabaseStore(database: database.sqlDatabase, schema: graph.schema, convention: convention)
            do {
                try store.apply(changeSet)
                results.append(["applied"])
            } catch let errors as GraphErrors {
                results.append(errors.errors.map(\.description))
            }
            #expect(try store.graph() == graph, "a refused change set leaves the database as it was")
        }
        var memory = graph
        do {
            try memory.apply(changeSet)
            results.append(["applied"])
        } catch {
            results.append(error.errors.map(\.description))
        }
        return results
    }

    static func check(_ database: some TestDatabase) throws {
        // Deleting 1 cascades to 4, whose `kids` gain 2 in the same change set: 2 is cascaded
        // too, and its `parents` still hold 3, which survives.
        let throughAdded = [
            "Node 2, 'parents': cannot delete Node 2 while 'parents' (delete rule Deny) holds Node 3; "
                + "the Cascade rule of Node 4, 'kids' deletes it",
            "Node 4: the change set updates it, but the Cascade rule of Node 1, 'kids' deletes it",
        ]
        let added =
            #"{"Node": {"deleted": [1], "updated": [{"id": 4, "relationships": {"kids": {"added": [2], "removed": []}}}]}}"#
        #expect(try refusals(added, on: database) == [throughAdded, throughAdded, throughAdded])
        // Deleting 1 cascades to 4, which 2 adds to its `parents` in the same change set: 4's
        // `kids` gain 2 (the inverse side), so 2 is cascaded too, and 3 still holds it.
        let throughInverse = [
            "Node 2, 'parents': cannot delete Node 2 while 'parents' (delete rule Deny) holds Node 3; "
                + "the Cascade rule of Node 4, 'kids' deletes it",
            "Node 2: the change set updates it, but the Cascade rule of Node 4, 'kids' deletes it",
        ]
        let inverse =
            #"{"Node": {"deleted": [1], "updated": [{"id": 2, "relationships": {"parents": {"added": [4], "removed": []}}}]}}"#
        #expect(try refusals(inverse, on: database) == [throughInverse, throughInverse, throughInverse])
    }

    @Test("SQLite") func sqlite() throws { try Self.check(try SQLiteTestDatabase()) }

    @Test("PostgreSQL") func postgres() throws { try Self.check(try PostgresTestDatabase()) }
}
