import Foundation
import KeyPaths
import Predicates
import Testing

/// The shipped sample model (Content / Bucket / User / Tag, ImageContent and
/// ThumbnailContent below Content) and helpers shared by the Checking suites.
enum CheckingSample {
    /// `<package>/Samples/ContentModel.xcdatamodeld`, found from this file's path.
    static let model = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // PredicatesTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root
        .appendingPathComponent("Samples")
        .appendingPathComponent("ContentModel.xcdatamodeld")

    /// The sample schema, loaded from the Xcode model.
    static func schema() throws -> Schema {
        try CoreDataModelLoader.load(contentsOf: model)
    }

    /// Parses `format` and checks it from `entity` with the source (carets on components).
    static func diagnostics(_ format: String, entity: String, arguments: [PredicateValue] = []) throws -> [Diagnostic] {
        let predicate = try PredicateParser().parsePredicate(format, arguments: arguments)
        return predicate.check(against: try schema(), entity: entity, source: format)
    }

    /// Every diagnostic of `format` rendered with its caret, one after the other.
    static func rendered(_ format: String, entity: String, arguments: [PredicateValue] = []) throws -> String {
        try diagnostics(format, entity: entity, arguments: arguments).map { $0.render(in: format) }
            .joined(separator: "\n")
    }
}

/// Valid predicates produce no diagnostics: the check must never reject what the engine
/// (and Core Data) accept.
@Suite("Checking: valid predicates")
struct CheckingValidTests {
    /// (entity, format)
    static let valid: [(String, String)] = [
        // Attributes and constants
        ("Content", #"name == "x""#),
        ("Content", #"name ==[cd] "x" AND name != "y""#),
        ("Content", "name == nil OR name != nil"),
        ("Content", #"name BEGINSWITH[c] "a" OR name ENDSWITH "z" OR name CONTAINS[cd] "é""#),
        ("Content", #"name LIKE "a*b?" AND name MATCHES "[a-z]+""#),
        ("Content", #"name IN {"a", "b"} OR name IN "abc" OR "abc" CONTAINS name"#),
        ("Content", #"name < "m" AND name >= "a""#),
        ("Content", "#size > 1024 AND #size >= 1.5 AND #size != 0"),
        ("Content", "#size == YES"),
        ("Content", "#size BETWEEN {1, 10} AND #size IN {1, 2, 3}"),
        ("Content", "#size + 1 > 2 * #size AND -#size < 0"),
        ("Content", "(#size & 3) == 1 AND #size ** 2 > 10.5"),
        ("Content", #"creationDate > CAST(0, "NSDate") AND creationDate < now()"#),
        ("Content", #"creationDate BETWEEN {CAST(0, "NSDate"), now()}"#),
        ("Content", "creationDate == nil"),
        // Relationships
        ("Content", #"bucket.name == "Inbox""#),
        ("Content", #"bucket.owner.name BEGINSWITH "A" AND bucket.owner.email == nil"#),
        ("Content", "bucket == nil OR bucket != nil OR owner == nil"),
        ("Content", "owner.name == bucket.owner.name"),
        ("Content", "bucket.creationDate < creationDate"),
        ("Content", "SELF.name == bucket.name"),
        // To-many under a quantifier, an aggregate, IN/CONTAINS, an index or SUBQUERY
        ("Content", #"ANY tags.name == "swift""#),
        ("Content", #"SOME tags.name == "swift""#),
        ("Content", #"ALL tags.name BEGINSWITH "a""#),
        ("Content", #"NONE tags.name == "x""#),
        ("Content", #"ANY tags.name IN {"a", "b"}"#),
        ("Content", #""swift" IN tags.name AND tags.name CONTAINS "swift""#),
        ("Content", "tags == nil OR tags.name == nil"),
        ("Content", "tags.@count > 2 OR tags.@count == 0"),
        ("Content", "bucket.contents.@count > 1"),
        ("Content", "count:(tags) > 1 AND count(tags.name) < 10"),
        ("Content", #"max:(tags.name) == "z""#),
        ("Content", "bucket.contents.@sum.#size > 10 AND bucket.contents.@avg.#size > 1.5"),
        ("Content", "bucket.contents.@max.creationDate > now()"),
        ("Content", #"ANY bucket.contents.tags.name == "x""#),
        ("Content", #"ANY bucket.contents.@distinctUnionOfObjects.name == "x""#),
        ("Content", #"SUBQUERY(tags, $t, $t.name == "x").@count > 0"#),
        ("Content", #"SUBQUERY(tags, $t, $t.name BEGINSWITH "a" AND $t.contents.@count > 1).@count == 0"#),
        ("Content", #"SUBQUERY(tags, $t, ANY $t.contents.name == "x")[SIZE] > 0"#),
        ("Content", #"SUBQUERY(tags, $t, SUBQUERY($t.contents, $c, $c.bucket.name == "x").@count > 0).@count > 0"#),
        ("Content", #"tags[FIRST].name == "x" AND tags[SIZE] > 1"#),
        // Functions and other expressions
        ("Content", #"length(name) > 3 AND uppercase(name) == "X" AND lowercase(bucket.name) == "x""#),
        ("Content", "abs(#size) > 1 AND sqrt(#size) < 2.5 AND modulus:by:(#size, 3) == 1"),
        ("Content", #"TERNARY(#size > 10, name, "small") == "big""#),
        ("Content", #"CAST(name, "NSNumber") > 3 AND CAST(#size, "NSString") == "3""#),
        ("Content", #"FUNCTION(name, "foo") == 3"#),
        // Unknowns are never errors: substitution variables and keys read through them
        ("Content", "name == $value AND $value == 3 AND $x.anything > 1"),
        // Inside a SUBQUERY, key paths without the variable (and SELF) read the evaluated object
        ("Content", #"SUBQUERY(tags, $t, name == "x" AND SELF.#size > 1).@count > 0"#),
        ("Content", "TRUEPREDICATE"),
        ("Content", #"NOT (name == "x" OR #size < 3)"#),
        // Other entities, inheritance
        ("Bucket", "contents.@count > 10"),
        ("Bucket", #"ANY contents.name == "a.png" AND owner.name == "Ann""#),
        ("Bucket", #"SUBQUERY(contents, $c, $c.#size > 10 AND $c.bucket.name == "x").@count > 0"#),
        ("Bucket", "contents.@sum.#size < 1000"),
        ("ImageContent", "width > 100 AND height > 100"),
        ("ImageContent", #"name == "Content's name from ImageContent" AND bucket.name == "x""#),
        ("ImageContent", #"ANY tags.name == "x""#),
        ("ThumbnailContent", "maxPixelSize < 512 AND width > 1 AND #size > 0"),
        ("User", #"ANY buckets.contents.name == "x" AND buckets.@count > 0"#),
        ("User", #"email ENDSWITH "@example.com""#),
        ("Tag", "contents.@count > 0"),
    ]

    @Test("no diagnostics", arguments: valid)
    func noDiagnostics(entity: String, format: String) throws {
        let rendered = try CheckingSample.rendered(format, entity: entity)
        #expect(rendered.isEmpty, "\(entity): \(format)\n\(rendered)")
    }

    /// (entity, format, arguments)
    static let withArguments: [(String, String, [PredicateValue])] = [
        ("Content", "name == %@", ["x"]),
        ("Content", "%K == %@", ["bucket.name", "x"]),
        ("Content", "creationDate > %@", [.date(Date(timeIntervalSince1970: 0))]),
        ("Content", "#size IN %@", [[1, 2]]),
        ("Content", "#size BETWEEN %@", [[1, 10]]),
        ("Content", "name IN %@", [.set(["a", "b"])]),
        ("Content", "name IN %@", [["k": "v"]]),
        ("Content", "%K > %d", ["tags.@count", 2]),
        ("Bucket", "ANY %K == %@", ["contents.name", "x"]),
    ]

    @Test("no diagnostics with arguments", arguments: withArguments)
    func noDiagnosticsWithArguments(entity: String, format: String, arguments: [PredicateValue]) throws {
        let rendered = try CheckingSample.rendered(format, entity: entity, arguments: arguments)
        #expect(rendered.isEmpty, "\(entity): \(format)\n\(rendered)")
    }
}
