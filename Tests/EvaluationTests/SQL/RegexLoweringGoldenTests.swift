import Evaluation
import Foundation
import Predicates
import Testing

/// `MATCHES` lowered: exact SQL per dialect, and the PostgreSQL translation of each construct of
/// the ICU subset, written by hand from ICU's rules (whole-string match, DOTALL, MULTILINE) and
/// PostgreSQL's syntax (`^(?:…)$`, `\uXXXX` escapes, lookaround at line terminators).
@Suite("SQL lowering: MATCHES, exact SQL and the PostgreSQL translation")
struct RegexLoweringGoldenTests {
    static let select = #"SELECT "t0"."pk" FROM "content" AS "t0""#
    static let order = #" ORDER BY "t0"."pk""#

    static func postgres(_ format: String, arguments: [PredicateValue] = []) throws -> SQLStatement {
        try LoweringGoldenTests.statement(format, arguments: arguments, dialect: PostgreSQLDialect())
    }

    @Test(
        "the subject as memory's MATCHES sees it: NFKC unless [n], folded by pe_fold under [c]/[d]",
        arguments: [
            ("name MATCHES 'a+'", #"normalize("t0"."c_name", NFKC) ~ $1"#, [SQLValue.text("^(?:a+)$")]),
            ("name MATCHES[n] 'a+'", #""t0"."c_name" ~ $1"#, [.text("^(?:a+)$")]),
            ("name MATCHES[cn] 'A+'", #""t0"."c_name" ~ $1"#, [.text("^(?:A+)$")]),
            (
                "name MATCHES[c] 'AB'", #"pe_fold(normalize("t0"."c_name", NFKC), $1) ~ $2"#,
                [.text("c"), .text("^(?:ab)$")]
            ),
            (
                "name MATCHES[cd] 'É.'", #"pe_fold(normalize("t0"."c_name", NFKC), $1) ~ $2"#,
                [.text("cd"), .text(#"^(?:e(?:\r\n|(?!\r\n).))$"#)]
            ),
            ("name MATCHES %@", #"normalize("t0"."c_name", NFKC) ~ $1"#, [.text(#"^(?:x\-y)$"#)]),
            ("NOT name MATCHES 'a'", #"(normalize("t0"."c_name", NFKC) ~ $1) IS NOT TRUE"#, [.text("^(?:a)$")]),
            (
                "ANY tags.name MATCHES 'a'",
                #"EXISTS (SELECT 1 FROM "content_tag" AS "t2" JOIN "tag" AS "t1" ON "t1"."pk" = "t2"."tag_pk" WHERE "t2"."content_pk" = "t0"."pk" AND normalize("t1"."c_name", NFKC) ~ $1)"#,
                [.text("^(?:a)$")]
            ),
        ])
    func subjects(format: String, condition: String, bindings: [SQLValue]) throws {
        let statement = try Self.postgres(format, arguments: ["x-y"])
        #expect(statement.sql == Self.select + " WHERE " + condition + Self.order)
        #expect(statement.bindings == bindings)
    }

    @Test("SQLite runs the engine's own regular expressions (pe_matches), as before")
    func sqlite() throws {
        let statement = try LoweringGoldenTests.statement("name MATCHES[c] '(?=a)b'")
        #expect(statement.sql == Self.select + #" WHERE pe_matches("t0"."c_name", ?, ?) = 1"# + Self.order)
        #expect(statement.bindings == [.text("(?=a)b"), .text("c")])
        let column = try LoweringGoldenTests.statement("'abc' MATCHES name")
        #expect(column.sql == Self.select + #" WHERE pe_matches(?, "t0"."c_name", ?) = 1"# + Self.order)
        #expect(column.bindings == [.text("abc"), .text("")])
    }

    @Test("an empty pattern never matches; an invalid one is refused at lowering")
    func emptyAndInvalid() throws {
        #expect(try Self.postgres("name MATCHES ''").sql == Self.select + " WHERE FALSE" + Self.order)
        #expect {
            try Self.postgres("name MATCHES '('")
        } throws: { error in
            (error as? SQLLoweringError)?.id == "sql-invalid-pattern"
        }
    }

    /// Pattern (as ICU reads it) → the pattern bound on PostgreSQL.
    static let translations: [(String, String)] = [
        // Characters: ASCII letters and digits as they are, other ASCII quoted, the rest escaped.
        ("abc", "^(?:abc)$"),
        (#"a\.b\\c"#, #"^(?:a\.b\\c)$"#),
        ("a b-c", #"^(?:a\ b\-c)$"#),
        ("é😀", #"^(?:\u00E9\U0001F600)$"#),
        (#"\t\n\x41\x{E9}\u00E9\U0001F600\0101\cA\e"#, #"^(?:\u0009\u000AA\u00E9\u00E9\U0001F600A\u0001\u001B)$"#),
        (#"\Qa.b*\E"#, #"^(?:a\.b\*)$"#),
        (#"a\x{0}"#, "^(?:a(?!))$"),
        // `.` consumes CR LF as one character.
        ("a.", #"^(?:a(?:\r\n|(?!\r\n).))$"#),
        (".*", #"^(?:(?:\r\n|(?!\r\n).)*)$"#),
        // Brackets as code-point ranges, negated when shorter.
        ("[a-c]", "^(?:[a-c])$"),
        ("[^a-c]", "^(?:[^a-c])$"),
        ("[cab]x", "^(?:[a-c]x)$"),
        ("[-.a]", #"^(?:[\u002D-\u002Ea])$"#),
        ("[]a]", #"^(?:[\u005Da])$"#),
        (#"[\]\\^]"#, #"^(?:[\u005C-\u005E])$"#),
        (#"[\s\S]"#, #"^(?:[\u0001-\uD7FF\uE000-\U0010FFFF])$"#),
        (#"[^\s\S]"#, "^(?:(?!))$"),
        (#"[\x{100}-\x{10FFFF}]"#, #"^(?:[^\u0001-\u00FF])$"#),
        // Groups need no capture; alternation, quantifiers greedy and lazy.
        ("(a|b)*c", "^(?:(?:a|b)*c)$"),
        ("(?:ab)+?", "^(?:(?:ab)+?)$"),
        ("(?<word>x){2,3}", "^(?:(?:x){2,3})$"),
        ("a{2}b{2,}c??d{0,1}?", "^(?:a{2}b{2,}c??d??)$"),
        ("a|", "^(?:a|)$"),
        ("(?#note)a", "^(?:a)$"),
        // Anchors: first and last in a branch, the start and end of the string.
        ("^a$", "^(?:^a$)$"),
        (#"\Aa\z"#, "^(?:^a$)$"),
        (#"a\Z"#, "^(?:a$)$"),
        ("^a|b$", "^(?:^a|b$)$"),
        ("^*a", "^(?:a)$"),
        // Elsewhere, ICU's MULTILINE anchors at line terminators.
        ("a^b", #"^(?:a(?:\A|(?<=[\u000A-\u000D\u0085\u2028\u2029])(?!\Z))b)$"#),
        (#"a$\nb"#, #"^(?:a(?:\Z|(?=[\u000B-\u000D\u0085\u2028\u2029])|(?<!\r)(?=\n))\u000Ab)$"#),
        (#"a\Z\n"#, #"^(?:a(?:\Z|(?=[\u000B-\u000D\u0085\u2028\u2029]\Z)|(?<!\r)(?=\n\Z)|(?=\r\n\Z))\u000A)$"#),
        (#"a\A"#, #"^(?:a\A)$"#),
        ("(^a)", #"^(?:(?:(?:\A|(?<=[\u000A-\u000D\u0085\u2028\u2029])(?!\Z))a))$"#),
    ]

    @Test("each construct of the subset, translated", arguments: translations)
    func translation(pattern: String, translated: String) throws {
        let match = SQLRegexMatch(
            subject: .column(alias: "t0", name: "s"), pattern: .constant(pattern), options: .normalized, range: nil)
        let statement = try PostgreSQLDialect().render(.regexMatch(match))
        #expect(statement.sql == #""t0"."s" ~ $1"#)
        #expect(statement.bindings == [.text(translated)])
    }

    @Test("\\d, \\s and \\w are ICU's classes written out, whatever the server's locale")
    func classes() throws {
        func translated(_ pattern: String) throws -> String {
            let match = SQLRegexMatch(
                subject: .column(alias: "t0", name: "s"), pattern: .constant(pattern), options: .normalized, range: nil)
            guard case .text(let text)? = try PostgreSQLDialect().render(.regexMatch(match)).bindings.first else {
                return ""
            }
            return text
        }
        // \d is every decimal digit (Arabic-Indic, fullwidth), not other numbers (², ½).
        let digit = try translated(#"\d"#)
        #expect(digit.hasPrefix(#"^(?:[0-9\u0660-\u0669\u06F0-\u06F9"#))
        #expect(digit.contains(#"\uFF10-\uFF19"#))
        #expect(!digit.contains(#"\u00B2"#) && !digit.contains(#"\u00BD"#))
        // \s is White_Space: NBSP, NEL and the line separators, not the zero-width space.
        #expect(
            try translated(#"\s"#)
                == #"^(?:[\u0009-\u000D\u0020\u0085\u00A0\u1680\u2000-\u200A\u2028-\u2029\u202F\u205F\u3000])$"#)
        // \w: letters, marks, digits, connector punctuation, the joiners.
        let word = try translated(#"\w"#)
        #expect(word.hasPrefix(#"^(?:[0-9A-Z\u005Fa-z\u00AA\u00B5\u00BA\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u02C1"#))
        #expect(
            word.contains(#"\u0300-\u0374"#) && word.contains(#"\u200C-\u200D"#) && word.contains(#"\u203F-\u2040"#))
        // The negations are the complements: \D is [^…digits…].
        #expect(try translated(#"\D"#) == digit.replacingOccurrences(of: "^(?:[", with: "^(?:[^"))
    }
}
