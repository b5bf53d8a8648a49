import Evaluation
import Foundation
import Predicates
import TestSupport
import Testing

/// Issue 21 §1: a predicate over the elements of a ``JSONDocument`` (the compact tape) answers
/// exactly what it answers over the same elements decoded as ``PredicateValue``s (what
/// `predicate eval --data` evaluates): the same Bool, or an error with the same id.
///
/// Seeded random JSON arrays (nested objects with missing keys, nulls, numbers of every kind
/// JSON text can hold, non-ASCII strings, arrays; now and then a top-level element that is not
/// an object, or one holding tagged dates and sets) × the key-path predicates of ``RandomFoundationTrees``. Each predicate is also
/// run compiled for another document, which reads the elements by key name. Replay with
/// `PREDICATE_SEED=<seed>`; resize with `PREDICATE_CASES=<n>` (documents).
@Suite("JSON documents: compiled over the tape == compiled over PredicateValue")
struct JSONDocumentDifferentialTests {
    static let predicatesPerDocument = 8

    @Test("random predicates on random JSON arrays")
    func differential() throws {
        let run = PropertyRun("JSONDocumentDifferentialTests", defaultCases: 600)
        var generator = RandomFoundationTrees(seed: run.seed)
        var outcomes: [String: Int] = [:]
        for index in 0..<run.cases {
            let trees = (0..<generator.random.int(in: 0...6)).map { _ in
                generator.random.chance(1, in: 6) ? generator.tree(depth: 2) : generator.root()
            }
            for _ in 0..<Self.predicatesPerDocument {
                let format = generator.predicate()
                let node = try PredicateNode(format: format)
                let answers = try Self.answers(node, trees)
                for outcome in answers.outcomes { outcomes[outcome.description, default: 0] += 1 }
                guard let mismatch = answers.mismatch else { continue }
                let shrunk = Shrinker.shrink(trees, candidates: Self.smaller) {
                    (try? Self.answers(node, $0).mismatch) != nil
                }
                Issue.record(
                    """
                    \(mismatch) (seed \(run.seed), document #\(index))
                    predicate: \(format)
                    shrunk document: \(Self.text(shrunk) ?? "?")
                    \(run.replay(index))
                    """)
                return
            }
        }
        print("JSONDocumentDifferentialTests: outcomes \(outcomes.sorted { $0.key < $1.key })")
        let total = outcomes.values.reduce(0, +)
        #expect(outcomes["true", default: 0] > total / 20 || run.cases < 100)
        #expect(outcomes["false", default: 0] > total / 4 || run.cases < 100)
        #expect(outcomes.keys.contains { $0.hasPrefix("error") } || run.cases < 100)
    }

    struct Answers {
        let outcomes: [Outcome]
        let mismatch: String?
    }

    /// The JSON text of the trees as one array (`nil` when a tree does not convert).
    static func text(_ trees: [FoundationTree]) -> String? {
        var elements: [PredicateValue] = []
        for tree in trees {
            guard let converted = EvaluationValue(any: tree.value), let value = converted.predicateValue else {
                return nil
            }
            elements.append(value)
        }
        // Now and then a tagged date and set, resolved while loading on both sides.
        let tagged = #"{"a": {"$date": "2001-01-01T00:00:30Z"}, "b": {"$set": [1, "x"]}, "n": {"$date": "2000-01-01"}}"#
        let text = PredicateValue.array(elements).jsonText()
        guard trees.count % 3 == 1, text.hasSuffix("]") else { return text }
        return text.dropLast() + (elements.isEmpty ? "" : ",") + tagged + "]"
    }

    /// Per element: the predicate compiled for `PredicateValue` on the element read from the
    /// text, against the same predicate compiled for the document (and for another document).
    static func answers(_ node: PredicateNode, _ trees: [FoundationTree]) throws -> Answers {
        guard let text = text(trees) else { return Answers(outcomes: [], mismatch: nil) }
        guard case .array(let elements) = try PredicateValue(json: text) else {
            return Answers(outcomes: [], mismatch: "the text is not an array")
        }
        let document = try JSONDocument(jsonArray: Array(text.utf8))
        let other = try JSONDocument(jsonArray: Array(#"[{"zz": 1, "name": 2}]"#.utf8))
        guard document.count == elements.count else {
            return Answers(outcomes: [], mismatch: "\(document.count) elements in the document, \(elements.count) read")
        }
        var outcomes: [Outcome] = []
        for (index, element) in elements.enumerated() {
            if document.value(at: index) != element {
                return Answers(
                    outcomes: outcomes, mismatch: "element \(index) reads back as \(document.value(at: index))")
            }
            let expected = Engines.compiledOutcome { () throws(PredicateCompileError) in
                let predicate = try PredicateCompiler().compile(node, for: PredicateValue.self)
                return { () throws(EvaluationError) in try predicate.evaluate(element) }
            }
            outcomes.append(expected)
            for (name, target) in [("this document", document), ("another document", other)] {
                let outcome = Engines.compiledOutcome { () throws(PredicateCompileError) in
                    let predicate = try PredicateCompiler().compile(node, for: target)
                    return { () throws(EvaluationError) in try predicate.evaluate(document[index]) }
                }
                if outcome != expected {
                    return Answers(
                        outcomes: outcomes,
                        mismatch:
                            "element \(index): compiled for \(name) answered \(outcome), over PredicateValue \(expected)"
                    )
                }
            }
        }
        return Answers(outcomes: outcomes, mismatch: nil)
    }

    /// Smaller documents: an element dropped, or one element shrunk in place.
    static func smaller(_ trees: [FoundationTree]) -> [[FoundationTree]] {
        var result: [[FoundationTree]] = []
        for index in trees.indices {
            var fewer = trees
            fewer.remove(at: index)
            result.append(fewer)
        }
        for index in trees.indices {
            for child in trees[index].smaller {
                var changed = trees
                changed[index] = child
                result.append(changed)
            }
        }
        return result
    }
}
