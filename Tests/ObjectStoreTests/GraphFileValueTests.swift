import Evaluation
import Foundation
import KeyPaths
import ObjectStore
import Predicates
import Testing

/// The values a graph file writes (`jsonData()`, what `db export` prints): dates exact and
/// proleptic Gregorian, non-finite doubles as tags, sets in one order, and all of it read back
/// to the same graph.
@Suite("Graph files: the values they write")
struct GraphFileValueTests {
    static let schema = Schema(entities: [
        EntityDescription(
            name: "Note",
            attributes: [
                AttributeDescription(name: "when", type: .date, isOptional: true),
                AttributeDescription(name: "score", type: .double, isOptional: true),
                AttributeDescription(name: "payload", type: .transformable, isOptional: true),
            ])
    ])

    static func graph(_ values: [[String: PredicateValue]]) throws -> ObjectGraph {
        try ObjectGraph(
            schema: schema,
            objects: ["Note": values.enumerated().map { InsertedObject(id: .int($0.offset + 1), values: $0.element) }])
    }

    static func date(_ seconds: Double) -> PredicateValue { .date(Date(timeIntervalSinceReferenceDate: seconds)) }

    @Test(
        "dates are written in the proleptic Gregorian calendar with the fraction they have",
        arguments: [
            // Seconds since 2001 counted by hand (see ISO8601DateTextTests).
            (728_474_400.123, "2024-02-01T10:00:00.123Z"),
            (728_474_400.000001, "2024-02-01T10:00:00.000001Z"),
            (-15_797_030_400, "1500-06-01T00:00:00Z"),
            (-63_113_904_000, "0001-01-01T00:00:00Z"),
        ])
    func dates(_ seconds: Double, _ text: String) throws {
        let graph = try Self.graph([["when": Self.date(seconds)]])
        let written = String(decoding: try graph.jsonData(), as: UTF8.self)
        #expect(written.contains(#""$date" : "\#(text)""#), "\(written)")
        #expect(try ObjectGraph.load(json: try graph.jsonData(), schema: Self.schema) == graph)
    }

    @Test("a date outside the years 0000–9999 is written as its seconds since 2001")
    func farDates() throws {
        for seconds in [-1e12, 1e15, Double.infinity] {
            let graph = try Self.graph([["when": Self.date(seconds)]])
            #expect(try ObjectGraph.load(json: try graph.jsonData(), schema: Self.schema) == graph, "\(seconds)")
        }
    }

    @Test("non-finite doubles are written as {\"$double\": …} tags instead of failing")
    func nonFinite() throws {
        let graph = try Self.graph([
            ["score": .double(.infinity)], ["score": .double(-.infinity)], ["payload": .array([.double(.infinity)])],
        ])
        let written = String(decoding: try graph.jsonData(), as: UTF8.self)
        #expect(written.contains(#""$double" : "-inf""#))
        #expect(try ObjectGraph.load(json: try graph.jsonData(), schema: Self.schema) == graph)
    }

    @Test("a double attribute holds -0.0 as 0.0, so its file reads back to the same text")
    func negativeZero() throws {
        let graph = try Self.graph([["score": .double(-0.0)]])
        guard
            case .attribute(.double(let score)) = try graph.value(
                forKey: "score", of: ObjectID(hierarchy: "Note", id: 1))
        else {
            Issue.record("no double")
            return
        }
        #expect(score.sign == .plus)
        let text = try graph.jsonData()
        #expect(try ObjectGraph.load(json: text, schema: Self.schema).jsonData() == text)
    }

    @Test("a transformable value keeps its integral doubles as doubles through the file")
    func integralDoubles() throws {
        let payload: PredicateValue = .dictionary([
            "a": .double(1), "b": .array([.double(1e18), .int(2)]), "c": .double(2.5),
        ])
        let graph = try Self.graph([["payload": payload], ["payload": .double(3)]])
        let written = String(decoding: try graph.jsonData(), as: UTF8.self)
        #expect(written.contains(#""$double" : 1000000000000000000"#), "\(written)")
        let again = try ObjectGraph.load(json: try graph.jsonData(), schema: Self.schema)
        #expect(try again.value(forKey: "payload", of: ObjectID(hierarchy: "Note", id: 1)) == .attribute(payload))
        #expect(try again.value(forKey: "payload", of: ObjectID(hierarchy: "Note", id: 2)) == .attribute(.double(3)))
    }

    @Test("a set of dates a millisecond apart is written in one order, whatever the set's")
    func setOrder() throws {
        let dates = (0..<8).map { Self.date(728_474_400 + Double($0) / 1000) }
        let graph = try Self.graph([["payload": .set(Set(dates))]])
        let written = String(decoding: try graph.jsonData(), as: UTF8.self)
        let positions = (0..<8).compactMap { written.range(of: "10:00:00\($0 == 0 ? "" : ".00\($0)")Z")?.lowerBound }
        #expect(positions.count == 8 && positions == positions.sorted(), "\(written)")
        #expect(try ObjectGraph.load(json: try graph.jsonData(), schema: Self.schema) == graph)
    }
}
