import Foundation
import KeyPaths
import Predicates

/// A forward reader of JSON text over raw UTF-8 bytes for the bulk loaders (graph files, data
/// arrays), which read a document straight into their own storage instead of building a tree.
///
/// The scanner is strict and gives no messages: every reading step answers `nil` or `false`
/// when the text is not exactly what it accepts (a leading zero, a lone surrogate, a control
/// character in a string, bytes that are not UTF-8, nesting deeper than ``maximumDepth``).
/// A loader then reads the document again with its complete reader, whose messages are the
/// ones users see; the scanner only has to be right about what it accepts.
///
/// The bytes must outlive the scanner (it is made inside `withUnsafeBytes`).
package struct JSONByteScanner {
    /// A number as written: an integer literal that fits `Int`, or a literal with a fraction or
    /// an exponent, read as the nearest `Double`.
    package enum Number: Equatable {
        case int(Int)
        case double(Double, isIntegral: Bool)
    }

    private let bytes: UnsafeRawBufferPointer
    /// The offset of the next unread byte.
    package private(set) var position = 0
    /// The deepest nesting ``value(depth:)`` reads.
    package var maximumDepth = 64
    /// The longest string (between its quotes) or number read: that of the strict reading
    /// (`JSONLimits`), so that the scanner never accepts what it refuses.
    static let maximumTokenBytes = JSONLimits.document.maximumTokenBytes

    package init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// Whether only whitespace is left.
    package mutating func atEnd() -> Bool {
        skipWhitespace()
        return position == bytes.count
    }

    /// Skips whitespace and consumes `byte` if it comes next.
    package mutating func consume(_ byte: UInt8) -> Bool {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    /// Skips whitespace and returns the next byte without consuming it (`nil` at the end).
    package mutating func peek() -> UInt8? {
        skipWhitespace()
        return position < bytes.count ? bytes[position] : nil
    }

    /// After an opening bracket: consumes the closing one when the list is empty (`true`),
    /// else leaves the first element to be read.
    package mutating func closesAtOnce(_ closing: UInt8) -> Bool {
        consume(closing)
    }

    /// After an element: consumes `,` (`true`: another element follows) or `closing`
    /// (`false`: the list ended); `nil` for anything else.
    package mutating func continues(_ closing: UInt8) -> Bool? {
        skipWhitespace()
        guard position < bytes.count else { return nil }
        let byte = bytes[position]
        position += 1
        if byte == UInt8(ascii: ",") { return true }
        if byte == closing { return false }
        return nil
    }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    /// Goes back to `offset`, a ``position`` read before.
    package mutating func rewind(to offset: Int) {
        position = offset
    }

    // MARK: Strings

    /// The bytes of the next string when it holds no escape (the string is consumed); `nil`,
    /// consuming nothing, otherwise. For matching keys against known names without making a
    /// `String`.
    package mutating func plainStringBytes() -> UnsafeRawBufferPointer? {
        let start = position
        guard let span = stringSpan(), !span.escaped else {
            position = start
            return nil
        }
        return UnsafeRawBufferPointer(rebasing: bytes[span.start..<span.end])
    }

    /// Reads a string (the opening quote next, after whitespace).
    package mutating func string() -> String? {
        guard let span = stringSpan() else { return nil }
        if !span.escaped && !span.ascii {
            return String(validating: UnsafeRawBufferPointer(rebasing: bytes[span.start..<span.end]), as: UTF8.self)
        }
        if !span.escaped {
            return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[span.start..<span.end]), as: UTF8.self)
        }
        return unescaped(span.start, span.end)
    }

    /// Reads a string and compares it with `expected` (ASCII, no escapes needed) without
    /// making a `String`; `nil` when the next value is not a string.
    package mutating func stringEquals(_ expected: StaticString) -> Bool? {
        let start = position
        guard let span = stringSpan() else { return nil }
        guard !span.escaped else {
            position = start
            return string().map { $0 == expected.description }
        }
        let length = span.end - span.start
        guard length == expected.utf8CodeUnitCount else { return false }
        let pointer = expected.utf8Start
        for offset in 0..<length where bytes[span.start + offset] != pointer[offset] { return false }
        return true
    }

    /// The bytes between the quotes of the next string, whether it holds escapes and whether
    /// it is all ASCII; the string is consumed.
    private mutating func stringSpan() -> (start: Int, end: Int, escaped: Bool, ascii: Bool)? {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { return nil }
        position += 1
        let start = position
        var escaped = false
        var ascii = true
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                // Longer than the strict reading allows: left to it, for its message.
                guard position - 1 - start <= Self.maximumTokenBytes else { return nil }
                return (start, position - 1, escaped, ascii)
            }
            if byte < 0x20 { return nil }
            if byte >= 0x80 { ascii = false }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                position += 1
            }
            position += 1
        }
        return nil
    }

    /// The text of a string with escapes, from its content bytes.
    private func unescaped(_ start: Int, _ end: Int) -> String? {
        var result = String.UnicodeScalarView()
        var index = start
        var runStart = start
        func flush(_ upTo: Int) -> Bool {
            guard upTo > runStart else { return true }
            guard
                let run = String(
                    validating: UnsafeRawBufferPointer(rebasing: bytes[runStart..<upTo]), as: UTF8.self)
            else { return false }
            result.append(contentsOf: run.unicodeScalars)
            return true
        }
        while index < end {
            guard bytes[index] == UInt8(ascii: "\\") else {
                index += 1
                continue
            }
            guard flush(index), index + 1 < end else { return nil }
            let escape = bytes[index + 1]
            index += 2
            switch escape {
            case UInt8(ascii: "\""): result.append("\"")
            case UInt8(ascii: "\\"): result.append("\\")
            case UInt8(ascii: "/"): result.append("/")
            case UInt8(ascii: "b"): result.append("\u{8}")
            case UInt8(ascii: "f"): result.append("\u{C}")
            case UInt8(ascii: "n"): result.append("\n")
            case UInt8(ascii: "r"): result.append("\r")
            case UInt8(ascii: "t"): result.append("\t")
            case UInt8(ascii: "u"):
                guard let first = hex4(at: index, end: end) else { return nil }
                index += 4
                if (0xD800...0xDBFF).contains(first) {
                    guard index + 1 < end, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u"),
                        let second = hex4(at: index + 2, end: end), (0xDC00...0xDFFF).contains(second),
                        let scalar = Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
                    else { return nil }
                    index += 6
                    result.append(scalar)
                } else {
                    guard let scalar = Unicode.Scalar(first) else { return nil }
                    result.append(scalar)
                }
            default: return nil
            }
            runStart = index
        }
        guard flush(end) else { return nil }
        return String(result)
    }

    private func hex4(at index: Int, end: Int) -> UInt32? {
        guard index + 4 <= end else { return nil }
        var value: UInt32 = 0
        for offset in 0..<4 {
            let byte = bytes[index + offset]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: return nil
            }
            value = value * 16 + digit
        }
        return value
    }

    // MARK: Numbers and words

    /// Reads a number: `nil` for a malformed one (`01`, `1.`, `-`), for `-0`, and for an
    /// integer literal too large for `Int`, a literal no finite `Double` holds, or one longer
    /// than ``maximumTokenBytes``.
    package mutating func number() -> Number? {
        skipWhitespace()
        let start = position
        guard let number = unboundedNumber(), position - start <= Self.maximumTokenBytes else { return nil }
        return number
    }

    private mutating func unboundedNumber() -> Number? {
        skipWhitespace()
        let start = position
        var negative = false
        if position < bytes.count, bytes[position] == UInt8(ascii: "-") {
            negative = true
            position += 1
        }
        let integerStart = position
        var magnitude: UInt64 = 0
        var overflow = false
        while position < bytes.count, bytes[position] &- UInt8(ascii: "0") < 10 {
            let digit = UInt64(bytes[position] &- UInt8(ascii: "0"))
            let (times, o1) = magnitude.multipliedReportingOverflow(by: 10)
            let (plus, o2) = times.addingReportingOverflow(digit)
            overflow = overflow || o1 || o2
            magnitude = plus
            position += 1
        }
        let integerDigits = position - integerStart
        guard integerDigits > 0, integerDigits == 1 || bytes[integerStart] != UInt8(ascii: "0") else { return nil }
        var isInteger = true
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            isInteger = false
            position += 1
            guard skipDigits() > 0 else { return nil }
        }
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            isInteger = false
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard skipDigits() > 0 else { return nil }
        }
        if isInteger {
            guard !overflow, !(negative && magnitude == 0) else { return nil }
            if negative {
                guard magnitude <= UInt64(Int.max) + 1 else { return nil }
                return .int(magnitude == UInt64(Int.max) + 1 ? Int.min : -Int(magnitude))
            }
            guard magnitude <= UInt64(Int.max) else { return nil }
            return .int(Int(magnitude))
        }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        guard let double = Double(text), double.isFinite else { return nil }
        return .double(double, isIntegral: double.rounded(.towardZero) == double)
    }

    private mutating func skipDigits() -> Int {
        let start = position
        while position < bytes.count, bytes[position] &- UInt8(ascii: "0") < 10 { position += 1 }
        return position - start
    }

    /// Reads `true`, `false` or `null` (`nil` for anything else; `null` reads as
    /// `.some(nil)`).
    package mutating func word() -> Bool?? {
        skipWhitespace()
        if matches("true") {
            position += 4
            return .some(true)
        }
        if matches("false") {
            position += 5
            return .some(false)
        }
        if matches("null") {
            position += 4
            return .some(nil)
        }
        return nil
    }

    private func matches(_ text: StaticString) -> Bool {
        guard position + text.utf8CodeUnitCount <= bytes.count else { return false }
        var index = position
        for byte in UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount) {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
        }
        return true
    }

    // MARK: Whole values

    /// Reads any value as it is written, tags not resolved (`{"$date": …}` stays a
    /// dictionary), with `Foundation.JSONDecoder`'s reading of numbers where it is certain:
    /// integer literals are `.int`, other numbers `.double`. A number with a fraction or an
    /// exponent whose value is whole (`1.0`, `1e2`), which `JSONDecoder` reads as an integer,
    /// answers `nil`, as do objects with a repeated key.
    package mutating func plainValue(depth: Int = 0) -> PredicateValue? {
        guard depth <= maximumDepth, let next = peek() else { return nil }
        switch next {
        case UInt8(ascii: "\""):
            return string().map(PredicateValue.string)
        case UInt8(ascii: "{"):
            position += 1
            var result: [String: PredicateValue] = [:]
            if closesAtOnce(UInt8(ascii: "}")) { return .dictionary(result) }
            while true {
                guard let key = string(), consume(UInt8(ascii: ":")), let value = plainValue(depth: depth + 1),
                    result.updateValue(value, forKey: key) == nil
                else { return nil }
                guard let more = continues(UInt8(ascii: "}")) else { return nil }
                if !more { return .dictionary(result) }
            }
        case UInt8(ascii: "["):
            position += 1
            var result: [PredicateValue] = []
            if closesAtOnce(UInt8(ascii: "]")) { return .array(result) }
            while true {
                guard let value = plainValue(depth: depth + 1) else { return nil }
                result.append(value)
                guard let more = continues(UInt8(ascii: "]")) else { return nil }
                if !more { return .array(result) }
            }
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            switch number() {
            case .int(let int): return .int(int)
            case .double(let double, let isIntegral): return isIntegral ? nil : .double(double)
            case nil: return nil
            }
        default:
            switch word() {
            case .some(.some(let bool)): return .bool(bool)
            case .some(.none): return .null
            case .none: return nil
            }
        }
    }
}
