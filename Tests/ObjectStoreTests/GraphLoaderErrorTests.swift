import Evaluation
import Foundation
import ObjectStore
import Testing

@Suite("Object graph files: errors name the entity, the id and the key")
struct GraphLoaderErrorTests {
    typealias F = ChangeFixtures

    @Test(
        "a bad graph file is rejected with every problem",
        arguments: [
            (#"[1, 2]"#, ["top level: expected an object"]),
            (#"{"Content": [{"name": "a"}]}"#, ["Content[0]: an object needs an 'id' (an integer or a string)"]),
            (#"{"Content": [{"id": 1.5}]}"#, ["Content[0].id: expected an integer or a string id, got the number 1.5"]),
            (#"{"Content": [{"id": true}]}"#, ["Content[0].id: expected an integer or a string id, got true"]),
            (
                #"{"Content": [{"id": [1]}]}"#,
                ["Content[0].id: expected an integer or a string id, got a list or an object"]
            ),
            (#"{"Contnet": [{"id": 1}]}"#, ["'Contnet': no entity named 'Contnet'; did you mean 'Content'?"]),
            (
                #"{"Content": [{"id": 1, "nmae": "a"}]}"#,
                ["Content 1: 'Content' has no property 'nmae'; did you mean 'name'?"]
            ),
            (
                #"{"Content": [{"id": 1, "size": "big"}]}"#,
                [#"Content 1, 'size': expected an integer64 value, got "big""#]
            ),
            (
                #"{"ImageContent": [{"id": 1, "width": 3000000000}]}"#,
                ["ImageContent 1, 'width': expected an integer32 value, got 3000000000 (out of range)"]
            ),
            (
                #"{"Content": [{"id": 1, "creationDate": "yesterday"}]}"#,
                [#"Content 1, 'creationDate': expected a date value, got "yesterday""#]
            ),
            (
                #"{"Content": [{"id": 1, "creationDate": {"$date": "yesterday"}}]}"#,
                ["Content[0].creationDate: 'yesterday' is not an ISO 8601 date"]
            ),
            (#"{"Content": [{"id": 1, "bucket": 99}]}"#, ["Content 1, 'bucket': no Bucket with id 99"]),
            (
                #"{"Content": [{"id": 1, "bucket": [1, 2]}], "Bucket": [{"id": 1}, {"id": 2}]}"#,
                ["Content 1, 'bucket': a to-one relationship takes one id or null, got [1, 2]"]
            ),
            (
                #"{"Content": [{"id": 1, "tags": 3}], "Tag": [{"id": 3}]}"#,
                ["Content 1, 'tags': a to-many relationship takes a list of ids, got 3"]
            ),
            (#"{"Content": [{"id": 1}, {"id": 1}]}"#, ["Content 1: the object is listed more than once"]),
            (
                #"{"Content": [{"id": 1}], "ImageContent": [{"id": 1}]}"#,
                ["ImageContent 1: the object is listed more than once"]
            ),
            (
                #"{"Content": [{"id": 1, "bucket": 1}], "User": [{"id": 1}]}"#,
                ["Content 1, 'bucket': no Bucket with id 1"]
            ),
            (
                #"{"Content": [{"id": 1, "owner": 2}], "ImageContent": [{"id": 2}]}"#,
                ["Content 1, 'owner': no User with id 2"]
            ),
            (
                #"{"Content": [{"id": 1, "bucket": 1}], "Bucket": [{"id": 1, "contents": []}]}"#,
                [
                    "Bucket 1, 'contents': written as [] but ends up [1]; another change in the set moves it through the inverse relationship"
                ]
            ),
            (
                #"{"Content": [{"id": 1, "size": 1.5, "bucket": 7}]}"#,
                ["Content 1, 'bucket': no Bucket with id 7", "Content 1, 'size': expected an integer64 value, got 1.5"]
            ),
        ])
    func rejected(json: String, expected: [String]) {
        #expect(F.graphErrors { try F.graph(json: json) } == expected)
    }

    @Test("sub-entity objects may be the destination of a relationship to their parent entity")
    func subEntityDestination() throws {
        let graph = try F.graph(
            json: #"{"Tag": [{"id": 1, "contents": [4]}], "ThumbnailContent": [{"id": 4, "name": "t"}]}"#)
        #expect(try graph.value(forKey: "tags", of: F.content(4)) == .toMany([F.tag(1)]))
    }

    @Test("null is accepted for any attribute, optional or not, and reads as null")
    func nullValues() throws {
        let graph = try F.graph(json: #"{"User": [{"id": 1, "name": null, "email": null}]}"#)
        #expect(try graph.value(forKey: "name", of: F.user(1)) == .attribute(.null))
        #expect(try graph.value(forKey: "email", of: F.user(1)) == .attribute(.null))
    }

    @Test("an unreadable file is reported as such")
    func unreadable() throws {
        let schema = try F.schema()
        let errors = F.graphErrors {
            try ObjectGraph.load(contentsOf: URL(fileURLWithPath: "/nonexistent/graph.json"), schema: schema)
        }
        #expect(errors?.count == 1)
        #expect(errors?.first?.hasPrefix("cannot read '/nonexistent/graph.json'") == true)
    }
}
