import Evaluation
import Foundation
import Predicates
import Testing

/// What `MATCHES` on PostgreSQL refuses, rendered in full: the construct named with where it
/// is in the pattern, the caret under the pattern. SQLite lowers every one of them (it runs
/// ICU itself).
@Suite("SQL lowering: MATCHES constructs PostgreSQL refuses")
struct RegexRefusalTests {
    static let lowered = "(lowered: characters, classes, '.', quantifiers, groups, alternation, anchors)"

    /// Format (backslashes doubled, as in format text) → the rendered refusal.
    static let refusals: [(String, [String])] = [
        (
            "name MATCHES '(?=a)b'",
            [
                "1:14: error: MATCHES pattern '(?=a)b' is not lowered for postgres: the lookahead '(?=' at character 1 of the pattern has no equivalent there \(lowered)",
                "name MATCHES '(?=a)b'",
                "             ^^^^^^^^",
            ]
        ),
        (
            "name MATCHES 'a(?!b)'",
            [
                "1:14: error: MATCHES pattern 'a(?!b)' is not lowered for postgres: the negative lookahead '(?!' at character 2 of the pattern has no equivalent there \(lowered)",
                "name MATCHES 'a(?!b)'",
                "             ^^^^^^^^",
            ]
        ),
        (
            "name MATCHES '(?<=a)b'",
            [
                "1:14: error: MATCHES pattern '(?<=a)b' is not lowered for postgres: the lookbehind '(?<=' at character 1 of the pattern has no equivalent there \(lowered)",
                "name MATCHES '(?<=a)b'",
                "             ^^^^^^^^^",
            ]
        ),
        (
            "name MATCHES 'x(?<!a)b'",
            [
                "1:14: error: MATCHES pattern 'x(?<!a)b' is not lowered for postgres: the negative lookbehind '(?<!' at character 2 of the pattern has no equivalent there \(lowered)",
                "name MATCHES 'x(?<!a)b'",
                "             ^^^^^^^^^^",
            ]
        ),
        (
            "name MATCHES '(?>a|ab)c'",
            [
                "1:14: error: MATCHES pattern '(?>a|ab)c' is not lowered for postgres: the atomic group '(?>' at character 1 of the pattern has no equivalent there \(lowered)",
                "name MATCHES '(?>a|ab)c'",
                "             ^^^^^^^^^^^",
            ]
        ),
        (
            "name MATCHES 'ba*+'",
            [
                "1:14: error: MATCHES pattern 'ba*+' is not lowered for postgres: the possessive quantifier '*+' at character 3 of the pattern has no equivalent there \(lowered)",
                "name MATCHES 'ba*+'",
                "             ^^^^^^",
            ]
        ),
        (
            "name MATCHES '(?i)abc'",
            [
                "1:14: error: MATCHES pattern '(?i)abc' is not lowered for postgres: the inline flags '(?i' at character 1 of the pattern has no equivalent there \(lowered)",
                "name MATCHES '(?i)abc'",
                "             ^^^^^^^^^",
            ]
        ),
        (
            #"name MATCHES '\\bword\\b'"#,
            [
                #"1:14: error: MATCHES pattern '\bword\b' is not lowered for postgres: the word boundary '\b' at character 1 of the pattern has no equivalent there "#
                    + lowered,
                #"name MATCHES '\\bword\\b'"#,
                "             ^^^^^^^^^^^^",
            ]
        ),
        (
            #"name MATCHES '(a)\\1'"#,
            [
                #"1:14: error: MATCHES pattern '(a)\1' is not lowered for postgres: the back reference '\1' at character 4 of the pattern has no equivalent there "#
                    + lowered,
                #"name MATCHES '(a)\\1'"#,
                "             ^^^^^^^^",
            ]
        ),
        (
            #"name MATCHES 'e\\X'"#,
            [
                #"1:14: error: MATCHES pattern 'e\X' is not lowered for postgres: the grapheme cluster '\X' at character 2 of the pattern has no equivalent there "#
                    + lowered,
                #"name MATCHES 'e\\X'"#,
                "             ^^^^^^",
            ]
        ),
        (
            "name MATCHES 'a{256}'",
            [
                "1:14: error: MATCHES pattern 'a{256}' is not lowered for postgres: the repetition '{256}' at character 2 of the pattern repeats more than PostgreSQL's limit of 255 times",
                "name MATCHES 'a{256}'",
                "             ^^^^^^^^",
            ]
        ),
        (
            #"name MATCHES '\\Qa.b'"#,
            [
                #"1:14: error: MATCHES pattern '\Qa.b' is not lowered for postgres: its whole-string form does not compile (as after an unterminated '\Q', or at ICU's nesting limit)"#,
                #"name MATCHES '\\Qa.b'"#,
                "             ^^^^^^^^",
            ]
        ),
        (
            "name MATCHES[c] 'ABC(?=x)'",
            [
                "1:17: error: MATCHES pattern 'ABC(?=x)' is not lowered for postgres: the lookahead '(?=' in the pattern as folded and normalised, 'abc(?=x)', has no equivalent there \(lowered)",
                "name MATCHES[c] 'ABC(?=x)'",
                "                ^^^^^^^^^^",
            ]
        ),
        (
            "'abc' MATCHES name",
            [
                "1:15: error: MATCHES with a pattern read from each row is not lowered for postgres: only a constant pattern is translated to its regular expressions",
                "'abc' MATCHES name",
                "              ^^^^",
            ]
        ),
    ]

    @Test("each refusal, rendered", arguments: refusals)
    func refused(format: String, rendered: [String]) throws {
        do {
            let statement = try LoweringGoldenTests.statement(format, dialect: PostgreSQLDialect())
            Issue.record("lowered: \(statement)")
        } catch let error as SQLLoweringError {
            #expect(error.id == "sql-dialect")
            #expect(error.rendered(in: format) == rendered.joined(separator: "\n"))
        }
        // SQLite runs ICU itself.
        #expect(throws: Never.self) { try LoweringGoldenTests.statement(format) }
    }

    @Test(
        "98 nested groups are translated; 99, whose whole-string form ICU cannot compile, are refused; deeper is ICU's own error"
    )
    func deepNesting() throws {
        func nested(_ count: Int) -> String {
            String(repeating: "(", count: count) + "a" + String(repeating: ")", count: count)
        }
        let statement = try LoweringGoldenTests.statement("name MATCHES '\(nested(98))'", dialect: PostgreSQLDialect())
        #expect(
            statement.bindings
                == [
                    .text("^(?:" + String(repeating: "(?:", count: 98) + "a" + String(repeating: ")", count: 98) + ")$")
                ])
        #expect {
            try LoweringGoldenTests.statement("name MATCHES '\(nested(99))'", dialect: PostgreSQLDialect())
        } throws: { error in
            (error as? SQLLoweringError)?.message.contains("its whole-string form does not compile") == true
        }
        #expect {
            try LoweringGoldenTests.statement("name MATCHES '\(nested(150))'", dialect: PostgreSQLDialect())
        } throws: { error in
            (error as? SQLLoweringError)?.id == "sql-invalid-pattern"
        }
    }

    @Test("without the helper functions, a folding MATCHES is refused; a plain one needs none")
    func withoutHelpers() throws {
        let bare = PostgreSQLDialect(capabilities: .init(helperFunctions: false))
        #expect(throws: SQLLoweringError.self) {
            try LoweringGoldenTests.statement("name MATCHES[c] 'a'", dialect: bare)
        }
        let plain = try LoweringGoldenTests.statement("name MATCHES 'a'", dialect: bare)
        #expect(plain.bindings == [.text("^(?:a)$")])
    }
}
