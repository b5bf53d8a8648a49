import Foundation

/// Writes an ``ICURegex`` as a PostgreSQL advanced regular expression (the `~` operator) that
/// matches a whole string exactly when ICU's, as `MATCHES` runs it, does.
///
/// | ICU (`MATCHES`) | PostgreSQL |
/// |---|---|
/// | the whole string must match | `^(?:…)$` around the translation |
/// | `a`, `é`, `.`-escaped punctuation | `a`, `\u00E9`, `\.` |
/// | `[a-z]`, `\d`, `\w`, `[^\s]` | the code points ICU puts in the class, as ranges: `[a-z]`, `[0-9\u0660-\u0669…]` (never PostgreSQL's locale-dependent classes) |
/// | `.` (CR LF counts as one) | `(?:\r\n|(?!\r\n).)` |
/// | `(a)`, `(?<n>a)` | `(?:a)` (no back references, so nothing needs capturing) |
/// | `a*?`, `a{2,5}` | `a*?`, `a{2,5}` (at most 255 repetitions, PostgreSQL's limit) |
/// | `^`, `$` first and last in a branch | `^`, `$` |
/// | `^`, `$` elsewhere (MULTILINE) | lookaround at line terminators (`\n \v \f \r` U+0085 U+2028 U+2029, CR LF as one) |
/// | `\A`, `\z`, `\Z` | `\A`, `\Z`, `\Z` or before a final line terminator |
///
/// The text never reaches the SQL: it is a bound value. A character PostgreSQL text cannot
/// hold (U+0000) matches nothing (`(?!)`), as no stored string contains it.
enum PostgresRegexPrinter {
    /// PostgreSQL's largest repetition count (`RE_DUP_MAX`).
    static let maximumCount = 255

    /// The whole-string translation of `regex`.
    static func wholeString(_ regex: ICURegex) throws(ICURegexRefusal) -> String {
        var branches: [String] = []
        if case .alternation(let items) = regex {
            for item in items { branches.append(try branch(item)) }
        } else {
            branches.append(try branch(regex))
        }
        return "^(?:" + branches.joined(separator: "|") + ")$"
    }

    /// A top-level branch: an anchor first in it stands at the start of the string, one last
    /// in it at the end (the whole string must match), where PostgreSQL's `^` and `$` agree.
    private static func branch(_ node: ICURegex) throws(ICURegexRefusal) -> String {
        var items = [node]
        if case .sequence(let list) = node { items = list }
        var text = ""
        for (index, item) in items.enumerated() {
            if case .anchor(let anchor) = item {
                if index == 0, anchor == .lineStart || anchor == .inputStart {
                    text += "^"
                    continue
                }
                if index == items.count - 1, anchor != .lineStart, anchor != .inputStart {
                    text += "$"
                    continue
                }
            }
            text += try piece(item)
        }
        return text
    }

    private static func piece(_ node: ICURegex) throws(ICURegexRefusal) -> String {
        switch node {
        case .literal(let scalar):
            return literal(scalar)
        case .set(let set):
            return bracket(set)
        case .anyCharacter:
            return #"(?:\r\n|(?!\r\n).)"#
        case .anchor(let anchor):
            return self.anchor(anchor)
        case .group(let inner):
            return "(?:" + (try piece(inner)) + ")"
        case .sequence(let items):
            var text = ""
            for item in items {
                if case .alternation = item {
                    text += "(?:" + (try piece(item)) + ")"
                } else {
                    text += try piece(item)
                }
            }
            return text
        case .alternation(let branches):
            var texts: [String] = []
            for branch in branches { texts.append(try piece(branch)) }
            return texts.joined(separator: "|")
        case .repetition(let inner, let quantifier):
            return try repetition(inner, quantifier)
        }
    }

    private static func repetition(_ inner: ICURegex, _ quantifier: ICURegexQuantifier) throws(ICURegexRefusal)
        -> String
    {
        let largest = quantifier.maximum ?? quantifier.minimum
        guard largest <= maximumCount, quantifier.minimum <= maximumCount else {
            throw ICURegexRefusal(
                construct: "the repetition '\(quantifier.spelling)'", offset: quantifier.offset,
                reason: "repeats more than PostgreSQL's limit of \(maximumCount) times")
        }
        // An anchor repeated is the anchor once, or nothing when it may repeat zero times.
        if inner.isZeroWidth { return quantifier.minimum == 0 ? "" : try piece(inner) }
        // One atom as it is: a character, a bracket, a group (`.` prints as one); anything else
        // in a group.
        var atom = try piece(inner)
        switch inner {
        case .literal(let scalar) where scalar.value != 0: break
        case .set where atom.hasPrefix("["), .group, .anyCharacter: break
        default: atom = "(?:" + atom + ")"
        }
        let suffix: String
        switch (quantifier.minimum, quantifier.maximum) {
        case (0, nil): suffix = "*"
        case (1, nil): suffix = "+"
        case (0, 1): suffix = "?"
        case (let low, nil): suffix = "{\(low),}"
        case (let low, let high?) where low == high: suffix = "{\(low)}"
        case (let low, let high?): suffix = "{\(low),\(high)}"
        }
        return atom + suffix + (quantifier.lazy ? "?" : "")
    }

    /// ICU's MULTILINE anchors at line terminators (`isLineTerminator`: U+000A–U+000D, U+0085,
    /// U+2028, U+2029).
    private static func anchor(_ anchor: ICURegexAnchor) -> String {
        switch anchor {
        case .inputStart:
            #"\A"#
        case .inputEnd:
            #"\Z"#
        case .lineStart:
            // After a terminator (between CR and LF too), but not at the end.
            #"(?:\A|(?<=[\u000A-\u000D\u0085\u2028\u2029])(?!\Z))"#
        case .lineEnd:
            // Before a terminator, but not between CR and LF.
            #"(?:\Z|(?=[\u000B-\u000D\u0085\u2028\u2029])|(?<!\r)(?=\n))"#
        case .inputEndBeforeTerminator:
            #"(?:\Z|(?=[\u000B-\u000D\u0085\u2028\u2029]\Z)|(?<!\r)(?=\n\Z)|(?=\r\n\Z))"#
        }
    }

    /// One character: letters and digits of ASCII as they are, other ASCII quoted with `\`,
    /// everything else as `\uXXXX` or `\UXXXXXXXX`.
    private static func literal(_ scalar: Unicode.Scalar) -> String {
        switch scalar.value {
        case 0: "(?!)"
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: String(scalar)
        case 0x20...0x7E: "\\" + String(scalar)
        default: escaped(scalar.value)
        }
    }

    /// `\u00E9`, `\U0001F600`.
    private static func escaped(_ value: UInt32) -> String {
        value > 0xFFFF ? String(format: "\\U%08X", value) : String(format: "\\u%04X", value)
    }

    /// The code points PostgreSQL text can hold.
    private static let storable = CodePointSet(ranges: [1...CodePointSet.maximum]).subtracting(.surrogates)

    /// A bracket of ranges, negated when that is shorter; `(?!)` for a set no text can match.
    private static func bracket(_ set: CodePointSet) -> String {
        let positive = set.intersection(storable)
        guard !positive.isEmpty else { return "(?!)" }
        let negative = storable.subtracting(positive)
        if !negative.isEmpty, negative.ranges.count < positive.ranges.count {
            return "[^" + ranges(negative) + "]"
        }
        return "[" + ranges(positive) + "]"
    }

    private static func ranges(_ set: CodePointSet) -> String {
        set.ranges.map { range in
            let low = character(range.lowerBound)
            return range.count == 1 ? low : low + "-" + character(range.upperBound)
        }.joined()
    }

    /// A character inside a bracket: ASCII letters and digits as they are, the rest escaped.
    private static func character(_ value: UInt32) -> String {
        switch value {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: String(UnicodeScalar(UInt8(value)))
        default: escaped(value)
        }
    }
}
