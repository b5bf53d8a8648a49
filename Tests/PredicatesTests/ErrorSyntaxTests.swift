import Testing

@testable import Predicates

/// Diagnostics of the grammar and of function calls, with full renderings.
@Suite("Diagnostics: syntax and functions")
struct ErrorSyntaxTests {
    static let syntax: [ErrorCase] = [
        failure(
            "a == 1 b == 2", "unexpected-token",
            "1:8: error: expected AND, OR or the end of the input, found 'b'",
            "a == 1 b == 2",
            "       ^"),
        failure(
            "CAST 1 == 1", "unexpected-token",
            "1:6: error: expected '(' after CAST, found '1'",
            "CAST 1 == 1",
            "     ^"),
        failure(
            "SUBQUERY(a, b, b == 1).@count > 0", "unexpected-token",
            "1:13: error: expected a variable such as $x as SUBQUERY's second argument, found 'b'",
            "SUBQUERY(a, b, b == 1).@count > 0",
            "            ^"),
        failure(
            "SUBQUERY(a $x, TRUEPREDICATE).@count > 0", "unexpected-token",
            "1:12: error: expected ',' after SUBQUERY's collection, found '$x'",
            "SUBQUERY(a $x, TRUEPREDICATE).@count > 0",
            "           ^^"),
        failure(
            "(a == 1 b == 2)", "unexpected-token",
            "1:9: error: expected ')' to close '(', found 'b'",
            "(a == 1 b == 2)",
            "        ^",
            "1:1: note: the '(' opened here"),
        failure(
            "a ==[1] 2", "unexpected-token",
            "1:6: error: expected option letters (c, d, n, l, w) after '==[', found '1'",
            "a ==[1] 2",
            "     ^"),
        failure(
            "sum:a == 1", "unexpected-token",
            "1:5: error: expected '(' after 'sum:', found 'a'",
            "sum:a == 1",
            "    ^"),
        failure(
            "a == ", "expected-expression",
            "1:6: error: expected an expression after '==', found the end of the input",
            "a == ",
            "     ^"),
        failure(
            "== 1", "expected-expression",
            "1:1: error: expected an expression, found '=='",
            "== 1",
            "^^"),
        failure(
            "a == )", "expected-expression",
            "1:6: error: expected an expression after '==', found ')'",
            "a == )",
            "     ^"),
        failure(
            "a == AND b", "expected-expression",
            "1:6: error: expected an expression after '==', found 'AND'",
            "a == AND b",
            "     ^^^"),
        failure(
            "a IN {1, }", "expected-expression",
            "1:10: error: expected an expression after ',', found '}'",
            "a IN {1, }",
            "         ^"),
        failure(
            "a + * 2 == 1", "expected-expression",
            "1:5: error: expected an expression after '+', found '*'",
            "a + * 2 == 1",
            "    ^"),
        failure(
            "in == 2", "expected-expression",
            "1:1: error: expected an expression, found 'in'",
            "in == 2",
            "^^"),
        failure(
            "a", "expected-comparison-operator",
            "1:2: error: expected a comparison operator after 'a', found the end of the input",
            "a",
            " ^"),
        failure(
            "(a) AND b == 1", "expected-comparison-operator",
            "1:5: error: expected a comparison operator after 'a', found 'AND'",
            "(a) AND b == 1",
            "    ^^^"),
        failure(
            "(a AND b == 1)", "expected-comparison-operator",
            "1:4: error: expected a comparison operator after 'a', found 'AND'",
            "(a AND b == 1)",
            "   ^^^"),
        failure(
            "a + 1", "expected-comparison-operator",
            "1:6: error: expected a comparison operator after 'a + 1', found the end of the input",
            "a + 1",
            "     ^"),
        failure(
            "ANY a", "expected-comparison-operator",
            "1:6: error: expected a comparison operator after 'a', found the end of the input",
            "ANY a",
            "     ^"),
        failure(
            "a LIKES 'x'", "unknown-operator",
            "1:3: error: unknown operator 'LIKES'",
            "a LIKES 'x'",
            "  ^^^^^",
            "note: did you mean 'LIKE'?"),
        failure(
            "a contain 'x'", "unknown-operator",
            "1:3: error: unknown operator 'contain'",
            "a contain 'x'",
            "  ^^^^^^^",
            "note: did you mean 'CONTAINS'?"),
        failure(
            "a beginwith 'x'", "unknown-operator",
            "1:3: error: unknown operator 'beginwith'",
            "a beginwith 'x'",
            "  ^^^^^^^^^",
            "note: did you mean 'BEGINSWITH'?"),
        failure(
            "a foo 1", "unknown-operator",
            "1:3: error: unknown operator 'foo'",
            "a foo 1",
            "  ^^^"),
        failure(
            "a tokenmatches[cd] 'x'", "unknown-operator",
            "1:3: error: unknown operator 'tokenmatches'",
            "a tokenmatches[cd] 'x'",
            "  ^^^^^^^^^^^^",
            "note: TOKENMATCHES (CloudKit only) is not supported"),
        failure(
            "a ==[x] 'b'", "unknown-option",
            "1:6: error: unknown comparison option 'x' in '[x]'",
            "a ==[x] 'b'",
            "     ^",
            "note: the options are c, d, n, l and w, e.g. CONTAINS[cd]"),
        failure(
            "a CONTAINS[cz] 'b'", "unknown-option",
            "1:13: error: unknown comparison option 'z' in '[cz]'",
            "a CONTAINS[cz] 'b'",
            "            ^",
            "note: the options are c, d, n, l and w, e.g. CONTAINS[cd]"),
        failure(
            "a LIKE[ci] 'x'", "unknown-option",
            "1:9: error: unknown comparison option 'i' in '[ci]'",
            "a LIKE[ci] 'x'",
            "        ^",
            "note: the options are c, d, n, l and w, e.g. CONTAINS[cd]"),
        failure(
            "a ==[] 1", "unknown-option",
            "1:5: error: empty comparison options '[]'",
            "a ==[] 1",
            "    ^^",
            "note: the options are c, d, n, l and w, e.g. CONTAINS[cd]"),
        failure(
            "(a == 1", "unbalanced-parenthesis",
            "1:8: error: expected ')' to close '(', found the end of the input",
            "(a == 1",
            "       ^",
            "1:1: note: the '(' opened here"),
        failure(
            "(a == 1\nAND b == 2", "unbalanced-parenthesis",
            "2:11: error: expected ')' to close '(', found the end of the input",
            "AND b == 2",
            "          ^",
            "1:1: note: the '(' opened here"),
        failure(
            "a == 1)", "unbalanced-parenthesis",
            "1:7: error: unmatched ')'",
            "a == 1)",
            "      ^",
            "note: nothing before it is open"),
        failure(
            "a == 1]", "unbalanced-parenthesis",
            "1:7: error: unmatched ']'",
            "a == 1]",
            "      ^",
            "note: nothing before it is open"),
        failure(
            "a IN {1, 2", "unbalanced-parenthesis",
            "1:11: error: expected '}' to close '{', found the end of the input",
            "a IN {1, 2",
            "          ^",
            "1:6: note: the '{' opened here"),
        failure(
            "a[0", "unbalanced-parenthesis",
            "1:4: error: expected ']' to close '[', found the end of the input",
            "a[0",
            "   ^",
            "1:2: note: the '[' opened here"),
        failure(
            "(a == 1]", "unbalanced-parenthesis",
            "1:8: error: expected ')' to close '(', found ']'",
            "(a == 1]",
            "       ^",
            "1:1: note: the '(' opened here"),
        failure(
            "a == (1 + 2", "unbalanced-parenthesis",
            "1:12: error: expected ')' to close '(', found the end of the input",
            "a == (1 + 2",
            "           ^",
            "1:6: note: the '(' opened here"),
        failure(
            "a < b < c", "chained-comparison",
            "1:7: error: comparison operators do not chain: '<' follows a complete comparison",
            "a < b < c",
            "      ^",
            "note: combine two comparisons with AND: a < b AND b < c"),
        failure(
            "a == b == c", "chained-comparison",
            "1:8: error: comparison operators do not chain: '==' follows a complete comparison",
            "a == b == c",
            "       ^^",
            "note: combine two comparisons with AND: a < b AND b < c"),
        failure(
            "x NOT IN {1}", "not-in",
            "1:3: error: 'NOT IN' is not an operator",
            "x NOT IN {1}",
            "  ^^^^^^",
            "note: negate the whole comparison: NOT (x IN …)"),
        failure(
            "name not like 'x'", "not-in",
            "1:6: error: 'NOT LIKE' is not an operator",
            "name not like 'x'",
            "     ^^^^^^^^",
            "note: negate the whole comparison: NOT (name LIKE …)"),
        failure(
            "size == 3", "reserved-word-as-key",
            "1:1: error: 'size' is a reserved word; write '#size' to use it as a key",
            "size == 3",
            "^^^^",
            "note: FIRST, LAST and SIZE select an element or the count only inside brackets: a[FIRST]"),
        failure(
            "a.first == 1", "reserved-word-as-key",
            "1:3: error: 'first' is a reserved word; write '#first' to use it as a key",
            "a.first == 1",
            "  ^^^^^",
            "note: FIRST, LAST and SIZE select an element or the count only inside brackets: a[FIRST]"),
        failure(
            "a[FIRST + 1] == 1", "reserved-word-as-key",
            "1:3: error: 'FIRST' is a reserved word; write '#FIRST' to use it as a key",
            "a[FIRST + 1] == 1",
            "  ^^^^^",
            "note: FIRST, LAST and SIZE select an element or the count only inside brackets: a[FIRST]"),
        failure(
            "a.self == 1", "reserved-word-as-key",
            "1:3: error: 'self' is a reserved word; write '#self' to use it as a key",
            "a.self == 1",
            "  ^^^^"),
        failure(
            "SELF.SELF.a == 1", "reserved-word-as-key",
            "1:6: error: 'SELF' is a reserved word; write '#SELF' to use it as a key",
            "SELF.SELF.a == 1",
            "     ^^^^"),
        failure(
            "ci == 1", "reserved-word-as-key",
            "1:1: error: 'ci' is a reserved word; write '#ci' to use it as a key",
            "ci == 1",
            "^^"),
        failure(
            "a.@foo == 1", "unknown-collection-operator",
            "1:3: error: unknown collection operator '@foo'",
            "a.@foo == 1",
            "  ^^^^",
            "note: the collection operators are @count, @sum, @avg, @min, @max, @distinctUnionOfObjects, @unionOfObjects, @distinctUnionOfArrays, @unionOfArrays, @distinctUnionOfSets"
        ),
        failure(
            "a.@cout == 1", "unknown-collection-operator",
            "1:3: error: unknown collection operator '@cout'",
            "a.@cout == 1",
            "  ^^^^^",
            "note: did you mean '@count'?"),
        failure(
            "a.@COUNT == 1", "unknown-collection-operator",
            "1:3: error: unknown collection operator '@COUNT'",
            "a.@COUNT == 1",
            "  ^^^^^^",
            "note: did you mean '@count'?"),
    ]

    static let functions: [ErrorCase] = [
        failure(
            "foo(1) == 1", "unknown-function",
            "1:1: error: unknown function 'foo'",
            "foo(1) == 1",
            "^^^",
            "note: did you mean 'floor'?"),
        failure(
            "sums(a) == 1", "unknown-function",
            "1:1: error: unknown function 'sums'",
            "sums(a) == 1",
            "^^^^",
            "note: did you mean 'sum'?"),
        failure(
            "SUM(a) == 1", "unknown-function",
            "1:1: error: unknown function 'SUM'",
            "SUM(a) == 1",
            "^^^",
            "note: did you mean 'sum'?"),
        failure(
            "foo:bar:(1, 2) == 1", "unknown-function",
            "1:1: error: unknown function 'foo:bar:'",
            "foo:bar:(1, 2) == 1",
            "^^^^^^^^"),
        failure(
            "modulo:by:(7, 3) == 1", "unknown-function",
            "1:1: error: unknown function 'modulo:by:'",
            "modulo:by:(7, 3) == 1",
            "^^^^^^^^^^",
            "note: did you mean 'modulus:by:'?"),
        failure(
            "FETCH(a) == 1", "unknown-function",
            "1:1: error: unknown function 'FETCH'",
            "FETCH(a) == 1",
            "^^^^^",
            "note: FETCH (Core Data fetched properties) is not supported"),
        failure(
            "sqrt(1, 2) == 1", "wrong-argument-count",
            "1:1: error: 'sqrt' takes 1 argument, 2 given",
            "sqrt(1, 2) == 1",
            "^^^^^^^^^^"),
        failure(
            "sum() == 1", "wrong-argument-count",
            "1:1: error: 'sum' needs at least 1 argument, 0 given",
            "sum() == 1",
            "^^^^^"),
        failure(
            "now(1) == 1", "wrong-argument-count",
            "1:1: error: 'now' takes 0 arguments, 1 given",
            "now(1) == 1",
            "^^^^^^"),
        failure(
            "modulus:by:(1) == 1", "wrong-argument-count",
            "1:1: error: 'modulus:by:' takes 2 arguments, 1 given",
            "modulus:by:(1) == 1",
            "^^^^^^^^^^^^^^"),
        failure(
            "FUNCTION(a) == 1", "wrong-argument-count",
            "1:1: error: FUNCTION needs a receiver and a selector, 1 given",
            "FUNCTION(a) == 1",
            "^^^^^^^^^^^",
            "note: write FUNCTION(receiver, 'selector', argument, …)"),
        failure(
            "CAST(a) == 1", "wrong-argument-count",
            "1:1: error: CAST takes 2 arguments, 1 given",
            "CAST(a) == 1",
            "^^^^^^^",
            "note: write CAST(value, 'TypeName')"),
        failure(
            "SUBQUERY(a, $x).@count == 1", "wrong-argument-count",
            "1:1: error: SUBQUERY takes 3 arguments: SUBQUERY(collection, $variable, predicate)",
            "SUBQUERY(a, $x).@count == 1",
            "^^^^^^^^^^^^^^^"),
        failure(
            "TERNARY(a == 1, 2) == 1", "wrong-argument-count",
            "1:1: error: TERNARY takes 3 arguments: TERNARY(predicate, valueIfTrue, valueIfFalse)",
            "TERNARY(a == 1, 2) == 1",
            "^^^^^^^^^^^^^^^^^^"),
    ]

    @Test(arguments: syntax)
    func syntaxErrors(_ row: ErrorCase) { ErrorTests.check(row) }

    @Test(arguments: functions)
    func functionErrors(_ row: ErrorCase) { ErrorTests.check(row) }
}
