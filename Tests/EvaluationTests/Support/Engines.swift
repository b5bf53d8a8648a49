import Evaluation
import Foundation
import Predicates

/// What one engine answered for one predicate and object.
enum Outcome: Equatable, CustomStringConvertible {
    case result(Bool)
    /// An evaluation or compile-time error, with its id.
    case error(String)

    var description: String {
        switch self {
        case .result(let value): "\(value)"
        case .error(let id): "error(\(id))"
        }
    }

    /// Whether this matches a suite expectation.
    func satisfies(_ expectation: SemanticsCase.Expectation) -> Bool {
        switch (self, expectation) {
        case (.result(let a), .result(let b)): a == b
        case (.error, .error): true
        default: false
        }
    }

    /// Same Bool, or both errors (the differential property).
    func agrees(with other: Outcome) -> Bool {
        switch (self, other) {
        case (.result(let a), .result(let b)): a == b
        case (.error, .error): true
        default: false
        }
    }
}

/// Runs one predicate through every engine and root representation.
enum Engines {
    /// The interpreter on the JSON value.
    static func interpreter(
        _ node: PredicateNode, _ object: PredicateValue, _ vars: [String: EvaluationValue],
        functions: PredicateFunctionRegistry = SemanticsSuite.functions
    ) -> Outcome {
        capture { () throws(EvaluationError) in
            try ReferenceInterpreter(functions: functions).evaluate(node, on: EvaluationValue(object), variables: vars)
        }
    }

    /// The compiled evaluator on every root representation of `object`, by name.
    static func compiled(
        _ node: PredicateNode, _ object: PredicateValue, _ vars: [String: EvaluationValue],
        functions: PredicateFunctionRegistry = SemanticsSuite.functions
    ) -> [(String, Outcome)] {
        let compiler = PredicateCompiler(functions: functions)
        var outcomes: [(String, Outcome)] = [
            (
                "compiled(EvaluationValue)",
                compiledOutcome { () throws(PredicateCompileError) in
                    let p = try compiler.compile(node, for: EvaluationValue.self)
                    return { () throws(EvaluationError) in try p.evaluate(EvaluationValue(object), variables: vars) }
                }
            ),
            (
                "compiled(PredicateValue)",
                compiledOutcome { () throws(PredicateCompileError) in
                    let p = try compiler.compile(node, for: PredicateValue.self)
                    return { () throws(EvaluationError) in try p.evaluate(object, variables: vars) }
                }
            ),
        ]
        if let dictionary = FoundationObjects.dictionary(object) {
            outcomes.append(
                (
                    "compiled([String: Any])",
                    compiledOutcome { () throws(PredicateCompileError) in
                        let p = try compiler.compile(node, for: [String: Any].self)
                        return { () throws(EvaluationError) in try p.evaluate(dictionary, variables: vars) }
                    }
                ))
        }
        return outcomes
    }

    static func capture(_ body: () throws(EvaluationError) -> Bool) -> Outcome {
        do {
            return .result(try body())
        } catch {
            return .error(error.id.rawValue)
        }
    }

    static func compiledOutcome(
        _ compile: () throws(PredicateCompileError) -> () throws(EvaluationError) -> Bool
    ) -> Outcome {
        let run: () throws(EvaluationError) -> Bool
        do {
            run = try compile()
        } catch {
            return .error(error.id.rawValue)
        }
        return capture(run)
    }
}
