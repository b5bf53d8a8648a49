import Evaluation
import Foundation
import KeyPaths
import ObjectStore
import Predicates
import Testing

/// Delete rules applied by `ObjectGraph.apply`, on a graph of Nodes built to show each rule:
///
/// - `out` (to-many, Cascade; inverse `in`, Nullify): 1 → 2, 3; 2 → 4; 3 → 4 (a diamond);
///   4 → 1 (a cycle), 5; 6 → 1; 12 → 8.
/// - `twin` (one-to-one, its own inverse, Cascade): 10 ↔ 11.
/// - `watches` (to-many without inverse, Nullify): 9 watches 2, 4, 5, 6.
/// - `guards` (to-many, Deny; inverse `Guard.node`, No Action): 7 holds Guards 1 and 3, 8 holds
///   Guard 2.
@Suite("Change sets: delete rules")
struct DeleteRuleScenarioTests {
    typealias F = ChangeFixtures

    static let schema = """
        {"entities": [
          {"name": "Node", "attributes": [{"name": "name", "type": "string", "optional": true}],
           "relationships": [
             {"name": "out", "destination": "Node", "inverse": "in", "toMany": true, "optional": true,
              "deleteRule": "cascade"},
             {"name": "in", "destination": "Node", "inverse": "out", "toMany": true, "optional": true},
             {"name": "twin", "destination": "Node", "inverse": "twin", "optional": true, "deleteRule": "cascade"},
             {"name": "watches", "destination": "Node", "toMany": true, "optional": true},
             {"name": "guards", "destination": "Guard", "inverse": "node", "toMany": true, "optional": true,
              "deleteRule": "deny"}]},
          {"name": "Guard",
           "relationships": [
             {"name": "node", "destination": "Node", "inverse": "guards", "optional": true, "deleteRule": "noAction"}]}
        ]}
        """

    static func graph() throws -> ObjectGraph {
        let schema = try JSONSchemaLoader.load(string: Self.schema)
        let objects = """
            {"Node": [
              {"id": 1, "out": [2, 3]}, {"id": 2, "out": [4]}, {"id": 3, "out": [4]}, {"id": 4, "out": [1, 5]},
              {"id": 5}, {"id": 6, "out": [1]}, {"id": 7}, {"id": 8}, {"id": 9, "watches": [2, 4, 5, 6]},
              {"id": 10, "twin": 11}, {"id": 11}, {"id": 12, "out": [8]}],
             "Guard": [{"id": 1, "node": 7}, {"id": 2, "node": 8}, {"id": 3, "node": 7}]}
            """
        return try ObjectGraph.load(json: Data(objects.utf8), schema: schema)
    }

    /// The applied change set of `changes` on the Node graph, and the graph after it.
    static func apply(_ changes: String, to start: ObjectGraph? = nil) throws -> (ChangeSet, ObjectGraph) {
        var graph = try start ?? Self.graph()
        let applied = try graph.apply(F.changes(json: changes))
        return (applied, graph)
    }

    static func node(_ id: Int) -> ObjectID { ObjectID(hierarchy: "Node", id: .int(id)) }

    @Test("Cascade follows a diamond and a cycle and deletes each object once; survivors lose the links")
    func cascadeDiamondAndCycle() throws {
        let (applied, after) = try Self.apply(#"{"Node": {"deleted": [1]}}"#)
        let expected = try F.changes(
            json: """
                {"Node": {"deleted": [1, 2, 3, 4, 5],
                          "updated": [{"id": 6, "relationships": {"out": {"added": [], "removed": [1]}}},
                                      {"id": 9, "relationships": {"watches": {"added": [], "removed": [2, 4, 5]}}}]}}
                """)
        #expect(applied == expected)
        #expect(after.objects(of: "Node") == [6, 7, 8, 9, 10, 11, 12].map(Self.node))
        #expect(try after.value(forKey: "watches", of: Self.node(9)) == .toMany([Self.node(6)]))
    }

    @Test("Cascade through a one-to-one relationship that is its own inverse")
    func cascadeTwin() throws {
        let (applied, _) = try Self.apply(#"{"Node": {"deleted": [10]}}"#)
        #expect(applied == (try F.changes(json: #"{"Node": {"deleted": [10, 11]}}"#)))
    }

    @Test(
        "Deny refuses the whole change set while a destination survives, naming one",
        arguments: [
            (
                #"{"Node": {"deleted": [7]}}"#,
                ["Node 7, 'guards': cannot delete Node 7 while 'guards' (delete rule Deny) holds Guard 1 and 1 more"]
            ),
            (
                #"{"Node": {"deleted": [7]}, "Guard": {"deleted": [3]}}"#,
                ["Node 7, 'guards': cannot delete Node 7 while 'guards' (delete rule Deny) holds Guard 1"]
            ),
            (
                #"{"Node": {"deleted": [12, 7], "updated": [{"id": 6, "attributes": {"name": "kept"}}]}}"#,
                [
                    "Node 7, 'guards': cannot delete Node 7 while 'guards' (delete rule Deny) holds Guard 1 and 1 more",
                    "Node 8, 'guards': cannot delete Node 8 while 'guards' (delete rule Deny) holds Guard 2; "
                        + "the Cascade rule of Node 12, 'out' deletes it",
                ]
            ),
        ])
    func denyRefuses(changes: String, expected: [String]) throws {
        var graph = try Self.graph()
        let before = graph
        let errors = F.graphErrors { try graph.apply(F.changes(json: changes)) }
        #expect(errors == expected)
        #expect(graph == before)
    }

    @Test("a refusal is a deleteDenied error with the object, the relationship and its entity")
    func denyErrorFields() throws {
        var graph = try Self.graph()
        let changes = try F.changes(json: #"{"Node": {"deleted": [8]}}"#)
        do throws(GraphErrors) {
            try graph.apply(changes)
            Issue.record("the deletion was not refused")
        } catch {
            #expect(error.errors.map(\.kind) == [.deleteDenied])
            #expect(error.errors.first?.entity == "Node" && error.errors.first?.id == 8)
            #expect(error.errors.first?.key == "guards")
        }
    }

    @Test(
        "Deny allows the deletion once the change set deletes the destinations or moves them away",
        arguments: [
            #"{"Node": {"deleted": [7]}, "Guard": {"deleted": [1, 3]}}"#,
            #"{"Node": {"deleted": [7]}, "Guard": {"updated": [{"id": 1, "relationships": {"node": {"old": 7, "new": null}}}, {"id": 3, "relationships": {"node": {"old": 7, "new": 6}}}]}}"#,
        ])
    func denySatisfied(changes: String) throws {
        let (applied, after) = try Self.apply(changes)
        #expect(applied["Node"].deleted == [7])
        #expect(!after.contains(Self.node(7)))
    }

    @Test("No Action empties the relationship as Nullify does (a graph cannot keep a dangling reference)")
    func noAction() throws {
        let (applied, after) = try Self.apply(#"{"Guard": {"deleted": [1]}}"#)
        let expected = try F.changes(
            json:
                #"{"Guard": {"deleted": [1]}, "Node": {"updated": [{"id": 7, "relationships": {"guards": {"added": [], "removed": [1]}}}]}}"#
        )
        #expect(applied == expected)
        #expect(try after.value(forKey: "guards", of: Self.node(7)) == .toMany([ObjectID(hierarchy: "Guard", id: 3)]))
    }

    @Test(
        "a Cascade may not delete what the change set inserts, updates or names in a value it writes",
        arguments: [
            (
                #"{"Node": {"deleted": [1], "inserted": [{"id": 20, "in": [2]}]}}"#,
                ["Node 20: the change set inserts it, but the Cascade rule of Node 2, 'out' deletes it"]
            ),
            (
                #"{"Node": {"deleted": [1], "updated": [{"id": 2, "attributes": {"name": "renamed"}}]}}"#,
                ["Node 2: the change set updates it, but the Cascade rule of Node 1, 'out' deletes it"]
            ),
            (
                #"{"Node": {"deleted": [1], "updated": [{"id": 6, "relationships": {"out": {"added": [3]}}}]}}"#,
                ["Node 6, 'out': Node 3 is deleted by this change set (the Cascade rule of Node 1, 'out')"]
            ),
            (
                #"{"Node": {"deleted": [1], "inserted": [{"id": 21, "watches": [5]}]}}"#,
                ["Node 21, 'watches': Node 5 is deleted by this change set (the Cascade rule of Node 4, 'out')"]
            ),
        ])
    func cascadeConflicts(changes: String, expected: [String]) throws {
        var graph = try Self.graph()
        let before = graph
        #expect(F.graphErrors { try graph.apply(F.changes(json: changes)) } == expected)
        #expect(graph == before)
    }

    @Test("a deleted User takes its Buckets and Contents along (the sample's Cascade rules)")
    func sampleUser() throws {
        var graph = try F.graph()
        let applied = try graph.apply(F.changes(json: #"{"User": {"deleted": [1]}}"#))
        // Ann owns Buckets 1 and 3 and Content 1; the Contents left in those Buckets lose them
        // (Bucket.contents is Nullify) and Tag 1 loses Content 1.
        let expected = try F.changes(
            json: """
                {"User": {"deleted": [1]},
                 "Bucket": {"deleted": [1, 3]},
                 "Content": {"deleted": [1],
                             "updated": [{"id": 3, "relationships": {"bucket": {"old": 1, "new": null}}},
                                         {"id": 6, "relationships": {"bucket": {"old": 1, "new": null}}}]},
                 "ImageContent": {"updated": [{"id": 5, "relationships": {"bucket": {"old": 3, "new": null}}}]},
                 "Tag": {"updated": [{"id": 1, "relationships": {"contents": {"added": [], "removed": [1]}}}]}}
                """)
        #expect(applied == expected)
    }

    @Test("the rules see the relationships as the change set's updates leave them")
    func rulesAfterUpdates() throws {
        var graph = try F.graph()
        // Content 1 is given to Ben before Ann is deleted, so it stays.
        let applied = try graph.apply(
            F.changes(
                json: """
                    {"User": {"deleted": [1]},
                     "Content": {"updated": [{"id": 1, "relationships": {"owner": {"old": 1, "new": 2}}}]}}
                    """))
        #expect(applied["User"].deleted == [1])
        #expect(applied["Bucket"].deleted == [1, 3])
        #expect(applied["Content"].deleted.isEmpty)
        #expect(graph.contains(F.content(1)))
        #expect(try graph.value(forKey: "owner", of: F.content(1)) == .toOne(F.user(2)))
    }
}
