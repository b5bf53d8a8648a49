import Foundation

/// A coding key with any name, used to list every key of a JSON object.
struct AnyCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        self.intValue = nil
    }

    init(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }
}

extension Decoder {
    /// Throws a `dataCorrupted` error for the first key of the current object that is not in
    /// `known` (in sorted order, so the report is stable), e.g.
    /// `unknown field 'nmae'; did you mean 'name'?`, or, when no known field is close,
    /// `unknown field 'x'; expected one of name, type`.
    ///
    /// The package's JSON formats (schemas, graphs, change sets) are strict so that a misspelt
    /// flag (`"optinal": true`) is reported instead of silently taking its default.
    package func rejectUnknownFields(_ known: [String]) throws {
        let container = try self.container(keyedBy: AnyCodingKey.self)
        let unknown = container.allKeys.filter { !known.contains($0.stringValue) }
        guard let first = unknown.min(by: { $0.stringValue < $1.stringValue }) else { return }
        throw DecodingError.dataCorrupted(
            .init(
                codingPath: codingPath + [first], debugDescription: Self.unknownField(first.stringValue, known: known)))
    }

    /// The one wording of an unknown field.
    package static func unknownField(_ field: String, known: [String]) -> String {
        Suggestion("unknown field '\(field)'", name: field, among: known).text(orListing: known)
    }
}

/// Renders a coding path the way the schema documentation names elements:
/// `entities[2].attributes[0].type`.
func renderCodingPath(_ path: [any CodingKey]) -> String {
    var text = ""
    for key in path {
        if let index = key.intValue {
            text += "[\(index)]"
        } else {
            text += text.isEmpty ? key.stringValue : "." + key.stringValue
        }
    }
    return text
}

/// `JSONDecoder` behind the package's strict reading of JSON text.
///
/// `JSONDecoder` keeps one value of a key written twice and says nothing, and reads `1e999` as
/// infinity; the package's JSON formats (schemas, graph files, change sets) refuse both, with
/// the place: the text is first read by ``JSONChecker``, whose ``JSONTextError`` names the first
/// problem exactly as every other JSON reader of the package does, and only text it accepts is
/// decoded.
package enum StrictJSONDecoding {
    /// Decodes `T` from `data`. Throws ``JSONTextError`` when the text is not accepted, else
    /// what `JSONDecoder` throws (a `DecodingError` for the wrong shape).
    package static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try JSONChecker.check(data)
        return try JSONDecoder().decode(type, from: data)
    }
}
