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
            // Beyond Int64: the nearest Double (doubles near 1.2e19 are 2048 apart).
            ("12345678901234567890", .double(12_345_678_901_234_567_168)), ("true", .bool(true)), ("null", .null),
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
            ("", "json-empty"), ("{", "json-syntax"), ("[1,]", "json-syntax"), ("01x", "json-syntax"),
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

    @Test(
        "A key written twice and a number out of Double's range are refused with their place (issue 17)",
        arguments: [
            (
                #"{"a": 1, "a": 2}"#,
                "json-duplicate-key: line 1, column 10: duplicate key \"a\" (first at line 1, column 2)"
            ),
            (
                #"[{"$date": "2020-01-01", "$date": "2021-01-01"}]"#,
                "json-duplicate-key: line 1, column 26: duplicate key \"$date\" (first at line 1, column 3)"
            ),
            (
                "1e999",
                "json-number-range: line 1, column 1: the number 1e999 is out of range (a double holds at most ±1.7976931348623157e308)"
            ),
            (
                #"{"d": -1e400}"#,
                "json-number-range: line 1, column 7: the number -1e400 is out of range (a double holds at most ±1.7976931348623157e308)"
            ),
        ])
    func strict(_ text: String, _ expected: String) {
        #expect {
            _ = try PredicateValue(json: text)
        } throws: { error in
            (error as? JSONValueError)?.description == expected
        }
        #expect {
            _ = try PredicateValue(jsonData: Data(text.utf8))
        } throws: { error in
            (error as? JSONValueError)?.description == expected
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
                == #"{"a":{"$date":"2001-01-01T00:00:00.5Z"},"b":[1,2.5,1.0,null,false],"q":"say \"hi\"\n","s":{"$set":["x"]}}"#
        )
        #expect(try PredicateValue(json: text) == value)
    }

    @Test(
        "Non-finite doubles and dates outside 0000–9999 are written as tags and read back",
        arguments: [
            (PredicateValue.double(.infinity), #"{"$double":"inf"}"#),
            (.double(-.infinity), #"{"$double":"-inf"}"#),
            (.double(.nan), #"{"$double":"nan"}"#),
            (.array([.double(1), .double(.infinity)]), #"[1.0,{"$double":"inf"}]"#),
            (.date(Date(timeIntervalSinceReferenceDate: 1e300)), #"{"$date":1e+300}"#),
            (.date(Date(timeIntervalSinceReferenceDate: -1e12)), #"{"$date":-1000000000000.0}"#),
            (.date(Date(timeIntervalSinceReferenceDate: .infinity)), #"{"$date":{"$double":"inf"}}"#),
            // The last second of year 9999 is still ISO 8601.
            (.date(Date(timeIntervalSince1970: 253_402_300_799)), #"{"$date":"9999-12-31T23:59:59Z"}"#),
        ])
    func nonFinite(_ value: PredicateValue, _ text: String) throws {
        #expect(value.jsonText() == text)
        let read = try PredicateValue(json: text)
        // NaN is not equal to itself as a Swift Double: compare the written text again.
        #expect(read.jsonText() == text)
        if text != #"{"$double":"nan"}"# { #expect(read == value) }
    }

    /// A date at NaN seconds is not a test argument: Foundation traps describing it.
    @Test("A NaN date is written, but refused on input")
    func nanDate() {
        let text = PredicateValue.date(Date(timeIntervalSinceReferenceDate: .nan)).jsonText()
        #expect(text == #"{"$date":{"$double":"nan"}}"#)
        #expect(throws: JSONValueError(id: "json-tag", message: "a date cannot be NaN")) {
            try PredicateValue(json: text)
        }
    }

    @Test(
        "The $double tag reads inf, -inf, nan and numbers; anything else is json-tag",
        arguments: [
            (#"{"$double": "+inf"}"#, "d:inf"), (#"{"$double": 2}"#, "d:2.0"), (#"{"$double": -0.5}"#, "d:-0.5"),
            (#"{"$double": "infinity"}"#, "json-tag"), (#"{"$double": null}"#, "json-tag"),
            (#"{"$date": true}"#, "json-tag"), (#"{"$date": 0}"#, "t:0.0"),
        ])
    func doubleTag(_ text: String, _ expected: String) {
        do {
            switch try PredicateValue(json: text) {
            case .double(let double): #expect("d:\(double)" == expected)
            case .date(let date): #expect("t:\(date.timeIntervalSinceReferenceDate)" == expected)
            case let other: Issue.record("unexpected \(other)")
            }
        } catch {
            #expect(error.id == expected)
        }
    }

    @Test("A bad tag names the bad text")
    func badTagMessages() {
        #expect(
            throws: JSONValueError(id: "json-tag", message: "'x' is not a UUID (E621E1F8-C36C-495A-93FC-0C247A3E6E5F)")
        ) {
            try PredicateValue(json: #"{"$uuid": "x"}"#)
        }
        #expect(throws: JSONValueError(id: "json-tag", message: "'2020-13-01' is not an ISO 8601 date")) {
            try PredicateValue(json: #"{"$date": "2020-13-01"}"#)
        }
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
