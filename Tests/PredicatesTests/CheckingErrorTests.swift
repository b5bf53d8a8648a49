import Foundation
import KeyPaths
import Predicates
import Testing

/// Invalid predicates produce every problem, rendered with its caret. The expected text is
/// written by hand from the rules in `CheckedPredicate`'s documentation.
@Suite("Checking: rendered diagnostics")
struct CheckingErrorTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var entity: String
        var format: String
        var arguments: [PredicateValue]
        var expected: String

        init(_ entity: String, _ format: String, _ arguments: [PredicateValue], _ expected: String) {
            self.entity = entity
            self.format = format
            self.arguments = arguments
            self.expected = expected
        }

        var testDescription: String { "\(entity): \(format)" }
    }

    static let cases: [Case] = [
        Case(
            "Content", "nmae == \"x\"", [],
            #"""
            1:1: error: 'Content' has no property 'nmae'
            nmae == "x"
            ^^^^
            note: did you mean 'name'?
            """#),
        Case(
            "Content", "bucket.nmae == \"Inbox\"", [],
            #"""
            1:8: error: 'Bucket' has no property 'nmae'
            bucket.nmae == "Inbox"
                   ^^^^
            note: did you mean 'name'?
            """#),
        Case(
            "Content", "bucket.owner.nmae == \"x\"", [],
            #"""
            1:14: error: 'User' has no property 'nmae'
            bucket.owner.nmae == "x"
                         ^^^^
            note: did you mean 'name'?
            """#),
        Case(
            "ImageContent", "widht > 10", [],
            #"""
            1:1: error: 'ImageContent' has no property 'widht'
            widht > 10
            ^^^^^
            note: did you mean 'width'?
            """#),
        Case(
            "Content", "width > 10", [],
            #"""
            1:1: error: 'Content' has no property 'width'
            width > 10
            ^^^^^
            """#),
        Case(
            "Content", "SELF.nmae == \"x\"", [],
            #"""
            1:6: error: 'Content' has no property 'nmae'
            SELF.nmae == "x"
                 ^^^^
            note: did you mean 'name'?
            """#),
        Case(
            "Content", "bucket.name.length == 3", [],
            #"""
            1:8: error: 'name' is an attribute of 'Bucket', not a relationship; it cannot be followed by 'length'
            bucket.name.length == 3
                   ^^^^
            """#),
        Case(
            "Content", "tags.name == \"swift\"", [],
            #"""
            1:1: error: 'tags.name' is a to-many key path; use ANY, ALL, NONE, @count or SUBQUERY
            tags.name == "swift"
            ^^^^^^^^^
            note: for example: ANY tags.name == …
            """#),
        Case(
            "Content", "bucket.contents.name BEGINSWITH \"a\"", [],
            #"""
            1:1: error: 'bucket.contents.name' is a to-many key path; use ANY, ALL, NONE, @count or SUBQUERY
            bucket.contents.name BEGINSWITH "a"
            ^^^^^^^^^^^^^^^^^^^^
            note: for example: ANY bucket.contents.name BEGINSWITH …
            """#),
        Case(
            "Bucket", "contents > 3", [],
            #"""
            1:1: error: 'contents' is a to-many key path; use ANY, ALL, NONE, @count or SUBQUERY
            contents > 3
            ^^^^^^^^
            note: for example: contents.@count > …
            """#),
        Case(
            "Content", "\"swift\" == tags.name", [],
            #"""
            1:12: error: 'tags.name' is a to-many key path; use ANY, ALL, NONE, @count or SUBQUERY
            "swift" == tags.name
                       ^^^^^^^^^
            note: for example: … IN tags.name
            """#),
        Case(
            "Content", "tags.name + 1 > 2", [],
            #"""
            1:1: error: 'tags.name' is a to-many key path; use ANY, ALL, NONE, @count or SUBQUERY
            tags.name + 1 > 2
            ^^^^^^^^^
            """#),
        Case(
            "Content", "ANY bucket.name == \"x\"", [],
            #"""
            1:5: error: ANY needs a collection, but 'bucket.name' is not a to-many key path
            ANY bucket.name == "x"
                ^^^^^^^^^^^
            note: remove ANY to compare the single value
            """#),
        Case(
            "Content", "ALL name == \"x\"", [],
            #"""
            1:5: error: ALL needs a collection, but 'name' is not a to-many key path
            ALL name == "x"
                ^^^^
            note: remove ALL to compare the single value
            """#),
        Case(
            "Content", "NONE owner.name == \"x\"", [],
            #"""
            1:6: error: NONE needs a collection, but 'owner.name' is not a to-many key path
            NONE owner.name == "x"
                 ^^^^^^^^^^
            note: remove NONE to compare the single value
            """#),
        Case(
            "Content", "name == 42", [],
            #"""
            1:1: error: cannot compare 'name' (a string) with 42 (an integer)
            name == 42
            ^^^^
            """#),
        Case(
            "Content", "#size == \"big\"", [],
            #"""
            1:1: error: cannot compare 'size' (an integer) with "big" (a string)
            #size == "big"
            ^^^^^
            """#),
        Case(
            "Content", "creationDate > \"2020-01-01\"", [],
            #"""
            1:1: error: cannot compare 'creationDate' (a date) with "2020-01-01" (a string)
            creationDate > "2020-01-01"
            ^^^^^^^^^^^^
            """#),
        Case(
            "Content", "\"x\" == #size", [],
            #"""
            1:8: error: cannot compare "x" (a string) with 'size' (an integer)
            "x" == #size
                   ^^^^^
            """#),
        Case(
            "Content", "name == YES", [],
            #"""
            1:1: error: cannot compare 'name' (a string) with YES (a boolean)
            name == YES
            ^^^^
            """#),
        Case(
            "ImageContent", "width == \"wide\"", [],
            #"""
            1:1: error: cannot compare 'width' (an integer) with "wide" (a string)
            width == "wide"
            ^^^^^
            """#),
        Case(
            "Content", "ANY tags.name == 5", [],
            #"""
            1:5: error: cannot compare 'tags.name' (a string) with 5 (an integer)
            ANY tags.name == 5
                ^^^^^^^^^
            """#),
        Case(
            "Content", "bucket == \"Inbox\"", [],
            #"""
            1:1: error: cannot compare 'bucket' (a 'Bucket' object) with "Inbox" (a string)
            bucket == "Inbox"
            ^^^^^^
            note: compare an attribute of 'Bucket' instead, such as 'bucket.name'
            """#),
        Case(
            "Content", "bucket.owner == \"Ann\"", [],
            #"""
            1:1: error: cannot compare 'bucket.owner' (a 'User' object) with "Ann" (a string)
            bucket.owner == "Ann"
            ^^^^^^^^^^^^
            note: compare an attribute of 'User' instead, such as 'bucket.owner.name'
            """#),
        Case(
            "Content", "ANY tags == \"swift\"", [],
            #"""
            1:5: error: cannot compare 'tags' (a 'Tag' object) with "swift" (a string)
            ANY tags == "swift"
                ^^^^
            note: compare an attribute of 'Tag' instead, such as 'tags.name'
            """#),
        Case(
            "Content", "#size LIKE \"1*\"", [],
            #"""
            1:1: error: LIKE needs strings, but 'size' is an integer
            #size LIKE "1*"
            ^^^^^
            """#),
        Case(
            "Content", "creationDate BEGINSWITH \"2020\"", [],
            #"""
            1:1: error: BEGINSWITH needs strings, but 'creationDate' is a date
            creationDate BEGINSWITH "2020"
            ^^^^^^^^^^^^
            """#),
        Case(
            "Content", "name MATCHES 5", [],
            #"""
            1:14: error: MATCHES needs strings, but 5 is an integer
            name MATCHES 5
                         ^
            """#),
        Case(
            "Content", "#size CONTAINS 1", [],
            #"""
            1:1: error: CONTAINS needs a collection or a string on its left, but 'size' is an integer
            #size CONTAINS 1
            ^^^^^
            """#),
        Case(
            "Content", "#size IN \"abc\"", [],
            #"""
            1:1: error: IN with a string on its right needs strings, but 'size' is an integer
            #size IN "abc"
            ^^^^^
            """#),
        Case(
            "Content", "name + 1 > 3", [],
            #"""
            1:1: error: '+' needs numbers, but 'name' is a string
            name + 1 > 3
            ^^^^
            """#),
        Case(
            "Content", "#size BETWEEN {1, 2, 3}", [],
            #"""
            1:15: error: BETWEEN needs {low, high}, but {1, 2, 3} has 3 values
            #size BETWEEN {1, 2, 3}
                          ^^^^^^^^^
            note: write x BETWEEN {1, 10}
            """#),
        Case(
            "Content", "#size BETWEEN 5", [],
            #"""
            1:15: error: BETWEEN needs {low, high}, but 5 is an integer
            #size BETWEEN 5
                          ^
            note: write x BETWEEN {1, 10}
            """#),
        Case(
            "Content", "#size BETWEEN {\"a\", 9}", [],
            #"""
            1:1: error: cannot compare 'size' (an integer) with "a" (a string)
            #size BETWEEN {"a", 9}
            ^^^^^
            """#),
        Case(
            "Content", "\"x\" IN tags", [],
            #"""
            1:8: error: 'tags' (a collection of 'Tag' objects) can never contain "x" (a string)
            "x" IN tags
                   ^^^^
            note: look in an attribute of 'Tag' instead, such as 'tags.name'
            """#),
        Case(
            "Content", "5 IN tags.name", [],
            #"""
            1:6: error: 'tags.name' (a collection of strings) can never contain 5 (an integer)
            5 IN tags.name
                 ^^^^^^^^^
            """#),
        Case(
            "Content", "name IN {1, 2}", [],
            #"""
            1:1: error: {1, 2} (a collection of integers) can never contain 'name' (a string)
            name IN {1, 2}
            ^^^^
            """#),
        Case(
            "Content", "sum:(tags.name) > 1", [],
            #"""
            1:6: error: 'sum:' needs numbers, but 'tags.name' is a collection of strings
            sum:(tags.name) > 1
                 ^^^^^^^^^
            """#),
        Case(
            "Content", "uppercase(#size) == \"X\"", [],
            #"""
            1:11: error: 'uppercase:' needs strings, but 'size' is an integer
            uppercase(#size) == "X"
                      ^^^^^
            """#),
        Case(
            "Bucket", "contents.@sum.name > 1", [],
            #"""
            1:15: error: '@sum' needs numbers, but 'name' is a string
            contents.@sum.name > 1
                          ^^^^
            """#),
        Case(
            "Content", "bucket.@count > 1", [],
            #"""
            1:8: error: '@count' needs a collection, but 'bucket' is a to-one path from 'Content'
            bucket.@count > 1
                   ^^^^^^
            note: collection operators apply to to-many key paths, e.g. contents.@count
            """#),
        Case(
            "Content", "tags.@count.name > 1", [],
            #"""
            1:6: error: '@count' cannot be followed by 'name'
            tags.@count.name > 1
                 ^^^^^^
            """#),
        Case(
            "Content", "SUBQUERY(tags, $t, $t.nmae == \"x\").@count > 0", [],
            #"""
            1:23: error: 'Tag' has no property 'nmae'
            SUBQUERY(tags, $t, $t.nmae == "x").@count > 0
                                  ^^^^
            note: did you mean 'name'?
            """#),
        // Apple evaluates a SUBQUERY's predicate with the outer object as SELF: a key path
        // without the variable is read from it, so a key of the elements is unknown there.
        Case(
            "Content", "SUBQUERY(tags, $t, label == \"x\").@count > 0", [],
            #"""
            1:20: error: 'Content' has no property 'label'
            SUBQUERY(tags, $t, label == "x").@count > 0
                               ^^^^^
            """#),
        Case(
            "Content", "SUBQUERY(bucket, $b, $b.name == \"x\").@count > 0", [],
            #"""
            1:10: error: SUBQUERY needs a collection, but 'bucket' is not a to-many key path
            SUBQUERY(bucket, $b, $b.name == "x").@count > 0
                     ^^^^^^
            note: SUBQUERY filters a to-many relationship, e.g. SUBQUERY(tags, $t, $t.name == 'x')
            """#),
        Case(
            "Content", "SUBQUERY(tags, $t, $t.contents.name == \"x\").@count > 0", [],
            #"""
            1:20: error: '$t.contents.name' is a to-many key path; use ANY, ALL, NONE, @count or SUBQUERY
            SUBQUERY(tags, $t, $t.contents.name == "x").@count > 0
                               ^^^^^^^^^^^^^^^^
            note: for example: ANY $t.contents.name == …
            """#),
        Case(
            "Content", "tags[FIRST].nmae == \"x\"", [],
            #"""
            1:13: error: 'Tag' has no property 'nmae'
            tags[FIRST].nmae == "x"
                        ^^^^
            note: did you mean 'name'?
            """#),
        Case(
            "Content", "bucket.nmae == \"Inbox\" AND tags.name == \"swift\" AND #size > \"big\"", [],
            #"""
            1:8: error: 'Bucket' has no property 'nmae'
            bucket.nmae == "Inbox" AND tags.name == "swift" AND #size > "big"
                   ^^^^
            note: did you mean 'name'?
            1:28: error: 'tags.name' is a to-many key path; use ANY, ALL, NONE, @count or SUBQUERY
            bucket.nmae == "Inbox" AND tags.name == "swift" AND #size > "big"
                                       ^^^^^^^^^
            note: for example: ANY tags.name == …
            1:53: error: cannot compare 'size' (an integer) with "big" (a string)
            bucket.nmae == "Inbox" AND tags.name == "swift" AND #size > "big"
                                                                ^^^^^
            """#),
        Case(
            "Content", "name == \"x\" AND\n#size == \"y\"", [],
            #"""
            2:1: error: cannot compare 'size' (an integer) with "y" (a string)
            #size == "y"
            ^^^^^
            """#),
        Case(
            "Content", "%K == \"x\"", ["bucket.nmae"],
            #"""
            1:1: error: 'Bucket' has no property 'nmae'
            %K == "x"
            ^^
            note: did you mean 'name'?
            """#),
    ]

    @Test("rendered diagnostics", arguments: cases)
    func rendered(_ test: Case) throws {
        let rendered = try CheckingSample.rendered(test.format, entity: test.entity, arguments: test.arguments)
        #expect(rendered == test.expected)
    }

    /// (entity, format, ids in order): the stable identifiers tools match on.
    static let identifiers: [(String, String, [String])] = [
        ("Content", "nmae == 1", ["unknown-key"]),
        ("Content", "bucket.name.x == 1", ["not-a-relationship"]),
        ("Content", "bucket.@count == 1", ["invalid-collection-operator"]),
        ("Content", "name == 1", ["type-mismatch"]),
        ("Content", "tags.name == 1", ["to-many-not-allowed"]),
        ("Content", "ANY name == 1", ["quantifier-needs-collection"]),
        (
            "Content", "nmae == 1 OR tags.name == 'x' OR name LIKE 3",
            ["unknown-key", "to-many-not-allowed", "type-mismatch"]
        ),
    ]

    @Test("diagnostic ids", arguments: identifiers)
    func ids(entity: String, format: String, expected: [String]) throws {
        let found = try CheckingSample.diagnostics(format, entity: entity)
        #expect(found.map(\.id) == expected)
        #expect(found.allSatisfy { SchemaCheckCatalog.identifiers.contains($0.id) })
    }
}
