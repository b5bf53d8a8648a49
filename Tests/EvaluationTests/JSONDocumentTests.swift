import Evaluation
import Foundation
import Predicates
import Testing

/// ``JSONDocument``: what a predicate reads from the elements of a JSON array held as one tape,
/// and which documents are refused. Expectations follow key-value coding over decoded JSON
/// (the semantics of `predicate eval --data`).
@Suite("JSON documents")
struct JSONDocumentTests {
    static let people = """
        [{"name": "Iván", "owner": {"name": "Ann", "age": 31}},
         {"name": "Bo", "owner": null},
         {"name": "Cy"},
         {"name": "Di", "owner": {"name": "Dan", "age": 30.5}}]
        """

    static func matches(_ format: String, in text: String = people) throws -> [Int] {
        let document = try JSONDocument(jsonArray: Array(text.utf8))
        let predicate = try PredicateCompiler().compile(PredicateNode(format: format), for: document)
        return try document.indices(matching: predicate)
    }

    @Test(
        "key paths over the elements",
        arguments: [
            // Nested objects, one key at a time; an int and a double compare as numbers.
            ("owner.age > 30", [0, 3]),
            ("owner.name == 'Ann'", [0]),
            // A key an object does not have, and a key no object of the document has, read nil;
            // so does a path through null.
            ("owner.name == nil", [1, 2]),
            ("nickname == nil", [0, 1, 2, 3]),
            ("owner.nickname == nil", [0, 1, 2, 3]),
            ("owner.@count == 2", [0, 3]),
            // Non-ASCII strings, compared with and without folding.
            ("name == 'Iván'", [0]),
            ("name ==[cd] 'ivan'", [0]),
            ("name IN {'Bo', 'Cy'}", [1, 2]),
            ("SELF.name BEGINSWITH 'D'", [3]),
        ])
    func paths(format: String, expected: [Int]) throws {
        #expect(try Self.matches(format) == expected)
    }

    @Test("through an array, the rest of a key path applies to each element")
    func throughArray() throws {
        let text = #"[{"owner": [{"age": 40}, {"age": 20}]}, {"owner": [{"age": 10}, {}]}, {"owner": []}]"#
        #expect(try Self.matches("ANY owner.age > 30", in: text) == [0])
        #expect(try Self.matches("ANY owner.age == nil", in: text) == [1])
        #expect(try Self.matches("owner.@count == 2", in: text) == [0, 1])
    }

    @Test("a key path through a string is an error naming the key")
    func throughNonObject() throws {
        let text = #"[{"owner": {"name": "Ann"}}, {"owner": "nobody"}]"#
        let document = try JSONDocument(jsonArray: Array(text.utf8))
        let predicate = try PredicateCompiler().compile(PredicateNode(format: "owner.name == 'Ann'"), for: document)
        #expect(try predicate.evaluate(document[0]))
        do throws(EvaluationError) {
            _ = try predicate.evaluate(document[1])
            Issue.record("'nobody'.name was read")
        } catch {
            #expect(error.id == .unknownKey)
            #expect(error.message.contains("cannot read key 'name' of"))
        }
    }

    @Test("count over the whole document, and elements that are not objects")
    func counting() throws {
        let text = #"[{"a": 1}, 2, null, {"a": 2.5}, [{"a": 3}], {"a": "3"}]"#
        let document = try JSONDocument(jsonArray: Array(text.utf8))
        #expect(document.count == 6)
        // `2.a` is an error, so count over the objects only.
        let objects = try JSONDocument(jsonArray: Array(#"[{"a": 1}, {"a": 2.5}, {"a": "3"}, {}]"#.utf8))
        let predicate = try PredicateCompiler().compile(PredicateNode(format: "a >= 1"), for: objects)
        // Ordering "3" against 1 is an error, as over PredicateValue.
        #expect(throws: EvaluationError.self) { try objects.count(matching: predicate) }
        let numbers = try PredicateCompiler().compile(PredicateNode(format: "a IN {1, 2.5, 3}"), for: objects)
        #expect(try objects.count(matching: numbers) == 2)
        #expect(document.value(at: 4) == .array([.dictionary(["a": .int(3)])]))
        #expect(document.value(at: 2) == .null)
    }

    @Test("tagged values are resolved while loading")
    func tags() throws {
        let text = #"[{"at": {"$date": "2001-01-01T00:01:00Z"}}, {"at": {"$date": "2000-12-31T00:00:00Z"}}]"#
        let document = try JSONDocument(jsonArray: Array(text.utf8))
        #expect(document.value(at: 0) == .dictionary(["at": .date(Date(timeIntervalSinceReferenceDate: 60))]))
        let later = try PredicateCompiler().compile(PredicateNode(format: "at > CAST(0, 'NSDate')"), for: document)
        #expect(try document.indices(matching: later) == [0])
    }

    @Test(
        "refused documents",
        arguments: [
            (#"{"a": 1}"#, "json-not-array"),
            (#"[{"a": 1, "a": 2}]"#, "json-duplicate-key"),
            (#"[{"at": {"$date": "tomorrow"}}]"#, "json-tag"),
            // A problem with the text anywhere wins over a bad tag before it.
            (#"[{"at": {"$date": "tomorrow"}}, x]"#, "json-syntax"),
            (#"[1e999]"#, "json-number-range"),
            ("", "json-empty"),
        ])
    func refused(text: String, id: String) {
        do {
            _ = try JSONDocument(jsonArray: Array(text.utf8))
            Issue.record("\(text) was accepted")
        } catch {
            switch error {
            case .notAnArray: #expect(id == "json-not-array")
            case .invalid(let invalid): #expect(invalid.id.rawValue == id)
            }
        }
    }

    @Test("a predicate compiled for one document reads another by key name")
    func otherDocument() throws {
        let first = try JSONDocument(jsonArray: Array(#"[{"x": 1, "y": {"z": 2}}]"#.utf8))
        let second = try JSONDocument(jsonArray: Array(#"[{"y": {"z": 2}, "x": 1}, {"y": {"z": 3}}]"#.utf8))
        let predicate = try PredicateCompiler().compile(PredicateNode(format: "y.z == 2"), for: first)
        #expect(try second.indices(matching: predicate) == [0])
        #expect(second.keyCount == 3)
    }
}
