import Evaluation
import Foundation
import Predicates

/// The object of the dictionary rows: a person's flat fields and a bucket with an owner,
/// `{name, age, score, tags, bucket: {name, owner: {name, age}}}`.
///
/// The same objects are held four ways (``NestedWorkload``): as these structs (key tables with
/// `.object` relationships, the struct path), as `[String: Any]` with Swift values, as
/// `JSONSerialization` output (`NSNumber`s), and as decoded JSON values (`eval --data`).
struct NestedItem: PredicateKeyed, Sendable {
    var name: String
    var age: Int
    var score: Double
    var tags: [String]
    var bucket: NestedBucket

    static let predicateKeys = PredicateKeys<NestedItem>([
        "name": .string { $0.name },
        "age": .int { $0.age },
        "score": .double { $0.score },
        "tags": .strings { $0.tags },
        "bucket": .object { $0.bucket },
    ])

    /// The object as a `[String: Any]` of Swift values.
    var dictionary: [String: Any] {
        ["name": name, "age": age, "score": score, "tags": tags, "bucket": bucket.dictionary]
    }

    /// The object as decoded JSON.
    var json: PredicateValue {
        .dictionary([
            "name": .string(name), "age": .int(age), "score": .double(score), "tags": .array(tags.map { .string($0) }),
            "bucket": bucket.json,
        ])
    }
}

/// A bucket: its name and its owner.
struct NestedBucket: PredicateKeyed, Sendable {
    var name: String
    var owner: NestedOwner

    static let predicateKeys = PredicateKeys<NestedBucket>([
        "name": .string { $0.name },
        "owner": .object { $0.owner },
    ])

    var dictionary: [String: Any] { ["name": name, "owner": owner.dictionary] }
    var json: PredicateValue { .dictionary(["name": .string(name), "owner": owner.json]) }
}

/// A bucket's owner.
struct NestedOwner: PredicateKeyed, Sendable {
    var name: String
    var age: Int

    static let predicateKeys = PredicateKeys<NestedOwner>([
        "name": .string { $0.name },
        "age": .int { $0.age },
    ])

    var dictionary: [String: Any] { ["name": name, "age": age] }
    var json: PredicateValue { .dictionary(["name": .string(name), "age": .int(age)]) }
}

/// The dictionary rows' objects in every shape, built once from one seed.
struct NestedWorkload {
    let items: [NestedItem]
    /// `[String: Any]` holding Swift values (`Int`, `Double`, `String`, `[String]`, nested
    /// `[String: Any]`).
    let dictionaries: [[String: Any]]
    /// The JSON text of the items, parsed back with `JSONSerialization`: `NSNumber`s, `[Any]`,
    /// nested `[String: Any]` — what a server's JSON becomes in Foundation code, and the data
    /// the GNUstep comparison reads.
    let foundationDictionaries: [[String: Any]]
    /// Decoded JSON values, as `predicate eval --data` holds each object.
    let jsonValues: [PredicateValue]
    /// The same JSON text read as one ``JSONDocument`` (the compact tape).
    let document: JSONDocument

    init(count: Int, seed: UInt64) throws {
        items = NestedItems.make(count: count, seed: seed)
        dictionaries = items.map(\.dictionary)
        jsonValues = items.map(\.json)
        let text = NestedItems.jsonText(items)
        guard let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]] else {
            throw NestedItems.NotAnArrayOfObjects()
        }
        foundationDictionaries = parsed
        document = try JSONDocument(jsonArray: Array(text.utf8))
    }
}

/// Seeded generation of the nested items and their JSON text.
enum NestedItems {
    /// Bucket names `Bucket 0` … `Bucket 99`; each owner is drawn from the people's names.
    static let bucketCount = 100

    /// `count` items from `seed`: the flat fields as ``People/make(count:seed:)`` makes them,
    /// then the buckets (each bucket's owner fixed by the same generator).
    static func make(count: Int, seed: UInt64) -> [NestedItem] {
        let people = People.make(count: count, seed: seed)
        var random = SplitMix64(seed: seed ^ 0x5EED_B0C7)
        let buckets = (0..<bucketCount).map { index in
            NestedBucket(
                name: "Bucket \(index)",
                owner: NestedOwner(
                    name: People.names[Int.random(in: 0..<People.names.count, using: &random)],
                    age: Int.random(in: 18..<80, using: &random)))
        }
        return people.map { person in
            NestedItem(
                name: person.name, age: person.age, score: person.score, tags: person.tags,
                bucket: buckets[Int.random(in: 0..<bucketCount, using: &random)])
        }
    }

    /// The items as one JSON array, one object per line.
    static func jsonText(_ items: [NestedItem]) -> String {
        "[\n" + items.map { $0.json.jsonText() }.joined(separator: ",\n") + "\n]\n"
    }

    struct NotAnArrayOfObjects: Error, CustomStringConvertible {
        var description: String { "the generated JSON did not read back as an array of objects" }
    }
}
