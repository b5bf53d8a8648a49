import Evaluation
import Foundation
import Predicates
import Testing

/// The semantics suite: `Semantics/*.jsonl`, one file per area, every case run through the
/// reference interpreter and the compiled evaluator (on `EvaluationValue`, `PredicateValue`
/// and, for object cases, `[String: Any]` roots). Expected results are written by hand from
/// the spec (`research/nspredicate-spec.md`); each case name cites its rule. Deliberate
/// deviations from Apple are listed in `Semantics/skip-list.json` with our answer, the reason
/// and where Grammar.md documents them: every engine must give our answer, and each such case
/// is reported once as a known issue (Apple's answer differs), so the test summary counts
/// them: "2 known issues".
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
        #expect(SemanticsSuite.skipListProblems == [])
        for (name, deviation) in SemanticsSuite.skipList {
            let listed = cases.first { $0.name == name }
            #expect(listed != nil, "skip-list entry '\(name)' names no case")
            #expect(listed?.expect != deviation.ours, "skip-list entry '\(name)' answers as Apple does")
            #expect(
                deviation.documented.hasPrefix("Grammar.md §"), "skip-list entry '\(name)': where is it documented?")
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
        guard let deviation = SemanticsSuite.skipList[c.name] else {
            for (engine, outcome) in outcomes {
                #expect(
                    outcome.satisfies(c.expect), "\(engine) gave \(outcome), expected \(c.expect) for `\(c.format)`")
            }
            return
        }
        // A documented deviation: every engine gives our answer, and the case shows once in
        // the summary as a known issue with its reason.
        for (engine, outcome) in outcomes {
            #expect(
                outcome.satisfies(deviation.ours),
                "\(engine) gave \(outcome), expected this engine's documented \(deviation.ours) for `\(c.format)`")
        }
        withKnownIssue(Comment(rawValue: "\(deviation.reason) (\(deviation.documented))")) {
            Issue.record("Apple answers \(c.expect) to `\(c.format)`; this engine answers \(deviation.ours)")
        }
    }
}
