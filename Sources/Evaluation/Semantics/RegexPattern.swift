import Foundation
import Predicates

/// A compiled `MATCHES` pattern (spec §3.8): an ICU regular expression that must match the
/// whole string, with `.` matching line terminators and `^`/`$` matching at line boundaries
/// (`dotMatchesLineSeparators` + `anchorsMatchLines`, Apple's DOTALL | MULTILINE).
///
/// | predicate | result |
/// |---|---|
/// | `'abc' MATCHES 'b'` | false (whole string) |
/// | `'abc' MATCHES '.*b.*'` | true |
/// | `'ab' MATCHES 'a|ab'` | true (the whole-string match is found by backtracking) |
/// | `'a\nb' MATCHES 'a.b'` | true |
/// | `'ABC' MATCHES[c] 'abc'` | true |
/// | `'' MATCHES ''` | false (an empty pattern never matches) |
/// | `'x' MATCHES '('` | error `invalid-pattern`: MATCHES pattern '(' is not a valid regular expression: expected ')' |
/// | `SELF MATCHES '(a\|b)*'` on 2,000,000 characters | error `regex-limit` (the engine gave up; never a silent false) |
///
/// As on Apple, `[c]`/`[d]` fold both the subject *and the pattern* (so `\D` folds to `\d`;
/// write class escapes in lower case, or avoid `[c]`), and without `[n]` both are
/// NFKC-normalised. Inside format text a backslash is doubled: `MATCHES '\\d+'`.
struct RegexPattern: Sendable {
    /// `nil` for the empty pattern, which never matches (and is not a valid ICU pattern).
    private let regex: NSRegularExpression?
    /// Set when the whole-string wrapper could not be compiled (e.g. an unterminated `\Q`):
    /// the match is then accepted only if an anchored match spans the whole string.
    private let checksLength: Bool
    private let mode: StringMatchMode
    /// The pattern as written, for messages.
    private let pattern: String

    /// Compiles `pattern`; an invalid pattern throws `invalid-pattern` saying what is wrong.
    init(_ pattern: String, options: ComparisonOptions) throws(EvaluationError) {
        mode = StringMatchMode(options)
        self.pattern = pattern
        guard let prepared = try Self.prepared(pattern, options: options) else {
            regex = nil
            checksLength = false
            return
        }
        regex = prepared.wrapped ?? prepared.plain
        checksLength = prepared.wrapped == nil
    }

    /// The options of every compiled pattern: Apple's DOTALL | MULTILINE.
    static let regexOptions: NSRegularExpression.Options = [.dotMatchesLineSeparators, .anchorsMatchLines]

    /// A pattern ready for ICU: the text ICU compiles, compiled as it is and in its
    /// whole-string form.
    struct Prepared {
        /// `pattern` folded as the options ask, then NFKC-normalised unless `[n]` (NFC when the
        /// NFKC form does not compile, as on Apple). The SQL translation of MATCHES starts from
        /// this text (`ICURegexParser`).
        var text: String
        var plain: NSRegularExpression
        /// `(?:text)\z`; `nil` when it does not compile (after an unterminated `\Q`).
        var wrapped: NSRegularExpression?
    }

    /// `pattern` prepared for `options`; `nil` for the empty pattern, which never matches.
    static func prepared(_ pattern: String, options: ComparisonOptions) throws(EvaluationError) -> Prepared? {
        guard !pattern.isEmpty else { return nil }
        let mode = StringMatchMode(options)
        let folded = StringFolding.fold(pattern, mode)
        var candidates = [folded]
        if !mode.literal {
            // NFKC first; Apple falls back to NFC when the NFKC form does not compile.
            candidates = [
                folded.precomposedStringWithCompatibilityMapping, folded.precomposedStringWithCanonicalMapping,
            ]
        }
        for candidate in candidates {
            guard let plain = try? NSRegularExpression(pattern: candidate, options: regexOptions) else { continue }
            let wrapped = try? NSRegularExpression(pattern: "(?:" + candidate + ")\\z", options: regexOptions)
            return Prepared(text: candidate, plain: plain, wrapped: wrapped)
        }
        throw EvaluationError.invalidPattern(
            "MATCHES pattern \(Self.quoted(pattern)) is not a valid regular expression"
                + (RegexDiagnosis.reason(candidates[0]).map { ": \($0)" } ?? ""))
    }

    /// The subject as the pattern sees it: NFKC-normalised unless `[n]`, then folded as the
    /// options ask (not put in NFC afterwards).
    static func prepared(subject: String, _ mode: StringMatchMode) -> String {
        StringFolding.fold(mode.literal ? subject : StringFolding.compatibilityNormalized(subject), mode)
    }

    /// Whether the whole `subject` matches. Throws `regex-limit` when the regular-expression
    /// engine gives up (ICU's backtracking stack is full, e.g. `(a|b)*` over millions of
    /// characters): the answer is unknown, so it is an error rather than `false`.
    func matches(_ subject: String) throws(EvaluationError) -> Bool {
        guard let regex else { return false }
        let prepared = Self.prepared(subject: subject, mode)
        let length = prepared.utf16.count
        var matched = false
        var failed = false
        // `firstMatch` reports an engine failure as "no match"; the enumeration's completion
        // call carries the `internalError` flag instead.
        regex.enumerateMatches(
            in: prepared, options: [.anchored, .reportCompletion], range: NSRange(location: 0, length: length)
        ) { match, flags, stop in
            if flags.contains(.internalError) { failed = true }
            if let match {
                matched = !checksLength || match.range.length == length
                stop.pointee = true
            }
        }
        if failed && !matched {
            throw EvaluationError(
                id: "regex-limit",
                message: "MATCHES pattern \(Self.quoted(pattern)) could not be evaluated on a string of "
                    + "\(subject.count) characters: the regular expression engine ran out of backtracking space")
        }
        return matched
    }

    /// The pattern in quotes for a message, cut after 60 characters.
    static func quoted(_ pattern: String) -> String {
        pattern.count > 60 ? "'\(pattern.prefix(57))...'" : "'\(pattern)'"
    }
}

/// Why ICU refused a pattern, in words. Foundation reports only "the value is invalid", so the
/// pattern is parsed again by the standard library's regex parser, whose syntax is close to
/// ICU's, for its message: `(` → "expected ')'", `a{2,1}` → "range lower bound '2' must be
/// less than or equal to upper bound '1'", `[z-a]`, `*a`, a trailing `\`. `nil` when that
/// parser accepts the pattern or gives no useful reason.
enum RegexDiagnosis {
    static func reason(_ pattern: String) -> String? {
        guard #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) else { return nil }
        do {
            _ = try Regex(pattern)
            return nil
        } catch {
            let text = "\(error)"
            // "lookbehind is not currently supported" and the like describe that parser, not
            // the pattern.
            if text.contains("not currently supported") || text.contains("unsupported") || text.isEmpty {
                return nil
            }
            return text.count > 120 ? String(text.prefix(117)) + "..." : text
        }
    }
}
