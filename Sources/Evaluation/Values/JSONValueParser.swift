import Foundation
import KeyPaths
import Predicates

/// JSON text could not be read as a value.
///
/// ```
/// json-syntax: expected ',' or '}' at byte 14
/// ```
public struct JSONValueError: Error, Sendable, Hashable, CustomStringConvertible {
    /// `"json-syntax"`, `"json-depth"` or `"json-tag"` (a malformed `{"$date": …}`).
    public var id: String
    /// What is wrong and where.
    public var message: String

    /// Creates an error.
    public init(id: String, message: String) {
        self.id = id
        self.message = message
    }

    public var description: String { "\(id): \(message)" }
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
    /// Nesting deeper than `maximumDepth` is an error rather than a stack overflow.
    public init(json text: String, maximumDepth: Int = 512) throws(JSONValueError) {
        var parser = JSONValueParser(bytes: Array(text.utf8), maximumDepth: maximumDepth)
        self = try JSONTaggedValues.untag(try parser.parseDocument())
    }

    /// Parses JSON text without decoding tagged objects (`{"$date": …}` stays a dictionary), so
    /// that a caller can decode the fields one by one with ``JSONTaggedValues/untag(_:)`` and
    /// say which field holds a bad tag.
    package init(jsonKeepingTags text: String, maximumDepth: Int = 512) throws(JSONValueError) {
        var parser = JSONValueParser(bytes: Array(text.utf8), maximumDepth: maximumDepth)
        self = try parser.parseDocument()
    }

    /// Parses UTF-8 JSON bytes; see ``init(json:maximumDepth:)``.
    public init(jsonData data: Data, maximumDepth: Int = 512) throws(JSONValueError) {
        // Bytes that are not UTF-8 text (a byte-order mark, UTF-16, Latin-1) are named as such
        // rather than read as garbled characters.
        if let problem = TextEncoding.problem(in: data) {
            throw JSONValueError(id: "json-encoding", message: problem)
        }
        var parser = JSONValueParser(bytes: Array(data), maximumDepth: maximumDepth)
        self = try JSONTaggedValues.untag(try parser.parseDocument())
    }
}

/// A small recursive-descent JSON reader over UTF-8 bytes, bounded by a depth limit.
struct JSONValueParser {
    private let bytes: [UInt8]
    private(set) var position = 0
    private let maximumDepth: Int

    init(bytes: [UInt8], maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
    }

    /// The byte at the current position, or `nil` at the end.
    var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    /// Steps over the current byte.
    mutating func advance() { position += 1 }

    mutating func parseDocument() throws(JSONValueError) -> PredicateValue {
        let value = try parseValue(depth: 0)
        skipWhitespace()
        guard position == bytes.count else { throw error("unexpected text after the JSON value") }
        return value
    }

    func error(_ message: String) -> JSONValueError {
        JSONValueError(id: "json-syntax", message: "\(message) at byte \(position)")
    }

    mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    mutating func parseValue(depth: Int) throws(JSONValueError) -> PredicateValue {
        guard depth <= maximumDepth else {
            throw JSONValueError(id: "json-depth", message: "nesting deeper than \(maximumDepth) at byte \(position)")
        }
        skipWhitespace()
        guard position < bytes.count else { throw error("expected a value") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth)
        case UInt8(ascii: "["): return try parseArray(depth: depth)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"):
            try expectWord("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectWord("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectWord("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw error("unexpected character '\(Character(Unicode.Scalar(bytes[position])))'")
        }
    }

    mutating func expectWord(_ word: String) throws(JSONValueError) {
        for byte in word.utf8 {
            guard position < bytes.count, bytes[position] == byte else { throw error("expected '\(word)'") }
            position += 1
        }
    }

    private mutating func parseObject(depth: Int) throws(JSONValueError) -> PredicateValue {
        position += 1
        var result: [String: PredicateValue] = [:]
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1
            return .dictionary(result)
        }
        while true {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
                throw error("expected a key string")
            }
            let key = try parseString()
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw error("expected ':'") }
            position += 1
            result[key] = try parseValue(depth: depth + 1)
            skipWhitespace()
            guard position < bytes.count else { throw error("expected ',' or '}'") }
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
            } else if bytes[position] == UInt8(ascii: "}") {
                position += 1
                return .dictionary(result)
            } else {
                throw error("expected ',' or '}'")
            }
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONValueError) -> PredicateValue {
        position += 1
        var result: [PredicateValue] = []
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
            return .array(result)
        }
        while true {
            result.append(try parseValue(depth: depth + 1))
            skipWhitespace()
            guard position < bytes.count else { throw error("expected ',' or ']'") }
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
            } else if bytes[position] == UInt8(ascii: "]") {
                position += 1
                return .array(result)
            } else {
                throw error("expected ',' or ']'")
            }
        }
    }

    private mutating func parseNumber() throws(JSONValueError) -> PredicateValue {
        let start = position
        var isInteger = true
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        guard digits() > 0 else { throw error("expected a digit") }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            isInteger = false
            position += 1
            guard digits() > 0 else { throw error("expected a digit after '.'") }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            isInteger = false
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard digits() > 0 else { throw error("expected a digit in the exponent") }
        }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        if isInteger, let int = Int(text) { return .int(int) }
        guard let double = Double(text) else { throw error("invalid number '\(text)'") }
        return .double(double)
    }

    private mutating func digits() -> Int {
        let start = position
        while position < bytes.count, bytes[position] >= UInt8(ascii: "0"), bytes[position] <= UInt8(ascii: "9") {
            position += 1
        }
        return position - start
    }

    private mutating func parseString() throws(JSONValueError) -> String {
        position += 1
        var scalars = String.UnicodeScalarView()
        var runStart = position
        var result = ""
        while true {
            guard position < bytes.count else { throw error("unterminated string") }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                result += String(decoding: bytes[runStart..<position], as: UTF8.self)
                position += 1
                return result
            }
            if byte < 0x20 { throw error("control character in string") }
            if byte != UInt8(ascii: "\\") {
                position += 1
                continue
            }
            result += String(decoding: bytes[runStart..<position], as: UTF8.self)
            position += 1
            guard position < bytes.count else { throw error("unterminated escape") }
            let escape = bytes[position]
            position += 1
            scalars.removeAll()
            switch escape {
            case UInt8(ascii: "\""): result += "\""
            case UInt8(ascii: "\\"): result += "\\"
            case UInt8(ascii: "/"): result += "/"
            case UInt8(ascii: "b"): result += "\u{8}"
            case UInt8(ascii: "f"): result += "\u{C}"
            case UInt8(ascii: "n"): result += "\n"
            case UInt8(ascii: "r"): result += "\r"
            case UInt8(ascii: "t"): result += "\t"
            case UInt8(ascii: "u"): result.unicodeScalars.append(try parseUnicodeEscape())
            default: throw error("invalid escape '\\\(Character(Unicode.Scalar(escape)))'")
            }
            runStart = position
        }
    }

    /// After `\u`: four hex digits, or a surrogate pair `\uD83D\uDE00`.
    private mutating func parseUnicodeEscape() throws(JSONValueError) -> Unicode.Scalar {
        let first = try hex4()
        if (0xD800...0xDBFF).contains(first) {
            guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
                bytes[position + 1] == UInt8(ascii: "u")
            else { throw error("unpaired surrogate") }
            position += 2
            let second = try hex4()
            guard (0xDC00...0xDFFF).contains(second) else { throw error("unpaired surrogate") }
            let value = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
            guard let scalar = Unicode.Scalar(value) else { throw error("invalid code point") }
            return scalar
        }
        guard let scalar = Unicode.Scalar(first) else { throw error("unpaired surrogate") }
        return scalar
    }

    private mutating func hex4() throws(JSONValueError) -> UInt32 {
        guard position + 4 <= bytes.count else { throw error("expected four hex digits") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("expected four hex digits")
            }
            value = value * 16 + digit
            position += 1
        }
        return value
    }
}
