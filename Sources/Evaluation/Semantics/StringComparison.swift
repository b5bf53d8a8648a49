import Foundation
import Predicates

/// String equality and ordering under comparison options (spec §3.2–§3.4).
///
/// - `==` without options is literal: `"é" == "e\u{301}"` is false (UTF-16/UTF-8 units differ).
/// - `<`, `<=`, `>`, `>=` without options use Unicode order with canonical equivalence
///   (Apple's non-literal `compare:`): `"é" <= "e\u{301}"` is true; `"a" < "B"` is false.
/// - `[c]`, `[d]` fold both sides first and then compare non-literally:
///   `"Straße" ==[c] "STRASSE"`, `"café" ==[d] "cafe"`, `"a" <[c] "B"`.
/// - `[n]` compares code units and supersedes `c` and `d`.
/// - `[l]` compares non-literally (`"é" ==[l] "e\u{301}"`); locale collation is not applied.
enum StringComparison {
    /// Literal equality: the same UTF-8 bytes (equivalent to the same UTF-16 code units).
    @inline(__always)
    static func literalEquals(_ a: String, _ b: String) -> Bool {
        return a.withUTF8Bytes { x in
            b.withUTF8Bytes { y in
                guard x.count == y.count else { return false }
                guard let p = x.baseAddress, let q = y.baseAddress else { return true }
                return memcmp(p, q, x.count) == 0
            }
        }
    }

    /// `a ==[options] b`.
    static func equals(_ a: String, _ b: String, _ options: ComparisonOptions) -> Bool {
        let mode = StringMatchMode(options)
        if mode.literal { return literalEquals(a, b) }
        if mode.folds { return StringFolding.fold(a, mode) == StringFolding.fold(b, mode) }
        if options.contains(.localeSensitive) { return a == b }
        return literalEquals(a, b)
    }

    /// Equality of `a` against a `b` that is already folded for `mode` (compiled constants).
    static func equals(_ a: String, prepared b: String, _ mode: StringMatchMode, localeSensitive: Bool) -> Bool {
        if mode.literal { return literalEquals(a, b) }
        if mode.folds { return StringFolding.fold(a, mode) == b }
        if localeSensitive { return a == b }
        return literalEquals(a, b)
    }

    /// Three-way ordering of `a` and `b` under `options`.
    static func compare(_ a: String, _ b: String, _ options: ComparisonOptions) -> ComparisonResult {
        let mode = StringMatchMode(options)
        if mode.literal { return literalOrder(a, b) }
        let x = StringFolding.fold(a, mode)
        let y = StringFolding.fold(b, mode)
        if x == y { return .orderedSame }
        return x < y ? .orderedAscending : .orderedDescending
    }

    /// Order of UTF-8 bytes (the same as Unicode scalar order).
    static func literalOrder(_ a: String, _ b: String) -> ComparisonResult {
        return a.withUTF8Bytes { x in
            b.withUTF8Bytes { y in
                let common = Swift.min(x.count, y.count)
                var result: Int32 = 0
                if common > 0, let p = x.baseAddress, let q = y.baseAddress { result = memcmp(p, q, common) }
                if result != 0 { return result < 0 ? .orderedAscending : .orderedDescending }
                if x.count == y.count { return .orderedSame }
                return x.count < y.count ? .orderedAscending : .orderedDescending
            }
        }
    }
}
