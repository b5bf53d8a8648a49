import Foundation

/// Printing of constant values: strings, numbers, booleans, nil, dates and collections.
///
/// | value | printed | reads back as |
/// |---|---|---|
/// | `.string("a\"b")` | `"a\"b"` (only `\` and `"` escaped) | the same string |
/// | `.int(-3)` | `-3` | the same integer |
/// | `.double(1)` | `1.0` (Swift's shortest round-trip form, always with `.` or `e`) | the same double |
/// | `.double(.infinity)` | `inf`, `-inf`, `nan` | a key path: not round-trippable |
/// | `.bool(true)` | `YES` / `NO` | the same boolean |
/// | `.null` | `nil` | `nil` |
/// | `.date(d)` | `CAST(694224000.000000, "NSDate")` (seconds since 2001, six decimals; more digits when six would lose precision) | the same date |
/// | `.array([1, "a"])` | `{1, "a"}` | an aggregate of constants, not a constant array |
/// | `.set([2, 1])` | `{1, 2}` (elements sorted by their printed text) | an aggregate |
/// | `.dictionary(["k": 1])` | `{"k" = 1}` (sorted by key) | a parse error |
/// | `.data(d)` | `<aGVsbG8=>` (base64) | a parse error |
/// | `.uuid(u)` | `<E621E1F8-C36C-495A-93FC-0C247A3E6E5F>` | a parse error |
/// | `.reference(r)` | `<x-coredata:///Bucket/p2>` (see ``ObjectReference/description``) | a parse error |
extension PredicateFormatter {
    /// Writes a constant value.
    mutating func write(_ value: PredicateValue) {
        switch value {
        case .null:
            output += "nil"
        case .bool(let flag):
            output += flag ? "YES" : "NO"
        case .int(let number):
            output += String(number)
        case .double(let number):
            output += Self.doubleText(number)
        case .string(let text):
            writeString(text)
        case .date(let date):
            output += "CAST(" + Self.dateSecondsText(date) + ", \"NSDate\")"
        case .data(let data):
            output += "<" + data.base64EncodedString() + ">"
        case .uuid(let uuid):
            output += "<" + uuid.uuidString + ">"
        case .reference(let reference):
            output += reference.description
        case .array(let elements):
            output += "{"
            for (position, element) in elements.enumerated() {
                if position > 0 { output += ", " }
                write(element)
            }
            output += "}"
        case .set(let elements):
            let printed = elements.map { element -> String in
                var formatter = PredicateFormatter()
                formatter.write(element)
                return formatter.output
            }
            output += "{" + printed.sorted().joined(separator: ", ") + "}"
        case .dictionary(let entries):
            output += "{"
            for (position, key) in entries.keys.sorted().enumerated() {
                if position > 0 { output += ", " }
                writeString(key)
                output += " = "
                if let entry = entries[key] { write(entry) }
            }
            output += "}"
        }
    }

    /// Writes a double-quoted string literal, escaping only `\` and `"` (as Apple does);
    /// every other character, a newline included, is written as it is.
    mutating func writeString(_ text: String) {
        output += "\""
        for character in text.unicodeScalars {
            switch character {
            case "\\": output += "\\\\"
            case "\"": output += "\\\""
            default: output.unicodeScalars.append(character)
            }
        }
        output += "\""
    }

    /// Swift's shortest round-trip text for a double, with `.0` added when it would otherwise
    /// read back as an integer: `1.0`, `2.5`, `1e-05`, `1e+16`, `-0.0`.
    static func doubleText(_ number: Double) -> String {
        let text = number.description
        guard number.isFinite else { return text }
        if text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) { return text }
        return text + ".0"
    }

    /// Seconds since 2001-01-01T00:00:00Z with six decimals, as Apple prints them:
    /// `694224000.000000`. When six decimals would not read back as the same instant (a date
    /// with sub-microsecond digits), the shortest text that does is printed instead
    /// (`6.9e-06`), so that printing stays a fixed point.
    static func dateSecondsText(_ date: Date) -> String {
        let seconds = date.timeIntervalSinceReferenceDate
        let appleText = String(format: "%.6f", seconds)
        if Double(appleText) == seconds || !seconds.isFinite { return appleText }
        return doubleText(seconds)
    }
}
