import Foundation
import KeyPaths
import Predicates

/// JSON text could not be read as a value.
///
/// ```
/// json-syntax: line 1, column 15: expected ',' or '}', found 'x'
/// json-duplicate-key: line 1, column 10: duplicate key "a" (first at line 1, column 2)
/// ```
public struct JSONValueError: DiagnosticConvertible, Sendable, Hashable, CustomStringConvertible {
    /// `"json-syntax"`, `"json-depth"`, `"json-encoding"` (not UTF-8), `"json-duplicate-key"`,
    /// `"json-number-range"` (a number no `Double` holds), `"json-too-long"` (a string, number
    /// or streamed element beyond its limit), `"json-empty"`, or `"json-tag"` (a malformed
    /// `{"$date": …}`).
    public var id: DiagnosticID
    /// What is wrong and where (`line 1, column 15: …`).
    public var message: String

    /// Creates an error.
    public init(id: DiagnosticID, message: String) {
        self.id = id
        self.message = message
    }

    public var description: String { "\(id): \(message)" }

    /// The one diagnostic; its message names the line and column (the JSON text is not kept).
    public var diagnostics: [Diagnostic] { [Diagnostic(id: id, message: message, range: nil)] }

    /// The error of text the package's strict reading refuses, in its words.
    package init(_ error: JSONTextError) {
        self.init(id: DiagnosticID(rawValue: error.id), message: error.description)
    }
}

extension PredicateValue {
    /// Parses JSON text (RFC 8259) into a value, decoding tagged objects:
    ///
    /// | JSON | value |
    /// |---|---|
    /// | `42`, `-7` | `.int` (integers that fit in `Int`) |
    /// | `2.5`, `1.0`, `1e3`, `12345678901234567890` | `.double` |
    /// | `{"$date": "2020-01-01T00:00:00Z"}` | `.date` (ISO 8601, fractional seconds and offsets allowed; a bare `2020-01-01` is midnight UTC) |
    /// | `{"$set": [1, 2]}` | `.set` |
    /// | `{"$data": "AQI="}` | `.data` (base64) |
    /// | `{"$uuid": "…"}` | `.uuid` |
    /// | other objects, arrays, strings, `true`, `null` | `.dictionary`, `.array`, `.string`, `.bool`, `.null` |
    ///
    /// The text is read strictly, as every JSON reader of the package reads it: a key written
    /// twice in one object, a number no `Double` holds (`1e999`), bytes that are not UTF-8,
    /// nesting deeper than `maximumDepth` and a string longer than 16 MiB are errors naming
    /// their line and column.
    public init(json text: String, maximumDepth: Int = 512) throws(JSONValueError) {
        self = try JSONTaggedValues.untag(try Self.parse(Array(text.utf8), maximumDepth: maximumDepth))
    }

    /// Parses JSON text without decoding tagged objects (`{"$date": …}` stays a dictionary), so
    /// that a caller can decode the fields one by one with ``JSONTaggedValues/untag(_:)`` and
    /// say which field holds a bad tag.
    package init(jsonKeepingTags text: String, maximumDepth: Int = 512) throws(JSONValueError) {
        self = try Self.parse(Array(text.utf8), maximumDepth: maximumDepth)
    }

    /// Parses UTF-8 JSON bytes; see ``init(json:maximumDepth:)``. Bytes that are not UTF-8 text
    /// (a byte-order mark, UTF-16, Latin-1) are named as such rather than read as garbled
    /// characters.
    public init(jsonData data: Data, maximumDepth: Int = 512) throws(JSONValueError) {
        self = try JSONTaggedValues.untag(try Self.parse(Array(data), maximumDepth: maximumDepth))
    }

    /// The value of `bytes`, tags not resolved, once ``JSONChecker`` accepts them.
    ///
    /// The checker leaves the keys to the parser, whose dictionaries compare them anyway; a
    /// key written twice makes the parser say so, and the text is read again by a checker that
    /// compares keys, for the message and the places (`JSONChecker` words every refusal).
    private static func parse(_ bytes: [UInt8], maximumDepth: Int) throws(JSONValueError) -> PredicateValue {
        let limits = JSONLimits(maximumDepth: maximumDepth)
        let built = bytes.withUnsafeBytes { buffer in
            Result { () throws(JSONValueError) in
                var checker = JSONChecker(limits: limits, comparingKeys: false)
                do throws(JSONTextError) {
                    _ = try checker.feed(buffer)
                    try checker.finish()
                } catch {
                    throw JSONValueError(error)
                }
                var parser = JSONValueParser(buffer)
                let value = try parser.document()
                if parser.sawRepeatedKey {
                    var comparing = JSONChecker(limits: limits)
                    do throws(JSONTextError) {
                        _ = try comparing.feed(buffer)
                    } catch {
                        throw JSONValueError(error)
                    }
                }
                return value
            }
        }
        return try built.get()
    }
}

/// Builds the value of JSON text that ``JSONChecker`` accepted (tags not resolved), over its
/// bytes: it relies on the checker for every refusal and only answers a `json-syntax` error if
/// given text the checker did not accept. Recursion is bounded by the checker's depth limit.
struct JSONValueParser {
    private let bytes: UnsafeRawBufferPointer
    private var position: Int
    /// Whether an object named a key twice (the text is then refused by a checker that
    /// compares keys, for the message).
    private(set) var sawRepeatedKey = false

    /// A parser of the value at `start` in `bytes`, which must outlive it.
    init(_ bytes: UnsafeRawBufferPointer, start: Int = 0) {
        self.bytes = bytes
        self.position = start
    }

    /// The value, which must be all the text but whitespace.
    mutating func document() throws(JSONValueError) -> PredicateValue {
        let value = try self.value()
        skipWhitespace()
        guard position == bytes.count else { throw unchecked() }
        return value
    }

    /// The value at the current position.
    mutating func value() throws(JSONValueError) -> PredicateValue {
        skipWhitespace()
        guard position < bytes.count else { throw unchecked() }
        switch bytes[position] {
        case UInt8(ascii: "{"):
            position += 1
            var result: [String: PredicateValue] = [:]
            if consume(UInt8(ascii: "}")) { return .dictionary(result) }
            repeat {
                skipWhitespace()
                let key = try string()
                guard consume(UInt8(ascii: ":")) else { throw unchecked() }
                if result.updateValue(try value(), forKey: key) != nil { sawRepeatedKey = true }
            } while consume(UInt8(ascii: ","))
            guard consume(UInt8(ascii: "}")) else { throw unchecked() }
            return .dictionary(result)
        case UInt8(ascii: "["):
            position += 1
            var result: [PredicateValue] = []
            if consume(UInt8(ascii: "]")) { return .array(result) }
            repeat {
                result.append(try value())
            } while consume(UInt8(ascii: ","))
            guard consume(UInt8(ascii: "]")) else { throw unchecked() }
            return .array(result)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try word("true", .bool(true))
        case UInt8(ascii: "f"): return try word("false", .bool(false))
        case UInt8(ascii: "n"): return try word("null", .null)
        default: return try number()
        }
    }

    /// The error for text the checker did not accept.
    private func unchecked() -> JSONValueError {
        JSONValueError(id: .jsonSyntax, message: "unreadable JSON at byte \(position)")
    }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    /// Skips whitespace and consumes `byte` when it comes next.
    private mutating func consume(_ byte: UInt8) -> Bool {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    private mutating func word(_ text: StaticString, _ value: PredicateValue) throws(JSONValueError) -> PredicateValue {
        guard position + text.utf8CodeUnitCount <= bytes.count else { throw unchecked() }
        position += text.utf8CodeUnitCount
        return value
    }

    /// An integer literal that fits `Int` is `.int`; any other number `.double`.
    private mutating func number() throws(JSONValueError) -> PredicateValue {
        let start = position
        var isInteger = true
        while position < bytes.count, Self.isNumberByte(bytes[position]) {
            if bytes[position] == UInt8(ascii: ".") || bytes[position] | 0x20 == UInt8(ascii: "e") { isInteger = false }
            position += 1
        }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        if isInteger, let int = Int(text) { return .int(int) }
        guard let double = Double(text), double.isFinite else { throw unchecked() }
        return .double(double)
    }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
            UInt8(ascii: "e"), UInt8(ascii: "E"):
            true
        default: false
        }
    }

    /// A string (the opening quote next); escapes decoded.
    private mutating func string() throws(JSONValueError) -> String {
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw unchecked() }
        position += 1
        var result = ""
        var runStart = position
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                result += text(runStart, position)
                position += 1
                return result
            }
            guard byte == UInt8(ascii: "\\") else {
                position += 1
                continue
            }
            result += text(runStart, position)
            guard position + 1 < bytes.count else { throw unchecked() }
            let escape = bytes[position + 1]
            position += 2
            switch escape {
            case UInt8(ascii: "b"): result += "\u{8}"
            case UInt8(ascii: "f"): result += "\u{C}"
            case UInt8(ascii: "n"): result += "\n"
            case UInt8(ascii: "r"): result += "\r"
            case UInt8(ascii: "t"): result += "\t"
            case UInt8(ascii: "u"): result.unicodeScalars.append(try unicodeEscape())
            default: result.unicodeScalars.append(Unicode.Scalar(escape))
            }
            runStart = position
        }
        throw unchecked()
    }

    private func text(_ start: Int, _ end: Int) -> String {
        String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }

    /// After `\u`: four hex digits, or a surrogate pair `\uD83D\uDE00`.
    private mutating func unicodeEscape() throws(JSONValueError) -> Unicode.Scalar {
        let first = try hex4()
        var value = first
        if (0xD800...0xDBFF).contains(first) {
            position += 2
            value = 0x10000 &+ ((first &- 0xD800) << 10) &+ (try hex4() &- 0xDC00)
        }
        guard let scalar = Unicode.Scalar(value) else { throw unchecked() }
        return scalar
    }

    private mutating func hex4() throws(JSONValueError) -> UInt32 {
        guard position + 4 <= bytes.count else { throw unchecked() }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position] | 0x20
            value =
                value * 16
                + UInt32(byte <= UInt8(ascii: "9") ? byte - UInt8(ascii: "0") : byte - UInt8(ascii: "a") + 10)
            position += 1
        }
        return value
    }
}
