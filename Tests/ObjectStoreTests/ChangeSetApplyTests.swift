import Evaluation
import Foundation
import ObjectStore
import Predicates
import Testing

@Suite("Change sets: transactional apply and the applied change set")
struct ChangeSetApplyTests {
    typealias F = ChangeFixtures

    @Test(
        "a change set that fails validation changes nothing and reports every problem",
        arguments: [
            (
                #"{"Bucket": {"updated": [{"id": 1, "attributes": {"name": "Ok"}}, {"id": 9, "attributes": {"name": "x"}}]}}"#,
                ["Bucket 9: no Bucket with id 9"]
            ),
            (
                #"{"Content": {"updated": [{"id": 3, "relationships": {"bucket": {"old": 2, "new": 1}}}]}}"#,
                ["Content 3, 'bucket': the change says the old destination is 2, but it is 1"]
            ),
            (
                #"{"Content": {"updated": [{"id": 3, "relationships": {"bucket": {"added": [2]}}}]}}"#,
                [#"Content 3, 'bucket': 'bucket' is a to-one relationship; write {"old": …, "new": …}"#]
            ),
            (
                #"{"Content": {"updated": [{"id": 3, "relationships": {"tags": {"old": 1, "new": 2}}}]}}"#,
                [#"Content 3, 'tags': 'tags' is a to-many relationship; write {"added": […], "removed": […]}"#]
            ),
            (
                #"{"Content": {"updated": [{"id": 3, "relationships": {"tags": {"added": [1]}}}]}}"#,
                ["Content 3, 'tags': Tag 1 is already in 'tags'"]
            ),
            (
                #"{"Content": {"updated": [{"id": 3, "relationships": {"tags": {"removed": [2]}}}]}}"#,
                ["Content 3, 'tags': Tag 2 is not in 'tags'"]
            ),
            (
                #"{"Bucket": {"deleted": [3]}, "Content": {"updated": [{"id": 1, "relationships": {"bucket": {"old": 1, "new": 3}}}]}}"#,
                ["Content 1, 'bucket': Bucket 3 is deleted by this change set"]
            ),
            (
                #"{"Content": {"updated": [{"id": 1, "attributes": {"bucket": 2}}]}}"#,
                [#"Content 1, 'bucket': 'bucket' is a relationship; change it under "relationships""#]
            ),
            (
                #"{"Content": {"updated": [{"id": 1, "relationships": {"name": {"old": null, "new": 2}}}]}}"#,
                [#"Content 1, 'name': 'name' is an attribute; change it under "attributes""#]
            ),
            (
                #"{"Content": {"inserted": [{"id": 1, "name": "again"}]}}"#,
                ["Content 1: id 1 is already used by Content 1"]
            ),
            (
                #"{"ImageContent": {"inserted": [{"id": 6, "name": "again"}]}}"#,
                ["ImageContent 6: id 6 is already used by Content 6"]
            ),
            (
                #"{"Content": {"updated": [{"id": 2, "attributes": {"name": "x"}}], "deleted": [2]}}"#,
                ["Content 2: the object is listed more than once"]
            ),
            (
                #"{"Bucket": {"updated": [{"id": 1, "attributes": {"name": 5}}]}}"#,
                ["Bucket 1, 'name': expected a string value, got 5"]
            ),
            (#"{"Contents": {"deleted": [1]}}"#, ["'Contents': no entity named 'Contents'; did you mean 'Content'?"]),
            (#"{"ImageContent": {"deleted": [1]}}"#, ["ImageContent 1: no ImageContent with id 1"]),
            (
                #"{"Content": {"updated": [{"id": 1, "relationships": {"bucket": {"old": 1, "new": 2}}}]}, "#
                    + #""Bucket": {"updated": [{"id": 3, "relationships": {"contents": {"added": [1]}}}]}}"#,
                [
                    "Bucket 3, 'contents': ends up [5] although the change adds [1] and removes []; "
                        + "another change in the set moves it through the inverse relationship"
                ]
            ),
            (
                #"{"Content": {"inserted": [{"id": 8, "bucket": 1}, {"id": 9, "owner": 7}], "updated": [{"id": 99}]}}"#,
                ["Content 99: no Content with id 99", "Content 9, 'owner': no User with id 7"]
            ),
        ])
    func rejected(json: String, expected: [String]) throws {
        let before = try F.graph()
        var graph = before
        let changes = try F.changes(json: json)
        #expect(F.graphErrors { try graph.apply(changes) } == expected)
        #expect(graph == before)
    }

    @Test(
        "a malformed change-set file is reported with where the problem is",
        arguments: [
            (
                #"{"Bucket": {"udpated": []}}"#,
                "Bucket.udpated: unknown field 'udpated'; did you mean 'updated'?"
            ),
            (
                #"{"Content": {"updated": [{"id": 3, "relationships": {"bucket": {"new": 2}}}]}}"#,
                "Content.updated[0].relationships.bucket: a to-one change needs both 'old' and 'new' (null for none)"
            ),
            (
                #"{"Content": {"updated": [{"id": 3, "relationships": {"bucket": 2}}]}}"#,
                "Content.updated[0].relationships.bucket: expected an object"
            ),
            (
                #"{"Content": {"updated": [{"id": 3, "changes": {}}]}}"#,
                "Content.updated[0].changes: unknown field 'changes'; expected one of id, attributes, relationships"
            ),
            (#"{"Content": {"deleted": [null]}}"#, "Content.deleted[0]: expected an integer or a string id, got null"),
        ])
    func malformed(json: String, expected: String) {
        #expect(F.graphErrors { try F.changes(json: json) } == [expected])
    }

    @Test("moving a Content: the applied change set lists both Buckets")
    func appliedMove() throws {
        var graph = try F.graph()
        let applied = try graph.apply(F.changes("move-content"))
        let expected = ChangeSet([
            "Content": EntityChanges(updated: [UpdatedObject(id: 3, relationships: ["bucket": .toOne(old: 1, new: 2)])]
            ),
            "Bucket": EntityChanges(updated: [
                UpdatedObject(id: 1, relationships: ["contents": .toMany(added: [], removed: [3])]),
                UpdatedObject(id: 2, relationships: ["contents": .toMany(added: [3], removed: [])]),
            ]),
        ])
        #expect(applied == expected)
    }

    @Test("deleting a Bucket: its Contents and its owner lose it")
    func appliedDelete() throws {
        var graph = try F.graph()
        let applied = try graph.apply(F.changes("delete-bucket"))
        let expected = ChangeSet([
            "Bucket": EntityChanges(deleted: [3]),
            "ImageContent": EntityChanges(updated: [
                UpdatedObject(id: 5, relationships: ["bucket": .toOne(old: 3, new: nil)])
            ]),
            "User": EntityChanges(updated: [
                UpdatedObject(id: 1, relationships: ["buckets": .toMany(added: [], removed: [3])])
            ]),
        ])
        #expect(applied == expected)
        #expect(!graph.contains(F.bucket(3)))
        #expect(try graph.value(forKey: "bucket", of: F.content(5)) == .toOne(nil))
        #expect(try graph.value(forKey: "buckets", of: F.user(1)) == .toMany([F.bucket(1)]))
    }

    @Test("inserting an ImageContent: all its values, and both partners gain it")
    func appliedInsert() throws {
        var graph = try F.graph()
        let applied = try graph.apply(F.changes("insert-content"))
        let values: [String: PredicateValue] = [
            "name": "sunset.png", "size": 3000, "width": 1600, "height": 900, "bucket": 2, "owner": 1,
            // 2024-02-07T10:00:00Z
            "creationDate": .date(Date(timeIntervalSinceReferenceDate: 728_992_800)),
        ]
        let expected = ChangeSet([
            "ImageContent": EntityChanges(inserted: [InsertedObject(id: 7, values: values)]),
            "Bucket": EntityChanges(updated: [
                UpdatedObject(id: 2, relationships: ["contents": .toMany(added: [7], removed: [])])
            ]),
            "User": EntityChanges(updated: [
                UpdatedObject(id: 1, relationships: ["contents": .toMany(added: [7], removed: [])])
            ]),
        ])
        #expect(applied == expected)
    }

    @Test("changes to the value a key already has are not listed")
    func noOpChanges() throws {
        var graph = try F.graph()
        let before = graph
        let applied = try graph.apply(
            F.changes(
                json: """
                    {"Bucket": {"updated": [{"id": 1, "attributes": {"name": "Inbox"}}]},
                     "Content": {"updated": [{"id": 3, "relationships": {"bucket": {"old": 1, "new": 1}}}]}}
                    """))
        #expect(applied.isEmpty)
        #expect(graph == before)
    }

    @Test("deleting a Content removes it from its Tags, Bucket and owner; the graph file shows it")
    func deleteContent() throws {
        var graph = try F.graph()
        let applied = try graph.apply(F.changes(json: #"{"Content": {"deleted": [3]}}"#))
        #expect(applied["Content"].deleted == [3])
        #expect(applied["Tag"].updated.map(\.id) == [1, 3])
        #expect(try graph.value(forKey: "contents", of: F.tag(3)) == .toMany([F.content(2)]))
        let reloaded = try ObjectGraph.load(json: try graph.jsonData(), schema: graph.schema)
        #expect(reloaded == graph)
    }

    @Test("the change-set JSON round-trips")
    func codingRoundTrip() throws {
        let changes = try F.changes(
            json: """
                {"Bucket": {"updated": [{"id": 1, "attributes": {"name": "Archive", "creationDate": {"$date": "2024-03-01T00:00:00Z"}}}]},
                 "Content": {"inserted": [{"id": 9, "name": "new.png", "bucket": 1, "tags": [2, 3]}],
                             "updated": [{"id": 2, "relationships": {"bucket": {"old": 1, "new": null},
                                                                     "tags": {"added": [4], "removed": [3]}}}],
                             "deleted": [5]}}
                """)
        #expect(
            changes["Content"].inserted == [
                InsertedObject(id: 9, values: ["name": "new.png", "bucket": 1, "tags": [2, 3]])
            ])
        #expect(
            changes["Content"].updated[0].relationships == [
                "bucket": .toOne(old: 1, new: nil), "tags": .toMany(added: [4], removed: [3]),
            ])
        #expect(
            changes["Bucket"].updated[0].attributes["creationDate"]
                == .date(Date(timeIntervalSinceReferenceDate: 730_944_000)))
        #expect(try ChangeSet.decode(json: try changes.jsonData()) == changes)
    }
}
