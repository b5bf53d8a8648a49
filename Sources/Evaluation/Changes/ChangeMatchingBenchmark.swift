import KeyPaths
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
public struct ChangeMatchingBenchmark: Sendable {
    /// The graph after the renames.
    public let graph: ObjectGraph
    /// The applied change set of the renames.
    public let applied: ChangeSet
    /// The query's dependencies.
    public let dependencies: QueryDependencies
    /// The matcher under test.
    public let matcher: ChangeMatcher

    /// Builds the graph (`contents` Contents spread evenly over `buckets` Buckets), derives the
    /// query's dependencies and applies `renames` Bucket renames.
    public static func make(contents: Int = 1_000_000, buckets: Int = 10_000, renames: Int = 100) throws
        -> ChangeMatchingBenchmark
    {
        var graph = makeContentGraph(contents: contents, buckets: buckets)
        let applied = try graph.apply(bucketRenames(count: renames, buckets: buckets))
        let predicate = try PredicateNode(format: "bucket.name BEGINSWITH %@", "Bucket 1")
        let dependencies = try QueryDependencies(
            schema: graph.schema, rootEntity: "Content", predicate: predicate, sortKeyPaths: ["creationDate"])
        return ChangeMatchingBenchmark(
            graph: graph, applied: applied, dependencies: dependencies,
            matcher: ChangeMatcher(dependencies: dependencies))
    }

    /// The change matcher: walks from each renamed Bucket to its Contents.
    public func runMatcher() -> AffectedRoots {
        matcher.affectedRoots(by: applied, in: graph)
    }

    /// The baseline: ``fullScan(dependencies:changes:graph:)``.
    public func runFullScan() -> AffectedRoots {
        Self.fullScan(dependencies: dependencies, changes: applied, graph: graph)
    }

    /// The schema of the benchmark: `Bucket` (`name`, `contents`), `Content` (`name`,
    /// `creationDate`, `bucket`), `ImageContent` (a `Content` with `width`).
    public static var schema: Schema {
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
    /// Bucket `(i - 1) % buckets + 1`, every tenth Content an `ImageContent`. Built straight into
    /// the graph's tables (no per-object validation): about a second for a million Contents.
    public static func makeContentGraph(contents: Int = 1_000_000, buckets: Int = 10_000) -> ObjectGraph {
        var graph = ObjectGraph(schema: schema)
        let layout = graph.layout
        let bucketNumber = layout.numbers["Bucket"] ?? 0
        let contentNumber = layout.numbers["Content"] ?? 0
        let imageNumber = layout.numbers["ImageContent"] ?? 0
        let contents = max(0, contents)
        let bucketCount = max(1, buckets)
        var bucketTable = HierarchyTable()
        var members = [[Int]](repeating: [], count: bucketCount)
        var contentTable = HierarchyTable()
        contentTable.entities.reserveCapacity(contents)
        var names: [Int: PredicateValue] = [:]
        names.reserveCapacity(contents)
        var owners: [Int: Int] = [:]
        owners.reserveCapacity(contents)
        for id in stride(from: 1, through: contents, by: 1) {
            let bucket = (id - 1) % bucketCount
            contentTable.entities[id] = id % 10 == 0 ? imageNumber : contentNumber
            names[id] = .string("Content \(id)")
            if buckets > 0 {
                owners[id] = bucket + 1
                members[bucket].append(id)
            }
        }
        if !names.isEmpty { contentTable.attributes["name"] = names }
        if !owners.isEmpty { contentTable.toOne["bucket"] = owners }
        var bucketNames: [Int: PredicateValue] = [:]
        var bucketContents: [Int: Set<Int>] = [:]
        for index in 0..<bucketCount where buckets > 0 {
            bucketTable.entities[index + 1] = bucketNumber
            bucketNames[index + 1] = .string("Bucket \(index + 1)")
            if !members[index].isEmpty { bucketContents[index + 1] = Set(members[index]) }
        }
        if !bucketNames.isEmpty { bucketTable.attributes["name"] = bucketNames }
        if !bucketContents.isEmpty { bucketTable.toMany["contents"] = bucketContents }
        graph.tables["Bucket"] = bucketTable
        graph.tables["Content"] = contentTable
        return graph
    }

    /// Renames Buckets 1 through `count` (at most `buckets`) to `Renamed <id>`.
    public static func bucketRenames(count: Int = 100, buckets: Int = 10_000) -> ChangeSet {
        let renamed = stride(from: 1, through: min(count, buckets), by: 1).map { id in
            UpdatedObject(id: id, attributes: ["name": .string("Renamed \(id)")])
        }
        return ChangeSet(["Bucket": EntityChanges(updated: renamed)])
    }

    /// The baseline a change matcher replaces: visit every root of the query, walk each
    /// dependency path forwards in the graph after the change, and keep the roots that read a
    /// changed (object, key). Costs a walk of every root, whatever the size of the change.
    /// (It sees only reads after the change, which is enough for updates of attributes; the
    /// matcher also finds roots that read a changed key before a relationship moved.)
    public static func fullScan(dependencies: QueryDependencies, changes: ChangeSet, graph: ObjectGraph)
        -> AffectedRoots
    {
        let layout = graph.layout
        var changed: Set<ChangeTransaction.Slot> = []
        var wholeObjects: Set<ObjectID> = []
        for (name, entityChanges) in changes.entities {
            guard let hierarchy = layout.hierarchy(of: name) else { continue }
            for object in entityChanges.inserted { wholeObjects.insert(ObjectID(hierarchy: hierarchy, id: object.id)) }
            for id in entityChanges.deleted { wholeObjects.insert(ObjectID(hierarchy: hierarchy, id: id)) }
            for object in entityChanges.updated {
                let id = ObjectID(hierarchy: hierarchy, id: object.id)
                for key in object.attributes.keys { changed.insert(ChangeTransaction.Slot(object: id, key: key)) }
                for key in object.relationships.keys { changed.insert(ChangeTransaction.Slot(object: id, key: key)) }
            }
        }
        guard let rootNumber = layout.numbers[dependencies.rootEntity],
            let hierarchy = layout.hierarchy(of: dependencies.rootEntity),
            let table = graph.tables[hierarchy]
        else { return AffectedRoots() }
        var reevaluate: Set<ObjectID> = []
        var refresh: Set<ObjectID> = []
        for (id, entity) in table.entities where layout.isKind(entity, of: rootNumber) {
            let root = ObjectID(hierarchy: hierarchy, id: id)
            for path in dependencies.paths {
                if reads(path, from: root, touching: changed, wholeObjects, in: graph) {
                    if path.roles.needsReevaluation { reevaluate.insert(root) }
                    if path.roles.contains(.display) { refresh.insert(root) }
                }
            }
        }
        return AffectedRoots(reevaluate: reevaluate, refresh: refresh)
    }

    private static func reads(
        _ path: DependencyPath, from root: ObjectID, touching changed: Set<ChangeTransaction.Slot>,
        _ wholeObjects: Set<ObjectID>,
        in graph: ObjectGraph
    ) -> Bool {
        var level = [root]
        for step in path.steps {
            let hierarchy = step.destination.flatMap { graph.layout.hierarchy(of: $0) } ?? ""
            var next: [ObjectID] = []
            for object in level {
                if wholeObjects.contains(object)
                    || changed.contains(ChangeTransaction.Slot(object: object, key: step.key))
                {
                    return true
                }
                if step.destination != nil {
                    next += graph.related(step.key, of: object, destinationHierarchy: hierarchy)
                }
            }
            level = next
        }
        return false
    }
}
