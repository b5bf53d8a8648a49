import Foundation
import Predicates
import TestSupport
import Testing

/// The two laws of the canonical format, on random parser-normal trees:
///
/// 1. `parse(format(tree)) == tree`;
/// 2. `format(parse(format(tree))) == format(tree)` (printing is a fixed point).
///
/// Each run checks ``RoundTripSeed/caseCount`` (10,000) predicates and as many expressions
/// from a fresh seed. A failure is shrunk and reported with its canonical text, its
/// S-expression and the seed that replays it: `PREDICATE_SEED=<seed> swift test --filter RoundTrip`.
@Suite("Round trip: parse(format(tree)) == tree")
struct RoundTripTests {
    @Test("random predicates round-trip and print as a fixed point")
    func randomPredicates() {
        let run = PropertyRun("RoundTripTests", defaultCases: 10_000)
        var failures = 0
        for index in 0..<run.cases {
            let seed = run.caseSeed(index)
            var generator = RandomAST(seed: seed)
            let tree = generator.predicate(depth: 4)
            guard RoundTripLaw.violation(of: tree) != nil else { continue }
            failures += 1
            if failures <= 3 { Issue.record(Comment(rawValue: RoundTripLaw.report(tree, seed: seed))) }
        }
        #expect(failures == 0, "\(failures) of \(run.cases) random predicates failed (run seed \(run.seed))")
    }

    @Test("random expressions round-trip through parseExpression")
    func randomExpressions() {
        let run = PropertyRun("RoundTripTests", defaultCases: 10_000)
        var failures = 0
        for index in 0..<run.cases {
            let seed = run.caseSeed(index)
            var generator = RandomAST(seed: seed)
            let tree = generator.expression(depth: 4)
            guard let problem = RoundTripLaw.violation(of: tree) else { continue }
            failures += 1
            if failures <= 3 {
                let shrunk = RandomAST.shrink(tree) { RoundTripLaw.violation(of: $0) != nil }
                Issue.record(
                    Comment(
                        rawValue: """
                            expression law failed; replay with PREDICATE_SEED=\(seed)
                            original: \(tree.expressionFormat)
                            shrunk:   \(shrunk.expressionFormat)
                            sExpression: \(shrunk.sExpression)
                            problem: \(RoundTripLaw.violation(of: shrunk) ?? problem)
                            """))
            }
        }
        #expect(failures == 0, "\(failures) of \(run.cases) random expressions failed (run seed \(run.seed))")
    }

    @Test("deep trees within a raised nesting limit round-trip")
    func deepTrees() {
        var predicate = PredicateNode(
            .comparison(
                Comparison(
                    left: ExpressionNode(.keyPath([.key("a")])), operator: .equalTo, right: ExpressionNode(.constant(1))
                )))
        var expression = ExpressionNode(.keyPath([.key("a")]))
        for level in 0..<80 {
            predicate =
                level.isMultiple(of: 2)
                ? PredicateNode(.not(predicate)) : PredicateNode(.and([predicate, .truePredicate]))
            expression = ExpressionNode(
                .binary(level.isMultiple(of: 3) ? .add : .multiply, expression, ExpressionNode(.constant(.int(level)))))
        }
        let parser = PredicateParser(limits: ParserLimits(maximumDepth: 2000))
        for tree in [
            predicate,
            PredicateNode(
                .comparison(Comparison(left: expression, operator: .lessThan, right: ExpressionNode(.constant(0))))),
        ] {
            let text = tree.predicateFormat
            #expect(throws: Never.self) {
                let parsed = try parser.parsePredicate(text)
                #expect(parsed == tree)
                #expect(parsed.predicateFormat == text)
            }
        }
    }
}

/// Checking the laws and reporting a shrunk counterexample.
enum RoundTripLaw {
    /// Why `tree` breaks a law, or `nil` when both hold.
    static func violation(of tree: PredicateNode) -> String? {
        let text = tree.predicateFormat
        let parsed: PredicateNode
        do {
            parsed = try PredicateParser().parsePredicate(text)
        } catch {
            return "the canonical text does not parse:\n\(error.rendered)"
        }
        if parsed != tree {
            return "parse(format(t)) != t; it parsed as\n  \(parsed.sExpression)\n  printed: \(parsed.predicateFormat)"
        }
        let again = parsed.predicateFormat
        if again != text { return "format is not a fixed point; it printed again as\n  \(again)" }
        return nil
    }

    /// Why the expression `tree` breaks a law through `parseExpression`, or `nil`.
    static func violation(of tree: ExpressionNode) -> String? {
        let text = tree.expressionFormat
        let parsed: ExpressionNode
        do {
            parsed = try PredicateParser().parseExpression(text)
        } catch {
            return "the canonical text does not parse:\n\(error.rendered)"
        }
        if parsed != tree {
            return "parse(format(e)) != e; it parsed as\n  \(parsed.sExpression)\n  printed: \(parsed.expressionFormat)"
        }
        if parsed.expressionFormat != text { return "format is not a fixed point: \(parsed.expressionFormat)" }
        return nil
    }

    /// The full failure report: seed, original, shrunk counterexample (text + S-expression)
    /// and the law it breaks.
    static func report(_ tree: PredicateNode, seed: UInt64) -> String {
        let shrunk = RandomAST.shrink(tree) { violation(of: $0) != nil }
        return """
            round-trip law failed; replay with PREDICATE_SEED=\(seed)
            original:  \(tree.predicateFormat)
            shrunk:    \(shrunk.predicateFormat)
            sExpression: \(shrunk.sExpression)
            problem: \(violation(of: shrunk) ?? "(the shrunk tree passes: shrinking went wrong)")
            """
    }
}
