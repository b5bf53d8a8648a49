import Evaluation
import Foundation
import PostgresDatabase
import Predicates
import TestSupport
import Testing

/// MATCHES at the edges of ICU's rules, each answer written by hand from those rules and checked
/// in memory and on PostgreSQL (the translation): the whole string must match, `.` takes CR LF
/// as one character (DOTALL), `^` and `$` stand at line terminators (MULTILINE: U+000A–U+000D,
/// U+0085, U+2028, U+2029, never between CR and LF for `$`, never at the very end for `^`),
/// `\Z` before a final terminator, ICU's classes whatever the server's locale, and both sides
/// NFKC-normalised (unless `[n]`) and folded (`[c]`, `[d]`) — the pattern too.
@Suite(
    "MATCHES on PostgreSQL: ICU's edge cases, by hand",
    .enabled(if: PostgresTestServer.isAvailable, PostgresTestServer.skipMessage))
struct RegexEdgeCaseTests {
    struct Case: Sendable, CustomStringConvertible {
        var pattern: String
        var subject: String
        var options: String
        var matches: Bool

        var description: String {
            "\(RegexDifferentialTests.shown(subject)) MATCHES[\(options)] \(RegexDifferentialTests.shown(pattern))"
        }
    }

    static func row(_ pattern: String, _ subject: String, _ options: String, _ matches: Bool) -> Case {
        Case(pattern: pattern, subject: subject, options: options, matches: matches)
    }

    static func row(_ pattern: String, _ subject: String, _ matches: Bool) -> Case {
        row(pattern, subject, "", matches)
    }

    static let cases: [Case] = [
        // `.` takes CR LF as one character; a bracket takes one code point.
        row(".", "\r\n", true), row("..", "\r\n", false), row("\r.", "\r\n", true), row(".\n", "\r\n", false),
        row("[^a]", "\r\n", false), row("[^a][^a]", "\r\n", true), row(".", "\n", true), row(".*", "a\r\nb\n", true),
        // `^` after any line terminator (between CR and LF too), but not at the end.
        row("a\n^b", "a\nb", true), row("a\n^", "a\n", false), row("a\r^\nb", "a\r\nb", true), row("a^b", "ab", false),
        row("a\u{2028}^b", "a\u{2028}b", true), row("a\u{85}^b", "a\u{85}b", true), row("a\u{0C}^b", "a\u{0C}b", true),
        // `$` before any line terminator, but not between CR and LF.
        row("a$\nb", "a\nb", true), row("a\r$\nb", "a\r\nb", false), row("a$\u{2028}b", "a\u{2028}b", true),
        row("a$\u{0B}b", "a\u{0B}b", true), row("a$b", "ab", false), row("a$\n", "a\n", true),
        // `\Z`: the end, or before one final terminator (CR LF as one); `\z` and `\A` the ends only.
        row(#"a\Z\n"#, "a\n", true), row(#"a\Z\r\n"#, "a\r\n", true), row(#"a\r\Z\n"#, "a\r\n", false),
        row(#"a\Z\n\n"#, "a\n\n", false), row(#"a\Z\u2028"#, "a\u{2028}", true), row(#"a\z\n"#, "a\n", false),
        row(#"a\n\Ab"#, "a\nb", false), row("^a$", "a", true), row(#"\Aa\z"#, "a", true), row("^*x", "x", true),
        // ICU's classes: every decimal digit, White_Space, letters marks digits connectors joiners.
        row(#"\d"#, "\u{663}", true), row(#"\d"#, "²", "n", false), row(#"\d"#, "²", true),
        row(#"\D"#, "\u{663}", false), row(#"\s"#, "\u{85}", true), row(#"\s"#, "\u{200B}", false),
        row(#"\w"#, "\u{200C}", true), row(#"\w"#, "_", true), row(#"\w"#, "-", false), row(#"[\d_]+"#, "1_٣", true),
        // Escapes and brackets.
        row(#"\cA\e\010"#, "\u{1}\u{1B}\u{8}", true), row(#"\x41\x{E9}"#, "Aé", true),
        row(#"\u0041\U0001F600"#, "A😀", true), row(#"[a\-z]"#, "-", true), row(#"[a\-z]"#, "b", false),
        row("[a-]", "-", true), row("[]a]", "]", true), row(#"\Qa.\E"#, "a.", true), row(#"\Qa.\E"#, "ab", false),
        // Groups, alternation, quantifiers (laziness does not change a whole-string answer).
        row("(?<n>a)b", "ab", true), row("a(?#c)", "a", true), row("(a|ab)(c|bcd)", "abcd", true),
        row("a|", "", true), row("a|", "b", false), row("a+?", "aaa", true), row("a{1,2}?b", "aab", true),
        row("(?:ab){2}", "abab", true), row("a{0}", "", true), row("(?:a|)*b", "b", true), row("(?:a*)*", "aa", true),
        row("a()b", "ab", true), row("()", "", true), row("(?:)+a", "a", true),
        // U+0000, which PostgreSQL text cannot hold, matches nothing; optional, it is left out.
        row(#"a\x{0}"#, "a", false), row(#"a\x{0}?"#, "a", true),
        // Folding applies to the pattern too (`\D` folds to `\d` under [c]); NFKC to both sides.
        row("abc", "ABC", "c", true), row("ABC", "abc", "c", true), row("e.", "É\n", "cd", true),
        row(#"\D"#, "1", "c", true), row("ﬁ", "fi", true), row("fi", "ﬁ", true), row("ﬁ", "fi", "n", false),
        row("K", "\u{212A}", true),
    ]

    @Test("each case: memory and PostgreSQL give the answer ICU's rules give")
    func edgeCases() throws {
        let db = try PostgresTestServer.shared.get().makeDatabase()
        try RegexDifferentialTests.store(Self.cases.map(\.subject), in: db)
        for (index, row) in Self.cases.enumerated() {
            #expect(try SQLHelperFunctions.matches(row.subject, row.pattern, row.options) == row.matches, "\(row)")
            let match = SQLRegexMatch(
                subject: .column(alias: "t0", name: "s"), pattern: .constant(row.pattern),
                options: RegexDifferentialTests.options(row.options), range: nil)
            var statement = try PostgreSQLDialect().render(.regexMatch(match))
            statement.sql = #"SELECT "t0"."id" FROM "lines" AS "t0" WHERE "# + statement.sql
            let selected = try db.rows(statement).contains { $0.first == .integer(Int64(index)) }
            #expect(selected == row.matches, "\(row) on PostgreSQL, as \(statement)")
        }
    }
}
