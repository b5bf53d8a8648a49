import Foundation

/// Folding and NFKC for text whose characters are all below U+0300 (ASCII, Latin-1, Latin
/// Extended-A/B, IPA, spacing modifiers: `Dàn`, `Zoë`, `Håkan`, `Łódź`) without calling into
/// Foundation per string.
///
/// The tables are computed once, on first use, by asking Foundation to fold each of those
/// characters alone, so they give what `folding(options:locale:)` gives; a character whose
/// folded form would contain a combining mark (U+0300 or above) is left out, and a string
/// containing it takes the general path. Folding is per character in this range (there are
/// no contextual rules below U+0300), which the tests check against whole-string folding.
enum LatinFolding {
    private struct Tables: Sendable {
        /// Folded UTF-8 per mode (`[c]`, `[d]`, `[cd]`) for U+0080 ..< U+0300; `nil` when not covered.
        let folded: [[[UInt8]?]]
        /// Whether NFKC leaves each character of U+0080 ..< U+0300 unchanged.
        let compatibilityStable: [Bool]
        /// The largest folded size of a two-byte character, in bytes.
        let maximumExpansion: Int
    }

    private static let base: UInt32 = 0x80
    private static let limit: UInt32 = 0x300

    private static let tables: Tables = {
        let modes: [String.CompareOptions] = [
            [.caseInsensitive, .widthInsensitive], [.diacriticInsensitive, .widthInsensitive],
            [.caseInsensitive, .diacriticInsensitive, .widthInsensitive],
        ]
        var folded: [[[UInt8]?]] = Array(repeating: [], count: modes.count)
        var stable: [Bool] = []
        var expansion = 2
        for value in base..<limit {
            let text = Unicode.Scalar(value).map { String(Character($0)) } ?? ""
            stable.append(text.precomposedStringWithCompatibilityMapping == text)
            for (index, options) in modes.enumerated() {
                let result = text.folding(options: options, locale: nil)
                let simple = result.unicodeScalars.allSatisfy { $0.value < limit }
                folded[index].append(simple ? Array(result.utf8) : nil)
                if simple { expansion = Swift.max(expansion, result.utf8.count) }
            }
        }
        return Tables(folded: folded, compatibilityStable: stable, maximumExpansion: expansion)
    }()

    private static func modeIndex(_ mode: StringMatchMode) -> Int {
        mode.caseInsensitive ? (mode.diacriticInsensitive ? 2 : 0) : 1
    }

    /// The character of a two-byte UTF-8 sequence starting at `index`, when it is below U+0300.
    @inline(__always)
    private static func twoByteScalar(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> UInt32? {
        let lead = bytes[index]
        guard lead >= 0xC2, lead <= 0xCB, index + 1 < bytes.count else { return nil }
        return UInt32(lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F)
    }

    /// Calls `body` with the folded UTF-8 of `string`, built in a temporary buffer; `nil`
    /// when the string has a character outside the tables. The folded text has no character
    /// at or above U+0300, so byte searches in it agree with character searches.
    static func withFoldedUTF8<R>(
        _ string: String, _ mode: StringMatchMode, _ body: (UnsafeBufferPointer<UInt8>) -> R
    ) -> R? {
        let table = tables.folded[modeIndex(mode)]
        let foldCase = mode.caseInsensitive
        let expansion = tables.maximumExpansion
        return string.withUTF8Bytes { bytes -> R? in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count * expansion / 2 + 4) { buffer -> R? in
                var count = 0
                var index = 0
                while index < bytes.count {
                    let byte = bytes[index]
                    if byte < 0x80 {
                        buffer[count] = foldCase ? StringFolding.asciiLower(byte) : byte
                        count += 1
                        index += 1
                        continue
                    }
                    guard let scalar = twoByteScalar(bytes, index), let folded = table[Int(scalar - base)] else {
                        return nil
                    }
                    for unit in folded {
                        buffer[count] = unit
                        count += 1
                    }
                    index += 2
                }
                return body(UnsafeBufferPointer(rebasing: buffer[0..<count]))
            }
        }
    }

    /// `string` folded, or `nil` when it has a character outside the tables.
    static func fold(_ string: String, _ mode: StringMatchMode) -> String? {
        withFoldedUTF8(string, mode) { String(decoding: $0, as: UTF8.self) }
    }

    /// Whether every character is below U+0300 (so no combining marks and no canonical
    /// singletons: byte search equals character search).
    static func isSimple(_ string: String) -> Bool {
        return string.withUTF8Bytes { bytes in
            var index = 0
            while index < bytes.count {
                if bytes[index] < 0x80 {
                    index += 1
                    continue
                }
                guard twoByteScalar(bytes, index) != nil else { return false }
                index += 2
            }
            return true
        }
    }

    /// Whether NFKC certainly leaves `string` unchanged (every character below U+0300 and
    /// without a compatibility decomposition). `false` means "normalise to find out".
    static func isCompatibilityStable(_ string: String) -> Bool {
        let stable = tables.compatibilityStable
        return string.withUTF8Bytes { bytes in
            var index = 0
            while index < bytes.count {
                if bytes[index] < 0x80 {
                    index += 1
                    continue
                }
                guard let scalar = twoByteScalar(bytes, index), stable[Int(scalar - base)] else { return false }
                index += 2
            }
            return true
        }
    }
}
