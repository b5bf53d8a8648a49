import Foundation
import Predicates

/// Non-canonical spellings of constants: `NIL`, `true`, `0x1F`, `-0b101`, `2.5E3`,
/// `'it\'s'`, `"\x41\u00e9"`, `CAST(694224000, 'NSDate')`.
extension Respeller {
    mutating func write(_ value: PredicateValue) {
        switch value {
        case .null:
            keyword(chance(50) ? "NULL" : "NIL")
        case .bool(let flag):
            keyword(flag ? (chance(50) ? "TRUE" : "YES") : (chance(50) ? "FALSE" : "NO"))
        case .int(let number):
            writeInteger(number)
        case .double(let number):
            writeDouble(number)
        case .string(let text):
            writeString(text)
        case .date(let date):
            keyword("CAST")
            output += "("
            gap()
            writeSeconds(date.timeIntervalSinceReferenceDate)
            output += ","
            gap()
            writeString("NSDate")
            gap()
            output += ")"
        case .data, .uuid, .array, .set, .dictionary, .reference:
            // Not parser-normal: the generator never produces them.
            output += "nil"
        }
    }

    /// Decimal, `0x`, `0o` or `0b`; negative numbers as `-` + magnitude (folded by the parser).
    private mutating func writeInteger(_ number: Int) {
        if number < 0 {
            output += "-"
            gap()
        }
        let magnitude = number.magnitude
        if number == Int.min {
            output += String(magnitude)
            return
        }
        switch Int.random(in: 0...5, using: &random) {
        case 0:
            output += pick(["0x", "0X"])
            let digits = String(magnitude, radix: 16)
            output += chance(50) ? digits.uppercased() : digits
        case 1: output += pick(["0o", "0O"]) + String(magnitude, radix: 8)
        case 2: output += pick(["0b", "0B"]) + String(magnitude, radix: 2)
        default: output += String(magnitude)
        }
    }

    /// Swift's round-trip text, with `E` for `e` now and then; negative as `-` + magnitude.
    private mutating func writeDouble(_ number: Double) {
        if number.sign == .minus {
            output += "-"
            gap()
        }
        var text = number.magnitude.description
        if chance(30) { text = text.replacingOccurrences(of: "e", with: "E") }
        output += text
    }

    /// Seconds of a date (whole milliseconds): an integer literal when whole, else three decimals.
    private mutating func writeSeconds(_ seconds: Double) {
        let milliseconds = Int((seconds * 1000).rounded())
        if milliseconds < 0 {
            output += "-"
            gap()
        }
        let magnitude = milliseconds.magnitude
        if magnitude % 1000 == 0, chance(70) {
            output += String(magnitude / 1000)
        } else {
            let fraction = String(magnitude % 1000)
            output += String(magnitude / 1000) + "." + String(repeating: "0", count: 3 - fraction.count) + fraction
        }
    }

    /// A string in random quotes, with random (valid) escapes.
    mutating func writeString(_ text: String) {
        let quote: Unicode.Scalar = chance(50) ? "'" : "\""
        output.unicodeScalars.append(quote)
        for scalar in text.unicodeScalars {
            writeStringScalar(scalar, quote: quote)
        }
        output.unicodeScalars.append(quote)
    }

    private static let escapeLetters: Set<Unicode.Scalar> = ["a", "b", "f", "n", "r", "t", "v", "x", "X", "u", "U"]

    private mutating func writeStringScalar(_ scalar: Unicode.Scalar, quote: Unicode.Scalar) {
        func hex(_ value: UInt32, width: Int) -> String {
            let digits = String(value, radix: 16)
            let padded = String(repeating: "0", count: max(0, width - digits.count)) + digits
            return chance(50) ? padded.uppercased() : padded
        }
        if scalar == quote || scalar == "\\" {
            output += "\\"
            output.unicodeScalars.append(scalar)
            return
        }
        let named: [Unicode.Scalar: String] = [
            "\n": "\\n", "\t": "\\t", "\r": "\\r", "\u{07}": "\\a", "\u{08}": "\\b", "\u{0C}": "\\f", "\u{0B}": "\\v",
        ]
        if let escape = named[scalar], chance(60) {
            output += escape
            return
        }
        guard chance(25) else {
            output.unicodeScalars.append(scalar)
            return
        }
        let value = scalar.value
        switch value {
        case 0..<0x80:
            switch Int.random(in: 0...3, using: &random) {
            case 0: output += pick(["\\x", "\\X"]) + hex(value, width: 2)
            case 1:
                output +=
                    "\\" + String(repeating: "0", count: 3 - String(value, radix: 8).count) + String(value, radix: 8)
            case 2: output += pick(["\\u", "\\U"]) + hex(value, width: 4)
            default:
                // `\` + a character that is not an escape letter or a digit is the character.
                if Self.escapeLetters.contains(scalar) || (0x30...0x39).contains(value) {
                    output.unicodeScalars.append(scalar)
                } else {
                    output += "\\"
                    output.unicodeScalars.append(scalar)
                }
            }
        case 0x80..<0x10000:
            output += pick(["\\u", "\\U"]) + hex(value, width: 4)
        default:
            output.unicodeScalars.append(scalar)
        }
    }
}
