import Evaluation
import Foundation
import KeyPaths
import ObjectStore
import PostgresDatabase
import Predicates
import SQLiteDatabase

/// The `dblive` row: 100 live queries over a database (SQLite, and PostgreSQL with `--postgres`)
/// kept current by one ``ChangeLogFollower`` while change sets of 100 objects commit, against
/// re-running the 100 queries (what a polling engine does each interval); the latency from a
/// writer's commit to the diff in a follower on another connection (PostgreSQL: LISTEN); the
/// bytes a live query holds per row.
enum DatabaseLiveBenchmark {
    struct Result {
        var database: String
        var contents: Int
        var queries: Int
        var matchingRows: Int
        var incremental: Timing
        var rerun: Timing
        var latency: [Double]
        var bytesPerRow: Double
        /// The follower's statistics of each measured round (statements and their time).
        var phases: [FollowerStatistics] = []
    }

    /// Users own Buckets, Buckets hold Contents, Contents have Tags (to-many both ways).
    static var schema: Schema {
        Schema(entities: [
            EntityDescription(
                name: "User", attributes: [AttributeDescription(name: "name", type: .string)],
                relationships: [
                    RelationshipDescription(name: "buckets", destination: "Bucket", inverse: "owner", isToMany: true)
                ]),
            EntityDescription(
                name: "Bucket", attributes: [AttributeDescription(name: "name", type: .string)],
                relationships: [
                    RelationshipDescription(
                        name: "contents", destination: "Content", inverse: "bucket", isToMany: true),
                    RelationshipDescription(name: "owner", destination: "User", inverse: "buckets", isOptional: true),
                ]),
            EntityDescription(
                name: "Tag", attributes: [AttributeDescription(name: "name", type: .string)],
                relationships: [
                    RelationshipDescription(name: "contents", destination: "Content", inverse: "tags", isToMany: true)
                ]),
            EntityDescription(
                name: "Content",
                attributes: [
                    AttributeDescription(name: "name", type: .string),
                    AttributeDescription(name: "size", type: .integer64),
                ],
                relationships: [
                    RelationshipDescription(
                        name: "bucket", destination: "Bucket", inverse: "contents", isOptional: true),
                    RelationshipDescription(name: "tags", destination: "Tag", inverse: "contents", isToMany: true),
                ]),
        ])
    }

    static let buckets = 1_000
    static let users = 100
    static let tags = 50

    static func graph(contents: Int, seed: UInt64) throws -> ObjectGraph {
        var random = SplitMix64(seed: seed)
        var objects: [String: [InsertedObject]] = [:]
        objects["User"] = (1...users).map { InsertedObject(id: .int($0), values: ["name": .string("User \($0)")]) }
        objects["Bucket"] = (1...buckets).map {
            InsertedObject(
                id: .int($0), values: ["name": .string("Bucket \($0)"), "owner": .int(($0 - 1) % users + 1)])
        }
        objects["Tag"] = (1...tags).map { InsertedObject(id: .int($0), values: ["name": .string("Tag \($0)")]) }
        objects["Content"] = (1...contents).map { id in
            let tagIDs = (0..<Int(random.next() % 3)).map { _ in
                PredicateValue.int(Int(random.next() % UInt64(tags)) + 1)
            }
            return InsertedObject(
                id: .int(id),
                values: [
                    "name": .string("Content \(id)"), "size": .int(Int(random.next() % 10_000)),
                    "bucket": .int((id - 1) % buckets + 1), "tags": .array(Array(Set(tagIDs))),
                ])
        }
        return try ObjectGraph(schema: schema, objects: objects)
    }

    /// 100 queries of mixed shapes: attribute comparisons, `bucket.name`, `bucket.owner.name`,
    /// `ANY tags.name`, and `@count` over Buckets.
    static func requests() throws -> [FetchRequest] {
        var result: [FetchRequest] = []
        func add(_ entity: String, _ format: String, sort: String) throws {
            var request = FetchRequest(
                entity: entity, predicate: try PredicateParser().parsePredicate(format, arguments: []))
            request.sortKeys = [SortKey(sort)]
            result.append(request)
        }
        for k in 0..<20 { try add("Content", "#size BETWEEN {\(k * 500), \(k * 500 + 20)}", sort: "name") }
        for k in 0..<20 { try add("Content", "bucket.name == 'Bucket \(k * 37 + 1)'", sort: "size") }
        for k in 0..<20 { try add("Content", "bucket.owner.name == 'User \(k * 5 + 1)' AND #size < 100", sort: "name") }
        for k in 0..<20 { try add("Content", "ANY tags.name == 'Tag \(k + 1)' AND #size < 200", sort: "size") }
        for k in 0..<20 { try add("Bucket", "contents.@count > \(k)", sort: "name") }
        return result
    }

    /// 100 objects changed: 40 sizes, 20 moves, 20 tag changes, 10 Bucket and 10 User renames.
    /// `round` varies the values so that consecutive change sets are not no-ops.
    static func changeSet(contents: Int, round: Int, graph: inout ObjectGraph) throws -> ChangeSet {
        var changes = ChangeSet()
        var random = SplitMix64(seed: UInt64(round) &* 7919 &+ 1)
        var used: Set<Int> = []
        func content() -> Int {
            while true {
                let id = Int(random.next() % UInt64(contents)) + 1
                if used.insert(id).inserted { return id }
            }
        }
        for _ in 0..<40 {
            changes["Content"].updated.append(
                UpdatedObject(id: .int(content()), attributes: ["size": .int(Int(random.next() % 10_000))]))
        }
        for _ in 0..<20 {
            let id = content()
            let old = (try? graph.value(forKey: "bucket", of: ObjectID(hierarchy: "Content", id: .int(id))))?.objects
                .first?.id
            let new = ObjectKey.int(Int(random.next() % UInt64(buckets)) + 1)
            changes["Content"].updated.append(
                UpdatedObject(id: .int(id), relationships: ["bucket": .toOne(old: old, new: new)]))
        }
        for _ in 0..<20 {
            let tag = ObjectKey.int(Int(random.next() % UInt64(tags)) + 1)
            let id = content()
            let current =
                (try? graph.value(forKey: "tags", of: ObjectID(hierarchy: "Content", id: .int(id))))?.objects.map(\.id)
                ?? []
            let change: RelationshipChange =
                current.contains(tag) ? .toMany(added: [], removed: [tag]) : .toMany(added: [tag], removed: [])
            changes["Content"].updated.append(UpdatedObject(id: .int(id), relationships: ["tags": change]))
        }
        for index in 0..<10 {
            let id = (round * 10 + index) % buckets + 1
            changes["Bucket"].updated.append(
                UpdatedObject(id: .int(id), attributes: ["name": .string("Bucket \(id) r\(round)")]))
            let user = (round * 10 + index) % users + 1
            changes["User"].updated.append(
                UpdatedObject(id: .int(user), attributes: ["name": .string("User \(user) r\(round)")]))
        }
        _ = try graph.apply(changes)
        return changes
    }
}
