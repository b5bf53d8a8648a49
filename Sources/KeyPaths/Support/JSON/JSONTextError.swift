/// A place in a text: line and column count from 1; columns count characters (Unicode
/// scalars), not bytes.
package struct JSONPlace: Sendable, Hashable, CustomStringConvertible {
    /// The line, from 1.
    package var line: Int
    /// The column, from 1, in characters.
    package var column: Int
    /// The byte offset, from 0.
    package var offset: Int

    package init(line: Int, column: Int, offset: Int) {
        self.line = line
        self.column = column
        self.offset = offset
    }

    /// `line 3, column 5`.
    package var description: String { "line \(line), column \(column)" }
}

/// Why a text is not JSON that the package's readers accept, with the place of the first
/// problem. The same fault gives the same text in every reader (values, `eval --data`'s stream,
/// `check` lines, graph files, change sets, JSON schemas):
///
/// ```
/// line 3, column 5: duplicate key "Tag" (first at line 1, column 2)
/// line 1, column 9: the number 1e999 is out of range (a double holds at most 1.7976931348623157e308)
/// line 1, column 33: expected ',' or ']', found 'x'
/// line 1, column 12: byte 0xE9 is not valid UTF-8 (Latin-1 or Windows-1252 text?); save the file as UTF-8
/// empty input
/// ```
package struct JSONTextError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kinds of problem, with their stable identifiers.
    package enum Kind: String, Sendable, Hashable, CaseIterable {
        /// Not JSON: a character where it cannot be, an unterminated string, a bad escape.
        case syntax = "json-syntax"
        /// Arrays and objects nested deeper than ``JSONLimits/maximumDepth``.
        case depth = "json-depth"
        /// Bytes that are not UTF-8 text, or a byte-order mark.
        case encoding = "json-encoding"
        /// An object names a key twice.
        case duplicateKey = "json-duplicate-key"
        /// A number no `Double` holds (`1e999`).
        case numberOutOfRange = "json-number-range"
        /// A string, number or streamed element longer than its limit (``JSONLimits``).
        case tooLong = "json-too-long"
        /// Nothing but whitespace.
        case empty = "json-empty"
    }

    /// What is wrong.
    package var kind: Kind
    /// Where, or `nil` for a fault of the whole text (empty, a byte-order mark).
    package var place: JSONPlace?
    /// The explanation, without the place.
    package var message: String

    package init(_ kind: Kind, at place: JSONPlace?, _ message: String) {
        self.kind = kind
        self.place = place
        self.message = message
    }

    /// The stable identifier of the kind: `json-duplicate-key`.
    package var id: String { kind.rawValue }

    /// `line L, column C: message`, or the message alone without a place.
    package var description: String {
        place.map { "\($0): \(message)" } ?? message
    }
}

extension JSONTextError {
    /// `"Tag"`: a key or other text of the input as JSON writes it, control characters
    /// escaped, cut to 60 characters with `…`, so that a message never carries raw control
    /// characters or megabytes of text.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for (index, scalar) in text.unicodeScalars.enumerated() {
            if index == 60 {
                result += "…"
                break
            }
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                    result += "\\u" + hex(scalar.value, digits: 4)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// `'x'` for a printable ASCII byte, `byte 0x00` for any other.
    static func shown(_ byte: UInt8) -> String {
        (0x21...0x7E).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x" + hex(UInt32(byte), digits: 2)
    }

    /// Upper-case hexadecimal, padded with zeros.
    static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: Swift.max(0, digits - text.count)) + text
    }
}
