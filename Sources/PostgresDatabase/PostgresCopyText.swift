import Evaluation

/// The text format of `COPY … FROM STDIN`: one line per row, its values separated by tabs.
/// What the server reads back from each field is exactly the value, whatever it holds:
///
/// | value | written as |
/// |---|---|
/// | ``SQLValue/null`` | `\N` (a text that reads `\N` is written `\\N`, so the two never meet) |
/// | ``SQLValue/integer(_:)`` | its decimal digits |
/// | ``SQLValue/double(_:)`` | the shortest digits that read back as the same double, as a bound value is written (`1.5`, `5e-324`, `-0.0`); `Infinity`, `-Infinity`, `NaN` |
/// | ``SQLValue/text(_:)`` | its UTF-8 bytes with the four that the format gives a meaning escaped: backslash `\\`, newline `\n`, carriage return `\r`, tab `\t`. Every other byte (other control characters, non-ASCII) goes as it is; a NUL is refused, as PostgreSQL text cannot hold one |
/// | ``SQLValue/blob(_:)`` | `bytea`'s hex input, its backslash escaped: `\\x00ff` |
///
/// Since every backslash of a value is escaped, no field can end the data early (`\.` on a
/// line of its own): that text is written `\\.`. The server reads each field as the column's
/// type (`text`, `uuid`, `jsonb`, `bytea`, numbers), as it reads an untyped bound value.
enum PostgresCopyText {
    /// Appends `value` as one field.
    static func append(_ value: SQLValue, column: String, to buffer: inout [UInt8]) throws(PostgresError) {
        switch value {
        case .null:
            buffer.append(UInt8(ascii: "\\"))
            buffer.append(UInt8(ascii: "N"))
        case .integer(let integer):
            // A small string: no allocation.
            buffer.append(contentsOf: String(integer).utf8)
        case .double(let double):
            buffer.append(contentsOf: PostgresValues.text(of: double).utf8)
        case .text(let text):
            try appendEscaped(text, column: column, to: &buffer)
        case .blob(let bytes):
            buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\"), UInt8(ascii: "x")])
            let digits = Array("0123456789abcdef".utf8)
            buffer.reserveCapacity(buffer.count + 2 * bytes.count)
            for byte in bytes {
                buffer.append(digits[Int(byte >> 4)])
                buffer.append(digits[Int(byte & 0x0F)])
            }
        }
    }

    private static func appendEscaped(_ text: String, column: String, to buffer: inout [UInt8]) throws(PostgresError) {
        var text = text
        let refused = text.withUTF8 { bytes -> Bool in
            buffer.reserveCapacity(buffer.count + bytes.count)
            for byte in bytes {
                switch byte {
                case 0: return true
                case UInt8(ascii: "\\"): buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
                case 0x0A: buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
                case 0x0D: buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
                case 0x09: buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
                default: buffer.append(byte)
                }
            }
            return false
        }
        if refused {
            throw PostgresError(
                message: "a value of column \"\(column)\" contains a NUL character, which PostgreSQL text cannot hold")
        }
    }
}
