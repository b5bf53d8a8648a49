import Foundation
import Predicates
import Testing

/// An object reference is a constant of the language, reached only through `%@`: how it is
/// printed, dumped, archived and refused where a specifier needs something else.
@Suite("Object references as constants")
struct ObjectReferenceTests {
    static let bucket = ObjectReference(entity: "Bucket", id: 2)

    @Test(
        "printed as the path of Core Data's object URI, in angle brackets",
        arguments: [
            (ObjectReference(entity: "Bucket", id: 2), "<x-coredata:///Bucket/p2>"),
            (ObjectReference(entity: "Bucket", id: -7), "<x-coredata:///Bucket/p-7>"),
            (ObjectReference(entity: "Tag", id: "a1"), #"<x-coredata:///Tag/"a1">"#),
            (ObjectReference(entity: "Tag", id: "p2"), #"<x-coredata:///Tag/"p2">"#),
            (ObjectReference(entity: "Tag", id: #"say "hi"\"#), #"<x-coredata:///Tag/"say \"hi\"\\">"#),
        ])
    func printed(reference: ObjectReference, text: String) throws {
        #expect(reference.description == text)
        let predicate = try PredicateNode(format: "bucket == %@", .reference(reference))
        #expect(predicate.predicateFormat == "bucket == " + text)
    }

    @Test("the printed text never parses back: a reference reaches a predicate only as an argument")
    func notReparseable() throws {
        let predicate = try PredicateNode(format: "SELF IN %@", [.reference(Self.bucket), nil])
        #expect(predicate.predicateFormat == "SELF IN {<x-coredata:///Bucket/p2>, nil}")
        #expect(throws: PredicateSyntaxError.self) { try PredicateNode(format: predicate.predicateFormat) }
        let again = try PredicateNode(format: "SELF IN %@", [.reference(Self.bucket), nil])
        #expect(again == predicate)
    }

    @Test("the tree dump names the entity and the key")
    func dump() throws {
        #expect(
            try PredicateNode(format: "bucket == %@", .reference(Self.bucket)).sExpression
                == #"(== (key bucket) (ref "Bucket" 2))"#)
        #expect(
            try PredicateNode(format: "bucket == %@", .reference(ObjectReference(entity: "Bucket", id: "a")))
                .sExpression == #"(== (key bucket) (ref "Bucket" "a"))"#)
    }

    @Test("a predicate holding references survives a JSON archive")
    func codable() throws {
        let predicate = try PredicateNode(
            format: "bucket == %@ OR SELF IN %@", .reference(Self.bucket),
            .set([.reference(ObjectReference(entity: "Content", id: "k1")), .reference(Self.bucket)]))
        let restored = try JSONDecoder().decode(PredicateNode.self, from: JSONEncoder().encode(predicate))
        #expect(restored == predicate)
        let reference = try JSONDecoder().decode(ObjectReference.self, from: Data(#"{"entity":"Tag","id":"x"}"#.utf8))
        #expect(reference == ObjectReference(entity: "Tag", id: "x"))
    }

    @Test("a specifier other than %@ refuses a reference, naming it")
    func wrongSpecifier() {
        #expect {
            try PredicateNode(format: "age > %d", .reference(Self.bucket))
        } throws: { error in
            (error as? PredicateSyntaxError)?.diagnostic.message
                == "'%d' needs an integer argument, but argument 1 is an object reference"
        }
    }

    @Test("two references are equal when entity and key are")
    func equality() {
        #expect(ObjectReference(entity: "Bucket", id: 2) == Self.bucket)
        #expect(ObjectReference(entity: "Bucket", id: "2") != Self.bucket)
        #expect(ObjectReference(entity: "Content", id: 2) != ObjectReference(entity: "ImageContent", id: 2))
    }
}
