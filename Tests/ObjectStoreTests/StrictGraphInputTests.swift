import Evaluation
import Foundation
import KeyPaths
import Predicates
import TestSupport
import Testing

@testable import ObjectStore

/// Graph files and change sets are read strictly (issue 17, items 4 and 19): a key written
/// twice, a number no `Double` holds and a destination listed twice in an ordered relationship
/// are refused with their place, and the bulk loader and the change-set path say the same.
@Suite("Graph files and change sets: nothing is dropped without a word")
struct StrictGraphInputTests {
    typealias F = ChangeFixtures

    /// The problems loading `json` reports on one path.
    static func errors(_ load: () throws(GraphErrors) -> ObjectGraph) -> [String]? {
        do {
            _ = try load()
            return nil
        } catch {
            return error.errors.map(\.description)
        }
    }

    @Test(
        "a key written twice is refused with both places, by the bulk loader and the decoder alike",
        arguments: [
            (
                #"{"Tag": [{"id": 1}], "Tag": [{"id": 2}]}"#,
                #"line 1, column 22: duplicate key "Tag" (first at line 1, column 2)"#
            ),
            (
                #"{"Tag": [{"id": 1, "name": "a", "name": "b"}]}"#,
                #"line 1, column 33: duplicate key "name" (first at line 1, column 20)"#
            ),
            (#"{"Tag": [{"id": 1, "id": 2}]}"#, #"line 1, column 20: duplicate key "id" (first at line 1, column 11)"#),
            (
                "{\"Tag\": [{\"id\": 1, \"name\": {\"$date\": \"2020-01-01\", \"$date\": \"2021-01-01\"}}]}",
                #"line 1, column 52: duplicate key "$date" (first at line 1, column 29)"#
            ),
            (
                #"{"Content": [{"id": 1, "size": 1e999}]}"#,
                "line 1, column 32: the number 1e999 is out of range (a double holds at most ±1.7976931348623157e308)"
            ),
        ])
    func duplicateKeysInGraphs(json: String, expected: String) throws {
        let schema = try F.schema()
        #expect(
            Self.errors { () throws(GraphErrors) in try ObjectGraph.load(json: Data(json.utf8), schema: schema) } == [
                expected
            ])
        #expect(
            Self.errors { () throws(GraphErrors) in try ObjectGraph.load(decoding: Data(json.utf8), schema: schema) }
                == [expected])
    }

    @Test(
        "a change set naming an entity, an object's key or a change twice is refused",
        arguments: [
            (
                #"{"Tag": {"deleted": [1]}, "Tag": {"deleted": [2]}}"#,
                #"line 1, column 27: duplicate key "Tag" (first at line 1, column 2)"#
            ),
            (
                #"{"Tag": {"updated": [{"id": 1, "attributes": {"name": "a", "name": "b"}}]}}"#,
                #"line 1, column 60: duplicate key "name" (first at line 1, column 47)"#
            ),
            (
                #"{"Tag": {"deleted": [1], "deleted": [2]}}"#,
                #"line 1, column 26: duplicate key "deleted" (first at line 1, column 10)"#
            ),
            ("", "empty input"),
        ])
    func duplicateKeysInChangeSets(json: String, expected: String) {
        do {
            _ = try ChangeSet.decode(json: Data(json.utf8))
            Issue.record("accepted: \(json)")
        } catch {
            #expect(error.errors.map(\.description) == [expected])
        }
    }

    // MARK: Ordered relationships

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

    static let repeated = "Queue 9, 'songs': Audio 1 is listed twice; an ordered relationship holds each object once"

    @Test("a destination listed twice in an ordered relationship is refused on every path, with one message")
    func orderedRepeats() throws {
        let file = #"{"Audio": [{"id": 1}, {"id": 2}], "Queue": [{"id": 9, "songs": [1, 2, 1]}]}"#
        let schema = Self.queueSchema
        #expect(
            Self.errors { () throws(GraphErrors) in try ObjectGraph.load(json: Data(file.utf8), schema: schema) }
                == [Self.repeated])
        #expect(
            Self.errors { () throws(GraphErrors) in try ObjectGraph.load(decoding: Data(file.utf8), schema: schema) }
                == [Self.repeated])
        // Objects already decoded go through the bulk builder first, then the change-set path.
        let objects: [String: [InsertedObject]] = [
            "Audio": [InsertedObject(id: 1, values: [:]), InsertedObject(id: 2, values: [:])],
            "Queue": [InsertedObject(id: 9, values: ["songs": .array([.int(1), .int(2), .int(1)])])],
        ]
        #expect(
            Self.errors { () throws(GraphErrors) in try ObjectGraph(schema: schema, objects: objects) }
                == [Self.repeated])
        #expect(ObjectGraph.bulkLoaded(schema: schema, objects: objects) == nil)
        // An update adding a destination twice.
        var graph = try ObjectGraph.load(
            json: Data(#"{"Audio": [{"id": 1}, {"id": 2}], "Queue": [{"id": 9, "songs": [2]}]}"#.utf8), schema: schema)
        let before = graph
        do {
            try graph.apply(
                ChangeSet.decode(
                    json: Data(
                        #"{"Queue": {"updated": [{"id": 9, "relationships": {"songs": {"added": [1, 1], "removed": []}}}]}}"#
                            .utf8)))
            Issue.record("an update adding Audio 1 twice was applied")
        } catch {
            #expect(error.errors.map(\.description) == [Self.repeated])
        }
        #expect(graph == before)
        // An unordered relationship is a set: a repeat changes nothing there.
        let unordered = #"{"Audio": [{"id": 1, "queues": [9, 9]}], "Queue": [{"id": 9}]}"#
        #expect(
            try ObjectGraph.load(json: Data(unordered.utf8), schema: schema).value(
                forKey: "songs", of: ObjectID(hierarchy: "Queue", id: 9))
                == .toMany([ObjectID(hierarchy: "Audio", id: 1)]))
    }
}
