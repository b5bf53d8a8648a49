import Foundation
import Testing

@testable import KeyPaths

/// The one strict reading of JSON text (issue 17 items 4, 17 and 19): what it refuses and the
/// words it uses, written by hand from RFC 8259 and the package's rules.
@Suite("JSON checker: what is refused, and where")
struct JSONCheckerTests {
    /// The first problem, as text, or `nil` when the text is accepted.
    static func problem(_ text: String, limits: JSONLimits = .document) -> String? {
        do {
            try JSONChecker.check(Array(text.utf8), limits: limits)
            return nil
        } catch {
            return error.description
        }
    }

    @Test(
        "valid JSON is accepted",
        arguments: [
            "0", "-0", "1.5e-3", "-12E+4", "123456789012345678901234567890", "1e308", "1e-400", "true", "null",
            #""a\"\\\/\b\f\n\r\t\u00e9\uD83D\uDE00""#, "[]", "{}", " [1, [2, {\"a\": [3]}]] \n",
            #"{"a": 1, "b": {"a": 2}}"#,
            #"[{"a": 1}, {"a": 2}]"#, "\"日本\"", #"{"é": 1, "e": 2}"#, "\t\r\n[\r\n]",
        ])
    func accepted(_ text: String) {
        #expect(Self.problem(text) == nil)
    }

    @Test(
        "duplicate keys are refused with both places, keys compared as Swift compares strings",
        arguments: [
            (#"{"Tag": [], "Tag": []}"#, #"line 1, column 13: duplicate key "Tag" (first at line 1, column 2)"#),
            (
                "{\"entities\": [],\n \"entities\": []}",
                #"line 2, column 2: duplicate key "entities" (first at line 1, column 2)"#
            ),
            (
                #"[{"a": 1}, {"b": {"x": 1, "y": 2, "x": 3}}]"#,
                #"line 1, column 35: duplicate key "x" (first at line 1, column 19)"#
            ),
            // An escape spells the same key.
            (#"{"a": 1, "\u0061": 2}"#, #"line 1, column 10: duplicate key "a" (first at line 1, column 2)"#),
            // U+00E9 and e + U+0301 are one key to a Swift dictionary.
            (
                "{\"\u{E9}\": 1, \"e\u{301}\": 2}",
                "line 1, column 10: duplicate key \"e\u{301}\" (first at line 1, column 2)"
            ),
            // A control character in a key is shown escaped.
            (
                #"{"\u001b[31m": 1, "\u001b[31m": 2}"#,
                #"line 1, column 19: duplicate key "\u001B[31m" (first at line 1, column 2)"#
            ),
        ])
    func duplicateKeys(_ text: String, _ expected: String) {
        #expect(Self.problem(text) == expected)
    }

    @Test(
        "numbers out of Double's range are refused where they start; underflow is not",
        arguments: [
            (
                "1e999",
                "line 1, column 1: the number 1e999 is out of range (a double holds at most ±1.7976931348623157e308)"
            ),
            (
                #"[1, {"a": -1e400}]"#,
                "line 1, column 11: the number -1e400 is out of range (a double holds at most ±1.7976931348623157e308)"
            ),
            (
                "1" + String(repeating: "0", count: 309),
                "line 1, column 1: the number 1000000000000000000000000000000000000000… is out of range (a double holds at most ±1.7976931348623157e308)"
            ),
            (
                "0.0001e313",
                "line 1, column 1: the number 0.0001e313 is out of range (a double holds at most ±1.7976931348623157e308)"
            ),
            ("1.7976931348623157e308", nil), ("0.0001e312", nil), ("1e-99999999", nil),
        ] as [(String, String?)])
    func numberRange(_ text: String, _ expected: String?) {
        #expect(Self.problem(text) == expected)
    }

    @Test(
        "syntax errors say what was expected and what was found",
        arguments: [
            ("", "empty input"), (" \n ", "empty input"),
            ("[1, 2", "line 1, column 6: expected ',' or ']', found the end of the input"),
            ("[1, 2 x]", "line 1, column 7: expected ',' or ']', found 'x'"),
            ("{\"a\" 1}", "line 1, column 6: expected ':' after the key, found '1'"),
            ("{1: 2}", "line 1, column 2: expected a key string or '}', found '1'"),
            ("{\"a\": 1,}", "line 1, column 9: expected a key string, found '}'"),
            ("[1,]", "line 1, column 4: expected a value, found ']'"),
            ("[1] 2", "line 1, column 5: unexpected '2' after the JSON value"),
            ("01", "line 1, column 1: a number cannot start with 0 followed by another digit (0…)"),
            ("1.", "line 1, column 3: expected a digit after '.' in the number, found the end of the input"),
            ("-x", "line 1, column 2: expected a digit after '-' in the number, found 'x'"),
            ("1e+]", "line 1, column 4: expected a digit in the exponent in the number, found ']'"),
            ("tru", "line 1, column 4: expected 'true', found the end of the input"),
            ("nul1", "line 1, column 4: expected 'null', found '1'"),
            ("\"abc", "line 1, column 1: unterminated string: the closing '\"' is missing"),
            ("[\"a\nb\"]", "line 1, column 4: control character byte 0x0A in a string; write it as \\u000A"),
            (
                #""\q""#,
                #"line 1, column 2: invalid escape '\q' in a string (escapes are \" \\ \/ \b \f \n \r \t \uXXXX)"#
            ),
            (#""\u12G4""#, "line 1, column 2: expected four hex digits after '\\u', found 'G'"),
            (
                #""\uD83D""#,
                #"line 1, column 2: unpaired surrogate \uD83D (a character above U+FFFF is written as two escapes, e.g. \uD83D\uDE00)"#
            ),
            (
                #""\uDE00""#,
                #"line 1, column 2: unpaired surrogate \uDE00 (a character above U+FFFF is written as two escapes, e.g. \uD83D\uDE00)"#
            ),
            ("\u{0}", "line 1, column 1: expected a value, found byte 0x00"),
            ("[\"é\", é]", "line 1, column 7: expected a value, found a non-ASCII character (byte 0xC3)"),
            ("\n\n  [1, }", "line 3, column 7: expected a value, found '}'"),
        ])
    func syntax(_ text: String, _ expected: String) {
        #expect(Self.problem(text) == expected)
    }

    @Test("bytes that are not UTF-8 are named with their line and column, as TextEncoding names them")
    func encoding() throws {
        let latin1: [UInt8] = Array("[\"ok\",\n \"caf".utf8) + [0xE9] + Array("\"]".utf8)
        let expected =
            "line 2, column 6: byte 0xE9 is not valid UTF-8 (Latin-1 or Windows-1252 text?); save the file as UTF-8"
        #expect(
            throws: JSONTextError(
                .encoding, at: JSONPlace(line: 2, column: 6, offset: 12), String(expected.dropFirst(18)))
        ) {
            try JSONChecker.check(latin1)
        }
        #expect(TextEncoding.problem(in: latin1) == expected)
        // Columns count characters: "日本" is two columns, six bytes.
        let afterWide: [UInt8] = Array("[\"日本\", \"".utf8) + [0xFF] + Array("\"]".utf8)
        #expect(
            Self.describe(afterWide)
                == "line 1, column 9: byte 0xFF is not valid UTF-8 (Latin-1 or Windows-1252 text?); save the file as UTF-8"
        )
        #expect(TextEncoding.problem(in: afterWide) == Self.describe(afterWide))
        // A byte-order mark and UTF-16 text are named for what they are.
        #expect(
            Self.describe([0xEF, 0xBB, 0xBF] + Array("[1]".utf8))?.hasPrefix(
                "the file starts with a UTF-8 byte-order mark") == true)
        #expect(
            Self.describe([0xFF, 0xFE, 0x5B, 0x00])?.hasPrefix("the file starts with a UTF-16 byte-order mark") == true)
        #expect(Self.describe([0x5B, 0x00, 0x5D, 0x00])?.hasPrefix("the file looks like UTF-16 text") == true)
        // A truncated character at the end names its first byte.
        #expect(
            Self.describe(Array("\"a".utf8) + [0xE6, 0x97])?.hasPrefix("line 1, column 3: byte 0xE6 is not valid UTF-8")
                == true)
    }

    static func describe(_ bytes: [UInt8]) -> String? {
        do {
            try JSONChecker.check(bytes)
            return nil
        } catch {
            return error.description
        }
    }

    @Test("nesting is bounded: 512 levels pass, 513 are refused at the bracket that goes too deep")
    func depth() {
        #expect(Self.problem(String(repeating: "[", count: 512) + String(repeating: "]", count: 512)) == nil)
        #expect(
            Self.problem(String(repeating: "[", count: 513) + String(repeating: "]", count: 513))
                == "line 1, column 513: arrays and objects nested deeper than 512 levels")
    }

    @Test("a string or number one byte over its limit is refused where it starts; at the limit it is fine")
    func tokenLimit() {
        let limits = JSONLimits(maximumTokenBytes: 5)
        #expect(Self.problem(#"["abcde", 12345, -1234]"#, limits: limits) == nil)
        #expect(
            Self.problem(#"[1, "abcdef"]"#, limits: limits)
                == "line 1, column 5: the string is longer than 5 bytes, the limit for one string")
        // Escapes count as written.
        #expect(
            Self.problem(#""abcd\n""#, limits: limits)
                == "line 1, column 1: the string is longer than 5 bytes, the limit for one string")
        #expect(
            Self.problem("[123456]", limits: limits)
                == "line 1, column 2: the number is longer than 5 bytes, the limit for one number")
        #expect(
            Self.problem(#"{"abcdef": 1}"#, limits: limits)
                == "line 1, column 2: the string is longer than 5 bytes, the limit for one string")
    }

    @Test("an element of a streamed array is bounded from its first byte to its last")
    func elementLimit() {
        let limits = JSONLimits(maximumElementBytes: 8)
        #expect(Self.problem(#"[{"a": 1}, 12345678, "123456"]"#, limits: limits) == nil)
        #expect(
            Self.problem(#"[1, {"a":  1}]"#, limits: limits)
                == "line 1, column 5: the value is longer than 8 bytes, the limit for one element")
        #expect(
            Self.problem("[123456789]", limits: limits)
                == "line 1, column 2: the value is longer than 8 bytes, the limit for one element")
        // Only elements of the top-level array: the array itself may be longer.
        #expect(Self.problem("[1, 2, 3, 4, 5, 6, 7, 8, 9]", limits: limits) == nil)
    }

    /// Feeds `bytes` to `checker`: the problem it throws, if any.
    static func feed(_ checker: inout JSONChecker, _ bytes: [UInt8]) -> JSONTextError? {
        bytes.withUnsafeBytes { buffer in
            do throws(JSONTextError) {
                _ = try checker.feed(buffer)
                return nil
            } catch {
                return error
            }
        }
    }

    @Test("endless input is refused after a bounded amount of it")
    func endless() {
        var checker = JSONChecker(limits: JSONLimits(maximumTokenBytes: 1_000))
        let piece = Array(repeating: UInt8(ascii: "a"), count: 64)
        var fed = 0
        var refused = Self.feed(&checker, Array(#"[""#.utf8))
        while fed < 1_000_000, refused == nil {
            refused = Self.feed(&checker, piece)
            fed += piece.count
        }
        #expect(
            refused?.description == "line 1, column 2: the string is longer than 1,000 bytes, the limit for one string")
        #expect(fed <= 1_064)
        // Zero bytes are refused at the first one.
        var zeros = JSONChecker()
        #expect(
            Self.feed(&zeros, [UInt8](repeating: 0, count: 65_536))?.description
                == "line 1, column 1: expected a value, found byte 0x00")
    }

    @Test("a streamed array stops after each element with its offsets")
    func elements() throws {
        let text = Array(#" [1, {"a": [2, 3]}, "x" , null,[]] "#.utf8)
        var checker = JSONChecker(limits: .stream)
        var ranges: [String] = []
        var index = 0
        try text.withUnsafeBytes { bytes in
            while let stop = try checker.feed(bytes, from: index, stopAfterElement: true) {
                if let range = checker.elementEnded { ranges.append(String(decoding: text[range], as: UTF8.self)) }
                index = stop
            }
        }
        try checker.finish()
        #expect(ranges == ["1", #"{"a": [2, 3]}"#, #""x""#, "null", "[]"])
        #expect(checker.documentStart == UInt8(ascii: "["))
    }
}
