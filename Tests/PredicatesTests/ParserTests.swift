import Foundation
import Testing

@testable import Predicates

/// One row of a parser table: the input, its arguments and the expected S-expression, all
/// written by hand from the grammar (Grammar.md / the language brief), never from the output.
struct ParseCase: Sendable, CustomTestStringConvertible {
    var input: String
    var arguments: [PredicateValue]
    var expected: String
    /// Whether `parse(format(tree)) == tree` must hold (false for constants that print in a
    /// form that does not re-parse to the same node: arrays, sets, dictionaries, data, UUIDs).
    var roundTrips: Bool

    var testDescription: String {
        arguments.isEmpty ? input : "\(input)  \(arguments)"
    }
}

/// `input → expected` with no arguments.
func row(_ input: String, _ expected: String, roundTrips: Bool = true) -> ParseCase {
    ParseCase(input: input, arguments: [], expected: expected, roundTrips: roundTrips)
}

/// `input + arguments → expected`.
func row(_ input: String, _ arguments: [PredicateValue], _ expected: String, roundTrips: Bool = true) -> ParseCase {
    ParseCase(input: input, arguments: arguments, expected: expected, roundTrips: roundTrips)
}

/// The checks every table row gets.
enum ParserCheck {
    /// Parses a predicate row and compares its dump; then checks that the canonical text
    /// re-parses to the same tree.
    static func predicate(_ row: ParseCase, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        do {
            let node = try PredicateParser().parsePredicate(row.input, arguments: row.arguments)
            #expect(node.sExpression == row.expected, sourceLocation: sourceLocation)
            if row.roundTrips {
                let text = node.predicateFormat
                let again = try PredicateParser().parsePredicate(text)
                #expect(
                    again == node, "canonical text \(text) re-parses to \(again.sExpression)",
                    sourceLocation: sourceLocation)
            }
        } catch {
            Issue.record("\(row.input) failed to parse:\n\(error.rendered)", sourceLocation: sourceLocation)
        }
    }

    /// The same for an expression row (`parseExpression`).
    static func expression(_ row: ParseCase, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        do {
            let node = try PredicateParser().parseExpression(row.input, arguments: row.arguments)
            #expect(node.sExpression == row.expected, sourceLocation: sourceLocation)
            if row.roundTrips {
                let text = node.expressionFormat
                let again = try PredicateParser().parseExpression(text)
                #expect(
                    again == node, "canonical text \(text) re-parses to \(again.sExpression)",
                    sourceLocation: sourceLocation)
            }
        } catch {
            Issue.record("\(row.input) failed to parse:\n\(error.rendered)", sourceLocation: sourceLocation)
        }
    }
}

@Suite("Parser: comparison operators and their synonyms")
struct ParserComparisonTests {
    static let symbolic: [ParseCase] = [
        row("a = 1", "(== (key a) 1)"),
        row("a == 1", "(== (key a) 1)"),
        row("a != 1", "(!= (key a) 1)"),
        row("a <> 1", "(!= (key a) 1)"),
        row("a < 1", "(< (key a) 1)"),
        row("a <= 1", "(<= (key a) 1)"),
        row("a =< 1", "(<= (key a) 1)"),
        row("a > 1", "(> (key a) 1)"),
        row("a >= 1", "(>= (key a) 1)"),
        row("a => 1", "(>= (key a) 1)"),
        // Without spaces.
        row("a=1", "(== (key a) 1)"),
        row("a==1", "(== (key a) 1)"),
        row("a!=1", "(!= (key a) 1)"),
        row("a<>1", "(!= (key a) 1)"),
        row("a<1", "(< (key a) 1)"),
        row("a<=1", "(<= (key a) 1)"),
        row("a=<1", "(<= (key a) 1)"),
        row("a>1", "(> (key a) 1)"),
        row("a>=1", "(>= (key a) 1)"),
        row("a=>1", "(>= (key a) 1)"),
        row("a=-1", "(== (key a) -1)"),
        row("a<-1", "(< (key a) -1)"),
        row("a>-1", "(> (key a) -1)"),
        // Both sides may be any expression.
        row("1 == a", "(== 1 (key a))"),
        row("'x' != SELF", "(!= \"x\" self)"),
        row("a.b < c.d", "(< (key a.b) (key c.d))"),
        row("\n\ta\r\n==\t1\n", "(== (key a) 1)"),
    ]

    @Test(arguments: symbolic)
    func symbolicOperators(_ row: ParseCase) { ParserCheck.predicate(row) }

    static let keywords: [ParseCase] = [
        row("a BETWEEN {1, 2}", "(between (key a) (aggregate 1 2))"),
        row("a between {1, 2}", "(between (key a) (aggregate 1 2))"),
        row("a Between {1,2}", "(between (key a) (aggregate 1 2))"),
        row("a IN {1, 2}", "(in (key a) (aggregate 1 2))"),
        row("a in {1, 2}", "(in (key a) (aggregate 1 2))"),
        row("a In b", "(in (key a) (key b))"),
        row("a CONTAINS 'x'", "(contains (key a) \"x\")"),
        row("a contains 'x'", "(contains (key a) \"x\")"),
        row("a CoNtAiNs 'x'", "(contains (key a) \"x\")"),
        row("a BEGINSWITH 'x'", "(beginswith (key a) \"x\")"),
        row("a beginswith 'x'", "(beginswith (key a) \"x\")"),
        row("a BeginsWith 'x'", "(beginswith (key a) \"x\")"),
        row("a ENDSWITH 'x'", "(endswith (key a) \"x\")"),
        row("a endswith 'x'", "(endswith (key a) \"x\")"),
        row("a LIKE 'x*'", "(like (key a) \"x*\")"),
        row("a like 'x?'", "(like (key a) \"x?\")"),
        row("a Like 'x'", "(like (key a) \"x\")"),
        row("a MATCHES 'x.*'", "(matches (key a) \"x.*\")"),
        row("a matches '[0-9]+'", "(matches (key a) \"[0-9]+\")"),
        row("a UTI-CONFORMS-TO 'public.text'", "(uti-conforms-to (key a) \"public.text\")"),
        row("a uti-conforms-to 'public.text'", "(uti-conforms-to (key a) \"public.text\")"),
        row("a Uti-Conforms-To 'public.text'", "(uti-conforms-to (key a) \"public.text\")"),
        row("a UTI-EQUALS 'public.png'", "(uti-equals (key a) \"public.png\")"),
        row("a uti-equals 'public.png'", "(uti-equals (key a) \"public.png\")"),
        row("a IN{1}", "(in (key a) (aggregate 1))"),
        row("'abc' CONTAINS'b'", "(contains \"abc\" \"b\")"),
    ]

    @Test(arguments: keywords)
    func keywordOperators(_ row: ParseCase) { ParserCheck.predicate(row) }
}

@Suite("Parser: AND, OR, NOT and the constant predicates")
struct ParserCompoundTests {
    static let connectives: [ParseCase] = [
        row("a == 1 AND b == 2", "(and (== (key a) 1) (== (key b) 2))"),
        row("a == 1 and b == 2", "(and (== (key a) 1) (== (key b) 2))"),
        row("a == 1 And b == 2", "(and (== (key a) 1) (== (key b) 2))"),
        row("a == 1 && b == 2", "(and (== (key a) 1) (== (key b) 2))"),
        row("a==1&&b==2", "(and (== (key a) 1) (== (key b) 2))"),
        row("a == 1 OR b == 2", "(or (== (key a) 1) (== (key b) 2))"),
        row("a == 1 or b == 2", "(or (== (key a) 1) (== (key b) 2))"),
        row("a == 1 Or b == 2", "(or (== (key a) 1) (== (key b) 2))"),
        row("a == 1 || b == 2", "(or (== (key a) 1) (== (key b) 2))"),
        row("a==1||b==2", "(or (== (key a) 1) (== (key b) 2))"),
        row("NOT a == 1", "(not (== (key a) 1))"),
        row("not a == 1", "(not (== (key a) 1))"),
        row("Not a == 1", "(not (== (key a) 1))"),
        row("!a == 1", "(not (== (key a) 1))"),
        row("! a == 1", "(not (== (key a) 1))"),
        row("!(a == 1)", "(not (== (key a) 1))"),
        row("NOT(a == 1)", "(not (== (key a) 1))"),
        // Chains of one connective are one node; spellings may be mixed.
        row("a == 1 AND b == 2 AND c == 3", "(and (== (key a) 1) (== (key b) 2) (== (key c) 3))"),
        row("a == 1 && b == 2 and c == 3", "(and (== (key a) 1) (== (key b) 2) (== (key c) 3))"),
        row("a == 1 OR b == 2 || c == 3 or d == 4", "(or (== (key a) 1) (== (key b) 2) (== (key c) 3) (== (key d) 4))"),
        // A parenthesised chain is kept as its own node.
        row("a == 1 AND (b == 2 AND c == 3)", "(and (== (key a) 1) (and (== (key b) 2) (== (key c) 3)))"),
        row("(a == 1 AND b == 2) AND c == 3", "(and (and (== (key a) 1) (== (key b) 2)) (== (key c) 3))"),
        row("(a == 1 OR b == 2) OR c == 3", "(or (or (== (key a) 1) (== (key b) 2)) (== (key c) 3))"),
        row("(a == 1)", "(== (key a) 1)"),
    ]

    @Test(arguments: connectives)
    func connectiveSpellings(_ row: ParseCase) { ParserCheck.predicate(row) }

    static let constants: [ParseCase] = [
        row("TRUEPREDICATE", "true"),
        row("truepredicate", "true"),
        row("TruePredicate", "true"),
        row("FALSEPREDICATE", "false"),
        row("falsepredicate", "false"),
        row("(TRUEPREDICATE)", "true"),
        row("NOT TRUEPREDICATE", "(not true)"),
        row("TRUEPREDICATE AND a == 1", "(and true (== (key a) 1))"),
        row("FALSEPREDICATE OR TRUEPREDICATE", "(or false true)"),
    ]

    @Test(arguments: constants)
    func constantPredicates(_ row: ParseCase) { ParserCheck.predicate(row) }
}

@Suite("Parser: ANY, SOME, ALL, NONE")
struct ParserModifierTests {
    static let modifiers: [ParseCase] = [
        row("ANY a == 1", "(any == (key a) 1)"),
        row("any a == 1", "(any == (key a) 1)"),
        row("Any a == 1", "(any == (key a) 1)"),
        row("SOME a == 1", "(any == (key a) 1)"),
        row("some a == 1", "(any == (key a) 1)"),
        row("ALL a > 1", "(all > (key a) 1)"),
        row("all a > 1", "(all > (key a) 1)"),
        row("NONE a == 1", "(not (any == (key a) 1))"),
        row("none a == 1", "(not (any == (key a) 1))"),
        row("NOT ANY a == 1", "(not (any == (key a) 1))"),
        row("ANY a.b CONTAINS[c] 'x'", "(any contains[c] (key a.b) \"x\")"),
        row("ALL a BETWEEN {1, 2}", "(all between (key a) (aggregate 1 2))"),
        row("NONE a IN {1, 2}", "(not (any in (key a) (aggregate 1 2)))"),
        row("ANY children.age < 18", "(any < (key children.age) 18)"),
        row("ANY {1, 2} == 1", "(any == (aggregate 1 2) 1)"),
        row("ANY a == 1 AND ALL b == 2", "(and (any == (key a) 1) (all == (key b) 2))"),
        row("(ANY a == 1)", "(any == (key a) 1)"),
        row("ANY (a) == 1", "(any == (key a) 1)"),
    ]

    @Test(arguments: modifiers)
    func quantifiers(_ row: ParseCase) { ParserCheck.predicate(row) }
}

@Suite("Parser: comparison options")
struct ParserOptionTests {
    /// Every non-empty combination of c d l n w, written in reverse order (and with some
    /// upper case); the dump prints them in Apple's order c d l n w.
    static let combinations: [ParseCase] = [
        row("a CONTAINS[c] 'x'", "(contains[c] (key a) \"x\")"),
        row("a CONTAINS[d] 'x'", "(contains[d] (key a) \"x\")"),
        row("a CONTAINS[l] 'x'", "(contains[l] (key a) \"x\")"),
        row("a CONTAINS[n] 'x'", "(contains[n] (key a) \"x\")"),
        row("a CONTAINS[w] 'x'", "(contains[w] (key a) \"x\")"),
        row("a CONTAINS[dc] 'x'", "(contains[cd] (key a) \"x\")"),
        row("a CONTAINS[lc] 'x'", "(contains[cl] (key a) \"x\")"),
        row("a CONTAINS[nc] 'x'", "(contains[cn] (key a) \"x\")"),
        row("a CONTAINS[wc] 'x'", "(contains[cw] (key a) \"x\")"),
        row("a CONTAINS[ld] 'x'", "(contains[dl] (key a) \"x\")"),
        row("a CONTAINS[nd] 'x'", "(contains[dn] (key a) \"x\")"),
        row("a CONTAINS[wd] 'x'", "(contains[dw] (key a) \"x\")"),
        row("a CONTAINS[nl] 'x'", "(contains[ln] (key a) \"x\")"),
        row("a CONTAINS[wl] 'x'", "(contains[lw] (key a) \"x\")"),
        row("a CONTAINS[wn] 'x'", "(contains[nw] (key a) \"x\")"),
        row("a CONTAINS[ldc] 'x'", "(contains[cdl] (key a) \"x\")"),
        row("a CONTAINS[ndc] 'x'", "(contains[cdn] (key a) \"x\")"),
        row("a CONTAINS[wdc] 'x'", "(contains[cdw] (key a) \"x\")"),
        row("a CONTAINS[nlc] 'x'", "(contains[cln] (key a) \"x\")"),
        row("a CONTAINS[wlc] 'x'", "(contains[clw] (key a) \"x\")"),
        row("a CONTAINS[wnc] 'x'", "(contains[cnw] (key a) \"x\")"),
        row("a CONTAINS[nld] 'x'", "(contains[dln] (key a) \"x\")"),
        row("a CONTAINS[wld] 'x'", "(contains[dlw] (key a) \"x\")"),
        row("a CONTAINS[wnd] 'x'", "(contains[dnw] (key a) \"x\")"),
        row("a CONTAINS[wnl] 'x'", "(contains[lnw] (key a) \"x\")"),
        row("a CONTAINS[NLDC] 'x'", "(contains[cdln] (key a) \"x\")"),
        row("a CONTAINS[WLDC] 'x'", "(contains[cdlw] (key a) \"x\")"),
        row("a CONTAINS[WNDC] 'x'", "(contains[cdnw] (key a) \"x\")"),
        row("a CONTAINS[WNLC] 'x'", "(contains[clnw] (key a) \"x\")"),
        row("a CONTAINS[WNLD] 'x'", "(contains[dlnw] (key a) \"x\")"),
        row("a CONTAINS[wnldc] 'x'", "(contains[cdlnw] (key a) \"x\")"),
        row("a CONTAINS[cdlnw] 'x'", "(contains[cdlnw] (key a) \"x\")"),
        row("a CONTAINS[cc] 'x'", "(contains[c] (key a) \"x\")"),
        row("a CONTAINS [cd] 'x'", "(contains[cd] (key a) \"x\")"),
        row("a CONTAINS[ cd ] 'x'", "(contains[cd] (key a) \"x\")"),
    ]

    @Test(arguments: combinations)
    func everyCombination(_ row: ParseCase) { ParserCheck.predicate(row) }

    /// Options are accepted after every operator; BETWEEN drops them (as Apple does).
    static let onEveryOperator: [ParseCase] = [
        row("a ==[c] 'x'", "(==[c] (key a) \"x\")"),
        row("a =[c] 'x'", "(==[c] (key a) \"x\")"),
        row("a !=[cd] 'x'", "(!=[cd] (key a) \"x\")"),
        row("a <>[d] 'x'", "(!=[d] (key a) \"x\")"),
        row("a <[c] 'x'", "(<[c] (key a) \"x\")"),
        row("a <=[l] 'x'", "(<=[l] (key a) \"x\")"),
        row("a =<[l] 'x'", "(<=[l] (key a) \"x\")"),
        row("a >[n] 'x'", "(>[n] (key a) \"x\")"),
        row("a >=[w] 'x'", "(>=[w] (key a) \"x\")"),
        row("a =>[c] 'x'", "(>=[c] (key a) \"x\")"),
        row("a IN[c] 'xyz'", "(in[c] (key a) \"xyz\")"),
        row("a BEGINSWITH[cd] 'x'", "(beginswith[cd] (key a) \"x\")"),
        row("a ENDSWITH[d] 'x'", "(endswith[d] (key a) \"x\")"),
        row("a LIKE[c] 'x*'", "(like[c] (key a) \"x*\")"),
        row("a like[cd] 'x*'", "(like[cd] (key a) \"x*\")"),
        row("a MATCHES[n] '.lan'", "(matches[n] (key a) \".lan\")"),
        row("a UTI-CONFORMS-TO[c] 'x'", "(uti-conforms-to[c] (key a) \"x\")"),
        row("a UTI-EQUALS[c] 'x'", "(uti-equals[c] (key a) \"x\")"),
        row("a BETWEEN[c] {1, 2}", "(between (key a) (aggregate 1 2))"),
        row("a BETWEEN[cdlnw] {1, 2}", "(between (key a) (aggregate 1 2))"),
        row("ANY a ==[c] 'x'", "(any ==[c] (key a) \"x\")"),
        row("ALL a LIKE[cd] 'x'", "(all like[cd] (key a) \"x\")"),
    ]

    @Test(arguments: onEveryOperator)
    func optionsOnEveryOperator(_ row: ParseCase) { ParserCheck.predicate(row) }
}
