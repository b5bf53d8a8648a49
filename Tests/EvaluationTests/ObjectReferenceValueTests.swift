import Evaluation
import Foundation
import Predicates
import Testing

/// Object references as values: the `{"$ref": …}` tag in JSON, and how a reference compares
/// with objects that have an identity (``KeyValueReadable/predicateReference``), in the
/// compiled evaluator and the reference interpreter alike.
@Suite("Object references as values")
struct ObjectReferenceValueTests {
    /// An object with an identity: a `Folder` keyed by an integer, holding a `parent`.
    struct Folder: KeyValueReadable {
        var id: Int
        var parent: Int?

        func predicateValue(forKey key: String) throws(EvaluationError) -> EvaluationValue {
            switch key {
            case "id": return .int(id)
            case "parent": return parent.map { .object(EvaluationObject(Folder(id: $0, parent: nil))) } ?? .null
            default: throw .unknownKey(key, in: "Folder")
            }
        }

        var predicateReference: ObjectReference? { ObjectReference(entity: "Folder", id: .int(id)) }
    }

    /// An object without an identity: no reference ever equals it.
    struct Note: KeyValueReadable {
        func predicateValue(forKey key: String) throws(EvaluationError) -> EvaluationValue { .null }
    }

    static func ref(_ entity: String, _ id: ObjectKey) -> PredicateValue {
        .reference(ObjectReference(entity: entity, id: id))
    }

    // MARK: JSON

    @Test(
        "{\"$ref\": …} reads an entity and an integer or string id, and is written back the same way",
        arguments: [
            (#"{"$ref": {"entity": "Bucket", "id": 2}}"#, ref("Bucket", 2), #"{"$ref":{"entity":"Bucket","id":2}}"#),
            (
                #"{"$ref": {"id": "a\"1", "entity": "Tag"}}"#, ref("Tag", "a\"1"),
                #"{"$ref":{"entity":"Tag","id":"a\"1"}}"#
            ),
            (
                #"[{"$ref": {"entity": "Content", "id": 1}}, null]"#, .array([ref("Content", 1), .null]),
                #"[{"$ref":{"entity":"Content","id":1}},null]"#
            ),
        ])
    func json(text: String, value: PredicateValue, written: String) throws {
        #expect(try PredicateValue(json: text) == value)
        #expect(value.jsonText() == written)
        #expect(try PredicateValue(json: value.jsonText()) == value)
    }

    @Test(
        "a malformed reference is a json-tag error saying what it needs",
        arguments: [
            (#"{"$ref": 2}"#, #""$ref" needs an object {"entity": "Bucket", "id": 2}, got the number 2"#),
            (#"{"$ref": {"entity": "Bucket"}}"#, #""$ref" needs "id": the object's key, an integer or a string"#),
            (#"{"$ref": {"id": 2}}"#, #""$ref" needs "entity": the name of an entity, such as "Bucket""#),
            (#"{"$ref": {"entity": "", "id": 2}}"#, #""$ref" needs "entity": the name of an entity, such as "Bucket""#),
            (#"{"$ref": {"entity": 5, "id": 2}}"#, #""$ref" needs "entity": the name of an entity, such as "Bucket""#),
            (
                #"{"$ref": {"entity": "Bucket", "id": 2.5}}"#,
                #""$ref" needs an integer or a string "id", got the number 2.5"#
            ),
            (#"{"$ref": {"entity": "Bucket", "id": null}}"#, #""$ref" needs an integer or a string "id", got null"#),
            (
                #"{"$ref": {"entity": "Bucket", "id": 2, "name": "x"}}"#,
                #""$ref" takes only "entity" and "id", not "name""#
            ),
        ])
    func malformed(text: String, message: String) {
        #expect(throws: JSONValueError(id: "json-tag", message: message)) { try PredicateValue(json: text) }
    }

    @Test("only an object whose one key is \"$ref\" is a reference (the tag rule)")
    func oneKeyRule() throws {
        let value = try PredicateValue(json: #"{"$ref": {"entity": "Bucket", "id": 2}, "x": 1}"#)
        #expect(value == .dictionary(["$ref": .dictionary(["entity": "Bucket", "id": 2]), "x": 1]))
    }

    @Test("Foundation values convert: a decoded {\"$ref\": …} and an ObjectReference given as Any")
    func foundation() throws {
        let object = try JSONSerialization.jsonObject(with: Data(#"{"$ref": {"entity": "Tag", "id": 3}}"#.utf8))
        #expect(PredicateValue(jsonObject: object) == Self.ref("Tag", 3))
        #expect(PredicateValue(jsonObject: ObjectReference(entity: "Tag", id: 3)) == Self.ref("Tag", 3))
        // An object with an identity, as a constant, is its reference.
        #expect(PredicateValue(jsonObject: Folder(id: 4, parent: nil)) == Self.ref("Folder", 4))
        #expect(PredicateValue(jsonObject: Note()) == nil)
    }

    // MARK: Comparisons

    /// (format, argument, object, expected): each checked compiled and interpreted.
    static let comparisons: [(String, PredicateValue, Folder, Bool)] = [
        ("SELF == %@", ref("Folder", 4), Folder(id: 4, parent: nil), true),
        ("SELF == %@", ref("Folder", 5), Folder(id: 4, parent: nil), false),
        ("SELF == %@", ref("Folder", "4"), Folder(id: 4, parent: nil), false),
        ("SELF == %@", ref("File", 4), Folder(id: 4, parent: nil), false),
        ("SELF != %@", ref("Folder", 5), Folder(id: 4, parent: nil), true),
        ("SELF IN %@", [ref("Folder", 1), ref("Folder", 4)], Folder(id: 4, parent: nil), true),
        ("SELF IN %@", [ref("Folder", 1), 4], Folder(id: 4, parent: nil), false),
        ("SELF IN %@", .set([ref("Folder", 4)]), Folder(id: 4, parent: nil), true),
        ("parent == %@", ref("Folder", 1), Folder(id: 4, parent: 1), true),
        ("parent == %@", ref("Folder", 1), Folder(id: 4, parent: nil), false),
        ("parent != %@", ref("Folder", 1), Folder(id: 4, parent: nil), true),
        ("parent IN %@", [ref("Folder", 2), ref("Folder", 1)], Folder(id: 4, parent: 1), true),
        ("%@ IN {SELF}", ref("Folder", 4), Folder(id: 4, parent: nil), true),
    ]

    @Test("a reference equals the object it names, compiled and interpreted", arguments: comparisons)
    func compares(format: String, argument: PredicateValue, object: Folder, expected: Bool) throws {
        let predicate = try PredicateNode(format: format, argument)
        let compiled = try PredicateCompiler().compile(predicate, for: Folder.self)
        #expect(try compiled.evaluate(object) == expected)
        let interpreted = try ReferenceInterpreter().evaluate(predicate, on: .object(EvaluationObject(object)))
        #expect(interpreted == expected)
    }

    @Test("an object without an identity equals no reference")
    func noIdentity() throws {
        let predicate = try PredicateNode(format: "SELF IN %@", [Self.ref("Note", 1)])
        #expect(try PredicateCompiler().compile(predicate, for: Note.self).evaluate(Note()) == false)
    }

    @Test("equal values hash alike: an object and the references naming it")
    func hashing() {
        let object = EvaluationValue.object(EvaluationObject(Folder(id: 4, parent: nil)))
        let reference = EvaluationValue.reference(ObjectReference(entity: "Folder", id: 4))
        #expect(object == reference)
        #expect(reference == object)
        #expect(object.hashValue == reference.hashValue)
        #expect(Set([reference]).contains(object))
        #expect(EvaluationValue.reference(ObjectReference(entity: "Folder", id: 4)) == reference)
        #expect(EvaluationValue.reference(ObjectReference(entity: "Folder", id: 5)) != reference)
    }

    @Test("references in JSON data compare with references given as arguments")
    func jsonData() throws {
        let data = try PredicateValue(json: #"{"owner": {"$ref": {"entity": "User", "id": "u1"}}}"#)
        let compiled = try PredicateCompiler().compile(
            try PredicateNode(format: "owner == %@", Self.ref("User", "u1")), for: PredicateValue.self)
        #expect(try compiled.evaluate(data))
    }

    @Test("references have no order: ordering one is a not-comparable error")
    func noOrder() throws {
        let predicate = try PredicateNode(format: "SELF < %@", Self.ref("Folder", 5))
        #expect {
            try PredicateCompiler().compile(predicate, for: Folder.self).evaluate(Folder(id: 4, parent: nil))
        } throws: { error in
            (error as? EvaluationError)?.id == "not-comparable"
        }
    }
}
