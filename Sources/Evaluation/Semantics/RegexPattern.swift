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
    private let isEmpty: Bool

    /// Compiles `pattern`; an invalid pattern throws `invalid-pattern` with ICU's reason.
    init(_ pattern: String, options: ComparisonOptions) throws(EvaluationError) {
        mode = StringMatchMode(options)
        isEmpty = pattern.isEmpty
        if pattern.isEmpty {
            regex = nil
            checksLength = false
            return
        }
        let regexOptions: NSRegularExpression.Options = [.dotMatchesLineSeparators, .anchorsMatchLines]
        let folded = StringFolding.fold(pattern, mode)
        var candidates = [folded]
        if !mode.literal {
            // NFKC first; Apple falls back to NFC when the NFKC form does not compile.
            candidates = [
                folded.precomposedStringWithCompatibilityMapping, folded.precomposedStringWithCanonicalMapping,
            ]
        }
        var lastError = ""
        for candidate in candidates {
            do {
                _ = try NSRegularExpression(pattern: candidate, options: regexOptions)
            } catch {
                lastError = "\(error)"
                continue
            }
            if let wrapped = try? NSRegularExpression(pattern: "(?:" + candidate + ")\\z", options: regexOptions) {
                regex = wrapped
                checksLength = false
            } else if let plain = try? NSRegularExpression(pattern: candidate, options: regexOptions) {
                regex = plain
                checksLength = true
            } else {
                continue
            }
            return
        }
        throw EvaluationError.invalidPattern("cannot compile the regular expression '\(pattern)': \(lastError)")
    }

    /// Whether the whole `subject` matches.
    func matches(_ subject: String) -> Bool {
        guard let regex else { return false }
        let prepared = StringFolding.fold(mode.literal ? subject : StringFolding.compatibilityNormalized(subject), mode)
        let length = prepared.utf16.count
        guard
            let match = regex.firstMatch(
                in: prepared, options: [.anchored], range: NSRange(location: 0, length: length))
        else { return false }
        return !checksLength || match.range.length == length
    }
}
