import Evaluation
import Foundation
import Predicates
import Testing

/// The semantics suite: `Semantics/*.jsonl`, one file per area, every case run through the
/// reference interpreter and the compiled evaluator (on `EvaluationValue`, `PredicateValue`
/// and, for object cases, `[String: Any]` roots). Expected results are written by hand from
/// the spec (`research/nspredicate-spec.md`); each case name cites its rule. Known deviations
/// are listed with reasons in `Semantics/skip-list.json` and run as known issues.
@Suite("Semantics suite")
struct SemanticsSuiteTests {
    @Test("The suite files parse, have unique names and cover every area")
    func filesAreWellFormed() {
        #expect(SemanticsSuite.loaded.problems == [])
        let cases = SemanticsSuite.cases
        #expect(cases.count >= 300, "the suite must have at least 300 cases, has \(cases.count)")
        var seen = Set<String>()
        for c in cases {
            #expect(seen.insert(c.name).inserted, "duplicate case name '\(c.name)' at \(c.area):\(c.line)")
        }
        let areas = Set(cases.map(\.area))
        for area in [
            "equality", "ordering", "strings", "like", "matches", "collections", "quantifiers", "keypaths",
            "aggregates", "subscripts", "subquery", "arithmetic", "functions", "cast", "ternary", "variables",
            "sets", "nil", "compound",
        ] {
            #expect(areas.contains(area), "no cases for area '\(area)'")
        }
        for name in SemanticsSuite.skipList.keys {
            #expect(seen.contains(name), "skip-list entry '\(name)' names no case")
        }
    }

    @Test("Case", arguments: SemanticsSuite.cases)
    func caseHolds(_ c: SemanticsCase) throws {
        let node: PredicateNode
        do {
            node = try PredicateNode(format: c.format, argumentArray: c.args)
        } catch {
            Issue.record("does not parse: \(error.rendered)")
            return
        }
        let vars = c.vars.mapValues(EvaluationValue.init)
        let outcomes =
            [("interpreter", Engines.interpreter(node, c.object, vars))] + Engines.compiled(node, c.object, vars)
        let check = {
            for (engine, outcome) in outcomes {
                #expect(
                    outcome.satisfies(c.expect), "\(engine) gave \(outcome), expected \(c.expect) for `\(c.format)`")
            }
        }
        if let reason = SemanticsSuite.skipList[c.name] {
            withKnownIssue(Comment(rawValue: reason)) { check() }
        } else {
            check()
        }
    }
}
