import Foundation
import KeyPaths
import ObjectStore
import Predicates
import Testing

/// A property named `id` (an attribute, as many Core Data models have, or a relationship):
/// a graph file's `id` is always the object's own key, so the loaders leave such a property
/// without a value, and writing a graph where it has one (`db export` of a store that holds
/// one, a change set that set it) is refused naming the objects, never written in place of
/// the object's id (Docs/change-set-format.md).
@Suite("Graph files: a property named id")
struct GraphFileIDPropertyTests {
    static let schema = """
        {"entities": [
          {"name": "T", "attributes": [{"name": "id", "type": "integer64"}, {"name": "name", "type": "string"}]},
          {"name": "U", "relationships": [
            {"name": "id", "destination": "V", "inverse": "us"}]},
          {"name": "V", "relationships": [{"name": "us", "destination": "U", "inverse": "id", "toMany": true}]}
        ]}
        """

    static func graph(_ text: String) throws -> ObjectGraph {
        try ObjectGraph.load(json: Data(text.utf8), schema: try JSONSchemaLoader.load(string: schema))
    }

    @Test("the file's id is the object's key; without a value the property is not written")
    func keyOnly() throws {
        let graph = try Self.graph(#"{"T": [{"id": 1, "name": "a"}], "U": [{"id": 5}]}"#)
        #expect(try graph.value(forKey: "id", of: ObjectID(hierarchy: "T", id: 1)) == .attribute(.null))
        let text = String(decoding: try graph.jsonData(), as: UTF8.self)
        #expect(try ObjectGraph.load(json: Data(text.utf8), schema: graph.schema) == graph)
    }

    @Test("an attribute named id with a value: writing the graph is refused, naming each object")
    func attributeWithValue() throws {
        var graph = try Self.graph(#"{"T": [{"id": 1, "name": "a"}, {"id": 2}, {"id": 3}]}"#)
        try graph.apply(
            ChangeSet.decode(
                json: Data(
                    #"{"T": {"updated": [{"id": 3, "attributes": {"id": 7}}, {"id": 1, "attributes": {"id": 42}}]}}"#
                        .utf8)))
        #expect(throws: GraphErrors.self) { try graph.jsonData() }
        do {
            _ = try graph.jsonData()
        } catch {
            #expect(
                "\(error)" == """
                    T 1, 'id': a graph file cannot hold a value of a property named 'id', where 'id' is the object's own id; rename the property to export the graph
                    T 3, 'id': a graph file cannot hold a value of a property named 'id', where 'id' is the object's own id; rename the property to export the graph
                    """)
        }
    }

    @Test("a to-one relationship named id, set from its inverse: writing the graph is refused")
    func relationshipWithValue() throws {
        let graph = try Self.graph(#"{"U": [{"id": 1}, {"id": 2}], "V": [{"id": 9, "us": [2]}]}"#)
        #expect(try graph.value(forKey: "id", of: ObjectID(hierarchy: "U", id: 2)).objects.map(\.id) == [9])
        do {
            _ = try graph.jsonData()
            Issue.record("U 2's 'id' was written")
        } catch {
            #expect("\(error)".hasPrefix("U 2, 'id': a graph file cannot hold a value of a property named 'id'"))
        }
    }

    @Test("an inserted object never encodes a value named id in place of its own")
    func insertedObjectEncoding() {
        #expect(throws: EncodingError.self) {
            try JSONEncoder().encode(InsertedObject(id: 1, values: ["id": .int(42)]))
        }
    }
}
