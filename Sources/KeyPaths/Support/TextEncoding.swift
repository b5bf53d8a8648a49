import Foundation

/// Why the bytes of a text file (JSON or XML) are not plain UTF-8 text, in words a person can
/// act on, instead of the garbled characters a wrong decoding would show:
///
/// - `EF BB BF …` → `the file starts with a UTF-8 byte-order mark (bytes EF BB BF); save it as
///   UTF-8 without a byte-order mark`
/// - `FF FE …` → `the file starts with a UTF-16 byte-order mark (bytes FF FE); save it as UTF-8`
/// - `[{"a":"caf\xE9"}]` → `line 1, column 12: byte 0xE9 is not valid UTF-8 (Latin-1 or
///   Windows-1252 text?); save the file as UTF-8`
///
/// Valid UTF-8 with non-ASCII characters is fine. Columns count characters from 1. One pass
/// over the bytes, no allocation. The JSON readers check the same rule as they read
/// (`JSONChecker`), with the same words.
package enum TextEncoding {
    /// The problem with `bytes` as UTF-8 text, or `nil` when they are valid UTF-8 without a
    /// byte-order mark.
    package static func problem<Bytes: Collection<UInt8>>(in bytes: Bytes) -> String? {
        if let mark = byteOrderMark(Array(bytes.prefix(4))) { return mark }
        guard let found = firstInvalidByte(in: bytes) else { return nil }
        return "line \(found.line), column \(found.column): " + invalidByteMessage(found.byte)
    }

    /// The first byte of `bytes` that does not belong to a well-formed UTF-8 sequence, with its
    /// offset, line and column (in characters, from 1); `nil` when they are valid UTF-8.
    package static func firstInvalidByte<Bytes: Collection<UInt8>>(in bytes: Bytes)
        -> (byte: UInt8, offset: Int, line: Int, column: Int)?
    {
        if let found = bytes.withContiguousStorageIfAvailable({ invalidByte(in: $0) }) { return found }
        return Array(bytes).withUnsafeBufferPointer { invalidByte(in: $0) }
    }

    /// The one wording of a byte that is not UTF-8, without its place:
    /// `byte 0xE9 is not valid UTF-8 (Latin-1 or Windows-1252 text?); save the file as UTF-8`.
    package static func invalidByteMessage(_ byte: UInt8) -> String {
        let hex = String(byte, radix: 16, uppercase: true)
        return "byte 0x\(hex.count < 2 ? "0" + hex : hex) is not valid UTF-8 (Latin-1 or Windows-1252 text?); "
            + "save the file as UTF-8"
    }

    /// A byte-order mark or UTF-16 text recognised from the first (up to four) bytes.
    static func byteOrderMark(_ prefix: [UInt8]) -> String? {
        if prefix.starts(with: [0xEF, 0xBB, 0xBF]) {
            return "the file starts with a UTF-8 byte-order mark (bytes EF BB BF); save it as UTF-8 without "
                + "a byte-order mark"
        }
        if prefix.starts(with: [0xFF, 0xFE]) || prefix.starts(with: [0xFE, 0xFF]) {
            let mark = prefix[0] == 0xFF ? "FF FE" : "FE FF"
            return "the file starts with a UTF-16 byte-order mark (bytes \(mark)); save it as UTF-8"
        }
        if prefix.count >= 2, (prefix[0] == 0) != (prefix[1] == 0) {
            return "the file looks like UTF-16 text (a zero byte among the first two); save it as UTF-8"
        }
        return nil
    }

    /// The first byte that does not belong to a well-formed UTF-8 sequence, located by line
    /// and column (columns count characters from 1).
    private static func invalidByte(in bytes: UnsafeBufferPointer<UInt8>)
        -> (byte: UInt8, offset: Int, line: Int, column: Int)?
    {
        var index = 0
        var line = 1
        var lineStart = 0
        var continuations = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte < 0x80 {
                if byte == 0x0A {
                    line += 1
                    lineStart = index + 1
                    continuations = 0
                }
                index += 1
                continue
            }
            let length = sequenceLength(bytes, at: index)
            guard length > 0 else { return (byte, index, line, index - lineStart - continuations + 1) }
            index += length
            continuations += length - 1
        }
        return nil
    }

    /// The length of the well-formed UTF-8 sequence starting at `index` (2–4), or 0.
    private static func sequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        let lead = bytes[index]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            high = 0x9F
        case 0xF0:
            length = 4
            low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            high = 0x8F
        default: return 0
        }
        guard index + length <= bytes.count else { return 0 }
        let second = bytes[index + 1]
        guard second >= low, second <= high else { return 0 }
        for offset in 2..<max(2, length) where bytes[index + offset] & 0xC0 != 0x80 { return 0 }
        return length
    }
}
