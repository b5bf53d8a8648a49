import Foundation
import Predicates

/// The dynamic value that evaluation works on: what a key path, a constant, a variable or a
/// function produces, and what the comparison operators compare.
///
/// It mirrors ``PredicateValue`` (the constants of the language) and adds ``object(_:)`` for a
/// nested object reached through ``KeyValueReadable``.
///
/// | source | value |
/// |---|---|
/// | `nil`, a missing dictionary key, JSON `null` | ``null`` |
/// | `YES` | `.bool(true)` |
/// | `42` | `.int(42)` |
/// | `2.5` | `.double(2.5)` |
/// | `"x"` | `.string("x")` |
/// | `{"$date": "2020-01-01T00:00:00Z"}` | `.date(…)` |
/// | `{1, 2}` | `.array([.int(1), .int(2)])` |
/// | `{"$set": [1, 2]}` | `.set(…)` |
/// | a JSON object | `.dictionary(…)` |
/// | a `PredicateKeyed` struct reached by `person.address` | `.object(…)` |
/// | `{"$ref": {"entity": "Bucket", "id": 2}}`, an `ObjectID` | `.reference(…)` |
///
/// Equality (`==`, and hashing) is Apple's `isEqual:`: numbers compare by value across
/// int/double/bool (`.int(1) == .double(1) == .bool(true)`), strings compare literally (by
/// code units: precomposed `é` is not equal to `e` + U+0301), a set never equals an array.
public enum EvaluationValue: Sendable {
    /// `nil` / `NSNull`.
    case null
    /// A Boolean (`YES`, `NO`); a number in comparisons, refused by arithmetic.
    case bool(Bool)
    /// A signed integer. Unsigned values above `Int.max` become ``double(_:)``.
    case int(Int)
    /// A floating-point number.
    case double(Double)
    /// A string.
    case string(String)
    /// A point in time.
    case date(Date)
    /// Bytes.
    case data(Data)
    /// A UUID.
    case uuid(UUID)
    /// An ordered collection.
    case array([EvaluationValue])
    /// An unordered collection without duplicates (kept in first-insertion order so that
    /// `[FIRST]` and printing are deterministic).
    case set(EvaluationSet)
    /// A dictionary; `IN` looks at its values, a key path step looks a key up.
    case dictionary([String: EvaluationValue])
    /// An object read through ``KeyValueReadable``.
    case object(EvaluationObject)
    /// A reference to an object of a store (a `%@` argument: an `ObjectID`, or
    /// `{"$ref": {"entity": "Bucket", "id": 2}}` in JSON). It equals the object it names
    /// (``KeyValueReadable/isPredicateReferenced(by:)``) and the same reference.
    case reference(ObjectReference)
}

extension EvaluationValue {
    /// A short name of the value's type for error messages: `string`, `number`, `array`, …
    public var typeName: String {
        switch self {
        case .null: "nil"
        case .bool: "boolean"
        case .int, .double: "number"
        case .string: "string"
        case .date: "date"
        case .data: "data"
        case .uuid: "UUID"
        case .array: "array"
        case .set: "set"
        case .dictionary: "dictionary"
        case .object(let object): object.typeName
        case .reference(let reference): "'\(reference.entity)' reference"
        }
    }

    /// Whether the value is ``null``.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The elements when the value is an array or a set; `nil` otherwise.
    public var collectionElements: [EvaluationValue]? {
        switch self {
        case .array(let elements): elements
        case .set(let set): set.elements
        default: nil
        }
    }

    /// The string when the value is a string.
    public var stringValue: String? {
        if case .string(let string) = self { return string }
        return nil
    }

    /// A short rendering for error messages, cut after 60 characters: `"abc"`, `5`, `{1, 2}`.
    public var briefDescription: String {
        let text = debugText(depth: 0)
        return text.count > 60 ? String(text.prefix(57)) + "..." : text
    }

    private func debugText(depth: Int) -> String {
        if depth > 3 { return "..." }
        switch self {
        case .null: return "nil"
        case .bool(let value): return value ? "YES" : "NO"
        case .int(let value): return String(value)
        case .double(let value): return NumberFormatting.description(of: value)
        case .string(let value): return "\"" + value + "\""
        case .date(let value):
            return "CAST(\(NumberFormatting.sixDecimals(value.timeIntervalSinceReferenceDate)), \"NSDate\")"
        case .data(let value): return "<\(value.count) bytes>"
        case .uuid(let value): return value.uuidString
        case .array(let values):
            return "{" + values.map { $0.debugText(depth: depth + 1) }.joined(separator: ", ") + "}"
        case .set(let set):
            return "{" + set.elements.map { $0.debugText(depth: depth + 1) }.joined(separator: ", ") + "}"
        case .dictionary(let dictionary):
            let entries = dictionary.keys.sorted().map { key in
                "\(key) = \(dictionary[key].map { $0.debugText(depth: depth + 1) } ?? "nil")"
            }
            return "{" + entries.joined(separator: ", ") + "}"
        case .object(let object): return "<\(object.typeName)>"
        case .reference(let reference): return reference.description
        }
    }
}

/// Number printing shared by error messages and `CAST(x, 'NSString')`.
enum NumberFormatting {
    /// Like NSNumber's `description`: `1` for 1.0, `2.5`, `inf`, `nan`.
    static func description(of value: Double) -> String {
        if value.isNaN { return "nan" }
        if value.isInfinite { return value < 0 ? "-inf" : "inf" }
        if value == value.rounded(), Swift.abs(value) < 1e15 {
            return String(Int(value))
        }
        return String(value)
    }

    /// `%f`-style six decimals: `694224000.000000`.
    static func sixDecimals(_ value: Double) -> String {
        String(format: "%.6f", value)
    }
}
