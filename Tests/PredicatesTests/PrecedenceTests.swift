import Testing

@testable import Predicates

/// One table per precedence level, from the loosest to the tightest (Grammar.md's table):
/// OR < AND < NOT < comparison < := < UNION/INTERSECT/MINUS < | < ^ < & < << >> < + - < * / <
/// ** < prefix - ~ < postfix . [ ].
@Suite("Precedence and associativity")
struct PrecedenceTests {
    static let orAndNot: [ParseCase] = [
        row("a == 1 OR b == 1 AND c == 1", "(or (== (key a) 1) (and (== (key b) 1) (== (key c) 1)))"),
        row("a == 1 AND b == 1 OR c == 1", "(or (and (== (key a) 1) (== (key b) 1)) (== (key c) 1))"),
        row(
            "a == 1 || b == 1 && c == 1 || d == 1",
            "(or (== (key a) 1) (and (== (key b) 1) (== (key c) 1)) (== (key d) 1))"),
        row("(a == 1 OR b == 1) AND c == 1", "(and (or (== (key a) 1) (== (key b) 1)) (== (key c) 1))"),
    ]

    @Test(arguments: orAndNot)
    func andBindsTighterThanOr(_ row: ParseCase) { ParserCheck.predicate(row) }

    static let not: [ParseCase] = [
        row("NOT a == 1 AND b == 1", "(and (not (== (key a) 1)) (== (key b) 1))"),
        row("NOT a == 1 OR b == 1", "(or (not (== (key a) 1)) (== (key b) 1))"),
        row("a == 1 OR NOT b == 1 AND c == 1", "(or (== (key a) 1) (and (not (== (key b) 1)) (== (key c) 1)))"),
        row("NOT NOT a == 1", "(not (not (== (key a) 1)))"),
        row("!!a == 1", "(not (not (== (key a) 1)))"),
        row("NOT !a == 1", "(not (not (== (key a) 1)))"),
        row("NOT (a == 1 AND b == 1)", "(not (and (== (key a) 1) (== (key b) 1)))"),
        row("NOT TRUEPREDICATE AND FALSEPREDICATE", "(and (not true) false)"),
        row("NOT a + 1 == 2", "(not (== (+ (key a) 1) 2))"),
    ]

    @Test(arguments: not)
    func notBindsTighterThanAnd(_ row: ParseCase) { ParserCheck.predicate(row) }

    /// Every expression operator binds tighter than the comparison.
    static let comparison: [ParseCase] = [
        row("a + 1 == b * 2", "(== (+ (key a) 1) (* (key b) 2))"),
        row("a & 3 == 3", "(== (& (key a) 3) 3)"),
        row("a UNION b CONTAINS 1", "(contains (union (key a) (key b)) 1)"),
        row("$x := 1 == 1", "(== (:= $x 1) 1)"),
        row("-a < ~b", "(< (neg (key a)) (~ (key b)))"),
        row("ANY a.b + 1 > 2", "(any > (+ (key a.b) 1) 2)"),
    ]

    @Test(arguments: comparison)
    func operatorsBindTighterThanComparison(_ row: ParseCase) { ParserCheck.predicate(row) }

    static let assignment: [ParseCase] = [
        row("$x := 1 + 2", "(:= $x (+ 1 2))"),
        row("$x := $y := 1", "(:= $x (:= $y 1))"),
        row("$x := a UNION b", "(:= $x (union (key a) (key b)))"),
        row("($x := 1) + 2", "(+ (:= $x 1) 2)"),
    ]

    @Test(arguments: assignment)
    func assignmentIsLoosestAndRightAssociative(_ row: ParseCase) { ParserCheck.expression(row) }

    static let sets: [ParseCase] = [
        row("a UNION b INTERSECT c", "(intersect (union (key a) (key b)) (key c))"),
        row("a INTERSECT b UNION c", "(union (intersect (key a) (key b)) (key c))"),
        row("a MINUS b MINUS c", "(minus (minus (key a) (key b)) (key c))"),
        row("a UNION b | c", "(union (key a) (| (key b) (key c)))"),
        row("a | b UNION c", "(union (| (key a) (key b)) (key c))"),
        row("a MINUS b + c", "(minus (key a) (+ (key b) (key c)))"),
    ]

    @Test(arguments: sets)
    func setOperators(_ row: ParseCase) { ParserCheck.expression(row) }

    static let bitwise: [ParseCase] = [
        row("a | b ^ c & d", "(| (key a) (^ (key b) (& (key c) (key d))))"),
        row("a & b ^ c | d", "(| (^ (& (key a) (key b)) (key c)) (key d))"),
        row("a | b | c", "(| (| (key a) (key b)) (key c))"),
        row("a ^ b ^ c", "(^ (^ (key a) (key b)) (key c))"),
        row("a & b & c", "(& (& (key a) (key b)) (key c))"),
        row("a >> 1 & 3", "(& (>> (key a) 1) 3)"),
        row("1 << 2 + 3", "(<< 1 (+ 2 3))"),
        row("1 + 2 << 3", "(<< (+ 1 2) 3)"),
        row("1 << 2 >> 3", "(>> (<< 1 2) 3)"),
    ]

    @Test(arguments: bitwise)
    func bitwiseLevels(_ row: ParseCase) { ParserCheck.expression(row) }

    static let arithmetic: [ParseCase] = [
        row("1 + 2 * 3 ** 2", "(+ 1 (* 2 (** 3 2)))"),
        row("1 * 2 + 3", "(+ (* 1 2) 3)"),
        row("1 - 2 - 3", "(- (- 1 2) 3)"),
        row("8 / 4 / 2", "(/ (/ 8 4) 2)"),
        row("1 + 2 - 3", "(- (+ 1 2) 3)"),
        row("2 * 3 / 4 * 5", "(* (/ (* 2 3) 4) 5)"),
        row("2 ** 3 ** 2", "(** (** 2 3) 2)"),
        row("2 ** 3 * 4", "(* (** 2 3) 4)"),
        row("a * (b + c)", "(* (key a) (+ (key b) (key c)))"),
        row("(24 - 18) / 87.0 * 100", "(* (/ (- 24 18) 87.0) 100)"),
        row("4 + 5 - 2**3", "(- (+ 4 5) (** 2 3))"),
    ]

    @Test(arguments: arithmetic)
    func arithmeticLevels(_ row: ParseCase) { ParserCheck.expression(row) }

    static let prefix: [ParseCase] = [
        row("-2 ** 2", "(** -2 2)"),
        row("-a ** 2", "(** (neg (key a)) 2)"),
        row("-(2) ** 2", "(** (neg 2) 2)"),
        row("-(2 ** 2)", "(neg (** 2 2))"),
        row("~a & 1", "(& (~ (key a)) 1)"),
        row("1 * -1", "(* 1 -1)"),
        row("a - -1", "(- (key a) -1)"),
        row("a--1", "(- (key a) -1)"),
        row("a-1", "(- (key a) 1)"),
        row("-a * -b", "(* (neg (key a)) (neg (key b)))"),
    ]

    @Test(arguments: prefix)
    func prefixBindsTighterThanInfix(_ row: ParseCase) { ParserCheck.expression(row) }

    static let postfix: [ParseCase] = [
        row("-a.b", "(neg (key a.b))"),
        row("~a[0]", "(~ (index (key a) 0))"),
        row("-a[0].b", "(neg (member (index (key a) 0) b))"),
        row("a + b.c", "(+ (key a) (key b.c))"),
        row("a.b ** c.d", "(** (key a.b) (key c.d))"),
        row("-1.5.a", "(member -1.5 a)"),
    ]

    @Test(arguments: postfix)
    func postfixBindsTightest(_ row: ParseCase) { ParserCheck.expression(row) }

    /// A parenthesis at predicate level holds a predicate or an expression; the parser reads
    /// it once and continues accordingly.
    static let parentheses: [ParseCase] = [
        row("(a + b) > 1", "(> (+ (key a) (key b)) 1)"),
        row("((a)) == 1", "(== (key a) 1)"),
        row("(a == 1)", "(== (key a) 1)"),
        row("((a == 1))", "(== (key a) 1)"),
        row("(a) + 1 > 2", "(> (+ (key a) 1) 2)"),
        row("(a).b == 1", "(== (key a.b) 1)"),
        row("(a)[0] == 1", "(== (index (key a) 0) 1)"),
        row("((a + b) * c) == 1", "(== (* (+ (key a) (key b)) (key c)) 1)"),
        row("((a) + (b)) == 1", "(== (+ (key a) (key b)) 1)"),
        row("(a + b) ** 2 > 1", "(> (** (+ (key a) (key b)) 2) 1)"),
        row("(a == 1) AND (b == 2)", "(and (== (key a) 1) (== (key b) 2))"),
        row("(a == 1 OR b == 2) AND c == 3", "(and (or (== (key a) 1) (== (key b) 2)) (== (key c) 3))"),
        row("((a == 1) OR b == 2)", "(or (== (key a) 1) (== (key b) 2))"),
        row("((a) == 1 OR (b) == 2)", "(or (== (key a) 1) (== (key b) 2))"),
        row("(NOT a == 1)", "(not (== (key a) 1))"),
        row("(!(a == 1))", "(not (== (key a) 1))"),
        row("(TRUEPREDICATE)", "true"),
        row("(ANY a == 1)", "(any == (key a) 1)"),
        row("(-a) == 1", "(== (neg (key a)) 1)"),
        row("(a) IN {1}", "(in (key a) (aggregate 1))"),
        row("(a) BETWEEN {1, 2}", "(between (key a) (aggregate 1 2))"),
        row("a == (1)", "(== (key a) 1)"),
        row("({1, 2}) CONTAINS 1", "(contains (aggregate 1 2) 1)"),
        row("(a) == 1 AND b == 2", "(and (== (key a) 1) (== (key b) 2))"),
        row("(a) == 1 OR (b) == 2", "(or (== (key a) 1) (== (key b) 2))"),
        row("($x := 1 + 2) == 3", "(== (:= $x (+ 1 2)) 3)"),
        row("(SUBQUERY(a, $x, $x == 1)).@count > 0", "(> (member (subquery (key a) $x (== $x 1)) @count) 0)"),
        row("(a UNION b) CONTAINS (c)", "(contains (union (key a) (key b)) (key c))"),
        row("(((a + 1) * 2) - 3) < 4", "(< (- (* (+ (key a) 1) 2) 3) 4)"),
    ]

    @Test(arguments: parentheses)
    func parenthesisedPredicateOrExpression(_ row: ParseCase) { ParserCheck.predicate(row) }
}
