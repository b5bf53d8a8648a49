import Foundation
import KeyPaths
import Predicates
import Testing

@testable import ObjectStore

/// Object ids may be integers or strings; ordered to-many relationships keep their order.
@Suite("Object graph: string ids and ordered relationships")
struct ObjectKeyOrderTests {
    /// A playlist of tracks (ordered, inverse `playlists`), keyed by UUID strings.
    static let schema = Schema(entities: [
        EntityDescription(
            name: "Playlist", attributes: [AttributeDescription(name: "title", type: .string)],
            relationships: [
                RelationshipDescription(
                    name: "tracks", destination: "Track", inverse: "playlists", isToMany: true, isOrdered: true,
                    isOptional: true)
            ]),
        EntityDescription(
            name: "Track", attributes: [AttributeDescription(name: "title", type: .string)],
            relationships: [
                RelationshipDescription(
                    name: "playlists", destination: "Playlist", inverse: "tracks", isToMany: true, isOptional: true)
            ]),
    ])

    static let file = #"""
        {"Playlist": [{"id": "p-1", "title": "Mix", "tracks": ["t-c", "t-a", "t-b"]}],
         "Track": [{"id": "t-a", "title": "A"}, {"id": "t-b", "title": "B"}, {"id": "t-c", "title": "C"}]}
        """#

    static func track(_ id: String) -> ObjectID { ObjectID(hierarchy: "Track", id: .string(id)) }

    @Test("string ids load, and an ordered relationship reads in the order written")
    func load() throws {
        let graph = try ObjectGraph.load(json: Data(Self.file.utf8), schema: Self.schema)
        let playlist = ObjectID(hierarchy: "Playlist", id: "p-1")
        #expect(try graph.value(forKey: "tracks", of: playlist) == .toMany(["t-c", "t-a", "t-b"].map(Self.track)))
        // The inverse is unordered: sorted by key.
        #expect(try graph.value(forKey: "playlists", of: Self.track("t-b")) == .toMany([playlist]))
        #expect(graph.objects(of: "Track").map(\.id) == ["t-a", "t-b", "t-c"])
        // Writing the graph back keeps the order, and loading it again gives the same graph.
        let again = try ObjectGraph.load(json: try graph.jsonData(), schema: Self.schema)
        #expect(again == graph)
        #expect(try again.value(forKey: "tracks", of: playlist) == .toMany(["t-c", "t-a", "t-b"].map(Self.track)))
    }

    /// An ordered relationship on an entity whose name sorts after its destination's, so that
    /// the destination's side (`queues`) is read first.
    static let queueSchema = Schema(entities: [
        EntityDescription(
            name: "Queue",
            relationships: [
                RelationshipDescription(
                    name: "songs", destination: "Audio", inverse: "queues", isToMany: true, isOrdered: true,
                    isOptional: true)
            ]),
        EntityDescription(
            name: "Audio",
            relationships: [
                RelationshipDescription(
                    name: "queues", destination: "Queue", inverse: "songs", isToMany: true, isOptional: true)
            ]),
    ])

    static let queueFile = #"""
        {"Audio": [{"id": 1, "queues": [9]}, {"id": 2, "queues": [9]}, {"id": 3, "queues": [9]}],
         "Queue": [{"id": 9, "songs": [3, 1, 2]}]}
        """#

    @Test("an ordered list stated with both sides keeps its order, whichever side is read first")
    func statedOrderWins() throws {
        let queue = ObjectID(hierarchy: "Queue", id: 9)
        let expected = GraphValue.toMany([3, 1, 2].map { ObjectID(hierarchy: "Audio", id: .int($0)) })
        let loaded = try ObjectGraph.load(json: Data(Self.queueFile.utf8), schema: Self.queueSchema)
        #expect(try loaded.value(forKey: "songs", of: queue) == expected)
        var applied = ObjectGraph(schema: Self.queueSchema)
        try applied.apply(
            ChangeSet.decode(
                json: Data(
                    #"""
                    {"Audio": {"inserted": [{"id": 1, "queues": [9]}, {"id": 2, "queues": [9]}, {"id": 3, "queues": [9]}]},
                     "Queue": {"inserted": [{"id": 9, "songs": [3, 1, 2]}]}}
                    """#.utf8)))
        // The reference path (JSONDecoder and the change-set path) agrees.
        let decoded = try ObjectGraph.load(decoding: Data(Self.queueFile.utf8), schema: Self.queueSchema)
        #expect(try decoded.value(forKey: "songs", of: queue) == expected)
        #expect(try applied.value(forKey: "songs", of: queue) == expected)
        #expect(applied == loaded)
        let again = try ObjectGraph.load(json: try loaded.jsonData(), schema: Self.queueSchema)
        #expect(try again.value(forKey: "songs", of: queue) == expected)
    }

    @Test("added destinations go to the end of an ordered relationship; removed ones leave it")
    func changeOrder() throws {
        var graph = try ObjectGraph.load(json: Data(Self.file.utf8), schema: Self.schema)
        let changes = try ChangeSet.decode(
            json: Data(
                #"""
                {"Track": {"inserted": [{"id": "t-d", "title": "D"}]},
                 "Playlist": {"updated": [{"id": "p-1", "relationships": {"tracks": {"added": ["t-d"], "removed": ["t-a"]}}}]}}
                """#.utf8))
        try graph.apply(changes)
        let playlist = ObjectID(hierarchy: "Playlist", id: "p-1")
        #expect(try graph.value(forKey: "tracks", of: playlist) == .toMany(["t-c", "t-b", "t-d"].map(Self.track)))
        #expect(try graph.value(forKey: "playlists", of: Self.track("t-a")) == .toMany([]))
    }

    @Test(
        "ids other than integers and strings are refused, naming the place",
        arguments: [
            (#"{"Track": [{"id": 1e30}]}"#, "Track[0].id: expected an integer or a string id, got the number 1e+30"),
            (
                #"{"Track": [{"id": {"$uuid": "x"}}]}"#,
                "Track[0].id: expected an integer or a string id, got a list or an object"
            ),
        ])
    func badIDs(json: String, message: String) {
        do {
            _ = try ObjectGraph.load(json: Data(json.utf8), schema: Self.schema)
            Issue.record("expected an error")
        } catch {
            #expect(error.errors.map(\.description) == [message])
        }
    }
}
