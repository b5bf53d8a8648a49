import Foundation
import KeyPaths
import Predicates
import Testing

/// The public surface of schema checking: entry points, errors, ranges without a source,
/// the key-path diagnostic used by `predicate resolve`, and the static types.
@Suite("Checking: API and static types")
struct CheckingAPITests {
    @Test("an unknown entity: CheckedPredicate throws it, check(against:) reports it over the whole predicate")
    func unknownEntity() throws {
        let schema = try CheckingSample.schema()
        let predicate = try PredicateNode(format: "name == 'x'")
        let error = #expect(throws: SchemaCheckError.self) {
            try CheckedPredicate(predicate, schema: schema, entity: "Contnet")
        }
        #expect(error?.diagnostics.map(\.id) == ["unknown-entity"])
        #expect(
            error?.diagnostics.map { ([$0.message] + $0.notes).joined(separator: "; ") } == [
                "no entity named 'Contnet'; did you mean 'Content'?"
            ])
        let found = predicate.check(against: schema, entity: "Contnet")
        #expect(found.map(\.id) == ["unknown-entity"])
        #expect(found.first?.message == "no entity named 'Contnet'")
        #expect(found.first?.notes == ["did you mean 'Content'?"])
        #expect(found.first?.range == SourceRange(0, 11))
    }

    @Test("CheckedPredicate throws every problem with its rendering; check(against:) lists the same")
    func throwingVariant() throws {
        let schema = try CheckingSample.schema()
        let format = "nmae == 'x' AND tags.name == 'y'"
        let predicate = try PredicateNode(format: format)
        #expect(throws: Never.self) {
            try CheckedPredicate(PredicateNode(format: "name == 'x'"), schema: schema, entity: "Content")
        }
        do {
            _ = try CheckedPredicate(predicate, schema: schema, entity: "Content", source: format)
            Issue.record("expected a SchemaCheckError")
        } catch {
            #expect(error.diagnostics.map(\.id) == ["unknown-key", "to-many-not-allowed"])
            #expect(
                error.rendered == """
                    1:1: error: 'Content' has no property 'nmae'
                    nmae == 'x' AND tags.name == 'y'
                    ^^^^
                    note: did you mean 'name'?
                    1:17: error: 'tags.name' is a to-many key path; use ANY, ALL, NONE, @count or SUBQUERY
                    nmae == 'x' AND tags.name == 'y'
                                    ^^^^^^^^^
                    note: for example: ANY tags.name == …
                    """)
        }
        #expect(
            predicate.check(against: schema, entity: "Content").map(\.id) == ["unknown-key", "to-many-not-allowed"])
    }

    @Test("the caret is under the offending component, with or without the source; without ranges it is 0..<0")
    func rangesWithoutSource() throws {
        let schema = try CheckingSample.schema()
        let parsed = try PredicateNode(format: "bucket.nmae == 'x'")
        // The parsed tree carries each component's range, so the source is not needed.
        #expect(parsed.check(against: schema, entity: "Content").map(\.range) == [SourceRange(7, 11)])
        #expect(
            parsed.check(against: schema, entity: "Content", source: "bucket.nmae == 'x'").map(\.range) == [
                SourceRange(7, 11)
            ])
        let built = PredicateNode(
            .comparison(
                Comparison(
                    left: ExpressionNode(.keyPath([.key("nmae")])), operator: .equalTo,
                    right: ExpressionNode(.constant("x")))))
        let found = built.check(against: schema, entity: "Content")
        #expect(found.map(\.id) == ["unknown-key"])
        #expect(found.map(\.range) == [SourceRange(0, 0)])
        let error = SchemaCheckError(found)
        #expect(error.rendered == "0..<0: 'Content' has no property 'nmae'\nnote: did you mean 'name'?")
    }

    @Test("whitespace and parentheses inside a key path still narrow the caret")
    func spacedKeyPath() throws {
        let format = "(bucket) . nmae == 'x'"
        #expect(try CheckingSample.diagnostics(format, entity: "Content").map(\.range) == [SourceRange(11, 15)])
    }

    /// (key path, expected range, expected id) for `Diagnostic(_:inKeyPath:)`, from `Content`.
    static let keyPathCases: [(String, SourceRange, String)] = [
        ("nmae", SourceRange(0, 4), "unknown-key"),
        ("bucket.nmae", SourceRange(7, 11), "unknown-key"),
        ("bucket.name.x", SourceRange(7, 11), "not-a-relationship"),
        ("tags.@cnt", SourceRange(5, 9), "invalid-collection-operator"),
        ("bucket..name", SourceRange(7, 7), "invalid-key-path"),
    ]

    @Test("Diagnostic(_:inKeyPath:) underlines the offending component", arguments: keyPathCases)
    func keyPathDiagnostic(keyPath: String, range: SourceRange, id: String) throws {
        let schema = try CheckingSample.schema()
        do {
            _ = try schema.resolve(keyPath: keyPath, from: "Content")
            Issue.record("\(keyPath) should not resolve")
        } catch {
            let diagnostic = Diagnostic(error, inKeyPath: keyPath)
            #expect(diagnostic.range == range)
            #expect(diagnostic.id == id)
        }
    }

    /// (attribute type, static type)
    static let attributeTypes: [(AttributeType, StaticType)] = [
        (.string, .string), (.integer16, .integer), (.integer32, .integer), (.integer64, .integer),
        (.double, .floating), (.float, .floating), (.decimal, .floating), (.boolean, .boolean),
        (.date, .date), (.binary, .data), (.uuid, .uuid), (.uri, .unknown), (.transformable, .unknown),
    ]

    @Test("attribute types map to static types", arguments: attributeTypes)
    func attributeType(attribute: AttributeType, expected: StaticType) {
        #expect(StaticType(attribute) == expected)
    }

    /// (constant, static type)
    static let constants: [(PredicateValue, StaticType)] = [
        (nil, .null), (true, .boolean), (3, .integer), (2.5, .floating), ("x", .string),
        (.date(Date(timeIntervalSince1970: 0)), .date), (.data(Data([1])), .data), (.uuid(UUID()), .uuid),
        ([1, 2], .collection(of: .integer)), ([1, 2.5], .collection(of: .floating)),
        ([1, nil], .collection(of: .integer)), ([1, "a"], .collection(of: .unknown)), ([], .collection(of: .unknown)),
        (.set(["a"]), .collection(of: .string)), (["k": 1], .unknown),
    ]

    @Test("constants have static types", arguments: constants)
    func constantType(value: PredicateValue, expected: StaticType) {
        #expect(StaticType(value) == expected)
    }

    @Test("types read well in messages")
    func descriptions() {
        #expect(StaticType.integer.description == "an integer")
        #expect(StaticType.object(entity: "Tag").description == "a 'Tag' object")
        #expect(StaticType.collection(of: .object(entity: "Tag")).description == "a collection of 'Tag' objects")
        #expect(
            StaticType.collection(of: .collection(of: .string)).description == "a collection of collections of strings")
    }

    @Test("the catalogue lists unique ids")
    func catalogue() {
        #expect(Set(SchemaCheckCatalog.identifiers).count == SchemaCheckCatalog.identifiers.count)
    }
}
