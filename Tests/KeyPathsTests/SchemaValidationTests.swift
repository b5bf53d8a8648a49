import KeyPaths
import Testing

/// A schema with its expected validation report, written by hand.
struct ValidationCase: Sendable, CustomTestStringConvertible {
    var label: String
    var entities: [EntityDescription]
    var expected: [String]
    var kinds: [SchemaError.Kind]
    var testDescription: String { label }
}

private func attribute(_ name: String) -> AttributeDescription {
    AttributeDescription(name: name, type: .string)
}

private func toOne(_ name: String, _ destination: String, inverse: String? = nil) -> RelationshipDescription {
    RelationshipDescription(name: name, destination: destination, inverse: inverse, isOptional: true)
}

private func toMany(_ name: String, _ destination: String, inverse: String? = nil) -> RelationshipDescription {
    RelationshipDescription(name: name, destination: destination, inverse: inverse, isToMany: true, isOptional: true)
}

/// Bucket.contents <-> Content.bucket, correct, as the base of several cases.
private let bucket = EntityDescription(
    name: "Bucket", attributes: [attribute("name")],
    relationships: [toMany("contents", "Content", inverse: "bucket")])
private let content = EntityDescription(
    name: "Content", attributes: [attribute("name")],
    relationships: [toOne("bucket", "Bucket", inverse: "contents")])

let validationCases: [ValidationCase] = [
    ValidationCase(label: "valid pair", entities: [bucket, content], expected: [], kinds: []),
    ValidationCase(
        label: "inverse not found",
        entities: [EntityDescription(name: "Bucket", attributes: [attribute("name")]), content],
        expected: ["'Content.bucket': inverse 'contents' not found on 'Bucket'"],
        kinds: [.inverseNotFound]),
    ValidationCase(
        label: "inverse misspelt gets a suggestion",
        entities: [
            bucket, EntityDescription(name: "Content", relationships: [toOne("bucket", "Bucket", inverse: "contnets")]),
        ],
        expected: [
            "'Bucket.contents': inverse 'Content.bucket' has inverse 'contnets', expected 'contents'",
            "'Content.bucket': inverse 'contnets' not found on 'Bucket'; did you mean 'contents'?",
        ],
        kinds: [.inverseDoesNotPointBack, .inverseNotFound]),
    ValidationCase(
        label: "unknown destination",
        entities: [EntityDescription(name: "Content", relationships: [toOne("bucket", "Bukket")])],
        expected: ["'Content.bucket': destination entity 'Bukket' does not exist"],
        kinds: [.unknownDestination]),
    ValidationCase(
        label: "unknown destination with a suggestion",
        entities: [
            bucket, EntityDescription(name: "Content", relationships: [toOne("bucket", "Buckt", inverse: "contents")]),
        ],
        expected: [
            "'Bucket.contents': inverse 'Content.bucket' has destination 'Buckt', expected 'Bucket'",
            "'Content.bucket': destination entity 'Buckt' does not exist; did you mean 'Bucket'?",
        ],
        kinds: [.inverseDoesNotPointBack, .unknownDestination]),
    ValidationCase(
        label: "inverse is an attribute",
        entities: [EntityDescription(name: "Bucket", attributes: [attribute("contents")]), content],
        expected: ["'Content.bucket': inverse 'contents' on 'Bucket' is an attribute, not a relationship"],
        kinds: [.inverseNotRelationship]),
    ValidationCase(
        label: "inverse points elsewhere",
        entities: [
            EntityDescription(name: "Bucket", relationships: [toMany("contents", "User", inverse: "buckets")]),
            EntityDescription(name: "User", relationships: [toMany("buckets", "Bucket", inverse: "contents")]),
            content,
        ],
        expected: [
            "'Content.bucket': inverse 'Bucket.contents' has destination 'User', expected 'Content'",
            "'Content.bucket': inverse 'Bucket.contents' has inverse 'buckets', expected 'bucket'",
        ],
        kinds: [.inverseDoesNotPointBack, .inverseDoesNotPointBack]),
    ValidationCase(
        label: "one-sided inverse",
        entities: [EntityDescription(name: "Bucket", relationships: [toMany("contents", "Content")]), content],
        expected: ["'Content.bucket': inverse 'Bucket.contents' has no inverse, expected 'bucket'"],
        kinds: [.inverseDoesNotPointBack]),
    ValidationCase(
        label: "inverse inherited by the destination",
        entities: [
            EntityDescription(name: "Folder", relationships: [toMany("items", "Item", inverse: "folder")]),
            EntityDescription(name: "Album", parent: "Folder"),
            EntityDescription(
                name: "Item",
                relationships: [
                    toOne("folder", "Folder", inverse: "items"),
                    toOne("album", "Album", inverse: "items"),
                ]),
        ],
        expected: ["'Item.album': inverse 'Folder.items' has inverse 'folder', expected 'album'"],
        kinds: [.inverseDoesNotPointBack]),
    ValidationCase(
        label: "a self-inverse relationship is valid",
        entities: [EntityDescription(name: "Person", relationships: [toOne("spouse", "Person", inverse: "spouse")])],
        expected: [], kinds: []),
    ValidationCase(
        label: "duplicate entity names",
        entities: [bucket, content, EntityDescription(name: "Bucket")],
        expected: ["'Bucket': entity declared more than once"],
        kinds: [.duplicateEntity]),
    ValidationCase(
        label: "duplicate property names, attribute and relationship alike",
        entities: [
            EntityDescription(
                name: "User", attributes: [attribute("name"), attribute("name")],
                relationships: [toOne("name", "User")])
        ],
        expected: ["'User.name': property declared more than once", "'User.name': property declared more than once"],
        kinds: [.duplicateProperty, .duplicateProperty]),
    ValidationCase(
        label: "property clashing with an inherited one, at depth 2",
        entities: [
            EntityDescription(name: "Content", attributes: [attribute("name")]),
            EntityDescription(name: "ImageContent", parent: "Content"),
            EntityDescription(name: "ThumbnailContent", parent: "ImageContent", attributes: [attribute("name")]),
        ],
        expected: ["'ThumbnailContent.name': property clashes with inherited 'Content.name'"],
        kinds: [.inheritedPropertyClash]),
    ValidationCase(
        label: "unknown parent",
        entities: [
            content, EntityDescription(name: "ImageContent", parent: "Contnet"),
            EntityDescription(name: "Bucket", relationships: [toMany("contents", "Content", inverse: "bucket")]),
        ],
        expected: ["'ImageContent': parent entity 'Contnet' does not exist; did you mean 'Content'?"],
        kinds: [.unknownParent]),
    ValidationCase(
        label: "inheritance cycle, reported once",
        entities: [
            EntityDescription(name: "A", parent: "C"), EntityDescription(name: "B", parent: "A"),
            EntityDescription(name: "C", parent: "B"), EntityDescription(name: "D", parent: "A"),
        ],
        expected: ["'A': inheritance cycle A -> C -> B -> A"],
        kinds: [.inheritanceCycle]),
    ValidationCase(
        label: "an entity as its own parent",
        entities: [EntityDescription(name: "A", parent: "A")],
        expected: ["'A': inheritance cycle A -> A"],
        kinds: [.inheritanceCycle]),
    ValidationCase(
        label: "names that key paths cannot reach",
        entities: [
            EntityDescription(name: "", attributes: []),
            EntityDescription(name: "A.B"),
            EntityDescription(name: "C", attributes: [attribute("x.y"), attribute("@count"), attribute("")]),
        ],
        expected: [
            "an entity has an empty name",
            "'A.B': name 'A.B' contains '.', so key paths cannot reach it",
            "'C.x.y': name 'x.y' contains '.', so key paths cannot reach it",
            "'C.@count': name '@count' starts with '@', which key paths reserve for collection operators",
            "'C': a property has an empty name",
        ],
        kinds: [.invalidName, .invalidName, .invalidName, .invalidName, .invalidName]),
    ValidationCase(
        label: "several problems are all reported, in declaration order",
        entities: [
            EntityDescription(
                name: "Content", parent: "Base", attributes: [attribute("name"), attribute("name")],
                relationships: [toOne("bucket", "Bucket", inverse: "contents"), toOne("owner", "User")]),
            EntityDescription(name: "Bucket", relationships: [toMany("items", "Content", inverse: "bucket")]),
        ],
        expected: [
            "'Content': parent entity 'Base' does not exist",
            "'Content.name': property declared more than once",
            "'Content.bucket': inverse 'contents' not found on 'Bucket'",
            "'Content.owner': destination entity 'User' does not exist",
            "'Bucket.items': inverse 'Content.bucket' has inverse 'contents', expected 'items'",
        ],
        kinds: [.unknownParent, .duplicateProperty, .inverseNotFound, .unknownDestination, .inverseDoesNotPointBack]),
]

@Suite("Schema validation")
struct SchemaValidationTests {
    /// Every case lists all its problems in declaration order; an inverse that does not point
    /// back is a warning (Xcode and Core Data accept such a model), every other one an error.
    @Test("validation reports every problem with its full message", arguments: validationCases)
    func report(_ testCase: ValidationCase) {
        let schema = Schema(entities: testCase.entities)
        let errors = schema.validationErrors()
        let warnings = schema.validationWarnings()
        let isWarning = testCase.kinds.map { $0 == .inverseDoesNotPointBack }
        let expectedErrors = zip(testCase.expected, isWarning).filter { !$0.1 }.map(\.0)
        let expectedWarnings = zip(testCase.expected, isWarning).filter(\.1).map(\.0)
        #expect(errors.map(\.description) == expectedErrors)
        #expect(errors.map(\.kind) == testCase.kinds.filter { $0 != .inverseDoesNotPointBack })
        #expect(warnings.map(\.description) == expectedWarnings)
        do {
            try schema.validate()
            #expect(expectedErrors.isEmpty)
        } catch {
            #expect(error.errors == errors)
            #expect(error.description == expectedErrors.joined(separator: "\n"))
        }
    }

    @Test("errors name the entity and the property")
    func errorFields() {
        let errors = Schema(entities: [EntityDescription(name: "Bucket"), content]).validationErrors()
        #expect(
            errors == [
                SchemaError(
                    .inverseNotFound, entity: "Content", property: "bucket",
                    message: "inverse 'contents' not found on 'Bucket'")
            ])
    }
}
