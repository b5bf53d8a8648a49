import KeyPaths
import Testing

/// One row of the error table: a key path that must fail, and everything about the error.
struct ResolutionErrorCase: Sendable, CustomTestStringConvertible {
    var root: String
    var path: String
    var message: String
    var kind: KeyPathError.Kind
    var entity: String?
    var key: String?
    var index: Int?
    var testDescription: String { "\(root): \(path)" }
}

let resolutionErrorCases: [ResolutionErrorCase] = [
    ResolutionErrorCase(
        root: "Content", path: "nmae", message: "'Content' has no property 'nmae'; did you mean 'name'?",
        kind: .unknownKey, entity: "Content", key: "nmae", index: 0),
    ResolutionErrorCase(
        root: "Content", path: "Name", message: "'Content' has no property 'Name'; did you mean 'name'?",
        kind: .unknownKey, entity: "Content", key: "Name", index: 0),
    ResolutionErrorCase(
        root: "Content", path: "bucket.nmae", message: "'Bucket' has no property 'nmae'; did you mean 'name'?",
        kind: .unknownKey, entity: "Bucket", key: "nmae", index: 1),
    ResolutionErrorCase(
        root: "Content", path: "bukcet.name", message: "'Content' has no property 'bukcet'; did you mean 'bucket'?",
        kind: .unknownKey, entity: "Content", key: "bukcet", index: 0),
    ResolutionErrorCase(
        root: "Content", path: "xyz", message: "'Content' has no property 'xyz'",
        kind: .unknownKey, entity: "Content", key: "xyz", index: 0),
    ResolutionErrorCase(
        root: "ImageContent", path: "widht", message: "'ImageContent' has no property 'widht'; did you mean 'width'?",
        kind: .unknownKey, entity: "ImageContent", key: "widht", index: 0),
    // Properties of sub-entities are not visible from the parent.
    ResolutionErrorCase(
        root: "Content", path: "width", message: "'Content' has no property 'width'",
        kind: .unknownKey, entity: "Content", key: "width", index: 0),
    ResolutionErrorCase(
        root: "Content", path: "bucket.name.x",
        message: "'name' is an attribute of 'Bucket', not a relationship; it cannot be followed by 'x'",
        kind: .attributeNotLast, entity: "Bucket", key: "name", index: 1),
    ResolutionErrorCase(
        root: "Content", path: "name.@count",
        message: "'name' is an attribute of 'Content', not a relationship; it cannot be followed by '@count'",
        kind: .attributeNotLast, entity: "Content", key: "name", index: 0),
    ResolutionErrorCase(
        root: "Content", path: "bucket.@count",
        message: "'@count' needs a collection, but 'bucket' is a to-one path from 'Content'",
        kind: .operatorNeedsCollection, entity: "Bucket", key: "@count", index: 1),
    ResolutionErrorCase(
        root: "Content", path: "bucket.owner.@count",
        message: "'@count' needs a collection, but 'bucket.owner' is a to-one path from 'Content'",
        kind: .operatorNeedsCollection, entity: "User", key: "@count", index: 2),
    ResolutionErrorCase(
        root: "Content", path: "@count",
        message: "'@count' needs a collection, but it starts the key path on 'Content'",
        kind: .operatorNeedsCollection, entity: "Content", key: "@count", index: 0),
    ResolutionErrorCase(
        root: "Bucket", path: "contents.@sum.@count",
        message: "'@count' needs a collection, but it directly follows '@sum'",
        kind: .operatorNeedsCollection, entity: "Content", key: "@count", index: 2),
    ResolutionErrorCase(
        root: "Bucket", path: "contents.@sum", message: "'@sum' must be followed by a key path",
        kind: .operatorNeedsKeyPath, entity: "Content", key: "@sum", index: 1),
    ResolutionErrorCase(
        root: "Bucket", path: "contents.@count.name", message: "'@count' cannot be followed by 'name'",
        kind: .operatorNotLast, entity: "Content", key: "@count", index: 1),
    ResolutionErrorCase(
        root: "Bucket", path: "contents.@cnt", message: "unknown collection operator '@cnt'; did you mean '@count'?",
        kind: .unknownOperator, entity: "Content", key: "@cnt", index: 1),
    ResolutionErrorCase(
        root: "Bucket", path: "contents.@size", message: "unknown collection operator '@size'",
        kind: .unknownOperator, entity: "Content", key: "@size", index: 1),
    ResolutionErrorCase(
        root: "Bucket", path: "contents.@sum.bucket",
        message: "'@sum' needs an attribute, but 'Content.bucket' is a relationship",
        kind: .operatorNeedsAttribute, entity: "Content", key: "bucket", index: 2),
    ResolutionErrorCase(
        root: "Content", path: "bucket..name", message: "empty key at position 2 of 'bucket..name'",
        kind: .emptyComponent, entity: "Content", key: "", index: 1),
    ResolutionErrorCase(
        root: "Content", path: "name.", message: "empty key at position 2 of 'name.'",
        kind: .emptyComponent, entity: "Content", key: "", index: 1),
    ResolutionErrorCase(
        root: "Content", path: ".name", message: "empty key at position 1 of '.name'",
        kind: .emptyComponent, entity: "Content", key: "", index: 0),
    ResolutionErrorCase(
        root: "Content", path: "", message: "the key path is empty",
        kind: .emptyKeyPath, entity: "Content", key: nil, index: nil),
    ResolutionErrorCase(
        root: "Contnet", path: "name", message: "no entity named 'Contnet'; did you mean 'Content'?",
        kind: .unknownEntity, entity: "Contnet", key: nil, index: nil),
]

@Suite("Key-path resolution errors")
struct KeyPathErrorTests {
    let schema = SampleModel.expected

    @Test("error table", arguments: resolutionErrorCases)
    func failure(_ row: ResolutionErrorCase) {
        do {
            let resolved = try schema.resolve(keyPath: row.path, from: row.root)
            Issue.record("expected an error, resolved \(resolved.keyPath)")
        } catch {
            #expect(error.description == row.message)
            #expect(error.kind == row.kind)
            #expect(error.entity == row.entity)
            #expect(error.key == row.key)
            #expect(error.componentIndex == row.index)
        }
    }

    @Test("seventeen collection operators are too many")
    func tooManyOperators() {
        var components: [String] = []
        for index in 0...Schema.maximumCollectionOperators {
            components += [index.isMultiple(of: 2) ? "contents" : "tags", "@unionOfObjects"]
        }
        components.append("name")
        #expect(
            throws: KeyPathError(
                .tooManyOperators, entity: "Content", key: "@unionOfObjects", componentIndex: 33,
                message: "too many collection operators in one key path (at most 16)")
        ) {
            try schema.resolve(keyPath: components, from: "Tag")
        }
    }

    /// `A.b -> B` without an inverse; `B.c -> C` naming an inverse that C lacks; `A.d -> Missing`.
    let partial = Schema(entities: [
        EntityDescription(
            name: "A",
            relationships: [
                RelationshipDescription(name: "b", destination: "B"),
                RelationshipDescription(name: "d", destination: "Missing"),
            ]),
        EntityDescription(
            name: "B", attributes: [AttributeDescription(name: "name", type: .string)],
            relationships: [RelationshipDescription(name: "c", destination: "C", inverse: "bs")]),
        EntityDescription(name: "C", attributes: [AttributeDescription(name: "name", type: .string)]),
    ])

    @Test("requireInverses names the first hop without an inverse")
    func missingInverse() throws {
        let noInverse = try partial.resolve(keyPath: "b.name", from: "A")
        #expect(noInverse.inverseKeyPath == nil)
        #expect(
            throws: KeyPathError(
                .missingInverse, entity: "A", key: "b", componentIndex: 0,
                message: "'A.b' has no inverse, so a change on 'B' cannot be traced back to 'A'")
        ) {
            try noInverse.requireInverses()
        }
        let brokenInverse = try partial.resolve(keyPath: "c.name", from: "B")
        #expect(brokenInverse.allHops.first?.inverse == "bs")
        #expect(brokenInverse.allHops.first?.inverseIsToMany == nil)
        #expect(
            throws: KeyPathError(
                .missingInverse, entity: "B", key: "c", componentIndex: 0,
                message:
                    "'B.c' names 'C.bs' as its inverse, but 'C.bs' does not name 'c' as its inverse, "
                    + "so a change on 'C' cannot be traced back to 'B'")
        ) {
            try brokenInverse.requireInverses()
        }
        // A path without hops needs no inverse.
        #expect(try partial.resolve(keyPath: "b", from: "A").requireInverses() == [])
    }

    @Test("a relationship to an unknown entity cannot be followed")
    func unknownDestination() {
        #expect(
            throws: KeyPathError(
                .unknownEntity, entity: "A", key: "d", componentIndex: 0,
                message: "'A.d' leads to 'Missing', which is not an entity of the schema")
        ) {
            try partial.resolve(keyPath: "d.name", from: "A")
        }
    }
}
