/// Strings and keys: escapes, UTF-8, and the keys of each open object.
extension JSONChecker {
    /// Where an escape sequence stands.
    enum Escape: Equatable {
        case none
        /// After `\`.
        case backslash
        /// After `\u` and `count` hex digits; `high` is the high surrogate before it, if any.
        case hex(count: Int, value: UInt32, high: UInt32?)
        /// After a high surrogate `\uD83D`, expecting `\` then `u` and the low surrogate.
        case lowBackslash(high: UInt32)
        case lowU(high: UInt32)
    }

    mutating func beginString(at index: Int, isKey: Bool) {
        tokenStart = place(index)
        tokenStop = base + index + 1 + limits.maximumTokenBytes
        self.isKey = isKey
        collectsKey = isKey && comparesKeys
        if collectsKey { keyBytes.removeAll(keepingCapacity: true) }
        escape = .none
        state = .string
    }

    /// Reads the string from `start` up to `end` (exclusive); returns the index after the last
    /// byte read and whether the closing quote was read.
    mutating func readString(_ bytes: UnsafeRawBufferPointer, from start: Int, to end: Int) throws(JSONTextError)
        -> (Int, Bool)
    {
        var index = start
        while index < end {
            let byte = bytes[index]
            if escape != .none {
                try escaped(byte, at: index)
                index += 1
                continue
            }
            if utf8Remaining > 0 {
                try continuation(byte)
                index += 1
                continue
            }
            // The common case: a run of printable ASCII.
            var runEnd = index
            while runEnd < end {
                let next = bytes[runEnd]
                if next < 0x20 || next >= 0x80 || next == UInt8(ascii: "\"") || next == UInt8(ascii: "\\") { break }
                runEnd += 1
            }
            if runEnd > index {
                if collectsKey { keyBytes += bytes[index..<runEnd] }
                index = runEnd
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                try endString(at: index)
                return (index + 1, true)
            case UInt8(ascii: "\\"):
                escapeStart = place(index)
                escape = .backslash
            case 0x80...:
                try lead(byte, at: index)
                if collectsKey { keyBytes.append(byte) }
            default:
                throw JSONTextError(
                    .syntax, at: place(index),
                    "control character \(JSONTextError.shown(byte)) in a string; write it as "
                        + "\\u\(JSONTextError.hex(UInt32(byte), digits: 4))")
            }
            index += 1
        }
        return (index, false)
    }

    /// The closing quote, at `index`: a key is checked against the object's other keys.
    private mutating func endString(at index: Int) throws(JSONTextError) {
        guard isKey else {
            _ = valueEnded(at: index + 1)
            return
        }
        tokenStop = .max
        state = .colon
        guard comparesKeys else { return }
        let key = String(decoding: keyBytes, as: UTF8.self)
        let table = openObjects - 1
        if let first = keyTables[table][key] {
            throw JSONTextError(
                .duplicateKey, at: tokenStart, "duplicate key \(JSONTextError.quoted(key)) (first at \(first))")
        }
        keyTables[table][key] = tokenStart
    }

    /// One byte of an escape sequence.
    private mutating func escaped(_ byte: UInt8, at index: Int) throws(JSONTextError) {
        switch escape {
        case .none:
            return
        case .backslash:
            let decoded: UInt8
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded = byte
            case UInt8(ascii: "b"): decoded = 0x08
            case UInt8(ascii: "f"): decoded = 0x0C
            case UInt8(ascii: "n"): decoded = 0x0A
            case UInt8(ascii: "r"): decoded = 0x0D
            case UInt8(ascii: "t"): decoded = 0x09
            case UInt8(ascii: "u"):
                escape = .hex(count: 0, value: 0, high: nil)
                return
            default:
                let shown =
                    (0x21...0x7E).contains(byte) ? "'\\\(Character(Unicode.Scalar(byte)))'" : "'\\' + \(found(byte))"
                throw JSONTextError(
                    .syntax, at: escapeStart,
                    "invalid escape \(shown) in a string (escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)")
            }
            if collectsKey { keyBytes.append(decoded) }
            escape = .none
        case .hex(let count, let value, let high):
            guard let digit = Self.hexDigit(byte) else {
                throw JSONTextError(
                    .syntax, at: escapeStart, "expected four hex digits after '\\u', found \(found(byte))")
            }
            let next = value * 16 + digit
            guard count == 3 else {
                escape = .hex(count: count + 1, value: next, high: high)
                return
            }
            try unicodeEscape(next, high: high)
        case .lowBackslash(let high):
            guard byte == UInt8(ascii: "\\") else { throw unpairedSurrogate(high) }
            escape = .lowU(high: high)
        case .lowU(let high):
            guard byte == UInt8(ascii: "u") else { throw unpairedSurrogate(high) }
            escape = .hex(count: 0, value: 0, high: high)
        }
    }

    /// The four hex digits of `\uXXXX` are read: a character, or half of a surrogate pair.
    private mutating func unicodeEscape(_ value: UInt32, high: UInt32?) throws(JSONTextError) {
        var scalarValue = value
        if let high {
            guard (0xDC00...0xDFFF).contains(value) else { throw unpairedSurrogate(high) }
            scalarValue = 0x10000 + ((high - 0xD800) << 10) + (value - 0xDC00)
        } else if (0xD800...0xDBFF).contains(value) {
            escape = .lowBackslash(high: value)
            return
        }
        guard let scalar = Unicode.Scalar(scalarValue) else { throw unpairedSurrogate(value) }
        if collectsKey { keyBytes += Array(String(scalar).utf8) }
        escape = .none
    }

    private func unpairedSurrogate(_ value: UInt32) -> JSONTextError {
        JSONTextError(
            .syntax, at: escapeStart,
            "unpaired surrogate \\u\(JSONTextError.hex(value, digits: 4)) (a character above U+FFFF is written "
                + "as two escapes, e.g. \\uD83D\\uDE00)")
    }

    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    // MARK: UTF-8

    /// The first byte of a multi-byte UTF-8 character (the ranges of RFC 3629: no overlong
    /// forms, no surrogates, nothing above U+10FFFF).
    private mutating func lead(_ byte: UInt8, at index: Int) throws(JSONTextError) {
        utf8Low = 0x80
        utf8High = 0xBF
        switch byte {
        case 0xC2...0xDF: utf8Remaining = 1
        case 0xE0:
            utf8Remaining = 2
            utf8Low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: utf8Remaining = 2
        case 0xED:
            utf8Remaining = 2
            utf8High = 0x9F
        case 0xF0:
            utf8Remaining = 3
            utf8Low = 0x90
        case 0xF1...0xF3: utf8Remaining = 3
        case 0xF4:
            utf8Remaining = 3
            utf8High = 0x8F
        default: throw invalidUTF8(byte, at: place(index))
        }
        utf8Lead = byte
        utf8LeadPlace = place(index)
    }

    /// A continuation byte; a byte that is not one makes the character's first byte invalid
    /// (it is the byte named, as ``TextEncoding`` names it).
    private mutating func continuation(_ byte: UInt8) throws(JSONTextError) {
        guard byte >= utf8Low, byte <= utf8High else { throw invalidUTF8(utf8Lead, at: utf8LeadPlace) }
        utf8Low = 0x80
        utf8High = 0xBF
        utf8Remaining -= 1
        lineContinuations += 1
        if collectsKey { keyBytes.append(byte) }
    }
}
