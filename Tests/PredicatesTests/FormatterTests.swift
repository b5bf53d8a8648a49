import Foundation
import Predicates
import Testing

// Hand-built trees and the canonical text they must print as. Expected strings are written
// from the reference spec §4 (Apple's `predicateFormat`) and the language brief, never copied
// from the formatter's output.

@Suite("Canonical formatter: predicates")
struct FormatterPredicateTests {
    @Test("each comparison operator prints its canonical spelling", arguments: FormatterPredicateTestsRows.spellings)
    func operatorSpelling(_ row: FormatCase<PredicateNode>) {
        #expect(row.node.predicateFormat == row.expected)
    }

    @Test(
        "ANY / ALL prefixes and options in the order c d l n w",
        arguments: FormatterPredicateTestsRows.modifiersAndOptions)
    func modifiersAndOptions(_ row: FormatCase<PredicateNode>) {
        #expect(row.node.predicateFormat == row.expected)
    }

    @Test("compound predicates parenthesise every nested compound", arguments: FormatterPredicateTestsRows.compounds)
    func compounds(_ row: FormatCase<PredicateNode>) {
        #expect(row.node.predicateFormat == row.expected)
    }

    @Test("Apple's printed examples (spec §4.5)", arguments: FormatterPredicateTestsRows.appleExamples)
    func appleExamples(_ row: FormatCase<PredicateNode>) {
        #expect(row.node.predicateFormat == row.expected)
    }

    @Test("description is predicateFormat")
    func descriptionMatches() {
        typealias Rows = FormatterPredicateTestsRows
        let predicate = Rows.and(Rows.a1, Rows.not(Rows.b2))
        #expect(predicate.description == "a == 1 AND (NOT b == 2)")
        #expect("\(predicate)" == predicate.predicateFormat)
    }
}

private enum FormatterPredicateTestsRows: ASTBuilders {
    static let spellings: [FormatCase<PredicateNode>] = [
        .init(compare(key("a"), .equalTo, const(1)), "a == 1"),
        .init(compare(key("a"), .notEqualTo, const(1)), "a != 1"),
        .init(compare(key("a"), .lessThan, const(1)), "a < 1"),
        .init(compare(key("a"), .lessThanOrEqualTo, const(1)), "a <= 1"),
        .init(compare(key("a"), .greaterThan, const(1)), "a > 1"),
        .init(compare(key("a"), .greaterThanOrEqualTo, const(1)), "a >= 1"),
        .init(compare(key("a"), .between, aggregate(const(1), const(10))), "a BETWEEN {1, 10}"),
        .init(compare(key("a"), .in, aggregate(const(1), const(2))), "a IN {1, 2}"),
        .init(compare(key("name"), .contains, const("x")), "name CONTAINS \"x\""),
        .init(compare(key("name"), .beginsWith, const("To")), "name BEGINSWITH \"To\""),
        .init(compare(key("name"), .endsWith, const("ta")), "name ENDSWITH \"ta\""),
        .init(compare(key("firstName"), .like, const("Adam")), "firstName LIKE \"Adam\""),
        .init(compare(this, .matches, const("\\d{10}")), "SELF MATCHES \"\\\\d{10}\""),
        .init(compare(key("uti"), .utiConformsTo, const("public.data")), "uti UTI-CONFORMS-TO \"public.data\""),
        .init(compare(key("uti"), .utiEquals, const("public.jpeg")), "uti UTI-EQUALS \"public.jpeg\""),
    ]

    static let modifiersAndOptions: [FormatCase<PredicateNode>] = [
        .init(compare(key("x"), .equalTo, const(1), .any), "ANY x == 1"),
        .init(compare(key("children", "age"), .greaterThan, const(12), .all), "ALL children.age > 12"),
        .init(not(compare(key("x"), .equalTo, const(1), .any)), "NOT ANY x == 1"),
        .init(
            compare(key("name"), .contains, const("x"), options: [.diacriticInsensitive, .caseInsensitive]),
            "name CONTAINS[cd] \"x\""),
        .init(
            compare(
                key("b"), .contains, const("ABC"), options: [.localeSensitive, .diacriticInsensitive, .caseInsensitive]),
            "b CONTAINS[cdl] \"ABC\""),
        .init(compare(key("a"), .equalTo, const("x"), options: .caseInsensitive), "a ==[c] \"x\""),
        .init(compare(key("a"), .notEqualTo, const("x"), options: .caseInsensitive), "a !=[c] \"x\""),
        .init(
            compare(key("lastName"), .like, const("Turner"), options: .caseInsensitive), "lastName LIKE[c] \"Turner\""),
        .init(compare(key("s"), .matches, const(".lan"), options: .normalized), "s MATCHES[n] \".lan\""),
        .init(compare(key("a"), .lessThan, const("b"), options: .localeSensitive), "a <[l] \"b\""),
        .init(compare(key("a"), .beginsWith, const("b"), options: .widthInsensitive), "a BEGINSWITH[w] \"b\""),
        .init(
            compare(
                key("a"), .like, const("b"), .any,
                options: [.widthInsensitive, .normalized, .localeSensitive, .diacriticInsensitive, .caseInsensitive]),
            "ANY a LIKE[cdlnw] \"b\""),
        .init(compare(key("a"), .in, const("b"), options: [.normalized, .caseInsensitive]), "a IN[cn] \"b\""),
    ]

    static let compounds: [FormatCase<PredicateNode>] = [
        .init(.truePredicate, "TRUEPREDICATE"),
        .init(.falsePredicate, "FALSEPREDICATE"),
        .init(PredicateNode(.and([])), "TRUEPREDICATE"),
        .init(PredicateNode(.or([])), "FALSEPREDICATE"),
        .init(PredicateNode(.and([a1])), "a == 1"),
        .init(PredicateNode(.or([a1])), "a == 1"),
        .init(PredicateNode(.or([and(a1, b2)])), "a == 1 AND b == 2"),
        .init(and(a1, b2), "a == 1 AND b == 2"),
        .init(or(a1, b2, c3), "a == 1 OR b == 2 OR c == 3"),
        .init(and(a1, b2, c3), "a == 1 AND b == 2 AND c == 3"),
        // Apple's worked examples (spec §4.4, §4.5, SafeFetching).
        .init(
            and(
                and(compare(key("score"), .greaterThan, const(10)), compare(key("name"), .beginsWith, const("To"))),
                compare(key("name"), .endsWith, const("ta"))),
            "(score > 10 AND name BEGINSWITH \"To\") AND name ENDSWITH \"ta\""),
        .init(
            and(
                compare(key("score"), .greaterThan, const(10)),
                or(compare(key("name"), .beginsWith, const("To")), compare(key("name"), .endsWith, const("ta")))),
            "score > 10 AND (name BEGINSWITH \"To\" OR name ENDSWITH \"ta\")"),
        .init(not(compare(key("property"), .beginsWith, const("Desp"))), "NOT property BEGINSWITH \"Desp\""),
        .init(not(compare(key("stubRaw"), .in, const([1, 2]))), "NOT stubRaw IN {1, 2}"),
        .init(not(and(a1, b2)), "NOT (a == 1 AND b == 2)"),
        .init(not(not(a1)), "NOT (NOT a == 1)"),
        .init(and(not(a1), b2), "(NOT a == 1) AND b == 2"),
        .init(or(and(a1, b2), c3), "(a == 1 AND b == 2) OR c == 3"),
        .init(and(a1, and(b2, c3)), "a == 1 AND (b == 2 AND c == 3)"),
        .init(or(.truePredicate, .falsePredicate), "TRUEPREDICATE OR FALSEPREDICATE"),
        .init(not(.truePredicate), "NOT TRUEPREDICATE"),
        .init(not(PredicateNode(.and([]))), "NOT (TRUEPREDICATE)"),
    ]

    static let appleExamples: [FormatCase<PredicateNode>] = [
        .init(compare(binary(.bitwiseAnd, key("stubOption"), const(3)), .equalTo, const(3)), "stubOption & 3 == 3"),
        .init(compare(key("stubRaw"), .in, const([1, 2])), "stubRaw IN {1, 2}"),
        // Apple prints `{1, 10}` for doubles; we print `1.0` so the type survives (Grammar.md).
        .init(compare(key("score"), .between, const([1.0, 10.0])), "score BETWEEN {1.0, 10.0}"),
        .init(
            compare(variable("single"), .like, binary(.add, binary(.add, const("b\""), variable("b")), variable("c"))),
            "$single LIKE (\"b\\\"\" + $b) + $c"),
        .init(compare(key("date"), .equalTo, const(nil)), "date == nil"),
        .init(compare(key("isAdmin"), .equalTo, const(true)), "isAdmin == YES"),
        .init(
            compare(key("departureTime"), .greaterThanOrEqualTo, const(date(-978250148))),
            "departureTime >= CAST(-978250148.000000, \"NSDate\")"),
        .init(
            compare(
                member(subquery(key("g"), "x", compare(variable("x"), .equalTo, const(2))), "@count"),
                .notEqualTo, const(0)),
            "SUBQUERY(g, $x, $x == 2).@count != 0"),
        .init(
            compare(
                ternary(compare(key("f"), .equalTo, const(true)), const(true), const(false)), .equalTo, const(true)),
            "TERNARY(f == YES, YES, NO) == YES"),
        .init(compare(key("g", "@max", "self"), .equalTo, const(1)), "g.@max.#self == 1"),
        .init(compare(key("a"), .equalTo, binary(.multiply, const(1), const(-1))), "a == 1 * -1"),
    ]
}
