import Foundation
import Testing

@testable import Predicates

@Suite("Parser: key paths, members and subscripts")
struct ParserKeyPathTests {
    static let keyPaths: [ParseCase] = [
        row("a", "(key a)"),
        row("a.b", "(key a.b)"),
        row("a.b.c", "(key a.b.c)"),
        row("a . b", "(key a.b)"),
        row("_a1", "(key _a1)"),
        row("camelCase.snake_case", "(key camelCase.snake_case)"),
        row("größe", "(key größe)"),
        row("名前.値", "(key 名前.値)"),
        row("SELF.a", "(key a)"),
        row("self.a.b", "(key a.b)"),
        row("#size", "(key size)"),
        row("#SELF", "(key SELF)"),
        row("#name", "(key name)"),
        row("a.#first", "(key a.first)"),
        row("#in.#and", "(key in.and)"),
        row("@count", "(key @count)"),
        row("a.@count", "(key a.@count)"),
        row("@sum.items.price", "(key @sum.items.price)"),
        row("a.@sum.b", "(key a.@sum.b)"),
        row("a.@avg.b", "(key a.@avg.b)"),
        row("a.@min.b", "(key a.@min.b)"),
        row("a.@max.b", "(key a.@max.b)"),
        row("a.@distinctUnionOfObjects.b", "(key a.@distinctUnionOfObjects.b)"),
        row("a.@unionOfObjects.b", "(key a.@unionOfObjects.b)"),
        row("a.@distinctUnionOfArrays.b", "(key a.@distinctUnionOfArrays.b)"),
        row("a.@unionOfArrays.b", "(key a.@unionOfArrays.b)"),
        row("a.@distinctUnionOfSets.b", "(key a.@distinctUnionOfSets.b)"),
        row("g.@max.#self", "(key g.@max.self)"),
        row("(a).b", "(key a.b)"),
        row("(SELF).a", "(key a)"),
        // Members: a key applied to something that is not a key path.
        row("$x.name", "(member $x name)"),
        row("$x.a.b", "(member $x a.b)"),
        row("$x.@count", "(member $x @count)"),
        row("(a + b).c", "(member (+ (key a) (key b)) c)"),
        row("{1, 2}.@count", "(member (aggregate 1 2) @count)"),
        row("'abc'.length", "(member \"abc\" length)"),
        row("a[0].b", "(member (index (key a) 0) b)"),
        row("a[0].b.c", "(member (index (key a) 0) b.c)"),
        row("SUBQUERY(a, $x, $x == 1).@count", "(member (subquery (key a) $x (== $x 1)) @count)"),
        row("sum(a).b", "(member (sum: (key a)) b)"),
    ]

    @Test(arguments: keyPaths)
    func keyPathsAndMembers(_ row: ParseCase) { ParserCheck.expression(row) }

    static let subscripts: [ParseCase] = [
        row("a[0]", "(index (key a) 0)"),
        row("a[FIRST]", "(index (key a) first)"),
        row("a[first]", "(index (key a) first)"),
        row("a[First]", "(index (key a) first)"),
        row("a[LAST]", "(index (key a) last)"),
        row("a[last]", "(index (key a) last)"),
        row("a[SIZE]", "(index (key a) size)"),
        row("a[size]", "(index (key a) size)"),
        row("a[ SIZE ]", "(index (key a) size)"),
        row("a['key']", "(index (key a) \"key\")"),
        row("a[\"key\"]", "(index (key a) \"key\")"),
        row("a[b]", "(index (key a) (key b))"),
        row("a[1 + 1]", "(index (key a) (+ 1 1))"),
        row("a[-1]", "(index (key a) -1)"),
        row("a[#first]", "(index (key a) (key first))"),
        row("a[0][1]", "(index (index (key a) 0) 1)"),
        row("a.b[LAST]", "(index (key a.b) last)"),
        row("SELF[FIRST]", "(index self first)"),
        row("$x[LAST]", "(index $x last)"),
        row("(SELF.h)['A']", "(index (key h) \"A\")"),
        row("{1, 2}[SIZE]", "(index (aggregate 1 2) size)"),
        row("SUBQUERY(a, $x, $x == 1)[size]", "(index (subquery (key a) $x (== $x 1)) size)"),
        row("a[b[0]]", "(index (key a) (index (key b) 0))"),
    ]

    @Test(arguments: subscripts)
    func subscriptForms(_ row: ParseCase) { ParserCheck.expression(row) }

    static let variables: [ParseCase] = [
        row("$x", "$x"),
        row("$VARIABLE_NAME", "$VARIABLE_NAME"),
        row("$#size", "$size"),
        row("$first", "$first"),
        row("$x := 1", "(:= $x 1)"),
        row("$x:=a.b", "(:= $x (key a.b))"),
        row("$x := $y := 2", "(:= $x (:= $y 2))"),
        row("$x := {1, 2}", "(:= $x (aggregate 1 2))"),
    ]

    @Test(arguments: variables)
    func variablesAndAssignment(_ row: ParseCase) { ParserCheck.expression(row) }
}

@Suite("Parser: arithmetic, bitwise and set operators")
struct ParserOperatorTests {
    static let operators: [ParseCase] = [
        row("a + 1", "(+ (key a) 1)"),
        row("a - 1", "(- (key a) 1)"),
        row("a * 2", "(* (key a) 2)"),
        row("a / 2", "(/ (key a) 2)"),
        row("a ** 2", "(** (key a) 2)"),
        row("a&3", "(& (key a) 3)"),
        row("a & 3", "(& (key a) 3)"),
        row("a | 3", "(| (key a) 3)"),
        row("a ^ 3", "(^ (key a) 3)"),
        row("a << 2", "(<< (key a) 2)"),
        row("a >> 2", "(>> (key a) 2)"),
        row("~a", "(~ (key a))"),
        row("~ a", "(~ (key a))"),
        row("~~a", "(~ (~ (key a)))"),
        row("~5", "(~ 5)"),
        row("-a", "(neg (key a))"),
        row("- -a", "(neg (neg (key a)))"),
        row("a UNION b", "(union (key a) (key b))"),
        row("a union b", "(union (key a) (key b))"),
        row("a INTERSECT b", "(intersect (key a) (key b))"),
        row("a intersect b", "(intersect (key a) (key b))"),
        row("a MINUS b", "(minus (key a) (key b))"),
        row("a Minus b", "(minus (key a) (key b))"),
        row("{1} UNION {2}", "(union (aggregate 1) (aggregate 2))"),
        row("'a' + 'b'", "(+ \"a\" \"b\")"),
        row("now() - 3600", "(- (now) 3600)"),
    ]

    @Test(arguments: operators)
    func infixAndPrefix(_ row: ParseCase) { ParserCheck.expression(row) }
}

@Suite("Parser: functions, FUNCTION, SUBQUERY, CAST, TERNARY")
struct ParserFunctionTests {
    /// Every built-in in the plain call form.
    static let plainCalls: [ParseCase] = [
        row("sum(a)", "(sum: (key a))"),
        row("count(a)", "(count: (key a))"),
        row("min(a)", "(min: (key a))"),
        row("max(a)", "(max: (key a))"),
        row("average(a)", "(average: (key a))"),
        row("median(a)", "(median: (key a))"),
        row("mode(a)", "(mode: (key a))"),
        row("stddev(a)", "(stddev: (key a))"),
        row("max(1, 5, 10)", "(max: (aggregate 1 5 10))"),
        row("sum({1, 2})", "(sum: (aggregate 1 2))"),
        row("count(1, 2)", "(count: (aggregate 1 2))"),
        row("sqrt(4)", "(sqrt: 4)"),
        row("log(a)", "(log: (key a))"),
        row("ln(a)", "(ln: (key a))"),
        row("exp(a)", "(exp: (key a))"),
        row("floor(a)", "(floor: (key a))"),
        row("ceiling(a)", "(ceiling: (key a))"),
        row("abs(-2)", "(abs: -2)"),
        row("trunc(a)", "(trunc: (key a))"),
        row("uppercase(a)", "(uppercase: (key a))"),
        row("lowercase(a)", "(lowercase: (key a))"),
        row("length(a)", "(length: (key a))"),
        row("canonical(a)", "(canonical: (key a))"),
        row("modulus(7, 3)", "(modulus:by: 7 3)"),
        row("random()", "(random)"),
        row("randomn(10)", "(randomn: 10)"),
        row("now()", "(now)"),
        row("now ( )", "(now)"),
        row("noindex(a)", "(noindex: (key a))"),
        row("sum(a.b) + 1", "(+ (sum: (key a.b)) 1)"),
    ]

    @Test(arguments: plainCalls)
    func plainCallForm(_ row: ParseCase) { ParserCheck.expression(row) }

    /// The selector form, including the selectors that have an operator spelling.
    static let selectorCalls: [ParseCase] = [
        row("sum:(a)", "(sum: (key a))"),
        row("count:(a)", "(count: (key a))"),
        row("max:({1, 5, 10})", "(max: (aggregate 1 5 10))"),
        row("sqrt:(4)", "(sqrt: 4)"),
        row("uppercase:(a)", "(uppercase: (key a))"),
        row("randomn:(3)", "(randomn: 3)"),
        row("noindex:(a)", "(noindex: (key a))"),
        row("modulus:by:(7, 3)", "(modulus:by: 7 3)"),
        row("modulus : by : (7, 3)", "(modulus:by: 7 3)"),
        row("add:to:(1, 2)", "(+ 1 2)"),
        row("from:subtract:(5, 3)", "(- 5 3)"),
        row("multiply:by:(5, 3)", "(* 5 3)"),
        row("divide:by:(6, 3)", "(/ 6 3)"),
        row("raise:toPower:(2, 3)", "(** 2 3)"),
        row("bitwiseAnd:with:(a, 3)", "(& (key a) 3)"),
        row("bitwiseOr:with:(a, 3)", "(| (key a) 3)"),
        row("bitwiseXor:with:(a, 3)", "(^ (key a) 3)"),
        row("leftshift:by:(1, 2)", "(<< 1 2)"),
        row("rightshift:by:(8, 2)", "(>> 8 2)"),
        row("onesComplement:(a)", "(~ (key a))"),
        row("objectFrom:withIndex:(a, 0)", "(index (key a) 0)"),
        row("objectFrom:withIndex:(a, 'FIRST')", "(index (key a) first)"),
        row("objectFrom:withIndex:(a, 'last')", "(index (key a) last)"),
        row("objectFrom:withIndex:(a, 'SIZE')", "(index (key a) size)"),
        row("objectFrom:withIndex:(a, 'key')", "(index (key a) \"key\")"),
        row("castObject:toType:('1', 'NSNumber')", "(cast \"1\" \"NSNumber\")"),
        row("castObject:toType:(0, 'NSDate')", "(date 0.0)"),
    ]

    @Test(arguments: selectorCalls)
    func selectorCallForm(_ row: ParseCase) { ParserCheck.expression(row) }

    static let specialForms: [ParseCase] = [
        row("FUNCTION(a, 'uppercaseString')", "(function (key a) \"uppercaseString\")"),
        row("function(a, \"sel\")", "(function (key a) \"sel\")"),
        row("FUNCTION(SELF, 'x:y:', 1, 'b')", "(function self \"x:y:\" 1 \"b\")"),
        row(
            "FUNCTION('/Developer/Tools/otest', 'lastPathComponent')",
            "(function \"/Developer/Tools/otest\" \"lastPathComponent\")"),
        row("SUBQUERY(items, $x, $x.price > 10)", "(subquery (key items) $x (> (member $x price) 10))"),
        row("subquery(a, $i, $i == 1 OR $i == 2)", "(subquery (key a) $i (or (== $i 1) (== $i 2)))"),
        row(
            "SUBQUERY(a, $x, SUBQUERY($x.b, $y, $y == $x).@count > 0)",
            "(subquery (key a) $x (> (member (subquery (member $x b) $y (== $y $x)) @count) 0))"),
        row("SUBQUERY(a.b, $x, TRUEPREDICATE)", "(subquery (key a.b) $x true)"),
        row("CAST('1', 'NSNumber')", "(cast \"1\" \"NSNumber\")"),
        row("cast(a, \"NSString\")", "(cast (key a) \"NSString\")"),
        row("CAST(0, 'NSDate')", "(date 0.0)"),
        row("CAST(694224000, \"NSDate\")", "(date 694224000.0)"),
        row("CAST(694224000.000000, \"NSDate\")", "(date 694224000.0)"),
        row("CAST(-978250148.000000, \"NSDate\")", "(date -978250148.0)"),
        row("CAST(1.5, 'NSDate')", "(date 1.5)"),
        row("CAST(-(5), 'NSDate')", "(cast (neg 5) \"NSDate\")"),
        row("CAST('5', 'NSDate')", "(cast \"5\" \"NSDate\")"),
        row("CAST(5, 'NSNumber')", "(cast 5 \"NSNumber\")"),
        row("CAST(5, 'nsdate')", "(cast 5 \"nsdate\")"),
        row("TERNARY(a == 1, 'x', 'y')", "(ternary (== (key a) 1) \"x\" \"y\")"),
        row("ternary(TRUEPREDICATE, 1, 2)", "(ternary true 1 2)"),
        row(
            "TERNARY(NOT a == 1 AND b == 2, a, b)",
            "(ternary (and (not (== (key a) 1)) (== (key b) 2)) (key a) (key b))"),
        row("TERNARY((a == 1), a + 1, -1)", "(ternary (== (key a) 1) (+ (key a) 1) -1)"),
        row("TERNARY(f == YES, YES, NO)", "(ternary (== (key f) yes) yes no)"),
    ]

    @Test(arguments: specialForms)
    func keywordForms(_ row: ParseCase) { ParserCheck.expression(row) }

    /// The forms inside whole predicates, as documented by Apple.
    static let inPredicates: [ParseCase] = [
        row(
            "SUBQUERY(stopTimes, $x, $x.departureTime BETWEEN {1, 2}).@count != 0",
            "(!= (member (subquery (key stopTimes) $x (between (member $x departureTime) (aggregate 1 2))) @count) 0)"),
        row(
            "SUBQUERY(residents, $x, $x.firstname == 'Jane' && $x.lastname == 'Doe').@count > 0",
            "(> (member (subquery (key residents) $x (and (== (member $x firstname) \"Jane\") (== (member $x lastname) \"Doe\"))) @count) 0)"
        ),
        row("TERNARY(f == YES, YES, NO) == YES", "(== (ternary (== (key f) yes) yes no) yes)"),
        row("distance < sqrt(4)", "(< (key distance) (sqrt: 4))"),
        row("date > now() - 86400", "(> (key date) (- (now) 86400))"),
        row("ANYKEY == 'x'", "(== anykey \"x\")"),
        row("$x := 1 == 1", "(== (:= $x 1) 1)"),
        row("stddev({1, 2, 3}) > 0.5", "(> (stddev: (aggregate 1 2 3)) 0.5)"),
    ]

    @Test(arguments: inPredicates)
    func formsInPredicates(_ row: ParseCase) { ParserCheck.predicate(row) }
}
