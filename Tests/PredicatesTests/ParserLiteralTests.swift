import Foundation
import Testing

@testable import Predicates

/// Literal forms, parsed as expressions. Inputs are Swift raw strings (`#"…"#`) where they
/// contain backslashes, so what is written is exactly the predicate text.
@Suite("Parser: literals")
struct ParserLiteralTests {
    static let strings: [ParseCase] = [
        row(#"'abc'"#, #""abc""#),
        row(#""abc""#, #""abc""#),
        row(#"''"#, #""""#),
        row(#""""#, #""""#),
        row(#""a'b'c""#, #""a'b'c""#),
        row(#"'a"b'"#, #""a\"b""#),
        row(#"'é ünï 日本'"#, #""é ünï 日本""#),
        row("'a\nb'", "\"a\nb\""),
        row(#"'%@'"#, #""%@""#),
        row(#""%K %d %%""#, #""%K %d %%""#),
        row(#"'a AND b'"#, #""a AND b""#),
    ]

    @Test(arguments: strings)
    func stringLiterals(_ row: ParseCase) { ParserCheck.expression(row) }

    /// Every escape of the lexical grammar.
    static let escapes: [ParseCase] = [
        row(#"'\n'"#, "\"\n\""),
        row(#"'\t'"#, "\"\t\""),
        row(#"'\r'"#, "\"\r\""),
        row(#"'\\'"#, #""\\""#),
        row(#"'\''"#, #""'""#),
        row(#"'\"'"#, #""\"""#),
        row(#""\"""#, #""\"""#),
        row(#""\'""#, #""'""#),
        row(#"'\a'"#, "\"\u{07}\""),
        row(#"'\b'"#, "\"\u{08}\""),
        row(#"'\f'"#, "\"\u{0C}\""),
        row(#"'\v'"#, "\"\u{0B}\""),
        row(#"'\101'"#, #""A""#),
        row(#"'\060\061'"#, #""01""#),
        row(#"'\377'"#, "\"\u{FF}\""),
        row(#"'\0000'"#, "\"\u{00}0\""),
        row(#"'\x41'"#, #""A""#),
        row(#"'\X4a'"#, #""J""#),
        row(#"'\x7e!'"#, #""~!""#),
        row(#"'\u00e9'"#, #""é""#),
        row(#"'\U00E9'"#, #""é""#),
        row(#"'\u65e5\u672c'"#, #""日本""#),
        row(#"'\*'"#, #""*""#),
        row(#"'\?'"#, #""?""#),
        row(#"'\d'"#, #""d""#),
        row(#"'\8'"#, #""8""#),
        row(#"'\é'"#, #""é""#),
        row(#"'\\d{10}'"#, #""\\d{10}""#),
        row(#"'a\\*c'"#, #""a\\*c""#),
        row(#"'it\'s'"#, #""it's""#),
    ]

    @Test(arguments: escapes)
    func stringEscapes(_ row: ParseCase) { ParserCheck.expression(row) }

    static let integers: [ParseCase] = [
        row("0", "0"),
        row("42", "42"),
        row("007", "7"),
        row("9223372036854775807", "9223372036854775807"),
        row("0x2A", "42"),
        row("0X2a", "42"),
        row("0xff", "255"),
        row("0x7FFFFFFFFFFFFFFF", "9223372036854775807"),
        row("0o52", "42"),
        row("0O17", "15"),
        row("0b101010", "42"),
        row("0B1", "1"),
        row("0b0", "0"),
    ]

    @Test(arguments: integers)
    func integerLiterals(_ row: ParseCase) { ParserCheck.expression(row) }

    static let decimals: [ParseCase] = [
        row("1.5", "1.5"),
        row("0.25", "0.25"),
        row("2.0", "2.0"),
        row("0.1", "0.1"),
        row("1e10", "10000000000.0"),
        row("1E10", "10000000000.0"),
        row("1.5E-3", "0.0015"),
        row("1.5e-3", "0.0015"),
        row("2e+5", "200000.0"),
        row("1e-5", "1e-05"),
        row("9.2e-5", "9.2e-05"),
        row("1e0", "1.0"),
    ]

    @Test(arguments: decimals)
    func decimalLiterals(_ row: ParseCase) { ParserCheck.expression(row) }

    /// The minus folds into a number literal that follows it; nothing else folds.
    static let negatives: [ParseCase] = [
        row("-1", "-1"),
        row("- 1", "-1"),
        row("-0x10", "-16"),
        row("-0b11", "-3"),
        row("-1.5", "-1.5"),
        row("-1e3", "-1000.0"),
        row("-9223372036854775807", "-9223372036854775807"),
        row("-9223372036854775808", "-9223372036854775808"),
        row("-0x8000000000000000", "-9223372036854775808"),
        row("-(5)", "(neg 5)"),
        row("--5", "(neg -5)"),
        row("-(-5)", "(neg -5)"),
        row("1 * -1", "(* 1 -1)"),
        row("1 - 1", "(- 1 1)"),
        row("1 -1", "(- 1 1)"),
        row("1-1", "(- 1 1)"),
        row("-a", "(neg (key a))"),
        row("-TRUE", "(neg yes)"),
        row("-'5'", "(neg \"5\")"),
    ]

    @Test(arguments: negatives)
    func negativeLiterals(_ row: ParseCase) { ParserCheck.expression(row) }

    static let keywords: [ParseCase] = [
        row("TRUE", "yes"),
        row("true", "yes"),
        row("True", "yes"),
        row("YES", "yes"),
        row("yes", "yes"),
        row("FALSE", "no"),
        row("false", "no"),
        row("NO", "no"),
        row("no", "no"),
        row("NULL", "nil"),
        row("null", "nil"),
        row("NIL", "nil"),
        row("nil", "nil"),
        row("Nil", "nil"),
        row("SELF", "self"),
        row("self", "self"),
        row("Self", "self"),
        row("ANYKEY", "anykey"),
        row("anykey", "anykey"),
    ]

    @Test(arguments: keywords)
    func literalKeywords(_ row: ParseCase) { ParserCheck.expression(row) }

    static let aggregates: [ParseCase] = [
        row("{}", "(aggregate)"),
        row("{ }", "(aggregate)"),
        row("{1}", "(aggregate 1)"),
        row("{1, 'a', b, {2}}", "(aggregate 1 \"a\" (key b) (aggregate 2))"),
        row("{-1, 2.5, nil, YES}", "(aggregate -1 2.5 nil yes)"),
        row("{{}, {{}}}", "(aggregate (aggregate) (aggregate (aggregate)))"),
        row("{a + 1, $x}", "(aggregate (+ (key a) 1) $x)"),
    ]

    @Test(arguments: aggregates)
    func aggregateLiterals(_ row: ParseCase) { ParserCheck.expression(row) }

    /// Literals inside predicates keep their types (`1` is an int, `1.0` a double).
    static let inPredicates: [ParseCase] = [
        row("a == 1", "(== (key a) 1)"),
        row("a == 1.0", "(== (key a) 1.0)"),
        row("a == '1'", "(== (key a) \"1\")"),
        row("a == YES", "(== (key a) yes)"),
        row("a == nil", "(== (key a) nil)"),
        row("a BETWEEN {-1, 0x10}", "(between (key a) (aggregate -1 16))"),
        row("SELF MATCHES '\\\\d{10}|\\\\d{9}[Xx]'", #"(matches self "\\d{10}|\\d{9}[Xx]")"#),
    ]

    @Test(arguments: inPredicates)
    func literalsInPredicates(_ row: ParseCase) { ParserCheck.predicate(row) }
}
