import Evaluation
import Foundation
import KeyPaths
import ObjectStore
import Predicates
import Testing

/// Evaluation of checked predicates on the objects of the sample graph (Samples/graph.json):
/// the compiled evaluator and the reference interpreter.
@Suite("Evaluation on the object graph")
struct GraphEvaluationTests {
    typealias F = ChangeFixtures

    @Test(
        "the matching Contents of the sample graph (sub-entities included)",
        arguments: [
            ("bucket.name == 'Inbox'", [1, 3, 6]),
            ("name ENDSWITH '.png'", [2, 4]),
            ("ANY tags.name == 'x'", [2, 3]),
            ("owner.name == 'Ben'", [2, 3, 4]),
            ("#size > 500", [2, 3, 5]),
            ("bucket.owner.name == 'Ann'", [1, 3, 5, 6]),
            ("SUBQUERY(tags, $t, $t.name == 'work').@count > 0", [1, 3]),
            ("tags.@count == 0", [5, 6]),
            ("creationDate >= CAST('2024-02-04T00:00:00Z', 'NSDate')", [4, 5, 6]),
            ("owner.email == nil", [2, 3, 4]),
            ("NOT (bucket.name == 'Inbox') AND bucket.owner != nil", [2, 4, 5]),
            ("SUBQUERY(tags, $t, name CONTAINS 'e').@count > 0", [1, 2, 4]),
        ])
    func fetch(format: String, expected: [Int]) throws {
        let graph = try F.graph()
        let checked = try CheckedPredicate(PredicateNode(format: format), schema: graph.schema, entity: "Content")
        let compiled = try PredicateCompiler().compile(checked, for: graph)
        #expect(try graph.fetch(compiled, entity: "Content").map(\.id) == expected.map(ObjectKey.int))
        let scan = try PredicateCompiler().compileScan(checked, for: graph)
        for strategy in [ScanStrategy.columns, .rows] {
            #expect(try graph.fetch(scan, strategy: strategy).map(\.id) == expected.map(ObjectKey.int))
        }
        let interpreted = try graph.graphObjects(of: "Content").filter { object in
            try ReferenceInterpreter().evaluate(checked, on: object)
        }
        #expect(interpreted.map(\.id.id) == expected.map(ObjectKey.int))
    }

    @Test("a query on a sub-entity sees only its objects; values of every kind are read")
    func subEntity() throws {
        let graph = try F.graph()
        let checked = try CheckedPredicate(
            PredicateNode(format: "width >= 800 AND bucket.name != nil"), schema: graph.schema, entity: "ImageContent")
        let compiled = try PredicateCompiler().compile(checked, for: graph)
        #expect(try graph.fetch(compiled, entity: "ImageContent").map(\.id) == [2, 5])
        let object = try #require(graph.object(F.content(2)))
        #expect(object.entity == "ImageContent")
        #expect(try object.predicateValue(forKey: "width") == .int(800))
        #expect(
            try object.predicateValue(forKey: "bucket")
                == .object(EvaluationObject(try #require(graph.object(F.bucket(2))))))
        #expect(throws: EvaluationError.self) { try object.predicateValue(forKey: "nmae") }
    }

    @Test("a compiled predicate reads a changed graph; objects taken before keep the old values")
    func changes() throws {
        var graph = try F.graph()
        let checked = try CheckedPredicate(
            PredicateNode(format: "bucket.name == 'Inbox'"), schema: graph.schema, entity: "Content")
        let compiled = try PredicateCompiler().compile(checked, for: graph)
        let before = try #require(graph.object(F.content(2)))
        try graph.apply(
            try F.changes(
                json: #"{"Content": {"updated": [{"id": 2, "relationships": {"bucket": {"old": 2, "new": 1}}}]}}"#))
        #expect(try graph.fetch(compiled, entity: "Content").map(\.id) == [1, 2, 3, 6])
        #expect(try compiled.evaluate(before) == false)
        // An object of a graph loaded separately (another layout) is read by key, alike.
        let other = try F.graph()
        #expect(try other.fetch(compiled, entity: "Content").map(\.id) == [1, 3, 6])
    }
}
