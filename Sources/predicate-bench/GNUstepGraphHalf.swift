import Evaluation
import Foundation
import KeyPaths
import ObjectStore
import Predicates

/// The object-graph variant of the Swift half of `Scripts/gnustep-compare/run.sh --graph`:
///
/// ```
/// predicate-bench --time-graph FILE PREDICATES RUNS
/// ```
///
/// reads the same JSON file as `--time-json` (with `JSONSerialization`), loads its objects into
/// an ``ObjectGraph`` — an `Item` per object (`name`, `age`, `score`, and `tags` as a
/// transformable array), a `Bucket` per distinct bucket name and an `Owner` per bucket — and
/// times every predicate of the file as a column scan (`graph.count(scan)`), printing the same
/// `median-ns-per-object <TAB> matches <TAB> format` lines. The matches must equal GNUstep's on
/// the dictionaries: the graph holds the same values. A predicate the graph's schema rejects
/// (`ANY tags == 'x'`: `tags` is a transformable attribute, not a to-many relationship) gets
/// `nan <TAB> skipped: <reason> <TAB> format`.
enum GNUstepGraphHalf {
    /// The schema of the comparison's objects.
    static var schema: Schema {
        Schema(entities: [
            EntityDescription(
                name: "Item",
                attributes: [
                    AttributeDescription(name: "name", type: .string),
                    AttributeDescription(name: "age", type: .integer64),
                    AttributeDescription(name: "score", type: .double),
                    AttributeDescription(name: "tags", type: .transformable),
                ],
                relationships: [RelationshipDescription(name: "bucket", destination: "Bucket", inverse: "items")]),
            EntityDescription(
                name: "Bucket", attributes: [AttributeDescription(name: "name", type: .string)],
                relationships: [
                    RelationshipDescription(name: "items", destination: "Item", inverse: "bucket", isToMany: true),
                    RelationshipDescription(name: "owner", destination: "Owner", inverse: "bucket"),
                ]),
            EntityDescription(
                name: "Owner",
                attributes: [
                    AttributeDescription(name: "name", type: .string),
                    AttributeDescription(name: "age", type: .integer64),
                ],
                relationships: [RelationshipDescription(name: "bucket", destination: "Bucket", inverse: "owner")]),
        ])
    }

    /// The objects of the JSON array as a graph. Throws when an object lacks a field or when
    /// two buckets of the same name have different owners.
    static func graph(_ objects: [[String: Any]]) throws -> ObjectGraph {
        var items: [InsertedObject] = []
        items.reserveCapacity(objects.count)
        var buckets: [String: (id: Int, owner: (name: String, age: Int))] = [:]
        for (index, object) in objects.enumerated() {
            guard let name = object["name"] as? String, let age = (object["age"] as? NSNumber)?.intValue,
                let score = (object["score"] as? NSNumber)?.doubleValue, let tags = object["tags"] as? [String],
                let bucket = object["bucket"] as? [String: Any], let bucketName = bucket["name"] as? String,
                let owner = bucket["owner"] as? [String: Any], let ownerName = owner["name"] as? String,
                let ownerAge = (owner["age"] as? NSNumber)?.intValue
            else {
                throw GNUstepComparison.Failure(description: "object \(index): not an item with a bucket and owner")
            }
            let bucketID: Int
            if let known = buckets[bucketName] {
                guard known.owner == (ownerName, ownerAge) else {
                    throw GNUstepComparison.Failure(description: "object \(index): '\(bucketName)' has another owner")
                }
                bucketID = known.id
            } else {
                bucketID = buckets.count + 1
                buckets[bucketName] = (bucketID, (ownerName, ownerAge))
            }
            items.append(
                InsertedObject(
                    id: .int(index + 1),
                    values: [
                        "name": .string(name), "age": .int(age), "score": .double(score),
                        "tags": .array(tags.map { .string($0) }), "bucket": .int(bucketID),
                    ]))
        }
        var bucketObjects: [InsertedObject] = []
        var owners: [InsertedObject] = []
        for (name, bucket) in buckets.sorted(by: { $0.value.id < $1.value.id }) {
            bucketObjects.append(InsertedObject(id: .int(bucket.id), values: ["name": .string(name)]))
            owners.append(
                InsertedObject(
                    id: .int(bucket.id),
                    values: [
                        "name": .string(bucket.owner.name), "age": .int(bucket.owner.age), "bucket": .int(bucket.id),
                    ]))
        }
        return try ObjectGraph(schema: schema, objects: ["Item": items, "Bucket": bucketObjects, "Owner": owners])
    }

    /// Times every predicate of the file as a column scan of the Items of the data's graph.
    static func time(data path: String, predicates predicatesPath: String, runs: Int) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        guard let objects = try JSONSerialization.jsonObject(with: data) as? [[String: Any]] else {
            throw GNUstepComparison.Failure(description: "\(path): not a JSON array of objects")
        }
        let graph = try graph(objects)
        let formats = try String(contentsOfFile: predicatesPath, encoding: .utf8)
            .split(separator: "\n").map(String.init).filter { !$0.isEmpty && !$0.hasPrefix("#") }
        let clock = ContinuousClock()
        for format in formats {
            let checked: CheckedPredicate
            do {
                checked = try CheckedPredicate(PredicateNode(format: format), schema: schema, entity: "Item")
            } catch {
                // `ANY tags == 'x'`: a transformable attribute is not a collection to the
                // checker. The line says so instead of a time.
                let reason = "\(error)".split(separator: "\n").first.map(String.init) ?? ""
                print("nan\tskipped: \(reason)\t\(format)")
                continue
            }
            let scan = try PredicateCompiler().compileScan(checked, for: graph)
            var durations: [Duration] = []
            var matches = 0
            for run in 0...runs {
                let start = clock.now
                matches = try graph.count(scan)
                if run > 0 { durations.append(clock.now - start) }
            }
            let median = Timing(durations: durations).median
            let nanoseconds = median.milliseconds * 1e6 / Double(objects.count)
            print("\(String(format: "%.1f", nanoseconds))\t\(matches)\t\(format)")
        }
    }
}
