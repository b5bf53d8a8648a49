import Foundation
import Predicates

/// The checks a compiler makes before evaluating anything, for the reference interpreter:
/// so that `FALSEPREDICATE AND a UTI-EQUALS 'x'` is an error in both engines, not `false` in
/// one and a compile-time error in the other.
///
/// Reported: `ANYKEY`, `UTI-CONFORMS-TO`/`UTI-EQUALS`, an unregistered `FUNCTION` selector,
/// `CAST` to an unsupported type, a literal LIKE/MATCHES pattern that does not compile.
enum StaticChecks {
    static func check(_ predicate: PredicateNode, functions: PredicateFunctionRegistry) throws(EvaluationError) {
        switch predicate.kind {
        case .constant: break
        case .and(let children), .or(let children):
            for child in children { try check(child, functions: functions) }
        case .not(let child): try check(child, functions: functions)
        case .comparison(let comparison):
            if comparison.operator == .utiConformsTo || comparison.operator == .utiEquals {
                throw ComparisonSemantics.unsupportedUTI(comparison.operator)
            }
            if case .constant(.string(let pattern)) = comparison.right.kind {
                try ComparisonSemantics.validateLiteralPattern(comparison.operator, pattern, comparison.options)
            }
            try check(comparison.left, functions: functions)
            try check(comparison.right, functions: functions)
        }
    }

    static func check(_ expression: ExpressionNode, functions: PredicateFunctionRegistry) throws(EvaluationError) {
        switch expression.kind {
        case .constant, .evaluatedObject, .keyPath, .variable: break
        case .anyKey:
            throw EvaluationError(id: "unsupported", message: "ANYKEY is a Spotlight construct and cannot be evaluated")
        case .member(let base, _), .unary(_, let base): try check(base, functions: functions)
        case .aggregate(let elements), .function(_, let elements):
            for element in elements { try check(element, functions: functions) }
        case .binary(_, let lhs, let rhs):
            try check(lhs, functions: functions)
            try check(rhs, functions: functions)
        case .index(let base, let selector):
            try check(base, functions: functions)
            if case .expression(let index) = selector { try check(index, functions: functions) }
        case .customFunction(let receiver, let selector, let arguments):
            guard functions.function(for: selector) != nil else {
                throw EvaluationError(
                    id: "unregistered-function", message: "FUNCTION selector '\(selector)' is not registered")
            }
            try check(receiver, functions: functions)
            for argument in arguments { try check(argument, functions: functions) }
        case .subquery(let collection, _, let predicate):
            try check(collection, functions: functions)
            try check(predicate, functions: functions)
        case .cast(let operand, let type):
            guard CastSemantics.supportedTypes.contains(type) else {
                throw EvaluationError(id: "unsupported-cast", message: "CAST to '\(type)' is not supported")
            }
            try check(operand, functions: functions)
        case .ternary(let condition, let whenTrue, let whenFalse):
            try check(condition, functions: functions)
            try check(whenTrue, functions: functions)
            try check(whenFalse, functions: functions)
        case .assignment(_, let value): try check(value, functions: functions)
        }
    }
}
