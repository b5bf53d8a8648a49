import Evaluation
import Foundation
import Predicates
import TestSupport
import Testing

/// Differential property: on seeded random predicates and objects, the compiled evaluator
/// (on `EvaluationValue`, `PredicateValue` and `[String: Any]` roots, with some variables
/// folded at compile time) answers exactly what the reference interpreter answers — the same
/// Bool, or an error in both.
///
/// The seed is printed; replay with `PREDICATE_SEED=<seed>`, change the size with
/// `PREDICATE_CASES=<n>` (predicates; each is evaluated on 5 objects). A failure prints the
/// shrunk counterexample.
@Suite("Differential: compiled evaluator == reference interpreter")
struct DifferentialTests {
    static let objectsPerPredicate = 5

    @Test("Random predicates on random objects")
    func compiledAgreesWithInterpreter() {
        let run = PropertyRun("DifferentialTests", defaultCases: 2_500)
        let (seed, predicates) = (run.seed, run.cases)
        var generator = RandomPredicates(seed: seed)
        var evaluated = 0
        var errors = 0
        var trues = 0
        var errorIDs: [String: Int] = [:]
        for index in 0..<predicates {
            let predicate = generator.predicate()
            let variables = generator.variables()
            let foldVariables = generator.random.chance(1, in: 3)
            for _ in 0..<Self.objectsPerPredicate {
                let object = generator.root()
                let c = Shrinking.Case(predicate: predicate, object: object, variables: variables)
                let outcome = Self.compare(c, foldVariables: foldVariables)
                evaluated += 1
                if case .error(let id) = outcome.reference {
                    errors += 1
                    errorIDs[id, default: 0] += 1
                }
                if case .result(true) = outcome.reference { trues += 1 }
                guard let mismatch = outcome.mismatch else { continue }
                let shrunk = Shrinking.shrink(c) { Self.compare($0, foldVariables: foldVariables).mismatch != nil }
                let final = Self.compare(shrunk, foldVariables: foldVariables)
                Issue.record(
                    """
                    compiled and interpreter disagree (seed \(seed), predicate #\(index)): \(mismatch)
                    shrunk predicate: \(shrunk.predicate)
                    shrunk tree: \(shrunk.predicate.sExpression)
                    shrunk object: \(shrunk.object.jsonText())
                    shrunk object (exact): \(shrunk.object)
                    variables: \(PredicateValue.dictionary(shrunk.variables).jsonText()) (folded at compile time: \(foldVariables))
                    after shrinking: \(final.mismatch ?? "agree")
                    replay: PREDICATE_SEED=\(seed)
                    """)
                return
            }
        }
        print("DifferentialTests: \(evaluated) evaluations, \(trues) true, \(errors) errors")
        print("DifferentialTests: errors by id: \(errorIDs.sorted { $0.value > $1.value })")
        #expect(evaluated >= 10_000 || predicates < 2_000)
        // The generator must exercise all outcomes, not only errors.
        #expect(trues > evaluated / 20 && errors < evaluated * 3 / 4)
    }

    struct Comparison {
        var reference: Outcome
        var mismatch: String?
    }

    static func compare(_ c: Shrinking.Case, foldVariables: Bool) -> Comparison {
        let vars = c.variables.mapValues(EvaluationValue.init)
        let reference = Engines.interpreter(c.predicate, c.object, vars)
        var outcomes = Engines.compiled(c.predicate, c.object, vars)
        if foldVariables {
            let compiler = PredicateCompiler(variables: vars, functions: SemanticsSuite.functions)
            outcomes.append(
                (
                    "compiled(EvaluationValue, folded variables)",
                    Engines.compiledOutcome { () throws(PredicateCompileError) in
                        let p = try compiler.compile(c.predicate, for: EvaluationValue.self)
                        return { () throws(EvaluationError) in try p.evaluate(EvaluationValue(c.object)) }
                    }
                ))
        }
        for (engine, outcome) in outcomes where !outcome.agrees(with: reference) {
            return Comparison(
                reference: reference, mismatch: "interpreter gave \(reference), \(engine) gave \(outcome)")
        }
        return Comparison(reference: reference, mismatch: nil)
    }
}
