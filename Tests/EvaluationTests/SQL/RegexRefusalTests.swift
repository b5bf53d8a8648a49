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
            "name MATCHES 'a(?:b*)+?'",
            [
                "1:14: error: MATCHES pattern 'a(?:b*)+?' is not lowered for postgres: the lazy quantifier '+?' at character 8 of the pattern repeats a part that can match nothing, where ICU answers unlike any other engine (the greedy '+' means the same for a whole-string match)",
                "name MATCHES 'a(?:b*)+?'",
                "             ^^^^^^^^^^^",
            ]
        ),
        (
            "name MATCHES 'x(?:|y){2,3}?'",
            [
                "1:14: error: MATCHES pattern 'x(?:|y){2,3}?' is not lowered for postgres: the lazy quantifier '{2,3}?' at character 8 of the pattern repeats a part that can match nothing, where ICU answers unlike any other engine (the greedy '{2,3}' means the same for a whole-string match)",
                "name MATCHES 'x(?:|y){2,3}?'",
                "             ^^^^^^^^^^^^^^^",
            ]
        ),
        (
            "name MATCHES 'a{2}+'",
            [
                "1:14: error: MATCHES pattern 'a{2}+' is not lowered for postgres: the possessive quantifier '{2}+' at character 2 of the pattern has no equivalent there \(lowered)",
                "name MATCHES 'a{2}+'",
                "             ^^^^^^^",
            ]
        ),
        (
            "name MATCHES 'a(?i:b)'",
            [
                "1:14: error: MATCHES pattern 'a(?i:b)' is not lowered for postgres: the inline flags '(?i' at character 2 of the pattern has no equivalent there \(lowered)",
                "name MATCHES 'a(?i:b)'",
                "             ^^^^^^^^^",
            ]
        ),
        (
            #"name MATCHES 'a\\Bb'"#,
            [
                #"1:14: error: MATCHES pattern 'a\Bb' is not lowered for postgres: the word boundary '\B' at character 2 of the pattern has no equivalent there "#
                    + lowered,
                #"name MATCHES 'a\\Bb'"#,
                "             ^^^^^^^",
            ]
        ),
        (
            #"name MATCHES '\\Ga'"#,
            [
                #"1:14: error: MATCHES pattern '\Ga' is not lowered for postgres: the match-start anchor '\G' at character 1 of the pattern has no equivalent there "#
                    + lowered,
                #"name MATCHES '\\Ga'"#,
                "             ^^^^^^",
            ]
        ),
        (
            #"name MATCHES 'a\\Rb'"#,
            [
                #"1:14: error: MATCHES pattern 'a\Rb' is not lowered for postgres: the line break '\R' at character 2 of the pattern has no equivalent there "#
                    + lowered,
                #"name MATCHES 'a\\Rb'"#,
                "             ^^^^^^^",
            ]
        ),
        (
            #"name MATCHES '\\N{DIGIT ONE}'"#,
            [
                #"1:14: error: MATCHES pattern '\N{DIGIT ONE}' is not lowered for postgres: the named character '\N{…}' at character 1 of the pattern has no equivalent there "#
                    + lowered,
                #"name MATCHES '\\N{DIGIT ONE}'"#,
                "             ^^^^^^^^^^^^^^^^",
            ]
        ),
        (
            #"name MATCHES '(?<g>a)\\k<g>'"#,
            [
                #"1:14: error: MATCHES pattern '(?<g>a)\k<g>' is not lowered for postgres: the named back reference '\k' at character 8 of the pattern has no equivalent there "#
                    + lowered,
                #"name MATCHES '(?<g>a)\\k<g>'"#,
                "             ^^^^^^^^^^^^^^^",
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

    @Test("why a lazy loop over a part that can match nothing is refused: ICU leaves it where others go on")
    func lazyLoopOverEmpty() throws {
        // The branch 'b' matches "b", yet ICU answers no once the lazy loop's body matched
        // nothing; greedy, the same loop gives the answer every engine gives.
        #expect(try SQLHelperFunctions.matches("b", "(?:a{0,2})+?|b", "") == false)
        #expect(try SQLHelperFunctions.matches("b", "(?:a{0,2})+|b", "") == true)
        #expect(throws: SQLLoweringError.self) {
            try LoweringGoldenTests.statement("name MATCHES '(?:a{0,2})+?|b'", dialect: PostgreSQLDialect())
        }
        let greedy = try LoweringGoldenTests.statement("name MATCHES '(?:a{0,2})+|b'", dialect: PostgreSQLDialect())
        #expect(greedy.bindings == [.text("^(?:(?:a{0,2})+|b)$")])
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
