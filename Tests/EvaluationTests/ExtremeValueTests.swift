import Evaluation
import Foundation
import Predicates
import TestSupport
import Testing

/// Extreme values never trap and never give a silent wrong answer (issue 9 §1): a seeded sweep
/// of every operator, built-in function, collection operator, CAST and subscript over
/// `Int.min`, `Int.max`, ±0, NaN, ±∞, empty and one-element collections and huge strings.
///
/// For each expression the reference interpreter's value (or error) is the oracle: the
/// compiled evaluator must produce exactly the same value — compared through a registered
/// function that spells out the value with its type — or an error too, on every root
/// representation. Integer arithmetic and aggregates are checked against exact decimal
/// arithmetic (``ArithmeticOracle``). Random comparisons over the same values must agree as
/// Booleans. A trap fails the whole run, which is the point.
///
/// The seed is printed; replay with `PREDICATE_SEED=<seed>`, resize with `PREDICATE_CASES=<n>`.
/// A failure prints the shrunk counterexample.
@Suite("Extreme values: no trap, no wrapped answer, both engines agree")
struct ExtremeValueTests {
    static let functions = PredicateFunctionRegistry()
        .registering("exactDescription") { receiver, _ in .string(ExtremeExpressions.exactDescription(receiver)) }

    @Test("Random expressions and comparisons over extreme values")
    func sweep() {
        let run = PropertyRun("ExtremeValueTests", defaultCases: 3_000)
        let (seed, count) = (run.seed, run.cases)
        var generator = ExtremeExpressions(seed: seed)
        var values = 0
        var errors = 0
        for index in 0..<count {
            let object = generator.object()
            let expression = generator.expression()
            if case .error = Self.reference(expression, object) { errors += 1 } else { values += 1 }
            if let problem = Self.expressionProblem(expression, object) {
                let shrunk = Self.shrink(expression, object) { Self.expressionProblem($0, $1) != nil }
                Issue.record(
                    """
                    expression #\(index) (seed \(seed)): \(Self.brief(problem))
                    shrunk expression: \(Self.brief(shrunk.expression.expressionFormat))
                    shrunk tree: \(Self.brief(shrunk.expression.sExpression))
                    shrunk object: \(Self.brief(shrunk.object.jsonText()))
                    after shrinking: \(Self.brief(Self.expressionProblem(shrunk.expression, shrunk.object) ?? "passes"))
                    replay: PREDICATE_SEED=\(seed)
                    """)
                return
            }
            let predicate = generator.comparison()
            if let problem = Self.predicateProblem(predicate, object) {
                let shrunk = Shrinking.shrink(Shrinking.Case(predicate: predicate, object: object, variables: [:])) {
                    Self.predicateProblem($0.predicate, $0.object) != nil
                }
                Issue.record(
                    """
                    comparison #\(index) (seed \(seed)): \(Self.brief(problem))
                    shrunk predicate: \(Self.brief(shrunk.predicate.predicateFormat))
                    shrunk object: \(Self.brief(shrunk.object.jsonText()))
                    replay: PREDICATE_SEED=\(seed)
                    """)
                return
            }
        }
        print("ExtremeValueTests: \(count) expressions, \(values) values, \(errors) errors")
        // The generator must reach values, not only errors.
        #expect(values > count / 4)
    }

    // MARK: The properties

    enum Result: Equatable {
        case value(EvaluationValue)
        case error(String)
    }

    static func reference(_ expression: ExpressionNode, _ object: PredicateValue) -> Result {
        do {
            return .value(
                try ReferenceInterpreter(functions: functions).evaluate(expression, on: EvaluationValue(object)))
        } catch {
            return .error(error.id.rawValue)
        }
    }

    /// What is wrong with `expression` on `object`, or `nil`.
    static func expressionProblem(_ expression: ExpressionNode, _ object: PredicateValue) -> String? {
        let expected = reference(expression, object)
        if let violation = arithmeticViolation(expression, object) { return violation }
        let predicate: PredicateNode
        switch expected {
        case .value(let value) where ExtremeExpressions.isRepeatable(expression):
            let described = ExpressionNode(
                .customFunction(receiver: expression, selector: "exactDescription", arguments: []))
            predicate = PredicateNode(
                .comparison(
                    Comparison(
                        left: described, operator: .equalTo,
                        right: ExpressionNode(.constant(.string(ExtremeExpressions.exactDescription(value)))))))
        default:
            predicate = PredicateNode(
                .comparison(
                    Comparison(left: expression, operator: .notEqualTo, right: ExpressionNode(.constant(.null)))))
        }
        let reference = Engines.interpreter(predicate, object, [:], functions: functions)
        for (engine, outcome) in Engines.compiled(predicate, object, [:], functions: functions) {
            if !outcome.agrees(with: reference) {
                let value: String
                switch expected {
                case .value(let expectedValue): value = ExtremeExpressions.exactDescription(expectedValue)
                case .error(let id): value = "error \(id)"
                }
                return "interpreter: \(value) (\(reference)), \(engine): \(outcome)"
            }
        }
        return nil
    }

    /// The overflow rule on every arithmetic node of `expression` whose operands are integers.
    static func arithmeticViolation(_ expression: ExpressionNode, _ object: PredicateValue) -> String? {
        let children: [ExpressionNode]
        switch expression.kind {
        case .binary(_, let lhs, let rhs): children = [lhs, rhs]
        case .unary(_, let operand): children = [operand]
        case .function(_, let arguments): children = arguments
        case .keyPath(let components) where components.count > 1:
            children = [ExpressionNode(.keyPath(Array(components.dropLast())))]
        case .member(let base, let components):
            children = [components.count > 1 ? ExpressionNode(.member(base, Array(components.dropLast()))) : base]
        default: children = []
        }
        for child in children {
            if let violation = arithmeticViolation(child, object) { return violation }
        }
        // `random()`, `randomn:`, `now()` give another value each time they are evaluated.
        guard ExtremeExpressions.isRepeatable(expression) else { return nil }
        var operands: [EvaluationValue] = []
        for child in children {
            guard case .value(let value) = reference(child, object) else { return nil }
            operands.append(value)
        }
        guard case .value(let value) = reference(expression, object) else {
            // An error is allowed only where the rule is not about integers (or is documented).
            return nil
        }
        return ArithmeticOracle.violation(expression, operands: operands, value: value).map {
            "\(expression.expressionFormat): \($0)"
        }
    }

    static func predicateProblem(_ predicate: PredicateNode, _ object: PredicateValue) -> String? {
        let reference = Engines.interpreter(predicate, object, [:], functions: functions)
        for (engine, outcome) in Engines.compiled(predicate, object, [:], functions: functions)
        where !outcome.agrees(with: reference) {
            return "interpreter gave \(reference), \(engine) gave \(outcome)"
        }
        return nil
    }

    // MARK: Shrinking

    static func shrink(
        _ expression: ExpressionNode, _ object: PredicateValue, fails: (ExpressionNode, PredicateValue) -> Bool
    ) -> (expression: ExpressionNode, object: PredicateValue) {
        var current = (expression: expression, object: object)
        var steps = 0
        search: while steps < 200 {
            for smaller in Shrinking.smaller(current.expression) where fails(smaller, current.object) {
                current.expression = smaller
                steps += 1
                continue search
            }
            for smaller in Shrinking.smaller(current.object) where fails(current.expression, smaller) {
                current.object = smaller
                steps += 1
                continue search
            }
            break
        }
        return current
    }

    /// Long texts (huge strings) cut for the report.
    static func brief(_ text: String) -> String {
        text.count > 600 ? String(text.prefix(600)) + "… (\(text.count) characters)" : text
    }
}
