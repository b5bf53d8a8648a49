import Evaluation
import Foundation
import Predicates
import TestSupport
import Testing

/// Issue 21 §1: a key path over `[String: Any]` (and over decoded JSON) reads one dictionary
/// at a time and converts only the value it reaches.
///
/// The differential property compares the compiled dictionary path, and the compiled JSON
/// path, with the reference interpreter on the whole object converted first, over seeded
/// random nested dictionaries. Replay with `PREDICATE_SEED=<seed>`; resize with
/// `PREDICATE_CASES=<n>` (trees; each is read by 8 predicates).
@Suite("Nested dictionaries: compiled key paths == reference interpreter")
struct NestedDictionaryTests {
    static let predicatesPerTree = 8

    @Test("random predicates on random nested dictionaries")
    func differential() throws {
        let run = PropertyRun("NestedDictionaryTests", defaultCases: 1_500)
        var generator = RandomFoundationTrees(seed: run.seed)
        var outcomes: [String: Int] = [:]
        for index in 0..<run.cases {
            let tree = generator.root()
            for _ in 0..<Self.predicatesPerTree {
                let format = generator.predicate()
                let node = try PredicateNode(format: format)
                let answers = Self.answers(node, tree)
                outcomes[answers.reference.description, default: 0] += 1
                guard let mismatch = answers.mismatch else { continue }
                let shrunk = Shrinker.shrink(tree, candidates: \.smaller) { Self.answers(node, $0).mismatch != nil }
                Issue.record(
                    """
                    \(mismatch) (seed \(run.seed), tree #\(index))
                    predicate: \(format)
                    shrunk object: \(shrunk)
                    after shrinking: \(Self.answers(node, shrunk).mismatch ?? "agree")
                    \(run.replay(index))
                    """)
                return
            }
        }
        print("NestedDictionaryTests: outcomes \(outcomes.sorted { $0.key < $1.key })")
        // The generator must reach every outcome, not mostly errors or mostly `false`.
        let total = run.cases * Self.predicatesPerTree
        #expect(outcomes["true", default: 0] > total / 20 || run.cases < 100)
        #expect(outcomes["false", default: 0] > total / 4 || run.cases < 100)
    }

    struct Answers {
        let reference: Outcome
        let mismatch: String?
    }

    /// The interpreter on the converted object, the compiled `[String: Any]` path and the
    /// compiled JSON path: the same Bool, or errors with the same id.
    static func answers(_ node: PredicateNode, _ tree: FoundationTree) -> Answers {
        guard let dictionary = tree.value as? [String: Any], let converted = EvaluationValue(any: dictionary) else {
            return Answers(reference: .error("not-convertible"), mismatch: "the tree does not convert")
        }
        let reference = Engines.capture { () throws(EvaluationError) in
            try ReferenceInterpreter().evaluate(node, on: converted)
        }
        var compiled = [
            (
                "compiled([String: Any])",
                Engines.compiledOutcome { () throws(PredicateCompileError) in
                    let predicate = try PredicateCompiler().compile(node, for: [String: Any].self)
                    return { () throws(EvaluationError) in try predicate.evaluate(dictionary) }
                }
            )
        ]
        if let json = converted.predicateValue {
            compiled.append(
                (
                    "compiled(PredicateValue)",
                    Engines.compiledOutcome { () throws(PredicateCompileError) in
                        let predicate = try PredicateCompiler().compile(node, for: PredicateValue.self)
                        return { () throws(EvaluationError) in try predicate.evaluate(json) }
                    }
                ))
        }
        for (engine, outcome) in compiled where outcome != reference {
            return Answers(
                reference: reference, mismatch: "\(engine) answered \(outcome), the interpreter \(reference)")
        }
        return Answers(reference: reference, mismatch: nil)
    }
}
