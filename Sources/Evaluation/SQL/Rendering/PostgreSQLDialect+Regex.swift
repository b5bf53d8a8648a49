import Predicates

extension PostgreSQLDialect {
    /// `MATCHES` on PostgreSQL: the subject as memory's regular expression sees it, then `~`
    /// and the pattern translated to PostgreSQL's syntax (``PostgresRegexPrinter``), bound.
    ///
    /// | predicate | SQL | pattern bound |
    /// |---|---|---|
    /// | `name MATCHES 'a+'` | `normalize("t0"."name", NFKC) ~ $1` | `^(?:a+)$` |
    /// | `name MATCHES[c] 'a+'` | `pe_fold(normalize("t0"."name", NFKC), $1) ~ $2` | `c`, `^(?:a+)$` |
    /// | `name MATCHES[n] 'a+'` | `"t0"."name" ~ $1` | `^(?:a+)$` |
    /// | `name MATCHES '(?=a)'` | refused: the lookahead '(?=' … has no equivalent there | |
    ///
    /// Memory normalises both sides to NFKC unless `[n]`, and folds both under `[c]`/`[d]`: the
    /// pattern is folded here by the engine itself, the subject by `pe_fold` on the server.
    public func regexMatch(
        _ match: SQLRegexMatch, subject: String, pattern: String?, bind: (SQLValue) -> String
    ) throws(SQLLoweringError) -> String {
        guard let (text, tree) = try match.parsedPattern(for: name) else { return falseCondition }
        let translated: String
        do {
            translated = try PostgresRegexPrinter.wholeString(tree)
        } catch {
            throw match.refusal(error, in: text, dialect: name)
        }
        let mode = match.options
        var prepared = subject
        if !mode.contains(.normalized) {
            prepared = "normalize(\(subject), NFKC)"
            if mode.contains(.caseInsensitive) || mode.contains(.diacriticInsensitive) {
                guard capabilities.helperFunctions else {
                    throw match.refusal(
                        "MATCHES[\(mode.letterString)] is not lowered for \(name) here: it folds with pe_fold "
                            + "(install the engine's helper functions)")
                }
                prepared = "pe_fold(\(prepared), \(bind(.text(mode.letterString))))"
            }
        }
        return prepared + " ~ " + bind(.text(translated))
    }
}
