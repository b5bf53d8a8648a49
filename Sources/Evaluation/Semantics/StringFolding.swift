import Foundation
import Predicates

/// What the comparison options ask of two strings before they are compared.
///
/// | options | mode |
/// |---|---|
/// | none, `[w]` | literal (`==`) or plain Unicode (`<`, `CONTAINS`) |
/// | `[c]` | Unicode case folding (`ß` → `ss`) + width folding |
/// | `[d]` | diacritics removed (`é` → `e`) + width folding |
/// | `[cd]` | both |
/// | `[n]` | literal, supersedes `c` and `d` |
/// | `[l]` | non-literal (canonical equivalence); no locale collation on this platform |
struct StringMatchMode: Sendable, Hashable {
    /// `[c]` in effect.
    var caseInsensitive: Bool
    /// `[d]` in effect.
    var diacriticInsensitive: Bool
    /// `[n]`: compare code units, never normalise.
    var literal: Bool

    init(_ options: ComparisonOptions) {
        literal = options.contains(.normalized)
        caseInsensitive = !literal && options.contains(.caseInsensitive)
        diacriticInsensitive = !literal && options.contains(.diacriticInsensitive)
    }

    /// Whether strings are folded before comparison.
    var folds: Bool { caseInsensitive || diacriticInsensitive }
}

/// Case and diacritic folding, with an allocation-free ASCII path.
///
/// Non-ASCII strings go through Foundation's `folding(options:locale:)` (CFStringFold on
/// Apple): case folding is full Unicode folding (`ß` → `ss`, `ﬁ` → `fi`), diacritic folding
/// decomposes and drops combining marks (`é` → `e`), and either adds width folding
/// (`Ａ` → `A`), as `[c]`/`[d]` do on Apple.
enum StringFolding {
    /// Folds `string` as `mode` asks; returns it unchanged when the mode does not fold.
    static func fold(_ string: String, _ mode: StringMatchMode) -> String {
        guard mode.folds else { return string }
        if isASCII(string) {
            return mode.caseInsensitive ? asciiLowercased(string) : string
        }
        var options: String.CompareOptions = [.widthInsensitive]
        if mode.caseInsensitive { options.insert(.caseInsensitive) }
        if mode.diacriticInsensitive { options.insert(.diacriticInsensitive) }
        return string.folding(options: options, locale: nil)
    }

    /// Apple's `canonical:` function: case, diacritic and width folding, then NFKC.
    static func canonical(_ string: String) -> String {
        if isASCII(string) { return asciiLowercased(string) }
        let folded = string.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        return folded.precomposedStringWithCompatibilityMapping
    }

    /// NFKC normalisation, as LIKE and MATCHES apply to both sides unless `[n]` is given.
    static func compatibilityNormalized(_ string: String) -> String {
        isASCII(string) ? string : string.precomposedStringWithCompatibilityMapping
    }

    /// Whether every byte of `string` is ASCII.
    @inline(__always)
    static func isASCII(_ string: String) -> Bool {
        var string = string
        return string.withUTF8 { isASCII($0) }
    }

    /// Whether every byte is ASCII, eight bytes at a time.
    @inline(__always)
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let count = bytes.count
        var index = 0
        while index + 8 <= count {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            if word & 0x8080_8080_8080_8080 != 0 { return false }
            index += 8
        }
        while index < count {
            if base[index] & 0x80 != 0 { return false }
            index += 1
        }
        return true
    }

    /// Lower-cases `A`–`Z` only.
    static func asciiLowercased(_ string: String) -> String {
        var string = string
        let needsWork = string.withUTF8 { bytes in bytes.contains { $0 >= 0x41 && $0 <= 0x5A } }
        guard needsWork else { return string }
        return String(unsafeUninitializedCapacity: string.utf8.count) { buffer in
            var count = 0
            for byte in string.utf8 {
                buffer[count] = asciiLower(byte)
                count += 1
            }
            return count
        }
    }

    /// `A`–`Z` to `a`–`z`; every other byte unchanged.
    @inline(__always)
    static func asciiLower(_ byte: UInt8) -> UInt8 {
        byte &- 0x41 < 26 ? byte | 0x20 : byte
    }
}
