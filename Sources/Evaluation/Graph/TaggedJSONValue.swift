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
/// | any other object | `.dictionary` |
///
/// Integers stay `.int`; other numbers become `.double`.
struct TaggedJSONValue: Codable, Sendable, Hashable {
    var value: PredicateValue

    init(_ value: PredicateValue) {
        self.value = value
    }

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
        } else if let array = try? container.decode([TaggedJSONValue].self) {
            value = .array(array.map(\.value))
        } else {
            let object = try container.decode([String: TaggedJSONValue].self)
            value = try Self.tagged(object, codingPath: decoder.codingPath) ?? .dictionary(object.mapValues(\.value))
        }
    }

    private static func tagged(_ object: [String: TaggedJSONValue], codingPath: [any CodingKey]) throws
        -> PredicateValue?
    {
        guard object.count == 1, let (tag, content) = object.first, tag.hasPrefix("$") else { return nil }
        func bad(_ message: String) -> DecodingError {
            DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: message))
        }
        switch (tag, content.value) {
        case ("$date", .string(let text)):
            guard let date = GraphDates.parse(text) else { throw bad("'\(text)' is not an ISO 8601 date") }
            return .date(date)
        case ("$set", .array(let elements)):
            return .set(Set(elements))
        case ("$data", .string(let text)):
            guard let data = Data(base64Encoded: text) else { throw bad("'\(text)' is not base 64") }
            return .data(data)
        case ("$uuid", .string(let text)):
            guard let uuid = UUID(uuidString: text) else { throw bad("'\(text)' is not a UUID") }
            return .uuid(uuid)
        case ("$date", _), ("$set", _), ("$data", _), ("$uuid", _):
            throw bad("'\(tag)' needs a \(tag == "$set" ? "list" : "string")")
        default:
            return nil
        }
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
        }
    }

    /// A deterministic order for the elements of a set when written.
    private var sortKey: String { String(describing: value) }
}

/// ISO 8601 dates with and without fractional seconds.
enum GraphDates {
    static func parse(_ text: String) -> Date? {
        if let date = try? Date(text, strategy: .iso8601) { return date }
        return try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }

    static func format(_ date: Date) -> String {
        let whole = date.timeIntervalSinceReferenceDate.rounded(.down) == date.timeIntervalSinceReferenceDate
        return date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: !whole))
    }
}
