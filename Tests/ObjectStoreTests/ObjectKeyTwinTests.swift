import Evaluation
import Foundation
import ObjectStore
import Testing

/// An integer id and its decimal text (`1` and `"1"`) in one hierarchy: a database with text
/// keys stores both as `'1'`, so the loaders refuse the pair, naming both objects, on the bulk
/// path and the change-set path alike (Docs/sql-mapping.md, "Keys").
@Suite("Object graphs: an id and its text in one hierarchy")
struct ObjectKeyTwinTests {
    typealias F = ChangeFixtures

    @Test(
        "refused on both loading paths with the same message, naming both objects",
        arguments: [
            (
                #"{"Tag": [{"id": 1}, {"id": "1"}]}"#,
                #"Tag "1": the ids "1" (Tag "1") and 1 (Tag 1) are one key in a database, where both are stored as the text "1"; give one of them another id"#
            ),
            (
                #"{"Content": [{"id": "-3"}], "ImageContent": [{"id": -3}]}"#,
                #"ImageContent -3: the ids -3 (ImageContent -3) and "-3" (Content "-3") are one key in a database, where both are stored as the text "-3"; give one of them another id"#
            ),
        ])
    func refused(json: String, expected: String) throws {
        let schema = try F.schema()
        let data = Data(json.utf8)
        #expect(ObjectGraph.bulkLoaded(schema: schema, json: data) == nil)
        #expect(F.graphErrors { try ObjectGraph.load(json: data, schema: schema) } == [expected])
        #expect(F.graphErrors { try ObjectGraph.load(decoding: data, schema: schema) } == [expected])
    }

    @Test(
        "not twins: other hierarchies, texts that are no integer's canonical text",
        arguments: [
            #"{"Tag": [{"id": 1}], "Bucket": [{"id": "1"}]}"#,
            #"{"Tag": [{"id": 1}, {"id": "01"}, {"id": "+1"}, {"id": " 1"}]}"#,
            #"{"Tag": [{"id": 0}, {"id": "-0"}]}"#,
            #"{"Tag": [{"id": "1"}, {"id": "a"}]}"#,
        ])
    func accepted(json: String) throws {
        let schema = try F.schema()
        let data = Data(json.utf8)
        #expect(ObjectGraph.bulkLoaded(schema: schema, json: data) != nil)
        #expect(F.graphErrors { try ObjectGraph.load(decoding: data, schema: schema) } == nil)
    }

    @Test("a change set may not insert the text of an id the graph has, nor the id of a text")
    func changeSet() throws {
        var graph = try F.graph(json: #"{"Tag": [{"id": 1}, {"id": "b7"}], "Bucket": [{"id": "2"}]}"#)
        let changes = try F.changes(
            json: #"{"Tag": {"inserted": [{"id": "1"}, {"id": "b7x"}]}, "Bucket": {"inserted": [{"id": 2}]}}"#)
        #expect(
            F.graphErrors { try graph.apply(changes) } == [
                #"Bucket 2: the ids 2 (Bucket 2) and "2" (Bucket "2") are one key in a database, where both are stored as the text "2"; give one of them another id"#,
                #"Tag "1": the ids "1" (Tag "1") and 1 (Tag 1) are one key in a database, where both are stored as the text "1"; give one of them another id"#,
            ])
        #expect(graph.count == 3, "a change set that throws changes nothing")
    }

    @Test("the key type each hierarchy needs, by root entity")
    func keyTypes() throws {
        let graph = try F.graph(
            json:
                #"{"Tag": [{"id": 1}], "Bucket": [{"id": "a"}], "Content": [{"id": 2}], "ImageContent": [{"id": "x"}]}"#
        )
        #expect(graph.sqlKeyTypes() == ["Tag": .integer, "Bucket": .text, "Content": .mixed, "User": .integer])
    }
}
