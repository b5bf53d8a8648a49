import Evaluation
import Foundation
import KeyPaths
import ObjectStore
import Predicates

/// The object graph of the graph rows: `contents` Contents (one in ten an `ImageContent`) spread
/// evenly over `buckets` Buckets, built through the graph's own loading path (one change set of
/// inserts), with seeded sizes and creation dates.
enum ContentGraph {
    /// `Bucket` (`name`, `contents`), `Content` (`name`, `creationDate`, `size`, `bucket`),
    /// `ImageContent` (a `Content` with `width`).
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
                    AttributeDescription(name: "size", type: .integer64),
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

    /// Content `i` is in Bucket `(i - 1) % buckets + 1`, has a size in 0…999 and a creation date
    /// within a year, both drawn from `seed`.
    static func make(contents: Int, buckets: Int, seed: UInt64) throws -> ObjectGraph {
        try ObjectGraph(schema: schema, objects: objects(contents: contents, buckets: buckets, seed: seed))
    }

    /// The objects of ``make(contents:buckets:seed:)`` by entity, as a graph file lists them.
    static func objects(contents: Int, buckets: Int, seed: UInt64) -> [String: [InsertedObject]] {
        var random = SplitMix64(seed: seed)
        let bucketCount = max(1, buckets)
        var plain: [InsertedObject] = []
        var images: [InsertedObject] = []
        plain.reserveCapacity(contents)
        for id in stride(from: 1, through: max(0, contents), by: 1) {
            let values: [String: PredicateValue] = [
                "name": .string("Content \(id)"), "size": .int(Int(random.next() % 1000)),
                "creationDate": .date(Date(timeIntervalSinceReferenceDate: Double(random.next() % 31_536_000))),
                "bucket": .int((id - 1) % bucketCount + 1),
            ]
            if id % 10 == 0 {
                images.append(InsertedObject(id: .int(id), values: values))
            } else {
                plain.append(InsertedObject(id: .int(id), values: values))
            }
        }
        let bucketObjects = (1...bucketCount).map { id in
            InsertedObject(id: .int(id), values: ["name": .string("Bucket \(id)")])
        }
        return ["Bucket": bucketObjects, "Content": plain, "ImageContent": images]
    }

    /// The graph file of ``make(contents:buckets:seed:)`` (what `--graph` reads), written
    /// straight as text: Buckets, then Contents and ImageContents, each Content naming its
    /// Bucket (the Buckets' side is left to the loader).
    static func jsonText(contents: Int, buckets: Int, seed: UInt64) -> Data {
        var random = SplitMix64(seed: seed)
        let bucketCount = max(1, buckets)
        var plain = ""
        var images = ""
        plain.reserveCapacity(contents * 120)
        for id in stride(from: 1, through: max(0, contents), by: 1) {
            let size = random.next() % 1000
            let date = Date(timeIntervalSinceReferenceDate: Double(random.next() % 31_536_000))
            var line = #"{"id": \#(id), "name": "Content \#(id)", "size": \#(size), "#
            line +=
                #""creationDate": {"$date": "\#(ISO8601DateText.string(from: date) ?? "")"}, "bucket": \#((id - 1) % bucketCount + 1)}"#
            if id % 10 == 0 {
                images += images.isEmpty ? "\n  " + line : ",\n  " + line
            } else {
                plain += plain.isEmpty ? "\n  " + line : ",\n  " + line
            }
        }
        var text = #"{"Bucket": ["#
        for id in 1...bucketCount {
            text += (id == 1 ? "\n  " : ",\n  ") + #"{"id": \#(id), "name": "Bucket \#(id)"}"#
        }
        text += "\n],\n\"Content\": [" + plain + "\n],\n\"ImageContent\": [" + images + "\n]}\n"
        return Data(text.utf8)
    }

    /// A change set of 100 objects: 10 Bucket renames (each reaching its Contents through the
    /// inverse), 45 Contents moved to another Bucket, 45 Contents with a new creation date.
    static func changes(contents: Int, buckets: Int, graph: ObjectGraph) throws -> ChangeSet {
        let bucketCount = max(1, buckets)
        var changes = ChangeSet()
        for id in stride(from: 1, through: min(10, bucketCount), by: 1) {
            changes["Bucket"].updated.append(
                UpdatedObject(id: .int(id), attributes: ["name": .string("Renamed \(id)")]))
        }
        let step = max(1, contents / 91)
        for index in 0..<90 {
            let id = 1 + index * step
            guard id <= contents else { break }
            let object = ObjectID(hierarchy: "Content", id: .int(id))
            let entity = graph.entity(of: object) ?? "Content"
            if index % 2 == 0 {
                let old = (id - 1) % bucketCount + 1
                changes[entity].updated.append(
                    UpdatedObject(
                        id: .int(id),
                        relationships: ["bucket": .toOne(old: .int(old), new: .int(old % bucketCount + 1))]))
            } else {
                changes[entity].updated.append(
                    UpdatedObject(
                        id: .int(id), attributes: ["creationDate": .date(Date(timeIntervalSinceReferenceDate: 1))]))
            }
        }
        return changes
    }
}
