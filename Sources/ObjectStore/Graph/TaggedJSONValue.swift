import Evaluation
import Foundation
import Predicates

/// A ``PredicateValue`` read from or written to the graph and change-set files, with the tagged
/// forms DESIGN.md fixes for values JSON has no type for:
///
/// | JSON | value |
/// |---|---|
/// | `{"$date": "2020-01-01T00:00:00Z"}` | `.date` (``ISO8601DateText``: exact, any fraction) |
/// | `{"$date": -1e12}` | `.date` outside the years 0000–9999 (seconds since 2001) |
/// | `{"$double": "inf"}`, `"-inf"`, `"nan"` | the non-finite doubles |
/// | `{"$set": [1, 2]}` | `.set` |
/// | `{"$data": "AAEC"}` | `.data` (base 64) |
/// | `{"$uuid": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"}` | `.uuid` |
/// | `{"$ref": {"entity": "Bucket", "id": 2}}` | `.reference` |
/// | any other object | `.dictionary` |
///
/// Integers stay `.int`; other numbers become `.double`. A double with an integral value is
/// written like an integer (`2`) and read back as `.int`, which a typed attribute turns back
/// into a double; the values of transformable attributes, which keep whatever they are given,
/// are written through ``keepingDoubles(_:)`` first.
struct TaggedJSONValue: Codable, Sendable, Hashable {
    var value: PredicateValue

    init(_ value: PredicateValue) {
        self.value = value
    }

    /// `value` with every double that would be written like an integer (`2.0`, `1e+18`: an
    /// integral value an `Int` holds) replaced by its tag `{"$double": 2}`, so that it reads
    /// back as a double, at any depth. The sign of a zero is not kept.
    static func keepingDoubles(_ value: PredicateValue) -> PredicateValue {
        switch value {
        case .double(let double):
            guard let integer = Int(exactly: double) else { return value }
            return .dictionary(["$double": .int(integer)])
        case .array(let elements): return .array(elements.map(keepingDoubles))
        case .set(let elements): return .set(Set(elements.map(keepingDoubles)))
        case .dictionary(let dictionary): return .dictionary(dictionary.mapValues(keepingDoubles))
        case .null, .bool, .int, .string, .date, .data, .uuid, .reference: return value
        }
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
        case .double(let double):
            if double.isFinite {
                try container.encode(double)
            } else {
                try container.encode(["$double": double.isNaN ? "nan" : (double < 0 ? "-inf" : "inf")])
            }
        case .string(let string): try container.encode(string)
        case .date(let date):
            if let text = ISO8601DateText.string(from: date) {
                try container.encode(["$date": text])
            } else {
                try container.encode(["$date": TaggedJSONValue(.double(date.timeIntervalSinceReferenceDate))])
            }
        case .data(let data): try container.encode(["$data": data.base64EncodedString()])
        case .uuid(let uuid): try container.encode(["$uuid": uuid.uuidString])
        case .array(let elements): try container.encode(elements.map(TaggedJSONValue.init))
        case .set(let elements):
            // The order `PredicateValue.jsonText()` writes: by kind, then by value (dates by time).
            let sorted = elements.map(EvaluationValue.init).sorted(by: EvaluationValue.stableOrder)
            try container.encode(["$set": sorted.compactMap(\.predicateValue).map(TaggedJSONValue.init)])
        case .dictionary(let dictionary): try container.encode(dictionary.mapValues(TaggedJSONValue.init))
        case .reference(let reference): try container.encode(["$ref": reference])
        }
    }
}
