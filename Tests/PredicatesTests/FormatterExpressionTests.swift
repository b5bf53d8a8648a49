import Foundation
import Predicates
import Testing

// Hand-built expressions and their canonical text (spec §4.2, §4.3 and the language brief).

@Suite("Canonical formatter: constants")
struct FormatterConstantTests {
    @Test("strings, numbers, booleans and nil", arguments: FormatterConstantTestsRows.scalars)
    func scalars(_ row: FormatCase<ExpressionNode>) {
        #expect(row.node.expressionFormat == row.expected)
    }

    @Test("dates, collections, data and UUIDs", arguments: FormatterConstantTestsRows.structured)
    func structured(_ row: FormatCase<ExpressionNode>) {
        #expect(row.node.expressionFormat == row.expected)
    }
}

@Suite("Canonical formatter: expressions")
struct FormatterExpressionTests {
    @Test("SELF, key paths, variables and members", arguments: FormatterExpressionTestsRows.paths)
    func paths(_ row: FormatCase<ExpressionNode>) {
        #expect(row.node.expressionFormat == row.expected)
    }

    @Test("infix and prefix operators, assignment", arguments: FormatterExpressionTestsRows.operators)
    func operators(_ row: FormatCase<ExpressionNode>) {
        #expect(row.node.expressionFormat == row.expected)
    }

    @Test("index, aggregates, functions and special forms", arguments: FormatterExpressionTestsRows.forms)
    func forms(_ row: FormatCase<ExpressionNode>) {
        #expect(row.node.expressionFormat == row.expected)
    }

    @Test("description is expressionFormat")
    func descriptionMatches() {
        let expression = ExpressionNode(
            .binary(.add, ExpressionNode(.keyPath([.key("a")])), ExpressionNode(.constant(1))))
        #expect(expression.description == "a + 1")
        #expect("\(expression)" == expression.expressionFormat)
    }
}

private enum FormatterConstantTestsRows: ASTBuilders {
    static let scalars: [FormatCase<ExpressionNode>] = [
        .init(const("x"), "\"x\""),
        .init(const(""), "\"\""),
        .init(const("Quote \""), "\"Quote \\\"\""),
        .init(const("Quote \\"), "\"Quote \\\\\""),
        .init(const("it's"), "\"it's\""),
        .init(const("line\nbreak\ttab"), "\"line\nbreak\ttab\""),
        .init(const("%@ and %K"), "\"%@ and %K\""),
        .init(const("名前 😀 é"), "\"名前 😀 é\""),
        .init(const(42), "42"),
        .init(const(0), "0"),
        .init(const(-7), "-7"),
        .init(const(.int(Int.max)), "9223372036854775807"),
        .init(const(.int(Int.min)), "-9223372036854775808"),
        .init(const(2.5), "2.5"),
        .init(const(1.0), "1.0"),
        .init(const(-3.0), "-3.0"),
        .init(const(0.1), "0.1"),
        .init(const(1e-5), "1e-05"),
        .init(const(1e16), "1e+16"),
        .init(const(123456789.125), "123456789.125"),
        .init(const(.double(.infinity)), "inf"),
        .init(const(.double(-.infinity)), "-inf"),
        .init(const(.double(.nan)), "nan"),
        .init(const(true), "YES"),
        .init(const(false), "NO"),
        .init(const(nil), "nil"),
    ]

    static let structured: [FormatCase<ExpressionNode>] = [
        .init(const(date(694224000)), "CAST(694224000.000000, \"NSDate\")"),
        .init(const(date(-978250148)), "CAST(-978250148.000000, \"NSDate\")"),
        .init(const(date(0.5)), "CAST(0.500000, \"NSDate\")"),
        .init(const(date(-0.25)), "CAST(-0.250000, \"NSDate\")"),
        .init(const([1, 2]), "{1, 2}"),
        .init(const([]), "{}"),
        .init(const(["a", 2.5, nil, true, [1]]), "{\"a\", 2.5, nil, YES, {1}}"),
        .init(const([date(0)]), "{CAST(0.000000, \"NSDate\")}"),
        // Sets are sorted by their printed text.
        .init(const(.set([2, 10, 1])), "{1, 10, 2}"),
        .init(const(.set(["b", "a"])), "{\"a\", \"b\"}"),
        .init(const(["b": 2, "a": "x"]), "{\"a\" = \"x\", \"b\" = 2}"),
        .init(const(.data(Data("hello".utf8))), "<aGVsbG8=>"),
        .init(
            const(.uuid(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F") ?? UUID())),
            "<E621E1F8-C36C-495A-93FC-0C247A3E6E5F>"),
    ]
}

private enum FormatterExpressionTestsRows: ASTBuilders {
    static let paths: [FormatCase<ExpressionNode>] = [
        .init(this, "SELF"),
        .init(key("name"), "name"),
        .init(key("a", "b", "@count"), "a.b.@count"),
        .init(key("@avg", "price"), "@avg.price"),
        .init(key("@distinctUnionOfObjects", "tags"), "@distinctUnionOfObjects.tags"),
        .init(key("size"), "#size"),
        .init(key("Size"), "#Size"),
        .init(key("view", "layer", "bounds", "size", "height"), "view.layer.bounds.#size.height"),
        .init(key("first", "last", "self", "in", "anykey"), "#first.#last.#self.#in.#anykey"),
        .init(key("count", "now", "sum", "andy"), "count.now.sum.andy"),
        .init(key("café", "名前"), "café.名前"),
        .init(variable("x"), "$x"),
        .init(variable("LAST_NAME"), "$LAST_NAME"),
        .init(variable("size"), "$#size"),
        .init(member(variable("x"), "name"), "$x.name"),
        .init(member(variable("x"), "a", "@count"), "$x.a.@count"),
        .init(member(binary(.add, key("a"), key("b")), "c"), "(a + b).c"),
        .init(member(const("abc"), "length"), "(\"abc\").length"),
        .init(member(const(5), "x"), "(5).x"),
        .init(member(unary(.negate, key("a")), "x"), "(-a).x"),
        .init(member(assign("x", key("a")), "b"), "($x := a).b"),
        .init(member(anyKey, "b"), "(ANYKEY).b"),
        .init(member(aggregate(const(1), const(2)), "@count"), "{1, 2}.@count"),
        .init(member(index(key("a"), .expression(const(0))), "b"), "a[0].b"),
        .init(member(call(.sum, key("a")), "b"), "sum:(a).b"),
        .init(member(cast(key("a"), "NSString"), "length"), "CAST(a, \"NSString\").length"),
        .init(member(custom(this, "f"), "g"), "FUNCTION(SELF, \"f\").g"),
        .init(member(ternary(.truePredicate, key("a"), key("b")), "c"), "TERNARY(TRUEPREDICATE, a, b).c"),
        .init(ExpressionNode(.member(member(variable("x"), "a"), [.key("b")])), "$x.a.b"),
    ]

    static let operators: [FormatCase<ExpressionNode>] = [
        .init(binary(.add, key("a"), const(2)), "a + 2"),
        .init(binary(.subtract, key("a"), const(2)), "a - 2"),
        .init(binary(.multiply, key("a"), const(2)), "a * 2"),
        .init(binary(.divide, key("a"), const(2)), "a / 2"),
        .init(binary(.power, key("a"), const(2)), "a ** 2"),
        .init(binary(.bitwiseAnd, key("a"), const(2)), "a & 2"),
        .init(binary(.bitwiseOr, key("a"), const(2)), "a | 2"),
        .init(binary(.bitwiseXor, key("a"), const(2)), "a ^ 2"),
        .init(binary(.leftShift, key("a"), const(2)), "a << 2"),
        .init(binary(.rightShift, key("a"), const(2)), "a >> 2"),
        .init(binary(.union, key("a"), key("b")), "a UNION b"),
        .init(binary(.intersect, key("a"), key("b")), "a INTERSECT b"),
        .init(binary(.minus, key("a"), key("b")), "a MINUS b"),
        .init(binary(.add, binary(.add, key("a"), key("b")), key("c")), "(a + b) + c"),
        .init(binary(.multiply, key("a"), binary(.add, key("b"), key("c"))), "a * (b + c)"),
        .init(binary(.add, key("a"), binary(.multiply, key("b"), key("c"))), "a + (b * c)"),
        .init(binary(.power, binary(.power, key("a"), key("b")), key("c")), "(a ** b) ** c"),
        .init(binary(.multiply, const(1), const(-1)), "1 * -1"),
        .init(binary(.subtract, key("a"), const(-2.5)), "a - -2.5"),
        .init(binary(.add, assign("x", const(1)), const(2)), "($x := 1) + 2"),
        .init(binary(.add, unary(.negate, key("a")), index(key("b"), .last)), "-a + b[LAST]"),
        .init(unary(.negate, key("a")), "-a"),
        .init(unary(.onesComplement, key("a")), "~a"),
        .init(unary(.negate, const(5)), "-(5)"),
        .init(unary(.negate, const(-5)), "-(-5)"),
        .init(unary(.negate, const(2.5)), "-(2.5)"),
        .init(unary(.onesComplement, const(5)), "~(5)"),
        .init(unary(.negate, unary(.negate, key("a"))), "-(-a)"),
        .init(unary(.onesComplement, unary(.onesComplement, key("a"))), "~(~a)"),
        .init(unary(.negate, binary(.add, key("a"), key("b"))), "-(a + b)"),
        .init(unary(.negate, assign("x", key("a"))), "-($x := a)"),
        .init(unary(.negate, member(variable("x"), "a")), "-$x.a"),
        .init(unary(.negate, const("a")), "-\"a\""),
        .init(assign("x", binary(.add, key("a"), const(1))), "$x := a + 1"),
        .init(assign("x", assign("y", const(1))), "$x := $y := 1"),
        .init(assign("first", const(1)), "$#first := 1"),
    ]

    static let forms: [FormatCase<ExpressionNode>] = [
        .init(index(key("a"), .expression(const(0))), "a[0]"),
        .init(index(key("a"), .first), "a[FIRST]"),
        .init(index(key("a"), .last), "a[LAST]"),
        .init(index(key("a"), .size), "a[SIZE]"),
        .init(index(this, .first), "SELF[FIRST]"),
        .init(index(key("dict"), .expression(const("key"))), "dict[\"key\"]"),
        .init(index(key("a"), .expression(key("first"))), "a[#first]"),
        .init(index(binary(.add, key("a"), key("b")), .expression(const(0))), "(a + b)[0]"),
        .init(index(index(variable("x"), .last), .first), "$x[LAST][FIRST]"),
        .init(index(aggregate(const(1), const(2)), .expression(const(0))), "{1, 2}[0]"),
        .init(index(const("abc"), .first), "(\"abc\")[FIRST]"),
        .init(index(key("a"), .expression(assign("x", const(1)))), "a[$x := 1]"),
        .init(aggregate(), "{}"),
        .init(aggregate(const(1), key("a"), aggregate(const("b"))), "{1, a, {\"b\"}}"),
        .init(call(.sum, key("a")), "sum:(a)"),
        .init(call(.max, aggregate(const(1), const(5), const(10))), "max:({1, 5, 10})"),
        .init(call(.modulus, const(7), const(3)), "modulus:by:(7, 3)"),
        .init(call(.now), "now()"),
        .init(call(.random), "random()"),
        .init(call(.randomn, const(10)), "randomn:(10)"),
        .init(call(.count, key("a", "b")), "count:(a.b)"),
        .init(call(.uppercase, const("x")), "uppercase:(\"x\")"),
        .init(
            custom(const("/Developer/Tools/otest"), "lastPathComponent"),
            "FUNCTION(\"/Developer/Tools/otest\", \"lastPathComponent\")"),
        .init(custom(this, "foo:bar:", const(1), key("a")), "FUNCTION(SELF, \"foo:bar:\", 1, a)"),
        .init(custom(key("a"), "we\"ird"), "FUNCTION(a, \"we\\\"ird\")"),
        .init(
            subquery(
                key("residents"), "x",
                and(
                    compare(member(variable("x"), "firstname"), .equalTo, const("Jane")),
                    compare(member(variable("x"), "lastname"), .equalTo, const("Doe")))),
            "SUBQUERY(residents, $x, $x.firstname == \"Jane\" AND $x.lastname == \"Doe\")"),
        .init(subquery(key("a"), "self", .truePredicate), "SUBQUERY(a, $#self, TRUEPREDICATE)"),
        .init(cast(const("123"), "NSNumber"), "CAST(\"123\", \"NSNumber\")"),
        .init(cast(key("a"), "NSDate"), "CAST(a, \"NSDate\")"),
        .init(ternary(or(a1, b2), const("x"), const("y")), "TERNARY(a == 1 OR b == 2, \"x\", \"y\")"),
        .init(anyKey, "ANYKEY"),
    ]
}
