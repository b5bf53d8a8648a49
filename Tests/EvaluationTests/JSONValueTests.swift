import Evaluation
import Foundation
import Predicates
import Testing

@Suite("JSON values")
struct JSONValueTests {
    @Test(
        "Scalars keep their JSON type",
        arguments: [
            ("42", PredicateValue.int(42)), ("-7", .int(-7)), ("2.5", .double(2.5)), ("1.0", .double(1)),
            ("1e3", .double(1000)),
            ("12345678901234567890", .double(12_345_678_901_234_567_890)), ("true", .bool(true)), ("null", .null),
            (#""a\"b\\c\n\u00e9\ud83d\ude00""#, .string("a\"b\\c\né😀")),
        ])
    func scalars(_ text: String, _ expected: PredicateValue) throws {
        #expect(try PredicateValue(json: text) == expected)
    }

    @Test(
        "Tagged objects",
        arguments: [
            (#"{"$date": "2001-01-01T00:00:00Z"}"#, PredicateValue.date(Date(timeIntervalSinceReferenceDate: 0))),
            (#"{"$date": "2001-01-01T00:00:00.250Z"}"#, .date(Date(timeIntervalSinceReferenceDate: 0.25))),
            (#"{"$date": "2001-01-01T02:00:00+02:00"}"#, .date(Date(timeIntervalSinceReferenceDate: 0))),
            (#"{"$date": "2001-01-01"}"#, .date(Date(timeIntervalSinceReferenceDate: 0))),
            (#"{"$date": "1970-01-01T00:00:00Z"}"#, .date(Date(timeIntervalSince1970: 0))),
            (#"{"$set": [1, 2, 2]}"#, .set([.int(1), .int(2)])),
            (#"{"$data": "AQI="}"#, .data(Data([1, 2]))),
            (
                #"{"$uuid": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"}"#,
                .uuid(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!)
            ),
            (#"{"$date": "x", "other": 1}"#, .dictionary(["$date": .string("x"), "other": .int(1)])),
            (#"[{"a": {"$set": []}}]"#, .array([.dictionary(["a": .set([])])])),
        ])
    func tags(_ text: String, _ expected: PredicateValue) throws {
        #expect(try PredicateValue(json: text) == expected)
    }

    @Test(
        "Malformed input is a typed error",
        arguments: [
            ("", "json-syntax"), ("{", "json-syntax"), ("[1,]", "json-syntax"), ("01x", "json-syntax"),
            ("\"\\q\"", "json-syntax"),
            ("[1] 2", "json-syntax"), (#"{"$date": "yesterday"}"#, "json-tag"), (#"{"$set": 1}"#, "json-tag"),
            (String(repeating: "[", count: 600) + String(repeating: "]", count: 600), "json-depth"),
        ])
    func errors(_ text: String, _ id: String) {
        #expect {
            _ = try PredicateValue(json: text)
        } throws: { error in
            (error as? JSONValueError)?.id == id
        }
    }

    @Test("jsonText round-trips, with sorted keys and tags")
    func roundTrip() throws {
        let value: PredicateValue = .dictionary([
            "b": .array([.int(1), .double(2.5), .double(1), .null, .bool(false)]),
            "a": .date(Date(timeIntervalSinceReferenceDate: 0.5)), "s": .set([.string("x")]),
            "q": .string("say \"hi\"\n"),
        ])
        let text = value.jsonText()
        #expect(
            text
                == #"{"a":{"$date":"2001-01-01T00:00:00.500Z"},"b":[1,2.5,1.0,null,false],"q":"say \"hi\"\n","s":{"$set":["x"]}}"#
        )
        #expect(try PredicateValue(json: text) == value)
    }

    @Test("JSONSerialization output converts, including tags")
    func jsonObject() throws {
        let object = try JSONSerialization.jsonObject(
            with: Data(#"{"n": 1, "d": 1.5, "b": true, "when": {"$date": "2001-01-01T00:00:00Z"}, "x": null}"#.utf8))
        #expect(
            PredicateValue(jsonObject: object)
                == .dictionary([
                    "n": .int(1), "d": .double(1.5), "b": .bool(true),
                    "when": .date(Date(timeIntervalSinceReferenceDate: 0)), "x": .null,
                ]))
    }
}
