import Testing

@testable import Predicates

/// One bad input with its diagnostic id and the full rendering (`line:column: error: …`, the
/// source line, a caret as wide as the offending text, the notes), written by hand.
struct ErrorCase: Sendable, CustomTestStringConvertible {
    var input: String
    var arguments: [PredicateValue] = []
    var limits = ParserLimits()
    var id: String
    var rendered: String

    var testDescription: String { "\(id): \(input.debugDescription)" }
}

/// `input → id, rendered lines`.
func failure(
    _ input: String, args arguments: [PredicateValue] = [], limits: ParserLimits = ParserLimits(),
    _ id: String, _ lines: String...
) -> ErrorCase {
    ErrorCase(input: input, arguments: arguments, limits: limits, id: id, rendered: lines.joined(separator: "\n"))
}

@Suite("Diagnostics: every id with its full rendering")
struct ErrorTests {
    static let input: [ErrorCase] = [
        failure(
            "", "empty-input",
            "1:1: error: the format string is empty",
            "",
            "^",
            "note: write TRUEPREDICATE for a predicate that is always true"),
        failure(
            "   ", "empty-input",
            "1:1: error: the format string is empty",
            "   ",
            "^^^",
            "note: write TRUEPREDICATE for a predicate that is always true"),
        failure(
            "a == 12345678", limits: ParserLimits(maximumInputBytes: 10), "input-too-large",
            "1:11: error: the format string is 13 bytes long; the limit is 10 bytes",
            "a == 12345678",
            "          ^^^"),
        failure(
            "((((a == 1))))", limits: ParserLimits(maximumDepth: 3), "nesting-too-deep",
            "1:4: error: the format string is nested too deeply (more than 3 levels)",
            "((((a == 1))))",
            "   ^",
            "note: the limit is ParserLimits.maximumDepth"),
        failure(
            "a == 1 + 1 + 1 + 1", limits: ParserLimits(maximumDepth: 2), "nesting-too-deep",
            "1:16: error: the format string is nested too deeply (more than 2 levels)",
            "a == 1 + 1 + 1 + 1",
            "               ^",
            "note: the limit is ParserLimits.maximumDepth"),
    ]

    static let lexical: [ErrorCase] = [
        failure(
            "a == ?", "unexpected-character",
            "1:6: error: unexpected character '?'",
            "a == ?",
            "     ^",
            "note: '?' is a wildcard only inside a LIKE pattern: name LIKE 'a?c'"),
        failure(
            "a ; b", "unexpected-character",
            "1:3: error: unexpected character ';'",
            "a ; b",
            "  ^"),
        failure(
            "a == `x`", "unexpected-character",
            "1:6: error: unexpected character '`'",
            "a == `x`",
            "     ^",
            "note: strings are quoted with ' or \""),
        failure(
            "a == €", "unexpected-character",
            "1:6: error: unexpected character '€'",
            "a == €",
            "     ^"),
        failure(
            "a == \u{01}", "unexpected-character",
            "1:6: error: unexpected character U+0001",
            #"a == \x01"#,
            "     ^^^^"),
        failure(
            "a == 1 AND\nb == ?", "unexpected-character",
            "2:6: error: unexpected character '?'",
            "b == ?",
            "     ^",
            "note: '?' is a wildcard only inside a LIKE pattern: name LIKE 'a?c'"),
        failure(
            "a == $", "unexpected-character",
            "1:6: error: expected a variable name after '$'",
            "a == $",
            "     ^"),
        failure(
            "#1 == 1", "unexpected-character",
            "1:1: error: expected a key after '#'",
            "#1 == 1",
            "^"),
        failure(
            "a.@ == 1", "unexpected-character",
            "1:3: error: expected a collection operator name after '@'",
            "a.@ == 1",
            "  ^"),
        failure(
            "a == 'abc", "unterminated-string",
            "1:6: error: unterminated string: missing the closing '",
            "a == 'abc",
            "     ^^^^"),
        failure(
            "name == \"abc", "unterminated-string",
            "1:9: error: unterminated string: missing the closing \"",
            "name == \"abc",
            "        ^^^^"),
        failure(
            "a == 'x\ny == 2", "unterminated-string",
            "1:6: error: unterminated string: missing the closing '",
            "a == 'x",
            "     ^^"),
        failure(
            #"a == 'abc\"#, "unterminated-string",
            "1:6: error: unterminated string: missing the closing '",
            #"a == 'abc\"#,
            "     ^^^^^"),
        failure(
            #"a == '\x4G'"#, "bad-escape",
            #"1:7: error: bad escape '\x4G' in a string: '\x' needs exactly two hexadecimal digits, like '\x41'"#,
            #"a == '\x4G'"#,
            "      ^^^^"),
        failure(
            #"a == '\u12'"#, "bad-escape",
            #"1:7: error: bad escape '\u12' in a string: '\u' needs exactly four hexadecimal digits, like '\u00e9'"#,
            #"a == '\u12'"#,
            "      ^^^^"),
        failure(
            #"a == '\12'"#, "bad-escape",
            #"1:7: error: bad escape '\12' in a string: '\' followed by a digit needs exactly three octal digits, like '\101'"#,
            #"a == '\12'"#,
            "      ^^^"),
        failure(
            #"a == '\uD800'"#, "bad-escape",
            #"1:7: error: bad escape '\uD800' in a string: it is not a Unicode scalar value (a surrogate)"#,
            #"a == '\uD800'"#,
            "      ^^^^^^"),
        failure(
            "a == 0x", "invalid-number",
            "1:6: error: invalid number '0x': the prefix needs at least one digit",
            "a == 0x",
            "     ^^"),
        failure(
            "a == 0xZZ", "invalid-number",
            "1:6: error: invalid number '0xZZ': the prefix needs at least one digit",
            "a == 0xZZ",
            "     ^^^^"),
        failure(
            "a == 12abc", "invalid-number",
            "1:6: error: invalid number '12abc'",
            "a == 12abc",
            "     ^^^^^"),
        failure(
            "a == 0b102", "invalid-number",
            "1:6: error: invalid number '0b102'",
            "a == 0b102",
            "     ^^^^^"),
        failure(
            "a == 1.5e", "invalid-number",
            "1:6: error: invalid number '1.5e'",
            "a == 1.5e",
            "     ^^^^"),
        failure(
            "a == 9223372036854775808", "number-out-of-range",
            "1:6: error: integer literal '9223372036854775808' is out of range; the largest integer is 9223372036854775807",
            "a == 9223372036854775808",
            "     ^^^^^^^^^^^^^^^^^^^"),
        failure(
            "a == -9223372036854775809", "number-out-of-range",
            "1:6: error: integer literal '-9223372036854775809' is out of range; the largest integer is 9223372036854775807",
            "a == -9223372036854775809",
            "     ^^^^^^^^^^^^^^^^^^^^"),
        failure(
            "a == 18446744073709551616", "number-out-of-range",
            "1:6: error: integer literal '18446744073709551616' is out of range; the largest integer is 9223372036854775807",
            "a == 18446744073709551616",
            "     ^^^^^^^^^^^^^^^^^^^^"),
        failure(
            "a == 0x10000000000000000", "number-out-of-range",
            "1:6: error: integer literal '0x10000000000000000' is out of range; the largest integer is 9223372036854775807",
            "a == 0x10000000000000000",
            "     ^^^^^^^^^^^^^^^^^^^"),
        failure(
            "a == 1e999", "number-out-of-range",
            "1:6: error: number '1e999' is out of range for a double",
            "a == 1e999",
            "     ^^^^^"),
    ]

    static func check(_ row: ErrorCase) {
        do {
            let node = try PredicateParser(limits: row.limits).parsePredicate(row.input, arguments: row.arguments)
            Issue.record("expected \(row.id), parsed \(node.sExpression)")
        } catch {
            #expect(error.diagnostic.id == row.id)
            #expect(error.rendered == row.rendered)
            #expect(error.source == row.input)
        }
    }

    @Test(arguments: input)
    func inputLimits(_ row: ErrorCase) { Self.check(row) }

    @Test(arguments: lexical)
    func lexicalErrors(_ row: ErrorCase) { Self.check(row) }

    @Test("substitution reports a missing variable, rendered without the source")
    func missingVariable() throws {
        let parsed = try PredicateParser().parsePredicate("a == $x")
        do {
            _ = try parsed.substitutingVariables([:])
            Issue.record("expected missing-variable")
        } catch {
            #expect(error.diagnostic.id == "missing-variable")
            #expect(error.rendered == "1:1: error: no value for the variable '$x'\n\n^")
        }
    }

    @Test("parseExpression reports what may follow an expression")
    func expressionTrailingToken() {
        #expect(throws: PredicateSyntaxError.self) { try PredicateParser().parseExpression("a + 1 b") }
        do {
            _ = try PredicateParser().parseExpression("a + 1 b")
        } catch {
            #expect(
                error.rendered
                    == "1:7: error: expected an operator or the end of the input, found 'b'\na + 1 b\n      ^")
        }
    }

    @Test("every catalogue id has at least one rendered case above")
    func catalogueIsCovered() {
        let covered = Set(
            (Self.input + Self.lexical + ErrorArgumentTests.specifiers + ErrorSyntaxTests.syntax
                + ErrorSyntaxTests.functions).map(\.id)
        )
        .union(["missing-variable", "no-literal-form"])  // ParseableFormatTests renders no-literal-form
        let missing = DiagnosticCatalog.identifiers.filter { !covered.contains($0) }
        #expect(missing.isEmpty, "ids without a test: \(missing)")
    }
}

extension ErrorTests {
    static let invisible: [ErrorCase] = [
        failure(
            "\u{FEFF}a == 1", "unexpected-character",
            "1:1: error: unexpected character U+FEFF",
            "\u{FEFF}a == 1",
            "^"),
        failure(
            "a ==\u{00A0}1", "unexpected-character",
            "1:5: error: unexpected character U+00A0",
            "a ==\u{00A0}1",
            "    ^"),
        failure(
            "a == 'x' 'y'", "unexpected-token",
            "1:10: error: expected AND, OR or the end of the input, found 'y'",
            "a == 'x' 'y'",
            "         ^^^"),
        failure(
            "a == \"x\" \"y\"", "unexpected-token",
            "1:10: error: expected AND, OR or the end of the input, found \"y\"",
            "a == \"x\" \"y\"",
            "         ^^^"),
    ]

    @Test(arguments: invisible)
    func invisibleCharactersAndStrings(_ row: ErrorCase) { Self.check(row) }
}
