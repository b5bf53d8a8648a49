import Foundation
import Predicates

/// The tagged JSON objects that stand for values JSON has no syntax for, in data and in
/// arguments alike (DESIGN.md): `{"$date": "2020-01-01T00:00:00Z"}`, `{"$set": [1, 2]}`,
/// `{"$data": "<base64>"}`, `{"$uuid": "<uuid>"}`, `{"$double": "inf"}`. An object is a tag
/// only when it has exactly one key and that key is one of these; `{"$date": 1, "x": 2}` is an
/// ordinary dictionary.
///
/// | tag | value |
/// |---|---|
/// | `{"$date": "2020-01-01T00:00:00Z"}` | a date (ISO 8601; fractions, offsets, a bare date) |
/// | `{"$date": 694224000}`, `{"$date": {"$double": "inf"}}` | a date, in seconds since 2001-01-01T00:00:00Z (how dates outside the years 0000–9999 are written); NaN is refused |
/// | `{"$double": "inf"}`, `{"$double": "-inf"}`, `{"$double": "nan"}` | the non-finite doubles (JSON has no syntax for them) |
/// | `{"$double": 2}` | the double `2.0` |
/// | `{"$set": [1, 2]}`, `{"$data": "AQI="}`, `{"$uuid": "…"}` | a set, data, a UUID |
/// | `{"$ref": {"entity": "Bucket", "id": 2}}` | an object reference (``JSONReferenceTag``) |
package enum JSONTaggedValues {
    /// Replaces tagged objects by the values they stand for, recursively.
    package static func untag(_ value: PredicateValue) throws(JSONValueError) -> PredicateValue {
        switch value {
        case .array(let values):
            var result: [PredicateValue] = []
            result.reserveCapacity(values.count)
            for element in values { result.append(try untag(element)) }
            return .array(result)
        case .dictionary(let dictionary):
            if dictionary.count == 1, let (key, payload) = dictionary.first {
                return try untag(key: key, payload: payload)
            }
            var result: [String: PredicateValue] = [:]
            do {
                for (key, element) in dictionary { result[key] = try untag(element) }
            } catch {
                // Of several bad tags, the one under the first key in sorted order is reported,
                // whatever order this dictionary happens to iterate in.
                for key in dictionary.keys.sorted() { _ = try untag(dictionary[key] ?? .null) }
                throw error
            }
            return .dictionary(result)
        case .set(let values):
            var result = Set<PredicateValue>()
            for element in values { result.insert(try untag(element)) }
            return .set(result)
        default:
            return value
        }
    }

    /// ``untag(_:)`` of the one-key object `{key: payload}`, without making the dictionary
    /// when it is a tag (`{"$date": "…"}`, read straight from the text by the bulk loaders).
    package static func untag(key: String, payload: PredicateValue) throws(JSONValueError) -> PredicateValue {
        if key.hasPrefix("$"), let tagged = try decodeTag(key, payload) { return tagged }
        return .dictionary([key: try untag(payload)])
    }

    private static func decodeTag(_ key: String, _ payload: PredicateValue) throws(JSONValueError) -> PredicateValue? {
        switch key {
        case "$date":
            switch try untag(payload) {
            case .string(let text):
                guard let date = ISO8601Parsing.date(from: text) else {
                    throw JSONValueError(id: "json-tag", message: "'\(text)' is not an ISO 8601 date")
                }
                return .date(date)
            case .int(let seconds): return .date(Date(timeIntervalSinceReferenceDate: Double(seconds)))
            case .double(let seconds):
                // Foundation cannot describe a NaN date (it traps): such a date is refused here.
                guard !seconds.isNaN else { throw JSONValueError(id: "json-tag", message: "a date cannot be NaN") }
                return .date(Date(timeIntervalSinceReferenceDate: seconds))
            default:
                throw JSONValueError(
                    id: "json-tag",
                    message: "\"$date\" needs an ISO 8601 string such as \"2020-01-01T00:00:00Z\" "
                        + "(or seconds since 2001-01-01)")
            }
        case "$double":
            switch payload {
            case .string("inf"), .string("+inf"): return .double(.infinity)
            case .string("-inf"): return .double(-.infinity)
            case .string("nan"): return .double(.nan)
            case .int(let int): return .double(Double(int))
            case .double(let double): return .double(double)
            default:
                throw JSONValueError(
                    id: "json-tag", message: "\"$double\" needs \"inf\", \"-inf\", \"nan\" or a number")
            }
        case "$set":
            guard case .array(let elements) = payload else {
                throw JSONValueError(id: "json-tag", message: "\"$set\" needs an array")
            }
            var result = Set<PredicateValue>()
            for element in elements { result.insert(try untag(element)) }
            return .set(result)
        case "$ref":
            return .reference(try JSONReferenceTag.decode(payload))
        case "$data":
            guard case .string(let text) = payload, let data = Data(base64Encoded: text) else {
                throw JSONValueError(id: "json-tag", message: "\"$data\" needs a base64 string")
            }
            return .data(data)
        case "$uuid":
            guard case .string(let text) = payload else {
                throw JSONValueError(id: "json-tag", message: "\"$uuid\" needs a UUID string")
            }
            guard let uuid = UUID(uuidString: text) else {
                throw JSONValueError(
                    id: "json-tag", message: "'\(text.prefix(60))' is not a UUID (E621E1F8-C36C-495A-93FC-0C247A3E6E5F)"
                )
            }
            return .uuid(uuid)
        default:
            return nil
        }
    }
}

extension PredicateValue {
    /// The value as JSON text, with tags for dates (`{"$date": "2020-01-01T00:00:00Z"}`, with the
    /// shortest fraction of a second that reads back as the same date: ``ISO8601DateText``),
    /// sets, data, UUIDs and the non-finite doubles (`{"$double": "inf"}`, `"-inf"`, `"nan"`).
    /// Object keys are sorted. A date outside the years 0000–9999 is written as its seconds since
    /// 2001-01-01 (`{"$date": -1e20}`).
    /// `PredicateValue(json: v.jsonText())` gives `v` back, except for a date at NaN seconds
    /// (`CAST(nan, 'NSDate')`), which is written as `{"$date": {"$double": "nan"}}` but refused
    /// on input: Foundation cannot describe such a date.
    public func jsonText() -> String {
        var output = ""
        JSONWriting.write(self, to: &output)
        return output
    }
}

enum JSONWriting {
    static func write(_ value: PredicateValue, to output: inout String) {
        switch value {
        case .null: output += "null"
        case .bool(let bool): output += bool ? "true" : "false"
        case .int(let int): output += String(int)
        case .double(let double):
            writeDouble(double, to: &output)
        case .string(let string): writeString(string, to: &output)
        case .date(let date):
            output += "{\"$date\":"
            if let text = ISO8601Parsing.fourDigitYearString(from: date) {
                writeString(text, to: &output)
            } else {
                writeDouble(date.timeIntervalSinceReferenceDate, to: &output)
            }
            output += "}"
        case .data(let data):
            output += "{\"$data\":"
            writeString(data.base64EncodedString(), to: &output)
            output += "}"
        case .uuid(let uuid):
            output += "{\"$uuid\":"
            writeString(uuid.uuidString, to: &output)
            output += "}"
        case .reference(let reference):
            JSONReferenceTag.write(reference, to: &output)
        case .array(let values):
            writeArray(values, to: &output)
        case .set(let values):
            output += "{\"$set\":"
            writeArray(
                values.map(EvaluationValue.init).sorted(by: EvaluationValue.stableOrder).compactMap(\.predicateValue),
                to: &output)
            output += "}"
        case .dictionary(let dictionary):
            output += "{"
            for (index, key) in dictionary.keys.sorted().enumerated() {
                if index > 0 { output += "," }
                writeString(key, to: &output)
                output += ":"
                if let element = dictionary[key] { write(element, to: &output) }
            }
            output += "}"
        }
    }

    /// A finite double as a JSON number (`2.5`, `1.0`, `1e+20`), a non-finite one as its tag.
    private static func writeDouble(_ double: Double, to output: inout String) {
        if double.isFinite {
            output += "\(double)"
        } else {
            output +=
                double.isNaN
                ? "{\"$double\":\"nan\"}" : (double < 0 ? "{\"$double\":\"-inf\"}" : "{\"$double\":\"inf\"}")
        }
    }

    private static func writeArray(_ values: [PredicateValue], to output: inout String) {
        output += "["
        for (index, element) in values.enumerated() {
            if index > 0 { output += "," }
            write(element, to: &output)
        }
        output += "]"
    }

    static func writeString(_ string: String, to output: inout String) {
        output += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }
}
