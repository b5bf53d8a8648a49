import Foundation
import Predicates

/// `BEGINSWITH`, `ENDSWITH` and the string forms of `CONTAINS` / `IN` (spec §3.5).
///
/// - An empty needle never matches: `'abc' CONTAINS ''` and `'abc' BEGINSWITH ''` are false.
/// - Without options the search is non-literal and works on whole characters (canonical
///   equivalence): `'cafe\u{301}' BEGINSWITH 'café'` is true, `'e\u{301}' CONTAINS 'e'` false.
/// - `[c]`/`[d]` fold both sides first: `'Ben' BEGINSWITH[c] 'b'`, `'naïve' CONTAINS[d] 'i'`.
/// - `[n]` searches code units.
///
/// The needle is prepared once (``StringNeedle``): a compiled predicate prepares its constant
/// needle at compile time; the interpreter prepares it on every call. ASCII haystacks are
/// searched byte by byte, folding `A`–`Z` on the fly, with no allocation.
enum StringSearch {
    /// Where the needle must be found.
    enum Anchor: Sendable, Hashable {
        case prefix, suffix, anywhere
    }

    /// `haystack` begins with / ends with / contains `needle`.
    static func matches(_ haystack: String, _ needle: StringNeedle, _ anchor: Anchor) -> Bool {
        guard !needle.isEmpty else { return false }
        let asciiResult: Bool? = haystack.withUTF8Bytes { bytes in
            if needle.mode.literal {
                return searchBytes(bytes, needle.bytes, anchor, foldCase: false)
            }
            guard needle.isASCII, StringFolding.isASCII(bytes) else { return nil }
            return searchBytes(bytes, needle.bytes, anchor, foldCase: needle.mode.caseInsensitive)
        }
        if let asciiResult { return asciiResult }
        if needle.isSimple {
            // Text below U+0300 has no combining marks: bytes can be searched directly.
            if !needle.mode.folds {
                if LatinFolding.isSimple(haystack) {
                    return haystack.withUTF8Bytes { searchBytes($0, needle.bytes, anchor, foldCase: false) }
                }
            } else if let result = LatinFolding.withFoldedUTF8(
                haystack, needle.mode, { searchBytes($0, needle.bytes, anchor, foldCase: false) })
            {
                return result
            }
        }
        let folded = StringFolding.fold(haystack, needle.mode)
        switch anchor {
        case .prefix: return folded.hasPrefix(needle.text)
        case .suffix: return folded.hasSuffix(needle.text)
        case .anywhere: return folded.firstRange(of: needle.text) != nil
        }
    }

    /// Byte search; with `foldCase` the haystack's `A`–`Z` are lowered (the needle already is).
    @inline(__always)
    private static func searchBytes(
        _ haystack: UnsafeBufferPointer<UInt8>, _ needle: [UInt8], _ anchor: Anchor, foldCase: Bool
    ) -> Bool {
        let n = needle.count
        let h = haystack.count
        guard n <= h else { return false }
        return needle.withUnsafeBufferPointer { needle in
            switch anchor {
            case .prefix: return equalAt(haystack, 0, needle, foldCase)
            case .suffix: return equalAt(haystack, h - n, needle, foldCase)
            case .anywhere:
                let first = needle[0]
                var start = 0
                while start <= h - n {
                    let byte = foldCase ? StringFolding.asciiLower(haystack[start]) : haystack[start]
                    if byte == first, equalAt(haystack, start, needle, foldCase) { return true }
                    start += 1
                }
                return false
            }
        }
    }

    @inline(__always)
    private static func equalAt(
        _ haystack: UnsafeBufferPointer<UInt8>, _ start: Int, _ needle: UnsafeBufferPointer<UInt8>, _ foldCase: Bool
    ) -> Bool {
        var index = 0
        if foldCase {
            while index < needle.count {
                if StringFolding.asciiLower(haystack[start + index]) != needle[index] { return false }
                index += 1
            }
        } else {
            while index < needle.count {
                if haystack[start + index] != needle[index] { return false }
                index += 1
            }
        }
        return true
    }
}

/// A search string folded once for a match mode. A class, so that the closures holding it
/// pass one reference rather than copying its string and bytes on every call.
final class StringNeedle: Sendable {
    /// The folded text.
    let text: String
    /// Its UTF-8 bytes.
    let bytes: [UInt8]
    /// Whether the folded text is ASCII (enables the byte path).
    let isASCII: Bool
    /// Whether every character of the folded text is below U+0300 (byte search is exact).
    let isSimple: Bool
    /// How haystacks are folded.
    let mode: StringMatchMode

    init(_ needle: String, _ options: ComparisonOptions) {
        mode = StringMatchMode(options)
        text = StringFolding.fold(needle, mode)
        bytes = Array(text.utf8)
        isASCII = StringFolding.isASCII(text)
        isSimple = LatinFolding.isSimple(text)
    }

    /// An empty needle matches nothing.
    var isEmpty: Bool { bytes.isEmpty }
}
