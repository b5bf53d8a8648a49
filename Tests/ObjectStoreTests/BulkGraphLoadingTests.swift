import Evaluation
import Foundation
import GraphTestSupport
import KeyPaths
import ObjectStore
import Predicates
import TestSupport
import Testing

@Suite("Bulk graph loading: the same graph, or the same errors, as the change-set path")
struct BulkGraphLoadingTests {
    typealias F = ChangeFixtures

    /// The outcome of a load, comparable.
    enum Outcome: Equatable, CustomStringConvertible {
        case graph(ObjectGraph)
        case errors([String])

        var description: String {
            switch self {
            case .graph(let graph): "graph " + BulkGraphLoadingTests.text(graph)
            case .errors(let errors): "errors " + errors.joined(separator: "\n")
            }
        }
    }

    /// A graph as its file text, with ordered lists in their order (for failure messages).
    static func text(_ graph: ObjectGraph) -> String {
        var lines: [String] = []
        for entity in graph.schema.entities.map(\.name) {
            for object in graph.objects(of: entity) where graph.entity(of: object) == entity {
                let values = graph.schema.allProperties(of: entity).map { property in
                    "\(property.name)=\((try? graph.value(forKey: property.name, of: object))?.description ?? "?")"
                }
                lines.append("\(entity) \(object.id): " + values.joined(separator: " "))
            }
        }
        return lines.joined(separator: "\n")
    }

    static func outcome(_ body: () throws(GraphErrors) -> ObjectGraph) -> Outcome {
        do {
            return .graph(try body())
        } catch {
            return .errors(error.errors.map(\.description))
        }
    }

    @Test("random graph files load to the change-set path's graph or errors (seeded)")
    func differential() throws {
        let run = PropertyRun("BulkGraphLoadingTests", defaultCases: 150)
        var bulkLoads = 0
        var refused = 0
        for index in 0..<run.cases {
            var generator = GraphCaseGenerator(seed: run.caseSeed(index))
            let schema = generator.makeSchema()
            guard let graph = generator.makeGraph(schema) else { continue }
            let objects = try GraphFileVariants.objects(of: graph)
            // The graph's own file takes the bulk path and gives the graph back (ordered lists
            // included: the order an object states wins over the order the sides are connected in).
            let own = try graph.jsonData()
            let reference = try ObjectGraph.load(decoding: own, schema: schema)
            guard let bulk = ObjectGraph.bulkLoaded(schema: schema, json: own) else {
                Issue.record(
                    "the bulk path refused a graph's own file\n\(String(decoding: own, as: UTF8.self))\n\(run.replay(index))"
                )
                return
            }
            guard bulk == reference, bulk == graph else {
                Issue.record(
                    """
                    bulk:\n\(Self.text(bulk))\nreference:\n\(Self.text(reference))\ngraph:\n\(Self.text(graph))
                    \(run.replay(index))
                    """)
                return
            }
            var variants = GraphFileVariants(seed: run.caseSeed(index) &+ 1)
            for _ in 0..<4 {
                let text = variants.variant(of: objects, schema: schema)
                let data = Data(text.utf8)
                let expected = Self.outcome { () throws(GraphErrors) in
                    try ObjectGraph.load(decoding: data, schema: schema)
                }
                let actual = Self.outcome { () throws(GraphErrors) in try ObjectGraph.load(json: data, schema: schema) }
                if ObjectGraph.bulkLoaded(schema: schema, json: data) != nil { bulkLoads += 1 }
                if case .errors = expected { refused += 1 }
                guard actual == expected else {
                    Issue.record(
                        """
                        bulk loading differs from the change-set path (\(variants.notes.joined(separator: "; ")))
                        expected: \(expected)
                        actual:   \(actual)
                        file: \(text)
                        \(run.replay(index))
                        """)
                    return
                }
                // The same objects given as values take the same two paths.
                if let decoded = try? JSONDecoder().decode([String: [InsertedObject]].self, from: data) {
                    let reference = Self.outcome { () throws(GraphErrors) in
                        try ObjectGraph(changeSetLoading: schema, objects: decoded)
                    }
                    let built = Self.outcome { () throws(GraphErrors) in
                        try ObjectGraph(schema: schema, objects: decoded)
                    }
                    guard built == reference else {
                        Issue.record(
                            "from values: \(built)\nexpected: \(reference)\n\(variants.notes) \(run.replay(index))")
                        return
                    }
                }
            }
        }
        // Both kinds of file were met, so both sides of the comparison were exercised.
        #expect(bulkLoads > run.cases / 2)
        #expect(refused > run.cases / 10)
    }

    @Test("an ordered to-many list keeps the order its members were first added in")
    func orderedLists() throws {
        let schema = Schema(entities: [
            EntityDescription(
                name: "A",
                relationships: [
                    RelationshipDescription(
                        name: "items", destination: "B", inverse: "owner", isToMany: true, isOrdered: true)
                ]),
            EntityDescription(
                name: "B", relationships: [RelationshipDescription(name: "owner", destination: "A", inverse: "items")]),
        ])
        // A is connected first (lists by entity name): its order stands, the Bs' statements agree.
        let stated =
            #"{"B": [{"id": 1, "owner": 1}, {"id": 2, "owner": 1}, {"id": 3}], "A": [{"id": 1, "items": [3, 1, 2]}]}"#
        let graph = try ObjectGraph.load(json: Data(stated.utf8), schema: schema)
        let items = try graph.value(forKey: "items", of: ObjectID(hierarchy: "A", id: 1))
        #expect(items == .toMany([3, 1, 2].map { ObjectID(hierarchy: "B", id: .int($0)) }))
        // Only the Bs state it: the order of the B list.
        let inverse = #"{"B": [{"id": 5, "owner": 1}, {"id": 2, "owner": 1}, {"id": 9, "owner": 1}], "A": [{"id": 1}]}"#
        let second = try ObjectGraph.load(json: Data(inverse.utf8), schema: schema)
        #expect(ObjectGraph.bulkLoaded(schema: schema, json: Data(inverse.utf8)) == second)
        #expect(
            try second.value(forKey: "items", of: ObjectID(hierarchy: "A", id: 1))
                == .toMany([5, 2, 9].map { ObjectID(hierarchy: "B", id: .int($0)) }))
    }

    @Test(
        "text the bulk reader is unsure of goes to JSONDecoder",
        arguments: [
            #"{"User": [{"id": 1.0}]}"#,  // JSONDecoder reads 1.0 as the integer 1
            #"{"User": [{"id": 1, "name": "a", "name": "b"}]}"#,  // a repeated key
            #"{"User": [{"id": 1}], "User": [{"id": 2}]}"#,  // a repeated entity
            #"{"User": [{"id": 01}]}"#,  // not JSON
            #"{"User": [{"id": "\ud800"}]}"#,  // a lone surrogate
            "\u{FEFF}{\"User\": [{\"id\": 1}]}",  // a byte-order mark
        ])
    func unsureText(json: String) throws {
        let schema = try F.schema()
        let data = Data(json.utf8)
        #expect(ObjectGraph.bulkLoaded(schema: schema, json: data) == nil)
        let expected = Self.outcome { () throws(GraphErrors) in try ObjectGraph.load(decoding: data, schema: schema) }
        #expect(Self.outcome { () throws(GraphErrors) in try ObjectGraph.load(json: data, schema: schema) } == expected)
    }

    @Test("the sample graph takes the bulk path")
    func sample() throws {
        let schema = try F.schema()
        let data = try Data(contentsOf: F.graphFile)
        let bulk = ObjectGraph.bulkLoaded(schema: schema, json: data)
        #expect(bulk != nil)
        #expect(bulk == (try ObjectGraph.load(decoding: data, schema: schema)))
    }
}
