import Evaluation
import Foundation
import Predicates

/// A ``PredicateValue`` read from or written to the graph and change-set files, with the tagged
/// forms DESIGN.md fixes for values JSON has no type for:
///
/// | JSON | value |
/// |---|---|
/// | `{"$date": "2020-01-01T00:00:00Z"}` | `.date` (ISO 8601, fractional seconds allowed) |
/// | `{"$set": [1, 2]}` | `.set` |
/// | `{"$data": "AAEC"}` | `.data` (base 64) |
/// | `{"$uuid": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"}` | `.uuid` |
/// | `{"$ref": {"entity": "Bucket", "id": 2}}` | `.reference` |
/// | any other object | `.dictionary` |
///
/// Integers stay `.int`; other numbers become `.double`.
struct TaggedJSONValue: Codable, Sendable, Hashable {
    var value: PredicateValue

    init(_ value: PredicateValue) {
        self.value = value
    }

    /// Decodes plain JSON structure, then resolves the tags with the same rules as
    /// ``PredicateValue/init(json:maximumDepth:)`` (``JSONTaggedValues``).
    init(from decoder: any Decoder) throws {
        do {
            value = try JSONTaggedValues.untag(try Self.plain(from: decoder))
        } catch let error as JSONValueError {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.message))
        }
    }

    /// The JSON value as it is written, tags not yet resolved.
    private static func plain(from decoder: any Decoder) throws -> PredicateValue {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { return .null }
        if let bool = try? container.decode(Bool.self) { return .bool(bool) }
        if let int = try? container.decode(Int.self) { return .int(int) }
        if let double = try? container.decode(Double.self) { return .double(double) }
        if let string = try? container.decode(String.self) { return .string(string) }
        if let array = try? container.decode([PlainJSON].self) { return .array(array.map(\.value)) }
        return .dictionary(try container.decode([String: PlainJSON].self).mapValues(\.value))
    }

    /// A decoding step of ``plain(from:)`` for nested values.
    private struct PlainJSON: Decodable {
        var value: PredicateValue
        init(from decoder: any Decoder) throws { value = try TaggedJSONValue.plain(from: decoder) }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch value {
        case .null: try container.encodeNil()
        case .bool(let bool): try container.encode(bool)
        case .int(let int): try container.encode(int)
        case .double(let double): try container.encode(double)
        case .string(let string): try container.encode(string)
        case .date(let date): try container.encode(["$date": GraphDates.format(date)])
        case .data(let data): try container.encode(["$data": data.base64EncodedString()])
        case .uuid(let uuid): try container.encode(["$uuid": uuid.uuidString])
        case .array(let elements): try container.encode(elements.map(TaggedJSONValue.init))
        case .set(let elements):
            let sorted = elements.map(TaggedJSONValue.init).sorted { $0.sortKey < $1.sortKey }
            try container.encode(["$set": sorted])
        case .dictionary(let dictionary): try container.encode(dictionary.mapValues(TaggedJSONValue.init))
        case .reference(let reference): try container.encode(["$ref": reference])
        }
    }

    /// A deterministic order for the elements of a set when written.
    private var sortKey: String { String(describing: value) }
}

/// ISO 8601 text for the dates the graph writes (fractional seconds only when present).
enum GraphDates {
    static func format(_ date: Date) -> String {
        let whole = date.timeIntervalSinceReferenceDate.rounded(.down) == date.timeIntervalSinceReferenceDate
        return date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: !whole))
    }
}
