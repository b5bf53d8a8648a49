import Foundation
import Predicates

/// The in-memory string semantics, packaged for the SQL helper functions: the SQLite helper
/// calls these from the functions it registers (`pe_fold`, `pe_like`, …, see
/// ``SQLHelperFunction``), so that a lowered query compares strings exactly as evaluation in
/// memory does.
package enum SQLStringSemantics {
    /// The comparison options spelt by `letters` (`""`, `"c"`, `"cd"`, `"n"`, …, any order).
    package static func options(_ letters: String) throws(EvaluationError) -> ComparisonOptions {
        var options: ComparisonOptions = []
        for letter in letters {
            guard let option = ComparisonOptions.letters.first(where: { $0.letter == letter })?.option else {
                throw EvaluationError.invalidArgument(
                    "unknown comparison option '\(letter)' in '\(letters)'; expected letters among c, d, l, n, w")
            }
            options.insert(option)
        }
        return options
    }

    /// The key whose byte equality is `==[options]` and whose byte order is the order of
    /// `<[options]` (up to the rare strings where Swift's order is not NFC code-point order):
    /// the string itself under `[n]`; otherwise the NFC form of the string folded as the
    /// options ask (`"Straße"` with `c` → `"strasse"`).
    package static func foldKey(_ text: String, _ options: ComparisonOptions) -> String {
        let mode = StringMatchMode(options)
        if mode.literal { return text }
        return StringFolding.fold(text, mode).precomposedStringWithCanonicalMapping
    }

    /// `a ==[options] b` for two strings (spec §3.2).
    package static func equals(_ a: String, _ b: String, _ options: ComparisonOptions) -> Bool {
        StringComparison.equals(a, b, options)
    }

    /// The order of `a` and `b` under `options`: -1, 0 or 1.
    package static func compare(_ a: String, _ b: String, _ options: ComparisonOptions) -> Int {
        switch StringComparison.compare(a, b, options) {
        case .orderedAscending: -1
        case .orderedSame: 0
        case .orderedDescending: 1
        }
    }

    /// `uppercase:` (Unicode full case mapping, `ß` → `SS`).
    package static func uppercase(_ text: String) -> String { text.uppercased() }

    /// `lowercase:`.
    package static func lowercase(_ text: String) -> String { text.lowercased() }

    /// `length:` (UTF-16 code units, as `NSString.length`).
    package static func length(_ text: String) -> Int { text.utf16.count }

    /// `canonical:` (case, diacritic and width folding, then NFKC).
    package static func canonical(_ text: String) -> String { StringFolding.canonical(text) }
}

/// A string operator with its right-hand side prepared once: `BEGINSWITH`, `ENDSWITH`,
/// `CONTAINS` (the needle folded), `LIKE` (the pattern compiled), `MATCHES` (the regular
/// expression compiled). The SQLite helper keeps one per constant pattern of a statement.
package final class SQLStringOperation: Sendable {
    /// The operator.
    package enum Kind: String, Sendable, Hashable, CaseIterable {
        case beginsWith, endsWith, contains, like, matches
    }

    private enum Prepared: Sendable {
        case search(StringNeedle, StringSearch.Anchor)
        case like(LikePattern)
        case regex(RegexPattern)
    }

    private let prepared: Prepared
    /// The operand as given, to check that a cached operation still applies.
    package let operand: String
    /// The options as given.
    package let optionLetters: String

    /// Prepares `kind` with the right-hand side `operand` under the options `optionLetters`;
    /// throws for unknown option letters, a LIKE pattern ending in a lone backslash, or a
    /// regular expression ICU cannot compile.
    package init(_ kind: Kind, operand: String, options optionLetters: String) throws(EvaluationError) {
        let options = try SQLStringSemantics.options(optionLetters)
        self.operand = operand
        self.optionLetters = optionLetters
        switch kind {
        case .beginsWith: prepared = .search(StringNeedle(operand, options), .prefix)
        case .endsWith: prepared = .search(StringNeedle(operand, options), .suffix)
        case .contains: prepared = .search(StringNeedle(operand, options), .anywhere)
        case .like: prepared = .like(try LikePattern(operand, options: options))
        case .matches: prepared = .regex(try RegexPattern(operand, options: options))
        }
    }

    /// Whether `subject` satisfies the operator (an empty needle or pattern never matches).
    package func matches(_ subject: String) -> Bool {
        switch prepared {
        case .search(let needle, let anchor): StringSearch.matches(subject, needle, anchor)
        case .like(let pattern): pattern.matches(subject)
        case .regex(let pattern): pattern.matches(subject)
        }
    }
}
