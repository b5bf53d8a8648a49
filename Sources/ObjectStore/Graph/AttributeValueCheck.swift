import Evaluation
import Foundation
import KeyPaths
import Predicates

/// Checks a value against an attribute's type and brings it to the one form the graph stores.
///
/// | attribute type | accepted | stored |
/// |---|---|---|
/// | `string`, `uri` | a string | `.string` |
/// | `integer16/32/64` | an integer within the type's range | `.int` |
/// | `double`, `float`, `decimal` | any number | `.double` (`-0.0` as `0.0`) |
/// | `boolean` | `true` / `false` | `.bool` |
/// | `date` | `{"$date": "…"}` | `.date` |
/// | `binary` | `{"$data": "<base 64>"}` or a base-64 string | `.data` |
/// | `uuid` | `{"$uuid": "…"}` or a UUID string | `.uuid` |
/// | `transformable`, `undefined` | anything | as given |
///
/// `null` is accepted for every attribute and means "no value": optionality is not enforced
/// (Core Data checks it when saving, and graph files often leave values out).
enum AttributeValueCheck {
    /// The stored form of `value`, or a message such as
    /// `expected an integer16 value, got 70000 (out of range)`.
    static func normalize(_ value: PredicateValue, for attribute: AttributeDescription) -> Result<
        PredicateValue, GraphError
    > {
        if case .null = value { return .success(.null) }
        let type = attribute.type
        switch (type, value) {
        case (.string, .string), (.uri, .string), (.boolean, .bool), (.date, .date), (.binary, .data),
            (.uuid, .uuid), (.transformable, _), (.undefined, _):
            return .success(value)
        case (.integer16, .int(let number)), (.integer32, .int(let number)), (.integer64, .int(let number)):
            guard fits(number, type) else { return .failure(mismatch(value, type, note: " (out of range)")) }
            return .success(value)
        case (.double, .int(let number)), (.float, .int(let number)), (.decimal, .int(let number)):
            return .success(.double(Double(number)))
        case (.double, .double(let number)), (.float, .double(let number)), (.decimal, .double(let number)):
            // -0.0 is 0.0: no store keeps the sign of a zero (SQLite, JSON integers, decimals).
            return .success(number == 0 ? .double(0) : value)
        case (.binary, .string(let text)):
            guard let data = Data(base64Encoded: text) else {
                return .failure(mismatch(value, type, note: " (not base 64)"))
            }
            return .success(.data(data))
        case (.uuid, .string(let text)):
            guard let uuid = UUID(uuidString: text) else {
                return .failure(mismatch(value, type, note: " (not a UUID)"))
            }
            return .success(.uuid(uuid))
        default:
            return .failure(mismatch(value, type, note: ""))
        }
    }

    private static func fits(_ number: Int, _ type: AttributeType) -> Bool {
        switch type {
        case .integer16: Int(Int16.min)...Int(Int16.max) ~= number
        case .integer32: Int(Int32.min)...Int(Int32.max) ~= number
        default: true
        }
    }

    private static func mismatch(_ value: PredicateValue, _ type: AttributeType, note: String) -> GraphError {
        GraphError(
            .invalidValue, message: "expected \(article(type)) \(type.rawValue) value, got \(describe(value))\(note)")
    }

    private static func article(_ type: AttributeType) -> String {
        switch type {
        case .integer16, .integer32, .integer64, .uuid, .uri: "an"
        default: "a"
        }
    }

    /// A short rendering of a value for messages: `"big"`, `3`, `[1, 2]`, `a date`.
    static func describe(_ value: PredicateValue, nested: Bool = false) -> String {
        switch value {
        case .null: "null"
        case .bool(let bool): bool ? "true" : "false"
        case .int(let int): String(int)
        case .double(let double): String(double)
        case .string(let string): "\"\(string)\""
        case .date: "a date"
        case .data: "binary data"
        case .uuid(let uuid): "the UUID \(uuid.uuidString)"
        case .array(let elements):
            nested
                ? "[…]"
                : "[" + elements.prefix(5).map { describe($0, nested: true) }.joined(separator: ", ")
                    + (elements.count > 5 ? ", …]" : "]")
        case .set: "a set"
        case .dictionary: "an object"
        case .reference(let reference): "a reference to \(reference.entity) \(reference.id)"
        }
    }
}
