import Evaluation
import Foundation
import KeyPaths
import ObjectStore
import Predicates
import Testing

/// Objects as arguments in the object store (issue 18): an `ObjectID` or a graph object is a
/// `%@` argument, a predicate comparing objects with references depends on the relationship
/// only, and live results over such a predicate follow moves but ignore renames. Expected
/// values are worked out by hand from Samples/graph.json (see `ChangeMatcherScenarioTests`).
@Suite("Objects as arguments: dependencies, change matching, live results")
struct ObjectReferenceChangeTests {
    typealias F = ChangeFixtures

    static func dependencies(_ format: String, _ arguments: [PredicateValue], root: String = "Content") throws
        -> QueryDependencies
    {
        try QueryDependencies(
            schema: try F.schema(), rootEntity: root,
            predicate: try PredicateNode(format: format, argumentArray: arguments))
    }

    /// (predicate, arguments, key paths read).
    static let reads: [(String, [PredicateValue], [String])] = [
        ("bucket == %@", [.reference(F.bucket(1))], ["bucket"]),
        ("bucket IN %@", [[.reference(F.bucket(1)), .reference(F.bucket(2))]], ["bucket"]),
        ("SELF == %@", [.reference(F.content(1))], []),
        ("SELF IN %@", [[.reference(F.content(1))]], []),
        ("ANY tags == %@", [.reference(F.tag(1))], ["tags"]),
        ("%@ IN tags", [.reference(F.tag(1))], ["tags"]),
        ("SUBQUERY(tags, $t, $t == %@).@count > 0", [.reference(F.tag(1))], ["tags"]),
    ]

    @Test("a comparison with a reference reads the relationship, never a key of the object it names", arguments: reads)
    func keyPaths(format: String, arguments: [PredicateValue], expected: [String]) throws {
        #expect(try Self.dependencies(format, arguments).paths.map(\.keyPath) == expected)
    }

    @Test("bucket == %@ depends on Content.bucket (every sub-entity) and its inverse, not on Bucket.name")
    func properties() throws {
        let dependencies = try Self.dependencies("bucket == %@", [.reference(F.bucket(1))])
        #expect(
            dependencies.properties(with: .membership) == [
                EntityProperty("Bucket", "contents"), EntityProperty("Content", "bucket"),
                EntityProperty("ImageContent", "bucket"), EntityProperty("ThumbnailContent", "bucket"),
            ])
        #expect(dependencies.properties[EntityProperty("Bucket", "name")] == nil)
    }

    /// (name, predicate, argument, change set file or JSON, roots to re-evaluate).
    static let scenarios: [(String, String, PredicateValue, String, [Int])] = [
        ("renaming the Bucket re-evaluates nothing", "bucket == %@", .reference(F.bucket(1)), "rename-bucket", []),
        (
            "moving a Content into the Bucket re-evaluates it", "bucket == %@", .reference(F.bucket(2)), "move-content",
            [3]
        ),
        (
            "moving a Content out of the Bucket re-evaluates it", "bucket != %@", .reference(F.bucket(1)),
            "move-content", [3]
        ),
        ("renaming a Tag re-evaluates nothing", "ANY tags == %@", .reference(F.tag(3)), "rename-tag", []),
        ("tagging a Content re-evaluates it", "ANY tags == %@", .reference(F.tag(3)), "retag-content", [6]),
        (
            "SELF == %@ reads no key: a rename of the object itself re-evaluates nothing", "SELF == %@",
            .reference(F.content(4)),
            #"{"ThumbnailContent": {"updated": [{"id": 4, "attributes": {"name": "t.png"}}]}}"#, []
        ),
        (
            "SELF == %@: a deleted root is re-evaluated", "SELF == %@", .reference(F.content(6)),
            #"{"Content": {"deleted": [6]}}"#, [6]
        ),
    ]

    @Test("affected roots", arguments: scenarios)
    func affected(name: String, format: String, argument: PredicateValue, changes: String, expected: [Int]) throws {
        var graph = try F.graph()
        let dependencies = try Self.dependencies(format, [argument])
        let changeSet = changes.hasPrefix("{") ? try F.changes(json: changes) : try F.changes(changes)
        let applied = try graph.apply(changeSet)
        let result = ChangeMatcher(dependencies: dependencies).affectedRoots(by: applied, in: graph)
        #expect(result.reevaluate.map(\.id).sorted() == expected.map(ObjectKey.int), "\(name)")
        #expect(result.refresh.isEmpty)
    }

    @Test("live results of bucket == %@: a moved Content is inserted, a renamed Bucket changes nothing")
    func liveResults() throws {
        let graph = try F.graph()
        var results = try LiveResultSet(
            request: try FetchRequest(entity: "Content", format: "bucket == %@", arguments: [.reference(F.bucket(2))]),
            graph: graph)
        #expect(results.rows == [F.content(2), F.content(4)])
        let rename = try results.apply(
            try F.changes(json: #"{"Bucket": {"updated": [{"id": 2, "attributes": {"name": "Pictures"}}]}}"#))
        #expect(rename.isEmpty)
        let move = try results.apply(try F.changes("move-content"))
        #expect(results.rows == [F.content(2), F.content(3), F.content(4)])
        #expect(move.rows.insertions.map(\.element) == [F.content(3)])
        #expect(move.rows.removals.isEmpty && move.rows.updates.isEmpty)
    }

    @Test("in Swift an ObjectID and a graph object are %@ arguments; the graph object names its own entity")
    func swiftArguments() throws {
        let graph = try F.graph()
        let checked = { (argument: PredicateValue) throws -> [ObjectID] in
            let predicate = try PredicateNode(format: "SELF == %@ OR bucket == %@", argument, .reference(F.bucket(3)))
            let compiled = try PredicateCompiler().compile(
                try CheckedPredicate(predicate, schema: graph.schema, entity: "Content"), for: graph)
            return try graph.fetch(compiled, entity: "Content")
        }
        #expect(try checked(.reference(F.content(1))) == [F.content(1), F.content(5)])
        let thumbnail = try #require(graph.object(F.content(4)))
        #expect(PredicateValue.reference(thumbnail) == .reference(ObjectReference(entity: "ThumbnailContent", id: 4)))
        #expect(try checked(.reference(thumbnail)) == [F.content(4), F.content(5)])
        // As an `Any`, as Foundation-style callers hold them.
        #expect(PredicateValue(jsonObject: F.content(1)) == .reference(ObjectReference(entity: "Content", id: 1)))
        #expect(PredicateValue(jsonObject: thumbnail) == .reference(ObjectReference(entity: "ThumbnailContent", id: 4)))
    }

    @Test("a graph object equals a reference to its key and any entity of its hierarchy")
    func graphIdentity() throws {
        let graph = try F.graph()
        let image = try #require(graph.object(F.content(2)))
        for (entity, id, expected) in [
            ("ImageContent", ObjectKey.int(2), true), ("Content", 2, true), ("ThumbnailContent", 2, true),
            ("Content", 3, false), ("Content", "2", false), ("Bucket", 2, false), ("Nope", 2, false),
        ] {
            #expect(
                image.isPredicateReferenced(by: ObjectReference(entity: entity, id: id)) == expected, "\(entity) \(id)")
        }
        #expect(image.predicateReference == ObjectReference(entity: "ImageContent", id: 2))
    }
}
