import Foundation
import Predicates

/// The string helpers lowered SQL calls, defined once here with the in-memory semantics; the
/// SQLite helper registers exactly these on each connection (Docs/sql-mapping.md lists them).
/// Each takes the options as their letters (`""`, `"c"`, `"cd"`, `"n"`, …) and returns nil
/// for a nil operand, which SQL sees as NULL.
///
/// | SQL | meaning |
/// |---|---|
/// | `pe_fold(s, o)` | the string as `==[o]` compares it: folded, then NFC (canonical equivalence) |
/// | `pe_compare(a, b, o)` | -1, 0 or 1: the order of `<[o]` |
/// | `pe_contains(h, n, o)`, `pe_beginswith`, `pe_endswith` | 1 or 0: `CONTAINS[o]`, `BEGINSWITH[o]`, `ENDSWITH[o]` |
/// | `pe_like(s, p, o)` | 1 or 0: `LIKE[o]` (a bad pattern is an error) |
/// | `pe_matches(s, p, o)` | 1 or 0: `MATCHES[o]` (a bad pattern is an error) |
/// | `pe_raise(c, k)` | 0, or an error naming the key `k` when `c` is true (memory raises there) |
/// | `pe_sum(x)` | SQLite's `SUM` with memory's overflow rule (an aggregate, ``Sum``) |
package enum SQLHelperFunctions {
    /// The options of a helper call.
    static func options(_ code: String) -> ComparisonOptions {
        var options: ComparisonOptions = []
        for (letter, option) in ComparisonOptions.letters where code.contains(letter) { options.insert(option) }
        return options
    }

    /// `pe_fold`: equal results exactly when `a ==[o] b` in memory.
    package static func fold(_ string: String, _ code: String) -> String {
        let options = options(code)
        let mode = StringMatchMode(options)
        if mode.literal { return string }
        return canonicalComposition(StringFolding.fold(string, mode))
    }

    /// `string` in NFC, as the standard library normalises it — the normalisation behind
    /// `String`'s `==` and `<`, which memory's `==[c]` and `<[c]` compare folded strings with.
    /// (Foundation's `precomposedStringWithCanonicalMapping` on Linux composes a character
    /// beyond U+FFFF with a following mark as if it were its low 16 bits — `𐐳` + `◌́` became
    /// `ѓ` — and leaves some decomposed marks out of canonical order.)
    package static func canonicalComposition(_ string: String) -> String {
        if StringFolding.isASCII(string) { return string }
        return String(decoding: string._nfcCodeUnits, as: UTF8.self)
    }

    /// `pe_compare`.
    package static func compare(_ a: String, _ b: String, _ code: String) -> Int {
        switch StringComparison.compare(a, b, options(code)) {
        case .orderedAscending: -1
        case .orderedSame: 0
        case .orderedDescending: 1
        }
    }

    /// `pe_contains`, `pe_beginswith`, `pe_endswith`.
    package static func search(_ haystack: String, _ needle: String, _ code: String, anchor: String) -> Bool {
        let where_: StringSearch.Anchor = anchor == "prefix" ? .prefix : (anchor == "suffix" ? .suffix : .anywhere)
        return StringSearch.matches(haystack, StringNeedle(needle, options(code)), where_)
    }

    /// `pe_like`.
    package static func like(_ subject: String, _ pattern: String, _ code: String) throws(EvaluationError) -> Bool {
        try LikePattern(pattern, options: options(code)).matches(subject)
    }

    /// `pe_sum(x)`, SQLite's replacement for `SUM`: memory's `@sum` (integers add exactly
    /// and continue as a double beyond 64 bits, where SQLite's `SUM` fails with "integer
    /// overflow"; any double makes the sum a double); NULLs skipped, NULL for no value.
    package struct Sum: Sendable {
        private var integers = ExactIntegerSum()
        private var doubles = 0.0
        private var isDouble = false
        private var isEmpty = true

        package init() {}

        package mutating func add(_ integer: Int64) {
            integers.add(Int(integer))
            doubles += Double(integer)
            isEmpty = false
        }

        package mutating func add(_ double: Double) {
            doubles += double
            isDouble = true
            isEmpty = false
        }

        /// The sum: `.integer`, `.double` or `.null` (no value added).
        package var value: SQLValue {
            if isEmpty { return .null }
            if isDouble { return .double(doubles) }
            switch integers.value {
            case .int(let int): return .integer(Int64(int))
            case .double(let double): return .double(double)
            default: return .null
            }
        }
    }

    /// The message of `pe_raise` (both databases): the object whose evaluation raises in memory.
    package static func raiseMessage(key: String) -> String {
        "pe_raise: the predicate does arithmetic on nil for the object with key \(key) "
            + "(an evaluation error in memory, so the query fails too)"
    }

    /// The subject as `MATCHES[o]` sees it: NFKC-normalised unless `[n]`, folded, and — unlike
    /// ``fold(_:_:)`` — not put in NFC. Where the two differ, PostgreSQL's MATCHES (which folds
    /// with `pe_fold`) can answer differently (Docs/sql-mapping.md, *Known differences*).
    package static func matchesSubject(_ subject: String, _ code: String) -> String {
        RegexPattern.prepared(subject: subject, StringMatchMode(options(code)))
    }

    /// `pe_matches`.
    package static func matches(_ subject: String, _ pattern: String, _ code: String) throws(EvaluationError) -> Bool {
        try RegexPattern(pattern, options: options(code)).matches(subject)
    }
}
