import KeyPaths
import ObjectStore
import Predicates

/// The benchmark row "1,000,000 Contents in 10,000 Buckets, 100 Bucket renames: matcher vs
/// full scan of all roots", ready to time.
///
/// ```swift
/// let bench = try ChangeMatchingBenchmark.make()          // builds and renames (not timed)
/// let fast = bench.runMatcher()                            // time this …
/// let slow = bench.runFullScan()                           // … against this
/// assert(fast == slow)                                     // 10,000 Contents to re-evaluate
/// ```
///
/// The query is over `Content` with the predicate `bucket.name BEGINSWITH "Bucket 1"` and the
/// sort key `creationDate`; one Content in ten is an `ImageContent`.
struct ChangeMatchingBenchmark: Sendable {
    /// The graph after the renames.
    let graph: ObjectGraph
    /// The applied change set of the renames.
    let applied: ChangeSet
    /// The query's dependencies.
    let dependencies: QueryDependencies
    /// The matcher under test.
    let matcher: ChangeMatcher

    /// Builds the graph (`contents` Contents spread evenly over `buckets` Buckets), derives the
    /// query's dependencies and applies `renames` Bucket renames.
    static func make(contents: Int = 1_000_000, buckets: Int = 10_000, renames: Int = 100) throws
        -> ChangeMatchingBenchmark
    {
        var graph = try makeContentGraph(contents: contents, buckets: buckets)
        let applied = try graph.apply(bucketRenames(count: renames, buckets: buckets))
        let predicate = try PredicateNode(format: "bucket.name BEGINSWITH %@", "Bucket 1")
        let dependencies = try QueryDependencies(
            schema: graph.schema, rootEntity: "Content", predicate: predicate, sortKeyPaths: ["creationDate"])
        return ChangeMatchingBenchmark(
            graph: graph, applied: applied, dependencies: dependencies,
            matcher: ChangeMatcher(dependencies: dependencies))
    }

    /// The change matcher: walks from each renamed Bucket to its Contents.
    func runMatcher() -> AffectedRoots {
        matcher.affectedRoots(by: applied, in: graph)
    }

    /// The baseline: ``fullScan(dependencies:changes:graph:)``.
    func runFullScan() -> AffectedRoots {
        Self.fullScan(dependencies: dependencies, changes: applied, graph: graph)
    }

    /// The schema of the benchmark: `Bucket` (`name`, `contents`), `Content` (`name`,
    /// `creationDate`, `bucket`), `ImageContent` (a `Content` with `width`).
    static var schema: Schema {
        Schema(entities: [
            EntityDescription(
                name: "Bucket", attributes: [AttributeDescription(name: "name", type: .string)],
                relationships: [
                    RelationshipDescription(name: "contents", destination: "Content", inverse: "bucket", isToMany: true)
                ]),
            EntityDescription(
                name: "Content",
                attributes: [
                    AttributeDescription(name: "name", type: .string),
                    AttributeDescription(name: "creationDate", type: .date),
                ],
                relationships: [
                    RelationshipDescription(
                        name: "bucket", destination: "Bucket", inverse: "contents", isOptional: true)
                ]),
            EntityDescription(
                name: "ImageContent", parent: "Content",
                attributes: [AttributeDescription(name: "width", type: .integer32)]),
        ])
    }

    /// A graph of `buckets` Buckets (IDs 1…) and `contents` Contents (IDs 1…), Content `i` in
    /// Bucket `(i - 1) % buckets + 1`, every tenth Content an `ImageContent`, loaded as one
    /// change set of inserts.
    static func makeContentGraph(contents: Int = 1_000_000, buckets: Int = 10_000) throws -> ObjectGraph {
        var graph = ObjectGraph(schema: schema)
        let bucketCount = max(0, buckets)
        var plain: [InsertedObject] = []
        var images: [InsertedObject] = []
        for id in stride(from: 1, through: max(0, contents), by: 1) {
            var values: [String: PredicateValue] = ["name": .string("Content \(id)")]
            if bucketCount > 0 { values["bucket"] = .int((id - 1) % bucketCount + 1) }
            if id % 10 == 0 {
                images.append(InsertedObject(id: .int(id), values: values))
            } else {
                plain.append(InsertedObject(id: .int(id), values: values))
            }
        }
        let bucketObjects = stride(from: 1, through: bucketCount, by: 1).map { id in
            InsertedObject(id: .int(id), values: ["name": .string("Bucket \(id)")])
        }
        try graph.apply(
            ChangeSet([
                "Bucket": EntityChanges(inserted: bucketObjects), "Content": EntityChanges(inserted: plain),
                "ImageContent": EntityChanges(inserted: images),
            ]))
        return graph
    }

    /// Renames Buckets 1 through `count` (at most `buckets`) to `Renamed <id>`.
    static func bucketRenames(count: Int = 100, buckets: Int = 10_000) -> ChangeSet {
        let renamed = stride(from: 1, through: min(count, buckets), by: 1).map { id in
            UpdatedObject(id: .int(id), attributes: ["name": .string("Renamed \(id)")])
        }
        return ChangeSet(["Bucket": EntityChanges(updated: renamed)])
    }

    /// The baseline a change matcher replaces: visit every root of the query, walk each
    /// dependency path forwards in the graph after the change, and keep the roots that read a
    /// changed (object, key). Costs a walk of every root, whatever the size of the change.
    static func fullScan(dependencies: QueryDependencies, changes: ChangeSet, graph: ObjectGraph)
        -> AffectedRoots
    {
        var changed: Set<Slot> = []
        var wholeObjects: Set<ObjectID> = []
        for (name, entityChanges) in changes.entities {
            for object in entityChanges.inserted {
                if let id = graph.objectID(entity: name, id: object.id) { wholeObjects.insert(id) }
            }
            for deleted in entityChanges.deleted {
                if let id = graph.objectID(entity: name, id: deleted) { wholeObjects.insert(id) }
            }
            for object in entityChanges.updated {
                guard let id = graph.objectID(entity: name, id: object.id) else { continue }
                for key in object.attributes.keys { changed.insert(Slot(object: id, key: key)) }
                for key in object.relationships.keys { changed.insert(Slot(object: id, key: key)) }
            }
        }
        var reevaluate: Set<ObjectID> = []
        var refresh: Set<ObjectID> = []
        for root in graph.objects(of: dependencies.rootEntity) {
            for path in dependencies.paths where reads(path, from: root, touching: changed, wholeObjects, in: graph) {
                if path.roles.needsReevaluation { reevaluate.insert(root) }
                if path.roles.contains(.display) { refresh.insert(root) }
            }
        }
        return AffectedRoots(reevaluate: reevaluate, refresh: refresh)
    }

    /// One key of one object.
    struct Slot: Hashable {
        var object: ObjectID
        var key: String
    }

    private static func reads(
        _ path: DependencyPath, from root: ObjectID, touching changed: Set<Slot>, _ wholeObjects: Set<ObjectID>,
        in graph: ObjectGraph
    ) -> Bool {
        var level = [root]
        for step in path.steps {
            var next: [ObjectID] = []
            for object in level {
                if wholeObjects.contains(object) || changed.contains(Slot(object: object, key: step.key)) {
                    return true
                }
                if step.destination != nil, let value = try? graph.value(forKey: step.key, of: object) {
                    next += value.objects
                }
            }
            level = next
        }
        return false
    }
}
