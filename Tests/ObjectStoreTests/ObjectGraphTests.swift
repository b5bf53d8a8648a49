import Evaluation
import Foundation
import KeyPaths
import ObjectStore
import Predicates
import Testing

@Suite("Object graph: loading, reading, inverses")
struct ObjectGraphTests {
    typealias F = ChangeFixtures

    @Test("the sample graph holds every object under its hierarchy, with its concrete entity")
    func sampleObjects() throws {
        let graph = try F.graph()
        #expect(graph.count == 15)
        #expect(graph.objects(of: "Content").map(\.id) == [1, 2, 3, 4, 5, 6])
        #expect(graph.objects(of: "ImageContent").map(\.id) == [2, 4, 5])
        #expect(graph.objects(of: "ThumbnailContent").map(\.id) == [4])
        #expect(graph.objects(of: "Bucket").map(\.id) == [1, 2, 3])
        #expect(graph.entity(of: F.content(4)) == "ThumbnailContent")
        #expect(graph.entity(of: F.content(3)) == "Content")
        #expect(graph.objectID(entity: "ThumbnailContent", id: 4) == F.content(4))
        #expect(graph.objectID(entity: "Nope", id: 4) == nil)
        #expect(!graph.contains(F.content(7)))
    }

    @Test(
        "value(forKey:of:) reads attributes and both sides of relationships",
        arguments: [
            (ObjectID(hierarchy: "Content", id: 2), "name", GraphValue.attribute(.string("beach.png"))),
            (ObjectID(hierarchy: "Content", id: 2), "width", .attribute(.int(800))),
            (ObjectID(hierarchy: "Content", id: 4), "maxPixelSize", .attribute(.int(80))),
            (ObjectID(hierarchy: "Content", id: 6), "tags", .toMany([])),
            (ObjectID(hierarchy: "Content", id: 3), "bucket", .toOne(ObjectID(hierarchy: "Bucket", id: 1))),
            (
                ObjectID(hierarchy: "Bucket", id: 1), "contents",
                .toMany([1, 3, 6].map { ObjectID(hierarchy: "Content", id: $0) })
            ),
            (
                ObjectID(hierarchy: "Bucket", id: 2), "contents",
                .toMany([2, 4].map { ObjectID(hierarchy: "Content", id: $0) })
            ),
            (
                ObjectID(hierarchy: "User", id: 1), "buckets",
                .toMany([1, 3].map { ObjectID(hierarchy: "Bucket", id: $0) })
            ),
            (ObjectID(hierarchy: "User", id: 2), "email", .attribute(.null)),
            (
                ObjectID(hierarchy: "Tag", id: 3), "contents",
                .toMany([2, 3].map { ObjectID(hierarchy: "Content", id: $0) })
            ),
            (ObjectID(hierarchy: "Bucket", id: 1), "owner", .toOne(ObjectID(hierarchy: "User", id: 1))),
        ])
    func reads(object: ObjectID, key: String, expected: GraphValue) throws {
        #expect(try F.graph().value(forKey: key, of: object) == expected)
    }

    @Test("dates keep their instant")
    func dates() throws {
        let value = try F.graph().value(forKey: "creationDate", of: F.bucket(1))
        // 2024-01-01T09:00:00Z is 725_792_400 seconds after 2001-01-01T00:00:00Z.
        #expect(value == .attribute(.date(Date(timeIntervalSinceReferenceDate: 725_792_400))))
    }

    @Test("reading an unknown key or object throws a clear error")
    func readErrors() throws {
        let graph = try F.graph()
        #expect(throws: GraphError.self) { try graph.value(forKey: "name", of: F.content(99)) }
        do {
            _ = try graph.value(forKey: "nmae", of: F.content(1))
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "Content 1: 'Content' has no property 'nmae'; did you mean 'name'?")
        }
        do {
            _ = try graph.value(forKey: "width", of: F.content(1))
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .unknownKey)
        }
    }

    @Test("only one side of a relationship in the file: the inverse is filled in")
    func oneSided() throws {
        let graph = try F.graph(
            json: """
                {"Bucket": [{"id": 1, "name": "A"}],
                 "Content": [{"id": 1, "name": "a", "bucket": 1}, {"id": 2, "name": "b", "bucket": 1}],
                 "Tag": [{"id": 5, "name": "t", "contents": [2]}]}
                """)
        #expect(try graph.value(forKey: "contents", of: F.bucket(1)) == .toMany([F.content(1), F.content(2)]))
        #expect(try graph.value(forKey: "tags", of: F.content(2)) == .toMany([F.tag(5)]))
        #expect(try graph.value(forKey: "tags", of: F.content(1)) == .toMany([]))
    }

    @Test("moving a Content updates the old and the new Bucket")
    func moveKeepsInverses() throws {
        var graph = try F.graph()
        try graph.apply(F.changes("move-content"))
        #expect(try graph.value(forKey: "bucket", of: F.content(3)) == .toOne(F.bucket(2)))
        #expect(try graph.value(forKey: "contents", of: F.bucket(1)) == .toMany([F.content(1), F.content(6)]))
        #expect(try graph.value(forKey: "contents", of: F.bucket(2)) == .toMany([2, 3, 4].map(F.content)))
    }

    @Test("adding to a to-many whose inverse is to-one takes the object from its old owner")
    func addStealsFromOldOwner() throws {
        var graph = try F.graph()
        try graph.apply(
            F.changes(json: #"{"Bucket": {"updated": [{"id": 3, "relationships": {"contents": {"added": [1]}}}]}}"#))
        #expect(try graph.value(forKey: "bucket", of: F.content(1)) == .toOne(F.bucket(3)))
        #expect(try graph.value(forKey: "contents", of: F.bucket(1)) == .toMany([F.content(3), F.content(6)]))
        #expect(try graph.value(forKey: "contents", of: F.bucket(3)) == .toMany([F.content(1), F.content(5)]))
    }

    @Test("many-to-many: both sides change")
    func manyToMany() throws {
        var graph = try F.graph()
        try graph.apply(
            F.changes(
                json:
                    #"{"Tag": {"updated": [{"id": 1, "relationships": {"contents": {"added": [2], "removed": [3]}}}]}}"#
            ))
        #expect(try graph.value(forKey: "tags", of: F.content(2)) == .toMany([1, 2, 3].map(F.tag)))
        #expect(try graph.value(forKey: "tags", of: F.content(3)) == .toMany([F.tag(3)]))
        #expect(try graph.value(forKey: "contents", of: F.tag(1)) == .toMany([F.content(1), F.content(2)]))
    }

    @Test("one-to-one: connecting takes the partner from its previous owner, on both sides")
    func oneToOne() throws {
        let schema = Schema(entities: [
            EntityDescription(
                name: "Person",
                relationships: [
                    RelationshipDescription(name: "desk", destination: "Desk", inverse: "occupant", isOptional: true)
                ]),
            EntityDescription(
                name: "Desk",
                relationships: [
                    RelationshipDescription(name: "occupant", destination: "Person", inverse: "desk", isOptional: true)
                ]),
        ])
        var graph = try ObjectGraph.load(
            json: Data(
                #"{"Person": [{"id": 1, "desk": 10}, {"id": 2, "desk": 20}], "Desk": [{"id": 10}, {"id": 20}]}"#.utf8),
            schema: schema)
        let applied = try graph.apply(
            ChangeSet([
                "Person": EntityChanges(updated: [
                    UpdatedObject(id: 1, relationships: ["desk": .toOne(old: 10, new: 20)])
                ])
            ]))
        let person1 = ObjectID(hierarchy: "Person", id: 1)
        let person2 = ObjectID(hierarchy: "Person", id: 2)
        #expect(try graph.value(forKey: "desk", of: person1) == .toOne(ObjectID(hierarchy: "Desk", id: 20)))
        #expect(try graph.value(forKey: "desk", of: person2) == .toOne(nil))
        #expect(try graph.value(forKey: "occupant", of: ObjectID(hierarchy: "Desk", id: 10)) == .toOne(nil))
        #expect(try graph.value(forKey: "occupant", of: ObjectID(hierarchy: "Desk", id: 20)) == .toOne(person1))
        // Every side that moved is in the applied change set.
        #expect(applied["Person"].updated.map(\.id) == [1, 2])
        #expect(applied["Person"].updated[1].relationships == ["desk": .toOne(old: 20, new: nil)])
        #expect(
            applied["Desk"].updated.map(\.relationships) == [
                ["occupant": .toOne(old: 1, new: nil)], ["occupant": .toOne(old: 2, new: 1)],
            ])
    }

    @Test("the graph file round-trips through jsonData()")
    func roundTrip() throws {
        let graph = try F.graph()
        let again = try ObjectGraph.load(json: try graph.jsonData(), schema: graph.schema)
        #expect(again == graph)
        var changed = again
        try changed.apply(F.changes("rename-tag"))
        #expect(changed != graph)
    }
}
