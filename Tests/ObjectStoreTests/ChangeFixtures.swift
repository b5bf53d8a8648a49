import Evaluation
import Foundation
import KeyPaths
import ObjectStore
import Predicates

/// The shipped samples (Samples/ at the package root): the Content model, the object graph and
/// the change sets, as the change tests use them.
enum ChangeFixtures {
    /// `<package>/Samples`, found from this file's path.
    static let samples = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // ObjectStoreTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root
        .appendingPathComponent("Samples")

    static let model = samples.appendingPathComponent("ContentModel.xcdatamodeld")
    static let graphFile = samples.appendingPathComponent("graph.json")

    static func changesFile(_ name: String) -> URL {
        samples.appendingPathComponent("changes").appendingPathComponent(name + ".json")
    }

    /// The sample Core Data model.
    static func schema() throws -> Schema {
        try CoreDataModelLoader.load(contentsOf: model)
    }

    /// Samples/graph.json loaded against the sample model.
    static func graph() throws -> ObjectGraph {
        try ObjectGraph.load(contentsOf: graphFile, schema: try schema())
    }

    /// A change set from Samples/changes.
    static func changes(_ name: String) throws -> ChangeSet {
        try ChangeSet.decode(json: try Data(contentsOf: changesFile(name)))
    }

    /// Loads `json` against the sample model.
    static func graph(json: String) throws -> ObjectGraph {
        try ObjectGraph.load(json: Data(json.utf8), schema: try schema())
    }

    /// Parses a change set written in the test.
    static func changes(json: String) throws -> ChangeSet {
        try ChangeSet.decode(json: Data(json.utf8))
    }

    static func content(_ id: Int) -> ObjectID { ObjectID(hierarchy: "Content", id: .int(id)) }
    static func bucket(_ id: Int) -> ObjectID { ObjectID(hierarchy: "Bucket", id: .int(id)) }
    static func user(_ id: Int) -> ObjectID { ObjectID(hierarchy: "User", id: .int(id)) }
    static func tag(_ id: Int) -> ObjectID { ObjectID(hierarchy: "Tag", id: .int(id)) }

    /// The problems a throwing call reports, or `nil` when it does not throw.
    static func graphErrors<T>(_ body: () throws -> T) -> [String]? {
        do {
            _ = try body()
            return nil
        } catch let error as GraphErrors {
            return error.errors.map(\.description)
        } catch {
            return ["not a GraphErrors: \(error)"]
        }
    }

    /// The affected roots of a query over `root` when `changes` (JSON) is applied to the
    /// sample graph, as sorted ID lists.
    static func affected(
        root: String = "Content", predicate: String, sort: [String] = [], display: [String] = [], changes: ChangeSet,
        graph start: ObjectGraph? = nil
    ) throws -> (reevaluate: [ObjectKey], refresh: [ObjectKey]) {
        var graph = try start ?? graph()
        let dependencies = try QueryDependencies(
            schema: graph.schema, rootEntity: root, predicate: try PredicateNode(format: predicate), sortKeyPaths: sort,
            displayKeyPaths: display)
        let applied = try graph.apply(changes)
        let result = ChangeMatcher(dependencies: dependencies).affectedRoots(by: applied, in: graph)
        return (result.reevaluate.map(\.id).sorted(), result.refresh.map(\.id).sorted())
    }
}
