import KeyPaths
import Testing

/// A hop as the tables spell it: `H("Content", "bucket", "Bucket", inverse: "contents", at: 0)`.
struct H: Hashable, Sendable, CustomStringConvertible {
    var source: String
    var declaring: String
    var property: String
    var destination: String
    var inverse: String?
    var inverseToMany: Bool?
    var toMany: Bool
    var index: Int

    init(
        _ source: String, _ property: String, _ destination: String, inverse: String?, inverseToMany: Bool?,
        toMany: Bool = false, declaredBy declaring: String? = nil, at index: Int
    ) {
        self.source = source
        self.declaring = declaring ?? source
        self.property = property
        self.destination = destination
        self.inverse = inverse
        self.inverseToMany = inverseToMany
        self.toMany = toMany
        self.index = index
    }

    init(_ hop: RelationshipHop) {
        self.init(
            hop.sourceEntity, hop.sourceProperty, hop.destinationEntity, inverse: hop.inverse,
            inverseToMany: hop.inverseIsToMany, toMany: hop.isToMany, declaredBy: hop.declaringEntity,
            at: hop.componentIndex)
    }

    var description: String {
        "\(source).\(property)->\(destination)(inverse \(inverse ?? "-"), \(toMany ? "many" : "one"), #\(index))"
    }
}

/// One row of the resolution table: everything expected of a resolved key path.
struct ResolutionCase: Sendable, CustomTestStringConvertible {
    var root: String
    var path: String
    var hops: [H]
    var destinationEntity: String
    var property: String?
    var operators: [AggregateOperator] = []
    var toMany = false
    var collection = false
    var inverse: [String]
    var testDescription: String { "\(root): \(path)" }
}

let resolutionCases: [ResolutionCase] = [
    ResolutionCase(
        root: "Content", path: "name", hops: [], destinationEntity: "Content", property: "name", inverse: []),
    ResolutionCase(
        root: "Content", path: "bucket.name",
        hops: [H("Content", "bucket", "Bucket", inverse: "contents", inverseToMany: true, at: 0)],
        destinationEntity: "Bucket", property: "name", inverse: ["contents"]),
    ResolutionCase(
        root: "Content", path: "bucket.owner.name",
        hops: [
            H("Content", "bucket", "Bucket", inverse: "contents", inverseToMany: true, at: 0),
            H("Bucket", "owner", "User", inverse: "buckets", inverseToMany: true, at: 1),
        ],
        destinationEntity: "User", property: "name", inverse: ["buckets", "contents"]),
    ResolutionCase(
        root: "Content", path: "bucket.owner",
        hops: [H("Content", "bucket", "Bucket", inverse: "contents", inverseToMany: true, at: 0)],
        destinationEntity: "Bucket", property: "owner", inverse: ["contents"]),
    ResolutionCase(
        root: "Content", path: "owner.email",
        hops: [H("Content", "owner", "User", inverse: "contents", inverseToMany: true, at: 0)],
        destinationEntity: "User", property: "email", inverse: ["contents"]),
    ResolutionCase(
        root: "Bucket", path: "contents", hops: [], destinationEntity: "Bucket", property: "contents",
        toMany: true, collection: true, inverse: []),
    ResolutionCase(
        root: "Bucket", path: "contents.name",
        hops: [H("Bucket", "contents", "Content", inverse: "bucket", inverseToMany: false, toMany: true, at: 0)],
        destinationEntity: "Content", property: "name", toMany: true, collection: true, inverse: ["bucket"]),
    ResolutionCase(
        root: "Bucket", path: "contents.@count",
        hops: [H("Bucket", "contents", "Content", inverse: "bucket", inverseToMany: false, toMany: true, at: 0)],
        destinationEntity: "Content", property: nil, operators: [.count], toMany: true, inverse: ["bucket"]),
    ResolutionCase(
        root: "Bucket", path: "contents.@sum.size",
        hops: [H("Bucket", "contents", "Content", inverse: "bucket", inverseToMany: false, toMany: true, at: 0)],
        destinationEntity: "Content", property: "size", operators: [.sum], toMany: true, inverse: ["bucket"]),
    ResolutionCase(
        root: "User", path: "buckets.contents.@avg.size",
        hops: [
            H("User", "buckets", "Bucket", inverse: "owner", inverseToMany: false, toMany: true, at: 0),
            H("Bucket", "contents", "Content", inverse: "bucket", inverseToMany: false, toMany: true, at: 1),
        ],
        destinationEntity: "Content", property: "size", operators: [.avg], toMany: true, inverse: ["bucket", "owner"]),
    ResolutionCase(
        root: "User", path: "buckets.@max.contents.@count",
        hops: [
            H("User", "buckets", "Bucket", inverse: "owner", inverseToMany: false, toMany: true, at: 0),
            H("Bucket", "contents", "Content", inverse: "bucket", inverseToMany: false, toMany: true, at: 2),
        ],
        destinationEntity: "Content", property: nil, operators: [.max, .count], toMany: true,
        inverse: ["bucket", "owner"]),
    ResolutionCase(
        root: "Content", path: "tags.@distinctUnionOfObjects.name",
        hops: [H("Content", "tags", "Tag", inverse: "contents", inverseToMany: true, toMany: true, at: 0)],
        destinationEntity: "Tag", property: "name", operators: [.distinctUnionOfObjects], toMany: true,
        collection: true, inverse: ["contents"]),
    ResolutionCase(
        root: "Bucket", path: "contents.tags.@count",
        hops: [
            H("Bucket", "contents", "Content", inverse: "bucket", inverseToMany: false, toMany: true, at: 0),
            H("Content", "tags", "Tag", inverse: "contents", inverseToMany: true, toMany: true, at: 1),
        ],
        destinationEntity: "Tag", property: nil, operators: [.count], toMany: true, inverse: ["contents", "bucket"]),
    ResolutionCase(
        root: "Tag", path: "contents.bucket.owner.email",
        hops: [
            H("Tag", "contents", "Content", inverse: "tags", inverseToMany: true, toMany: true, at: 0),
            H("Content", "bucket", "Bucket", inverse: "contents", inverseToMany: true, at: 1),
            H("Bucket", "owner", "User", inverse: "buckets", inverseToMany: true, at: 2),
        ],
        destinationEntity: "User", property: "email", toMany: true, collection: true,
        inverse: ["buckets", "contents", "tags"]),
    ResolutionCase(
        root: "ImageContent", path: "bucket.name",
        hops: [
            H(
                "ImageContent", "bucket", "Bucket", inverse: "contents", inverseToMany: true,
                declaredBy: "Content", at: 0)
        ],
        destinationEntity: "Bucket", property: "name", inverse: ["contents"]),
    ResolutionCase(
        root: "ThumbnailContent", path: "width", hops: [], destinationEntity: "ThumbnailContent",
        property: "width", inverse: []),
    ResolutionCase(
        root: "User", path: "contents.owner.buckets.name",
        hops: [
            H("User", "contents", "Content", inverse: "owner", inverseToMany: false, toMany: true, at: 0),
            H("Content", "owner", "User", inverse: "contents", inverseToMany: true, at: 1),
            H("User", "buckets", "Bucket", inverse: "owner", inverseToMany: false, toMany: true, at: 2),
        ],
        destinationEntity: "Bucket", property: "name", toMany: true, collection: true,
        inverse: ["owner", "contents", "owner"]),
]

@Suite("Key-path resolution")
struct KeyPathResolutionTests {
    let schema = SampleModel.expected

    @Test("resolution table", arguments: resolutionCases)
    func resolve(_ row: ResolutionCase) throws {
        let resolved = try schema.resolve(keyPath: row.path, from: row.root)
        #expect(resolved.allHops.map(H.init) == row.hops)
        #expect(resolved.root == row.root)
        #expect(resolved.keyPath == row.path)
        #expect(resolved.destinationEntity == row.destinationEntity)
        #expect(resolved.destinationPropertyName == row.property)
        #expect(resolved.operators == row.operators)
        #expect(resolved.isToMany == row.toMany)
        #expect(resolved.isCollection == row.collection)
        #expect(resolved.inverseKeyPath == row.inverse)
        #expect(try resolved.requireInverses() == row.inverse)
        let components = row.path.split(separator: ".").map(String.init)
        #expect(try schema.resolve(keyPath: components, from: row.root) == resolved)
    }

    @Test("bucket.owner.name from Content, spelt out in full")
    func fullStructure() throws {
        let resolved = try schema.resolve(keyPath: "bucket.owner.name", from: "Content")
        let expected = ResolvedKeyPath(
            root: "Content", components: ["bucket", "owner", "name"],
            hops: [
                RelationshipHop(
                    sourceEntity: "Content", declaringEntity: "Content", sourceProperty: "bucket",
                    destinationEntity: "Bucket", inverse: "contents", inverseIsToMany: true,
                    isToMany: false, isOrdered: false, isOptional: true, componentIndex: 0),
                RelationshipHop(
                    sourceEntity: "Bucket", declaringEntity: "Bucket", sourceProperty: "owner",
                    destinationEntity: "User", inverse: "buckets", inverseIsToMany: true,
                    isToMany: false, isOrdered: false, isOptional: true, componentIndex: 1),
            ],
            destination: .attribute(AttributeDescription(name: "name", type: .string)))
        #expect(resolved == expected)
    }

    @Test("contents.@sum.size from Bucket nests the rest of the path after the operator")
    func aggregateStructure() throws {
        let resolved = try schema.resolve(keyPath: "contents.@sum.size", from: "Bucket")
        let contents = RelationshipHop(
            sourceEntity: "Bucket", declaringEntity: "Bucket", sourceProperty: "contents", destinationEntity: "Content",
            inverse: "bucket", inverseIsToMany: false, isToMany: true, isOrdered: false, isOptional: true,
            componentIndex: 0)
        let rest = ResolvedKeyPath(
            root: "Content", components: ["size"], hops: [],
            destination: .attribute(AttributeDescription(name: "size", type: .integer64)))
        #expect(
            resolved
                == ResolvedKeyPath(
                    root: "Bucket", components: ["contents", "@sum", "size"], hops: [contents],
                    destination: .aggregate(.sum, then: rest)))
        let count = try schema.resolve(keyPath: "contents.@count", from: "Bucket")
        #expect(count.destination == .aggregate(.count, then: nil))
    }

    @Test("a path ending on a relationship keeps the relationship as destination")
    func relationshipDestination() throws {
        let resolved = try schema.resolve(keyPath: "bucket.owner", from: "ImageContent")
        #expect(
            resolved.destination
                == .relationship(
                    RelationshipDescription(name: "owner", destination: "User", inverse: "buckets", isOptional: true)))
        #expect(resolved.destinationProperty?.relationship?.destination == "User")
    }

    @Test("sixteen collection operators resolve")
    func operatorLimit() throws {
        var components: [String] = []
        for index in 0..<Schema.maximumCollectionOperators {
            components += [index.isMultiple(of: 2) ? "contents" : "tags", "@unionOfObjects"]
        }
        components.append("name")
        let resolved = try schema.resolve(keyPath: components, from: "Tag")
        #expect(resolved.operators.count == 16)
        #expect(resolved.allHops.count == 16)
        #expect(resolved.allHops.last?.componentIndex == 30)
        #expect(resolved.destinationEntity == "Tag")
    }
}
