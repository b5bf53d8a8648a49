import Foundation
import KeyPaths
import Predicates
import Testing

/// Objects as arguments (issue 18): a relationship or `SELF` compares with nil and with
/// references to objects of its own inheritance hierarchy; anything else is a type error with
/// a caret. The expected text is written by hand from the rules in `CheckWalk+Objects.swift`.
@Suite("Checking: objects and object references")
struct CheckingObjectTests {
    static func ref(_ entity: String, _ id: ObjectKey) -> PredicateValue {
        .reference(ObjectReference(entity: entity, id: id))
    }

    /// (entity, format, arguments): accepted, as Core Data accepts them.
    static let accepted: [(String, String, [PredicateValue])] = [
        ("Content", "bucket == %@", [ref("Bucket", 1)]),
        ("Content", "bucket != %@", [ref("Bucket", 1)]),
        ("Content", "bucket == %@", [ref("Bucket", "a1")]),
        ("Content", "bucket == %@", [.null]),
        ("Content", "bucket == $b", []),
        ("Content", "bucket.owner == %@", [ref("User", 1)]),
        ("Content", "bucket IN %@", [[ref("Bucket", 1), ref("Bucket", 2)]]),
        ("Content", "bucket IN %@", [[ref("Bucket", 1), nil]]),
        ("Content", "SELF == %@", [ref("Content", 1)]),
        ("Content", "SELF == %@", [ref("ThumbnailContent", 4)]),
        ("ImageContent", "SELF == %@", [ref("Content", 3)]),
        ("Content", "SELF IN %@", [[ref("Content", 1), ref("ImageContent", 2)]]),
        ("Content", "SELF IN %@", [.set([ref("Content", 1), ref("ImageContent", 2)])]),
        ("Content", "ANY tags == %@", [ref("Tag", 1)]),
        ("Content", "NONE tags == %@", [ref("Tag", 1)]),
        ("Content", "ALL tags != %@", [ref("Tag", 1)]),
        ("Content", "tags CONTAINS %@", [ref("Tag", 1)]),
        ("Content", "%@ IN tags", [ref("Tag", 1)]),
        ("Content", "SUBQUERY(tags, $t, $t == %@).@count > 0", [ref("Tag", 1)]),
        ("Bucket", "ANY contents == %@", [ref("ImageContent", 2)]),
        ("Content", "%@ == bucket", [ref("Bucket", 1)]),
    ]

    @Test("accepted: references of the hierarchy, nil, variables", arguments: accepted)
    func accepts(entity: String, format: String, arguments: [PredicateValue]) throws {
        #expect(try CheckingSample.diagnostics(format, entity: entity, arguments: arguments) == [])
    }

    static let refused: [CheckingErrorTests.Case] = [
        .init(
            "Content", "bucket == %@", [ref("Tag", 1)],
            #"""
            1:1: error: cannot compare 'bucket' (a 'Bucket' object) with <x-coredata:///Tag/p1> (a 'Tag' object)
            bucket == %@
            ^^^^^^
            note: a 'Tag' is never a 'Bucket'
            """#),
        .init(
            "Content", "%@ == bucket", [ref("Tag", 1)],
            #"""
            1:7: error: cannot compare <x-coredata:///Tag/p1> (a 'Tag' object) with 'bucket' (a 'Bucket' object)
            %@ == bucket
                  ^^^^^^
            note: a 'Tag' is never a 'Bucket'
            """#),
        .init(
            "Content", "bucket == %@", [2],
            #"""
            1:1: error: cannot compare 'bucket' (a 'Bucket' object) with 2 (an integer)
            bucket == %@
            ^^^^^^
            note: an object compares with nil or a reference to a 'Bucket': an ObjectID in Swift, {"$ref": {"entity": "Bucket", "id": …}} in JSON
            """#),
        .init(
            "Content", "bucket == %@", [["name": "Inbox"]],
            #"""
            1:1: error: cannot compare 'bucket' (a 'Bucket' object) with {"name" = "Inbox"} (a dictionary)
            bucket == %@
            ^^^^^^
            note: an object compares with nil or a reference to a 'Bucket': an ObjectID in Swift, {"$ref": {"entity": "Bucket", "id": …}} in JSON
            """#),
        .init(
            "Content", "SELF == %@", ["x"],
            #"""
            1:9: error: cannot compare SELF (a 'Content' object) with "x" (a string)
            SELF == %@
                    ^^
            note: an object compares with nil or a reference to a 'Content': an ObjectID in Swift, {"$ref": {"entity": "Content", "id": …}} in JSON
            """#),
        .init(
            "Content", "SELF IN %@", [[1, 2]],
            #"""
            1:9: error: {1, 2} (a collection of integers) can never contain SELF (a 'Content' object)
            SELF IN %@
                    ^^
            note: an object compares with nil or a reference to a 'Content': an ObjectID in Swift, {"$ref": {"entity": "Content", "id": …}} in JSON
            """#),
        .init(
            "Content", "SELF IN %@", [ref("Content", 1)],
            #"""
            1:9: error: IN needs a collection or a string on its right, but <x-coredata:///Content/p1> is a 'Content' object
            SELF IN %@
                    ^^
            """#),
        .init(
            "Content", "bucket IN %@", [[ref("Bucket", 1), ref("User", 1)]],
            #"""
            1:1: error: cannot compare 'bucket' (a 'Bucket' object) with <x-coredata:///User/p1> (a 'User' object)
            bucket IN %@
            ^^^^^^
            note: a 'User' is never a 'Bucket'
            """#),
        .init(
            "Content", "ANY tags == %@", [ref("Bucket", 1)],
            #"""
            1:5: error: cannot compare 'tags' (a 'Tag' object) with <x-coredata:///Bucket/p1> (a 'Bucket' object)
            ANY tags == %@
                ^^^^
            note: a 'Bucket' is never a 'Tag'
            """#),
        .init(
            "Content", "%@ IN tags", [ref("Bucket", 1)],
            #"""
            1:7: error: 'tags' (a collection of 'Tag' objects) can never contain <x-coredata:///Bucket/p1> (a 'Bucket' object)
            %@ IN tags
                  ^^^^
            note: a 'Bucket' is never a 'Tag'
            """#),
        .init(
            "Content", "SUBQUERY(tags, $t, $t == %@).@count > 0", [ref("Bucket", 2)],
            #"""
            1:26: error: cannot compare $t (a 'Tag' object) with <x-coredata:///Bucket/p2> (a 'Bucket' object)
            SUBQUERY(tags, $t, $t == %@).@count > 0
                                     ^^
            note: a 'Bucket' is never a 'Tag'
            """#),
        .init(
            "Content", "bucket == %@", [ref("Bukcet", 1)],
            #"""
            1:11: error: the object reference <x-coredata:///Bukcet/p1> names 'Bukcet', which is not an entity of the schema
            bucket == %@
                      ^^
            note: did you mean 'Bucket'?
            """#),
        .init(
            "Content", "bucket < %@", [ref("Bucket", 1)],
            #"""
            1:1: error: objects cannot be ordered, but 'bucket' is a 'Bucket' object
            bucket < %@
            ^^^^^^
            note: compare objects with == or !=, or order by an attribute
            """#),
    ]

    @Test("refused with a caret: another hierarchy, a value that is not an object, no order", arguments: refused)
    func refuses(_ test: CheckingErrorTests.Case) throws {
        let rendered = try CheckingSample.rendered(test.format, entity: test.entity, arguments: test.arguments)
        #expect(rendered == test.expected)
    }

    @Test("the refusals are type errors, except an entity the schema does not have")
    func identifiers() throws {
        #expect(
            try CheckingSample.diagnostics("bucket == %@", entity: "Content", arguments: [Self.ref("Tag", 1)]).map(
                \.id) == ["type-mismatch"])
        #expect(
            try CheckingSample.diagnostics("bucket == %@", entity: "Content", arguments: [Self.ref("Nope", 1)]).map(
                \.id) == ["unknown-entity"])
    }

    @Test("a reference is typed as an object of the entity it names")
    func staticType() {
        #expect(StaticType(Self.ref("Bucket", 2)) == .object(entity: "Bucket"))
        #expect(StaticType([Self.ref("Tag", 1), Self.ref("Tag", "x")]) == .collection(of: .object(entity: "Tag")))
    }
}
