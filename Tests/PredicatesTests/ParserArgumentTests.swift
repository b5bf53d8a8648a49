import Foundation
import Testing

@testable import Predicates

@Suite("Parser: format specifiers with typed arguments")
struct ParserArgumentTests {
    static let date0 = Date(timeIntervalSinceReferenceDate: 0)
    static let uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F") ?? UUID()

    /// `%@` takes any value and makes it a constant.
    static let objects: [ParseCase] = [
        row("a == %@", ["x"], "(== (key a) \"x\")"),
        row("a == %@", [.int(1)], "(== (key a) 1)"),
        row("a == %@", [.double(2.5)], "(== (key a) 2.5)"),
        row("a == %@", [.bool(true)], "(== (key a) yes)"),
        row("a == %@", [.null], "(== (key a) nil)"),
        row("a == %@", [.date(date0)], "(== (key a) (date 0.0))"),
        row("a IN %@", [.array([1, 2])], "(in (key a) (array 1 2))", roundTrips: false),
        row("a IN %@", [.set([2, 1])], "(in (key a) (set 1 2))", roundTrips: false),
        row("a IN %@", [.dictionary(["b": 2, "a": 1])], "(in (key a) (dict (\"a\" 1) (\"b\" 2)))", roundTrips: false),
        row("a == %@", [.data(Data([1, 2, 3]))], "(== (key a) (data \"AQID\"))", roundTrips: false),
        row(
            "a == %@", [.uuid(uuid)], "(== (key a) (uuid \"E621E1F8-C36C-495A-93FC-0C247A3E6E5F\"))", roundTrips: false),
        row("a BETWEEN %@", [.array([1, 10])], "(between (key a) (array 1 10))", roundTrips: false),
        row("%@ == %@", [1, 2], "(== 1 2)"),
        row("%@ like %@", ["a", "b"], "(like \"a\" \"b\")"),
        row("SELF like[c] %@", ["prefix*suffix"], "(like[c] self \"prefix*suffix\")"),
        row("SELF like[c] %@*%@", ["prefix", "suffix"], "(like[c] self (* \"prefix\" \"suffix\"))"),
        row("a == %@", ["x AND b == 1"], "(== (key a) \"x AND b == 1\")"),
        row("a == '%@'", [], "(== (key a) \"%@\")"),
        // Apple's argument rule: surplus arguments are ignored.
        row("a == '%@'", ["x"], "(== (key a) \"%@\")"),
        row("a == %@", ["x", "y"], "(== (key a) \"x\")"),
        row("%K == '%@'", ["a"], "(== (key a) \"%@\")"),
        row("a == -%@", [5], "(== (key a) (neg 5))"),
        row("a IN {%@, %@}", [1, "x"], "(in (key a) (aggregate 1 \"x\"))"),
        row("CAST(%@, 'NSDate') < a", [10], "(< (date 10.0) (key a))"),
        row("FUNCTION(a, %@) == 1", ["uppercaseString"], "(== (function (key a) \"uppercaseString\") 1)"),
    ]

    @Test(arguments: objects)
    func objectSpecifier(_ row: ParseCase) { ParserCheck.predicate(row) }

    /// `%K` takes a string and makes it a key path.
    static let keyPaths: [ParseCase] = [
        row("%K == 1", ["name"], "(== (key name) 1)"),
        row("%K == 1", ["a.b.@count"], "(== (key a.b.@count) 1)"),
        row("%K == 1", ["@count"], "(== (key @count) 1)"),
        row("%K == 1", ["size"], "(== (key size) 1)"),
        row("%K == 1", ["SELF"], "(== (key SELF) 1)"),
        row("%K == 1", ["first.last"], "(== (key first.last) 1)"),
        row("%K == 1", ["größe"], "(== (key größe) 1)"),
        row("a.%K == 1", ["b.c"], "(== (key a.b.c) 1)"),
        row("SELF.%K == 1", ["b"], "(== (key b) 1)"),
        row("$x.%K == 1", ["b"], "(== (member $x b) 1)"),
        row("%K.b == 1", ["a"], "(== (key a.b) 1)"),
        row("%K == %@", ["name", "Adam"], "(== (key name) \"Adam\")"),
        row("%K like %@", ["firstName", "Adam"], "(like (key firstName) \"Adam\")"),
        row(
            "%K CONTAINS[cd] %@ AND %K > %d", ["name", "x", "age", 3],
            "(and (contains[cd] (key name) \"x\") (> (key age) 3))"),
    ]

    @Test(arguments: keyPaths)
    func keyPathSpecifier(_ row: ParseCase) { ParserCheck.predicate(row) }

    /// Every integer conversion accepts an int (and a bool as 0/1).
    static let integerConversions: [ParseCase] =
        [
            "%d", "%i", "%u", "%ld", "%li", "%lu", "%lld", "%lli", "%llu", "%hd", "%hi", "%hu", "%qd", "%qi", "%qu",
            "%x", "%X", "%lx", "%lX", "%llx", "%llX", "%o", "%lo", "%llo",
        ].map { row("a == \($0)", [.int(42)], "(== (key a) 42)") }
        + [
            row("a == %d", [.bool(true)], "(== (key a) 1)"),
            row("a == %d", [.bool(false)], "(== (key a) 0)"),
            row("a == %ld", [.int(-7)], "(== (key a) -7)"),
            row("a == %lld", [.int(Int.min)], "(== (key a) -9223372036854775808)"),
        ]

    @Test(arguments: integerConversions)
    func integerSpecifiers(_ row: ParseCase) { ParserCheck.predicate(row) }

    /// Every floating conversion accepts a double (and an int, converted), alone or after the
    /// length modifier `l` or `L`, as printf does (`%la` is recommended for doubles in a book
    /// on Core Data).
    static let floatingConversions: [ParseCase] =
        [
            "%f", "%lf", "%F", "%e", "%E", "%g", "%G", "%a", "%A",
            "%lF", "%le", "%lE", "%lg", "%lG", "%la", "%lA",
            "%Lf", "%LF", "%Le", "%LE", "%Lg", "%LG", "%La", "%LA",
        ].map { row("a == \($0)", [.double(2.5)], "(== (key a) 2.5)") }
        + [
            row("a == %f", [.int(3)], "(== (key a) 3.0)"),
            row("a < %lf", [.double(-0.5)], "(< (key a) -0.5)"),
            row("distanceToLocation > %f", [.double(1e-5)], "(> (key distanceToLocation) 1e-05)"),
            row("%K >= %la", ["price", .double(9.5)], "(>= (key price) 9.5)"),
            row("%K >= %le", ["price", .int(10)], "(>= (key price) 10.0)"),
            row("%K < %lg", ["ratio", .double(0.25)], "(< (key ratio) 0.25)"),
        ]

    @Test(arguments: floatingConversions)
    func floatingSpecifiers(_ row: ParseCase) { ParserCheck.predicate(row) }

    /// `%s` and `%S` take a string and make it a string constant.
    static let stringConversions: [ParseCase] = [
        row("a == %s", ["x"], "(== (key a) \"x\")"),
        row("a == %S", ["x"], "(== (key a) \"x\")"),
        row("%K == %s", ["key", "value"], "(== (key key) \"value\")"),
        row("name BEGINSWITH[c] %s", ["Ad"], "(beginswith[c] (key name) \"Ad\")"),
        row("a == %s", ["x AND b == 1"], "(== (key a) \"x AND b == 1\")"),
        row("a == %s", [""], "(== (key a) \"\")"),
        row("a == '%s'", [], "(== (key a) \"%s\")"),
    ]

    @Test(arguments: stringConversions)
    func stringSpecifiers(_ row: ParseCase) { ParserCheck.predicate(row) }

    @Test("'%K == %s' with a string is the '%@' form (CoreStore's tests assert it for argument arrays)")
    func stringIsObjectForm() throws {
        let string = try PredicateNode(format: "%K == %s", argumentArray: ["key", "value"])
        let object = try PredicateNode(format: "%K == %@", argumentArray: ["key", "value"])
        #expect(string == object)
        #expect(string.predicateFormat == "key == \"value\"")
        let double = try PredicateNode(format: "%K >= %la", argumentArray: ["price", .double(9.5)])
        #expect(double == (try PredicateNode(format: "%K >= %f", argumentArray: ["price", .double(9.5)])))
        #expect(double.predicateFormat == "price >= 9.5")
    }

    @Test("NSPredicate-style initialisers bind arguments the same way")
    func initialisers() throws {
        let variadic = try PredicateNode(format: "%K == %@ AND b > %d", "a", "x", .int(2))
        let array = try PredicateNode(format: "%K == %@ AND b > %d", argumentArray: ["a", "x", .int(2)])
        #expect(variadic.sExpression == "(and (== (key a) \"x\") (> (key b) 2))")
        #expect(array == variadic)
        let plain = try PredicateNode(format: "TRUEPREDICATE")
        #expect(plain == .truePredicate)
    }
}

@Suite("Parser: $variables and substitution")
struct ParserVariableTests {
    struct SubstitutionCase: Sendable, CustomTestStringConvertible {
        var input: String
        var variables: [String: PredicateValue]
        var parsed: String
        var substituted: String
        var testDescription: String { input }
    }

    static let substitutions: [SubstitutionCase] = [
        SubstitutionCase(
            input: "a == $x", variables: ["x": 1], parsed: "(== (key a) $x)", substituted: "(== (key a) 1)"),
        SubstitutionCase(
            input: "lastName LIKE[c] $LAST_NAME", variables: ["LAST_NAME": "Turner"],
            parsed: "(like[c] (key lastName) $LAST_NAME)", substituted: "(like[c] (key lastName) \"Turner\")"),
        SubstitutionCase(
            input: "date = $DATE", variables: ["DATE": .null],
            parsed: "(== (key date) $DATE)", substituted: "(== (key date) nil)"),
        SubstitutionCase(
            input: "$a.name == $b", variables: ["a": "s", "b": "t"],
            parsed: "(== (member $a name) $b)", substituted: "(== (member \"s\" name) \"t\")"),
        SubstitutionCase(
            input: "NOT ($a == 1 OR b IN {$c, 2})", variables: ["a": 5, "c": 1, "unused": 0],
            parsed: "(not (or (== $a 1) (in (key b) (aggregate $c 2))))",
            substituted: "(not (or (== 5 1) (in (key b) (aggregate 1 2))))"),
        SubstitutionCase(
            input: "SUBQUERY(a, $x, $x == $y).@count > 0", variables: ["y": 2],
            parsed: "(> (member (subquery (key a) $x (== $x $y)) @count) 0)",
            substituted: "(> (member (subquery (key a) $x (== $x 2)) @count) 0)"),
        SubstitutionCase(
            input: "SUBQUERY($x, $x, $x == 1).@count > 0", variables: ["x": [1]],
            parsed: "(> (member (subquery $x $x (== $x 1)) @count) 0)",
            substituted: "(> (member (subquery (array 1) $x (== $x 1)) @count) 0)"),
        SubstitutionCase(
            input: "($x := $y) == 3", variables: ["y": 3],
            parsed: "(== (:= $x $y) 3)", substituted: "(== (:= $x 3) 3)"),
        SubstitutionCase(
            input: "a[$i] == TERNARY($c == 1, -$d, sum($e))", variables: ["i": 0, "c": 1, "d": 2, "e": [1]],
            parsed: "(== (index (key a) $i) (ternary (== $c 1) (neg $d) (sum: $e)))",
            substituted: "(== (index (key a) 0) (ternary (== 1 1) (neg 2) (sum: (array 1))))"),
        SubstitutionCase(
            input: "FUNCTION($r, 'f', $a) == CAST($b, 'NSNumber')", variables: ["r": "x", "a": 1, "b": "2"],
            parsed: "(== (function $r \"f\" $a) (cast $b \"NSNumber\"))",
            substituted: "(== (function \"x\" \"f\" 1) (cast \"2\" \"NSNumber\"))"),
    ]

    @Test(arguments: substitutions)
    func substitution(_ row: SubstitutionCase) throws {
        let parsed = try PredicateParser().parsePredicate(row.input)
        #expect(parsed.sExpression == row.parsed)
        let substituted = try parsed.substitutingVariables(row.variables)
        #expect(substituted.sExpression == row.substituted)
    }

    @Test("a variable without a value is an error at the variable")
    func missingVariable() throws {
        let parsed = try PredicateParser().parsePredicate("a == 1 OR b == $missing")
        #expect(throws: PredicateSyntaxError.self) { try parsed.substitutingVariables(["other": 1]) }
        do {
            _ = try parsed.substitutingVariables([:])
            Issue.record("expected an error")
        } catch {
            #expect(error.diagnostic.id == "missing-variable")
            #expect(error.diagnostic.message == "no value for the variable '$missing'")
            #expect(error.diagnostic.range == SourceRange(15, 23))
        }
    }
}

@Suite("Tree dumps")
struct ParserTreeDumpTests {
    @Test("treeDescription: one node per line, children indented by two spaces")
    func predicateTree() throws {
        let node = try PredicateParser().parsePredicate("name CONTAINS[cd] 'x' AND NOT ANY tags.id IN {1, $v}")
        #expect(
            node.treeDescription == """
                and
                  contains[cd]
                    (key name)
                    "x"
                  not
                    any in
                      (key tags.id)
                      aggregate
                        1
                        $v
                """)
    }

    @Test("treeDescription of every expression shape")
    func expressionTree() throws {
        let node = try PredicateParser().parseExpression(
            "$r := TERNARY(TRUEPREDICATE, SUBQUERY(a, $x, $x == 1)[SIZE], FUNCTION(-b[0].c, 'f:', ~1, CAST('1', 'NSNumber')) ** max(1, 2))"
        )
        #expect(
            node.treeDescription == """
                := $r
                  ternary
                    true
                    index size
                      subquery $x
                        (key a)
                        ==
                          $x
                          1
                    **
                      function "f:"
                        neg
                          member c
                            index
                              (key b)
                              0
                        ~
                          1
                        cast "NSNumber"
                          "1"
                      max:
                        aggregate
                          1
                          2
                """)
    }

    /// Constants built in code (sets, dictionaries, escapes) dump deterministically.
    @Test func constantDumps() {
        let set = ExpressionNode(.constant(.set(["b", "a", 1])))
        #expect(set.sExpression == "(set \"a\" \"b\" 1)")
        let dictionary = ExpressionNode(.constant(.dictionary(["z": [1, 2], "a": .null])))
        #expect(dictionary.sExpression == "(dict (\"a\" nil) (\"z\" (array 1 2)))")
        let string = ExpressionNode(.constant(.string("a\"b\\c")))
        #expect(string.sExpression == #""a\"b\\c""#)
        #expect(ExpressionNode(.constant(.double(1))).sExpression == "1.0")
        #expect(PredicateNode(.and([])).sExpression == "(and)")
        #expect(PredicateNode(.or([])).sExpression == "(or)")
        #expect(ExpressionNode(.function(.now, [])).treeDescription == "now")
    }
}
