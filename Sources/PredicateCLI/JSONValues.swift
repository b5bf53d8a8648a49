import Foundation
import Predicates

/// Reads JSON text into a ``PredicateValue``, with the tagged forms DESIGN.md fixes for values
/// JSON has no type for: `{"$date": "2020-01-01T00:00:00Z"}` is a date, `{"$set": [1, 2]}` a set.
enum JSONValues {
    /// Decodes one JSON value (any JSON, including a bare string or number).
    static func decode(_ text: String) throws -> PredicateValue {
        try JSONDecoder().decode(TaggedJSON.self, from: Data(text.utf8)).value
    }
}

/// A `Decodable` view of arbitrary JSON producing a ``PredicateValue``.
private struct TaggedJSON: Decodable {
    var value: PredicateValue

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            value = .null
        } else if let bool = try? container.decode(Bool.self) {
            value = .bool(bool)
        } else if let int = try? container.decode(Int.self) {
            value = .int(int)
        } else if let double = try? container.decode(Double.self) {
            value = .double(double)
        } else if let string = try? container.decode(String.self) {
            value = .string(string)
        } else if let array = try? container.decode([TaggedJSON].self) {
            value = .array(array.map(\.value))
        } else {
            let object = try container.decode([String: TaggedJSON].self)
            value = try Self.tagged(object, codingPath: decoder.codingPath) ?? .dictionary(object.mapValues(\.value))
        }
    }

    private static func tagged(_ object: [String: TaggedJSON], codingPath: [any CodingKey]) throws -> PredicateValue? {
        guard object.count == 1, let (tag, content) = object.first else { return nil }
        switch (tag, content.value) {
        case ("$date", .string(let text)):
            guard let date = ISO8601Dates.parse(text) else {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: codingPath, debugDescription: "'\(text)' is not an ISO 8601 date"))
            }
            return .date(date)
        case ("$set", .array(let elements)):
            return .set(Set(elements))
        default:
            return nil
        }
    }
}

/// ISO 8601 date parsing with and without fractional seconds.
enum ISO8601Dates {
    static func parse(_ text: String) -> Date? {
        if let date = try? Date(text, strategy: .iso8601) { return date }
        return try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }
}
