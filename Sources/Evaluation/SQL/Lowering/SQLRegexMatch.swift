import Predicates

/// `subject MATCHES[options] pattern` as the lowering hands it to a dialect
/// (``SQLExpression/regexMatch(_:)``): each database spells it its own way.
///
/// | dialect | `name MATCHES[c] 'a.*'` |
/// |---|---|
/// | SQLite | `pe_matches("t0"."name", ?, ?) = 1`, the engine's own ICU regex (`'a.*'`, `'c'`) |
/// | PostgreSQL | `pe_fold(normalize("t0"."name", NFKC), $1) ~ $2`, the pattern translated (`'c'`, `'^(?:a(?:\r\n|(?!\r\n).)*)$'`) |
///
/// PostgreSQL translates the patterns whose meaning its regular expressions share
/// (``ICURegexParser``, ``PostgresRegexPrinter``) and refuses the rest, naming the construct.
public struct SQLRegexMatch: Sendable, Hashable {
    /// The pattern: a constant (a literal or an argument), or an expression read from the row.
    public enum Pattern: Sendable, Hashable {
        /// A pattern known when lowering: PostgreSQL translates it.
        case constant(String)
        /// A pattern read from the row: only the engine's own function (SQLite) can run it.
        case expression(SQLExpression)
    }

    /// The string tested.
    public var subject: SQLExpression
    /// The ICU pattern, as written (not yet folded).
    public var pattern: Pattern
    /// `[c]`, `[d]`, `[n]`: both the subject and the pattern are folded as memory folds them.
    public var options: ComparisonOptions
    /// Where the pattern is written in the predicate, for refusals.
    public var range: SourceRange?

    /// Creates a match.
    public init(subject: SQLExpression, pattern: Pattern, options: ComparisonOptions, range: SourceRange?) {
        self.subject = subject
        self.pattern = pattern
        self.options = options
        self.range = range
    }

    /// The pattern as ICU compiles it for the options (folded, NFKC-normalised) and its tree,
    /// or `nil` for the empty pattern (which never matches). A pattern read from the row, one
    /// whose whole-string form ICU cannot compile, or one with a construct the tree cannot
    /// hold is refused for `dialect`, naming the construct.
    func parsedPattern(for dialect: String) throws(SQLLoweringError) -> (text: String, tree: ICURegex)? {
        guard case .constant(let pattern) = pattern else {
            throw refusal(
                "MATCHES with a pattern read from each row is not lowered for \(dialect): "
                    + "only a constant pattern is translated to its regular expressions")
        }
        let prepared: RegexPattern.Prepared?
        do {
            prepared = try RegexPattern.prepared(pattern, options: options)
        } catch {
            throw SQLLoweringError(id: "sql-invalid-pattern", message: error.message, range: range)
        }
        guard let prepared else { return nil }
        guard prepared.wrapped != nil else {
            throw refusal(
                "MATCHES pattern \(RegexPattern.quoted(pattern)) is not lowered for \(dialect): "
                    + "its whole-string form does not compile (as after an unterminated '\\Q', or at ICU's "
                    + "nesting limit)")
        }
        do {
            return (prepared.text, try ICURegexParser.parse(prepared.text))
        } catch {
            throw refusal(error, in: prepared.text, dialect: dialect)
        }
    }

    /// The refusal of a construct of the pattern (whose prepared form is `text`):
    /// `MATCHES pattern '(?=a)b' is not lowered for postgres: the lookahead '(?=' at character 1
    /// of the pattern has no equivalent there (…)`.
    func refusal(_ refusal: ICURegexRefusal, in text: String, dialect: String) -> SQLLoweringError {
        guard case .constant(let pattern) = pattern else { return self.refusal(refusal.construct) }
        let place: String
        if text == pattern {
            var prefix = String.UnicodeScalarView()
            prefix.append(contentsOf: text.unicodeScalars.prefix(refusal.offset))
            place = "at character \(String(prefix).count + 1) of the pattern"
        } else {
            place = "in the pattern as folded and normalised, '\(text)',"
        }
        let reason =
            refusal.reason
            ?? ("has no equivalent there (lowered: characters, classes, '.', quantifiers, groups, alternation, "
                + "anchors)")
        return self.refusal(
            "MATCHES pattern \(RegexPattern.quoted(pattern)) is not lowered for \(dialect): \(refusal.construct) "
                + "\(place) \(reason)")
    }

    /// A refusal at the pattern.
    func refusal(_ message: String) -> SQLLoweringError {
        SQLLoweringError(id: "sql-dialect", message: message, range: range)
    }
}
