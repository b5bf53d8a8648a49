import Foundation
import Predicates

/// `CAST(value, 'Type')` (spec §3.11, `castObject:toType:`).
///
/// | expression | value |
/// |---|---|
/// | `CAST(0, 'NSDate')` | 2001-01-01T00:00:00Z (seconds since the reference date) |
/// | `CAST('2020-01-01T00:00:00Z', 'NSDate')` | that date (ISO 8601 only; Apple parses natural language) |
/// | `CAST(date, 'NSNumber')` | seconds since 2001-01-01 |
/// | `CAST('0x10', 'NSNumber')`, `CAST('010', 'NSNumber')`, `CAST('2.5', 'NSNumber')` | `16`, `8`, `2.5` (`strtoll` base 0, `strtod` with a `.`) |
/// | `CAST('99999999999999999999', 'NSNumber')` | `1e20` (a double: too large for an integer) |
/// | `CAST(5, 'NSString')`, `CAST(2.5, 'NSString')`, `CAST(TRUE, 'NSString')` | `"5"`, `"2.5"`, `"1"` |
/// | `CAST('1.5', 'NSDecimalNumber')` | `1.5` (a double) |
/// | `CAST(nil, 'NSNumber')` | nil |
/// | `CAST(x, 'Class')`, `CAST(x, 'NSView')` | compile-time error (never a class lookup) |
enum CastSemantics {
    /// The type names `CAST` accepts.
    static let supportedTypes: Set<String> = ["NSString", "NSNumber", "NSDate", "NSDecimalNumber"]

    static func cast(_ value: EvaluationValue, to type: String) throws(EvaluationError) -> EvaluationValue {
        if case .null = value { return .null }
        switch type {
        case "NSString": return try toString(value)
        case "NSNumber": return try toNumber(value)
        case "NSDecimalNumber":
            switch value {
            case .string(let string): return .double(Double(string.trimmingCharacters(in: .whitespaces)) ?? .nan)
            default:
                guard let number = NumericValue(try toNumber(value)) else {
                    throw EvaluationError.castFailed(value, to: type)
                }
                return .double(number.doubleValue)
            }
        case "NSDate":
            switch value {
            case .date: return value
            case .int(let int): return .date(Date(timeIntervalSinceReferenceDate: Double(int)))
            case .double(let double): return .date(Date(timeIntervalSinceReferenceDate: double))
            case .string(let string):
                guard let date = ISO8601Parsing.date(from: string) else {
                    throw EvaluationError.castFailed(value, to: type)
                }
                return .date(date)
            default: throw EvaluationError.castFailed(value, to: type)
            }
        default:
            throw EvaluationError(id: "cast-failed", message: "cannot cast to the unknown type '\(type)'")
        }
    }

    private static func toString(_ value: EvaluationValue) throws(EvaluationError) -> EvaluationValue {
        switch value {
        case .string: return value
        case .int(let int): return .string(String(int))
        case .double(let double): return .string(NumberFormatting.description(of: double))
        case .bool(let bool): return .string(bool ? "1" : "0")
        case .uuid(let uuid): return .string(uuid.uuidString)
        case .date(let date):
            // NSDate's description: "2001-01-01 00:00:00 +0000".
            let iso = ISO8601Parsing.string(
                from: Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down)))
            return .string(iso.replacingOccurrences(of: "T", with: " ").replacingOccurrences(of: "Z", with: " +0000"))
        default: throw EvaluationError.castFailed(value, to: "NSString")
        }
    }

    private static func toNumber(_ value: EvaluationValue) throws(EvaluationError) -> EvaluationValue {
        switch value {
        case .int, .double, .bool: return value
        case .date(let date): return .double(date.timeIntervalSinceReferenceDate)
        case .string(let string): return parseNumber(string)
        default: throw EvaluationError.castFailed(value, to: "NSNumber")
        }
    }

    /// `strtoll` with base 0 (`0x` hex, leading-`0` octal), or `strtod` when there is a `.`;
    /// a string with no leading number is NaN (Apple falls back to NSDecimalNumber's NaN).
    /// An integer too large for 64 bits is a double of the same value (`strtoll` would clamp
    /// it to `Int.max`): `CAST('99999999999999999999', 'NSNumber')` is `1e20`.
    static func parseNumber(_ string: String) -> EvaluationValue {
        string.withCString { pointer -> EvaluationValue in
            var end: UnsafeMutablePointer<CChar>?
            if string.contains(".") {
                let double = strtod(pointer, &end)
                return end == UnsafeMutablePointer(mutating: pointer) ? .double(.nan) : .double(double)
            }
            errno = 0
            let int = strtoll(pointer, &end, 0)
            guard let end, end != UnsafeMutablePointer(mutating: pointer) else { return .double(.nan) }
            guard errno == ERANGE else { return .int(Int(int)) }
            let length = pointer.distance(to: end)
            let text = String(decoding: UnsafeRawBufferPointer(start: pointer, count: length), as: UTF8.self)
            return .double(largeInteger(text))
        }
    }

    /// The value of the integer text `strtoll` found out of range, as a double: decimal and
    /// `0x` hexadecimal through `strtod` (correctly rounded), octal digit by digit.
    private static func largeInteger(_ text: String) -> Double {
        var body = Substring(text.drop { $0.isWhitespace })
        var sign = 1.0
        if let first = body.first, first == "+" || first == "-" {
            sign = first == "-" ? -1 : 1
            body = body.dropFirst()
        }
        guard body.hasPrefix("0"), !body.lowercased().hasPrefix("0x") else {
            return text.withCString { strtod($0, nil) }
        }
        var value = 0.0
        for digit in body.utf8 { value = value * 8 + Double(digit &- UInt8(ascii: "0")) }
        return sign * value
    }
}
