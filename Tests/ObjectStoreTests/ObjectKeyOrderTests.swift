import Foundation
import KeyPaths
import ObjectStore
import Predicates
import Testing

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
